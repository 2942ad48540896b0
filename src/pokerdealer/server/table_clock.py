"""A table's clock: what is due without anyone asking -- absent players sat
out, the bots' turns, a turn whose clock ran out (the time bank first), the
showdown and the end of a hand, what is owed between hands, and the next deal.

Each of these is events like any command's (:func:`~pokerdealer.server.reducer.deal`
and :func:`~pokerdealer.server.reducer.finish` for the dealer's own moves),
reduced and written by the table's one task; the clock only decides when.
"""

from __future__ import annotations

import logging
import random
import secrets
import time
from typing import Any

from pokerdealer.bots import make_bot
from pokerdealer.errors import PokerDealerError
from pokerdealer.rules import Action, Hand, Street
from pokerdealer.server import (
    between_hands, bomb_pot, db, history_store, host, person_rows, run_it_twice, self_limits, straddle, timebank,
)
from pokerdealer.server.conns import Member
from pokerdealer.server.fair import DeckCommitment, shuffled_deck
from pokerdealer.server.reducer import deal, finish
from pokerdealer.server.snapshot import take
from pokerdealer.server.table_base import TableBase
from pokerdealer.server.waiting import why_not_dealing
from pokerdealer.table import HandRecord, SeatStatus, TableError, online_show_or_muck

__all__ = ["TableClock"]

log = logging.getLogger("pokerdealer.server")


class TableClock(TableBase):
    """The clock, the bots and the dealer of a table."""

    # ------------------------------------------------------------ when
    def deadline(self) -> float:
        """When the turn in play runs out (``time.monotonic()`` seconds): the
        action clock plus any time bank added to this turn."""
        extra = 0.0
        if self.turn_bank is not None and self.turn_bank[0] == self.turn_key:
            extra = self.turn_bank[1]
        return self.turn_started + self.settings.clock + extra

    def bank_seconds(self) -> float | None:
        """The seconds of time bank added to the turn in play (None: the turn runs on
        the action clock alone): the page draws the time bank bar from them."""
        turn = self.turn_bank
        if turn is None or turn[0] != self.turn_key or self.table.current is None:
            return None
        return turn[1]

    def clock_left(self) -> float | None:
        record = self.table.current
        if record is not None and record.hand.run_twice_pending:  # the question's clock
            return round(max(0.0, self.deadline() - time.monotonic()), 2)
        if record is None or record.hand.actor is None:
            return None
        m = self.member_at(record.seats[record.hand.actor])
        if m is not None and m.bot:
            return None
        return round(max(0.0, self.deadline() - time.monotonic()), 2)

    def _wakeup(self) -> float | None:
        times = []
        record = self.table.current
        if record is not None:
            hand = record.hand
            actor = hand.actor
            if hand.run_twice_pending and self.turn_key is not None:
                times.append(self.deadline())  # the players asked to run it twice answer within the clock
            elif actor is not None and self.turn_key is not None:
                m = self.member_at(record.seats[actor])
                if m is not None and m.bot:
                    times.append(self.turn_started + self.options.bot_delay)
                else:
                    times.append(self.deadline())
            else:
                times.append(time.monotonic())
        elif self.next_hand_at is not None and (self._can_deal() or time.monotonic() < self.next_hand_at):
            times.append(self.next_hand_at)  # the deal, or the end of the pause: bots buy in again then
        for m in self.members.values():
            if m.away_since is not None and not m.bot and self._playing(m):
                times.append(m.away_since + self.options.grace_seconds)
        return min(times) if times else None

    def _playing(self, m: Member) -> bool:
        """Seated and not sitting out."""
        if self.table.seat_of(m.name) is None:
            return False
        return self.table.player(m.name).status is not SeatStatus.SITTING_OUT

    # ------------------------------------------------------------ what is due
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
                    and self._playing(m)
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
            if hand.is_complete or (hand.street is Street.SHOWDOWN and not self._learner_to_show(record)):
                await self._finish_hand(record)
                changed = True
                continue
            if hand.run_twice_pending:
                if await self._run_twice_question(record, now):
                    changed = True
                    continue
                return changed
            actor = hand.actor
            assert actor is not None
            if hand.street is Street.SHOWDOWN:  # a learner will be asked: the others show or muck one by one
                learner = self.member_at(record.seats[actor])
                if learner is None or not self_limits.asked_to_show(self.state, learner.id, record):
                    await self._act(record, online_show_or_muck(hand))
                    changed = True
                    continue
            key = (record.number, len(hand.log))
            if key != self.turn_key:
                self.turn_key = key
                self.turn_started = now
                changed = True
            m = self.member_at(record.seats[actor])
            if m is None:  # cannot happen: a dealt-in player stays seated
                await self._act(record, _passive(hand, actor))
                continue
            if m.bot:
                if now >= self.turn_started + self.options.bot_delay:
                    await self._act(record, self._bot_action(m, record, actor))
                    changed = True
                    continue
                return changed
            if self.table.player(m.name).status is SeatStatus.SITTING_OUT:
                await self._act(record, _passive(hand, actor))
                changed = True
                continue
            if now >= self.deadline():
                bank = None if hand.street is Street.SHOWDOWN else timebank.due(self.state, m.id, record.number)
                if bank is not None:  # the time bank, once per hand: the clock runs on from the old deadline
                    await self._do([bank])
                    self.turn_bank = (self.turn_key, bank[1]["seconds"])
                    changed = True
                    continue
                await self._act(record, _passive(hand, actor))  # at the showdown: the online way
                m.timeouts += 1
                if m.timeouts >= self.options.max_timeouts:
                    await self._do([("sit_out", {"member": m.id})])
                changed = True
                continue
            return changed
        return changed

    def _learner_to_show(self, record: HandRecord) -> bool:
        """Whether a learner still to show or muck in this showdown may be asked
        (:func:`~pokerdealer.server.self_limits.asked_to_show` on their turn):
        until then the table shows or mucks each hand in turn, one ``act`` each;
        without one, the whole showdown is the hand's end."""
        hand = record.hand
        if hand.actor is None:  # an all-in showdown: every hand is turned up
            return False
        shown, mucked = hand.shown, hand.mucked
        for i in hand.showdown_order:
            if i in shown or i in mucked:
                continue
            m = self.by_name.get(record.players[i])
            if m is not None and not m.bot and self_limits.coach_on(self.state, m.id):
                return True
        return False

    async def _run_twice_question(self, record: HandRecord, now: float) -> bool:
        """The players are asked whether to run it twice (:mod:`~pokerdealer.server.run_it_twice`):
        one clock for the question; the table's own answers (bots, players sitting out) at
        once, a "no" when the clock runs out. True if an answer was given."""
        key = (record.number, run_it_twice.asked_since(record.hand))
        if key != self.turn_key:
            self.turn_key = key
            self.turn_started = now
        events = run_it_twice.due(self.state, record)
        if not events and now >= self.deadline():
            events = [run_it_twice.timed_out(record)]
        if not events:
            return False
        await self._do(events)
        return True

    # Hooks a tournament table (:mod:`~pokerdealer.server.event_table`) replaces.
    def _can_deal(self) -> bool:
        return why_not_dealing(self.state) is None

    async def _between_hands(self) -> bool:
        """Between hands (right after one, and on a restart): keep the promises of
        the hand just finished, stand up absent squatters, the host's stand-ups
        and closing; once the pause after a hand is over, seat busted bots again. True if
        anything changed."""
        if self.table.current is not None:
            return False
        now = time.monotonic()
        grace = self.options.grace_seconds
        absent = {m.id for m in self.members.values()
                  if m.conns == 0 and (m.away_since is None or now - m.away_since >= grace)}
        squat = between_hands.squatters(self.state, absent, limit=self.options.sat_out_hands)
        events = between_hands.promises_due(self.state) + [event for event, _ in squat]
        if events:
            # Departures first: a bot may then take a seat freed by them.
            await self._do(events)
            for _, params in squat:
                for conn in list(self.conns):
                    conn.tell("notice", "room.notice.stood_up", **params)
        hosted, notices = host.due(self.state)  # the host's stand-ups, closing the table
        if hosted:
            closing = hosted[-1][0] == "table_closed"
            # The table leaves the lobby in the same transaction as its last event.
            await self._do(hosted, [db.op_close_table(self.id)] if closing else [])
            for params in notices:
                host.tell(self.conns, "stood_up", **params)
        # A busted bot buys in again as the next hand comes, not while the last one's showdown is on
        # the felt: there its seat reads busted, at 0 (it read 30 beside "call 28 (all in)").
        paused = self.next_hand_at is not None and now < self.next_hand_at
        rebuy = between_hands.bots_rebuy(self.state, now=time.time()) if not paused and host.may_deal(self.state) else []
        if rebuy:
            await self._do(rebuy)
        return bool(events or rebuy or hosted)

    def _snapshot_op(self, at: float) -> db.Op:
        """The state as it is now, valid just after the last event (:mod:`~pokerdealer.server.snapshot`)."""
        return db.op_snapshot(self.id, self.seq, self.table.hands_played, take(self.state), at)

    # ------------------------------------------------------------ the dealer
    async def _start_hand(self) -> bool:
        number = self.table.hands_played + 1
        committed = DeckCommitment.draw(shuffled_deck(self.table.settings.variant, seed=self.seed, number=number))
        proof = {"deck": committed.deck_text, "salts": committed.salts_text, "commitment": committed.root}
        at = time.time()
        try:
            self.state, (kind, data) = deal(self.state, committed.deck, proof, at=at,
                                            straddlers=straddle.wishes(self.state), bomb_pot=bomb_pot.asked(self.state))
        except TableError as error:
            log.info("table %s: cannot deal: %s", self.id, error)
            return False
        self.book.fair[number] = committed
        record = self.table.current
        assert record is not None
        actor = record.hand.actor
        await self._commit([
            self._event_op(kind, data, at),
            db.op_hand_start(
                self.id, number, committed.root, "", committed.deck_text, at, record.hand.street.value,
                record.seats[actor] if actor is not None else None,
            ),
        ])
        return True

    async def _finish_hand(self, record: HandRecord) -> None:
        views = await self.read_persons()  # a stop, limits and chips at another table count here too
        at = time.time()
        self.state, events = finish(self.state, at)  # the online showdown, if pending, and the end
        self._hand_ended()
        ops = [self._event_op(kind, data, at) for kind, data in events]
        ops += person_rows.table_ops(self.state, events, table_id=self.id, at=at)
        seated = dict.fromkeys(person_rows.persons_seated(self.state))
        synced = [e for key in seated for e in person_rows.synced(self.state, key, views.get(key), now=at)]
        if synced:
            ops += self._apply(synced, at)
        # A limit reached (a bust too) stops its player now.
        ops += self._apply(self_limits.due(self.state, at, self_limits.stops_of(views)), at)
        ops.append(self._snapshot_op(at))  # a start replays only what follows
        self._hide_unshown_strength(record)
        summary = self.summary(record.number) or {}
        ops.append(
            db.op_hand_state(
                self.id, record.number, street="complete", actions=len(record.hand.log), actor_seat=None,
                ended_at=at, summary=history_store.stored_summary(record, summary),
            )
        )
        await self._commit(ops)
        self.next_hand_at = time.monotonic() + self.options.pause_seconds

    # ------------------------------------------------------------ the bots
    def _bot_action(self, m: Member, record: HandRecord, actor: int) -> Action:
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
            return _passive(hand, actor)
        if thought is not None:  # its reasons, for "why did the bot do that?" once the hand is over
            self._keep_reasons(record, m, actor, thought.to_json())
        return action

    def _keep_reasons(self, record: HandRecord, m: Member, actor: int, reasons: dict[str, Any]) -> None:
        """Keep a bot's reasons for one decision with its hand (in memory: a restart forgets them), by room seat."""
        seats = record.seats
        for line in reasons["ranges"]:
            line["seat"] = seats[line["seat"]]
        self.book.bot_reasons.setdefault(record.number, []).append({"seat": seats[actor], "name": m.name, **reasons})

    def _hide_unshown_strength(self, record: HandRecord) -> None:
        """A bot's equity and its hand's rank tell its cards' strength (a
        preflop equity names the hand's class), and so does the rule that decided
        (``fold_odds`` says its equity was under the pot odds, ``open``, ``limp`` or
        ``call_wide`` where its preflop hand stands): kept only for the bots whose
        cards the hand showed. The others' reasons keep what anyone at the table
        saw or can work out -- the action, the price, the pot and its odds -- and
        what they read of their opponents (from those opponents' own actions)."""
        reasons = self.book.bot_reasons.get(record.number)
        if not reasons:
            return
        shown = {record.seats[p] for p in record.hand.shown}
        for line in reasons:
            if line["seat"] not in shown:
                line["equity"] = line["hand_share"] = line["rule"] = None


def _passive(hand: Hand, actor: int) -> Action:
    """What the table does for a player who does not act: check, else fold; at the
    showdown, show or muck the online way."""
    if hand.street is Street.SHOWDOWN:
        return online_show_or_muck(hand)
    legal = hand.legal()
    return Action("check" if legal.can_check else "fold", actor)
