"""The ``positions`` drill: the button, the blinds, under the gun, who acts first
before and after the flop, heads-up.

Each question deals a no-limit hand with the rules engine, the button at a
random seat, and asks what the engine says: its small and big blind
(:attr:`HandConfig.small_blind_player`, :attr:`~HandConfig.big_blind_player`),
its player to act (:attr:`Hand.actor`). The players are named ``p1``.. clockwise
by seat (seed articles 001 and 003; docs/rules.md#button-and-blinds, #heads-up, #who-acts).

Levels: who posts a blind; who is under the gun (first to act preflop); who
acts first after the flop, some players folded; heads-up; who acts last after
the flop.

>>> import random
>>> q = positions_question(random.Random(5), level=1, lang="en")
>>> q.answer["player"] in q.choices
True
"""

from __future__ import annotations

import random

from pokerdealer.i18n import message
from pokerdealer.learn.betting import _name, _Play
from pokerdealer.learn.drill_cites import with_cite
from pokerdealer.learn.question import Question
from pokerdealer.rules import Street

__all__ = ["POSITIONS_LEVELS", "positions_question"]

POSITIONS_LEVELS = 5


def positions_question(rng: random.Random, *, level: int, lang: str) -> Question:
    """Which seat has a role, or acts first or last."""
    level = min(level, POSITIONS_LEVELS - 1)
    n = 2 if level == 3 else rng.randint(3, 9)
    play = _Play(rng, n, button=rng.randrange(n))
    hand = play.hand
    config = hand.config
    shown: tuple[str, ...] = ("BTN", "SB", "BB")
    bets = True
    rules: tuple[str, ...] = ("action_order",)
    if level == 0 or level == 3 and rng.random() < 1 / 3:
        role = rng.choice(["small_blind", "big_blind"])
        answer = config.small_blind_player if role == "small_blind" else config.big_blind_player
        kind = f"{role}.heads_up" if n == 2 else role
        ask = message(lang, f"quiz.pos.ask.{role}")
        shown, bets = ("BTN",), False  # the blinds are what is asked
        rules = ("heads_up",) if n == 2 else ()
    elif level == 1 or level == 3 and rng.random() < 0.5:
        answer = hand.actor  # type: ignore[assignment]
        kind = "first_preflop.heads_up" if n == 2 else "first_preflop.three" if n == 3 else "first_preflop"
        ask = message(lang, "quiz.pos.ask.first_preflop")
        if n == 2:
            rules = ("heads_up",)
    else:
        def fold_some(player: int) -> str:
            # Anyone but the big blind may fold, while two or more are left.
            if n > 2 and player != config.big_blind_player and len(play.live()) > 2 and rng.random() < 0.4:
                return "fold"
            return "check_call"

        play.until(Street.FLOP, fold_some)
        if level == 4:
            ask = message(lang, "quiz.pos.ask.last_postflop")
            kind = "last_postflop" if not hand.folded[config.button] else "last_postflop.button_folded"
        else:
            ask = message(lang, "quiz.pos.ask.first_postflop")
            kind = "first_postflop.heads_up" if n == 2 else "first_postflop"
            if n == 2:
                rules = ("heads_up",)
    street = "flop" if hand.street is Street.FLOP else "preflop"
    diagram = play.diagram(lang, roles=shown, bets=bets, log=street == "flop")
    if bets:
        table = play.narrate(lang)
    else:
        names = message(lang, "list.separator").join(_name(i) for i in range(n))
        table = message(lang, "quiz.pos.seats", n=n, names=names, button=_name(config.button))
    if level == 4:
        # Who acts last: everyone checks round, and the engine says who closes the round.
        order = []
        while hand.street is Street.FLOP:
            order.append(hand.actor)
            play.act("check")
        answer = order[-1]  # type: ignore[assignment]
    elif street == "flop":
        answer = hand.actor  # type: ignore[assignment]
    facts = message(
        lang, f"quiz.pos.{kind}", name=_name(answer), button=_name(config.button),
        bb=_name(config.big_blind_player),
    )
    folded = [_name(i) for i in range(n) if hand.folded[i]]
    return Question(
        topic="positions",
        level=level,
        prompt=table + message(lang, "quiz.sentence_sep") + ask,
        choices=tuple(_name(i) for i in range(n)),
        answer_index=answer,
        answer={"player": _name(answer)},
        explanation=with_cite(message(lang, "quiz.end", text=facts), lang, *rules),
        data={"players": n, "button": _name(config.button), "folded": folded, "street": street},
        ask=ask,
        diagram=diagram,
    )
