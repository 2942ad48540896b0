"""A room table of a tournament: a :class:`~pokerdealer.server.live.LiveTable`
whose hands the event deals (:mod:`~pokerdealer.server.tournament`).

Its state's core is the event's own table (:class:`_Seats` over the pure
:class:`~pokerdealer.table.event.EventTable`): the event decides who sits
where, the level of each hand and when a table may deal; the room table plays
the hands, writes its events to the event's log (each with ``table``: its id),
and after each hand lets the event follow the moves at once, before any other
table deals (:meth:`EventTable._hand_ended`).
"""

from __future__ import annotations

import dataclasses
import time
from typing import TYPE_CHECKING, Any, Protocol

from pokerdealer.server import db
from pokerdealer.server.chat_mute import mute_key
from pokerdealer.server.conns import Command, Conn, Member, Rejected
from pokerdealer.server.live import LiveTable
from pokerdealer.server.settings import TableSettings
from pokerdealer.server.views import table_state
from pokerdealer.table import SeatStatus
from pokerdealer.table.event import Event
from pokerdealer.table.event import EventTable as PureTable
from pokerdealer.table.settings import Level

if TYPE_CHECKING:
    from pokerdealer.server.event_state import Entrant
    from pokerdealer.server.log_turn import LogTurn
    from pokerdealer.server.table_base import RoomServices
    from pokerdealer.server.tournament_spec import TournamentSpec

__all__ = ["EventTable", "TablesEvent"]


class TablesEvent(Protocol):
    """What a tournament's room table asks of its event (:class:`~pokerdealer.server.tournament.LiveEvent`)."""

    room: RoomServices
    spec: TournamentSpec
    turn: LogTurn
    playing: set[str]
    held: set[EventTable]

    @property
    def event(self) -> Event: ...
    @property
    def entrants(self) -> dict[str, Entrant]: ...
    @property
    def muted(self) -> frozenset[str]: ...
    @property
    def spectators_muted(self) -> bool: ...

    def op(self, kind: str, data: dict[str, Any], at: float) -> db.Op: ...
    def follow(self) -> None: ...
    async def after_hand(self, lt: EventTable) -> None: ...
    def strip(self, lt: EventTable) -> dict[str, Any]: ...
    def why_not_dealing(self, lt: EventTable) -> dict[str, Any] | None: ...


class _Seats:
    """The event's table as the room's table code reads it (``lt.table``).

    The pure table decides everything; this adds what a cash table has and a
    tournament table has not (buy-ins: none), shows an absent player as
    sitting out (dealt in, posting and folded, TDA 2024 30), and sits them out or
    in through the event.
    """

    def __init__(self, live: TablesEvent, inner: PureTable, settings: TableSettings) -> None:
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

    def start_hand(self, now: float | None = None, straddlers: Any = (), bomb_pot: bool = False) -> Any:  # noqa: ANN401
        return self.inner.start_hand(now)  # no straddle nor bomb pot in a tournament: the event deals

    def finish_hand(self) -> Any:  # noqa: ANN401
        return self.inner.finish_hand()


_CASH_ONLY = ("sit", "top_up", "leave", "coach", "limits", "limit_continue", "straddle",
              "run_it_twice", "show", "rabbit_hunt",  # the home-game rules are a cash table's (issue 39)
              "avatar")  # a pick is kept by a table, and a tournament's players move between tables


class EventTable(LiveTable):
    """A room table of a tournament: a :class:`LiveTable` whose hands the event deals.

    Its events go to the event's log; it deals when the event lets it; cash
    moves (sit, top up, leave) are refused; its state carries the event's strip.
    """

    def __init__(self, live: TablesEvent, room_id: str, inner: PureTable, *, created_at: float) -> None:
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
        inner._rng = self.state.feeder  # the room draws and logs each deck (server/fair.py)
        self.state = dataclasses.replace(self.state, table=_Seats(live, inner, settings))
        self.seen_seating = -1
        """The pure table's :attr:`~pokerdealer.table.event.EventTable.seating` as the event's ``follow`` last read it."""
        self.seated: set[str] = set()
        """The players seated at the pure table as the event's ``follow`` last read it."""

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

    def _hand_ended(self) -> None:
        super()._hand_ended()
        self.live_event.follow()  # the moves the hand made, at once: before any other table deals

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
        return mute_key(named=member is not None and member.name in live.muted,
                        spectators=live.spectators_muted, seated=member is not None and self.seat_of(member) is not None)

    def _public_state(self, players: Any) -> dict[str, Any]:  # noqa: ANN401
        state = table_state(self, players)
        live = self.live_event
        record = self.table.current
        state["event"] = live.strip(self)
        # The table's stakes: the hand's in play; between hands the level the next one is dealt at
        # (TDA 2024 23); on a break the last hand's (the table settings hold only the first level's).
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


def _nothing(conn: Any) -> None:  # noqa: ANN401
    """An operation that writes nothing."""
