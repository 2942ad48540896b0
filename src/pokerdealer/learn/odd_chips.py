"""The ``odd_chips`` drill: a tied pot that does not divide evenly, and who gets
the odd chip.

The shares are the engine's (:func:`pokerdealer.rules.split_pot`, docs/rules.md#odd-chips,
TDA 2026 21-A): equal shares in units of the smallest chip in play, the odd
units one each to the tied winners clockwise from the first seat left of the
button; each pot on its own (TDA 2026 23). Seed 003: "无法均分的零头通常给靠近
按钮左侧的玩家".

Levels: two winners; heads-up (the button is the small blind, so the big
blind gets it); three winners, two odd chips; a smallest chip of 25; a main
pot and a side pot, each split on its own.

>>> import random
>>> q = odd_chips_question(random.Random(1), level=0, lang="en")
>>> sum(q.answer["shares"].values()) == q.data["pots"][0]["amount"]
True
"""

from __future__ import annotations

import itertools
import random

from pokerdealer.i18n import join_names, message
from pokerdealer.learn.diagram import Seat, table_diagram
from pokerdealer.learn.drill_cites import with_cite
from pokerdealer.learn.question import Question
from pokerdealer.rules import split_pot

__all__ = ["ODD_CHIPS_LEVELS", "odd_chips_question"]

ODD_CHIPS_LEVELS = 5


def _name(seat: int) -> str:
    return f"p{seat + 1}"


def _pot(rng: random.Random, winners: int, unit: int) -> int:
    """A pot of whole units that ``winners`` cannot share evenly."""
    while True:
        units = rng.randint(10, 400)
        if units % winners:
            return units * unit


def _shares_text(shares: dict[int, int], lang: str) -> str:
    return message(lang, "list.separator").join(
        message(lang, "quiz.odd.share", name=_name(seat), amount=amount) for seat, amount in shares.items()
    )


def _pot_line(amount: int, winners: list[int], button: int, n: int, unit: int, lang: str) -> str:
    """``305 among 2: 152 each and 1 over, to p5 (first clockwise from the button's left)``."""
    shares = split_pot(amount, winners, button=button, player_count=n, unit=unit)
    k = len(winners)
    each = min(shares.values())
    rest = amount - each * k
    odd = [_name(seat) for seat, share in shares.items() if share > each]
    return message(
        lang, "quiz.odd.pot_line", amount=amount, k=k, each=each, rest=rest, unit=unit,
        names=join_names(odd, lang), order=join_names([_name(s) for s in shares], lang),
    )


def odd_chips_question(rng: random.Random, *, level: int, lang: str) -> Question:
    """How a tied pot is shared, odd chips included."""
    level = min(level, ODD_CHIPS_LEVELS - 1)
    n = 2 if level == 1 else rng.randint(3, 9)
    button = rng.randrange(n)
    unit = 25 if level == 3 else 1
    k = 3 if level in (2, 4) and n >= 3 else 2
    winners = sorted(rng.sample(range(n), k))
    pots = [(_pot(rng, k, unit), winners)]
    if level == 4:
        # The short stack is all-in for the main pot; the two others also tie the side pot.
        side = sorted(rng.sample(winners, 2))
        pots.append((_pot(rng, 2, unit), side))
    total: dict[int, int] = {}
    for amount, tied in pots:
        for seat, share in split_pot(amount, tied, button=button, player_count=n, unit=unit).items():
            total[seat] = total.get(seat, 0) + share
    everyone = [seat for seat in range(n + 1) if seat in total]
    order = sorted(everyone, key=lambda s: (s - button - 1) % n)
    right = {seat: total[seat] for seat in order}
    # Wrong shares: the odd chips to other winners (every other order of them),
    # and chips counted one by one where the smallest chip is 25.
    options: list[dict[int, int]] = [right]
    for other in itertools.permutations(order):
        wrong: dict[int, int] = {}
        for amount, tied in pots:
            base = split_pot(amount, tied, button=button, player_count=n, unit=unit)
            each = min(base.values())
            rest = amount - each * len(tied)
            ranked = [s for s in other if s in tied]
            for i, seat in enumerate(ranked):
                wrong[seat] = wrong.get(seat, 0) + each + (unit if i * unit < rest else 0)
        wrong = {seat: wrong[seat] for seat in order}
        if wrong not in options:
            options.append(wrong)
    if unit > 1:
        ones: dict[int, int] = {}
        for amount, tied in pots:
            for seat, share in split_pot(amount, tied, button=button, player_count=n).items():
                ones[seat] = ones.get(seat, 0) + share
        ones = {seat: ones[seat] for seat in order}
        if ones not in options:
            options.insert(1, ones)
    options = options[:4]
    rng.shuffle(options)
    lines = [_pot_line(amount, tied, button, n, unit, lang) for amount, tied in pots]
    kind = "heads_up" if n == 2 else "pots" if len(pots) > 1 else "one"
    facts = message(lang, "quiz.line_sep").join(lines)
    why = message(lang, f"quiz.odd.why.{kind}", button=_name(button), unit=unit)
    if unit > 1:
        why += message(lang, "quiz.odd.unit", unit=unit)
    rules = ("odd_chips", "side_pots") if len(pots) > 1 else ("odd_chips",)
    pots_json = [{"amount": amount, "winners": [_name(s) for s in tied]} for amount, tied in pots]
    pot_words = message(lang, "list.separator").join(
        message(lang, "quiz.odd.pot_tie", label=message(lang, "quiz.pots.main" if i == 0 else "quiz.odd.side"),
                amount=amount, names=join_names([_name(s) for s in tied], lang))
        for i, (amount, tied) in enumerate(pots)
    )
    ask = message(lang, "quiz.odd.ask")
    table = message(lang, "quiz.odd.table", n=n, button=_name(button), unit=unit, pots=pot_words)
    seats = [
        Seat(
            _name(seat), roles=("BTN",) if seat == button else (),
            cards=("", "") if seat in total else (), folded=seat not in total,
            mark="win" if seat in total else "",
        )
        for seat in range(n)
    ]
    return Question(
        topic="odd_chips",
        level=level,
        prompt=table + message(lang, "quiz.sentence_sep") + ask,
        choices=tuple(_shares_text(option, lang) for option in options),
        answer_index=options.index(right),
        answer={"shares": {_name(seat): amount for seat, amount in right.items()}},
        explanation=with_cite(message(lang, "quiz.explain", facts=facts, why=why), lang, *rules),
        data={"players": n, "button": _name(button), "unit": unit, "pots": pots_json},
        ask=ask,
        diagram=table_diagram(
            seats, pot=sum(amount for amount, _ in pots),
            note=message(lang, "quiz.odd.note", pots=pot_words, unit=unit),  # the page shows no prompt
        ),
    )
