"""What a multi-table event shows the world: the tournament page ("TV"), the
final standings as CSV, and a player's strip on their table page.

Pure functions of an :class:`~pokerdealer.table.event.Event` and the time;
they return JSON-ready data, never words (the pages put keys such as
``event.status.<status>`` and ``event.move.<reason>`` into the reader's
language), and never a secret: no card, no token, no random state -- only
what anyone in the tournament room could see on the wall: names, seats,
stacks (as of each table's last finished hand), the clock and the prizes.

The status is one of ``registering`` (not started), ``running``, ``paused``
(by the host), ``break`` (a break in the structure) and ``finished``.

>>> import random
>>> from pokerdealer.table.event import Event, EventSettings, play_event
>>> from pokerdealer.table.structures import structure
>>> event = Event(EventSettings(500, structure("turbo", timed=False), seats=6), rng=random.Random(1))
>>> for name in ("Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"):
...     _ = event.register(name)
>>> s = public_state(event, now=None, name="Friday")
>>> s["status"], s["entries"], s["registered"][:2], s["clock"]["level"], s["clock"]["hands_left"]
('registering', 8, ['Ann', 'Bob'], 1, 8)
>>> event.start()
>>> s = public_state(event, now=None)
>>> s["status"], [len(t["players"]) for t in s["tables"]], s["average_stack"], [p["prize"] for p in s["payouts"]]
('running', [4, 4], 500, [395, 236, 169])
>>> def shove(view):
...     legal = view.legal
...     return ("p%d cbr %d" % (view.player + 1, legal.max_raise_to)) if legal.max_raise_to else "p%d cc" % (view.player + 1)
>>> _ = play_event(event, lambda name: shove)
>>> s = public_state(event, now=None)
>>> s["status"], s["players_left"], sum(p["prize"] for p in s["standings"]) == s["prize_pool"]
('finished', 1, True)
>>> print(standings_csv(event).splitlines()[0])
place,name,prize
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pokerdealer.server.csv_out import to_csv
from pokerdealer.table.event import Clock, Event
from pokerdealer.table.settings import Level, TableError
from pokerdealer.table.structures import Break

__all__ = ["STATUSES", "average_stack", "clock_view", "player_view", "public_state", "standings_csv", "status"]

#: What an event can be doing (``public_state(...)["status"]``).
STATUSES = ("registering", "running", "paused", "break", "finished")

RECENT_MOVES = 12  # moves the TV shows (the latest); the whole list is in the event's log


def _started(event: Event) -> bool:
    return event.tables_started > 0  # tables open only at the start


def status(event: Event, *, now: float | None) -> str:
    """What the event is doing: one of :data:`STATUSES`.

    A paused event is ``paused`` even in a break (the host's pause stops the clock).
    """
    if not _started(event):
        return "registering"
    if event.is_over:
        return "finished"
    clock = event.clock(now)
    if clock.paused:
        return "paused"
    return "break" if clock.level is None else "running"


_ROWS: dict[int, tuple[Sequence[Level | Break], list[dict[str, Any]]]] = {}
"""The rows of the structures seen lately, by the identity of their (immutable) levels."""


def _structure(levels: Sequence[Level | Break]) -> list[dict[str, Any]]:
    """The structure as rows; levels numbered from 1, breaks not counted (as the late registration counts them).

    Worked out once a structure: every table's strip reads the clock at every state, and the
    rows of a structure never change. The rows are shared, so callers only read them.

    >>> from pokerdealer.table.structures import structure
    >>> levels = structure("turbo", timed=True)
    >>> _structure(levels) is _structure(levels), _structure(levels)[0]["level"]
    (True, 1)
    """
    hit = _ROWS.get(id(levels))
    if hit is not None and hit[0] is levels:  # the levels are kept with their rows: their id is not reused
        return hit[1]
    if len(_ROWS) >= 64:
        _ROWS.clear()
    rows = _structure_rows(levels)
    _ROWS[id(levels)] = (levels, rows)
    return rows


def _structure_rows(levels: Sequence[Level | Break]) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = []
    number = 0
    for index, item in enumerate(levels):
        if isinstance(item, Break):
            rows.append({"index": index, "break": True, "level": None, "minutes": item.minutes})
            continue
        number += 1
        rows.append({"index": index, "break": False, "level": number, **_blinds(item), "minutes": item.minutes, "hands": item.hands})
    return rows


_BLIND_FIELDS = ("small_blind", "big_blind", "ante", "ante_type")


def _blinds(level: Level) -> dict[str, Any]:
    return {
        "small_blind": level.small_blind,
        "big_blind": level.big_blind,
        "ante": level.ante,
        # A zero ante has nobody to post it: "none", whatever the level's default.
        "ante_type": level.ante_type.value if level.ante else "none",
    }


def _clock(event: Event, clock: Clock, rows: list[dict[str, Any]]) -> dict[str, Any]:
    here = rows[clock.index]
    number = here["level"] if not here["break"] else max((r["level"] for r in rows[: clock.index] if not r["break"]), default=0)
    upcoming = next((r for r in rows[clock.index + 1 :] if not r["break"]), None)
    # Seconds until the next break starts (levels by time), for the clock's "break in".
    to_break: float | None = None
    if clock.seconds_left is not None and not here["break"]:
        to_break = clock.seconds_left
        for r in rows[clock.index + 1 :]:
            if r["break"]:
                break
            if r["minutes"] is None:
                to_break = None
                break
            to_break += r["minutes"] * 60.0
        else:
            to_break = None
    return {
        "index": clock.index,
        "level": number,
        "on_break": here["break"],
        **{k: here.get(k) for k in _BLIND_FIELDS},
        "timed": event.settings.timed,
        "seconds_left": None if clock.seconds_left is None else round(clock.seconds_left, 1),
        "hands_left": clock.hands_left,
        "paused": clock.paused,
        "next_break_in": None if to_break is None else round(to_break, 1),
        "next": None if upcoming is None else {"level": upcoming["level"], **{k: upcoming[k] for k in _BLIND_FIELDS}},
    }


def clock_view(event: Event, *, now: float | None) -> dict[str, Any]:
    """The clock as the pages show it: the level's number (breaks not counted),
    its blinds and ante, the time or hands left, the next level's blinds."""
    return _clock(event, event.clock(now), _structure(event.settings.levels))


def average_stack(event: Event) -> int:
    """The average stack of the players left (the starting stack before the start)."""
    alive = event.alive
    if not _started(event) or not alive:
        return event.settings.starting_stack
    # Chips are conserved: every entry's stack is at the tables, shared by those left.
    return round(event.entries * event.settings.starting_stack / alive)


def _standings(event: Event) -> list[dict[str, Any]]:
    return [{"place": s.place, "name": s.name, "prize": s.prize} for s in event.standings]


def public_state(
    event: Event,
    *,
    now: float | None,
    name: str = "",
    starts_at: float | None = None,
    recent_moves: int = RECENT_MOVES,
) -> dict[str, Any]:
    """Everything the tournament page shows, as JSON-ready data (secret-free).

    :param now: the time (seconds, the event's epoch); needed with levels by time.
    :param name: the event's name (the event itself has none).
    :param starts_at: when the event is due to start (seconds), if the host set a time.
    :param recent_moves: how many of the latest moves to list.
    """
    settings = event.settings
    started = _started(event)
    rows = _structure(settings.levels)
    tables = [
        {
            "table": t.id,
            "button": None if t.positions is None else t.positions.button,
            "in_hand": t.current is not None,
            "players": [{"name": p.name, "seat": p.seat, "stack": p.stack} for p in t.players],
        }
        for t in event.tables.values()
    ]
    counts = sorted(
        ({"name": p["name"], "stack": p["stack"], "table": t["table"], "seat": p["seat"]} for t in tables for p in t["players"]),
        key=lambda c: (-c["stack"], c["name"]),
    )
    for rank, c in enumerate(counts, 1):
        c["rank"] = rank
    return {
        "name": name,
        **moment(event, now=now),
        "starts_at": starts_at,
        "structure": rows,
        "starting_stack": settings.starting_stack,
        "buy_in": settings.buy_in,
        "seats": settings.seats,
        "entries": event.entries,
        "registered": _registered(event) if not started else [],
        "removed": _removed(event),
        "players_left": event.alive,
        "average_stack": average_stack(event),
        "prize_pool": event.prize_pool,
        "payouts": [{"place": i, "prize": p} for i, p in enumerate(event.payouts, 1)],
        "tables": tables,
        "chip_counts": counts,
        "standings": _standings(event),
        "moves": [{**m.to_json(), "seat": m.seat} for m in event.moves[-recent_moves:]][::-1] if recent_moves > 0 else [],
        "broken": list(event.broken),
        "hand_for_hand": event.hand_for_hand,
        "hands": event.hands,
    }


MOMENT = ("status", "clock", "registration")
"""What of :func:`public_state` changes with the time alone (:func:`moment`); the rest
changes only with the event's log, its deals and its seats."""


def moment(event: Event, *, now: float | None) -> dict[str, Any]:
    """The part of :func:`public_state` that the time changes: the status, the clock
    (before the start: the first level, whole) and whether registration is open."""
    settings = event.settings
    return {
        "status": status(event, now=now),
        "clock": _clock(event, event.clock(now), _structure(settings.levels)),
        "registration": {"open": not event.is_over and event.registration_open(now), "until_level": settings.late_registration, "re_entries": settings.re_entries},
    }


def _registered(event: Event) -> list[str]:
    """Names registered before the start (the log holds only registrations, and the
    host's removals of them, until then)."""
    names: list[str] = []
    for e in event.log:
        if e.kind == "registered":
            names.append(str(e.data["player"]))
        elif e.kind == "removed":
            names.remove(str(e.data["player"]))
    return names


def _removed(event: Event) -> list[dict[str, Any]]:
    """The entries the host removed before the start, and the buy-in each got back."""
    return [{"name": str(e.data["player"]), "refund": int(e.data["refund"])} for e in event.log if e.kind == "removed"]


def player_view(event: Event, name: str, *, now: float | None) -> dict[str, Any]:
    """One player's strip on their table page: the clock, the field, and
    where they are (``table``/``seat``/``stack`` in play) or how they finished
    (``place``/``prize``; a re-entered player's latest finish).

    ``state`` is ``registered`` (waiting for the start), ``playing`` or ``out``
    (busted, or the event is over: the winner too has a place and a prize);
    a name the event never saw raises :class:`~pokerdealer.table.TableError`.
    """
    started = _started(event)
    rows = _structure(event.settings.levels)
    view: dict[str, Any] = {
        "name": name,
        "status": status(event, now=now),
        "clock": _clock(event, event.clock(now), rows),
        "players_left": event.alive,
        "entries": event.entries,
        "average_stack": average_stack(event),
        "prize_pool": event.prize_pool,
        "hand_for_hand": event.hand_for_hand,
        "table": None,
        "seat": None,
        "stack": None,
        "place": None,
        "prize": None,
    }
    where = event.where(name)
    if where is not None and not event.is_over:
        table, seat = where
        stack = event.tables[table].stacks[name]
        return {**view, "state": "playing", "table": table, "seat": seat, "stack": stack}
    if not started:
        if name in _registered(event):
            return {**view, "state": "registered"}
        raise TableError.said("event.error.not_registered", name=name)
    finishes = [s for s in event.standings if s.name == name]
    if not finishes:
        raise TableError.said("event.error.not_in_event", name=name)
    latest = max(finishes, key=lambda s: float("inf") if s.hand is None else s.hand)  # the winner's finish is the last
    return {**view, "state": "out", "place": latest.place, "prize": latest.prize}


def standings_csv(event: Event) -> str:
    """The standings so far as CSV (:mod:`~pokerdealer.server.csv_out`: RFC 4180,
    no formulas): ``place,name,prize``, best first; tied players share a place
    and split its prizes.

    >>> import random
    >>> from pokerdealer.table.event import Event, EventSettings
    >>> from pokerdealer.table.structures import structure
    >>> event = Event(EventSettings(500, structure("turbo", timed=False)), rng=random.Random(1))
    >>> standings_csv(event)
    'place,name,prize\\r\\n'
    """
    return to_csv(("place", "name", "prize"), ((s.place, s.name, s.prize) for s in event.standings))
