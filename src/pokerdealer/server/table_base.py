"""The shell of one table: the task that owns its state and does its effects.

The table's state is a value changed only by
:func:`~pokerdealer.server.reducer.reduce` (:meth:`TableBase.apply_event`).
Around it, one task (:meth:`TableBase._run`) takes commands from a queue --
readers' messages, the host's commands, joins -- one at a time, does what the
clock says is due, and after each change sends every reader their view. An
event is applied and written in the same step (:meth:`TableBase._do`): the
rules refuse a bad one before anything changes, and nobody is told anything
before the database has it.

:class:`~pokerdealer.server.live.LiveTable` is this base with its three
concerns: turning commands into events
(:class:`~pokerdealer.server.table_commands.TableCommands`), the clock, the
bots and the dealer (:class:`~pokerdealer.server.table_clock.TableClock`), and
what each reader is sent (:class:`~pokerdealer.server.readers.TableReaders`).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable, Collection, Iterable, Sequence
from typing import Any, Protocol

from pokerdealer.rules import Action
from pokerdealer.server import db, person_rows
from pokerdealer.server.chat import ChatLimits, TableChat
from pokerdealer.server.conns import STOP, Command, Commands, Conn, Member, Texts
from pokerdealer.server.features import CASH
from pokerdealer.server.hand_book import HandBook, last_dealt
from pokerdealer.server.limits import Backlog
from pokerdealer.server.reducer import Event, Features, MemberInfo, TableState, new_state, reduce
from pokerdealer.server.settings import ServerOptions, TableSettings
from pokerdealer.server.snapshot import take
from pokerdealer.server.views import summary
from pokerdealer.server.words import Said
from pokerdealer.table import CashTable, HandRecord

__all__ = ["AFTER_HAND", "RoomServices", "TableBase"]

AFTER_HAND = ("show_after", "rabbit_hunt")
"""The events about a hand already over (issue 39's features): its history changes after its end."""

log = logging.getLogger("pokerdealer.server")


class RoomServices(Protocol):
    """What a table asks of the room it is played in (:class:`~pokerdealer.server.room.Room`)."""

    options: ServerOptions
    store: db.Store
    chat_limits: ChatLimits

    async def new_members(self, table_id: str, rows: list[tuple[str, str | None, str | None]], at: float) -> list[int]:
        ...

    async def forget_members(self, ids: list[int]) -> None:
        ...


class TableBase:
    """A table in play: its state, its members' presence, its readers, and the one task that owns them."""

    def __init__(
        self, room: RoomServices, table_id: str, settings: TableSettings, *, seed: int | None, created_at: float,
        features: Features = CASH,
    ) -> None:
        self.room = room
        self.id = table_id
        self.options: ServerOptions = room.options
        self.seed = seed
        self.created_at = created_at
        self.state: TableState = new_state(settings, seed=seed, keep_hands=self.options.keep_hands, features=features)
        """The table between events: changed only by :meth:`apply_event` (:mod:`~pokerdealer.server.reducer`)."""
        self.book = HandBook()
        """What the readers are told of the hands, worked out once (:mod:`~pokerdealer.server.hand_book`)."""
        self.members: dict[int, Member] = {}
        """Everyone who holds or held a seat here, as the shell sees them (connected, absent)."""
        self.by_token: dict[str, Member] = {}
        self.by_name: dict[str, Member] = {}
        self.seq = 0
        """The number of the last event written (the state's ``seq``)."""
        self.chat = TableChat(room.chat_limits)
        self.conns: set[Conn] = set()
        self.queue: asyncio.Queue[Command] = Commands()
        """Commands for the table's task, taken in turn by sender (:class:`~pokerdealer.server.conns.Commands`)."""
        self.backlog = Backlog()
        """Readers' messages in ``queue``, by sender: bounded (:meth:`offer`)."""
        self.task: asyncio.Task[None] | None = None
        self.turn_key: tuple[int, int] | None = None
        """The turn in play: (hand, actions so far)."""
        self.turn_started = 0.0
        self.turn_bank: tuple[Any, float] | None = None
        """(turn key, seconds) of time bank added to the turn in play (:mod:`~pokerdealer.server.timebank`)."""
        self.next_hand_at: float | None = None
        self.broken: str | None = None
        self.texts = Texts()
        """The public parts of the state as last sent (:meth:`~pokerdealer.server.readers.TableReaders.broadcast`)."""

    # ============================================================ the state
    @property
    def table(self) -> CashTable:
        """The seats and the hand in play (the state's core)."""
        return self.state.table

    @property
    def settings(self) -> TableSettings:
        """The settings in force."""
        return self.state.settings

    def add_member(self, member: Member) -> None:
        self.members[member.id] = member
        self.by_name[member.name] = member
        if member.token_hash:
            self.by_token[member.token_hash] = member
        self.state = self.state.with_member(MemberInfo(member.id, member.name, member.token_hash, member.bot))

    def forget_member(self, member: Member) -> None:
        """A member whose join failed: as if they had never come."""
        del self.members[member.id], self.by_name[member.name]
        if member.token_hash:
            del self.by_token[member.token_hash]
        self.state = self.state.without_member(member.id)

    def seat_of(self, member: Member) -> int | None:
        return self.table.seat_of(member.name)

    def member_at(self, seat: int) -> Member | None:
        name = self.table.name_at(seat)  # asked at every turn: no copy of every player
        return None if name is None else self.by_name.get(name)

    def apply_event(self, kind: str, data: dict[str, Any], at: float) -> None:
        """Change the table by one event (live, or replaying the log on start)."""
        self.state = reduce(self.state, kind, data, at)
        if kind == "hand_end":
            self._hand_ended()
        elif kind in AFTER_HAND:  # a finished hand shown, hunted or settled: its summary (deck proof) anew
            self.book.summaries.pop(data["hand"], None)

    def _hand_ended(self) -> None:
        """After a hand's end is applied: what is kept of hands the table no longer keeps goes."""
        hands = self.table.hands
        self.book.forget_before(hands[0].number if hands else self.table.hands_played + 1)

    def restore(self, events: list[tuple[int, str, dict[str, Any], float]]) -> None:
        """Replay the stored log (server start)."""
        for seq, kind, data, at in events:
            self.apply_event(kind, data, at)
            self.seq = seq

    # ============================================================ the hands, as readers see them
    def summary(self, number: int) -> dict[str, Any] | None:
        """Finished hand ``number``'s summary for everyone (None: not kept)."""
        return summary(self, number)

    @property
    def last_summary(self) -> dict[str, Any] | None:
        """The last finished hand's summary (readers get it as ``last_hand`` while the next is played too)."""
        hands = self.table.hands
        return self.summary(hands[-1].number) if hands else None

    @property
    def hand_log(self) -> list[dict[str, Any]]:
        """The hand dealt last in words: its forced bets and actions."""
        record = last_dealt(self.state)
        return [] if record is None else self.book.log.in_words(record, self.state.said)

    @property
    def last_actions(self) -> dict[int, dict[str, Any]]:
        """Each seat's last action in the hand dealt last (a log line)."""
        record = last_dealt(self.state)
        return {} if record is None else self.book.log.last_by_seat(record.number, self.state.said)

    def log_words(self) -> list[dict[str, Any]]:
        """The hand in play in words (nothing between hands)."""
        return self.hand_log if self.table.current is not None else []

    @property
    def hand_meta(self) -> dict[int, dict[str, Any]]:
        """What the log says of each hand kept (:class:`~pokerdealer.server.proofs.HandFacts`), as dicts."""
        return {n: facts.meta() for n, facts in self.state.part("proofs").items()}

    @property
    def summaries(self) -> dict[int, dict[str, Any] | None]:
        return self.book.summaries

    # ======================================================== persistence
    def offer(self, conn: Conn, kind: str, data: dict[str, Any]) -> Said | None:
        """Queue a reader's message for the table, or say why not: its sender (one seat's
        token, however many connections hold it) already has many waiting, or the table has."""
        refused = self.backlog.admit(conn.sender)
        if refused is None:
            self.queue.put_nowait(Command(kind, conn, data))
        return refused

    def _event_op(self, kind: str, data: dict[str, Any], at: float) -> db.Op:
        self.seq += 1
        return db.op_event(self.id, self.seq, kind, data, at)

    async def _commit(self, ops: list[db.Op]) -> None:
        try:
            await self.room.store.write(ops)
        except Exception as error:
            # Memory ran ahead of the database: stop this table, nobody was told.
            self.broken = f"database write failed: {error}"
            log.exception("table %s: %s", self.id, self.broken)
            raise

    def _apply(self, events: Sequence[Event], at: float) -> list[db.Op]:
        """Apply events in memory (the rules reject a bad one: nothing changes) and
        return what writes them: the events, and what the features write beside them."""
        ops = []
        for kind, data in events:
            self.apply_event(kind, data, at)
            ops.append(self._event_op(kind, data, at))
        for feature in self.state.features.all:
            if feature.writes is not None:
                ops += feature.writes(self.state, events)
        # A person's chips and session here, for their loss limit at the room's other tables.
        ops += person_rows.table_ops(self.state, events, table_id=self.id, at=at)
        if self.table.current is None and any(kind in AFTER_HAND for kind, _ in events):
            # A finished hand shown or hunted (and a 7-2 bounty moved by it): a snapshot after it,
            # so that no replay meets the event without its hand (server/seven_deuce.py).
            ops.append(db.op_snapshot(self.id, self.seq, self.table.hands_played, take(self.state), at))
        return ops

    async def _do(self, events: Sequence[Event], extra: Sequence[db.Op] = ()) -> None:
        """Apply events, then write them in one transaction; callers broadcast afterwards."""
        await self._commit([*self._apply(events, time.time()), *extra])

    async def read_persons(self, persons: Iterable[str | None] | None = None) -> dict[str, dict[str, Any]]:
        """The rows of these people (default: everyone seated here), as
        :func:`~pokerdealer.server.db.person_views` gives them: the stop in force, the
        limits they set last and their chips at the room's other tables
        (:mod:`~pokerdealer.server.self_limits`); no read at all when none of them has a browser key."""
        if persons is None:
            persons = person_rows.persons_seated(self.state)
        wanted = sorted({p for p in persons if p is not None})
        if not wanted:
            return {}
        table_id = self.id
        return await asyncio.to_thread(  # type: ignore[no-any-return]
            self.room.store.read, lambda c: db.person_views(c, wanted, table_id))

    async def _act(self, record: HandRecord, action: Action) -> None:
        """Apply one betting action (the rules checked it: a player's, a bot's or the
        clock's), and write it with the hand's state."""
        hand = record.hand
        data = {"hand": record.number, "a": str(hand.check_action(action))}  # as the log writes it
        at = time.time()
        self.apply_event("act", data, at)
        actor = hand.actor
        await self._commit([
            self._event_op("act", data, at),
            db.op_hand_state(
                self.id, record.number, street=hand.street.value, actions=len(hand.log),
                actor_seat=record.seats[actor] if actor is not None else None,
            ),
        ])

    # ============================================================ running
    def start(self) -> None:
        self.task = asyncio.create_task(self._run(), name=f"table-{self.id}")

    async def stop(self) -> None:
        if self.task is not None:
            await self.queue.put(STOP)
            try:
                await asyncio.wait_for(self.task, 5)
            except (asyncio.TimeoutError, asyncio.CancelledError):
                self.task.cancel()
        for c in list(self.conns):
            c.send(None)  # type: ignore[arg-type]

    async def _run(self) -> None:
        await self._safe(self._advance)
        self.broadcast()
        while self.broken is None:
            wake = self._wakeup()
            timeout = None if wake is None else max(0.0, wake - time.monotonic())
            try:
                if timeout is None:
                    if not self.queue.empty():
                        # A queue's get does not wait when it has one: without this a table took all
                        # it had (700 readers arriving at once: seconds) before any other table's turn.
                        await asyncio.sleep(0)
                    cmd = await self.queue.get()
                elif timeout <= 0 or not self.queue.empty():
                    cmd = self.queue.get_nowait() if not self.queue.empty() else None
                    await asyncio.sleep(0)
                else:
                    async with asyncio.timeout(timeout):  # a timer, not wait_for's task, at each wake-up
                        cmd = await self.queue.get()
            except TimeoutError:
                cmd = None
            if cmd is STOP:
                return
            changed = False
            if cmd is not None:
                changed = await self._safe(lambda c=cmd: self._handle(c))
            changed = await self._safe(self._advance) or changed
            if changed:
                self.broadcast()

    async def _safe(self, fn: Callable[[], Any]) -> bool:
        try:
            return bool(await fn())
        except Exception:  # noqa: BLE001 - a bug must not kill the table
            log.exception("table %s: internal error", self.id)
            return False

    # The three concerns (LiveTable's other bases) fill these in.
    async def _handle(self, cmd: Command) -> bool:
        """Carry out one command (:class:`~pokerdealer.server.table_commands.TableCommands`)."""
        raise NotImplementedError

    async def _advance(self) -> bool:
        """Do what is due now (:class:`~pokerdealer.server.table_clock.TableClock`)."""
        raise NotImplementedError

    def _wakeup(self) -> float | None:
        """When something is next due (:class:`~pokerdealer.server.table_clock.TableClock`)."""
        raise NotImplementedError

    def broadcast(self, to: Collection[Conn] | None = None) -> None:
        """Send each reader their state (:class:`~pokerdealer.server.readers.TableReaders`)."""
        raise NotImplementedError
