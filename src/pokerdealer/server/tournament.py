"""Tournaments in the room: one multi-table :class:`~pokerdealer.table.event.Event`
played at room tables.

A :class:`LiveEvent` owns the pure event and one room table
(:class:`EventTable`, a :class:`~pokerdealer.server.live.LiveTable`) per
table of the event, so players use the table page ``/t/{table}`` as in a
cash game. Each room table deals its hands through the event's table: the
event decides whether it may deal (a break, a pause, hand-for-hand, a table
change), the level of each hand (from the next hand, TDA 23), and, when a
hand ends, the eliminations, the moves and the tables broken. The room
tables follow at once: a player moved gets a member at the new table and
their browser a ``moved`` message with its id (their tournament token is
their seat token at every table); a final table drawn anew is a new room
table.

**One log for the whole event.** The order in which the tables' hands end
decides who is moved where, so the event's commands (``ev_register``,
``ev_remove``, ``ev_reenter``, ``ev_start``, ``ev_pause``, ``ev_resume``, ``ev_restart``, ``ev_tick``,
the host's chat mutes ``ev_mute`` and ``ev_mute_specs``) and
every event of its tables (``hand_start``, ``act``, ``hand_end``,
``sit_out``, ... with ``table``: the room table's id) are one log, in the
``events`` rows of the event's id, numbered in the order they happened. A
start replays it with the recorded times (``at``), so the event, every table
and the hand in play at each are rebuilt exactly (the deck of each hand is in
its ``hand_start``, as at a cash table). The clock then resumes where it
stopped: the time the server was down is a pause (``ev_restart`` records the
last time the log saw, at most ``TICK`` seconds before the crash).

The event's row in ``tables`` is its settings (``{"tournament": ..., "seed"}``)
and its lease; each room table has a row (closed: never listed on its own)
and a lease of its own.

**Several processes, one event** (PostgreSQL). Every process that plays one of
the event's tables, or is asked about the event, keeps the whole event in
memory and follows the log: it writes only in its turn
(:class:`~pokerdealer.server.log_turn.LogTurn`: the log's lock, then what the
others wrote since, then its own events), so all of them apply the same
events in the same order and agree on the clock, the moves and the places,
which are all in the log. The holder of the event's lease ticks the clock
and starts the event at its time; each table is played by the holder of its
lease, and moves between processes as a cash table does (to the process its
readers reach, once nobody reads it where it is). A process that dies leaves
its tables, and the event's lease, to the others once the leases expire
(:meth:`LiveEvent.take_free`). On SQLite one process holds an event and all
its tables.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import hmac
import json
import logging
import math
import random
import secrets
import time
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from pokerdealer.server import db, event_views, host
from pokerdealer.server.live import Command, Conn, LiveTable, Member, Rejected, hash_token
from pokerdealer.server.log_turn import LogTurn
from pokerdealer.server.protocol import ProtocolError, visible_text
from pokerdealer.server.seat_names import name_bots, taken_as
from pokerdealer.server.settings import LANGS, TableSettings, check_bot_kinds
from pokerdealer.server.views import table_state
from pokerdealer.server.waiting import note
from pokerdealer.server.words import words
from pokerdealer.table import SeatStatus, TableError
from pokerdealer.table.event import Event, EventSettings
from pokerdealer.table.event import EventTable as PureTable
from pokerdealer.table.payouts import PAYOUT_PRESETS
from pokerdealer.table.settings import HandForHandBusts, Level
from pokerdealer.table.structures import STRUCTURE_PRESETS, Break, structure
from pokerdealer.table.tournament import Standing

if TYPE_CHECKING:
    from pokerdealer.server.room import Room

__all__ = ["FIELD_EVERY", "TICK", "EventTable", "FieldNews", "LiveEvent", "TournamentSpec", "create_event", "follow_event", "restore_event"]

log = logging.getLogger("pokerdealer.server")

TICK = 2.0
"""Seconds between the clock's ``ev_tick`` events while nothing else is written:
after a crash the clock loses at most this much."""

FIELD_EVERY = 1.0
"""Seconds between the field's news to every table (players left, average, ranks:
:meth:`LiveEvent.tell_field`); each table's own states carry it at once."""


def _field(name: str, /, **params: Any) -> dict[str, Any]:  # noqa: ANN401
    """A tournament setting's name in words (catalog ``event.settings.field.<name>``)."""
    return {"key": f"event.settings.field.{name}", "params": params}


def _whole(d: Mapping[str, Any], key: str, low: int, high: int, default: int) -> int:
    value = d.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise TableError.said("room.settings.whole_number", field=_field(key), low=low, high=high)
    return value


def _seconds(value: Any, what: dict[str, Any], low: float = 1.0, high: float = 86400.0) -> float:  # noqa: ANN401
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not low <= value <= high:
        raise TableError.said("event.settings.seconds", what=what, low=f"{low:g}", high=f"{high:g}")
    return float(value)


MUTES = ("mute", "unmute", "mute_spectators", "unmute_spectators")
"""The host's chat commands (the same words as a cash table's host's)."""

START_AHEAD_DAYS = 60
"""How far ahead a new tournament may be set to start (two months: a league's next night)."""


@dataclass(frozen=True)
class TournamentSpec:
    """What a tournament is created with, checked at the edge (:meth:`from_dict`).

    ``levels``: custom levels, ``[{"small_blind", "big_blind", "ante"?,
    "seconds"}, {"break_seconds": s}, ...]``; else the ``structure`` preset,
    each level ``level_seconds`` long (the preset's minutes if ``None``; its
    breaks scaled alike).

    >>> spec = TournamentSpec.from_dict({"name": "Friday", "level_seconds": 3, "bots": ["caller"]})
    >>> s = spec.event_settings()
    >>> s.levels[0], s.seats, s.payouts
    (Level(small_blind=10, big_blind=20, ante=0, ante_type=<AnteType.BIG_BLIND: 'big_blind'>, hands=None, minutes=0.05), 9, 'standard')
    >>> TournamentSpec.from_dict({"seats": 11})
    Traceback (most recent call last):
    ...
    pokerdealer.table.settings.TableError: seats must be a whole number from 2 to 10
    """

    name: str = "Tournament"
    max_entrants: int = 100
    starting_stack: int = 1500
    buy_in: int = 100
    structure: str = "turbo"
    level_seconds: float | None = None
    levels: tuple[tuple[str, int, int, int, float], ...] = ()
    """Custom: ``("level", small_blind, big_blind, ante, seconds)`` or ``("break", 0, 0, 0, seconds)``."""
    seats: int = 9
    payouts: str | tuple[int, ...] = "standard"
    bots: tuple[str, ...] = ()
    late_registration: int = 0
    re_entries: int = 0
    hand_for_hand_busts: str = "tie"
    """Players out in one hand-for-hand hand at different tables: ``tie`` (TDA) or ``chips``."""
    final_table_seats: int | None = None
    """The final table's seats (``None``: TDA RP-9's size for ``seats``)."""
    start_at: float | None = None
    clock: float = 30.0
    """The action clock (seconds) at its tables."""
    lang: str = "en"
    listed: bool = False
    """Listed in the lobby (``GET /api/tournaments``); else only its link finds it -- as a cash table's default."""

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], *, now: float | None = None) -> TournamentSpec:
        """Check every field; raises :class:`TableError` saying what is wrong. With ``now``
        (a new tournament's: a stored one's start is long past) ``start_at`` is at most
        :data:`START_AHEAD_DAYS` days ahead.

        >>> TournamentSpec.from_dict({"start_at": 1e300}, now=0.0)
        Traceback (most recent call last):
        ...
        pokerdealer.table.settings.TableError: start_at must be at most 60 days from now
        """
        if not isinstance(data, Mapping):
            raise TableError.said("event.settings.not_object")
        known = {f.name for f in dataclasses.fields(cls)}
        unknown = set(data) - known
        if unknown:
            raise TableError.said("event.settings.unknown", names=", ".join(sorted(map(str, unknown))))
        d = dict(data)
        name = d.get("name", cls.name)
        if not isinstance(name, str):
            raise TableError.said("event.settings.name_text")
        try:
            name = visible_text(name, what="tournament_name", limit=40)
        except ProtocolError as error:
            raise TableError.said(error.key, **error.params) from None
        preset = d.get("structure", cls.structure)
        if preset not in STRUCTURE_PRESETS:
            raise TableError.said("event.settings.structure", presets=", ".join(STRUCTURE_PRESETS))
        level_seconds = d.get("level_seconds")
        if level_seconds is not None:
            level_seconds = _seconds(level_seconds, _field("level_seconds"))
        levels = cls._levels(d.get("levels") or ())
        payouts = d.get("payouts", cls.payouts)
        if isinstance(payouts, str):
            if payouts not in PAYOUT_PRESETS:
                raise TableError.said("event.settings.payouts_preset", presets=", ".join(PAYOUT_PRESETS))
        elif isinstance(payouts, (list, tuple)) and all(isinstance(p, int) and not isinstance(p, bool) for p in payouts):
            payouts = tuple(payouts)
        else:
            raise TableError.said("event.settings.payouts")
        bots = d.get("bots", ())
        if not isinstance(bots, (list, tuple)) or not all(isinstance(b, str) for b in bots):
            raise TableError.said("event.settings.bots_list")
        check_bot_kinds(bots)
        start_at = d.get("start_at")
        if start_at is not None and (
            isinstance(start_at, bool) or not isinstance(start_at, (int, float)) or not math.isfinite(start_at)
        ):
            raise TableError.said("event.settings.start_at")
        if start_at is not None and now is not None and start_at > now + START_AHEAD_DAYS * 86400:
            # A start years away holds a lobby's place (and a page's countdown) for nothing.
            raise TableError.said("event.settings.start_at_ahead", days=START_AHEAD_DAYS)
        lang = d.get("lang", cls.lang)
        if lang not in LANGS:
            raise TableError.said("room.settings.lang", langs=", ".join(LANGS))
        listed = d.get("listed", cls.listed)
        if not isinstance(listed, bool):
            raise TableError.said("room.settings.bool", field=_field("listed"))
        hfh_busts = d.get("hand_for_hand_busts", cls.hand_for_hand_busts)
        if hfh_busts not in tuple(HandForHandBusts):
            raise TableError.said("event.settings.hand_for_hand_busts", choices=", ".join(HandForHandBusts))
        max_entrants = _whole(d, "max_entrants", 2, 1000, cls.max_entrants)
        seats = _whole(d, "seats", 2, 10, cls.seats)
        final_seats = d.get("final_table_seats")
        if final_seats is not None:
            final_seats = _whole(d, "final_table_seats", seats, 10, seats)
        if len(bots) > max_entrants:
            raise TableError.said("event.settings.bots_fit", n=len(bots), entrants=max_entrants)
        spec = cls(
            name=name,
            max_entrants=max_entrants,
            starting_stack=_whole(d, "starting_stack", 1, 10**9, cls.starting_stack),
            buy_in=_whole(d, "buy_in", 0, 10**9, cls.buy_in),
            structure=preset,
            level_seconds=level_seconds,
            levels=levels,
            seats=seats,
            payouts=payouts,
            bots=tuple(bots),
            late_registration=_whole(d, "late_registration", 0, 40, cls.late_registration),
            re_entries=_whole(d, "re_entries", 0, 10, cls.re_entries),
            hand_for_hand_busts=str(hfh_busts),
            final_table_seats=final_seats,
            start_at=None if start_at is None else float(start_at),
            clock=_seconds(d.get("clock", cls.clock), _field("clock"), 0.2, 600),
            lang=lang,
            listed=listed,
        )
        spec.event_settings()  # the event's own checks (levels, payouts) fail here
        return spec

    @staticmethod
    def _levels(items: Any) -> tuple[tuple[str, int, int, int, float], ...]:  # noqa: ANN401
        if not isinstance(items, (list, tuple)) or len(items) > 100:
            raise TableError.said("event.settings.levels")
        out = []
        for n, item in enumerate(items, 1):
            if not isinstance(item, Mapping):
                raise TableError.said(
                    "event.settings.level_shape", n=n,
                    level='{"small_blind", "big_blind", "ante", "seconds"}', pause='{"break_seconds"}',
                )
            if "break_seconds" in item:
                out.append(("break", 0, 0, 0, _seconds(item["break_seconds"], _field("break_n", n=n))))
                continue
            blinds = [_whole(item, k, 0 if k != "big_blind" else 1, 10**9, 0 if k == "ante" else -1) for k in ("small_blind", "big_blind", "ante")]
            out.append(("level", *blinds, _seconds(item.get("seconds"), _field("level_n", n=n))))
        return tuple(out)  # type: ignore[arg-type]

    def structure_levels(self) -> tuple[Level | Break, ...]:
        if self.levels:
            return tuple(
                Break(seconds / 60) if kind == "break" else Level(sb, bb, ante, minutes=seconds / 60)
                for kind, sb, bb, ante, seconds in self.levels
            )
        levels = structure(self.structure, timed=True)
        if self.level_seconds is None:
            return levels
        scale = self.level_seconds / (STRUCTURE_PRESETS[self.structure][0] * 60)
        return tuple(
            Break(x.minutes * scale) if isinstance(x, Break)
            else dataclasses.replace(x, minutes=None if x.minutes is None else x.minutes * scale)
            for x in levels
        )

    def event_settings(self) -> EventSettings:
        return EventSettings(
            starting_stack=self.starting_stack,
            levels=self.structure_levels(),
            seats=self.seats,
            buy_in=self.buy_in,
            payouts=self.payouts,
            late_registration=self.late_registration,
            re_entries=self.re_entries,
            hand_for_hand_busts=HandForHandBusts(self.hand_for_hand_busts),
            final_table_seats=self.final_table_seats,
        )

    def to_dict(self) -> dict[str, Any]:
        d = dataclasses.asdict(self)
        d["levels"] = [
            {"break_seconds": s} if kind == "break" else {"small_blind": sb, "big_blind": bb, "ante": a, "seconds": s}
            for kind, sb, bb, a, s in self.levels
        ]
        d["bots"] = list(self.bots)
        if not isinstance(self.payouts, str):
            d["payouts"] = list(self.payouts)
        return d


@dataclass
class Entrant:
    """Someone registered: their member id at every table, their token's hash, a bot's kind."""

    name: str
    member: int
    token_hash: str | None
    bot: str | None


class _Seats:
    """The event's table as the room's table code reads it (``lt.table``).

    The pure table decides everything; this adds what a cash table has and a
    tournament table has not (buy-ins: none), shows an absent player as
    sitting out (dealt in, posting and folded, TDA 30), and sits them out or
    in through the event. After a hand it lets the :class:`LiveEvent` follow
    the moves at once, before any other table deals.
    """

    def __init__(self, live: LiveEvent, inner: PureTable, settings: TableSettings) -> None:
        self._live = live
        self.inner = inner
        self.settings = settings.cash_settings()

    def __getattr__(self, name: str) -> Any:  # noqa: ANN401
        return getattr(self.inner, name)

    @staticmethod
    def _shown(p: Any) -> Any:  # noqa: ANN401
        return dataclasses.replace(p, status=SeatStatus.SITTING_OUT) if p.away else p

    @property
    def players(self) -> tuple[Any, ...]:
        return tuple(self._shown(p) for p in self.inner.players)

    def player(self, name: str) -> Any:  # noqa: ANN401
        return self._shown(self.inner.player(name))

    def sit_out(self, name: str) -> None:
        self._live.event.set_away(name, True)

    def sit_in(self, name: str, post: bool = False) -> None:
        self._live.event.set_away(name, False)

    def buy_in_range(self, name: str, now: float | None = None) -> tuple[int, int]:
        return (0, 0)

    @property
    def busted(self) -> list[tuple[int, str]]:
        """``(hand, name)`` of those the last hand eliminated (their seat shows until the next deal)."""
        if not self.inner.hands:
            return []
        last = self.inner.hands[-1]
        result = last.hand.result
        if result is None:  # pragma: no cover - a finished hand has its result
            return []
        return [(last.number, name) for name, chips in zip(last.players, result.final_stacks) if chips == 0]

    def start_hand(self, now: float | None = None, straddlers: Any = ()) -> Any:  # noqa: ANN401
        return self.inner.start_hand(now)  # no straddle in a tournament: the event deals

    def finish_hand(self) -> Any:  # noqa: ANN401
        record = self.inner.finish_hand()
        self._live.follow()
        return record


_CASH_ONLY = ("sit", "top_up", "leave", "coach", "limits", "limit_continue", "straddle")


class EventTable(LiveTable):
    """A room table of a tournament: a :class:`LiveTable` whose hands the event deals.

    Its events go to the event's log; it deals when the event lets it; cash
    moves (sit, top up, leave) are refused; its state carries the event's strip.
    """

    def __init__(self, live: LiveEvent, room_id: str, inner: PureTable, *, created_at: float) -> None:
        spec = live.spec
        first = next(x for x in live.event.settings.levels if isinstance(x, Level))
        settings = TableSettings(
            name=f"{spec.name} · {inner.id}", seats=inner.seat_count, small_blind=first.small_blind,
            big_blind=first.big_blind, stack=max(spec.starting_stack, 2 * first.big_blind), bots=(),
            clock=spec.clock, lang=spec.lang,
        )
        super().__init__(live.room, room_id, settings, seed=live.room.options.test_seed, created_at=created_at)
        self.live_event = live
        self.inner = inner
        inner._rng = self.feeder  # the room draws and logs each deck (server/fair.py)
        self.table = _Seats(live, inner, settings)  # type: ignore[assignment]
        self.words_later = live._words_later  # opened while the log is replayed
        self.seen_seating = -1
        """The pure table's :attr:`~pokerdealer.table.event.EventTable.seating` as :meth:`LiveEvent.follow` last read it."""
        self.seated: set[str] = set()
        """The players seated at the pure table as :meth:`LiveEvent.follow` last read it."""

    @property
    def in_play(self) -> bool:
        """Still a table of the event (not broken, not replaced by the final table)."""
        return self.live_event.event.table_in_play(self.inner.id) is self.inner

    # ---------------------------------------------------------------- hooks
    def _event_op(self, kind: str, data: dict[str, Any], at: float) -> db.Op:
        self.seq += 1  # this table's changes (the state's ``seq``); the log's numbers are the event's
        return self.live_event.op(kind, {**data, "table": self.id}, at)

    def _snapshot_op(self, at: float) -> db.Op:
        return _nothing  # the event's log is replayed whole

    async def _between_hands(self) -> bool:
        return False  # no promises, no squatters, no rebuys: the event moves players

    def _can_deal(self) -> bool:
        live = self.live_event
        if self.in_play and live.event.may_deal(self.inner.id, time.time()):
            live.held.discard(self)
            return True
        live.held.add(self)  # it waits for a poke: the event's next change may let it deal
        return False

    async def _finish_hand(self, record: Any) -> None:  # noqa: ANN401
        await super()._finish_hand(record)
        await self.live_event.after_hand(self)

    async def _handle(self, cmd: Command) -> bool:
        if cmd.kind in ("attach", "detach"):  # readers come and go: nothing is written
            return await super()._handle(cmd)
        async with self.live_event.turn:
            return await super()._handle(cmd)

    async def _advance(self) -> bool:
        async with self.live_event.turn:
            if self.id not in self.live_event.playing:  # handed over meanwhile
                return False
            return await super()._advance()

    async def _join(self, name: str, buy_in: int | None, person: str | None = None) -> dict[str, Any]:
        raise Rejected("room.event.error.cash_only")  # before any member is stored: the event seats its entrants

    async def _message(self, conn: Conn, msg: dict[str, Any]) -> bool:
        if msg.get("type") in _CASH_ONLY:
            raise Rejected("room.event.error.cash_only")
        return await super()._message(conn, msg)

    def _chat_muted(self, member: Member | None) -> str | None:
        # The event's host mutes at every table of the event (the table's own host state is empty).
        live = self.live_event
        return host.mute_key(named=member is not None and member.name in live.muted,
                             spectators=live.spectators_muted, seated=member is not None and self.seat_of(member) is not None)

    def _public_state(self, players: Any) -> dict[str, Any]:  # noqa: ANN401
        state = table_state(self, players)
        live = self.live_event
        record = self.table.current
        state["event"] = live.strip(self)
        # The table's stakes: the hand's in play; between hands the level the next one is dealt at
        # (TDA 23); on a break the last hand's (the table settings hold only the first level's).
        level = state["event"]["blinds"]
        if record is None and level is not None:
            state["table"].update(blinds=[level["small_blind"], level["big_blind"]], ante=level["ante"], ante_type=level["ante_type"])
        else:
            dealt = record if record is not None else (self.table.hands[-1] if self.table.hands else None)
            if dealt is not None:
                hand = dealt.hand.config
                state["table"]["blinds"] = list(hand.blinds)
                state["table"]["ante"] = hand.ante
        if record is None:
            state["waiting"] = live.why_not_dealing(self)
        return state

    def seat_members(self) -> None:
        """Every player seated here has a member here (their token opens the seat)."""
        for name in self.inner.stacks:  # the names seated, without a copy of each player
            if name in self.by_name:
                continue
            e = self.live_event.entrants[name]
            m = Member(e.member, e.name, e.token_hash, bot=e.bot)
            if not m.bot:
                m.away_since = time.monotonic()  # absent until their browser comes
            self.add_member(m)


@dataclass(frozen=True)
class Field:
    """The whole field as the tables' strips show it, as of one change of the field."""

    key: tuple[int, int, int, bool, int]
    counts: event_views.ChipCounts
    """Every player at the tables by stack (as of each table's last finished hand): their ranks."""
    places: dict[str, dict[str, Any]]
    """The finished, by name: ``{"name", "place", "prize"}``."""


class FieldNews:
    """Whether to tell every table of the hands finished elsewhere: at once after a
    quiet spell, then at most once every ``every`` seconds, whatever the hands.

    >>> news = FieldNews(every=1.0)
    >>> news.hand_ended("table 1"); news.due(100.0)
    (True, 'table 1')
    >>> news.hand_ended("table 2"); news.due(100.2)
    (False, None)
    """

    def __init__(self, every: float) -> None:
        self.every = every
        self.since: Any = None
        """The table of the hands finished since the last telling (all at one), ``_SEVERAL``, or None."""
        self.told = -math.inf

    def hand_ended(self, table: Any) -> None:  # noqa: ANN401
        self.since = table if self.since is None or self.since is table else _SEVERAL

    def due(self, now: float) -> tuple[bool, Any]:
        """``(True, table)`` if the tables are to be told now (``table``: the one whose own
        readers were told already, if all the hands were there; else None); ``(False, None)`` if not."""
        if self.since is None or now - self.told < self.every:
            return False, None
        since, self.since, self.told = self.since, None, now
        return True, None if since is _SEVERAL else since


_SEVERAL = object()


def _dumps(value: Any) -> str:  # noqa: ANN401
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def _nothing(conn: Any) -> None:  # noqa: ANN401
    """An operation that writes nothing."""


class LiveEvent:
    """One tournament in the room: the pure event, its room tables, its log and clock."""

    def __init__(self, room: Room, event_id: str, spec: TournamentSpec, *, seed: int, created_at: float) -> None:
        self.room = room
        self.id = event_id
        self.spec = spec
        self.created_at = created_at
        self.event = Event(spec.event_settings(), rng=random.Random(seed), keep_hands=None)
        self.entrants: dict[str, Entrant] = {}
        self.by_token: dict[str, Entrant] = {}
        self.members = 0
        """Member ids given so far (one each registration; a removed entrant's is never given again)."""
        self.removed_tokens: set[str] = set()
        """The token hashes of entries the host removed: their browser is told so, not 'unknown token'."""
        self.host_hash: str | None = None
        self.muted: set[str] = set()
        """Entrants whose chat the host muted, at every table of the event (``ev_mute``)."""
        self.spectators_muted = False
        """The host muted the chat of everyone without a seat at the table they read (``ev_mute_specs``)."""
        self.seq = 0
        self.last_at = created_at
        self.tables: dict[str, EventTable] = {}
        """Room tables by id, in the order they opened."""
        self._of: dict[PureTable, EventTable] = {}
        self.where: dict[str, str] = {}
        """Player -> the room table they sit at."""
        self.moved: dict[str, dict[str, Any]] = {}
        """Player -> their latest move ``{"from", "to", "reason"}`` (room table ids)."""
        self.replaying = True
        self._new: list[EventTable] = []
        self._pending: list[db.Op] = []
        self.task: asyncio.Task[None] | None = None
        self._clock_index: tuple[int, bool] | None = None
        self.turn = LogTurn(room.store.locks, event_id, stale_after=room.lease, catch_up=self.catch_up)
        """This process's turn at the event's log (shared with other processes on PostgreSQL)."""
        self.playing: set[str] = set()
        """The room tables this process plays (holds the leases of); the others are followed from the log."""
        self.holds_event = True
        """This process holds the event's lease: it ticks the clock and starts the event at its time."""
        self.catching_up = False
        self._words_later = False
        """The whole log is being replayed (:meth:`restore`): its tables play their hands without words."""
        self._seating = -1
        """The event's :attr:`~pokerdealer.table.event.Event.seating` the room tables last followed."""
        self._opened: tuple[int, int] = (-1, -1)
        """The event's tables opened and broken as :meth:`follow` last looked for new ones."""
        self._touched = self.event.watch_tables()
        """The pure tables whose seats (or stacks) changed since :meth:`follow` last read them."""
        self.counts = event_views.ChipCounts()
        """Every player at the tables by stack, kept as the tables change: the strips' ranks and the page's chip counts."""
        self._field: Field | None = None
        self.tv = event_views.PublicText(self.counts)
        """The tournament page's state, kept by parts between changes (:func:`~pokerdealer.server.tournament_api.public_text`)."""
        self._room_tables: tuple[tuple[int, int, int], dict[str, str]] | None = None
        self._places: tuple[Standing, ...] = ()
        """The event's standings as :meth:`_follow_places` last read them."""
        self.best: dict[str, dict[str, Any]] = {}
        """The finished, by name: their best place ``{"name", "place", "prize"}`` (a re-entered player's best shows)."""
        self.finishes: dict[str, list[Standing]] = {}
        """The finished, by name: every place of theirs (a re-entered player has several)."""
        self.held: set[EventTable] = set()
        """The tables here that found they may not deal and wait for :meth:`poke` (a break, a pause,
        hand-for-hand, a table change, too few players): the only ones a poke wakes."""
        self._news = FieldNews(FIELD_EVERY)
        """Hands finished since the tables were last told of the field (:meth:`tell_field`)."""

    # ============================================================ the log
    def op(self, kind: str, data: dict[str, Any], at: float) -> db.Op:
        """The next event of the event's log (in memory already)."""
        self.seq += 1
        self.last_at = at
        return db.op_event(self.id, self.seq, kind, data, at)

    def apply(self, kind: str, data: dict[str, Any], at: float) -> None:
        """Change the event by one of its own events (live, or replaying the log)."""
        ev = self.event
        if kind == "ev_create":
            self.host_hash = data["host_hash"]
        elif kind == "ev_register":
            name = data["name"]
            ev.register(name, now=at)
            e = Entrant(name, data["member"], data.get("token_hash"), data.get("bot"))
            self.entrants[name] = e
            self.members = max(self.members, e.member)
            if e.token_hash:
                self.by_token[e.token_hash] = e
        elif kind == "ev_remove":  # the host took an entry back before the start
            ev.unregister(data["name"])
            e = self.entrants.pop(data["name"])
            if e.token_hash:
                self.by_token.pop(e.token_hash, None)
                self.removed_tokens.add(e.token_hash)
        elif kind == "ev_reenter":  # the same person (member, token) enters again
            ev.register(data["name"], now=at)
        elif kind == "ev_start":
            ev.start(now=at)
        elif kind == "ev_pause":
            ev.pause(now=at)
        elif kind == "ev_resume":
            ev.resume(now=at)
        elif kind == "ev_restart":  # the server was down: that time is a pause
            ev.pause(now=data["stopped"])
            ev.resume(now=at)
        elif kind == "ev_mute":  # chat only: play is never muted
            (self.muted.add if data["muted"] else self.muted.discard)(data["name"])
            if not self.replaying:  # told as it happens (here, or where another process wrote it)
                for lt in self.tables.values():
                    host.tell([c for c in lt.conns if c.member is not None and c.member.name == data["name"]],
                              "muted" if data["muted"] else "unmuted")
        elif kind == "ev_mute_specs":
            self.spectators_muted = bool(data["muted"])
            if not self.replaying:
                for lt in self.tables.values():
                    host.tell([c for c in lt.conns if c.member is None or lt.seat_of(c.member) is None],
                              "spectators_muted" if data["muted"] else "spectators_unmuted")
        elif kind != "ev_tick":
            raise TableError(f"unknown event {kind!r}")
        self.follow()

    async def do(self, events: list[tuple[str, dict[str, Any]]]) -> None:
        """Apply the event's own events in memory (a refusal changes nothing
        written), then write them with the rows of any table they opened."""
        async with self.turn:
            at = time.time()
            ops = []
            for kind, data in events:
                self.apply(kind, data, at)
                ops.append(self.op(kind, data, at))
            await self._flush(ops)

    def restore(self, events: list[tuple[int, str, dict[str, Any], float]]) -> None:
        """Replay the whole log (server start). Its hands are played without
        words, but the last at each table: readers see that one only."""
        self._words_later = True
        try:
            self._replay(events)
        finally:
            self._words_later = False
        for lt in self.tables.values():
            lt.say_last_hand()
        self._new = []

    def _replay(self, events: list[tuple[int, str, dict[str, Any], float]]) -> set[str]:
        """Apply logged events in order; returns the room tables whose hands ended or began."""
        touched: set[str] = set()
        for seq, kind, data, at in events:
            table = data.get("table")
            if table is None:
                self.apply(kind, data, at)
            else:
                lt = self.tables[table]
                lt.apply_event(kind, data, at)
                lt.seq += 1
                if kind in ("hand_start", "hand_end"):
                    touched.add(table)
            self.seq = seq
            self.last_at = at
        for lt in self.tables.values():
            lt.recall_last_hand()
        return touched

    async def catch_up(self) -> None:
        """(As this process's turn begins.) Apply what other processes wrote to the
        log since this one's last turn: their tables' hands, the moves those
        made, the event's commands. Tables they opened are played by them."""
        if not self.turn.shared:
            return
        after = self.seq
        rows = await asyncio.to_thread(self.room.store.read, lambda c: db.events_between(c, self.id, after))
        if not rows:
            return
        self.catching_up = True
        try:
            touched = self._replay(rows)
        finally:
            self.catching_up = False
            self._new = []
        if touched or any(data.get("table") is None for _, _, data, _ in rows):
            for lt in self.tables.values():  # players left, average, places; moves in
                lt.broadcast()
            self.poke()

    # ====================================================== following it
    def follow(self) -> None:
        """Make the room tables what the event's tables are now: a room table
        for each new one, a member for each player seated, and the moves told.
        Nothing to do while nobody took or left a seat (most hands: a replay
        of a big event calls this after each). Only the tables whose seats
        changed are read again: reading all of them after each bust made every
        hand's work grow with the field (a 10,000-entrant event's 1,112 tables)."""
        if self.event.seating == self._seating:
            return
        self._seating = self.event.seating
        ev = self.event
        # A table opens at the start, for an entry when every seat is taken, and as the final table
        # (which breaks the others): only then are the tables looked through for new ones.
        opened = (ev.tables_started, len(ev.broken))
        for inner in ev.tables.values() if opened != self._opened else ():
            if inner in self._of:
                continue
            room_id = f"{self.id}-{inner.serial + 1}"
            lt = EventTable(self, room_id, inner, created_at=self.last_at)
            self._of[inner] = lt
            self.tables[room_id] = lt
            self._new.append(lt)
            if not self.replaying and not self.catching_up:  # the rows of a table this process opens
                s = lt.settings.to_dict() | {"event": self.id}
                self._pending += [
                    db.op_insert_table(room_id, lt.settings.name, s, self.room.options.test_seed, self.last_at),
                    db.op_close_table(room_id),  # taken only with its event
                    db.op_insert_lease(room_id, self.room.owner, self.room.node, time.time() + self.room.lease),
                ]
        self._opened = opened
        left: list[str] = []
        came: dict[str, str] = {}
        touched = sorted((t for t in self._touched if t in self._of), key=lambda t: t.serial)  # in the order they opened
        self._touched.clear()
        for inner in touched:
            lt = self._of[inner]
            if inner.seating == lt.seen_seating:
                continue
            lt.seen_seating = inner.seating
            # a table broken (or replaced by the final table) seats nobody any more
            names = set(inner.stacks) if self.event.table_in_play(inner.id) is inner else set()
            if names:
                lt.seat_members()
            left += [name for name in lt.seated if name not in names]
            came |= {name: lt.id for name in names if name not in lt.seated}
            lt.seated = names
        for name in left:
            if name not in came:  # out of the event (or seated nowhere the event knows)
                self.where.pop(name, None)
        for name, new in came.items():
            old = self.where.get(name)
            self.where[name] = new
            if old is not None and old != new:
                reason = next((m.reason for m in reversed(self.event.moves) if m.player == name), "balance")
                self.moved[name] = {"from": old, "to": new, "reason": reason}
                if not self.replaying:
                    self._tell_moved(name, old, new, reason)

    def _tell_moved(self, name: str, old: str, new: str, reason: str) -> None:
        lt = self.tables[old]
        number = self.tables[new].inner.id
        for conn in list(lt.conns):
            if conn.member is not None and conn.member.name == name:
                conn.send_json(
                    {"type": "moved", "table": new, "from": old, "reason": reason,
                     **words(conn.lang, f"room.event.moved.{reason}", table=number)}
                )

    async def _flush(self, ops: list[db.Op]) -> None:
        """Write ``ops`` after the rows of tables just opened; start those tables."""
        pending, self._pending = self._pending, []
        new, self._new = self._new, []
        if pending or ops:
            await self.room.store.write([*pending, *ops])
        for lt in new:
            self.play(lt)
        self.poke()

    async def after_hand(self, lt: EventTable) -> None:
        """A hand ended at ``lt`` (written): open the tables it made, wake the others.
        The last hand closes the event's row: a start no longer rebuilds it (it
        is read on demand, :func:`restore_event`) and the lobbies leave it out.
        The other tables hear of it through :meth:`tell_field`."""
        await self._flush([db.op_close_table(self.id)] if self.event.is_over else [])
        self._news.hand_ended(lt)
        self.tell_field(time.monotonic())  # at once if the last news is old; else with a later beat

    def tell_field(self, now: float) -> None:
        """The other tables' readers hear of the hands finished elsewhere: at once
        after a hand if they were last told :data:`FIELD_EVERY` seconds ago or more,
        else with the clock's beat once that time has passed -- whatever the number
        of hands, so that the room's work for the field's news grows with the number
        of tables, not with their number times the hands they finish.

        A table in a hand gets the event's strip alone (players left, average, places,
        ranks), encoded once a table: its table did not change, and its whole state for
        every reader of every table after every hand made the room's work grow with the
        square of the field. A table between hands gets its whole state: what it waits
        for may have changed."""
        due, told = self._news.due(now)
        if not due:
            return
        for other in self.tables.values():
            if other is told or not other.conns:  # the table whose hand it was told its readers itself
                continue
            if other.table.current is None:
                other.broadcast()
            else:
                text = _dumps({"type": "event", "event": self.strip(other)})
                for conn in list(other.conns):
                    conn.send(text)

    def poke(self) -> None:
        """Wake every table in play here that waits to deal (:attr:`held`): it deals if
        the event lets it now. A table in a hand plays it on its own clock, and one
        between hands that may deal waits only for its pause: neither needs a poke.
        Walking every table after every hand made each hand's work grow with the field
        (a 10,000-entrant event's 1,112 tables)."""
        for lt in list(self.held):
            if not lt.in_play:
                self.held.discard(lt)  # broken: it deals no more
            elif lt.table.current is None and lt.id in self.playing and lt.task is not None:
                with contextlib.suppress(asyncio.QueueFull):
                    lt.queue.put_nowait(_POKE)

    # ============================================================ running
    def start(self) -> None:
        """Play the tables in :attr:`playing`, and run the clock (and, on a shared log, follow it)."""
        self.replaying = False
        for lt in self.tables.values():
            if lt.id in self.playing:
                self.play(lt)
        self.task = asyncio.create_task(self._clock(), name=f"event-{self.id}")

    def play(self, lt: EventTable) -> None:
        """Play ``lt`` here (this process holds its lease); its first turn
        reads whatever other processes wrote first."""
        self.playing.add(lt.id)
        lt.recall_last_hand()
        if lt.task is None or lt.task.done():
            lt.queue = asyncio.Queue()
            lt.next_hand_at = None
            lt.start()
        self.room.tables[lt.id] = lt

    async def take_free(self) -> None:
        """Play the tables of this event whose lease is free (their process died
        or gave them back), and hold the event if its lease is (a shared log)."""
        room = self.room
        ids = [lt.id for lt in self.tables.values() if lt.in_play and lt.id not in self.playing]
        if not self.holds_event:
            ids.append(self.id)
        now = time.time()
        free = await asyncio.to_thread(room.store.read, lambda c: db.free_leases(c, ids, room.owner, now))
        for table_id in free:
            got = await asyncio.to_thread(
                room.store.transact,
                lambda c, t=table_id: db.try_claim(c, t, room.owner, room.node, now, now + room.lease, reclaim_node=False),
            )
            if got != "claimed":
                continue
            if table_id == self.id:
                self.holds_event = True
                log.info("event %s: its clock is kept here now", self.id)
            else:
                self.play(self.tables[table_id])
                log.info("event %s: table %s played here now", self.id, table_id)

    async def stop(self) -> None:
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self.task
        self.turn.close()

    @property
    def running(self) -> bool:
        ev = self.event
        return ev.tables_started > 0 and not ev.is_over and not ev.clock(time.time()).paused

    async def _clock(self) -> None:
        """The event's beat: ticks for the log, auto-start, and waking tables when the level or a break changes."""
        while True:
            await asyncio.sleep(0.25)
            try:
                await self._beat()
                self.tell_field(time.monotonic())
            except Exception:  # noqa: BLE001 - a bug must not stop the clock
                log.exception("event %s: clock", self.id)

    async def _beat(self) -> None:
        if self.event.is_over and not self.turn.busy:
            self.turn.close()  # nothing more to write: the lock's connection goes back
        elif self.turn.shared:  # what others wrote: read at once, not only at the next turn
            newest = await asyncio.to_thread(self.room.store.read, lambda c: db.last_seq(c, self.id))
            if newest > self.seq:
                async with self.turn:  # its beginning reads them
                    pass
        now = time.time()
        ev = self.event
        if not self.holds_event:
            self._follow_clock(now)
            return
        if ev.tables_started == 0 and self.spec.start_at is not None and now >= self.spec.start_at:
            with contextlib.suppress(Rejected, TableError):  # too few entrants: tried again on the next beat
                await self.start_event()
            return
        if not self._follow_clock(now):
            return
        if now - self.last_at >= TICK:
            async with self.turn:
                now = time.time()
                if now - self.last_at >= TICK:
                    await self.room.store.write([self.op("ev_tick", {}, now)])

    def _follow_clock(self, now: float) -> bool:
        """Wake the tables here when the level or a break changes; False if the clock is not running."""
        if not self.running:
            return False
        c = self.event.clock(now)
        key = (c.index, c.level is None)
        if key != self._clock_index:
            self._clock_index = key
            self.poke()
            for lt in self.tables.values():
                lt.broadcast()
        return True

    # ============================================================ commands
    async def register(self, name: str) -> str:
        """A person enters; returns their token (their seat token at every table)."""
        if len(self.entrants) >= self.spec.max_entrants:
            raise Rejected("room.event.error.full", n=self.spec.max_entrants)
        taken = taken_as(name, self.entrants)  # "ann" or a Cyrillic "Аnn" beside "Ann" is Ann
        if taken is not None:
            raise Rejected("room.event.error.name_taken", name=taken)
        token = secrets.token_urlsafe(24)
        data = {"name": name, "member": self.members + 1, "token_hash": hash_token(token)}
        await self.do([("ev_register", data)])
        return token

    async def reenter(self, e: Entrant) -> None:
        """A player who is out enters again (a buy-in more in the pool, a starting
        stack at a seat the event draws), as the same person: their token opens the new seat.
        The event refuses by catalog key: registration closed, no re-entry left, not out."""
        await self.do([("ev_reenter", {"name": e.name})])

    async def remove(self, name: str | None) -> int:
        """The host takes ``name``'s entry back before the start (a junk registration):
        their place is free for another, their buy-in is refunded (returned; the log's
        ``ev_remove`` and the page's ``removed`` say so) and their token opens nothing.
        Once the event has started their chips are in play: refused, saying so."""
        if not name or name not in self.entrants:
            raise Rejected("event.error.not_registered", name=name or "")
        if self.event.tables_started:
            raise Rejected("room.event.error.remove_started", name=name)
        await self.do([("ev_remove", {"name": name})])
        return self.spec.buy_in

    async def start_event(self) -> None:
        """Bots fill the seats they were asked for (up to the entrants allowed); the seats are drawn."""
        if self.event.tables_started:
            raise Rejected("room.event.error.started")
        events: list[tuple[str, dict[str, Any]]] = []
        room_left = self.spec.max_entrants - len(self.entrants)
        n = len(self.entrants)
        member = self.members
        kinds = self.spec.bots[: max(0, room_left)]
        names = name_bots(kinds, lang=self.spec.lang, taken=self.entrants, number_alone=True)
        for kind, name in zip(kinds, names, strict=True):
            n += 1
            member += 1
            events.append(("ev_register", {"name": name, "member": member, "bot": kind}))
        if n < 2:
            raise Rejected("room.event.error.too_few", n=n)
        events.append(("ev_start", {}))
        await self.do(events)

    async def mute(self, command: str, name: str | None = None) -> None:
        """The host's ``mute`` / ``unmute`` of entrant ``name``'s chat, or ``mute_spectators`` /
        ``unmute_spectators`` (everyone without a seat at the table they read), at every table
        of the event: refused for a name not entered. As it already was: nothing logged, nobody told again."""
        if command in ("mute", "unmute"):
            if not name or name not in self.entrants:
                raise Rejected("event.error.not_registered", name=name or "")
            muted = command == "mute"
            if (name in self.muted) != muted:
                await self.do([("ev_mute", {"name": name, "muted": muted})])
        else:
            muted = command == "mute_spectators"
            if self.spectators_muted != muted:
                await self.do([("ev_mute_specs", {"muted": muted})])

    def host_view(self) -> dict[str, Any]:
        """What the host sees of the chat (``GET /api/tournaments/{id}/host``): each person
        entered (bots say nothing) and whether muted, and whether the spectators are."""
        return {"entrants": [{"name": e.name, "muted": e.name in self.muted} for e in self.entrants.values() if not e.bot],
                "spectators_muted": self.spectators_muted}

    async def host(self, command: str, name: str | None = None) -> None:
        """A host's command: ``start``, ``pause``, ``resume``, ``remove`` (``name``: the entrant),
        or a mute (:meth:`mute`)."""
        if command in MUTES:
            await self.mute(command, name)
            return  # no table's state changes
        if command == "start":
            await self.start_event()
        elif command == "pause":
            if not self.running:
                raise Rejected("room.event.error.not_running")
            await self.do([("ev_pause", {})])
        elif command == "resume":
            if not self.event.clock(time.time()).paused:
                raise Rejected("room.event.error.not_paused")
            await self.do([("ev_resume", {})])
        elif command == "remove":
            await self.remove(name)
        else:
            raise Rejected("room.event.error.command", command=command)
        for lt in self.tables.values():
            lt.broadcast()

    def is_host(self, token: str | None) -> bool:
        return bool(token and self.host_hash and hmac.compare_digest(hash_token(token), self.host_hash))

    # ============================================================ reading
    def entrant(self, token: str | None) -> Entrant | None:
        return self.by_token.get(hash_token(token)) if token else None

    def was_removed(self, token: str | None) -> bool:
        """Whether ``token`` was an entry the host removed (and not entered again since)."""
        return bool(token) and hash_token(token) in self.removed_tokens and self.entrant(token) is None

    def me(self, e: Entrant, token: str) -> dict[str, Any]:
        """What a player's browser needs: where they sit (and the token that
        opens it), or how they finished."""
        ev = self.event
        # Where the room tables follow the event (follow): the event's own where() walks every seat.
        table = self.where.get(e.name)
        where = None if table is None else self.tables[table].inner.seat_of(e.name)
        self._follow_places()
        finishes = self.finishes.get(e.name, ())
        latest = max(finishes, key=lambda s: float("inf") if s.hand is None else s.hand) if finishes else None
        if where is not None:
            status = "finished" if ev.is_over else "playing"
            if not ev.is_over:
                latest = None  # re-entered: the place of an earlier entry is not theirs now
        else:
            status = "out" if latest is not None else "registered"
        return {
            "name": e.name,
            "status": status,
            "table": table,
            "seat": where,
            "seat_token": token if table is not None else None,
            "place": latest.place if latest is not None else None,
            "prize": latest.prize if latest is not None else None,
            "moved": self.moved.get(e.name),
            "entries": ev.entries_of(e.name),
            "can_reenter": status == "out" and self.reentry_open(now=time.time())
            and ev.entries_of(e.name) <= ev.settings.re_entries,
        }

    def _follow_places(self) -> None:
        """Keep :attr:`best` and :attr:`finishes` as the standings are: from the places added
        since the last reading when that is all that changed (a bust adds the best places
        so far in front of the others, :attr:`~pokerdealer.table.event.Event.standings`),
        else read anew. Every bust, and every player's ``/me``, read all the places again."""
        places = self.event.standings  # the same tuple until a bust, an entry or the end
        old = self._places
        if places is old:
            return
        added = len(places) - len(old)
        if old and added > 0 and places[added] is old[0]:
            new = places[:added]
        else:
            new = places
            self.best, self.finishes = {}, {}
        for s in reversed(new):  # worst first: a player's best place is written last
            self.best[s.name] = {"name": s.name, "place": s.place, "prize": s.prize}
            self.finishes.setdefault(s.name, []).append(s)
        self._places = places

    def reentry_open(self, *, now: float) -> bool:
        """Whether anyone out may enter again now (the event allows re-entries and its registration is open)."""
        ev = self.event
        return ev.settings.re_entries > 0 and ev.tables_started > 0 and not ev.is_over and ev.registration_open(now)

    def status(self, now: float) -> str:
        return event_views.status(self.event, now=now)

    def strip(self, lt: EventTable) -> dict[str, Any]:
        """What every reader of a table sees of the event: the clock, the next
        blinds, the field, and the places of those who played here."""
        ev = self.event
        now = time.time()
        clock = event_views.clock_view(ev, now=now)
        field = self.field()
        return {
            "id": self.id,
            "name": self.spec.name,
            "table": lt.inner.id,
            "in_play": lt.in_play,
            "status": self.status(now),
            "level": clock["level"],
            # Blinds and ante with the ante's type, as the tournament page has them: a big-blind
            # ante read as everyone's ("ante 100") would tell each player to post one.
            "blinds": None if clock["on_break"] else {k: clock[k] for k in ("small_blind", "big_blind", "ante", "ante_type")},
            "seconds_left": clock["seconds_left"],
            "next": clock["next"],  # {level, small_blind, big_blind, ante, ante_type}, or None at the last level
            "players_left": ev.alive,
            "entries": ev.entries,
            "average": event_views.average_stack(ev),
            "prize_pool": ev.prize_pool,
            "paid": len(ev.payouts),
            "hand_for_hand": ev.hand_for_hand,
            "re_entry": self.reentry_open(now=now),
            "places": sorted((field.places[name] for name in lt.by_name if name in field.places), key=lambda x: x["place"]),
            "ranks": {name: field.counts.rank(stack) for name, stack in lt.inner.stacks.items()},
        }

    def field(self) -> Field:
        """What every table's strip reads of the whole field, worked out once
        for each change of the field (a hand finished, an entry, a bust), not once a reader;
        the stacks are kept by :class:`~pokerdealer.server.event_views.ChipCounts`, which reads
        again only the tables that changed, and the places by :meth:`_follow_places`."""
        ev = self.event
        key = (ev.hands, ev.entries, ev.alive, ev.is_over, len(ev.moves))
        old = self._field
        if old is None or old.key != key:
            self.counts.update(ev)
            self._follow_places()
            self._field = Field(key, self.counts, self.best)
        return self._field

    def why_not_dealing(self, lt: EventTable) -> dict[str, Any] | None:
        ev = self.event
        now = time.time()
        if ev.is_over:
            return note("room.wait.event_over")
        if ev.tables_started == 0:
            return note("room.wait.event_not_started")
        if not lt.in_play:
            return note("room.wait.event_table_closed")
        c = ev.clock(now)
        if c.paused:
            return note("room.wait.event_paused")
        if c.level is None:
            return note("room.wait.event_break")
        if not ev.may_deal(lt.inner.id, now):
            return note("room.wait.event_others")
        return None

    def room_tables(self) -> dict[int, str]:
        """The event's table numbers in play -> their room tables."""
        return {t.id: self._of[t].id for t in self.event.tables.values()}

    def room_tables_text(self) -> dict[str, str]:
        """:meth:`room_tables` as the page reads them (numbers as text), kept until a table
        opens or breaks: the page asks every second, and a big event has a thousand tables."""
        ev = self.event
        key = (ev.tables_started, len(ev.broken), len(self._of))
        if self._room_tables is None or self._room_tables[0] != key:
            self._room_tables = (key, {str(k): v for k, v in self.room_tables().items()})
        return self._room_tables[1]


_POKE = Command("poke")  # wakes a table: it deals if it may


# ================================================================ the room's side
async def create_event(room: Room, spec: TournamentSpec, *, creator: str | None = None) -> tuple[LiveEvent, str]:
    """A new tournament and its host token (``creator``: as :meth:`Room.create_table
    <pokerdealer.server.room.Room.create_table>` keeps it, for the lobby's count per creator)."""
    event_id = secrets.token_urlsafe(9)
    at = time.time()
    seed = room.options.test_seed if room.options.test_seed is not None else secrets.randbits(63)
    live = LiveEvent(room, event_id, spec, seed=seed, created_at=at)
    live.replaying = False
    token, (_, data) = host.new_token()
    settings = {"tournament": spec.to_dict(), "seed": seed, "listed": False, "name": spec.name}
    if creator:
        settings["creator"] = creator
    live.apply("ev_create", {"host_hash": data["token_hash"]}, at)
    await room.store.write(
        [
            db.op_insert_table(event_id, spec.name, settings, room.options.test_seed, at),
            db.op_insert_lease(event_id, room.owner, room.node, at + room.lease),
            live.op("ev_create", {"host_hash": data["token_hash"]}, at),
        ]
    )
    room.events[event_id] = live
    live.start()
    return live, token


def is_event(settings: Mapping[str, Any]) -> bool:
    """A stored row of a tournament (its tables' rows say ``event``)."""
    return "tournament" in settings or "event" in settings


async def restore_event(room: Room, data: dict[str, Any]) -> None:
    """Rebuild a tournament from its log (its lease taken): every table, the
    hand in play at each, the clock -- which resumes where the log stopped."""
    s = data["settings"]
    if "tournament" not in s:
        return  # a table of an event: it comes with its event
    started = time.perf_counter()
    live = _rebuilt(room, data)
    seconds = time.perf_counter() - started
    ids = list(live.tables)
    now = time.time()
    got = await asyncio.to_thread(
        room.store.transact,
        lambda c: [db.try_claim(c, t, room.owner, room.node, now, now + room.lease, reclaim_node=room.reclaim_node) for t in ids],
    )
    # A table whose lease another process still holds is taken once that lease is free (take_free).
    live.playing = {t for t, g in zip(ids, got) if g == "claimed"}
    room.events[live.id] = live
    if live.running:  # before any table deals: its first hand reads the clock as it was
        await live.do([("ev_restart", {"stopped": live.last_at})])
    live.start()
    log.info("event %s: restored, %d events replayed in %.2f s, %d tables", live.id, len(data["events"]), seconds, len(ids))


def _rebuilt(room: Room, data: dict[str, Any]) -> LiveEvent:
    """The event as its whole log leaves it (every table, the hand in play at each)."""
    s = data["settings"]
    spec = TournamentSpec.from_dict(s["tournament"])
    live = LiveEvent(room, data["id"], spec, seed=int(s["seed"]), created_at=data["created_at"])
    live.restore(data["events"])
    return live


async def follow_event(room: Room, event_id: str) -> LiveEvent | None:
    """On a shared log (PostgreSQL): follow a tournament another process holds,
    to play some of its tables here (their leases taken by the caller). The
    event is rebuilt from its log and kept up with it; its clock stays with
    its holder (None: no such tournament)."""
    data = await asyncio.to_thread(room.store.read, lambda c: db.load_table(c, event_id))
    if data is None or "tournament" not in data["settings"]:
        return None
    live = _rebuilt(room, data)
    if not live.turn.shared:
        return None
    live.holds_event = False
    room.events[live.id] = live
    live.start()
    log.info("event %s: followed here, %d events replayed", live.id, len(data["events"]))
    return live
