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
Place,Player,Prize
"""

from __future__ import annotations

import bisect
import json
from collections.abc import Sequence
from typing import Any

from pokerdealer.i18n import message
from pokerdealer.server.csv_out import to_csv
from pokerdealer.table.event import Clock, Event, EventTable
from pokerdealer.table.settings import Level, TableError
from pokerdealer.table.structures import Break

__all__ = ["STATUSES", "ChipCounts", "PublicText", "average_stack", "clock_view", "player_view", "public_state", "standings_csv", "status"]

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


def _standings(event: Event, first: int | None = None) -> list[dict[str, Any]]:
    return [{"place": s.place, "name": s.name, "prize": s.prize} for s in event.standings[:first]]


def _table(t: EventTable) -> dict[str, Any]:
    """One table as the tournament page lists it: its button, whether a hand is in play, who sits where with what."""
    return {
        "table": t.id,
        "button": None if t.positions is None else t.positions.button,
        "in_hand": t.current is not None,
        "players": [{"name": p.name, "seat": p.seat, "stack": p.stack} for p in t.players],
    }


def _count(row: tuple[int, str, int, int], rank: int) -> dict[str, Any]:
    """One line of the chip counts from a :class:`ChipCounts` row."""
    return {"name": row[1], "stack": -row[0], "table": row[2], "seat": row[3], "rank": rank}


def _count_rows(event: Event) -> list[tuple[int, str, int, int]]:
    """Every player at the tables as ``(-stack, name, table, seat)``, the biggest stack first (ties: by name)."""
    return sorted((-p.stack, p.name, t.id, p.seat) for t in event.tables.values() for p in t.players)


def _rest(
    event: Event, *, name: str, starts_at: float | None, recent_moves: int, removed: list[dict[str, Any]] | None = None
) -> dict[str, Any]:
    """What :func:`public_state` shows besides the clock, the tables, the chip counts,
    the standings and the payouts: small, read afresh for every state (``removed``:
    :func:`_removed`'s, if the caller keeps it)."""
    settings = event.settings
    return {
        "name": name,
        "starts_at": starts_at,
        "structure": _structure(settings.levels),
        "starting_stack": settings.starting_stack,
        "buy_in": settings.buy_in,
        "seats": settings.seats,
        "entries": event.entries,
        "registered": _registered(event) if not _started(event) else [],
        "removed": _removed(event) if removed is None else removed,
        "players_left": event.alive,
        "average_stack": average_stack(event),
        "prize_pool": event.prize_pool,
        "standings_count": len(event.standings),
        "moves": [{**m.to_json(), "seat": m.seat} for m in event.moves[-recent_moves:]][::-1] if recent_moves > 0 else [],
        "broken": list(event.broken),
        "hand_for_hand": event.hand_for_hand,
        "hands": event.hands,
    }


def public_state(
    event: Event,
    *,
    now: float | None,
    name: str = "",
    starts_at: float | None = None,
    recent_moves: int = RECENT_MOVES,
    counts: int | None = None,
    standings: int | None = None,
) -> dict[str, Any]:
    """Everything the tournament page shows, as JSON-ready data (secret-free).

    :param now: the time (seconds, the event's epoch); needed with levels by time.
    :param name: the event's name (the event itself has none).
    :param starts_at: when the event is due to start (seconds), if the host set a time.
    :param recent_moves: how many of the latest moves to list.
    :param counts: list only the first ``counts`` chip counts (``None``: all); the TV shows the biggest.
    :param standings: list only the first (best) ``standings`` places (``None``: all);
        ``standings_count`` says how many there are.

    :class:`PublicText` builds the same, encoded, from one change to the next.
    """
    rows = _count_rows(event)[:counts]
    return {
        **_rest(event, name=name, starts_at=starts_at, recent_moves=recent_moves),
        **moment(event, now=now),
        "payouts": [{"place": i, "prize": p} for i, p in enumerate(event.payouts, 1)],
        "tables": [_table(t) for t in event.tables.values()],
        "chip_counts": [_count(row, rank) for rank, row in enumerate(rows, 1)],
        "standings": _standings(event, standings),
    }


def _dumps(value: Any) -> str:  # noqa: ANN401
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


class ChipCounts:
    """Every player at the tables, the biggest stack first (ties: by name), kept from one
    change of the tables to the next: each table is read again only when a hand ended
    there or its seats changed.

    The tables' strips rank every seated player in the field, and the tournament page
    lists the chip counts; sorting a 10,000-entrant field again after every hand anywhere
    made each hand's work grow with the field.

    >>> import random
    >>> from pokerdealer.table.event import EventSettings
    >>> from pokerdealer.table.structures import structure
    >>> event = Event(EventSettings(500, structure("turbo", timed=False), seats=2), rng=random.Random(1))
    >>> for name in ("Ann", "Bob", "Cy", "Di"):
    ...     _ = event.register(name)
    >>> event.start()
    >>> counts = ChipCounts()
    >>> counts.update(event)
    True
    >>> len(counts.rows), counts.rank(500), counts.rank(499), counts.update(event)
    (4, 1, 5, False)
    """

    def __init__(self) -> None:
        self.rows: list[tuple[int, str, int, int]] = []
        """``(-stack, name, table, seat)`` ascending: the biggest stack first."""
        self.version = 0
        """Moves with every change of :attr:`rows`."""
        self._seen: dict[int, tuple[EventTable, list[tuple[int, str, int, int]]]] = {}
        """Table id -> the table and its rows as last read."""
        self._event: Event | None = None
        self._touched: set[EventTable] = set()
        """The tables changed since the last update (:meth:`~pokerdealer.table.event.Event.watch_tables`)."""

    def update(self, event: Event) -> bool:
        """Read again the tables that changed since the last update; whether anything did."""
        if self._event is not event:  # a first reading: every table (the changes are watched from now on)
            self._event, self._touched = event, event.watch_tables()
            self.rows, self._seen = [], {}
            tables = list(event.tables.values())
        elif self._touched:
            tables = list(self._touched)
        else:
            return False
        self._touched.clear()
        rows, seen = self.rows, self._seen
        for t in tables:
            kept = seen.get(t.id)
            in_play = event.table_in_play(t.id) is t
            # A table broken or replaced leaves; the final table drawn anew takes its predecessor's id.
            if kept is not None and (kept[0] is t or in_play):
                self._drop(kept[1])
                del seen[t.id]
            if in_play:
                new = [(-p.stack, p.name, t.id, p.seat) for p in t.players]
                for row in new:
                    bisect.insort(rows, row)
                seen[t.id] = (t, new)
        self.version += 1
        return True

    def _drop(self, old: list[tuple[int, str, int, int]]) -> None:
        rows = self.rows
        for row in old:
            del rows[bisect.bisect_left(rows, row)]

    def rank(self, stack: int) -> int:
        """1 + how many stacks at the tables are bigger (equal stacks share a rank)."""
        return 1 + bisect.bisect_left(self.rows, (-stack,))


class PublicText:
    """:func:`public_state` as JSON, kept between reads and rebuilt by its parts: a table's
    part when a hand starts or ends there or its seats change, the chip counts when any
    stack or seat changed (from :class:`ChipCounts`, kept alike), the standings and the
    payouts when they change; the clock and the small counts afresh at every read.

    Every tournament page polls it each second on the loop that deals the event's hands,
    and at 10,000 entrants something changes at some table every few milliseconds: a
    state built whole at each change cost the room some 0.2 s of CPU a read.
    """

    def __init__(self, counts: ChipCounts | None = None) -> None:
        self.counts = counts if counts is not None else ChipCounts()
        self._tables: dict[int, tuple[tuple[EventTable, int, int, bool], str]] = {}
        self._counts_text: tuple[tuple[int, int | None], str] | None = None
        self._standings_text: tuple[Any, str] | None = None
        self._payouts_text: tuple[Any, str] | None = None
        self._removed: tuple[Event, list[dict[str, Any]]] | None = None

    def text(
        self,
        event: Event,
        *,
        now: float | None,
        name: str = "",
        starts_at: float | None = None,
        counts: int | None = None,
        standings: int | None = None,
        extra: dict[str, Any] | None = None,
        encoded: dict[str, str] | None = None,
    ) -> str:
        """:func:`public_state` (with ``extra``'s fields added, and ``encoded``'s: each already JSON), encoded."""
        if self._removed is None or self._removed[0] is not event:
            # Read once the event has started (nobody is removed after the start): the log grows with every hand.
            removed = _removed(event)
            self._removed = (event, removed) if _started(event) else None
        else:
            removed = self._removed[1]
        rest = _rest(event, name=name, starts_at=starts_at, recent_moves=RECENT_MOVES, removed=removed)
        head = {**rest, **moment(event, now=now), **(extra or {})}
        return (
            _dumps(head)[:-1]
            + ',"payouts":' + self._payouts(event)
            + ',"tables":' + self._tables_text(event)
            + ',"chip_counts":' + self._counts(event, counts)
            + ',"standings":' + self._standings(event, standings)
            + "".join(f',"{key}":{text}' for key, text in (encoded or {}).items())
            + "}"
        )

    def _tables_text(self, event: Event) -> str:
        kept, parts = self._tables, []
        tables = event.tables
        for t in tables.values():
            mark = (t, t.seating, t.hands_played, t.busy)
            old = kept.get(t.id)
            if old is None or old[0] != mark:
                old = kept[t.id] = (mark, _dumps(_table(t)))
            parts.append(old[1])
        if len(kept) > len(tables):
            for table_id in [i for i in kept if i not in tables]:
                del kept[table_id]
        return "[" + ",".join(parts) + "]"

    def _counts(self, event: Event, first: int | None) -> str:
        self.counts.update(event)
        key = (self.counts.version, first)
        if self._counts_text is None or self._counts_text[0] != key:
            rows = self.counts.rows[:first]
            self._counts_text = (key, _dumps([_count(row, rank) for rank, row in enumerate(rows, 1)]))
        return self._counts_text[1]

    def _standings(self, event: Event, first: int | None) -> str:
        places = event.standings  # the same tuple until a bust, an entry or the end
        kept = self._standings_text
        if kept is None or kept[0][0] is not places or kept[0][1] != first:
            kept = self._standings_text = ((places, first), _dumps(_standings(event, first)))
        return kept[1]

    def _payouts(self, event: Event) -> str:
        payouts = event.payouts  # the same tuple while the entries are
        kept = self._payouts_text
        if kept is None or kept[0] is not payouts:
            kept = self._payouts_text = (payouts, _dumps([{"place": i, "prize": p} for i, p in enumerate(payouts, 1)]))
        return kept[1]


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
    """The entries the host removed before the start, and the buy-in each got back.

    Removals are taken before the start only: the log up to the start holds them all (a
    started event's log grows with every hand, and this is read for every page's state)."""
    removed = []
    for e in event.log:
        if e.kind == "started":
            break
        if e.kind == "removed":
            removed.append({"name": str(e.data["player"]), "refund": int(e.data["refund"])})
    return removed


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


def standings_csv(event: Event, *, lang: str = "en") -> str:
    """The standings so far as CSV (:mod:`~pokerdealer.server.csv_out`: RFC 4180,
    no formulas): place, name, prize, best first, the header in ``lang`` (the
    standings page's column names); tied players share a place and split its prizes.

    >>> import random
    >>> from pokerdealer.table.event import Event, EventSettings
    >>> from pokerdealer.table.structures import structure
    >>> event = Event(EventSettings(500, structure("turbo", timed=False)), rng=random.Random(1))
    >>> standings_csv(event), standings_csv(event, lang="zh-Hant")
    ('Place,Player,Prize\\r\\n', '名次,玩家,獎金\\r\\n')
    """
    header = tuple(message(lang, f"event.col.{column}") for column in ("place", "player", "prize"))
    return to_csv(header, ((s.place, s.name, s.prize) for s in event.standings))
