"""The ``limits`` drill: the most a player may bet or raise to, in no limit, fixed
limit and pot limit.

The answer is the engine's (:meth:`Hand.legal`'s ``max_raise_to``, ``None``
when the player may not raise); the explanation shows the arithmetic the
engine did: in no limit everything the player has; in fixed limit one unit
(the small bet preflop and on the flop, the big bet on the turn and river), a
bet and four raises at most; in pot limit a raise *by* the pot after the call
(docs/rules.md#pot-limit: the pot ``P`` counts every chip in, the bets in front too;
raise to ``current bet + P + the call``; preflop the blinds count in full).

Levels: no limit; fixed limit; pot limit, first in before the flop; pot limit
facing a bet; pot limit facing a bet and a raise, or a capped fixed-limit
round.

>>> import random
>>> q = limits_question(random.Random(2), level=2, lang="en")
>>> q.data["structure"], q.answer["max_raise_to"] == int(q.choices[q.answer_index])
('pot_limit', True)
"""

from __future__ import annotations

import random

from pokerdealer.i18n import message
from pokerdealer.learn.betting import _big_blind, _name, _Play
from pokerdealer.learn.drill_cites import with_cite
from pokerdealer.learn.question import Question
from pokerdealer.rules import Street, Structure
from pokerdealer.rules.betting import pot_for_limit

__all__ = ["LIMITS_LEVELS", "limits_question"]

LIMITS_LEVELS = 5


def _no_limit(rng: random.Random) -> _Play:
    n = rng.randint(3, 6)
    bb = _big_blind(rng)
    short = rng.randrange(n)
    play = _Play(rng, n, bb=bb, stacks={short: bb * rng.randint(8, 60) + rng.randint(0, bb - 1)})
    # A raise or two first, so the player to act may have chips in front already.
    for _ in range(rng.randint(0, 2)):
        if play.hand.actor == short:
            break
        play.act("raise", play.hand.legal().min_raise_to)  # type: ignore[arg-type]
    return play


def _fixed_limit(rng: random.Random) -> _Play:
    n = rng.randint(3, 6)
    play = _Play(rng, n, bb=rng.choice([2, 10, 100]), structure=Structure.FIXED_LIMIT)
    street = rng.choice([Street.PREFLOP, Street.FLOP, Street.TURN, Street.RIVER])
    play.until(street)
    if rng.random() < 0.5:
        play.act("raise", play.hand.legal().min_raise_to)  # type: ignore[arg-type]
    return play


def _capped(rng: random.Random) -> _Play:
    """A fixed-limit round with a bet and four raises: nobody may raise again."""
    play = _Play(rng, rng.randint(6, 8), bb=rng.choice([2, 10, 100]), structure=Structure.FIXED_LIMIT)
    if rng.random() < 0.5:
        play.until(Street.FLOP)
        play.act("raise", play.hand.legal().min_raise_to)  # type: ignore[arg-type]
    while play.hand.legal().min_raise_to is not None:
        play.act("raise", play.hand.legal().min_raise_to)  # type: ignore[arg-type]
    return play


def _pot_limit(rng: random.Random, level: int) -> _Play:
    n = rng.randint(3, 6)
    play = _Play(rng, n, bb=rng.choice([2, 10, 50, 100, 200]), structure=Structure.POT_LIMIT)
    bb = play.bb
    if level == 2:
        # First in, or after some calls (limpers make the pot bigger).
        for _ in range(rng.randint(0, n - 3)):
            play.act("call")
        return play
    play.until(Street.FLOP)
    bettor_first = rng.random() < 0.5
    if not bettor_first:
        play.act("check")
    legal = play.hand.legal()
    play.act("raise", min(bb * rng.randint(1, 6), legal.max_raise_to))  # type: ignore[type-var]
    if level == 4:
        legal = play.hand.legal()
        play.act("raise", rng.choice([legal.max_raise_to, legal.min_raise_to]))  # type: ignore[list-item]
        if rng.random() < 0.5 and play.hand.actor is not None:
            play.act("call")
    return play


def limits_question(rng: random.Random, *, level: int, lang: str) -> Question:
    """The most the player to act may bet or raise to (``None``: may not raise)."""
    level = min(level, LIMITS_LEVELS - 1)
    if level == 0:
        play = _no_limit(rng)
    elif level == 1:
        play = _fixed_limit(rng)
    elif level == 4 and rng.random() < 0.3:
        play = _capped(rng)
    else:
        play = _pot_limit(rng, level)
    hand = play.hand
    player = hand.actor
    assert player is not None
    legal = hand.legal()
    most = legal.max_raise_to
    current = hand.current_bet
    mine = hand.committed[player]
    call = current - mine
    name = _name(player)
    structure = hand.config.structure
    verb = message(lang, "quiz.limit.verb.bet" if hand.raise_is_bet else "quiz.limit.verb.raise")
    fields: dict[str, object] = {"name": name, "answer": most, "current": current, "call": call, "verb": verb}
    wrong: list[int | None] = []
    if structure is Structure.NO_LIMIT:
        assert most is not None
        fields.update(front=mine, behind=hand.stacks[player])
        kind, rules = "no_limit", ("no_limit",)
        # The chips behind only, the minimum raise, the biggest opponent's stack.
        biggest = max(hand.committed[q] + hand.stacks[q] for q in range(play.n) if q != player)
        wrong = [hand.stacks[player], legal.min_raise_to, biggest]
    elif structure is Structure.FIXED_LIMIT:
        unit = hand.config.small_bet if hand.street in (Street.PREFLOP, Street.FLOP) else hand.config.big_bet
        fields.update(unit=unit, street=message(lang, f"quiz.street_name.{hand.street.value}"))
        if most is None:
            kind, rules = "capped", ("fixed_limit_cap",)
            wrong = [current + unit, current + 2 * unit, 2 * current]
        else:
            kind, rules = "fixed_limit", ("fixed_limit_bets",)
            other = hand.config.big_bet if unit == hand.config.small_bet else hand.config.small_bet
            wrong = [current + other, current + 2 * unit, None]
    else:
        assert most is not None
        pot = pot_for_limit(hand)
        fields.update(pot=pot, after=pot + call)
        kind, rules = "pot_limit", ("pot_limit",)
        if hand.street is Street.PREFLOP:
            kind = "pot_limit.preflop"
        # What beginners answer: the pot after the call as a total, the pot alone,
        # the pot without the call.
        wrong = [pot + call, current + pot, pot, mine + hand.stacks[player]]
    if structure is Structure.POT_LIMIT:
        fields["full"] = current + fields["after"]  # type: ignore[operator]
    elif structure is Structure.FIXED_LIMIT and most is not None:
        fields["full"] = current + fields["unit"]  # type: ignore[operator]
    facts = message(lang, f"quiz.limit.{kind}", **fields)
    if most is not None and most < fields.get("full", most):  # type: ignore[operator]
        # The limit is more than the player has: the most is all-in.
        facts += message(lang, "quiz.sentence_sep") + message(lang, "quiz.limit.short_stack", **fields)
    options: list[int | None] = [most]
    for amount in wrong:
        if amount not in options and (amount is None or amount > current) and len(options) < 4:
            options.append(amount)
    # Few distinct wrong amounts (a short stack): more, one unit apart.
    step = play.bb
    while len(options) < 3:
        extra = max(a for a in options if a is not None) + step
        options.append(extra)
    rng.shuffle(options)
    choices = tuple(message(lang, "quiz.no_raise") if a is None else str(a) for a in options)
    ask = message(lang, "quiz.limit.ask", name=name)
    return Question(
        topic="limits",
        level=level,
        prompt=play.narrate(lang) + message(lang, "quiz.sentence_sep") + ask,
        choices=choices,
        answer_index=options.index(most),
        answer={"max_raise_to": most},
        explanation=with_cite(facts, lang, *rules),
        data={"phh": play.phh(), "structure": structure.value},
        ask=ask,
        diagram=play.diagram(lang, mark=player),
    )
