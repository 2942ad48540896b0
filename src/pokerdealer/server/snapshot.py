"""A table's state between hands, written with the log, so that a start
replays only the events after it instead of the whole history.

When a hand ends the table writes a snapshot in the same transaction as the
``hand_end`` event: the :class:`~pokerdealer.table.CashTable`'s state
(:meth:`CashTable.state <pokerdealer.table.CashTable.state>`: seats, stacks,
statuses, missed blinds, the last button and blinds, the hands played) plus
the live table's own part -- the promises made during that hand and not kept
yet (:mod:`~pokerdealer.server.between_hands` keeps them by the events that
follow), each member's own settings and session
(:mod:`~pokerdealer.server.self_limits`), the host's decisions
(:class:`~pokerdealer.server.host.HostState`: paused, closing, the settings in
force and pending, seat requests, stand-ups), the time banks and who wants to
straddle -- valid just
after event ``seq``. A start takes the newest snapshot
from before the last finished hand and replays the events after it (that
hand, so it is in memory again for the page, the moves between hands, and the
hand in play); an old hand is rebuilt the same way from the snapshot before
it (:mod:`pokerdealer.server.history_store`).

Everything else a live table knows is either rebuilt by those events or not
kept across a restart (connections, clocks). Decks and fairness data are not
in a snapshot: they live in each hand's ``hand_start`` event.

>>> class M:  # a stand-in for a Member with a promise pending
...     id, pending_top_up, pending_leave, pending_hand = 4, 50, False, 9
>>> _pending([M()])
{'4': [50, False, 9]}
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pokerdealer.server import db, self_limits, straddle
from pokerdealer.server.host import HostState, settings_in_force
from pokerdealer.server.timebank import TimeBank

if TYPE_CHECKING:
    from pokerdealer.server.live import LiveTable

__all__ = ["op_snapshot", "restore", "restore_from_start", "take"]


def _pending(members: Any) -> dict[str, list[Any]]:  # noqa: ANN401
    return {
        str(m.id): [m.pending_top_up, m.pending_leave, m.pending_hand]
        for m in members
        if m.pending_top_up or m.pending_leave or m.pending_hand is not None
    }


def take(lt: LiveTable) -> dict[str, Any]:
    """The state of ``lt`` between hands, JSON-ready."""
    return {
        "table": lt.table.state(), "pending": _pending(lt.members.values()), "own": self_limits.take(lt),
        "host": lt.host.to_json(), "bank": lt.bank.to_json(), "straddle": straddle.take(lt),
    }


def op_snapshot(lt: LiveTable, at: float) -> db.Op:
    """Write ``lt``'s state as it is now, valid just after its last event."""
    return db.op_snapshot(lt.id, lt.seq, lt.table.hands_played, take(lt), at)


def restore(lt: LiveTable, snapshot: dict[str, Any]) -> None:
    """Put a freshly built ``lt`` (members added, no event applied) in the
    state of ``snapshot`` (``{"seq", "hands", "data"}`` from the database); the
    events after ``seq`` are then replayed as usual."""
    data = snapshot["data"]
    # The host's decisions first: the settings in force (blinds, clock) are the table's.
    lt.host = HostState.from_json(data.get("host"), base=lt.host.base)
    settings_in_force(lt)
    lt.bank = TimeBank.from_json(data.get("bank"))
    lt.table.restore_state(data["table"])
    for member_id, (top_up, leave, hand) in data["pending"].items():
        m = lt.members[int(member_id)]
        m.pending_top_up, m.pending_leave, m.pending_hand = int(top_up), bool(leave), hand
    self_limits.restore(lt, data.get("own", {}))  # snapshots from before it have none
    straddle.restore(lt, data.get("straddle"))
    lt.seq = int(snapshot["seq"])


def restore_from_start(lt: LiveTable, events: list[tuple[int, str, dict[str, Any], float]]) -> list[db.Op]:
    """Replay a whole log that has no snapshot yet (a table from before
    snapshots): the same replay as a start, which also returns the snapshot
    each ``hand_end`` would have written -- and, for the hands the history
    list shows, the list's fields their rows lacked then -- for the caller to
    store. So this happens once, and old hands are rebuilt one at a time."""
    from pokerdealer.server import history_store

    listed = sum(1 for e in events if e[1] == "hand_end") - history_store.LIST_LIMIT
    ops = []
    start = 0
    for i, (_, kind, _, at) in enumerate(events):
        if kind == "hand_end":
            lt.restore(events[start : i + 1])
            start = i + 1
            ops.append(op_snapshot(lt, at))
            number = lt.table.hands_played
            if number > listed:
                stored = history_store.stored_summary(lt.table.hands[-1], lt.summary(number) or {})
                ops.append(db.op_hand_summary(lt.id, number, stored))
    lt.restore(events[start:])
    return ops
