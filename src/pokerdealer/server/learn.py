"""The room's practice drills: ``GET /api/quiz`` and the ``/learn`` page's data.

The drills are :func:`pokerdealer.learn.drills` as ``pokerdealer quiz --json``
prints them; the page keeps each topic's progress in the browser
(``localStorage``), the server keeps nothing.

>>> data = quiz_payload(topic="min_raise", count=2, seed=3, lang="zh-Hans")
>>> data["seed"], len(data["questions"]), data["questions"][0]["topic"]
(3, 2, 'min_raise')
>>> quiz_payload(topic="min_raise", count=21, seed=3, lang="en")
Traceback (most recent call last):
...
pokerdealer.errors.PokerDealerError: count 21 is out of range: expected 1 to 20
"""

from __future__ import annotations

import secrets
from typing import Any

from pokerdealer.errors import PokerDealerError
from pokerdealer.learn import drills

__all__ = ["MAX_PAGE_COUNT", "quiz_payload"]

#: The most drills one request makes (each is a hand played or dealt: keep requests cheap).
MAX_PAGE_COUNT = 20


def quiz_payload(*, topic: str, count: int, seed: int | None, lang: str) -> dict[str, Any]:
    """``{"questions": [...], "seed": N}`` for the page; a bad value is one-line PokerDealerError."""
    if not 1 <= count <= MAX_PAGE_COUNT:
        raise PokerDealerError.said("quiz.error.count", count=count, most=MAX_PAGE_COUNT)
    if seed is not None and not 0 <= seed < 2**63:
        raise PokerDealerError.said("quiz.error.seed", seed=seed)
    used = seed if seed is not None else secrets.randbelow(10**9)
    questions = drills(topic, count=count, seed=used, lang=lang)
    return {"questions": [q.to_json() for q in questions], "seed": used}
