"""Practice drills by topic, made by the engine from a seed.

Topics: ``showdown`` (which hand wins), ``best_five``, ``side_pots``,
``min_raise``, ``action_order``, ``show_order``, ``hand_rankings``,
``positions``, ``limits``, ``odd_chips``, ``short_deck``,
``cash_vs_tournament``, ``etiquette``, ``glossary``, and ``all`` (every topic in turn). The
same seed gives the same questions, and question ``i`` is the same whatever
the count (each question draws from its own generator, seeded by the seed,
the topic and ``i``). Difficulty grows with the index: question ``i`` of a
topic is at level ``i`` until the topic's hardest level, then at a level drawn
from the upper half (review). With ``level`` every question is at that level
(the topic's hardest if it has fewer): the ``/learn`` page keeps each
learner's level per topic and asks for it.

>>> qs = drills("min_raise", count=2, seed=7, lang="zh-Hant")
>>> [q.level for q in qs], qs[0].topic
([0, 1], 'min_raise')
>>> drills("min_raise", count=2, seed=7) == drills("min_raise", count=2, seed=7)
True
>>> drills("poker", count=1, seed=1)
Traceback (most recent call last):
...
pokerdealer.errors.PokerDealerError: unknown topic 'poker': expected one of showdown, best_five, side_pots, min_raise, action_order, show_order, hand_rankings, positions, limits, odd_chips, short_deck, cash_vs_tournament, etiquette, glossary, all
>>> [q.level for q in drills("limits", count=2, seed=7, level=3)]
[3, 3]
"""

from __future__ import annotations

import random
from collections.abc import Callable

from pokerdealer.errors import PokerDealerError
from pokerdealer.i18n import check_lang
from pokerdealer.learn.betting import (
    ACTION_ORDER_LEVELS,
    MIN_RAISE_LEVELS,
    SHOW_ORDER_LEVELS,
    action_order_question,
    min_raise_question,
    show_order_question,
)
from pokerdealer.learn.games import (
    CASH_VS_TOURNAMENT_LEVELS,
    ETIQUETTE_LEVELS,
    cash_vs_tournament_question,
    etiquette_question,
)
from pokerdealer.learn.hands import (
    BEST_FIVE_LEVELS,
    SHOWDOWN_LEVELS,
    best_five_question,
    showdown_question,
)
from pokerdealer.learn.glossary import GLOSSARY_LEVELS, glossary_question
from pokerdealer.learn.limits import LIMITS_LEVELS, limits_question
from pokerdealer.learn.odd_chips import ODD_CHIPS_LEVELS, odd_chips_question
from pokerdealer.learn.positions import POSITIONS_LEVELS, positions_question
from pokerdealer.learn.question import Question
from pokerdealer.learn.rankings import (
    HAND_RANKINGS_LEVELS,
    SHORT_DECK_LEVELS,
    hand_rankings_question,
    short_deck_question,
)
from pokerdealer.learn.side_pots import SIDE_POTS_LEVELS, side_pots_question

__all__ = ["MAX_COUNT", "TOPICS", "TOPIC_LEVELS", "drills"]

_Maker = Callable[..., Question]

#: Each topic's question maker and its number of levels, in the order ``all`` takes them.
_TOPICS: dict[str, tuple[_Maker, int]] = {
    "showdown": (showdown_question, SHOWDOWN_LEVELS),
    "best_five": (best_five_question, BEST_FIVE_LEVELS),
    "side_pots": (side_pots_question, SIDE_POTS_LEVELS),
    "min_raise": (min_raise_question, MIN_RAISE_LEVELS),
    "action_order": (action_order_question, ACTION_ORDER_LEVELS),
    "show_order": (show_order_question, SHOW_ORDER_LEVELS),
    "hand_rankings": (hand_rankings_question, HAND_RANKINGS_LEVELS),
    "positions": (positions_question, POSITIONS_LEVELS),
    "limits": (limits_question, LIMITS_LEVELS),
    "odd_chips": (odd_chips_question, ODD_CHIPS_LEVELS),
    "short_deck": (short_deck_question, SHORT_DECK_LEVELS),
    "cash_vs_tournament": (cash_vs_tournament_question, CASH_VS_TOURNAMENT_LEVELS),
    "etiquette": (etiquette_question, ETIQUETTE_LEVELS),
    "glossary": (glossary_question, GLOSSARY_LEVELS),
}

#: How many levels each topic has (level 0 is the easiest).
TOPIC_LEVELS: dict[str, int] = {name: levels for name, (_, levels) in _TOPICS.items()}

#: Every topic name accepted, ``all`` last.
TOPICS: tuple[str, ...] = (*_TOPICS, "all")

#: The most questions one call makes.
MAX_COUNT = 200

#: Levels asked for are below this (every topic's hardest level is lower).
MAX_LEVEL = max(TOPIC_LEVELS.values())


def _level(rng: random.Random, index: int, levels: int) -> int:
    if index < levels:
        return index
    return rng.randrange(levels // 2, levels)


def drills(
    topic: str, *, count: int, seed: int, lang: str = "en", level: int | None = None
) -> list[Question]:
    """``count`` questions on ``topic`` in ``lang``, the same for the same seed
    (and level); ``level``: every question at that level."""
    if topic not in TOPICS:
        raise PokerDealerError.said("quiz.error.topic", topic=topic, topics=", ".join(TOPICS))
    check_lang(lang)
    if not 1 <= count <= MAX_COUNT:
        raise PokerDealerError.said("quiz.error.count", count=count, most=MAX_COUNT)
    if level is not None and not 0 <= level < MAX_LEVEL:
        raise PokerDealerError.said("quiz.error.level", level=level, most=MAX_LEVEL - 1)
    names = list(_TOPICS)
    questions = []
    for index in range(count):
        if topic == "all":
            name, position = names[index % len(names)], index // len(names)
        else:
            name, position = topic, index
        make, levels = _TOPICS[name]
        # A string seed is hashed the same way in every run (random.seed, version 2).
        rng = random.Random(f"pokerdealer-quiz:{seed}:{topic}:{index}")
        at = _level(rng, position, levels) if level is None else min(level, levels - 1)
        questions.append(make(rng, level=at, lang=lang))
    return questions
