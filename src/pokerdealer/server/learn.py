"""The room's practice drills: ``GET /api/quiz`` and the ``/learn`` page's data.

The drills are :func:`pokerdealer.learn.drills` as ``pokerdealer quiz --json``
prints them. The page keeps each learner's level per topic and the questions
they missed in the browser (``localStorage``), and asks for exactly the
questions it wants: ``items``, each ``topic:level:seed``, one question each
(the same item always gives the same question, in any language, so a missed
one can be asked again). The server keeps nothing.

>>> data = quiz_payload(topic="min_raise", count=2, seed=3, lang="zh-Hans")
>>> data["seed"], len(data["questions"]), data["questions"][0]["topic"]
(3, 2, 'min_raise')
>>> [(q["topic"], q["level"], q["seed"]) for q in items_payload("limits:2:17,showdown:0:5", lang="en")["questions"]]
[('limits', 2, 17), ('showdown', 0, 5)]
>>> topics_payload()["levels"]["limits"]
5
>>> quiz_payload(topic="min_raise", count=21, seed=3, lang="en")
Traceback (most recent call last):
...
pokerdealer.errors.PokerDealerError: count 21 is out of range: expected 1 to 20
>>> items_payload("limits:9:17", lang="en")
Traceback (most recent call last):
...
pokerdealer.errors.PokerDealerError: level 9 is out of range: expected 0 to 4
"""

from __future__ import annotations

import re
import secrets
from dataclasses import dataclass
from typing import Any

from pokerdealer.errors import PokerDealerError
from pokerdealer.i18n import check_lang
from pokerdealer.learn import drills
from pokerdealer.learn.drills import TOPIC_LEVELS

__all__ = ["MAX_PAGE_COUNT", "Item", "items_payload", "parse_items", "quiz_payload", "topics_payload"]

#: The most drills one request makes (each is a hand played or dealt: keep requests cheap).
MAX_PAGE_COUNT = 20

_SEED_END = 2**63


@dataclass(frozen=True)
class Item:
    """One question the page asks for: a topic, a level of it, and the seed that makes it.

    >>> Item("side_pots", 1, 40).text
    'side_pots:1:40'
    """

    topic: str
    level: int
    seed: int

    @property
    def text(self) -> str:
        return f"{self.topic}:{self.level}:{self.seed}"


def parse_items(text: str) -> list[Item]:
    """``topic:level:seed`` items, comma-separated; a bad one is a one-line
    PokerDealerError saying what was wrong and what would be right.

    >>> parse_items("limits:0:3, etiquette:2:9")
    [Item(topic='limits', level=0, seed=3), Item(topic='etiquette', level=2, seed=9)]
    >>> parse_items("limits-0-3")
    Traceback (most recent call last):
    ...
    pokerdealer.errors.PokerDealerError: 'limits-0-3' is not a drill: expected topic:level:seed, e.g. min_raise:2:17
    """
    words = [word.strip() for word in text.split(",")]
    if not 1 <= len(words) <= MAX_PAGE_COUNT:
        raise PokerDealerError.said("quiz.error.count", count=len(words), most=MAX_PAGE_COUNT)
    items = []
    for word in words:
        found = re.fullmatch(r"([a-z_]+):(\d{1,3}):(\d{1,19})", word)
        if found is None:
            raise PokerDealerError.said("quiz.error.item", item=word)
        topic, level, seed = found[1], int(found[2]), int(found[3])
        if topic not in TOPIC_LEVELS:  # "all" is no item: each item is one topic's question
            raise PokerDealerError.said("quiz.error.topic", topic=topic, topics=", ".join(TOPIC_LEVELS))
        if level >= TOPIC_LEVELS[topic]:
            raise PokerDealerError.said("quiz.error.level", level=level, most=TOPIC_LEVELS[topic] - 1)
        if seed >= _SEED_END:
            raise PokerDealerError.said("quiz.error.seed", seed=seed)
        items.append(Item(topic, level, seed))
    return items


def topics_payload() -> dict[str, Any]:
    """``{"levels": {topic: N}}``: every topic, in the order ``all`` takes them, and how
    many levels it has (the page's menu, and how high a learner can go)."""
    return {"levels": dict(TOPIC_LEVELS)}


def items_payload(items: str, *, lang: str) -> dict[str, Any]:
    """``{"questions": [...]}``: one question per item, in order, each with its ``seed``."""
    check_lang(lang)
    questions = []
    for item in parse_items(items):
        (question,) = drills(item.topic, count=1, seed=item.seed, lang=lang, level=item.level)
        questions.append({**question.to_json(), "seed": item.seed})
    return {"questions": questions}


def quiz_payload(*, topic: str, count: int, seed: int | None, lang: str) -> dict[str, Any]:
    """``{"questions": [...], "seed": N}``: ``count`` questions on
    ``topic`` (``all``: every topic in turn) as ``quiz --json`` makes them; a bad
    value is one-line PokerDealerError."""
    if not 1 <= count <= MAX_PAGE_COUNT:
        raise PokerDealerError.said("quiz.error.count", count=count, most=MAX_PAGE_COUNT)
    if seed is not None and not 0 <= seed < _SEED_END:
        raise PokerDealerError.said("quiz.error.seed", seed=seed)
    used = seed if seed is not None else secrets.randbelow(10**9)
    questions = drills(topic, count=count, seed=used, lang=lang)
    return {"questions": [q.to_json() for q in questions], "seed": used}
