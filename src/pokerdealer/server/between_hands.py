"""What a live table does between hands: promises kept, squatters stood up,
bots buying in again.

A player in a hand cannot add chips or stand up until it is over (table
stakes, WSOP-LA 60), so a top-up or a departure asked for during their hand
is a *promise*: it is an event in the table's log at once (``top_up_pending``
or ``leave_pending``, tagged with the hand's number), so a crash does not
lose it, and it is carried out (a ``top_up`` or ``leave`` event) as soon as
that hand is over -- also when the server starts again between hands.

A promise lives on its :class:`~pokerdealer.server.live.Member` until it is
carried out: applying the ``top_up`` or ``leave`` event that keeps it clears
it (:func:`kept`), so replaying a log never keeps a promise twice; a promise
for a hand other than the last one finished is stale and dropped.

Seat squatting: a player who is absent (no open connection for at least the
grace period) and has sat out ``ServerOptions.sat_out_hands`` hands in a row
(:meth:`~pokerdealer.table.CashTable.hands_sat_out`) loses the seat between
hands: a ``leave`` event with ``"reason": "sat_out"`` stands them up and their
chips go with them (cashed out, as when they leave themselves; coming back
within the hour they bring them back). Everyone reading the table is told.
A player still connected who sits out keeps the seat (the host's business).

>>> class M:  # a stand-in for a Member
...     pending_top_up, pending_leave, pending_hand = 0, False, None
>>> m = M()
>>> promise(m, "top_up_pending", {"member": 1, "hand": 7, "amount": 50})
>>> m.pending_top_up, m.pending_hand
(50, 7)
>>> kept(m)
>>> m.pending_top_up, m.pending_hand
(0, None)
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from pokerdealer.server import host
from pokerdealer.table import SeatStatus, TableError

if TYPE_CHECKING:
    from pokerdealer.server.live import LiveTable, Member

__all__ = ["PROMISES", "kept", "promise", "promise_event", "promised_words", "settle"]

Event = tuple[str, dict[str, Any]]

PROMISES = ("top_up_pending", "leave_pending")
"""The event kinds of a promise made during a hand."""


# -------------------------------------------------------------- the words
def promised_words(kind: str, amount: int | None = None) -> tuple[str, dict[str, Any]]:
    """The notice a player gets once their promise is in the log: catalog key and params."""
    if kind == "top_up_pending":
        return "room.notice.top_up_promised", {"amount": amount}
    return "room.notice.leave_promised", {}


# ------------------------------------------------------------- the events
def promise_event(member: Member, hand: int, *, top_up: int | None = None) -> Event:
    """The event of a promise by ``member`` during hand ``hand``: a top-up of
    ``top_up`` chips, or (``None``) leaving."""
    if top_up is not None:
        return "top_up_pending", {"member": member.id, "hand": hand, "amount": top_up}
    return "leave_pending", {"member": member.id, "hand": hand}


def promise(member: Member, kind: str, data: dict[str, Any]) -> None:
    """Apply a promise event to its member (live, and replaying the log). A
    second top-up asked for in the same hand replaces the first, as today's
    page does; a leave and a top-up may both be pending (leaving wins)."""
    if member.pending_hand != data["hand"]:
        kept(member)
    member.pending_hand = data["hand"]
    if kind == "top_up_pending":
        member.pending_top_up = data["amount"]
    elif kind == "leave_pending":
        member.pending_leave = True
    else:
        raise TableError(f"not a promise: {kind!r}")


def kept(member: Member) -> None:
    """The promise is carried out (or lapses): nothing is pending any more."""
    member.pending_top_up = 0
    member.pending_leave = False
    member.pending_hand = None


# ------------------------------------------------------------ between hands
def _promises_due(lt: LiveTable) -> list[Event]:
    """The ``leave`` and ``top_up`` events that keep the promises made in the
    hand just finished; stale promises are dropped (in memory: none of them
    can ever become due again)."""
    table = lt.table
    last = table.hands[-1].number if table.hands else None
    events: list[Event] = []
    for m in lt.members.values():
        if m.pending_hand is None:
            continue
        if table.current is not None and table.current.number == m.pending_hand:
            continue  # that hand is still in play
        if m.pending_hand != last or lt.seat_of(m) is None:
            kept(m)  # stale (the log went on without it), or the player busted
            continue
        if m.pending_leave:
            events.append(("leave", {"member": m.id, "chips": table.player(m.name).stack}))
            continue
        stack = table.player(m.name).stack
        amount = min(m.pending_top_up, table.settings.max_buy_in - stack)
        if amount > 0:
            events.append(("top_up", {"member": m.id, "amount": amount}))
        else:
            kept(m)  # already at the maximum buy-in: nothing to add
    return events


def _squatters(lt: LiveTable) -> list[tuple[Event, dict[str, Any]]]:
    """A ``leave`` event (and the notice) for each absent player who has sat
    out too many hands in a row."""
    limit = lt.options.sat_out_hands
    if limit <= 0:
        return []
    now = time.monotonic()
    out = []
    for m in lt.members.values():
        if m.bot or m.conns > 0 or lt.seat_of(m) is None:
            continue
        if m.away_since is not None and now - m.away_since < lt.options.grace_seconds:
            continue  # just gone (or the server just started): they may be back
        p = lt.table.player(m.name)
        hands = lt.table.hands_sat_out(m.name)
        if p.status is SeatStatus.SITTING_OUT and hands >= limit:
            event = ("leave", {"member": m.id, "reason": "sat_out", "hands": hands, "chips": p.stack})
            out.append((event, {"name": m.name, "hands": hands, "chips": p.stack}))
    return out


def _bots_rebuy(lt: LiveTable) -> list[Event]:
    """A bot that busted buys in again in a free seat."""
    free = list(lt.table.free_seats)
    events: list[Event] = []
    for m in lt.members.values():
        if m.bot and lt.seat_of(m) is None and free:
            events.append(
                ("sit_down", {"member": m.id, "seat": free.pop(0), "buy_in": lt.settings.stack, "wait_bb": lt._wait_bb()})
            )
    return events


async def settle(lt: LiveTable) -> bool:
    """Between hands (right after one, and on a restart): keep the promises
    of the hand just finished, stand up absent squatters, seat busted bots
    again. True if anything changed."""
    if lt.table.current is not None:
        return False
    events = _promises_due(lt)
    squat = _squatters(lt)
    events += [event for event, _ in squat]
    if events:
        # Departures first: a bot may then take a seat freed by them.
        await lt._do(events)
        for _, params in squat:
            for conn in list(lt.conns):
                conn.tell("notice", "room.notice.stood_up", **params)
    hosted = await host.settle(lt)  # the host's stand-ups, closing the table
    rebuy = _bots_rebuy(lt) if host.may_deal(lt) else []
    if rebuy:
        await lt._do(rebuy)
    return bool(events or rebuy or hosted)
