"""A person's limits across the room's tables: what a table reads from the rows
the tables share and what it writes there.

A person's own limits (:mod:`~pokerdealer.server.self_limits`) are one per person
across the room: the ``persons`` row keeps the limits set last and a stop in force,
``person_tables`` each table's chips and session. A table reads them when the
person joins, asks for chips or plays a hand there, and logs what they say as
events of its own (``limits`` marked ``elsewhere``, ``limits_elsewhere``,
``limit_stop`` carried ``from`` another table, ``limit_continue``), so each log
still replays alone; it writes its own chips back with the events that change
them (:func:`table_ops`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import replace
from typing import Any

from pokerdealer.server import db
from pokerdealer.server.reducer import Event, TableState
from pokerdealer.server.self_limits import (
    SESSION_BREAK,
    Own,
    _away,
    _elsewhere,
    _limited,
    _limits,
    _members_of,
    _people,
    _person,
    _set_limits,
    _stacks,
    net,
)

__all__ = [
    "incoming", "joining", "joining_own", "persons_seated", "stopped_joining", "synced",
    "synced_joining", "table_ops", "with_synced",
]


def incoming(own: Own, view: Mapping[str, Any] | None, *, now: float) -> Own:
    """``own`` with what the person's rows say (``view``: :func:`~pokerdealer.server.db.person_views`):
    limits set later at another table, and their chips at the other tables of their session."""
    if not view:
        return own
    row = view.get("own")
    if row is not None:
        before = own
        settings = {k: v for k, v in row.items() if k not in ("loss_from", "time_from")}
        if row.get("set_at", 0.0) > own.set_at:
            own = _limited(own, settings, now)
        elif not set(row.get("went_on", ())) <= set(own.went_on):  # gone on at another table
            own = replace(own, went_on=tuple(sorted({*own.went_on, *row["went_on"]})))
        if max(row.get("went_on") or (0.0,)) > max(before.went_on or (0.0,)) and "loss_from" in row:
            # Gone on last at another table: the limits count afresh from then (the net across the room then).
            own = replace(own, loss_from=row["loss_from"], time_from=row["time_from"])
    return _away(own, _elsewhere_sums(view.get("tables") or (), now=now))


def _elsewhere_sums(tables: Iterable[Mapping[str, Any]], *, now: float) -> dict[str, Any]:
    """The other tables' rows of a session still going on (a seat there, or left within :data:`SESSION_BREAK`)."""
    live = [t for t in tables if t["away_since"] is None or now - t["away_since"] < SESSION_BREAK]
    starts = [t["started_at"] for t in live if t["started_at"] is not None]
    return {"net": sum(t["taken"] + t["stacks"] - t["brought"] for t in live),
            "brought": sum(t["brought"] - t["taken"] for t in live), "since": min(starts) if starts else None}


def synced(state: TableState, key: str, view: Mapping[str, Any] | None, *, now: float) -> list[Event]:
    """The events that bring person ``key``'s part here up to their rows (:func:`incoming`):
    a ``limits`` set at another table (``elsewhere``), and ``limits_elsewhere`` for
    their chips there -- none when nothing changed, or when they set no limit at all."""
    members = _members_of(state, key)
    if key.startswith("#") or not members or not view:
        return []
    own = _limits(state).owns.get(key) or Own()
    new = incoming(own, view, now=now)
    if not (new.has_limits() or own.has_limits()):
        return []
    member = members[-1]
    out: list[Event] = []
    if (new.set_at, new.went_on, new.loss_from, new.time_from) != (
        own.set_at, own.went_on, own.loss_from, own.time_from,
    ):
        data = {"member": member, "minutes": new.minutes, "loss": new.loss, "unit": new.loss_unit,
                "time_sit_out": new.time_sit_out, "set_at": new.set_at, "went_on": list(new.went_on), "elsewhere": True}
        if (new.loss_from, new.time_from) != (own.loss_from, own.time_from):
            data.update(loss_from=new.loss_from, time_from=new.time_from)
        out.append(("limits", data))
    away = (new.elsewhere_net, new.elsewhere_brought, new.elsewhere_since)
    if away != (own.elsewhere_net, own.elsewhere_brought, own.elsewhere_since):
        out.append(("limits_elsewhere", {"member": member, "net": away[0], "brought": away[1], "since": away[2]}))
    return out


def with_synced(state: TableState, events: Iterable[Event]) -> TableState:
    """The state as :func:`synced`'s ``events`` would leave it, the state given left as it
    was (they change only this feature's part): a command checks against it, and is
    refused before anything changes."""
    for kind, data in events:
        state = (_set_limits if kind == "limits" else _elsewhere)(state, data, 0.0)
    return state


def synced_joining(
    state: TableState, member: int, person: str, view: Mapping[str, Any] | None, *, now: float,
) -> list[Event]:
    """:func:`synced` for a join's new ``member``, as its ``person`` event will bind them
    (that event changes only this feature's part: the state given is not spent)."""
    return synced(_person(state, {"member": member, "person": person}, now), person, view, now=now)


def table_ops(state: TableState, events: Iterable[Event], *, table_id: str, at: float) -> list[db.Op]:
    """The ``person_tables`` rows to write with these (applied) events: the chips and
    session here of each person with limits whom they touch, for the room's other tables."""
    touched: set[str] = set()
    persons = _limits(state).persons
    for kind, data in events:
        if kind == "hand_end":
            touched.update(k for k, _, _ in _people(state) if not k.startswith("#"))
        elif kind in _CHIPS and data.get("member") in persons:
            touched.add(persons[data["member"]])
    ops = []
    owns = _limits(state).owns
    for key in sorted(touched):
        own = owns.get(key)
        if own is None or not own.has_limits() or own.started_at is None:
            continue
        row = {"brought": own.invested, "taken": own.taken, "stacks": _stacks(state, key),
               "started_at": own.started_at, "away_since": own.away_since}
        ops.append(db.op_person_table(key, table_id, row, at))
    return ops


#: The events that change a person's chips or session here (and so their row).
_CHIPS = ("sit_down", "seat_approve", "top_up", "leave", "limits", "limit_continue", "person")




def persons_seated(state: TableState) -> list[str]:
    """The persons of everyone seated here (whose stops a hand's end reads)."""
    stacks = state.table.stacks
    persons = _limits(state).persons
    return [persons[m.id] for m in state.members if m.id in persons and m.name in stacks]


def joining(state: TableState, member: int, person: str | None, stops: Mapping[str, dict[str, Any]]) -> list[Event]:
    """The events of a join before its seat: the ``person`` binding, and the stop
    the person is under (theirs here already, or carried from another table). A
    join whose events end in a ``limit_stop``, or whose person is stopped here,
    gets no seat (:func:`stopped_joining`)."""
    if person is None:
        return []
    events: list[Event] = [("person", {"member": member, "person": person})]
    own = _limits(state).owns.get(person)
    row = stops.get(person)
    if row is not None and (own is None or own.stop is None or row["at"] > own.stop.at):
        carried = {"at": row["at"], "table": row.get("table")}
        events.append(("limit_stop", {"member": member, "why": row["why"], "net": row["net"],
                                      "seconds": row["seconds"], "from": carried}))
    elif row is None and own is not None and own.stop is not None:
        events.append(("limit_continue", {"member": member, "net": net(state, person), "elsewhere": True}))
    return events


def joining_own(state: TableState, person: str | None) -> Own | None:
    """The :class:`Own` a join by ``person`` will share here (``None``: none yet)."""
    return None if person is None else _limits(state).owns.get(person)


def stopped_joining(state: TableState, person: str | None, events: list[Event]) -> bool:
    """Whether a join with these :func:`joining` events is by a person stopped now."""
    if person is None:
        return False
    last = events[-1][0] if events else None
    if last == "limit_stop":
        return True
    if last == "limit_continue":
        return False
    own = _limits(state).owns.get(person)
    return own is not None and own.stop is not None
