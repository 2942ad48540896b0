"""The table as a reducer (:mod:`pokerdealer.server.reducer`): replaying a
table's log gives the table that played it.

A real :class:`~pokerdealer.server.live.LiveTable` -- its commands, clock,
bots and dealer, as the room runs them -- is driven by random commands, valid
and invalid: joins (some in the same browser), buy-ins, actions (legal, out of
turn, too small, for another hand), leaves and top-ups in a hand and between
hands, sitting out and in, straddles, the coach and the limits (and going on
after a stop), the home-game rules (running it twice, shows after the hand, the
rabbit hunt, the 7-2 game, bomb pots), a clock run out (the time bank), a player
gone, bots, and the host's pause, blinds, options, approvals, stand-ups, mutes
and closing. No server and no database: the table's writes are collected (as
JSON, as the database stores them). Then:

- every command refused left the state exactly as it was;
- the log, reduced from a fresh state, gives the state the table had -- its
  seats, hands (in play and kept), settings, members and every feature's part;
- so does the last snapshot the table wrote with the events after it (a
  restart), and each feature's part survives the snapshot's JSON;
- the log written to a real database (SQLite; PostgreSQL too) and read back
  is the same log.
"""

from __future__ import annotations

import asyncio
import json
import math
import random
import time
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import create_engine
from sqlalchemy.pool import StaticPool

from pokerdealer.rules import Street
from pokerdealer.server import avatar, db, host, self_limits
from pokerdealer.server.chat import ChatLimits
from pokerdealer.server.conns import Command, Conn
from pokerdealer.server.features import CASH
from pokerdealer.server.live import LiveTable
from pokerdealer.server.reducer import CORE_EVENTS, TableState, new_state, replay
from pokerdealer.server.schema import check, database_url
from pokerdealer.server.self_limits import person_of
from pokerdealer.server.settings import ServerOptions, TableSettings
from pokerdealer.server.snapshot import restore
from pokerdealer.table import HandRecord


# ------------------------------------------------------------ a room without a database
class Writes:
    """The store of a table under test: its events and snapshots kept as the database
    keeps them (their data as JSON text); its other writes (the persons rows of the
    limits) go to a database in memory, which its reads read."""

    def __init__(self) -> None:
        self.events: list[tuple[int, str, dict[str, Any], float]] = []
        self.snapshots: list[dict[str, Any]] = []
        self.engine = create_engine("sqlite://", poolclass=StaticPool, connect_args={"check_same_thread": False})
        db.Base.metadata.create_all(self.engine)

    def write(self, ops: list[db.Op]) -> asyncio.Future[None]:
        with self.engine.begin() as conn:
            for op in ops:
                if isinstance(op, db.EventValues):
                    _, seq, kind, data, at = op
                    self.events.append((seq, kind, json.loads(data), at))
                elif isinstance(op, db.SnapshotValues):
                    _, seq, hands, data, _ = op
                    self.snapshots.append({"seq": seq, "hands": hands, "data": json.loads(data)})
                elif not isinstance(op, db.Row):
                    op(conn)
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        done.set_result(None)
        return done

    def read(self, fn: Any) -> Any:  # noqa: ANN401
        with self.engine.connect() as conn:
            return fn(conn)


class Room(SimpleNamespace):
    """The room of a table under test: options, chat limits, member ids, the writes."""

    async def new_members(self, table_id: str, rows: list[Any], at: float) -> list[int]:
        first = self.next_member
        self.next_member += len(rows)
        return list(range(first, first + len(rows)))

    async def forget_members(self, ids: list[int]) -> None:
        pass


def _room(seed: int) -> Room:
    options = ServerOptions(
        db_url="sqlite://", test_seed=seed, pause_seconds=0.0, bot_delay=0.0, demo_table=False,
        grace_seconds=10.0**6, limit_cool_off=0.0, sat_out_hands=2, keep_hands=3,
    )
    return Room(options=options, chat_limits=ChatLimits(options), store=Writes(), next_member=1)


@dataclass(eq=False)
class Reader(Conn):
    """A connection without a socket that keeps what it is sent."""

    sent: list[str] = field(default_factory=list)

    def send(self, text: str) -> None:
        if text is not None:
            self.sent.append(text)


# ------------------------------------------------------------ everything a state is
def _record(record: HandRecord) -> tuple[Any, ...]:
    hand = record.hand
    return (record.number, record.seats, record.positions, record.posts, record.level, hand.config,
            [str(c) for c in hand.deck], [str(a) for a in hand.log], hand.stacks, hand.street)


def fingerprint(state: TableState, *, since: int = 0) -> dict[str, Any]:
    """Everything of a table's state: the core's every field, the settings, members and
    parts; of its history (the hands kept, the busts, what is said of them), the hands
    after the first ``since``."""
    table = state.table
    core = {k: v for k, v in vars(table).items() if k not in ("_rng", "_current", "hands", "busted")}
    core["_seats"] = sorted(core["_seats"].items())
    parts = dict(state.parts)
    parts["proofs"] = {n: facts for n, facts in parts["proofs"].items() if n > since}
    last = table.current or (table.hands[-1] if table.hands else None)
    return {
        "core": core,
        "current": None if table.current is None else _record(table.current),
        "hands": [_record(r) for r in table.hands if r.number > since],
        "busted": [b for b in table.busted if b[0] > since],
        "settings": state.settings,
        "members": sorted(state.members.by_id.items()),
        "parts": parts,
        "said": state.said if last is not None and last.number > since else None,
    }


# ------------------------------------------------------------ the moves
NAMES = ("Ann", "Bob", "Cy", "Di", "Ed")
KEYS = ("k1", "k2", "k3")


@dataclass
class Play:
    """A table under test and its readers (one per member who joined)."""

    lt: LiveTable
    readers: dict[int, Reader] = field(default_factory=dict)
    refused: int = 0
    home: random.Random = field(default_factory=random.Random)
    """The home-game rules' moves' own random stream (seeded with the table's)."""


async def _join(play: Play, rng: random.Random) -> None:
    name = rng.choice(NAMES)
    buy_in = rng.choice([None, 40, 120, 200, 10, 10**6])
    person = person_of(rng.choice(KEYS)) if rng.random() < 0.8 else None
    # The person plays at another table of the room too, now and then (drawn aside:
    # the walk's own draws stay as they were).
    aside = random.Random(f"{person}:{play.lt.seq}")
    if person is not None and aside.random() < 0.25:
        chips = {"brought": 200, "taken": aside.choice([0, 150]), "stacks": aside.choice([0, 50, 300]),
                 "started_at": 0.0, "away_since": None}
        play.lt.room.store.write([db.op_person_table(person, "another table", chips, time.time())])
        if aside.random() < 0.5:  # and set their limits there later
            own = {"minutes": None, "loss": aside.choice([300, 1000]), "unit": "chips", "time_sit_out": True,
                   "set_at": time.time(), "went_on": []}
            play.lt.room.store.write([db.op_person_own(person, own)])
    await _joined(play, {"name": name, "buy_in": buy_in, "person": person})


async def _joined(play: Play, data: dict[str, Any]) -> None:
    future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
    await play.lt._handle(Command("join", None, data, future))
    if future.exception() is None:
        joined = future.result()
        conn = Reader(None, address="127.0.0.1")
        await play.lt._handle(Command("attach", conn, {"token": joined["token"], "lang": "en"}))
        play.readers[joined["member"]] = conn


def _act(rng: random.Random, record: HandRecord) -> dict[str, Any]:
    hand = record.hand
    legal = hand.legal()
    msg: dict[str, Any] = {"type": "act", "hand": record.number if rng.random() < 0.95 else record.number + 1}
    roll = rng.random()
    if roll < 0.1:  # something the rules refuse: a raise too small, a check facing a bet
        return {**msg, "kind": rng.choice(["raise", "check"]), "amount": 1}
    if legal.min_raise_to is not None and legal.max_raise_to is not None and roll < 0.3:
        to = legal.max_raise_to if rng.random() < 0.3 else legal.min_raise_to
        return {**msg, "kind": "raise", "amount": to}
    if roll < 0.45 and legal.can_fold and not legal.can_check:
        return {**msg, "kind": "fold"}
    return {**msg, "kind": "check" if legal.can_check else "call"}


def _message(play: Play, rng: random.Random, member: int) -> dict[str, Any]:
    lt = play.lt
    record = lt.table.current
    name = lt.members[member].name
    if self_limits.stopped(lt.state, member) and rng.random() < 0.3:  # stopped: now and then, going on
        return {"type": "limit_continue"}
    if lt.table.seat_of(name) is None and rng.random() < 0.6:  # out: mostly, buying in again
        return {"type": "sit", "amount": rng.choice([40, 150, 200, 200, 5])}
    if record is not None and record.hand.actor is not None and rng.random() < 0.7:
        actor = lt.table.name_at(record.seats[record.hand.actor])
        if actor == name or rng.random() < 0.1:  # mostly in turn; now and then out of it
            return _act(rng, record)
    return rng.choice([
        {"type": "sit", "amount": rng.choice([40, 150, 200, 5])},
        {"type": "sit_out"}, {"type": "sit_in"}, {"type": "sit_in"},
        {"type": "top_up", "amount": rng.choice([1, 50, 150, 400])},
        {"type": "leave"},
        {"type": "straddle", "on": rng.random() < 0.7},
        {"type": "coach", "on": rng.random() < 0.5},
        {"type": "limits", "minutes": rng.choice([None, 1, 0]), "loss": rng.choice([None, 1, 1, 30, 150]),
         "unit": rng.choice(["chips", "chips", "buy_ins", "hands"]), "time_sit_out": rng.random() < 0.5},
        {"type": "limit_continue"}, {"type": "limit_continue"},
        {"type": "chat", "text": "gl"},
    ])


def _home_command(play: Play) -> Command | None:
    """A home-game rule's move (issue 39), drawn from the table's own second random
    stream and made besides the other moves (theirs stay as they were): an answer to
    running it twice when asked, a show after the hand or a rabbit hunt between hands,
    the host turning the rules on and off or asking for a bomb pot; else None."""
    home, lt = play.home, play.lt
    record = lt.table.current
    roll = home.random()
    if roll < 0.03:
        return Command("host", None, home.choice([
            {"command": "settings", "settings": {"run_it_twice": True, "rabbit_hunt": True}},
            {"command": "settings", "settings": {"seven_deuce": 5, "bomb_pot_every": 3}},
            {"command": "settings", "settings": {"run_it_twice": False, "seven_deuce": 0, "bomb_pot_every": 0}},
            {"command": "bomb_pot", "on": True}, {"command": "bomb_pot", "on": False},
        ]), asyncio.get_running_loop().create_future())
    if not play.readers:
        return None
    reader = play.readers[home.choice(sorted(play.readers))]
    if record is not None and record.hand.run_twice_pending:  # mostly answered at once, now and then not
        return Command("msg", reader, {"type": "run_it_twice", "agree": roll < 0.8}) if roll < 0.95 else None
    if record is None and roll < 0.35:
        return Command("msg", reader, {"type": "show", "cards": home.choice(["first", "second", "both", "both", "third"])})
    if record is None and roll < 0.85:
        return Command("msg", reader, {"type": "rabbit_hunt"})
    return None


def _host(play: Play, rng: random.Random) -> dict[str, Any]:
    members = list(play.lt.members) or [0]
    member = rng.choice(members + [999])
    requests = list(host.host_of(play.lt.state).requests)
    if requests and rng.random() < 0.5:  # the host answers a seat request
        return {"command": rng.choice(["approve", "approve", "refuse"]), "member": rng.choice(requests)}
    record = play.lt.table.current
    if record is not None and rng.random() < 0.1:  # stands up a player in the hand: after it
        seat = rng.choice(record.seats)
        m = play.lt.member_at(seat)
        return {"command": "stand_up", "member": m.id if m is not None else 999}
    return rng.choice([
        {"command": "pause"}, {"command": "resume"}, {"command": "resume"}, {"command": "resume"},
        {"command": "settings", "settings": {"small_blind": 2, "big_blind": 4}},
        {"command": "settings", "settings": {"small_blind": 1, "big_blind": 2, "straddle": True}},
        {"command": "settings", "settings": {"straddle": True}},
        {"command": "settings", "settings": {"time_bank": rng.choice([0, 5])}},
        {"command": "settings", "settings": {"approve_players": rng.random() < 0.5}},
        {"command": "settings", "settings": {"approve_players": rng.random() < 0.5}},
        {"command": "settings", "settings": {"big_blind": -1}},
        {"command": "approve", "member": member}, {"command": "refuse", "member": member},
        {"command": "stand_up", "member": member},
        {"command": "mute", "member": member}, {"command": "unmute", "member": member},
        {"command": "mute_spectators"}, {"command": "unmute_spectators"},
        {"command": "close"} if rng.random() < 0.1 else {"command": "resume"},
        {"command": "juggle"},
    ])


async def _move(play: Play, rng: random.Random) -> None:
    """One random move, and now and then a home-game rule's, checking that a refused command changed nothing."""
    await _random_move(play, rng)
    home = _home_command(play)
    if home is not None:
        await _checked(play, home)


async def _random_move(play: Play, rng: random.Random) -> None:
    lt = play.lt
    roll = rng.random()
    record = lt.table.current
    actor = None if record is None or record.hand.actor is None else lt.member_at(record.seats[record.hand.actor])
    if actor is not None and actor.id in play.readers and rng.random() < 0.5:  # mostly, the player to act acts
        roll = 1.0
    if roll < 0.08 or not play.readers:
        await _join(play, rng)
        return
    if roll < 0.22:
        cmd = Command("host", None, _host(play, rng), asyncio.get_running_loop().create_future())
    elif roll < 0.26:  # the clock of the turn in play runs out (the time bank first)
        lt.turn_started = -math.inf
        await lt._advance()
        return
    elif roll < 0.28:  # a player goes away: sat out, then stood up after hands sat out
        m = lt.members[rng.choice(list(play.readers))]
        m.conns, m.away_since = 0, time.monotonic() - 10.0**7
        await lt._advance()
        return
    else:
        member = actor.id if roll == 1.0 and actor is not None else rng.choice(list(play.readers))
        cmd = Command("msg", play.readers[member], _message(play, rng, member))
    await _checked(play, cmd)


async def _checked(play: Play, cmd: Command) -> None:
    """Carry out ``cmd``; refused, it must have changed nothing."""
    lt = play.lt
    before = fingerprint(lt.state)
    reader = cmd.conn if isinstance(cmd.conn, Reader) else None
    sent = len(reader.sent) if reader is not None else 0
    await lt._handle(cmd)
    refused = (cmd.future is not None and cmd.future.done() and cmd.future.exception() is not None) or (
        reader is not None and any(text.startswith('{"type":"error"') for text in reader.sent[sent:])
    )
    if refused:
        play.refused += 1
        assert fingerprint(lt.state) == before, f"refused {cmd.kind} {cmd.data} changed the state"
    await lt._advance()


async def _played(seed: int, moves: int, *, close: bool = False) -> tuple[LiveTable, Writes, int]:
    room = _room(seed)
    table = TableSettings(name="Test", seats=4, bots=(), time_bank=10, straddle=seed % 2 == 0,
                          rabbit_hunt=seed % 2 == 1, seven_deuce=5 * (seed % 2))
    lt = LiveTable(room, "t1", table, seed=seed, created_at=0.0)  # type: ignore[arg-type]
    await lt._do([host.new_token()[1]])  # as the room makes a table: its host's token, its bots
    await lt._handle(Command("bot_setup", None, {"bots": ["caller", "tight", "random"][: seed % 3]}))
    play = Play(lt, home=random.Random(f"{seed}:home"))
    rng = random.Random(seed)
    for _ in range(2):  # mostly a hand is dealt from the start
        await _join(play, rng)
    for _ in range(moves):
        await _move(play, rng)
    # Last (the moves above stay the ones they were): seats tapped (issue 37) -- a seat the table
    # has not, a taken one, the host's own join, and a reader with no seat tapping a free one.
    free, taken = lt.table.free_seats, [s for s in range(1, 5) if s not in lt.table.free_seats]
    for seat, hosts in ((5, False), (taken[0] if taken else None, False), (free[0] if free else None, True)):
        before = fingerprint(lt.state)
        await _joined(play, {"name": "Hal", "buy_in": None, "person": None, "seat": seat, "hosts": hosts})
        if seat == 5:
            assert fingerprint(lt.state) == before
    for member, reader in play.readers.items():
        if lt.table.seat_of(lt.members[member].name) is None and lt.table.free_seats:
            await lt._handle(Command("msg", reader, {"type": "sit", "amount": 200, "seat": lt.table.free_seats[-1]}))
            await lt._advance()
            break
    # The look (issue 37): each reader picks an avatar, then something not offered (refused), then
    # some go back to their initials.
    for k, member in enumerate(sorted(play.readers)):
        for emoji in (avatar.AVATARS[(seed + k) % len(avatar.AVATARS)], "x", None if k % 2 else avatar.AVATARS[0]):
            await _checked(play, Command("msg", play.readers[member], {"type": "avatar", "emoji": emoji}))
    if close:  # the host closes the table: after the hand in play, everyone is stood up
        await lt._handle(Command("host", None, {"command": "close"}))
        for _ in range(100):
            if host.host_of(lt.state).closed:
                break
            lt.turn_started = -math.inf  # nobody acts: the clock acts for them
            await lt._advance()
    return lt, room.store, play.refused


def _fresh(lt: LiveTable) -> TableState:
    """The table as a server would make it to replay its log: its settings and members."""
    return new_state(lt.state.part("host").base, seed=lt.seed, keep_hands=lt.options.keep_hands, features=CASH,
                     members=lt.state.members)


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6))
def test_replaying_the_log_gives_the_state_the_table_had(seed: int) -> None:
    lt, writes, _ = asyncio.run(_played(seed, moves=120, close=seed % 3 == 0))
    replayed = replay(_fresh(lt), [(kind, data, at) for _, kind, data, at in writes.events])
    assert fingerprint(replayed) == fingerprint(lt.state)
    assert [seq for seq, *_ in writes.events] == list(range(1, len(writes.events) + 1))


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6))
def test_the_last_snapshot_and_the_events_after_it_give_the_state_the_table_had(seed: int) -> None:
    lt, writes, _ = asyncio.run(_played(seed, moves=120))
    if not writes.snapshots:
        return
    last = writes.snapshots[-1]
    state = restore(_fresh(lt), last)
    state = replay(state, [(kind, data, at) for seq, kind, data, at in writes.events if seq > last["seq"]])
    assert fingerprint(state, since=last["hands"]) == fingerprint(lt.state, since=last["hands"])


@pytest.fixture(scope="module")
def tables() -> list[tuple[LiveTable, Writes, int]]:
    """Six tables played for a while (the last one closed by its host)."""
    return [asyncio.run(_played(seed, moves=250, close=seed == 5)) for seed in range(6)]


def test_the_random_tables_play_hands_refuse_commands_and_log_every_event_kind(
    tables: list[tuple[LiveTable, Writes, int]],
) -> None:
    """The moves above reach every event kind the table knows (a new feature's
    events are added to the moves with the feature), and are refused now and then."""
    kinds = {kind for _, writes, _ in tables for _, kind, _, _ in writes.events}
    assert kinds == set(CORE_EVENTS) | set(CASH.owner)
    assert sum(n for *_, n in tables) > 300 and sum(lt.table.hands_played for lt, *_ in tables) > 60
    for lt, writes, _ in tables:
        replayed = replay(_fresh(lt), [(kind, data, at) for _, kind, data, at in writes.events])
        assert fingerprint(replayed) == fingerprint(lt.state)


def test_every_event_kind_round_trips_through_the_database(
    tables: list[tuple[LiveTable, Writes, int]], db_target: str,
) -> None:
    """Every kind of event, written as the room writes it and read back, is the same
    log, and gives the same table."""
    url = database_url(db_target)
    store = db.Store(url)
    check(store.engine, url, create_if_empty=True)
    try:
        for n, (_, writes, _) in enumerate(tables):
            store.write_now([db.op_insert_table(f"t{n}", "Test", {}, None, 0.0)])
            store.write_now([db.op_event(f"t{n}", seq, kind, data, at) for seq, kind, data, at in writes.events])
        back = [store.read(lambda c, n=n: db.events_between(c, f"t{n}", 0)) for n in range(len(tables))]
    finally:
        store.stop()
    assert back == [writes.events for _, writes, _ in tables]
    assert {kind for log in back for _, kind, _, _ in log} == set(CORE_EVENTS) | set(CASH.owner)
    for (lt, _, _), log in zip(tables, back, strict=True):
        replayed = replay(_fresh(lt), [(kind, data, at) for _, kind, data, at in log])
        assert fingerprint(replayed) == fingerprint(lt.state)


def test_a_refused_event_changes_nothing() -> None:
    """An event the rules refuse (a seat taken, chips over the maximum, an action out of
    turn) raises and leaves every part of the state as it was."""
    lt, _, _ = asyncio.run(_played(11, moves=60))
    state = lt.state
    before = fingerprint(state)
    for kind, data in [
        ("sit_down", {"member": next(iter(state.members)).id, "seat": 99, "buy_in": 100}),
        ("top_up", {"member": next(iter(state.members)).id, "amount": 10**9}),
        ("act", {"hand": state.table.hands_played + 7, "a": "p1 f"}),
        ("hand_end", {"hand": 0}) if state.table.current is None else ("hand_start", {"number": 0, "deck": ""}),
    ]:
        with pytest.raises(Exception):  # noqa: B017, PT011 - the rules' own refusals, of several kinds
            replay(state, [(kind, data, 0.0)])
        assert fingerprint(state) == before, kind


def test_a_hand_in_play_at_the_end_is_replayed_to_the_same_street() -> None:
    lt, writes, _ = asyncio.run(_played(5, moves=90))
    replayed = replay(_fresh(lt), [(kind, data, at) for _, kind, data, at in writes.events])
    current, again = lt.table.current, replayed.table.current
    assert (current is None) == (again is None)
    if current is not None and again is not None:
        assert (again.hand.street, again.hand.actor) == (current.hand.street, current.hand.actor)
        assert current.hand.street is not Street.SHOWDOWN or not current.hand.is_complete


def test_a_bot_the_host_stood_up_with_more_than_a_buy_in_does_not_stop_the_deals() -> None:
    """A bot the host stands up is held to what it left with for an hour (WSOP-LA 58):
    it comes back no sooner with the table's buy-in -- a refused buy-in between hands
    stopped every deal after it (found by the random tables above)."""

    async def go() -> LiveTable:
        lt = LiveTable(_room(1), "t1", TableSettings(name="Test", seats=4, bots=()), seed=1, created_at=0.0)  # type: ignore[arg-type]
        await lt._do([host.new_token()[1]])
        await lt._handle(Command("host", None, {"command": "pause"}))
        joined = asyncio.get_running_loop().create_future()
        await lt._handle(Command("join", None, {"name": "Ann", "buy_in": None}, joined))
        assert joined.result()["seat"] is not None
        await lt._handle(Command("bot_setup", None, {"bots": ["caller", "caller"]}))
        bot = next(m for m in lt.members.values() if m.bot)
        lt.table._find(bot.name).stack = 3 * lt.settings.stack  # the table lends out copies
        for command in ({"command": "stand_up", "member": bot.id}, {"command": "resume"}):
            await lt._handle(Command("host", None, command))
        await lt._advance()
        assert lt.seat_of(bot) is None
        return lt

    assert asyncio.run(go()).table.current is not None
