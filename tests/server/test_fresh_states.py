"""Every state sent equals the one built afresh: the parts the room keeps encoded
between states (:class:`~pokerdealer.server.live.Texts`: the table's seats, settings,
host's decisions and log lines; each reader's own seat, own part, limits and deal
proof) never leave a reader with a stale or another reader's part.

Tables are played in one process (a room on a temporary SQLite file, the
tables' own tasks), through many random moves: actions, joins (some in the same
browser as a seated player), leaves, top-ups, sitting out and in, the coach on
and off, limits set and reached, going on after a stop, a reader's language,
readers coming and going, the host's pauses, blinds and stand-ups, and bots
acting. At every state sent, each reader's state is built a second time at the
same instant for a twin connection with nothing kept (a fresh ``Conn`` and fresh
table ``Texts``), and the two texts must be equal, byte for byte. The clock the
states show is moved forward between moves (by up to minutes): a session's
seconds, the cool-off left and a time limit reached move while the rest is kept.
"""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Collection, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from unittest import mock

from pokerdealer.rules import Street
from pokerdealer.server.live import Command, Conn, LiveTable, Texts
from pokerdealer.server.room import Room
from pokerdealer.server.schema import check
from pokerdealer.server.self_limits import person_of
from pokerdealer.server.settings import ServerOptions, TableSettings

LANGS = ("en", "zh-Hant", "zh-Hans")


@dataclass(eq=False)
class Reader(Conn):
    """A connection without a socket that keeps what it is sent."""

    sent: list[str] = field(default_factory=list)

    def send(self, text: str) -> None:
        if not self.closed and text is not None:
            self.sent.append(text)


@dataclass
class Tally:
    """What the check saw: messages compared (those to seated players' readers apart),
    and those that differ."""

    compared: int = 0
    members: int = 0
    wrong: list[str] = field(default_factory=list)


class Clock:
    """The wall and monotonic clocks the states are built at: frozen while a state is
    built twice, ahead of the real ones by ``ahead`` seconds (moved by the moves)."""

    def __init__(self) -> None:
        self.ahead = 0.0

    @contextmanager
    def frozen(self) -> Iterator[None]:
        wall, mono = time.time() + self.ahead, time.monotonic()
        with mock.patch("time.time", return_value=wall), mock.patch("time.monotonic", return_value=mono):
            yield


def _checked(lt: LiveTable, clock: Clock, tally: Tally) -> None:
    """Every broadcast of ``lt`` is built again afresh for twins, and compared."""
    real = lt.broadcast

    def broadcast(to: Collection[Conn] | None = None) -> None:
        readers = [c for c in (lt.conns if to is None else to) if not c.closed]
        last_hand = {c: c.last_hand for c in readers}
        before = {c: len(c.sent) for c in readers if isinstance(c, Reader)}
        with clock.frozen():
            real(to)
            twins = [Reader(None, member=c.member, lang=c.lang, last_hand=last_hand[c]) for c in readers]
            kept, lt.texts = lt.texts, Texts()
            try:
                real(twins)
            finally:
                lt.texts = kept
        for c, twin in zip(readers, twins, strict=True):
            if not isinstance(c, Reader):
                continue
            assert len(c.sent) == before[c] + 1 and len(twin.sent) == 1
            tally.compared += 1
            tally.members += c.member is not None and lt.seat_of(c.member) is not None
            if c.sent[-1] != twin.sent[-1]:
                tally.wrong.append(f"table {lt.id} reader of {c.member and c.member.name}:\n"
                                   f"  sent  {c.sent[-1]}\n  fresh {twin.sent[-1]}")

    lt.broadcast = broadcast  # type: ignore[method-assign]


class Player:
    """A person at a table: their member's token, browser key and readers."""

    def __init__(self, token: str, member: int, key: str) -> None:
        self.token, self.member, self.key = token, member, key
        self.readers: list[Reader] = []


async def _attach(lt: LiveTable, token: str | None, lang: str) -> Reader:
    conn = Reader(None, address="127.0.0.1")
    conn.sender = token or conn
    await lt.queue.put(Command("attach", conn, {"token": token, "lang": lang}))
    return conn


async def _settle(lt: LiveTable) -> None:
    """Until the table has done what it was sent (its writes committed)."""
    for _ in range(200):
        await asyncio.sleep(0.001)
        if lt.queue.empty():
            await asyncio.sleep(0.002)
            if lt.queue.empty():
                return


def _act_msg(rng: random.Random, record: Any) -> dict[str, Any]:  # noqa: ANN401
    hand = record.hand
    legal = hand.legal()
    roll = rng.random()
    msg: dict[str, Any] = {"type": "act", "hand": record.number, "at": len(hand.log)}
    if legal.min_raise_to is not None and legal.max_raise_to is not None and roll < 0.2:
        to = legal.max_raise_to if rng.random() < 0.3 else legal.min_raise_to
        return {**msg, "kind": "raise", "amount": to}
    if roll < 0.35 and legal.can_fold and not legal.can_check:
        return {**msg, "kind": "fold"}
    return {**msg, "kind": "check" if legal.can_check else "call"}


async def _join(room: Room, lt: LiveTable, players: list[Player], rng: random.Random, n: int) -> None:
    same = players and rng.random() < 0.3  # a second seat in the same browser: one person, one session
    key = players[rng.randrange(len(players))].key if same else f"browser-{lt.id}-{n}-{rng.random()}"
    try:
        joined = await room.call(lt, "join", {"name": f"P{n}", "buy_in": None, "person": person_of(key)})
    except Exception:  # noqa: BLE001 - a full table, a stop: refused, as a page would be
        return
    p = Player(joined["token"], joined["member"], key)
    p.readers.append(await _attach(lt, p.token, rng.choice(LANGS)))
    players.append(p)


async def _move(room: Room, lt: LiveTable, players: list[Player], spectators: list[Reader],
                rng: random.Random, clock: Clock, n: int) -> None:
    """One random move at ``lt``."""
    record = lt.table.current
    if record is not None and rng.random() < 0.6:  # mostly: the player to act acts
        hand = record.hand
        if hand.actor is not None and hand.street is not Street.SHOWDOWN:
            name = lt.table.name_at(record.seats[hand.actor])
            for p in players:
                m = lt.members[p.member]
                if m.name == name and p.readers:
                    lt.offer(p.readers[0], "msg", _act_msg(rng, record))
                    return
    roll = rng.random()
    live = [p for p in players if p.readers]
    if roll < 0.08 or not live:
        await _join(room, lt, players, rng, n)
        return
    p = rng.choice(live)
    conn = rng.choice(p.readers)
    m = lt.members[p.member]
    seated = lt.seat_of(m) is not None
    if roll < 0.16:
        lt.offer(conn, "msg", {"type": "coach", "on": rng.random() < 0.6})
    elif roll < 0.24:
        lt.offer(conn, "msg", {"type": "limits", "minutes": rng.choice([None, 1, 2, 30]),
                               "loss": rng.choice([None, 1, 5, 40, 300]), "unit": rng.choice(["chips", "buy_ins"]),
                               "time_sit_out": rng.random() < 0.5})
    elif roll < 0.30:
        lt.offer(conn, "msg", {"type": "limit_continue"})
    elif roll < 0.38:  # the page's language (app.py: the reader's own, then its state again)
        conn.lang = rng.choice(LANGS)
        lt.offer(conn, "restate", {})
    elif roll < 0.46:
        lt.offer(conn, "msg", {"type": "top_up", "amount": rng.choice([1, 20, 100, 400])})
    elif roll < 0.50:
        lt.offer(conn, "msg", {"type": "leave"})
    elif roll < 0.56:
        if seated:
            lt.offer(conn, "msg", {"type": "sit_out" if rng.random() < 0.5 else "sit_in"})
        else:
            lt.offer(conn, "msg", {"type": "sit", "amount": rng.choice([40, 150, 200])})
    elif roll < 0.60:
        lt.offer(conn, "msg", {"type": "straddle", "on": rng.random() < 0.5})
    elif roll < 0.66:  # another tab of the same player, or one closed
        if len(p.readers) < 3 and rng.random() < 0.6:
            p.readers.append(await _attach(lt, p.token, rng.choice(LANGS)))
        else:
            gone = p.readers.pop(rng.randrange(len(p.readers)))
            gone.closed = True
            await lt.queue.put(Command("detach", gone))
    elif roll < 0.70:
        if len(spectators) < 2 or rng.random() < 0.5:
            spectators.append(await _attach(lt, None, rng.choice(LANGS)))
        else:
            gone = spectators.pop()
            gone.closed = True
            await lt.queue.put(Command("detach", gone))
    elif roll < 0.78:
        command = rng.choice([
            {"command": "pause"}, {"command": "resume"}, {"command": "resume"},
            {"command": "settings", "settings": {"small_blind": 2, "big_blind": 4}},
            {"command": "settings", "settings": {"small_blind": 1, "big_blind": 2}},
            {"command": "stand_up", "member": p.member},
        ])
        try:
            await room.call(lt, "host", command)
        except Exception:  # noqa: BLE001 - refused (already paused, not seated...): as a host's page would be
            pass
    else:  # time passes: seconds, a minute, or past a cool-off and a time limit
        clock.ahead += rng.choice([0.4, 1.0, 7.0, 61.0, 400.0])


async def _play(db: Path, seed: int, moves: int) -> Tally:
    options = ServerOptions(
        db_url=f"sqlite:///{db}", test_seed=seed, pause_seconds=0.0, bot_delay=0.0, demo_table=False,
        limit_cool_off=0.02, grace_seconds=10.0**6,
    )
    room = Room(options)
    check(room.store.engine, options.db_url, create_if_empty=True)
    room.store.start()
    rng = random.Random(seed)
    clock = Clock()
    tally = Tally()
    try:
        tables = []
        for bots in ((), ("caller",), ("tight", "random")):  # a table with bots: the coach is on there
            lt, _ = await room.create_table(TableSettings(name=f"own {len(tables)}", seats=6, bots=bots))
            _checked(lt, clock, tally)
            players: list[Player] = []
            for n in range(3):
                await _join(room, lt, players, rng, n)
            tables.append((lt, players, []))
        for n in range(moves):
            lt, players, spectators = tables[n % len(tables)]
            await _move(room, lt, players, spectators, rng, clock, 3 + n)
            await _settle(lt)
        return tally
    finally:
        await room.stop()


def test_every_state_equals_the_one_built_afresh(tmp_path: Path) -> None:
    moves = 600
    tally = asyncio.run(_play(tmp_path / "room.db", 1, moves=moves))
    assert not tally.wrong, f"{len(tally.wrong)} of {tally.compared} messages differ; the first:\n{tally.wrong[0]}"
    # How many views were compared, and how many a seated player's own, varies with the bots' timing (here
    # 1,751-1,814 and 814-1,300; 1,193 and 767 on a slower machine): at least one view a move, half of them own.
    assert tally.compared > moves and tally.members > moves // 2, tally
