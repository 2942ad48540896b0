"""Running it twice at a table that offers it (table option ``run_it_twice``).

When the betting is over before the river with every player still in all in
(or all but one, whose chips cover theirs), the rules stop the hand and ask
each of them whether to run the rest of the board twice
(:mod:`pokerdealer.rules.run_twice`; :attr:`Hand.run_twice_pending
<pokerdealer.rules.Hand.run_twice_pending>`). In the room each asked player
answers with the message ``{"type": "run_it_twice", "agree": true|false}``,
within the action clock; a bot agrees, a player sitting out says no, and the
clock running out is a "no" (:func:`due`). One "no" runs the board once; when
the last asked agrees, it is run twice from the same shuffled deck, each pot
halved, its odd chip to the first run.

An answer is a betting action of the hand's log as PHH writes it (``pN runs 2``
agrees, ``pN runs 1`` refuses): an ``act`` event, the core's, so a replay of
the log runs the same boards. This module owns the message, the table's own
answers and the question in every reader's view (:func:`public`: who is asked,
who agreed); the boards are the hand's (``boards`` in its summary). The hands
are turned up when the question is asked (TDA 2026 16: all in, the betting
over), so the players decide seeing them; the cards of the second run are
dealt only once everyone agreed, and never opened in the deck proof otherwise.

>>> from pokerdealer.server.reducer import Features, MemberInfo, new_state, reduce
>>> from pokerdealer.server.settings import TableSettings
>>> state = new_state(TableSettings(run_it_twice=True), features=Features([FEATURE]))
>>> public(state)
{'run_twice': None}
"""

from __future__ import annotations

from typing import Any

from pokerdealer.rules import Action, Hand
from pokerdealer.rules.actions import RUNS
from pokerdealer.server.reducer import Event, Feature, TableState
from pokerdealer.server.words import Said
from pokerdealer.table import HandRecord, SeatStatus

__all__ = ["FEATURE", "MESSAGE", "asked_since", "due", "message", "public", "timed_out"]

MESSAGE = "run_it_twice"
"""The browser's answer: ``{"type": "run_it_twice", "agree": true|false}``."""

TWICE, ONCE = 2, 1
"""A ``runs`` answer: run the board twice (agree) or once (refuse), PokerKit's runout count."""


def _answer(record: HandRecord, player: int, agree: bool) -> Event:
    """The ``act`` event of ``player``'s answer (the rules checked it)."""
    action = record.hand.check_action(Action(RUNS, player, TWICE if agree else ONCE))
    return "act", {"hand": record.number, "a": str(action)}


def message(state: TableState, member: int, msg: dict[str, Any]) -> list[Event]:
    """A player's answer ``{"agree": true|false}``: its event, or a refusal (nobody is
    asked now, or not this player: the rules' words name who is)."""
    record = state.table.current
    if record is None or not record.hand.run_twice_pending:
        raise Said("room.run_twice.not_asked")
    names = record.hand.config.players
    name = state.members[member].name if member in state.members else None
    if name not in names:
        raise Said("room.error.not_in_hand")
    return [_answer(record, names.index(name), bool(msg["agree"]))]


def asked_since(hand: Hand) -> int:
    """How many actions the hand's log had when the question was asked (the answers follow)."""
    log = hand.log
    k = len(log)
    while k and log[k - 1].kind == RUNS:
        k -= 1
    return k


def due(state: TableState, record: HandRecord) -> list[Event]:
    """The answers the table gives itself now: a player sitting out refuses (one "no"
    ends the question), else each bot still asked agrees."""
    hand = record.hand
    names = hand.config.players
    bots = []
    for player in hand.run_twice_pending:
        if state.table.player(names[player]).status is SeatStatus.SITTING_OUT:
            return [_answer(record, player, False)]
        member = state.members.named(names[player])
        if member is not None and member.bot:
            bots.append(_answer(record, player, True))
    return bots


def timed_out(record: HandRecord) -> Event:
    """The clock ran out on the question: the first player still asked says no."""
    return _answer(record, record.hand.run_twice_pending[0], False)


def public(state: TableState) -> dict[str, Any]:
    """The question in every reader's view: ``run_twice`` with the hand, the seats
    still asked and the seats that agreed (None when nobody is asked)."""
    record = state.table.current
    if record is None or not record.hand.run_twice_pending:
        return {"run_twice": None}
    hand = record.hand
    seats = record.seats
    agreed = [seats[a.player] for a in hand.log[asked_since(hand):] if a.player is not None and a.amount == TWICE]
    return {"run_twice": {"hand": record.number, "asked": [seats[p] for p in hand.run_twice_pending], "agreed": agreed}}


FEATURE = Feature(name="run_it_twice", messages={MESSAGE: message}, public=public)
"""Running it twice: the players' answers and the question in the readers' views."""
