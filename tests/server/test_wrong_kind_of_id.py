"""A table's id where a tournament's is asked for, or a tournament's where a table's is
(issue 25): "no such" at once (404 with its key), no row written, no page that
retries forever -- and no refusal ever names a server's host.

One server per database backend, shared by the module's tests.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from sqlalchemy import func, select
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from pokerdealer.server.db import MemberRow
from pokerdealer.server.room import Elsewhere
from pokerdealer.server.schema import database_url, make_engine
from pokerdealer.server.words import error_words
from tests.server.conftest import HTTP, Server
from tests.server.tournaments import create, host, register, state


@pytest.fixture(scope="module")
def ids(shared_server: Server) -> Iterator[dict[str, Any]]:
    """A started tournament (its id, its first room table's) and a cash table."""
    ev = create(shared_server, max_entrants=4, seats=4, level_seconds=60, bots=["caller", "caller"])
    register(shared_server, ev["id"], "Ann")
    assert host(shared_server, ev, "start").status_code == 200
    tables = state(shared_server, ev["id"])["room_tables"]
    yield {"event": ev["id"], "event_table": next(iter(tables.values())), "cash": shared_server.create_table()}


def members(server: Server, table_id: str) -> int:
    engine = make_engine(database_url(str(server.db)))
    try:
        with engine.connect() as conn:
            return int(conn.execute(select(func.count()).where(MemberRow.table_id == table_id)).scalar_one())
    finally:
        engine.dispose()


def test_a_cash_join_at_a_tournament_table_is_refused_at_once_and_stores_no_member(
    shared_server: Server, ids: dict[str, Any]
) -> None:
    before = members(shared_server, ids["event_table"])
    r = HTTP.post(f"{shared_server.base}/api/tables/{ids['event_table']}/join", json={"name": "Zed"}, timeout=5)
    assert (r.status_code, r.json()["key"]) == (409, "room.event.error.cash_only")
    assert members(shared_server, ids["event_table"]) == before


@pytest.mark.parametrize("path", ["/api/tournaments/{event_table}", "/api/tournaments/{cash}", "/e/{cash}", "/e/{event_table}"])
def test_a_tables_id_is_no_tournament(shared_server: Server, ids: dict[str, Any], path: str) -> None:
    r = shared_server.get(path.format(**ids))
    assert (r.status_code, r.json()["key"]) == (404, "event.error.no_such_tournament")


@pytest.mark.parametrize("path", ["/api/tables/{event}", "/t/{event}", "/api/tables/{event}/hands"])
def test_a_tournaments_id_is_no_table(shared_server: Server, ids: dict[str, Any], path: str) -> None:
    r = shared_server.get(path.format(**ids))
    assert (r.status_code, r.json()["key"]) == (404, "room.error.no_such_table")


def test_a_join_by_a_tournaments_id_is_refused_as_no_table_and_stores_no_member(
    shared_server: Server, ids: dict[str, Any]
) -> None:
    r = HTTP.post(f"{shared_server.base}/api/tables/{ids['event']}/join", json={"name": "Zed"}, timeout=5)
    assert (r.status_code, r.json()["key"]) == (404, "room.error.no_such_table")
    assert members(shared_server, ids["event"]) == 0


@pytest.mark.parametrize("lang", ["en", "zh-Hant", "zh-Hans"])
def test_a_refusal_for_a_table_played_elsewhere_names_no_host(lang: str) -> None:
    said = error_words(lang, Elsewhere("abc123", "10.0.0.2:8000"))
    assert "10.0.0.2" not in json.dumps(said, ensure_ascii=False) and "abc123" in said["message"]


def test_a_tables_socket_by_a_tournaments_id_is_closed_as_no_such_table(shared_server: Server, ids: dict[str, Any]) -> None:
    ws = connect(f"ws://127.0.0.1:{shared_server.port}/ws/{ids['event']}", open_timeout=5, close_timeout=2, legacy=True)
    try:
        said = json.loads(ws.recv(timeout=10))
        with pytest.raises(ConnectionClosed) as closed:
            ws.recv(timeout=10)
        assert (said["key"], closed.value.rcvd.code if closed.value.rcvd else None) == ("room.error.no_such_table", 4404)
    finally:
        ws.close()
