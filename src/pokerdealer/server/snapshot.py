"""A table's state between hands, written with the log, so that a start
replays only the events after it instead of the whole history.

When a hand ends the table writes a snapshot in the same transaction as the
``hand_end`` event: the :class:`~pokerdealer.table.CashTable`'s state
(:meth:`CashTable.state <pokerdealer.table.CashTable.state>`: seats, stacks,
statuses, missed blinds, the last button and blinds, the hands played) plus
each feature's part (its ``snapshot``: :class:`~pokerdealer.server.reducer.Feature`)
-- the promises made during that hand and not kept yet, each member's own
settings and session, the host's decisions (paused, closing, the settings in
force and pending, seat requests, stand-ups), the mutes, the time banks and who
wants to straddle -- valid just after event ``seq``. A start takes the newest
snapshot from before the last finished hand and replays the events after it
(that hand, so it is in memory again for the page, the moves between hands,
and the hand in play); an old hand is rebuilt the same way from the snapshot
before it (:mod:`pokerdealer.server.history_store`).

What is not in the state -- connections, clocks -- is not kept across a
restart. Decks and fairness data are not in a snapshot: they live in each
hand's ``hand_start`` event.

>>> from pokerdealer.server.features import CASH
>>> from pokerdealer.server.reducer import new_state
>>> from pokerdealer.server.settings import TableSettings
>>> state = new_state(TableSettings(), features=CASH)
>>> again = restore(new_state(TableSettings(), features=CASH), {"seq": 0, "hands": 0, "data": take(state)})
>>> take(again) == take(state)
True
"""

from __future__ import annotations

from typing import Any

from pokerdealer.server.reducer import TableState

__all__ = ["restore", "take"]


def take(state: TableState) -> dict[str, Any]:
    """The state between hands, JSON-ready."""
    data: dict[str, Any] = {"table": state.table.state()}
    for feature in state.features.all:
        if feature.snapshot is not None:
            data.update(feature.snapshot[0](state))
    return data


def restore(state: TableState, snapshot: dict[str, Any]) -> TableState:
    """A fresh ``state`` (members added, no event applied) made what ``snapshot``
    (``{"seq", "hands", "data"}`` from the database) was; the events after ``seq``
    are then replayed as usual. Each feature reads its part (none in a snapshot
    from before the feature)."""
    data = snapshot["data"]
    for feature in state.features.all:  # the host's first: the settings in force are the table's
        if feature.snapshot is not None:
            state = feature.snapshot[1](state, data)
    state.table.restore_state(data["table"])
    return state
