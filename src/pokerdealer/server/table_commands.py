"""A table's commands: each one turned into events by the core or the feature
that owns it, or refused with words for its sender.

The walk of one player's action, top to bottom:

1. the browser's message arrives on the websocket (:mod:`~pokerdealer.server.app`)
   and is checked by :func:`~pokerdealer.server.protocol.parse`;
2. it is queued for the table (:meth:`TableBase.offer
   <pokerdealer.server.table_base.TableBase.offer>`), whose one task takes it
   (:meth:`TableCommands._handle`);
3. here it becomes events: an ``act`` (:meth:`TableCommands._player_act`), a
   seat's move, a feature's choice (``straddle``: :mod:`~pokerdealer.server.straddle`;
   the coach and limits: :mod:`~pokerdealer.server.self_limits`), or a refusal
   (:class:`~pokerdealer.server.words.Said`, said in the sender's language);
4. the events are reduced (:func:`~pokerdealer.server.reducer.reduce`) and
   written (:meth:`TableBase._do <pokerdealer.server.table_base.TableBase._do>`);
5. every reader is sent what they may see (:meth:`TableReaders.broadcast
   <pokerdealer.server.readers.TableReaders.broadcast>`).
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Sequence
from typing import Any

from pokerdealer.errors import PokerDealerError
from pokerdealer.rules import Action, Street
from pokerdealer.server import between_hands, chat_mute, host, person_rows, self_limits
from pokerdealer.server.conns import QUEUED, Command, Conn, Member, Rejected
from pokerdealer.server.limits import TOO_MANY_CLOSE_CODE
from pokerdealer.server.reducer import Event, hash_token, wait_for_big_blind
from pokerdealer.server.seat_names import name_bots, unique_name
from pokerdealer.server.table_base import TableBase
from pokerdealer.server.words import Said, error_words, reader_language, words
from pokerdealer.table import SeatStatus, TableError

__all__ = ["TableCommands"]


class TableCommands(TableBase):
    """Readers coming and going, joins, players' messages and the host's commands."""

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
                result = await self._join(cmd.data["name"], cmd.data.get("buy_in"), cmd.data.get("person"),
                                          seat=cmd.data.get("seat"), hosts=bool(cmd.data.get("hosts")))
                _answer(cmd, result)
                return True
            if cmd.kind == "msg":
                if conn is not None and conn.shut is not None:
                    return False  # what a connection shut for flooding had queued is not done
                return await self._message(conn, cmd.data)  # type: ignore[arg-type]
            if cmd.kind == "host":
                _answer(cmd, await self._host_command(cmd.data))
                return True
            if cmd.kind == "bot_setup":
                await self._seat_bots(cmd.data["bots"])
                _answer(cmd, None)
                return True
        except (Said, PokerDealerError) as error:
            if cmd.future is not None and not cmd.future.done():
                cmd.future.set_exception(error)
            elif conn is not None:
                ref = cmd.data.get("type")
                conn.send_json({"type": "error", **error_words(conn.lang, error), "ref": ref, "id": cmd.data.get("id")})
            return False
        return False

    # ------------------------------------------------------------ readers
    def _attach(self, conn: Conn, token: str | None, lang: str | None = None) -> bool:
        conn.lang = reader_language(lang, self.settings.lang)
        member = None
        if token:
            member = self.by_token.get(hash_token(token))
            if member is None:
                conn.send_json({"type": "error", **words(conn.lang, "room.error.unknown_token"), "ref": "hello"})
            elif member.conns >= self.options.caps.per_seat:
                # A seat held from 160 sockets made every state 160 messages and every flood 160 times
                # the pace (issue 40): a person's few tabs are welcome, a script's hundred are not.
                refused = Said("room.conn.too_many_for_seat", n=self.options.caps.per_seat)
                conn.send_json({"type": "error", **error_words(conn.lang, refused), "code": "too_many_connections"})
                # As the caps close (app.py): the error, then the close (its sender ends at the None;
                # the connection is in no broadcast, and what it sends is not done: it is shut).
                conn.shut = (TOO_MANY_CLOSE_CODE, "too many connections")
                conn.queue.put_nowait(None)
                return False
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

    # ------------------------------------------------------------ new members
    async def _join(
        self, name: str, buy_in: int | None, person: str | None = None, *,
        seat: int | None = None, hosts: bool = False,
    ) -> dict[str, Any]:
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

        ``seat``: the seat tapped (any free one if None). ``hosts``: the join
        came with the table's host token (the app checked it) -- the host's own
        seat is never held for approval, now or after a bust.
        """
        host.check_open(self.state)
        chosen = host.free_seat(self.state, seat)  # a full table, a seat taken: refused before anything is made
        buy_in = self.settings.stack if buy_in is None else buy_in
        name = unique_name(name, self.by_name)
        low, high = self.table.buy_in_range(name, now=time.time())
        if not low <= buy_in <= high:
            raise Rejected("room.error.buy_in_range", low=low, high=high)
        views = await self.read_persons([person])
        stops = self_limits.stops_of(views)
        at = time.time()
        mine = person_rows.joining_own(self.state, person)
        if person is not None and (mine is None or mine.stop is None) and person not in stops:
            # Their loss limit, as the room knows it, may leave less than this buy-in
            # (a stopped person joins all the same, to see the stop).
            mine = person_rows.incoming(mine or self_limits.Own(), views.get(person), now=at)
            try:
                self_limits.check_left(mine, buy_in, buy_in=self.table.settings.max_buy_in)
            except Said as error:
                raise Rejected(error.key, **error.params) from None
        token = secrets.token_urlsafe(24)
        (member_id,) = await self.room.new_members(self.id, [(name, hash_token(token), None)], at)
        member = Member(member_id, name, hash_token(token))
        self.add_member(member)
        member.away_since = time.monotonic()
        own = person_rows.joining(self.state, member.id, person, stops)
        if person is not None and not (own and own[-1][0] == "limit_stop"):  # their limits and chips elsewhere
            own += person_rows.synced_joining(self.state, member.id, person, views.get(person), now=at)
        if person_rows.stopped_joining(self.state, person, own):
            await self._do(own)  # a member without a seat: the stop holds
            stop = self_limits.own_of(self.state, member.id).stop
            assert stop is not None
            return {"token": token, "seat": None, "name": member.name, "member": member.id, "pending": False,
                    "stopped": stop.why}
        before = self.state
        try:
            event = host.seat_event(self.state, member.id, buy_in=buy_in, seat=chosen, hosts=hosts)
            await self._do([*own, *([host.own_member_event(member.id)] if hosts else []), event])
        except TableError:
            # The seat refused (the table changed nothing): the person's events, written
            # with it or not at all, go too -- they only ever touch the features' values.
            self.state = before
            self.forget_member(member)
            await self.room.forget_members([member.id])
            raise
        pending = event[0] == "seat_request"  # the host approves players
        return {"token": token, "seat": None if pending else chosen, "name": member.name, "member": member.id,
                "pending": pending, "stopped": None}

    async def _seat_bots(self, kinds: list[str]) -> None:
        at = time.time()
        events = []
        free = list(self.table.free_seats)
        names = name_bots(kinds, lang=self.settings.lang, taken=self.by_name)
        ids = await self.room.new_members(self.id, [(n, None, k) for n, k in zip(names, kinds, strict=True)], at)
        for member_id, name, kind in zip(ids, names, kinds, strict=True):
            self.add_member(Member(member_id, name, None, bot=kind))
            events.append(("sit_down", {"member": member_id, "seat": free.pop(0), "buy_in": self.settings.stack}))
        await self._do(events)

    # ------------------------------------------------------------ a player's messages
    def _chat_muted(self, member: Member | None) -> str | None:
        """Why the host has muted this speaker's chat here (a catalog key), or None
        (a tournament's table asks its event: :meth:`EventTable._chat_muted
        <pokerdealer.server.event_table.EventTable._chat_muted>`)."""
        return chat_mute.chat_muted(self.state, None if member is None else member.id)

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
        owned = self.state.features.messages.get(kind)
        if owned is not None:  # a feature's own message (straddle: :mod:`~pokerdealer.server.straddle`)
            events = owned(self.state, member.id, msg)
            if events:
                await self._do(events)
            return bool(events)
        if kind in ("coach", "limits", "limit_continue"):  # with a seat or without (a stop is seen unseated)
            learnt = []
            if kind == "limit_continue":  # gone on at another table: nothing left to confirm here
                learnt = await self._limits_synced(member)
            events = self_limits.events_for(person_rows.with_synced(self.state, learnt), member.id, msg,
                                            now=time.time(), cool_off=self.options.limit_cool_off)
            if not events:
                return False  # a setting as it already was changes nothing
            await self._do([*events, *learnt])
            if kind == "limit_continue":
                conn.tell("notice", "room.limits.went_on")
            return True
        seated = self.seat_of(member)
        if kind == "sit":
            if seated is not None:
                raise Rejected("room.error.already_seated")
            host.free_seat(self.state, msg.get("seat"))  # refused before a limit is looked up
            learnt = await self._limits_synced(member)
            # No buying in again while a limit stops you, nor for more than your loss limit leaves.
            self_limits.check_buy_in(person_rows.with_synced(self.state, learnt), member.id, msg["amount"])
            event = host.seat_event(self.state, member.id, buy_in=msg["amount"], seat=msg.get("seat"))
            await self._do([event, *learnt])
            if event[0] == "seat_request":
                conn.tell("notice", "room.host.requested")
            return True
        if seated is None:
            raise Rejected("room.error.no_seat")
        if kind == "sit_out":
            if self.table.player(member.name).status is SeatStatus.SITTING_OUT:
                raise Rejected("room.error.already_sitting_out")
            await self._do([("sit_out", {"member": member.id})])
            return True
        if kind == "sit_in":
            learnt = await self._limits_synced(member)
            if self_limits.stopped(self.state, member.id):
                raise Rejected("room.limits.error.confirm_first")
            member.timeouts = 0
            await self._do([("sit_in", {"member": member.id, "post": not wait_for_big_blind(self.state)}), *learnt])
            return True
        if kind == "top_up":
            learnt = await self._limits_synced(member)
            self_limits.check_buy_in(person_rows.with_synced(self.state, learnt), member.id, msg["amount"])
            # Checked here, in a hand or not (sitting out too): the table's own refusal is no reader's words.
            self._check_top_up(member, msg["amount"])
            if self._in_hand(member):
                await self._promise(conn, member, top_up=msg["amount"], learnt=learnt)
                return False
            await self._do([("top_up", {"member": member.id, "amount": msg["amount"]}), *learnt])
            return True
        if kind == "leave":
            if self._in_hand(member):
                await self._promise(conn, member)
                return False
            chips = self.table.player(member.name).stack  # the ledger's cash-out
            await self._do([("leave", {"member": member.id, "chips": chips})])
            return True
        raise Rejected("room.error.unknown_type", kind=kind)

    async def _limits_synced(self, member: Member) -> list[Event]:
        """A stop at another table of this player's browser holds here too, and
        going on there lifts it here (:func:`~pokerdealer.server.self_limits.reconcile`);
        returns, not yet applied, what their rows say of their limits and chips at the
        room's other tables (:func:`~pokerdealer.server.person_rows.synced`): the command
        writes them after its own events (which the table may refuse: then nothing has
        changed), and a refused command leaves the state as it was."""
        key = self_limits.key_of(self.state, member.id)
        person = None if key.startswith("#") else key
        views = await self.read_persons([person])
        events = self_limits.reconcile(self.state, [key], self_limits.stops_of(views))
        if events:
            await self._do(events)
        return person_rows.synced(self.state, key, views.get(key), now=time.time())

    async def _promise(
        self, conn: Conn, member: Member, *, top_up: int | None = None, learnt: Sequence[Event] = (),
    ) -> None:
        """A top-up or departure for after the hand: in the log before it is confirmed."""
        record = self.table.current
        assert record is not None
        kind, data = between_hands.promise_event(member.id, record.number, top_up=top_up)
        await self._do([(kind, data), *learnt])
        key, params = between_hands.promised_words(kind, top_up)
        conn.tell("notice", key, **params)

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
        if hand.street is Street.SHOWDOWN and not self_limits.asked_to_show(self.state, member.id, record):
            # Only a learner decides their showdown (the coach on); the table shows or mucks the others' hands.
            raise Rejected("room.error.showdown_auto")
        action = Action(msg["kind"], i, msg.get("amount"))
        hand.check_action(action)  # IllegalActionError: the rules' message goes back
        member.timeouts = 0
        await self._act(record, action)
        return True

    # ------------------------------------------------------------ the host's
    async def _host_command(self, data: dict[str, Any]) -> dict[str, Any]:
        """One host command (the caller checked the token): its events written, the
        notices told; returns what the host sees (:func:`~pokerdealer.server.host.view`)."""
        outcome = host.command(self.state, data)
        if outcome.events:
            await self._do(outcome.events)
        for member, which, params in outcome.told:
            host.tell([c for c in self.conns if c.member is not None and c.member.id == member], which, **params)
        for params in outcome.stood_up:
            host.tell(self.conns, "stood_up", **params)
        if outcome.spectators is not None:
            host.tell([c for c in self.conns if c.member is None or self.seat_of(c.member) is None],
                      outcome.spectators)
        return host.view(self.state)


def _answer(cmd: Command, result: Any) -> None:  # noqa: ANN401
    if cmd.future is not None and not cmd.future.done():
        cmd.future.set_result(result)
