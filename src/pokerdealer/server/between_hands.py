"""What a live table does between hands: promises kept, squatters stood up,
bots buying in again.

A player in a hand cannot add chips or stand up until it is over (table
stakes, WSOP-LA 60), so a top-up or a departure asked for during their hand
is a *promise*: it is an event in the table's log at once (``top_up_pending``
or ``leave_pending``, tagged with the hand's number), so a crash does not
lose it, and it is carried out (a ``top_up`` or ``leave`` event) as soon as
that hand is over -- also when the server starts again between hands.

A promise is this feature's part of the table's state (:class:`Promise`, by
member) until it is carried out: the ``top_up`` or ``leave`` event that keeps
it clears it (so replaying a log never keeps a promise twice), and the next
deal clears what is left: a promise for a hand other than the last one
finished, or of a player that hand busted, can never be kept
(:func:`promises_due` leaves it out meanwhile).

Seat squatting: a player who is absent (no open connection for at least the
grace period) and has sat out ``ServerOptions.sat_out_hands`` hands in a row
(:meth:`~pokerdealer.table.CashTable.hands_sat_out`) loses the seat between
hands: a ``leave`` event with ``"reason": "sat_out"`` stands them up and their
chips go with them (cashed out, as when they leave themselves; coming back
within the hour they bring them back). Everyone reading the table is told.
A player still connected who sits out keeps the seat (the host's business).

>>> from pokerdealer.server.reducer import Features, MemberInfo, new_state, reduce
>>> from pokerdealer.server.settings import TableSettings
>>> state = new_state(TableSettings(), features=Features([FEATURE])).with_member(MemberInfo(1, "Ann"))
>>> state = reduce(state, "top_up_pending", {"member": 1, "hand": 7, "amount": 50}, 0.0)
>>> promise_of(state, 1)
Promise(top_up=50, leave=False, hand=7)
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass
from typing import Any

from pokerdealer.server.reducer import Event, Feature, TableState, wait_for_big_blind
from pokerdealer.table import SeatStatus

__all__ = [
    "FEATURE", "PROMISES", "Promise", "bots_rebuy", "promise_event", "promise_of", "promised_words", "promises_due",
    "squatters",
]

PROMISES = ("top_up_pending", "leave_pending")
"""The event kinds of a promise made during a hand."""


@dataclass(frozen=True, slots=True)
class Promise:
    """What a member promised during hand ``hand``: chips to add, or leaving (or both: leaving wins)."""

    top_up: int = 0
    leave: bool = False
    hand: int | None = None


# -------------------------------------------------------------- the words
def promised_words(kind: str, amount: int | None = None) -> tuple[str, dict[str, Any]]:
    """The notice a player gets once their promise is in the log: catalog key and params."""
    if kind == "top_up_pending":
        return "room.notice.top_up_promised", {"amount": amount}
    return "room.notice.leave_promised", {}


# ------------------------------------------------------------- the events
def _promises(state: TableState) -> Mapping[int, Promise]:
    return state.parts["promises"]  # type: ignore[no-any-return]


def promise_of(state: TableState, member: int) -> Promise | None:
    return _promises(state).get(member)


def promise_event(member: int, hand: int, *, top_up: int | None = None) -> Event:
    """The event of a promise by ``member`` during hand ``hand``: a top-up of
    ``top_up`` chips, or (``None``) leaving."""
    if top_up is not None:
        return "top_up_pending", {"member": member, "hand": hand, "amount": top_up}
    return "leave_pending", {"member": member, "hand": hand}


def promised(state: TableState, data: dict[str, Any], at: float) -> TableState:
    """A promise event. A second top-up asked for in the same hand replaces the
    first, as the page does; a leave and a top-up may both be pending (leaving wins)."""
    member, hand = data["member"], data["hand"]
    old = _promises(state).get(member)
    if old is None or old.hand != hand:
        old = Promise(hand=hand)
    new = Promise(data["amount"], old.leave, hand) if "amount" in data else Promise(old.top_up, True, hand)
    return state.with_part("promises", {**_promises(state), member: new})


def kept(state: TableState, data: dict[str, Any], at: float) -> TableState:
    """After a ``top_up`` or ``leave``: the member's promise is carried out (or lapses)."""
    promises = _promises(state)
    if data["member"] not in promises:
        return state
    return state.with_part("promises", {m: p for m, p in promises.items() if m != data["member"]})


def lapsed(state: TableState, data: dict[str, Any], at: float) -> TableState:
    """A new hand: what was promised before it can no longer be kept."""
    return state.with_part("promises", {}) if _promises(state) else state


# ------------------------------------------------------------ between hands
def promises_due(state: TableState) -> list[Event]:
    """The ``leave`` and ``top_up`` events that keep the promises made in the
    hand just finished (a promise of a busted player, for another hand, or of
    chips a player at the maximum buy-in cannot add, is left to lapse)."""
    table = state.table
    if table.current is not None:
        return []
    last = table.hands[-1].number if table.hands else None
    promises = _promises(state)
    events: list[Event] = []
    for m in state.members if promises else ():  # in the members' order
        p = promises.get(m.id)
        if p is None or p.hand != last or table.seat_of(m.name) is None:  # another hand's, or busted in it
            continue
        stack = table.stack_of(m.name)
        if p.leave:
            events.append(("leave", {"member": m.id, "chips": stack}))
            continue
        amount = min(p.top_up, table.settings.max_buy_in - stack)
        if amount > 0:
            events.append(("top_up", {"member": m.id, "amount": amount}))
    return events


def squatters(state: TableState, absent: Collection[int], *, limit: int) -> list[tuple[Event, dict[str, Any]]]:
    """A ``leave`` event (and the notice's params) for each ``absent`` member (no
    reader for the grace period) who has sat out ``limit`` hands in a row (0: never)."""
    if limit <= 0:
        return []
    table = state.table
    out = []
    for m in state.members:
        if m.id not in absent or m.bot or table.seat_of(m.name) is None:
            continue
        p = table.player(m.name)
        hands = table.hands_sat_out(m.name)
        if p.status is SeatStatus.SITTING_OUT and hands >= limit:
            event = ("leave", {"member": m.id, "reason": "sat_out", "hands": hands, "chips": p.stack})
            out.append((event, {"name": m.name, "hands": hands, "chips": p.stack}))
    return out


def bots_rebuy(state: TableState, *, now: float) -> list[Event]:
    """A bot without a seat (it busted) buys in again in a free seat, with the table's
    buy-in -- if the table takes it now: a bot the host stood up with more than that
    comes back only once the table no longer holds it to what it left with (WSOP-LA 58).
    Its refused buy-in would stop every deal."""
    table = state.table
    free = list(table.free_seats)
    events: list[Event] = []
    wait_bb = wait_for_big_blind(state)
    stack = state.settings.stack
    for m in state.members:
        if m.bot and free and table.seat_of(m.name) is None:
            low, high = table.buy_in_range(m.name, now=now)
            if low <= stack <= high:
                events.append(("sit_down", {"member": m.id, "seat": free.pop(0), "buy_in": stack, "wait_bb": wait_bb}))
    return events


def _take(state: TableState) -> dict[str, list[Any]]:
    return {str(m): [p.top_up, p.leave, p.hand] for m, p in _promises(state).items()}


def _put(state: TableState, data: dict[str, list[Any]] | None) -> TableState:
    promises = {int(m): Promise(int(top_up), bool(leave), hand) for m, (top_up, leave, hand) in (data or {}).items()}
    return state.with_part("promises", promises)


FEATURE = Feature(
    name="promises", part=lambda settings: {}, events={kind: promised for kind in PROMISES},
    follows={"top_up": kept, "leave": kept, "hand_start": lapsed},
    snapshot=(lambda state: {"pending": _take(state)}, lambda state, data: _put(state, data.get("pending"))),
)
