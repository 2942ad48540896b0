"""Snapshots and the history store: a start replays only the events after the
snapshot before the last hand, a table keeps only its last hands in memory,
and an older hand is served from the database exactly as it was from memory."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest

from pokerdealer.server import db, history_store
from pokerdealer.server.app import export_phh, export_pokerstars
from pokerdealer.server.live import LiveTable
from pokerdealer.server.room import Room
from pokerdealer.server.settings import ServerOptions
from pokerdealer.server.views import hand_frames
from tests.server.conftest import Server
from tests.server.played import Played, play_offline

HANDS = 120


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, Played]:
    """A table of bots that played HANDS hands, all of them still in memory."""
    path = tmp_path_factory.mktemp("played") / "room.db"
    url = f"sqlite:///{path}"
    return url, play_offline(url, HANDS, keep_hands=10_000)


def _rebuilt(url: str, table_id: str, *, keep_hands: int = 5) -> LiveTable:
    """The table as a server starting on ``url`` rebuilds it."""
    room = Room(ServerOptions(db_url=url, keep_hands=keep_hands, demo_table=False))
    data = room.store.read(lambda c: db.load_table(c, table_id))
    rebuilt = room._rebuild(data)  # noqa: SLF001
    assert rebuilt is not None
    lt, backfill = rebuilt
    room.store.write_now(backfill)
    return lt


def _served(lt: LiveTable, number: int) -> dict[str, Any]:
    """Everything the history endpoints serve for a finished hand (their own functions)."""

    async def go() -> dict[str, Any]:
        src = await history_store.source(lt, number)
        assert src is not None
        record = history_store.kept(src, number)
        assert record is not None
        meta = src.hand_meta[number]
        return {
            "summary": src.summary(number),
            "frames": hand_frames(record),
            "phh": export_phh(src, record),
            "pokerstars": export_pokerstars(src, record, hand_id=lt.room.store.read(
                lambda c: db.room_hand_number(c, lt.id, number))),
            "fair": {"root": meta["commitment"], **(src.summary(number) or {})["fair"]},
        }

    return asyncio.run(go())


def test_a_start_replays_only_the_events_after_the_snapshot(played: tuple[str, Played], monkeypatch) -> None:  # noqa: ANN001
    url, p = played
    applied: list[str] = []
    real = LiveTable.apply_event

    def counting(self: LiveTable, kind: str, data: dict[str, Any], at: float) -> None:
        applied.append(kind)
        real(self, kind, data, at)

    monkeypatch.setattr(LiveTable, "apply_event", counting)
    lt = _rebuilt(url, p.table_id)
    # The last hand (and the moves after it), not the 120 before.
    assert applied.count("hand_start") == 1 and applied.count("hand_end") == 1
    assert len(applied) < p.events / 50
    # ... and the table is exactly the one that played on.
    assert lt.table.state() == p.table.table.state()
    assert lt.seq == p.table.seq
    assert lt.last_summary == p.table.summary(HANDS)
    assert lt.table.hands_played == HANDS


def test_a_table_keeps_only_its_last_hands_in_memory(tmp_path: Path) -> None:
    p = play_offline(f"sqlite:///{tmp_path / 'room.db'}", 60, keep_hands=5)
    lt = p.table
    assert lt.table.hands_played == 60
    assert [r.number for r in lt.table.hands] == [56, 57, 58, 59, 60]
    assert set(lt.hand_meta) <= {56, 57, 58, 59, 60}
    assert set(lt.summaries) <= {56, 57, 58, 59, 60}


@pytest.mark.parametrize("number", [1, 2, 37, HANDS - 5, HANDS - 1, HANDS])
def test_an_old_hand_is_served_from_the_database_as_from_memory(played: tuple[str, Played], number: int) -> None:
    url, p = played
    lt = _rebuilt(url, p.table_id, keep_hands=5)
    if number < HANDS - 5:
        assert history_store.kept(lt, number) is None  # not in memory: rebuilt from the log
    assert _served(lt, number) == _served(p.table, number)


def test_the_history_list_from_the_database_is_the_list_from_memory(played: tuple[str, Played]) -> None:
    url, p = played
    lt = _rebuilt(url, p.table_id, keep_hands=5)
    mem = p.table
    expected = []
    for record in reversed(mem.table.hands[-history_store.LIST_LIMIT:]):
        s = mem.summary(record.number) or {}
        expected.append(
            {
                "number": record.number,
                "players": list(record.players),
                "pot": sum(a["amount"] for a in s.get("awards", [])),
                "winners": sorted({w["name"] for a in s.get("awards", []) for w in a["winners"]}),
                "board": s.get("board"),
                "started_at": mem.hand_meta.get(record.number, {}).get("started_at"),
            }
        )
    got = asyncio.run(history_store.listing(lt))
    assert [json.dumps(r, sort_keys=True) for r in got] == [json.dumps(r, sort_keys=True) for r in expected]


def test_the_history_endpoints_serve_old_hands_from_the_database(
    played: tuple[str, Played], tmp_path: Path
) -> None:
    url, p = played
    server = Server(url.removeprefix("sqlite:///"), workdir=tmp_path).start()
    try:
        base = f"/api/tables/{p.table_id}/hands"
        for number in (1, 64):
            want = _served(p.table, number)
            detail = server.get(f"{base}/{number}").json()
            assert detail["summary"] == want["summary"] and detail["frames"] == want["frames"]
            assert server.get(f"{base}/{number}/phh").text == want["phh"]
            assert server.get(f"{base}/{number}/pokerstars").text == want["pokerstars"]
            assert server.get(f"{base}/{number}/fair").json() == {"number": number, **want["fair"]}
        assert [h["number"] for h in server.get(base).json()] == list(range(HANDS, 0, -1))
        assert server.get(f"{base}/{HANDS + 1}").status_code == 404
    finally:
        server.stop()


def test_a_table_from_before_snapshots_is_replayed_once_and_gets_them(tmp_path: Path) -> None:
    from alembic import command
    from sqlalchemy import text

    from pokerdealer.server.schema import alembic_config, make_engine, upgrade

    url = f"sqlite:///{tmp_path / 'room.db'}"
    p = play_offline(url, 30, keep_hands=10_000)
    engine = make_engine(url)
    try:
        # As a pokerdealer from before snapshots left it: schema 0002, list rows of winners and pot.
        with engine.connect() as conn:
            command.downgrade(alembic_config(conn), "0002")
            conn.commit()
        with engine.begin() as conn:
            for number, summary in conn.execute(text("SELECT number, summary FROM hands")).all():
                old = {k: v for k, v in json.loads(summary).items() if k in ("winners", "pot")}
                conn.execute(text("UPDATE hands SET summary = :s WHERE number = :n"), {"s": json.dumps(old), "n": number})
        upgrade(engine)
        lt = _rebuilt(url, p.table_id, keep_hands=5)
        assert lt.table.state() == p.table.table.state() and lt.seq == p.table.seq
        with engine.connect() as conn:
            hands = conn.execute(text("SELECT hands FROM snapshots ORDER BY seq")).scalars().all()
            stored = conn.execute(text("SELECT summary FROM hands ORDER BY number")).scalars().all()
        assert hands == list(range(1, 31))  # one at the end of each hand
        assert all(set(json.loads(row)) == set(history_store.STORED) for row in stored)  # the list's rows, written once
        for number in (1, 12, 30):
            assert _served(lt, number) == _served(p.table, number)
        rows = asyncio.run(history_store.listing(lt))
        assert [r["number"] for r in rows] == list(range(30, 0, -1))
        assert rows[-1]["players"] == list(p.table.table.hands[0].players)
    finally:
        engine.dispose()


def test_a_snapshot_keeps_the_promises_pending_when_it_is_taken(played: tuple[str, Played]) -> None:
    from pokerdealer.server.between_hands import promise_event, promise_of
    from pokerdealer.server.reducer import new_state, reduce
    from pokerdealer.server.snapshot import restore, take

    url, p = played
    lt = _rebuilt(url, p.table_id)
    first, second = list(lt.members.values())[:2]
    hand = lt.table.hands_played
    state = reduce(lt.state, *promise_event(first.id, hand, top_up=40), 0.0)
    state = reduce(state, *promise_event(second.id, hand), 0.0)
    data = json.loads(json.dumps(take(state)))
    fresh = new_state(lt.settings, seed=lt.seed, features=state.features, members=state.members)
    fresh = restore(fresh, {"seq": lt.seq, "hands": hand, "data": data})
    assert fresh.table.state() == state.table.state()
    assert [promise_of(fresh, m.id) for m in state.members] == [promise_of(state, m.id) for m in state.members]
    assert promise_of(fresh, first.id) is not None and promise_of(fresh, second.id) is not None
