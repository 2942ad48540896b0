"""The room's HTTP edge holds against hostile input: poisoned names, stored rows
that cannot be restored, oversized bodies, odd table ids; and every response
carries the security headers."""

from __future__ import annotations

import json
import sqlite3
import time
from pathlib import Path

import httpx
from sqlalchemy import insert

from pokerdealer.server.db import TableRow
from pokerdealer.server.schema import database_url, make_engine
from tests.server.conftest import Server

GOOD_SETTINGS = {
    "name": "Good", "structure": "no_limit", "small_blind": 1, "big_blind": 2, "stack": 200,
    "seats": 6, "bots": [], "clock": 30.0, "lang": "en", "listed": True,
}


def _store_raw_table(target: str, table_id: str, settings_text: str) -> None:
    """Write a table row straight into the database, as an old bug or a hand edit may have."""
    engine = make_engine(database_url(target))
    try:
        with engine.begin() as conn:
            conn.execute(
                insert(TableRow).values(
                    id=table_id, name="x", settings=settings_text, seed=None, created_at=time.time(), closed=False,
                )
            )
    finally:
        engine.dispose()


# ------------------------------------------------------------ poisoned names
def test_a_stored_table_that_cannot_be_restored_is_left_out_and_the_room_starts(
    db_target: str, tmp_path: Path
) -> None:
    first = Server(db_target, workdir=tmp_path).start()
    try:
        good = first.create_table(name="Good", listed=True)
    finally:
        first.stop()
    _store_raw_table(db_target, "poisonedName", json.dumps({**GOOD_SETTINGS, "name": "\u200b"}))
    _store_raw_table(db_target, "unreadableJs", "{not json")
    room = Server(db_target, workdir=tmp_path).start()
    try:
        assert room.get(f"/api/tables/{good}").json()["name"] == "Good"
        assert [t["id"] for t in room.get("/api/tables").json()] == [good]
        for bad in ("poisonedName", "unreadableJs"):
            assert room.get(f"/api/tables/{bad}").status_code == 404
        log = room.log.read_text()
        assert "table poisonedName cannot be restored" in log
        assert "table unreadableJs cannot be restored" in log
    finally:
        room.stop()


def test_an_invisible_table_name_is_refused_and_nothing_is_stored(server: Server) -> None:
    r = httpx.post(server.base + "/api/tables", json={"name": "\u200b", "bots": []}, timeout=10)
    assert r.status_code == 400
    assert r.json()["detail"] == "the table name has nothing visible in it"
    with sqlite3.connect(server.db) as conn:
        assert conn.execute("select count(*) from tables").fetchone()[0] == 0


def test_a_table_name_is_measured_after_invisible_characters_are_removed(server: Server) -> None:
    table = server.create_table(name="\u200b\u2066Home\u2069 game\u200b")
    assert server.get(f"/api/tables/{table}").json()["name"] == "Home game"


def test_an_invisible_player_name_is_refused(server: Server) -> None:
    table = server.create_table()
    r = httpx.post(f"{server.base}/api/tables/{table}/join", json={"name": "\u200b\u200d\u2060"}, timeout=10)
    assert r.status_code == 400
    assert r.json()["detail"] == "the name has nothing visible in it"
    assert server.get(f"/api/tables/{table}").json()["players"] == 0


def test_a_long_player_name_is_refused_not_cut(server: Server) -> None:
    table = server.create_table()
    r = httpx.post(f"{server.base}/api/tables/{table}/join", json={"name": "A" * 30}, timeout=10)
    assert r.status_code == 400
    assert r.json()["detail"] == "the name has at most 24 characters (this one has 30)"


# ------------------------------------------------------------ table ids
ODD_IDS = ("%00", "a%00b", "%C3%A9t%C3%A9", "a%20b", "a.b", "x" * 33)


def test_a_table_id_that_cannot_be_an_id_is_404_over_http(db_target: str, tmp_path: Path) -> None:
    server = Server(db_target, workdir=tmp_path).start()
    try:
        for odd in ODD_IDS:
            for path in (f"/api/tables/{odd}", f"/api/tables/{odd}/hands", f"/t/{odd}"):
                r = server.get(path)
                assert r.status_code == 404, (path, r.status_code, r.text[:200])
    finally:
        server.stop()


def test_a_table_id_that_cannot_be_an_id_is_refused_over_the_websocket(db_target: str, tmp_path: Path) -> None:
    from websockets.sync.client import connect

    server = Server(db_target, workdir=tmp_path).start()
    try:
        for odd in ODD_IDS:
            with connect(f"ws://127.0.0.1:{server.port}/ws/{odd}", open_timeout=5, close_timeout=2) as ws:
                assert json.loads(ws.recv(timeout=5)) == {"type": "error", "message": "no such table"}
        assert server.get("/api/tables").status_code == 200  # and the room is still up
    finally:
        server.stop()
