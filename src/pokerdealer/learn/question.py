"""A drill question, its JSON form, and judging a typed answer.

A :class:`Question` is a value: the words (``prompt``, ``choices``,
``explanation``, in one language), the ``answer`` and the ``data`` a program
can check it against. Its JSON form (:meth:`Question.to_json`) is a contract:
``topic``, ``level``, ``prompt``, ``choices`` (``null`` for a number or free
answer), ``answer_index`` (the right choice, from 0, or ``null``), ``answer``,
``explanation``, ``data``, and for a page that draws the question: ``ask``
(the question alone, without the situation ``prompt`` tells in words) and
``diagram`` (the situation as a picture, see :mod:`pokerdealer.learn.diagram`).

:func:`judge` reads what a player typed: a choice number (``2``), or the value
itself (a player's name, five cards, a number).

>>> q = Question(topic="min_raise", level=0, prompt="?", choices=None, answer_index=None,
...              answer={"min_raise_to": 14}, explanation="", data={"phh": ""})
>>> judge(q, "14"), judge(q, " 13 "), judge(q, "fourteen")
(True, False, None)
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from pokerdealer.cards import parse_cards
from pokerdealer.errors import PokerDealerError
from pokerdealer.evaluation import evaluate

__all__ = ["NO_RAISE_WORDS", "Question", "judge"]

#: What a player may type for "this player may not raise" (a min_raise answer of ``null``).
NO_RAISE_WORDS = frozenset({"0", "-", "none", "no", "x", "不能", "不可以", "不行", "无", "無"})


@dataclass(frozen=True)
class Question:
    """One drill. ``answer`` and ``data`` are plain JSON values (see the module docstring)."""

    topic: str
    level: int
    prompt: str
    choices: tuple[str, ...] | None
    answer_index: int | None
    answer: dict[str, Any]
    explanation: str
    data: dict[str, Any]
    ask: str = ""
    """The question alone (the page draws the situation from ``diagram``); default: ``prompt``."""
    diagram: dict[str, Any] | None = None
    """The situation as a picture: a table of seats, or hands side by side."""

    def to_json(self) -> dict[str, Any]:
        """The question as the JSON object ``quiz --json`` prints."""
        return {
            "topic": self.topic,
            "level": self.level,
            "prompt": self.prompt,
            "choices": list(self.choices) if self.choices is not None else None,
            "answer_index": self.answer_index,
            "answer": self.answer,
            "explanation": self.explanation,
            "data": self.data,
            "ask": self.ask or self.prompt,
            "diagram": self.diagram,
        }


def _choice(question: Question, text: str) -> int | None:
    """The choice a typed number names (``1`` is the first), else ``None``."""
    if question.choices is None or not text.isdigit():
        return None
    number = int(text)
    return number - 1 if 1 <= number <= len(question.choices) else None


def judge(question: Question, typed: str) -> bool | None:
    """Whether ``typed`` is the right answer; ``None`` when it cannot be read.

    A choice question takes the choice's number; most questions also take
    their value: the winners' names (``A``, ``A B`` for a split), five cards,
    the pot amounts main pot first (``150 160``), an amount, or a player
    (``p3``) among the choices; the others (a hand's name, shares, a place)
    take the number only. A number that is no choice's, or a player who is not one of the
    choices, cannot be read (``None``): the player is asked again.
    Five cards are right when they are five of the seven and make the best
    hand, whichever equal card is named.
    """
    text = typed.strip()
    if not text:
        return None
    index = _choice(question, text)
    if index is not None:
        return index == question.answer_index
    answer = question.answer
    if "winners" in answer and "hands" in question.data:
        names = {name.lower() for name in re.split(r"[\s,、，和]+", text) if name}
        known = {name.lower() for name in question.data["hands"]}
        if not names or not names <= known:
            return None
        return names == {name.lower() for name in answer["winners"]}
    if "cards" in answer:
        return _judge_cards(question, text)
    if "pots" in answer:
        try:
            amounts = [int(word) for word in re.split(r"[\s,、，]+", text) if word]
        except ValueError:
            return None
        return amounts == [pot["amount"] for pot in answer["pots"]]
    amount_key = next((key for key in ("min_raise_to", "max_raise_to") if key in answer), None)
    if amount_key is not None:
        expected = answer[amount_key]
        if text.lower() in NO_RAISE_WORDS:
            return expected is None
        try:
            return int(text) == expected
        except ValueError:
            return None
    key = next((key for key in ("next_to_act", "first_to_show", "player") if key in answer), None)
    if key is None:
        return None  # answered by a choice's number only
    name = text.lower()
    if question.choices is not None:
        # A number names a choice (read above); a name must be one of the choices:
        # "9" with three choices, or a player not offered, is not an answer.
        return name == answer[key] if name in {choice.lower() for choice in question.choices} else None
    if name.isdigit():
        name = f"p{name}"
    if not re.fullmatch(r"p\d+", name):
        return None
    return name == answer[key]


def _judge_cards(question: Question, text: str) -> bool | None:
    try:
        cards = parse_cards(text, count=5)
    except PokerDealerError:
        return None
    seven = parse_cards(question.data["board"]) + parse_cards(question.data["hole"])
    if not set(cards) <= set(seven):
        return False
    best = evaluate(parse_cards(question.answer["cards"])).rank
    return evaluate(cards).rank == best
