"""One live table: a single task owns it, and every change goes through it.

Browsers, the action clock and the bots send commands to the table's
queue; the table task takes them one at a time (a single writer), asks the
rules engine, writes the accepted change to the database, and only then
tells each reader what it may see.

Everything that changes a table is an event (``sit_down``, ``hand_start``,
``act``, ``hand_end``, ...). The same :meth:`LiveTable.apply_event` runs live
and when the server starts again, so a restarted table -- and a hand in
play -- is exactly what it was.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import logging
import random
import secrets
import time
from collections.abc import Callable, Collection
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from pokerdealer.bots import make_bot
from pokerdealer.cards import parse_cards
from pokerdealer.errors import PokerDealerError
from pokerdealer.rules import Action, Street
from pokerdealer.server import (
    between_hands,
    db,
    history_store,
    host,
    proofs,
    self_limits,
    straddle,
    timebank,
    waiting,
)
from pokerdealer.server.chat import TableChat
from pokerdealer.server.fair import DeckCommitment, shuffled_deck
from pokerdealer.server.limits import Backlog, Throttle
from pokerdealer.server.private import private_state
from pokerdealer.server.seat_names import name_bots, unique_name
from pokerdealer.server.settings import ServerOptions, TableSettings
from pokerdealer.server.snapshot import op_snapshot
from pokerdealer.server.views import (
    action_words,
    apply_described,
    describe_actions,
    forced_bets_words,
    showdown_summary,
    table_state,
)
from pokerdealer.server.words import Said, error_words, reader_language, words
from pokerdealer.table import CashTable, SeatStatus, TableError

if TYPE_CHECKING:
    from fastapi import WebSocket

    from pokerdealer.server.room import Room

__all__ = ["Conn", "LiveTable", "Member", "hash_token"]

log = logging.getLogger("pokerdealer.server")


def hash_token(token: str) -> str:
    """A token as it is stored. Any string hashes: one with a lone surrogate (JSON's
    ``"\\ud800"``) is simply a token nobody holds, not an error.

    >>> hash_token(chr(0xD800)) != hash_token("")
    True
    """
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


class FeederRandom(random.Random):
    """The table's RNG: it 'shuffles' to the deck the server drew (and logged)
    and picks the first button with a logged index, so a replay deals the same."""

    def __init__(self) -> None:
        super().__init__(0)
        self.next_deck: list[Any] | None = None
        self.pick: int | None = None
        self.picked: int | None = None
        self.chooser: Callable[[int], int] = secrets.randbelow

    def shuffle(self, x: Any, *args: Any) -> None:  # noqa: ANN401
        if self.next_deck is None:
            raise RuntimeError("no deck was drawn for this hand")
        x[:] = self.next_deck
        self.next_deck = None

    def choice(self, seq: Any) -> Any:  # noqa: ANN401
        i = self.pick if self.pick is not None else self.chooser(len(seq))
        self.picked = i
        return seq[i]


@dataclass(eq=False)
class Member:
    """Someone who holds (or held) a seat: a person with a secret token, or a bot."""

    id: int
    name: str
    token_hash: str | None
    bot: str | None = None
    conns: int = 0
    away_since: float | None = None
    timeouts: int = 0
    pending_top_up: int = 0
    pending_leave: bool = False
    pending_hand: int | None = None
    """The hand after which the pending top-up or departure is due (:mod:`~pokerdealer.server.between_hands`)."""
    bot_obj: Any = None
    own: Any = None
    """Their person's own settings and session here (:class:`~pokerdealer.server.self_limits.Own`)."""
    person: str | None = None
    """The person they are: the hash of their browser's key (:mod:`~pokerdealer.server.self_limits`)."""
    straddle: bool = False
    """They straddle when under the gun, at a table that allows it (:mod:`~pokerdealer.server.straddle`)."""


@dataclass(eq=False)
class Conn:
    """One websocket; messages to it go through its own queue and sender task."""

    ws: WebSocket | None
    member: Member | None = None
    address: str = ""
    """The client's address (the connection caps and chat limits key on it)."""
    queue: asyncio.Queue[str | None] = field(default_factory=lambda: asyncio.Queue(256))
    task: asyncio.Task[None] | None = None
    closed: bool = False
    """Nothing more is sent (nor encoded) for it: it is gone, too slow, or shut by the room."""
    throttle: Throttle = field(default_factory=Throttle)
    sender: Any = None
    """Whose messages these are, for the table's backlog: the seat token of its hello, else the connection."""
    shut: tuple[int, str] | None = None
    """Why the room closed it, if it did: the close code and reason (a catalog key:
    :data:`~pokerdealer.server.limits.FLOODED`); its sender closes the socket so."""
    last_hand: int | None = -1
    """The number of the last hand summary sent (-1: none sent yet)."""
    lang: str = "en"
    """The reader's language (their hello's ``lang``, else the table's): what they are told is in it."""
    proof_text: tuple[Any, str] | None = None
    """Their deal proof (the object kept with the hand) and its JSON: a kilobyte of hashes,
    the same in every state of a hand, encoded once a hand (:meth:`LiveTable.broadcast`)."""
    texts: Texts = field(default_factory=lambda: Texts())
    """Their own parts as last sent (their seat with their cards, their ``you``): never a table's."""

    def send(self, text: str) -> None:
        if self.closed:
            return
        try:
            self.queue.put_nowait(text)
        except asyncio.QueueFull:  # a reader this slow reconnects and gets a fresh state
            self.closed = True
            with contextlib.suppress(asyncio.QueueFull):
                self.queue.get_nowait()
                self.queue.put_nowait(None)

    def send_json(self, data: dict[str, Any]) -> None:
        if not self.closed:  # nothing is encoded for a connection nobody will read
            self.send(_dumps(data))

    def tell(self, kind: str, key: str, /, **params: Any) -> None:  # noqa: ANN401
        """Send a ``notice`` or ``error`` in words: key, params and the text in the reader's language."""
        if not self.closed:
            self.send_json({"type": kind, **words(self.lang, key, **params)})

    def shut_down(self, code: int, reason: str) -> None:
        """Close it from the room's side: what is queued is dropped, nothing more is
        sent, and its sender closes the socket with ``code`` and ``reason``."""
        self.shut = (code, reason)
        self.closed = True
        while not self.queue.empty():
            self.queue.get_nowait()
        self.queue.put_nowait(None)


@dataclass
class Command:
    kind: str
    conn: Conn | None = None
    data: dict[str, Any] = field(default_factory=dict)
    future: asyncio.Future[Any] | None = None


class Rejected(Said):
    """A command refused with a message for its sender (a catalog key and params)."""


_STOP = Command("stop")

QUEUED = ("msg", "restate")
"""The readers' commands counted in a table's :class:`~pokerdealer.server.limits.Backlog`."""


class LiveTable:
    """A table in play: the :class:`~pokerdealer.table.CashTable`, its members,
    readers and clock, owned by one task."""

    def __init__(
        self,
        room: Room,
        table_id: str,
        settings: TableSettings,
        *,
        seed: int | None,
        created_at: float,
    ) -> None:
        self.room = room
        self.id = table_id
        self.settings = settings
        self.options: ServerOptions = room.options
        self.seed = seed
        self.created_at = created_at
        self.feeder = FeederRandom()
        if seed is not None:
            picker = random.Random(f"{seed}:button")
            self.feeder.chooser = picker.randrange
        self.table = CashTable(settings.cash_settings(), rng=self.feeder, keep_hands=self.options.keep_hands)
        self.members: dict[int, Member] = {}
        self.by_token: dict[str, Member] = {}
        self.by_name: dict[str, Member] = {}
        self.seq = 0
        self.hand_meta: dict[int, dict[str, Any]] = {}
        self.summaries: dict[int, dict[str, Any]] = {}
        self.last_summary: dict[str, Any] | None = None
        self.last_actions: dict[int, dict[str, Any]] = {}
        """Each seat's last action this hand (a log line: :func:`~pokerdealer.server.views.action_words`)."""
        self.chat = TableChat(room.chat_limits)
        self.conns: set[Conn] = set()
        self.queue: asyncio.Queue[Command] = asyncio.Queue()
        self.backlog = Backlog()
        """Readers' messages in ``queue``, by sender: bounded (:meth:`offer`)."""
        self.task: asyncio.Task[None] | None = None
        self.turn_key: tuple[int, int] | None = None
        self.turn_started = 0.0
        self.next_hand_at: float | None = None
        self.hand_log: list[dict[str, Any]] = []
        """The hand in play's actions in words (built as they are applied)."""
        self.words_later = False
        """Replaying a log: hands are played without words, said once for the last one (:meth:`say_last_hand`)."""
        self.broken: str | None = None
        self.host = host.HostState(base=settings)
        self.bank = timebank.TimeBank()
        self.texts = Texts()
        """The public parts of the state as last sent (:meth:`broadcast`)."""

    def offer(self, conn: Conn, kind: str, data: dict[str, Any]) -> Said | None:
        """Queue a reader's message for the table, or say why not: its sender (one seat's
        token, however many connections hold it) already has many waiting, or the table has."""
        refused = self.backlog.admit(conn.sender)
        if refused is None:
            self.queue.put_nowait(Command(kind, conn, data))
        return refused

    # ============================================================ events
    def add_member(self, member: Member) -> None:
        self.members[member.id] = member
        self.by_name[member.name] = member
        if member.token_hash:
            self.by_token[member.token_hash] = member

    def seat_of(self, member: Member) -> int | None:
        return self.table.seat_of(member.name)

    def apply_event(self, kind: str, data: dict[str, Any], at: float) -> None:
        """Change the table by one event (live, or replaying the log on start)."""
        if self_limits.observe(self, kind, data, at):
            return
        table = self.table
        if kind == "sit_down":
            m = self.members[data["member"]]
            table.sit_down(
                m.name, data["buy_in"], seat=data["seat"], now=at,
                wait_for_big_blind=data.get("wait_bb", True),
            )
        elif kind == "top_up":
            table.top_up(self.members[data["member"]].name, data["amount"])
            between_hands.kept(self.members[data["member"]])
        elif kind == "sit_out":
            table.sit_out(self.members[data["member"]].name)
        elif kind == "sit_in":
            table.sit_in(self.members[data["member"]].name, post=data.get("post", False))
        elif kind == "leave":
            table.leave(self.members[data["member"]].name, now=at)
            between_hands.kept(self.members[data["member"]])
            host.left(self, data["member"])
        elif kind in between_hands.PROMISES:
            between_hands.promise(self.members[data["member"]], kind, data)
        elif kind in host.EVENTS:
            host.apply(self, kind, data, at)
        elif kind == straddle.EVENT:
            straddle.chose(self.members[data["member"]], data)
        elif kind == "time_bank":
            self.bank.spend(data["member"], hand=data["hand"], seconds=data["seconds"], full=self.settings.time_bank)
        elif kind == "hand_start":
            variant = table.settings.variant
            self.feeder.next_deck = list(parse_cards(data["deck"], what="deck", variant=variant))
            self.feeder.pick = data.get("pick")
            self.feeder.picked = None
            try:
                record = table.start_hand(now=at, straddlers=straddle.replayed(self, data))
            finally:
                self.feeder.next_deck = None
                self.feeder.pick = None
            if record.number != data["number"]:
                raise TableError(f"hand {record.number} started, the log says {data['number']}")
            # The deck and salts stay here (never sent); hands logged before the
            # per-position proof have no "salts" and get no proof.
            self.hand_meta[record.number] = {
                "commitment": data["commitment"],
                "salts": data.get("salts"),
                "deck": data["deck"],
                "started_at": at,
            }
            self.last_actions = {}
            self.hand_log = [] if self.words_later else forced_bets_words(record)
        elif kind == "act":
            record = table.current
            if record is None or record.number != data["hand"]:
                raise TableError(f"no hand {data['hand']} in play")
            self._apply_action(record, data["a"])
        elif kind == "hand_end":
            record = table.finish_hand()
            host.after_hand(self)
            meta = self.hand_meta.get(record.number, {})
            meta["ended_at"] = at
            self.last_summary = None
            history_store.forget_old(self)
        else:
            raise TableError(f"unknown event {kind!r}")
        self_limits.follow(self, kind, data, at)

    def restore(self, events: list[tuple[int, str, dict[str, Any], float]]) -> None:
        """Replay the stored log (server start)."""
        for seq, kind, data, at in events:
            self.apply_event(kind, data, at)
            self.seq = seq
        self.recall_last_hand()

    def recall_last_hand(self) -> None:
        """After a replay: the last finished hand's summary, if none is kept. Play keeps it
        while the next hand is played too (readers get it as ``last_hand``; a restart
        mid-hand had lost it)."""
        if self.table.hands and self.last_summary is None:
            self.last_summary = self.summary(self.table.hands[-1].number)

    def say_last_hand(self) -> None:
        """After a replay without words: the words of the hand in play (or the
        last one), as if each action had been said as it was applied."""
        self.words_later = False
        record = self.table.current or (self.table.hands[-1] if self.table.hands else None)
        if record is None:
            return
        said = describe_actions(record)
        self.hand_log = forced_bets_words(record) + said
        self.last_actions = {words["seat"]: words for words in said}

    # ======================================================== persistence
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

    async def _do(self, events: list[tuple[str, dict[str, Any]]], extra: list[db.Op] = ()) -> None:  # type: ignore[assignment]
        """Apply events in memory (the rules reject bad ones: nothing changes),
        then write them in one transaction; callers broadcast afterwards."""
        at = time.time()
        ops = []
        for kind, data in events:
            self.apply_event(kind, data, at)
            ops.append(self._event_op(kind, data, at))
        await self._commit([*ops, *self_limits.shared_ops(self, events), *extra])

    # ============================================================ running
    def start(self) -> None:
        self.task = asyncio.create_task(self._run(), name=f"table-{self.id}")

    async def stop(self) -> None:
        if self.task is not None:
            await self.queue.put(_STOP)
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
                    cmd = await self.queue.get()
                elif timeout <= 0 or not self.queue.empty():
                    cmd = self.queue.get_nowait() if not self.queue.empty() else None
                    await asyncio.sleep(0)
                else:
                    async with asyncio.timeout(timeout):  # a timer, not wait_for's task, at each wake-up
                        cmd = await self.queue.get()
            except TimeoutError:
                cmd = None
            if cmd is _STOP:
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

    # ----------------------------------------------------------- commands
    async def _handle(self, cmd: Command) -> bool:
        conn = cmd.conn
        if conn is not None and cmd.kind in QUEUED:
            self.backlog.done(conn.sender)
        try:
            if cmd.kind == "attach":
                return self._attach(conn, cmd.data.get("token"), cmd.data.get("lang"))  # type: ignore[arg-type]
            if cmd.kind == "detach":
                return self._detach(conn)  # type: ignore[arg-type]
            if cmd.kind == "restate":  # a reader changed language: their state again, in it
                if conn in self.conns:
                    self.broadcast([conn])
                return False
            if cmd.kind == "join":
                result = await self._join(cmd.data["name"], cmd.data.get("buy_in"), cmd.data.get("person"))
                if cmd.future and not cmd.future.done():
                    cmd.future.set_result(result)
                return True
            if cmd.kind == "msg":
                if conn is not None and conn.shut is not None:
                    return False  # what a connection shut for flooding had queued is not done
                return await self._message(conn, cmd.data)  # type: ignore[arg-type]
            if cmd.kind == "host":
                result = await host.command(self, cmd.data)
                if cmd.future and not cmd.future.done():
                    cmd.future.set_result(result)
                return True
            if cmd.kind == "bot_setup":
                await self._seat_bots(cmd.data["bots"])
                if cmd.future and not cmd.future.done():
                    cmd.future.set_result(None)
                return True
        except (Said, PokerDealerError) as error:
            if cmd.future is not None and not cmd.future.done():
                cmd.future.set_exception(error)
            elif conn is not None:
                ref = cmd.data.get("type")
                conn.send_json({"type": "error", **error_words(conn.lang, error), "ref": ref, "id": cmd.data.get("id")})
            return False
        return False

    def _attach(self, conn: Conn, token: str | None, lang: str | None = None) -> bool:
        conn.lang = reader_language(lang, self.settings.lang)
        member = None
        if token:
            member = self.by_token.get(hash_token(token))
            if member is None:
                conn.send_json({"type": "error", **words(conn.lang, "room.error.unknown_token"), "ref": "hello"})
        conn.member = member
        self.conns.add(conn)
        back = False
        if member is not None:
            member.conns += 1
            back = member.conns == 1
            member.away_since = None
            member.timeouts = 0
        conn.send_json(
            {
                "type": "welcome",
                "member": member.id if member else None,
                "name": member.name if member else None,
                "spectator": member is None,
                "chat": self.chat.recent(),
            }
        )
        if back:
            return True  # the seat shows as connected again: a state for everyone
        # Nobody else's view changes (spectators are counted with the next change):
        # a crowd reconnecting at once must not send every reader a state per newcomer.
        self.broadcast(to=(conn,))
        return False

    def _detach(self, conn: Conn) -> bool:
        """Forget a reader; True (a state for everyone) when a seat's last one left."""
        self.conns.discard(conn)
        m = conn.member
        if m is not None:
            m.conns = max(0, m.conns - 1)
            if m.conns == 0:
                m.away_since = time.monotonic()
                return True
        return False

    def _unique_name(self, name: str) -> str:
        return unique_name(name, self.by_name)

    async def _join(self, name: str, buy_in: int | None, person: str | None = None) -> dict[str, Any]:
        """A new person takes a seat: a new member with a new token.

        Coming back within the rathole window (the table's rule, WSOP-LA 58)
        binds the member, that is the token: a player who keeps it and buys in
        again (the ``sit`` message) must bring back what they left with. A join
        is always someone new -- the room has no accounts, and a display name
        proves nothing (a departed member's name is never reused: the newcomer
        becomes "Ann 2"), so they get the table's own limits.

        ``person`` (the hash of the browser's own key) binds the member to the
        player's own limits (:mod:`~pokerdealer.server.self_limits`): one stopped
        by a limit, here or at another table, becomes a member without a seat,
        who sees the stop and may choose to go on after the cool-off.
        """
        host.check_open(self)
        free = self.table.free_seats
        if not free:
            raise Rejected("room.error.table_full")
        buy_in = self.settings.stack if buy_in is None else buy_in
        name = self._unique_name(name)
        low, high = self.table.buy_in_range(name, now=time.time())
        if not low <= buy_in <= high:
            raise Rejected("room.error.buy_in_range", low=low, high=high)
        stops = await self_limits.read_stops(self, [person])
        token = secrets.token_urlsafe(24)
        at = time.time()
        (member_id,) = await self.room.new_members(self.id, [(name, hash_token(token), None)], at)
        member = Member(member_id, name, hash_token(token))
        self.add_member(member)
        member.away_since = time.monotonic()
        own = self_limits.joining(self, member.id, person, stops)
        if self_limits.stopped_joining(self, person, own):
            await self._do(own)  # a member without a seat: the stop holds
            stop = self_limits.own_of(self, member).stop
            assert stop is not None
            return {"token": token, "seat": None, "name": member.name, "member": member.id, "pending": False,
                    "stopped": stop.why}
        try:
            event = host.seat_event(self, member, buy_in=buy_in, seat=free[0])
            await self._do([*own, event])
        except TableError:
            del self.members[member.id], self.by_name[member.name], self.by_token[member.token_hash]
            await self.room.forget_members([member.id])
            raise
        pending = event[0] == "seat_request"  # the host approves players
        return {"token": token, "seat": None if pending else free[0], "name": member.name, "member": member.id,
                "pending": pending, "stopped": None}

    async def _seat_bots(self, kinds: list[str]) -> None:
        at = time.time()
        events = []
        free = list(self.table.free_seats)
        names = name_bots(kinds, lang=self.settings.lang, taken=self.by_name)
        ids = await self.room.new_members(self.id, [(n, None, k) for n, k in zip(names, kinds, strict=True)], at)
        for member_id, name, kind in zip(ids, names, kinds, strict=True):
            member = Member(member_id, name, None, bot=kind)
            self.add_member(member)
            events.append(("sit_down", {"member": member.id, "seat": free.pop(0), "buy_in": self.settings.stack}))
        await self._do(events)

    def _chat_muted(self, member: Member | None) -> str | None:
        """Why the host has muted this speaker's chat here (a catalog key), or None
        (a tournament's table asks its event: :meth:`EventTable._chat_muted
        <pokerdealer.server.tournament.EventTable._chat_muted>`)."""
        return host.chat_muted(self, member)

    async def _message(self, conn: Conn, msg: dict[str, Any]) -> bool:
        kind = msg["type"]
        if kind == "ping":
            conn.send_json({"type": "pong", "id": msg.get("id")})
            return False
        if kind == "chat":  # sent to every reader now, never in the state
            muted = self._chat_muted(conn.member)
            if muted is not None:
                raise Rejected(muted)
            refused = self.chat.say(conn, msg["text"], readers=self.conns)
            if refused is not None:
                raise refused
            return False
        member = conn.member
        if member is None:
            raise Rejected("room.error.spectator")
        if kind == "act":
            return await self._player_act(member, msg)
        if kind in ("coach", "limits", "limit_continue"):  # with a seat or without (a stop is seen unseated)
            if kind == "limit_continue":
                await self._limits_synced(member)  # gone on at another table: nothing left to confirm here
            events = self_limits.events_for(self, member, msg, now=time.time())
            if not events:
                return False  # a setting as it already was changes nothing
            await self._do(events)
            if kind == "limit_continue":
                conn.tell("notice", "room.limits.went_on")
            return True
        seated = self.seat_of(member)
        if kind == "sit":
            if seated is not None:
                raise Rejected("room.error.already_seated")
            free = self.table.free_seats
            if not free:
                raise Rejected("room.error.table_full")
            await self._limits_synced(member)
            self_limits.check_buy_in(member)  # no buying in again while a limit stops you
            event = host.seat_event(self, member, buy_in=msg["amount"], seat=free[0])
            await self._do([event])
            if event[0] == "seat_request":
                conn.tell("notice", "room.host.requested")
            return True
        if seated is None:
            raise Rejected("room.error.no_seat")
        if kind == "sit_out":
            player = self.table.player(member.name)
            if player.status is SeatStatus.SITTING_OUT:
                raise Rejected("room.error.already_sitting_out")
            await self._do([("sit_out", {"member": member.id})])
            return True
        if kind == "straddle":
            await self._do([straddle.event(self, member, msg["on"])])
            return True
        if kind == "sit_in":
            await self._limits_synced(member)
            if self_limits.stopped(member):
                raise Rejected("room.limits.error.confirm_first")
            member.timeouts = 0
            await self._do([("sit_in", {"member": member.id, "post": not self._wait_bb()})])
            return True
        if kind == "top_up":
            await self._limits_synced(member)
            self_limits.check_buy_in(member)
            # Checked here, in a hand or not (sitting out too): the table's own refusal is no reader's words.
            self._check_top_up(member, msg["amount"])
            if self._in_hand(member):
                await self._promise(conn, member, top_up=msg["amount"])
                return False
            await self._do([("top_up", {"member": member.id, "amount": msg["amount"]})])
            return True
        if kind == "leave":
            if self._in_hand(member):
                await self._promise(conn, member)
                return False
            chips = self.table.player(member.name).stack  # the ledger's cash-out
            await self._do([("leave", {"member": member.id, "chips": chips})])
            return True
        raise Rejected("room.error.unknown_type", kind=kind)

    async def _limits_synced(self, member: Member) -> None:
        """A stop at another table of this player's browser holds here too, and
        going on there lifts it here (:func:`~pokerdealer.server.self_limits.reconcile`)."""
        own = self_limits.own_of(self, member)
        events = self_limits.reconcile(self, [own], await self_limits.read_stops(self, [member.person]))
        if events:
            await self._do(events)

    async def _promise(self, conn: Conn, member: Member, *, top_up: int | None = None) -> None:
        """A top-up or departure for after the hand: in the log before it is confirmed."""
        record = self.table.current
        assert record is not None
        kind, data = between_hands.promise_event(member, record.number, top_up=top_up)
        await self._do([(kind, data)])
        key, params = between_hands.promised_words(kind, top_up)
        conn.tell("notice", key, **params)

    def _wait_bb(self) -> bool:
        """Newcomers wait for the big blind, unless fewer than three play: the big
        blind only moves among the players dealt in, so heads-up it would never
        reach them; then they post it and play at once."""
        active = [p for p in self.table.players if p.status is SeatStatus.ACTIVE and p.stack > 0]
        return len(active) >= 3

    def _check_top_up(self, member: Member, amount: int) -> None:
        p = self.table.player(member.name)
        limit = self.table.settings.max_buy_in
        if amount <= 0 or p.stack + amount > limit:
            raise Rejected("room.error.top_up_limit", most=max(0, limit - p.stack), limit=limit)

    def _in_hand(self, member: Member) -> bool:
        record = self.table.current
        seat = self.seat_of(member)
        return record is not None and seat is not None and seat in record.seats

    async def _player_act(self, member: Member, msg: dict[str, Any]) -> bool:
        record = self.table.current
        if record is None:
            raise Rejected("room.error.no_hand")
        if msg["hand"] != record.number:
            raise Rejected("room.error.hand_over", hand=msg["hand"], current=record.number)
        hand = record.hand
        seat = self.seat_of(member)
        i = record.index_of(seat) if seat is not None else None
        if i is None:
            raise Rejected("room.error.not_in_hand")
        if hand.actor != i:
            raise Rejected("room.error.not_your_turn")
        if msg.get("at") is not None and msg["at"] != len(hand.log):
            raise Rejected("room.error.moved_on")
        if hand.street is Street.SHOWDOWN:
            raise Rejected("room.error.showdown_auto")
        action = Action(msg["kind"], i, msg.get("amount"))
        hand.check_action(action)  # IllegalActionError: the rules' message goes back
        member.timeouts = 0
        await self._act(record, action)
        return True

    async def _act(self, record: Any, action: Action) -> None:
        """Apply one betting action, persist it with the hand's state, remember its words."""
        hand = record.hand
        applied = self._apply_action(record, action)
        at = time.time()
        data = {"hand": record.number, "a": str(applied)}
        actor = hand.actor
        ops = [
            self._event_op("act", data, at),
            db.op_hand_state(
                self.id, record.number, street=hand.street.value, actions=len(hand.log),
                actor_seat=record.seats[actor] if actor is not None else None,
            ),
        ]
        await self._commit(ops)

    def _apply_action(self, record: Any, action: Action | str) -> Action:
        """The rules apply it (or raise, changing nothing); remember it in words."""
        if self.words_later:
            return record.hand.apply(action)  # type: ignore[no-any-return]
        applied, words = apply_described(record, record.hand, action)
        self.hand_log.append(words)
        self.last_actions[words["seat"]] = words
        return applied

    # -------------------------------------------------------------- driving
    def _wakeup(self) -> float | None:
        times = []
        record = self.table.current
        if record is not None:
            hand = record.hand
            actor = hand.actor
            if actor is not None and self.turn_key is not None:
                m = self._member_at(record.seats[actor])
                if m is not None and m.bot:
                    times.append(self.turn_started + self.options.bot_delay)
                else:
                    times.append(timebank.deadline(self))
            else:
                times.append(time.monotonic())
        elif self.next_hand_at is not None and self._can_deal():
            times.append(self.next_hand_at)
        for m in self.members.values():
            if m.away_since is not None and not m.bot and self.seat_of_cached(m):
                times.append(m.away_since + self.options.grace_seconds)
        return min(times) if times else None

    def seat_of_cached(self, m: Member) -> bool:
        try:
            p = self.table.player(m.name)
        except TableError:
            return False
        return p.status is not SeatStatus.SITTING_OUT

    def _member_at(self, seat: int) -> Member | None:
        name = self.table.name_at(seat)  # asked at every turn: no copy of every player
        return None if name is None else self.by_name.get(name)

    def clock_left(self) -> float | None:
        record = self.table.current
        if record is None or record.hand.actor is None:
            return None
        m = self._member_at(record.seats[record.hand.actor])
        if m is not None and m.bot:
            return None
        return round(max(0.0, timebank.deadline(self) - time.monotonic()), 2)

    async def _advance(self) -> bool:
        """Do whatever is due now: sit out absent players, bots' and clock
        actions, the showdown, the end of a hand, the next deal."""
        changed = False
        for _ in range(200):
            now = time.monotonic()
            # Absent too long: sat out (the seat is kept).
            for m in list(self.members.values()):
                if (
                    m.away_since is not None
                    and not m.bot
                    and now - m.away_since >= self.options.grace_seconds
                    and self.seat_of_cached(m)
                ):
                    await self._do([("sit_out", {"member": m.id})])
                    changed = True
            record = self.table.current
            if record is None:
                changed = await self._between_hands() or changed
                if self.next_hand_at is None:
                    self.next_hand_at = now
                if now >= self.next_hand_at and self._can_deal():
                    if await self._start_hand():
                        changed = True
                        continue
                    self.next_hand_at = now + 1.0
                return changed
            hand = record.hand
            if hand.is_complete or hand.street is Street.SHOWDOWN:
                await self._finish_hand(record)
                changed = True
                continue
            actor = hand.actor
            assert actor is not None
            key = (record.number, len(hand.log))
            if key != self.turn_key:
                self.turn_key = key
                self.turn_started = now
                changed = True
            m = self._member_at(record.seats[actor])
            if m is None:  # cannot happen: a dealt-in player stays seated
                await self._act(record, self._passive(hand, actor))
                continue
            if m.bot:
                if now >= self.turn_started + self.options.bot_delay:
                    await self._act(record, self._bot_action(m, record, actor))
                    changed = True
                    continue
                return changed
            status = self.table.player(m.name).status
            if status is SeatStatus.SITTING_OUT:
                await self._act(record, self._passive(hand, actor))
                changed = True
                continue
            if now >= timebank.deadline(self):
                bank = timebank.due(self, m, record.number)
                if bank is not None:  # the time bank, once per hand
                    await self._do([bank])
                    timebank.started(self, bank[1]["seconds"])
                    changed = True
                    continue
                await self._act(record, self._passive(hand, actor))
                m.timeouts += 1
                if m.timeouts >= self.options.max_timeouts:
                    await self._do([("sit_out", {"member": m.id})])
                changed = True
                continue
            return changed
        return changed

    # Hooks a tournament table (:mod:`~pokerdealer.server.tournament`) replaces.
    async def _between_hands(self) -> bool:
        return await between_hands.settle(self)

    def _snapshot_op(self, at: float) -> db.Op:
        return op_snapshot(self, at)

    def _public_state(self, players: Any) -> dict[str, Any]:  # noqa: ANN401
        return table_state(self, players)

    @staticmethod
    def _passive(hand: Any, actor: int) -> Action:
        legal = hand.legal()
        return Action("check" if legal.can_check else "fold", actor)

    def _bot_action(self, m: Member, record: Any, actor: int) -> Action:
        hand = record.hand
        variant = hand.config.variant  # a short-deck table's bots count short-deck equity
        if self.seed is not None:
            bot = make_bot(m.bot, random.Random(f"{self.seed}:{record.number}:{len(hand.log)}"), variant=variant)
        else:
            if m.bot_obj is None:
                m.bot_obj = make_bot(m.bot, random.Random(secrets.randbits(64)), variant=variant)
            bot = m.bot_obj
        try:
            think = getattr(bot, "think", None)
            thought = think(hand.view(actor)) if think is not None else None
            action = thought.action if thought is not None else bot.act(hand.view(actor))
            action = Action(action.kind, actor, action.amount)
            hand.check_action(action)
        except PokerDealerError:
            return self._passive(hand, actor)
        if thought is not None:  # its reasons, for "why did the bot do that?" once the hand is over
            self._keep_reasons(record, m, actor, thought.to_json())
        return action

    def _hide_unshown_strength(self, record: Any) -> None:
        """A bot's equity and its hand's rank tell its cards' strength (a
        preflop equity names the hand's class): kept only for the bots whose
        cards the hand showed; the others' reasons keep the pot odds, the rule
        and what they read of their opponents."""
        reasons = self.hand_meta.get(record.number, {}).get("bot_reasons")
        if not reasons:
            return
        shown = {record.seats[p] for p in record.hand.shown}
        for line in reasons:
            if line["seat"] not in shown:
                line["equity"] = line["hand_share"] = None

    def _keep_reasons(self, record: Any, m: Member, actor: int, reasons: dict[str, Any]) -> None:
        """Keep a bot's reasons for one decision with its hand (hand_meta's
        ``bot_reasons``; in memory: a restart forgets them), by room seat."""
        seats = record.seats
        for line in reasons["ranges"]:
            line["seat"] = seats[line["seat"]]
        meta = self.hand_meta.setdefault(record.number, {})
        meta.setdefault("bot_reasons", []).append({"seat": seats[actor], "name": m.name, **reasons})

    def _can_deal(self) -> bool:
        return waiting.why_not_dealing(self) is None

    async def _start_hand(self) -> bool:
        number = self.table.hands_played + 1
        variant = self.table.settings.variant
        committed = DeckCommitment.draw(shuffled_deck(variant, seed=self.seed, number=number))
        deck = committed.deck_text
        data = {"number": number, "deck": deck, "salts": committed.salts_text, "commitment": committed.root}
        at = time.time()
        self.feeder.next_deck = list(committed.deck)
        self.feeder.pick = None
        self.feeder.picked = None
        try:
            record = self.table.start_hand(now=at, straddlers=straddle.wishes(self))
        except TableError as error:
            log.info("table %s: cannot deal: %s", self.id, error)
            return False
        finally:
            self.feeder.next_deck = None
        if self.feeder.picked is not None:
            data["pick"] = self.feeder.picked
        straddler = straddle.dealt(self, record)
        if straddler is not None:  # a replay deals the same straddle
            data["straddle"] = straddler
        self.hand_meta[number] = {
            "commitment": committed.root, "salts": committed.salts_text, "deck": deck, "fair": committed,
            "started_at": at,
        }
        self.last_actions = {}
        self.hand_log = forced_bets_words(record)
        hand = record.hand
        actor = hand.actor
        await self._commit(
            [
                self._event_op("hand_start", data, at),
                db.op_hand_start(
                    self.id, number, committed.root, "", deck, at, hand.street.value,
                    record.seats[actor] if actor is not None else None,
                ),
            ]
        )
        return True

    async def _finish_hand(self, record: Any) -> None:
        stops = await self_limits.read_stops(self)  # a stop at another table reaches this one too
        hand = record.hand
        before = len(hand.log)
        if not hand.is_complete:
            # The online showdown: show in the rules' order, muck what cannot win.
            hand.auto_showdown()
            for a in hand.log[before:]:
                words = action_words(record, hand, a, street="showdown", is_bet=False)
                self.hand_log.append(words)
                self.last_actions[words["seat"]] = words
        at = time.time()
        ops = [
            self._event_op("act", {"hand": record.number, "a": str(a)}, at)
            for a in hand.log[before:]
        ]
        self.table.finish_hand()
        host.after_hand(self)
        ops.append(self._event_op("hand_end", {"hand": record.number}, at))
        limited = self_limits.due(self, at, stops)  # a limit reached (a bust too) stops its player now
        for kind, data in limited:
            self.apply_event(kind, data, at)
            ops.append(self._event_op(kind, data, at))
        ops += self_limits.shared_ops(self, limited)
        ops.append(self._snapshot_op(at))  # a start replays only what follows
        self.hand_meta[record.number]["ended_at"] = at
        self._hide_unshown_strength(record)
        history_store.forget_old(self)
        summary = self.summary(record.number)
        self.last_summary = summary
        ops.append(
            db.op_hand_state(
                self.id, record.number, street="complete", actions=len(hand.log), actor_seat=None,
                ended_at=at,
                summary=history_store.stored_summary(record, summary),
            )
        )
        await self._commit(ops)
        self.next_hand_at = time.monotonic() + self.options.pause_seconds

    # ------------------------------------------------------------ reading
    def summary(self, number: int) -> dict[str, Any] | None:
        if number in self.summaries:
            return self.summaries[number]
        record = history_store.kept(self, number)
        if record is None:
            return None
        out = showdown_summary(record, proofs.hand_reveal(self, record))
        self.summaries[number] = out
        return out

    def log_words(self) -> list[dict[str, Any]]:
        return self.hand_log if self.table.current is not None else []

    def broadcast(self, to: Collection[Conn] | None = None) -> None:
        """Send each reader (or those ``to``) the state built for them: the public
        part is encoded once; a player's message adds their own cards and legal actions."""
        readers = self.conns if to is None else to
        if not readers:
            return
        players = self.table.players
        by_name = {p.name: p for p in players}
        public = self._public_state(players)
        last = public.pop("last_hand")
        last_number = last["number"] if last else None
        seats = public.pop("seats")
        texts = self.texts
        seat_texts = [texts.of(("seat", k), row) for k, row in enumerate(seats)]
        head = _public_text(texts, public)[:-1] + ',"seats":'
        spectator_seats = "[" + ",".join(seat_texts) + "]"
        last_text: str | None = None
        record = self.table.current
        for conn in list(readers):
            if conn.closed:  # its detach is on the way: nothing is built for it
                continue
            # The last hand's summary goes to each reader once (the page keeps it).
            fresh = conn.last_hand != last_number
            conn.last_hand = last_number
            parts = [head]
            m = conn.member
            if m is None:
                parts.append(spectator_seats)
            else:
                you, own = private_state(self, m, by_name.get(m.name), record, lang=conn.lang)
                if own is None or (seats[own[0] - 1] or {}).get("name") != m.name:
                    parts.append(spectator_seats)
                else:
                    seat, cards = own
                    row = dict(seats[seat - 1], cards=cards, hidden=False)
                    mine = list(seat_texts)
                    mine[seat - 1] = conn.texts.of("seat", row)  # the reader's own: never the table's texts
                    parts.append("[" + ",".join(mine) + "]")
                parts.append(',"you":' + _you_text(conn, you))
            if fresh:
                if last_text is None:
                    last_text = _dumps(last)
                parts.append(',"last_hand":' + last_text)
            parts.append("}")
            conn.send("".join(parts))


class Texts:
    """The JSON of the parts of what was last sent, each kept with the value it
    encodes: a part equal to the last one of its name is not encoded again. From
    one action to the next most of a table's state is as it was (the other seats,
    the settings, the log so far, a reader's own part), and encoding it all for
    every reader at every action was a quarter of the room's CPU.

    A value given must not change afterwards (each state is built afresh, and the
    log's lines are never changed): an equal value has the same JSON.

    >>> texts = Texts()
    >>> texts.of("a", {"x": 1})
    '{"x":1}'
    >>> texts.of("a", {"x": 1}) is texts.of("a", {"x": 1}), texts.of("a", {"x": 2})
    (True, '{"x":2}')
    """

    __slots__ = ("kept",)

    def __init__(self) -> None:
        self.kept: dict[Any, tuple[Any, str]] = {}

    def of(self, key: Any, value: Any) -> str:  # noqa: ANN401
        kept = self.kept.get(key)
        if kept is not None and kept[0] == value:
            return kept[1]
        text = _dumps(value)
        self.kept[key] = (value, text)
        return text

    def lines(self, key: Any, values: list[Any]) -> str:  # noqa: ANN401
        """The items of a list that only grows (the hand's log) as JSON, without its
        brackets: only those added since the last call are encoded.

        >>> texts, log = Texts(), [{"seat": 1}]
        >>> texts.lines("log", log)
        '{"seat":1}'
        >>> log.append({"seat": 2})
        >>> texts.lines("log", log), texts.lines("log", [{"seat": 3}])
        ('{"seat":1},{"seat":2}', '{"seat":3}')
        """
        kept = self.kept.get(key)
        if kept is None or kept[0][0] is not values or kept[0][1] > len(values):
            kept = ((values, 0), "")
        (_, done), text = kept
        if done < len(values):
            more = ",".join([_dumps(v) for v in values[done:]])
            text = more if not text else text + "," + more
        self.kept[key] = ((values, len(values)), text)
        return text


def _public_text(texts: Texts, public: dict[str, Any]) -> str:
    """The public state as JSON: the settings, the host's decisions and each line of
    the hand's log encoded only when they change (``texts`` is the table's).

    >>> _public_text(Texts(), {"type": "state", "table": {"id": "t"}, "hand": {"number": 2, "log": [{"seat": 1}]}})
    '{"type":"state","table":{"id":"t"},"hand":{"number":2,"log":[{"seat":1}]}}'
    """
    rest = dict(public)
    kept = [(key, texts.of(key, rest.pop(key))) for key in ("table", "host") if key in rest]
    hand = rest.pop("hand", None)
    if hand is not None and "log" in hand:
        hand = dict(hand)
        log = hand.pop("log")
        lines = texts.lines("log", log)
        kept.append(("hand", _dumps(hand)[:-1] + ',"log":[' + lines + "]}"))
    elif "hand" in public:
        kept.append(("hand", _dumps(hand)))
    head = _dumps(rest)[:-1]
    return head + "".join(f',"{key}":{text}' for key, text in kept) + "}"


_ENCODE = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False).encode
"""One encoder for every message (``json.dumps`` with these options makes one a call)."""


def _dumps(value: Any) -> str:  # noqa: ANN401
    return _ENCODE(value)


def _you_text(conn: Conn, you: dict[str, Any]) -> str:
    """A reader's own part as JSON, their deal proof encoded once a hand.

    >>> conn, proof = Conn(None), {"hand": 1, "paths": ["ab", "cd"]}
    >>> _you_text(conn, {"seat": 2, "deal_proof": proof})
    '{"seat":2,"deal_proof":{"hand":1,"paths":["ab","cd"]}}'
    >>> conn.proof_text[0] is proof
    True
    """
    # Their limits (a session's seconds tick) apart: the rest is mostly as last sent.
    limits = you.pop("limits", None)
    tail = "" if limits is None else ',"limits":' + conn.texts.of("limits", limits)
    if "deal_proof" not in you or you["deal_proof"] is None:
        return conn.texts.of("you", you)[:-1] + tail + "}"
    proof = you.pop("deal_proof")
    if conn.proof_text is None or conn.proof_text[0] is not proof:  # the proof kept with the hand
        conn.proof_text = (proof, _dumps(proof))
    return conn.texts.of("you", you)[:-1] + tail + ',"deal_proof":' + conn.proof_text[1] + "}"
