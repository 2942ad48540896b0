"""A tournament rebuilt from its log (a server start, a process following it)
is the event that was played: every table, the hand in play at each, the
moves, the places, the clock, and what each reader is sent."""

from __future__ import annotations

import asyncio
import dataclasses
import json
import time
from typing import Any
from unittest import mock

import pytest

from pokerdealer.server import db, tournament
from pokerdealer.server.private import private_state
from pokerdealer.server.room import Room
from pokerdealer.server.schema import check
from pokerdealer.server.settings import ServerOptions
from pokerdealer.server.tournament import LiveEvent, TournamentSpec, create_event
from pokerdealer.table.event import EventTable as PureTable
from tests.patience import Patience

SEED = 11


def _options(url: str) -> ServerOptions:
    # Bots wait a little before acting: a table reads its commands (the stop) between their actions.
    return ServerOptions(db_url=url, test_seed=SEED, bot_delay=0.005, pause_seconds=0, demo_table=False)


async def _play(url: str) -> LiveEvent:
    """An event of bots played until a table broke (players out, moved), in a room
    that then stops at once, its tables mid-hand."""
    room = Room(_options(url))
    check(room.store.engine, url, create_if_empty=True)
    await room.start()
    try:
        # Short levels and small stacks: players bust, tables break and balance, the blinds go up.
        spec = TournamentSpec.from_dict({
            "name": "Replay", "max_entrants": 40, "seats": 6, "starting_stack": 1000, "level_seconds": 2,
            "clock": 30, "bots": ["random", "caller", "tight"] * 10,
        })
        live, _ = await create_event(room, spec)
        await live.start_event()
        ev = live.event
        patience = Patience(120)
        while not ev.broken or not ev.standings or ev.hands < 40:
            assert not ev.is_over and not patience.over(), "the event ended before a table broke"
            await asyncio.sleep(0.02)
        await live.stop()  # the clock
        # Every table stops between commands, mid-hand; until none plays on (a hand that ended
        # meanwhile may have opened a table: it is stopped in the next round).
        while playing := [lt for lt in live.tables.values() if lt.task is not None and not lt.task.done()]:
            await asyncio.gather(*(lt.stop() for lt in playing))
    finally:
        await room.stop()  # the writer commits all it was given
    return live


def _rebuilt(url: str, event_id: str) -> LiveEvent:
    """The event as a server starting on ``url`` rebuilds it (before it plays on)."""
    room = Room(_options(url))
    room.store.start()
    try:
        data = room.store.read(lambda c: db.load_table(c, event_id))
        assert data is not None
        return asyncio.run(_in_loop(lambda: tournament._rebuilt(room, data)))  # noqa: SLF001
    finally:
        room.store.stop()


async def _in_loop(fn: Any) -> Any:  # noqa: ANN401
    return fn()


def _hand(record: Any) -> dict[str, Any]:  # noqa: ANN401
    hand = record.hand
    return {
        "number": record.number, "players": list(record.players), "seats": list(record.seats),
        "config": hand.config, "deck": [str(c) for c in hand.deck], "log": [str(a) for a in hand.log],
        "stacks": list(hand.stacks), "complete": hand.is_complete,
    }


def fingerprint(live: LiveEvent) -> dict[str, Any]:
    """Everything of ``live`` a reader, a later hand or a later move depends on."""
    ev = live.event
    with mock.patch.object(PureTable, "busy", property(lambda self: False)):  # the state mid-hand as well
        state = ev.state()
    tables = {}
    for room_id, lt in live.tables.items():
        inner = lt.inner
        meta = {n: {k: v for k, v in m.items() if k != "fair"} for n, m in lt.hand_meta.items()}  # "fair": a cache
        players = lt.table.players
        public = lt._public_state(players)  # noqa: SLF001
        public["event"].pop("seconds_left")  # read off the clock now
        own = {
            m.name: private_state(lt, m, next((p for p in players if p.name == m.name), None), lt.table.current, lang="en")
            for m in lt.members.values()
        }
        tables[room_id] = {
            "number": inner.id, "in_play": lt.in_play, "seq": lt.seq,
            "members": [dataclasses.astuple(m)[:4] for m in lt.members.values()],
            "hands": [_hand(r) for r in inner.hands],
            "current": None if inner.current is None else _hand(inner.current),
            "meta": meta, "last_summary": lt.last_summary,
            "summaries": {r.number: lt.summary(r.number) for r in inner.hands},
            "last_actions": lt.last_actions, "hand_log": lt.hand_log,
            "public": public, "private": own,
        }
    return {
        "seq": live.seq, "last_at": live.last_at, "host_hash": live.host_hash,
        "entrants": live.entrants, "by_token": sorted(live.by_token),
        "where": live.where, "moved": live.moved, "event": state, "tables": tables,
    }


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> tuple[LiveEvent, LiveEvent]:
    """The event as played, and as rebuilt from its log."""
    url = f"sqlite:///{tmp_path_factory.mktemp('replay') / 'room.db'}"
    live = asyncio.run(_play(url))
    return live, _rebuilt(url, live.id)


def test_the_played_event_has_places_moves_and_hands_in_play(played: tuple[LiveEvent, LiveEvent]) -> None:
    live, _ = played
    ev = live.event
    assert ev.standings and live.moved and not ev.is_over
    assert any(lt.table.current is not None for lt in live.tables.values())


def test_a_replayed_event_equals_the_live_one(played: tuple[LiveEvent, LiveEvent]) -> None:
    live, rebuilt = played
    now = time.time()
    with mock.patch.object(time, "time", lambda: now):  # the strips read the clock
        a, b = fingerprint(live), fingerprint(rebuilt)
    assert a.keys() == b.keys()
    assert a["tables"].keys() == b["tables"].keys()
    for room_id in a["tables"]:
        for key in a["tables"][room_id]:
            assert a["tables"][room_id][key] == b["tables"][room_id][key], (room_id, key)
    for key in a:
        assert a[key] == b[key], key




def test_what_the_pages_read_from_the_kept_field_is_a_fresh_build(played: tuple[LiveEvent, LiveEvent]) -> None:
    # The page's state is kept by parts, the strips' ranks and each player's /me read kept
    # chip counts, places and seats: after the moves, busts and broken tables of a played
    # event (and rebuilt from its log), each is what a fresh reading of the event says.
    from pokerdealer.server.tournament_api import public, public_text

    for live in played:
        ev = live.event
        now = time.time()
        assert json.loads(public_text(live, now)) == public(live, now)
        live.field()
        stacks = [p.stack for t in ev.tables.values() for p in t.players]
        for stack in set(stacks):
            assert live.counts.rank(stack) == 1 + sum(1 for s in stacks if s > stack)
        for e in live.entrants.values():
            me = live.me(e, "token")
            where = ev.where(e.name)
            assert me["seat"] == (None if where is None else where[1]), e.name
            finishes = [s for s in ev.standings if s.name == e.name]
            if where is None and finishes:
                latest = max(finishes, key=lambda s: float("inf") if s.hand is None else s.hand)
                assert (me["place"], me["prize"]) == (latest.place, latest.prize)
