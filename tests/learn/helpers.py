"""Shared by the drill tests: many questions per topic and level, and the PHH replayed."""

from __future__ import annotations

from pokerdealer.history import history_to_hand, loads
from pokerdealer.learn import Question, drills
from pokerdealer.rules import Hand

#: Questions per topic in the reference tests: every level several times over.
COUNT = 40
SEEDS = (1, 2, 3)


def questions(topic: str, *, lang: str = "en", seeds: tuple[int, ...] = SEEDS) -> list[Question]:
    return [q for seed in seeds for q in drills(topic, count=COUNT, seed=seed, lang=lang)]


def at_level(topic: str, level: int) -> list[Question]:
    found = [q for q in questions(topic) if q.level == level]
    assert found, f"no {topic} question at level {level}"
    return found


def replayed(question: Question) -> Hand:
    """The engine's hand after the question's PHH (the hand so far)."""
    return history_to_hand(loads(question.data["phh"])).hand


def name(player: int | None) -> str | None:
    """The PHH name of an engine player: the drills put the button last, so p(i+1)."""
    return None if player is None else f"p{player + 1}"
