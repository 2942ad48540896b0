"""A multi-table tournament (MTT): registration, the seat draw, the levels'
clock, eliminations and places, breaking and balancing tables, hand-for-hand,
the final table, and prizes (docs/rules.md#tournaments; TDA 2024 11, 23).

Pure and deterministic: the event reads no clock and draws no randomness of
its own -- time comes in as ``now`` (seconds, any epoch; needed only with
levels by minutes) and all draws come from the ``rng`` it is given. Commands
go in (:meth:`Event.register`, :meth:`~Event.start`, :meth:`~Event.pause`,
:meth:`~Event.resume`, :meth:`~Event.start_hand`, :meth:`~Event.finish_hand`),
and everything that happens is appended to :attr:`Event.log` (moves also to
:attr:`Event.moves`, with their reason). Between hands the whole event is a
JSON-ready dict (:meth:`Event.state`), which :meth:`Event.restore_state` takes back.

The rules, where they are decided:

- **Seat draw**: the entrants are dealt seat cards at random over
  ``ceil(entrants / seats)`` tables of sizes differing by at most one. Late
  registrants and re-entries are drawn into an open seat at one of the
  shortest tables (a new table opens when every seat is taken) and are dealt
  in at once unless their seat lies between the button and the small blind.
- **Levels** (:mod:`pokerdealer.table.structures`): one clock for the whole
  event. By minutes, the clock counts the running time since :meth:`start`
  (pauses excluded; a :class:`~pokerdealer.table.structures.Break` stops the
  dealing). By hands, it counts the hands played at the table that has played
  the most (a final table continues its predecessor's count). Each table
  reads the level when it deals, so a new level applies from each table's
  next hand (TDA 2024 23).
- **Late registration** is open until level ``late_registration`` (1-based,
  breaks not counted) is over; **re-entry**: a busted player may enter again,
  ``re_entries`` times at most, while registration is open. Each entry puts
  ``buy_in`` into the prize pool and ``starting_stack`` chips into play.
- **Breaking and balancing**: :mod:`pokerdealer.table.balancing` (published
  order: highest-numbered table first; the next big blind moves, to the worst
  position). A table in a hand is never touched: it breaks or gives up a
  player once its hand is over. When the players left fit the final table,
  all tables stop; once every hand is over the **final table** is drawn anew
  at the lowest-numbered table (a fresh table: new seats, a new first
  button). Its size (:attr:`EventSettings.final_seats`) is TDA 2024 RP-9's: seven
  seats for events played 6- or 7-handed, nine for 8-handed, else the
  tables' own; ``final_table_seats`` sets another, ``seats`` keeping the
  tables' size.
- **Hand-for-hand**: while ``hand_for_hand`` players or fewer separate the
  field from the money (``paid < alive <= paid + hand_for_hand``, registration
  closed, two or more tables), every table plays one hand and waits for the
  others; the round's eliminations, at all tables, are ranked together.
- **Places** (docs/rules.md#tournaments, :func:`~pokerdealer.table.tournament.place_busts`):
  players eliminated in the same hand at one table are ranked by their chips
  at the start of the hand, more chips finishing higher (``bust_tiebreak``:
  or those chips minus the ante paid); equal chips tie. Players eliminated
  in one hand-for-hand round at *different* tables tie whatever their stacks
  (WSOP-T 126-b, TDA 2024 RP-8A; :func:`~pokerdealer.table.tournament.tie_across_tables`
  says how a table losing two meets a table losing one);
  ``hand_for_hand_busts=HandForHandBusts.CHIPS`` ranks the whole round by
  chips instead, as online rooms do. Tied players share the prizes of the
  places they cover: their sum split equally in whole units, the odd units
  one each to the tied players in (table, seat) order. Places are counted from the end, so early
  eliminations are placed right even when more players register after them;
  each entry has its own place (a re-entered player may appear twice).
- **Prizes** (:mod:`pokerdealer.table.payouts`): the pool is entries x
  ``buy_in``; a preset or custom percentages; exact integer sums.
- **Chips** are conserved, else :class:`ChipsNotConserved` is raised: every
  hand must end with the chips it started with, and the chips at all tables
  must equal entries x starting stack after every registration, every hand
  that moved players, and at the end (by induction: after every hand).

>>> import random
>>> from pokerdealer.table.structures import structure
>>> settings = EventSettings(starting_stack=500, levels=structure("turbo", timed=False), seats=6)
>>> event = Event(settings, rng=random.Random(1))
>>> for i in range(14):
...     _ = event.register(f"p{i}")
>>> event.start()
>>> sorted(len(t.players) for t in event.tables.values())
[4, 5, 5]
>>> def shove(view):
...     legal = view.legal
...     return ("p%d cbr %d" % (view.player + 1, legal.max_raise_to)) if legal.max_raise_to else "p%d cc" % (view.player + 1)
>>> hands = play_event(event, lambda name: shove)
>>> event.is_over, len(event.standings), sum(s.prize for s in event.standings) == event.prize_pool
(True, 14, True)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from pokerdealer.cards import Variant
from pokerdealer.rules import Action, HeadsUpCap, PlayerView, RuleOptions, Structure
from pokerdealer.table.balancing import (
    allowed_spread,
    balance_move,
    break_order,
    next_big_blind,
    table_to_break,
    worst_seat,
)
from pokerdealer.table.button import Positions, SeatState, SeatStatus
from pokerdealer.table.payouts import payout_table, share_prizes
from pokerdealer.table.play import Decide, play_hand
from pokerdealer.table.record import HandRecord
from pokerdealer.table.settings import (
    MAX_SEATS,
    BustTiebreak,
    ButtonRule,
    HandForHandBusts,
    Level,
    TableError,
    check_tournament,
)
from pokerdealer.table.structures import Break
from pokerdealer.table.table import Player, Stakes, Table
from pokerdealer.table.tournament import (
    Standing,
    Tournament,
    antes_paid,
    place_busts,
    tie_across_tables,
)

__all__ = [
    "ChipsNotConserved",
    "Clock",
    "Event",
    "EventSettings",
    "EventTable",
    "LogEntry",
    "Move",
    "play_event",
]


#: TDA 2024 RP-9: the final table's size for events played this many a table (others keep their size).
_RP9_FINAL_TABLE = {6: 7, 7: 7, 8: 9}


class ChipsNotConserved(TableError):
    """The chips in play differ from entries x starting stack (a bug, never expected)."""


@dataclass(frozen=True, slots=True)
class EventSettings:
    """A multi-table tournament.

    :param starting_stack: chips per entry.
    :param levels: the structure: :class:`~pokerdealer.table.Level` items, all
        by hands or all by minutes, and (by minutes) :class:`Break` items.
    :param seats: seats per table (2..10).
    :param buy_in: money each entry puts into the prize pool.
    :param payouts: a preset name (:data:`~pokerdealer.table.payouts.PAYOUT_PRESETS`)
        or whole percentages for places 1, 2, ... summing to 100.
    :param late_registration: registration stays open until this level is
        over (1-based, breaks not counted; 0: closes at the start).
    :param re_entries: how many times a busted player may enter again (0: freezeout).
    :param spread: how many players tables may differ by with more than
        ``few_tables`` tables; ``spread_few`` with ``few_tables`` or fewer.
    :param hand_for_hand: hand-for-hand while this many players or fewer are
        left before the money (0: never).
    :param hand_for_hand_busts: players busting in one hand-for-hand hand at
        different tables tie (``TIE``, the TDA's rule) or are ranked by their
        chips (``CHIPS``, an online room's practice).
    :param final_table_seats: the final table's seats, from ``seats`` to 10;
        ``None``: TDA 2024 RP-9's recommendation (:attr:`final_seats`).

    >>> [EventSettings(1500, (Level(10, 20),), seats=n).final_seats for n in (6, 7, 8, 9, 10)]
    [7, 7, 9, 9, 10]
    >>> EventSettings(1500, (Level(10, 20),), seats=6, final_table_seats=6).final_seats
    6
    """

    starting_stack: int
    levels: tuple[Level | Break, ...]
    seats: int = 9
    buy_in: int = 100
    payouts: str | tuple[int, ...] = "standard"
    late_registration: int = 0
    re_entries: int = 0
    spread: int = 2
    spread_few: int = 1
    few_tables: int = 6
    hand_for_hand: int = 1
    button_rule: ButtonRule = ButtonRule.DEAD
    heads_up_no_double_bb: bool = True
    bust_tiebreak: BustTiebreak = BustTiebreak.START_STACK
    hand_for_hand_busts: HandForHandBusts = HandForHandBusts.TIE
    final_table_seats: int | None = None
    structure: Structure = Structure.NO_LIMIT
    variant: Variant = "holdem"
    options: RuleOptions = field(default_factory=RuleOptions)

    def __post_init__(self) -> None:
        levels = tuple(self.levels)
        object.__setattr__(self, "levels", levels)
        real = [x for x in levels if isinstance(x, Level)]
        check_tournament(starting_stack=self.starting_stack, levels=real, seats=self.seats)
        if any(isinstance(x, Break) for x in levels) and not any(x.minutes is not None for x in real):
            raise TableError("breaks need levels by minutes (a break is a stretch of time)")
        for name in ("buy_in", "late_registration", "re_entries", "hand_for_hand"):
            if getattr(self, name) < 0:
                raise TableError(f"{name} must be >= 0, got {getattr(self, name)}")
        if self.spread < 1 or self.spread_few < 1 or self.few_tables < 1:
            raise TableError(f"spreads must be >= 1 and few_tables >= 1, got {self.spread}, {self.spread_few}, {self.few_tables}")
        if not isinstance(self.payouts, str):
            object.__setattr__(self, "payouts", tuple(self.payouts))
        payout_table(100, 100, self.payouts)  # a bad preset or table fails here
        object.__setattr__(self, "button_rule", ButtonRule(self.button_rule))
        object.__setattr__(self, "bust_tiebreak", BustTiebreak(self.bust_tiebreak))
        if self.hand_for_hand_busts not in tuple(HandForHandBusts):
            choices = ", ".join(HandForHandBusts)
            raise TableError(f"hand_for_hand_busts must be one of {choices}, got {self.hand_for_hand_busts!r}")
        object.__setattr__(self, "hand_for_hand_busts", HandForHandBusts(self.hand_for_hand_busts))
        final = self.final_table_seats
        if final is not None and (isinstance(final, bool) or not isinstance(final, int) or not self.seats <= final <= MAX_SEATS):
            raise TableError(
                f"final_table_seats must be a whole number from the tables' {self.seats} seats to {MAX_SEATS}, got {final!r}"
            )

    @property
    def final_seats(self) -> int:
        """The final table's seats: ``final_table_seats``, else TDA 2024 RP-9's
        recommendation -- a final table of seven for events played 6- or
        7-handed, of nine for 8-handed (one more player at the last two
        tables' merge, so they can be balanced and combined sooner); else as
        many as the tables have."""
        if self.final_table_seats is not None:
            return self.final_table_seats
        return _RP9_FINAL_TABLE.get(self.seats, self.seats)

    @property
    def timed(self) -> bool:
        """Levels by minutes (then the clock needs ``now``)."""
        return any(isinstance(x, Level) and x.minutes is not None for x in self.levels)


@dataclass(frozen=True, slots=True)
class Move:
    """A player moved between tables (between their hands)."""

    hand: int
    """Hands finished in the event when the move was made."""
    player: str
    from_table: int
    to_table: int
    seat: int
    reason: str
    """``balance``, ``break`` or ``final_table``."""

    def to_json(self) -> dict[str, Any]:
        return {"hand": self.hand, "player": self.player, "from": self.from_table, "to": self.to_table, "reason": self.reason}


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One thing that happened: ``kind`` and its JSON-ready ``data``.

    Kinds: ``registered``, ``started``, ``level``, ``hand``, ``eliminated``,
    ``move``, ``table_broken``, ``final_table``, ``hand_for_hand``,
    ``registration_closed``, ``paused``, ``resumed``, ``finished``.
    """

    kind: str
    hand: int
    data: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "hand": self.hand, **self.data}


@dataclass(frozen=True, slots=True)
class Clock:
    """Where the levels' clock stands."""

    index: int
    """Index into ``settings.levels`` (a level or a break)."""
    level: Level | None
    """The level of the next hand (``None`` during a break)."""
    seconds_left: float | None
    """Until the next level or the end of the break (levels by minutes)."""
    hands_left: int | None
    """Until the next level (levels by hands)."""
    paused: bool


class EventTable(Table):
    """One table of an event: the event decides its levels and takes its busts."""

    def __init__(
        self, event: Event, table_id: int, *, rng: random.Random, hand_clock: int, serial: int = 0, seats: int | None = None
    ) -> None:
        super().__init__(event.settings, rng=rng, keep_hands=event._keep_hands)
        if seats is not None:
            self._seat_count = seats  # the final table may have more seats than the others (TDA 2024 RP-9)
        self.id = table_id
        self.serial = serial
        """Tables opened before this one (a final table drawn anew has its predecessor's id)."""
        self._event = event
        self.hand_clock_offset = hand_clock
        """The event's hand clock when this table opened (levels by hands)."""
        self.seating = 0
        """This table's seat changes (the event's :attr:`Event.seating` counts every table's):
        a follower of the event redraws only the tables whose count moved."""

    auto_action = Tournament.auto_action  # absent players are folded (TDA 2024 30)

    @property
    def busy(self) -> bool:
        return self._current is not None

    def seat_states(self) -> dict[int, SeatState]:
        """The occupied seats as :func:`~pokerdealer.table.plan_hand` sees them."""
        return {
            s: SeatState(p.status, p.missed_small_blind, p.missed_big_blind, p.new)
            for s, p in self._seats.items()
            if p.stack > 0
        }

    def start_hand(self, now: float | None = None) -> HandRecord:
        self._event._check_ready(self, now)
        record = super().start_hand(now)
        self._event._hand_started(self, record)
        return record

    def _stakes(self, now: float | None) -> Stakes:
        return self._event._stakes(now)

    def _rule_options(self) -> RuleOptions:
        # TDA 2026 50 (2024: 48): the fixed-limit cap holds heads-up until the event is down to two.
        if self._event.alive == 2:
            return self._options.replace(limit_heads_up_cap=HeadsUpCap.UNCAP_IF_ROUND_STARTS_HEADS_UP)
        return self._options

    def _after_hand(self, record: HandRecord) -> None:
        self._event._hand_finished(self, record)

    # The event moves players; nobody else does.
    def _remove(self, seat: int) -> Player:
        self._event.seating += 1
        self.seating += 1
        self._event._touched(self)
        return self._seats.pop(seat)

    def _place(self, player: Player, seat: int) -> None:
        if seat in self._seats or not 1 <= seat <= self._seat_count:
            raise TableError(f"seat {seat} at table {self.id} is not free")
        self._event.seating += 1
        self.seating += 1
        self._event._touched(self)
        player.seat = seat
        self._seats[seat] = player

    def _state(self) -> dict[str, Any]:
        prev = self._prev
        return {
            "id": self.id,
            "hands_played": self._played,
            "offset": self.hand_clock_offset,
            "serial": self.serial,
            "seat_count": self._seat_count,
            "prev": None if prev is None else [prev.button, prev.small_blind, prev.big_blind, prev.small_blind_dead],
            "seats": [
                [p.seat, p.name, p.stack, p.status.value, p.missed_small_blind, p.missed_big_blind, p.new, p.away]
                for _, p in sorted(self._seats.items())
            ],
            "rng": _rng_state(self._rng),
        }

    def _restore(self, state: Mapping[str, Any]) -> None:
        self._played = int(state["hands_played"])
        self._seat_count = int(state.get("seat_count", self._seat_count))
        self.hand_clock_offset = int(state["offset"])
        prev = state["prev"]
        self._prev = None if prev is None else Positions(int(prev[0]), int(prev[1]), int(prev[2]), bool(prev[3]))
        self._seats = {}
        for seat, name, stack, status, msb, mbb, new, away in state["seats"]:
            self._seats[int(seat)] = Player(str(name), int(seat), int(stack), SeatStatus(status), bool(msb), bool(mbb), bool(new), bool(away))
        assert self._rng is not None
        self._rng.setstate(_rng_from(state["rng"]))


def _rng_state(rng: random.Random | None) -> list[Any]:
    assert rng is not None
    version, internal, gauss = rng.getstate()
    return [version, list(internal), gauss]


def _rng_from(data: Sequence[Any]) -> tuple[Any, ...]:
    return (int(data[0]), tuple(int(x) for x in data[1]), data[2])


class Event:
    """A multi-table tournament, driven by commands, recorded in :attr:`log`.

    :param settings: the event's structure and house options.
    :param rng: every draw (seats, tables broken into, buttons, shuffles) comes from it.
    :param keep_hands: finished hands kept per table (``None``: all).
    """

    def __init__(self, settings: EventSettings, *, rng: random.Random, keep_hands: int | None = None) -> None:
        self.settings = settings
        self._timed = settings.timed  # asked before every hand
        self._rng = rng
        self._keep_hands = keep_hands
        self._tables: dict[int, EventTable] = {}
        self._started_tables = 0
        self._opened = 0
        self._alive = 0  # players at the tables, kept as they bust and register (asked before every hand)
        self._payouts: tuple[int, tuple[int, ...]] = (-1, ())
        self._standings: tuple[tuple[int, int, int, bool] | None, tuple[Standing, ...]] = (None, ())
        self._now: float | None = None  # the latest time given (closes late registration after a hand)
        self._registered: list[str] = []
        self._entries_of: dict[str, int] = {}
        self._entries = 0
        self._out: list[tuple[int, tuple[str, ...]]] = []  # (hand, tied group), worse groups first
        self._hands = 0
        self._hand_clock = 0
        self._start_time: float | None = None
        self._started = False
        self._paused_at: float | None = None
        self._paused_total = 0.0
        self._paused = False
        self._registration_closed = False
        self._hfh = False
        self._round: set[int] = set()
        self._pending: list[tuple[str, int, tuple[int, int]]] = []  # hand-for-hand busts: name, basis, (table, seat)
        self._last_level: int | None = None
        self.log: list[LogEntry] = []
        self.moves: list[Move] = []
        self.broken: list[int] = []
        """Tables broken, in the order they broke."""
        self.seating = 0
        """Seats taken and left so far (a draw, a bust, a move, a table broken): whoever mirrors
        who sits where (the room's tables) looks again only when this moved."""
        self.dealt = 0
        """Hands dealt at all tables, in this process (a restored event counts from 0): whoever
        keeps a view of the tables (which are in a hand, their buttons) builds it again only when
        this or :attr:`hands` moved."""
        self._watchers: list[set[EventTable]] = []

    # ------------------------------------------------------------ queries
    def watch_tables(self) -> set[EventTable]:
        """A set the event adds a table to whenever its players' stacks or seats change (a hand
        ended there, a seat was taken or left, the table broke or was drawn anew, the whole
        event restored: old tables and new); its reader takes the tables out as it reads them
        again. Who keeps a view of every player (the chip counts) then reads only those,
        not every table after every hand (a 10,000-entrant event has 1,112)."""
        watched: set[EventTable] = set()
        self._watchers.append(watched)
        return watched

    def _touched(self, table: EventTable) -> None:
        for watched in self._watchers:
            watched.add(table)

    @property
    def tables(self) -> Mapping[int, EventTable]:
        """The tables in play, by id."""
        return dict(sorted(self._tables.items()))

    @property
    def tables_started(self) -> int:
        return self._started_tables

    @property
    def entries(self) -> int:
        return self._entries

    @property
    def hands(self) -> int:
        """Hands finished at all tables."""
        return self._hands

    @property
    def alive(self) -> int:
        """Players with chips (registered but not started: the registered)."""
        return self._alive if self._started else len(self._registered)

    @property
    def hand_clock(self) -> int:
        """Hands played at the table that has played the most (what levels by hands count)."""
        return self._hand_clock

    @property
    def prize_pool(self) -> int:
        return self._entries * self.settings.buy_in

    @property
    def payouts(self) -> tuple[int, ...]:
        """Prizes for places 1, 2, ...; final once registration has closed."""
        if self._payouts[0] != self._entries:  # asked after every hand: computed once per entry count
            self._payouts = (self._entries, payout_table(self.prize_pool, max(self._entries, 1), self.settings.payouts))
        return self._payouts[1]

    @property
    def is_over(self) -> bool:
        return self._started and self.alive <= 1 and not self._pending

    @property
    def hand_for_hand(self) -> bool:
        return self._hfh

    @property
    def total_chips(self) -> int:
        """Chips at all tables; always entries x starting stack."""
        return sum(p.stack for t in self._tables.values() for p in t._seats.values())

    def entries_of(self, name: str) -> int:
        """How many times ``name`` has entered (1 + their re-entries; 0: never)."""
        return self._entries_of.get(name, 0)

    def where(self, name: str) -> tuple[int, int] | None:
        """``(table, seat)`` of a player in play."""
        for t in self._tables.values():
            for seat, p in t._seats.items():
                if p.name == name:
                    return t.id, seat
        return None

    @property
    def standings(self) -> tuple[Standing, ...]:
        """Places so far, best first: the eliminated (counted from the end),
        and the winner once the event is over. Prizes use :attr:`payouts`.

        Worked out once for each change of what it reads (a bust, an entry, the end):
        the pages, the tables' strips and each player's ``/me`` ask for it, and at
        10,000 entrants it is thousands of places with their prizes shared."""
        key = (len(self._out), self.alive, self._entries, self.is_over)
        kept_key, kept = self._standings
        if kept_key == key:
            return kept
        if kept_key is not None and kept_key[2] == key[2] and not kept_key[3] and not key[3] and kept_key[0] < key[0]:
            new = self._out[kept_key[0] :]
            if kept_key[1] - key[1] == sum(len(group) for _, group in new):
                # Only busts since: their places are better than every place before, and the places
                # before stay as they were (those out later are counted after them, as many as left the field).
                # Every bust of a big field read all the places again.
                self._standings = (key, self._standings_now(new) + kept)
                return self._standings[1]
        self._standings = (key, self._standings_now(self._out))
        return self._standings[1]

    def _standings_now(self, groups: Sequence[tuple[int, tuple[str, ...]]]) -> tuple[Standing, ...]:
        """The places of ``groups`` (the last of :attr:`_out`, or all of it), best first, counted from the field left."""
        payouts = self.payouts
        out: list[Standing] = []
        after = 0
        alive = self.alive
        for hand, group in reversed(groups):
            place = alive + after + 1
            for name, prize in zip(group, share_prizes(payouts, place, len(group))):
                out.append(Standing(place, name, prize, hand))
            after += len(group)
        if self.is_over and alive == 1:
            (winner,) = (p.name for t in self._tables.values() for p in t._seats.values())
            out.append(Standing(1, winner, payouts[0] if payouts else 0, None))
        return tuple(sorted(out, key=lambda s: (s.place, s.name)))

    # -------------------------------------------------------------- clock
    def _elapsed(self, now: float | None) -> float:
        if self._start_time is None:
            return 0.0
        if self._paused_at is not None:
            now = self._paused_at
        elif self._now is not None and self.is_over:
            now = self._now  # over: the clock stopped at the last hand's level (it ran on through levels nobody played)
        if now is None:
            raise TableError("levels by minutes need the time: pass now=")
        return now - self._start_time - self._paused_total

    def clock(self, now: float | None = None) -> Clock:
        """The level (or break) now and what is left of it."""
        timed = self._timed
        x = self._elapsed(now) / 60.0 if timed else float(self._hand_clock)
        levels = self.settings.levels
        index, left = len(levels) - 1, None
        for i, item in enumerate(levels):
            length = item.minutes if timed else item.hands  # type: ignore[union-attr]
            if length is None or x < length:
                index, left = i, (None if length is None else length - x)
                break
            x -= length
        item = levels[index]
        return Clock(
            index,
            item if isinstance(item, Level) else None,
            None if left is None or not timed else left * 60.0,
            None if left is None or timed else round(left),
            self._paused,
        )

    def resumes_at(self, now: float | None = None) -> float | None:
        """During a break (levels by minutes): when dealing resumes."""
        c = self.clock(now)
        if c.level is None and c.seconds_left is not None and not self._paused:
            assert now is not None
            return now + c.seconds_left
        return None

    def _level_number(self, index: int) -> int:
        """1-based number of the last level at or before structure ``index`` (breaks not counted)."""
        return sum(1 for x in self.settings.levels[: index + 1] if isinstance(x, Level))

    def registration_open(self, now: float | None = None) -> bool:
        if self._registration_closed:
            return False
        if not self._started:
            return True
        return self._level_number(self.clock(now).index) <= self.settings.late_registration

    def _close_registration_if_due(self, now: float | None) -> None:
        if not self._registration_closed and self._started and not self.registration_open(now):
            self._registration_closed = True
            self._log("registration_closed", entries=self._entries, prize_pool=self.prize_pool, payouts=list(self.payouts))

    def _stakes(self, now: float | None) -> Stakes:
        c = self.clock(now)
        if c.level is None:
            raise TableError("the event is on a break")
        lv = c.level
        return Stakes(lv.small_blind, lv.big_blind, lv.ante, lv.ante_type, c.index)

    # ----------------------------------------------------------- commands
    def _log(self, kind: str, **data: Any) -> None:
        self.log.append(LogEntry(kind, self._hands, data))

    def register(self, name: str, *, now: float | None = None) -> tuple[int, int] | None:
        """Enter ``name`` (again, for a re-entry). Before the start, the seat
        is drawn at the start (returns ``None``); afterwards, at once
        (returns ``(table, seat)``)."""
        if not name or not name.strip():
            raise TableError("a player needs a name")
        # Refusals carry catalog keys: the room tells them in the reader's language.
        if self.is_over:
            raise TableError.said("room.event.error.over")
        if not self.registration_open(now):
            raise TableError.said("room.event.error.registration_closed")
        if name in self._registered or self.where(name) is not None:
            raise TableError.said("room.event.error.not_out", name=name)
        done = self._entries_of.get(name, 0)
        if done and not self._started:
            raise TableError(f"{name!r} is already registered")
        if done > self.settings.re_entries:
            raise TableError.said("room.event.error.no_reentry_left", name=name, n=self.settings.re_entries)
        self._entries_of[name] = done + 1
        self._entries += 1
        if not self._started:
            self._registered.append(name)
            self._log("registered", player=name, entry=done + 1)
            return None
        table, seat = self._draw_seat()
        table._place(Player(name, seat, self.settings.starting_stack, SeatStatus.ENTRANT), seat)
        self._alive += 1
        self._log("registered", player=name, entry=done + 1, table=table.id, seat=seat)
        self._check_chips()
        return table.id, seat

    def unregister(self, name: str) -> int:
        """Take ``name``'s entry back before the start (the host removes a junk
        registration): their buy-in leaves the prize pool and is theirs again (returned:
        the refund, logged as ``removed``), their place is free. Once the seats are drawn
        an entry's chips are in play, and it is refused.

        >>> ev = Event(EventSettings(1500, (Level(10, 20),), buy_in=100), rng=random.Random(1))
        >>> for name in ("Ann", "junk", "Bob"):
        ...     ev.register(name)
        >>> ev.unregister("junk"), ev.entries, ev.prize_pool
        (100, 2, 200)
        >>> ev.log[-1].kind, ev.log[-1].data
        ('removed', {'player': 'junk', 'refund': 100})
        """
        if self._started:
            raise TableError.said("room.event.error.remove_started", name=name)
        if name not in self._registered:
            raise TableError.said("event.error.not_registered", name=name)
        self._registered.remove(name)
        self._entries -= 1
        del self._entries_of[name]  # before the start a name has its one entry
        refund = self.settings.buy_in
        self._log("removed", player=name, refund=refund)
        return refund

    def start(self, *, now: float | None = None) -> None:
        """Draw the seats and start the clock."""
        if self._started:
            raise TableError("the event has started")
        n = len(self._registered)
        if n < 2:
            raise TableError(f"a tournament needs at least 2 players, got {n}")
        if self._timed and now is None:
            raise TableError("levels by minutes need the time: pass now=")
        seats = self.settings.seats
        count = -(-n // seats)
        size, extra = divmod(n, count)
        cards: list[tuple[int, int]] = []
        for t in range(1, count + 1):
            k = size + (1 if t <= extra else 0)
            cards += [(t, s) for s in sorted(self._rng.sample(range(1, seats + 1), k))]
        self._rng.shuffle(cards)
        for t in range(1, count + 1):
            self._open_table(t)
        for name, (t, seat) in zip(self._registered, cards):
            self._tables[t]._place(Player(name, seat, self.settings.starting_stack, new=False), seat)
        self._registered = []
        self._alive = n
        self._started = True
        self._start_time = now
        self._log("started", tables=count, entries=self._entries, seats=[[p.name, t.id, p.seat] for t in self.tables.values() for p in t.players])
        self._check_chips()
        self._settle(now)  # closes registration, starts hand-for-hand if already due

    def pause(self, *, now: float | None = None) -> None:
        """Stop the clock and the dealing (hands in play finish)."""
        if not self._started or self._paused:
            raise TableError("the event is not running")
        if self._timed and now is None:
            raise TableError("levels by minutes need the time: pass now=")
        self._paused = True
        self._paused_at = now
        self._log("paused", at=now)

    def resume(self, *, now: float | None = None) -> None:
        if not self._paused:
            raise TableError("the event is not paused")
        if self._timed:
            if now is None or self._paused_at is None:
                raise TableError("levels by minutes need the time: pass now=")
            self._paused_total += now - self._paused_at
        self._paused = False
        self._paused_at = None
        self._log("resumed", at=now)

    def set_away(self, name: str, away: bool = True) -> None:
        """Mark a player absent (dealt in, posts, folded) or back."""
        where = self.where(name)
        if where is None:
            raise TableError(f"no player {name!r} in play")
        self._tables[where[0]]._find(name).away = away

    def table_in_play(self, table_id: int) -> EventTable | None:
        """The table ``table_id`` if it is in play (:attr:`tables` without a sorted copy of them all)."""
        return self._tables.get(table_id)

    def may_deal(self, table_id: int, now: float | None = None) -> bool:
        """Whether one table may deal its next hand now (``table_id in ready_tables(now)``,
        without looking at every other table, as each table asks at each of its turns)."""
        t = self._tables.get(table_id)
        return t is not None and self._may_deal(now) and self._table_may_deal(t)

    def ready_tables(self, now: float | None = None) -> tuple[int, ...]:
        """The tables that may deal their next hand now."""
        if not self._may_deal(now):
            return ()
        return tuple(t.id for t in self._tables.values() if self._table_may_deal(t))  # ids ascending

    def _may_deal(self, now: float | None) -> bool:
        if not self._started or self.is_over or self._paused:
            return False
        if self.clock(now).level is None:
            return False
        if len(self._tables) > 1 and self.alive <= self.settings.final_seats and not (self._hfh and self._round):
            return False  # the final table is drawn once every hand is over (a hand-for-hand round first ends)
        if self._hfh_due() != self._hfh:
            return False  # hand-for-hand starts or stops once every hand is over
        return not (self._hfh and any(t.busy and t.id not in self._round for t in self._tables.values()))

    def _table_may_deal(self, t: EventTable) -> bool:
        return not t.busy and len(t._seats) >= 2 and not (self._hfh and t.id in self._round)

    def _check_ready(self, table: EventTable, now: float | None) -> None:
        self._now = now if now is not None else self._now
        if not (self._may_deal(now) and self._table_may_deal(table)):
            raise TableError(f"table {table.id} may not deal now (paused, a break, hand-for-hand or a table change)")

    def start_hand(self, table_id: int, *, now: float | None = None) -> HandRecord:
        """Deal the next hand at a table (see :meth:`ready_tables`)."""
        return self._table(table_id).start_hand(now)

    def finish_hand(self, table_id: int) -> HandRecord:
        """Settle a table's hand: eliminations, then breaking, balancing,
        hand-for-hand (all logged). ``event.tables[id].finish_hand()`` does the same."""
        return self._table(table_id).finish_hand()

    def _table(self, table_id: int) -> EventTable:
        if table_id not in self._tables:
            raise TableError(f"no table {table_id}: tables in play are {sorted(self._tables)}")
        return self._tables[table_id]

    # ------------------------------------------------------- bookkeeping
    def _hand_started(self, table: EventTable, record: HandRecord) -> None:
        self.dealt += 1
        if self._hfh:
            self._round.add(table.id)
        if record.level != self._last_level:
            self._last_level = record.level
            lv = self.settings.levels[record.level or 0]
            assert isinstance(lv, Level)
            self._log("level", index=record.level, small_blind=lv.small_blind, big_blind=lv.big_blind, ante=lv.ante)

    def _hand_finished(self, table: EventTable, record: HandRecord) -> None:
        self._hands += 1
        self._touched(table)  # its stacks are the hand's result
        self._hand_clock = max(self._hand_clock, table.hand_clock_offset + table.hands_played)
        self._log("hand", table=table.id, number=record.number)
        hand = record.hand
        out = [i for i, seat in enumerate(record.seats) if table._seats[seat].stack == 0]
        basis = list(hand.starting_stacks)
        if self.settings.bust_tiebreak is BustTiebreak.START_STACK_AFTER_ANTE:
            basis = [s - a for s, a in zip(basis, antes_paid(hand.config))]
        busts = sorted(((hand.config.players[i], basis[i], (table.id, record.seats[i])) for i in out), key=lambda b: b[2])
        for i in out:
            table._remove(record.seats[i])
        self._alive -= len(out)
        if sum(hand.stacks) != sum(hand.starting_stacks):
            raise ChipsNotConserved(f"table {table.id} hand {record.number}: {sum(hand.starting_stacks)} chips became {sum(hand.stacks)}")
        if self._hfh:
            self._pending += busts
        else:
            self._eliminate(busts)
        moves = len(self.moves)
        self._settle(self._now)
        if len(self.moves) != moves or self.is_over:
            self._check_chips()  # the hand kept its chips (above); moves keep them too, checked here

    def _eliminate(self, busts: list[tuple[str, int, tuple[int, int]]]) -> None:
        if not busts:
            return
        busts = sorted(busts, key=lambda b: b[2])  # the tie order: table, then seat
        if self.settings.hand_for_hand_busts is HandForHandBusts.TIE:
            groups = tie_across_tables(self.alive + 1, [(name, chips, where[0]) for name, chips, where in busts])
        else:
            groups = place_busts(self.alive + 1, [(name, chips) for name, chips, _ in busts])
        for _, group in reversed(groups):
            self._out.append((self._hands, tuple(group)))
        self._log("eliminated", players=[[place, list(group)] for place, group in groups])

    def _check_chips(self) -> None:
        expected = self._entries * self.settings.starting_stack
        if self._started and self.total_chips != expected:
            raise ChipsNotConserved(f"{self.total_chips} chips in play, expected {expected}")
        seated = sum(len(t._seats) for t in self._tables.values())
        if self._started and seated != self._alive:
            raise ChipsNotConserved(f"{seated} players seated, {self._alive} counted")

    def _hfh_due(self) -> bool:
        paid = len(self.payouts)
        return (
            self.settings.hand_for_hand > 0
            and self._registration_closed
            and len(self._tables) > 1
            and paid < self.alive + len(self._pending) <= paid + self.settings.hand_for_hand
        )

    def _settle(self, now: float | None) -> None:
        if self._hfh and any(t.busy for t in self._tables.values()):
            return  # the round goes on (asked after every hand: the tables are walked only hand-for-hand)
        if self._hfh and self._round:
            if any(len(t._seats) >= 2 and t.id not in self._round for t in self._tables.values()):
                return  # tables still to play this round
            self._round = set()
            pending, self._pending = self._pending, []
            self._eliminate(pending)
        self._close_registration_if_due(now)
        self._rebalance()
        if self.is_over:
            if not any(e.kind == "finished" for e in self.log[-3:]):
                self._log("finished", winner=self.standings[0].name)
            return
        due = self._hfh_due()
        if due != self._hfh and not any(t.busy for t in self._tables.values()):
            self._hfh = due
            self._round = set()
            self._log("hand_for_hand", on=due)

    def _rebalance(self) -> None:
        seats = self.settings.seats
        while self.alive > 1:
            counts = {t.id: len(t._seats) for t in self._tables.values()}
            if len(counts) > 1 and self.alive <= self.settings.final_seats:
                if not any(t.busy for t in self._tables.values()):
                    self._final_table()
                return
            victim = table_to_break(counts, seats=seats)
            if victim is not None and not self._tables[victim].busy:
                self._break(victim)
                continue
            if victim is not None:
                del counts[victim]  # breaks after its hand; nobody moves to it
            spread = allowed_spread(
                len(counts), spread=self.settings.spread, spread_few=self.settings.spread_few, few_tables=self.settings.few_tables
            )
            move = balance_move(counts, spread=spread)
            if move is None or self._tables[move[0]].busy:
                return
            self._balance(*move)

    def _break(self, victim: int) -> None:
        table = self._tables.pop(victim)
        players = [table._remove(s) for s in sorted(table._seats)]
        self._rng.shuffle(players)
        self.broken.append(victim)
        self._log("table_broken", table=victim, players=len(players))
        for p in players:
            to, seat = self._draw_seat()
            self._seat_moved(p, victim, to, seat, "break", SeatStatus.ENTRANT)

    def _draw_seat(self) -> tuple[EventTable, int]:
        """A seat drawn at one of the shortest tables (a new table if all are full)."""
        open_tables = [t for t in self.tables.values() if len(t._seats) < t.seat_count]
        if not open_tables:
            table = self._open_table(max(self._tables, default=0) + 1)
            return table, self._rng.choice(table.free_seats)
        fewest = min(len(t._seats) for t in open_tables)
        table = self._rng.choice([t for t in open_tables if len(t._seats) == fewest])
        return table, self._rng.choice(table.free_seats)

    def _open_table(self, table_id: int, seats: int | None = None) -> EventTable:
        table = EventTable(
            self, table_id, rng=random.Random(self._rng.getrandbits(64)), hand_clock=self._hand_clock, serial=self._opened,
            seats=seats,
        )
        self._tables[table_id] = table
        self._started_tables += 1
        self._opened += 1
        return table

    def _balance(self, source: int, target: int) -> None:
        src, dst = self._tables[source], self._tables[target]
        hu = self.settings.heads_up_no_double_bb
        rule = self.settings.button_rule
        seat = next_big_blind(rule, src.positions, src.seat_states(), seat_count=src.seat_count, heads_up_no_double_bb=hu)
        to_seat = worst_seat(rule, dst.positions, dst.seat_states(), seat_count=dst.seat_count, heads_up_no_double_bb=hu)
        if to_seat is None:
            to_seat = self._rng.choice(dst.free_seats)
        self._seat_moved(src._remove(seat), source, dst, to_seat, "balance", SeatStatus.ENTRANT)

    def _seat_moved(self, p: Player, source: int, to: EventTable, seat: int, reason: str, status: SeatStatus) -> None:
        moved = Player(p.name, seat, p.stack, status, new=status is SeatStatus.ENTRANT, away=p.away)
        to._place(moved, seat)
        move = Move(self._hands, p.name, source, to.id, seat, reason)
        self.moves.append(move)
        self._log("move", player=p.name, seat=seat, **{k: v for k, v in move.to_json().items() if k not in ("hand", "player")})

    def _final_table(self) -> None:
        players = [(t.id, t._remove(s)) for t in self.tables.values() for s in sorted(t._seats)]
        ids = sorted(self._tables)
        final_id = ids[0]
        for t in break_order(ids):
            if t != final_id:
                self.broken.append(t)
                self._log("table_broken", table=t, players=sum(1 for tid, _ in players if tid == t))
        self._tables = {}
        final_seats = self.settings.final_seats
        table = self._open_table(final_id, seats=final_seats)
        self._started_tables -= 1  # the same table, drawn anew
        seats = self._rng.sample(range(1, final_seats + 1), len(players))
        self._rng.shuffle(players)
        self._log("final_table", table=final_id, players=len(players))
        for (source, p), seat in zip(players, seats):
            self._seat_moved(p, source, table, seat, "final_table", SeatStatus.ACTIVE)

    # ---------------------------------------------------------- snapshots
    def state(self) -> dict[str, Any]:
        """The whole event between hands as JSON-ready data (no hand in play at
        any table): tables and seats, the clock, entries, places, moves, the
        RNGs, and the log. The settings are not part of it."""
        if any(t.busy for t in self._tables.values()):
            raise TableError("a hand is in play: the state is taken when every table is between hands")
        return {
            "tables": [t._state() for t in self.tables.values()],
            "started_tables": self._started_tables,
            "registered": list(self._registered),
            "entries_of": dict(self._entries_of),
            "entries": self._entries,
            "out": [[hand, list(group)] for hand, group in self._out],
            "hands": self._hands,
            "hand_clock": self._hand_clock,
            "clock": [self._started, self._start_time, self._paused, self._paused_at, self._paused_total, self._now],
            "opened": self._opened,
            "registration_closed": self._registration_closed,
            "hand_for_hand": [self._hfh, sorted(self._round), [[n, c, list(w)] for n, c, w in self._pending]],
            "last_level": self._last_level,
            "moves": [[m.hand, m.player, m.from_table, m.to_table, m.seat, m.reason] for m in self.moves],
            "broken": list(self.broken),
            "log": [e.to_json() for e in self.log],
            "rng": _rng_state(self._rng),
        }

    def restore_state(self, state: Mapping[str, Any]) -> None:
        """Take back what :meth:`state` gave (on an event of the same settings)."""
        try:
            for old in self._tables.values():
                self._touched(old)  # gone: its players are those of the tables below
            self._tables = {}
            self._standings = (None, ())  # the places are read anew
            self.seating += 1  # every seat drawn anew
            for ts in state["tables"]:
                table = EventTable(self, int(ts["id"]), rng=random.Random(), hand_clock=0, serial=int(ts["serial"]))
                table._restore(ts)
                self._tables[table.id] = table
                self._touched(table)
            self._started_tables = int(state["started_tables"])
            self._registered = [str(n) for n in state["registered"]]
            self._entries_of = {str(k): int(v) for k, v in state["entries_of"].items()}
            self._entries = int(state["entries"])
            self._out = [(int(h), tuple(str(n) for n in g)) for h, g in state["out"]]
            self._hands = int(state["hands"])
            self._hand_clock = int(state["hand_clock"])
            started, start, paused, paused_at, paused_total, self._now = state["clock"]
            self._opened = int(state["opened"])
            self._started, self._start_time, self._paused = bool(started), start, bool(paused)
            self._paused_at, self._paused_total = paused_at, float(paused_total)
            self._registration_closed = bool(state["registration_closed"])
            hfh, rnd, pending = state["hand_for_hand"]
            self._hfh, self._round = bool(hfh), {int(t) for t in rnd}
            self._pending = [(str(n), int(c), (int(w[0]), int(w[1]))) for n, c, w in pending]
            self._last_level = state["last_level"]
            self.moves = [Move(int(h), str(p), int(f), int(t), int(s), str(r)) for h, p, f, t, s, r in state["moves"]]
            self.broken = [int(t) for t in state["broken"]]
            self.log = [LogEntry(e["kind"], e["hand"], {k: v for k, v in e.items() if k not in ("kind", "hand")}) for e in state["log"]]
            self._rng.setstate(_rng_from(state["rng"]))
            self._alive = sum(len(t._seats) for t in self._tables.values())
        except (KeyError, TypeError, ValueError, IndexError) as error:
            raise TableError(f"not an event state ({error}); expected what Event.state() returns") from None
        self._check_chips()


def play_event(
    event: Event,
    decide_for: Callable[[str], Decide],
    *,
    seconds_per_hand: float | None = None,
    on_hand: Callable[[EventTable, HandRecord], None] | None = None,
    max_hands: int | None = None,
) -> int:
    """Play a started event to its end with one policy per player, one hand at
    a time; returns the hands played.

    The tables take turns as if dealing at the same pace: the next hand is
    dealt at the ready table that has dealt the fewest hands (ties: lowest
    number). With levels by minutes, ``seconds_per_hand`` is the time a hand
    takes; each table keeps its own time, the clock ``now`` is that of the
    table dealing, and a break is waited out.
    """
    timed = event.settings.timed
    if timed and seconds_per_hand is None:
        raise TableError("levels by minutes: pass seconds_per_hand")
    step = seconds_per_hand if timed else 1.0
    assert step is not None
    now = event._start_time if timed and event._start_time is not None else 0.0
    times: dict[tuple[int, int], float] = {}  # (table id, serial) -> the table's own time
    played = 0
    while not event.is_over:
        if max_hands is not None and played >= max_hands:
            break
        ready = event.ready_tables(now if timed else None)
        if not ready:
            wake = event.resumes_at(now) if timed else None
            if wake is None:
                raise TableError("the event is stuck: no table can deal")
            now = wake
            continue
        keys = {t: (t, event._tables[t].serial) for t in ready}
        t = min(ready, key=lambda t: (times.get(keys[t], now), t))
        now = max(now, times.get(keys[t], now))
        if timed and t not in event.ready_tables(now):
            continue  # the clock reached a break
        table = event._tables[t]

        def decide(view: PlayerView, table: EventTable = table) -> Action | str:
            current = table.current
            assert current is not None
            return decide_for(current.players[view.player])(view)

        record = play_hand(table, decide, now=now if timed else None)
        times[keys[t]] = times.get(keys[t], now) + step
        played += 1
        if on_hand is not None:
            on_hand(table, record)
    return played
