"""The room's HTTP edge holds against hostile input: poisoned names, stored rows
that cannot be restored, oversized bodies, odd table ids; and every response
carries the security headers."""

from __future__ import annotations

import contextlib
import json
import re
import socket
import sqlite3
import threading
import time

import httpx
import pytest
from sqlalchemy import insert

from pokerdealer.server.db import TableRow
from pokerdealer.server.schema import database_url, make_engine
from tests.server.conftest import HTTP, Server

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
def test_a_stored_table_that_cannot_be_restored_is_left_out_and_the_room_starts(shared_server: Server) -> None:
    room = shared_server  # the module's room on each backend; the other tests list no table
    good = room.create_table(name="Good", listed=True)
    room.stop()
    try:
        _store_raw_table(str(room.db), "poisonedName", json.dumps({**GOOD_SETTINGS, "name": "\u200b"}))
        _store_raw_table(str(room.db), "unreadableJs", "{not json")
    finally:
        room.start()  # on the same database
    assert room.get(f"/api/tables/{good}").json()["name"] == "Good"
    assert [t["id"] for t in room.get("/api/tables").json()] == [good]
    for bad in ("poisonedName", "unreadableJs"):
        assert room.get(f"/api/tables/{bad}").status_code == 404
    log = room.log.read_text()
    assert "table poisonedName cannot be restored" in log
    assert "table unreadableJs cannot be restored" in log


def test_an_invisible_table_name_is_refused_and_nothing_is_stored(server: Server) -> None:
    r = HTTP.post(server.base + "/api/tables", json={"name": "\u200b", "bots": []}, timeout=10)
    assert r.status_code == 400
    assert r.json()["detail"] == "the table name has nothing visible in it"
    with sqlite3.connect(server.db) as conn:
        assert conn.execute("select count(*) from tables").fetchone()[0] == 0


def test_a_table_name_is_measured_after_invisible_characters_are_removed(server: Server) -> None:
    table = server.create_table(name="\u200b\u2066Home\u2069 game\u200b")
    assert server.get(f"/api/tables/{table}").json()["name"] == "Home game"


def test_an_invisible_player_name_is_refused(server: Server) -> None:
    table = server.create_table()
    r = HTTP.post(f"{server.base}/api/tables/{table}/join", json={"name": "\u200b\u200d\u2060"}, timeout=10)
    assert r.status_code == 400
    assert r.json()["detail"] == "the name has nothing visible in it"
    assert server.get(f"/api/tables/{table}").json()["players"] == 0


def test_a_long_player_name_is_refused_not_cut(server: Server) -> None:
    table = server.create_table()
    r = HTTP.post(f"{server.base}/api/tables/{table}/join", json={"name": "A" * 30}, timeout=10)
    assert r.status_code == 400
    assert r.json()["detail"] == "the name has at most 24 characters (this one has 30)"


# ------------------------------------------------------------ table ids
ODD_IDS = ("%00", "a%00b", "%C3%A9t%C3%A9", "a%20b", "a.b", "x" * 33)


def test_a_table_id_that_cannot_be_an_id_is_404_over_http(shared_server: Server) -> None:
    for odd in ODD_IDS:
        for path in (f"/api/tables/{odd}", f"/api/tables/{odd}/hands", f"/t/{odd}"):
            r = shared_server.get(path)
            assert r.status_code == 404, (path, r.status_code, r.text[:200])


def test_a_table_id_that_cannot_be_an_id_is_refused_over_the_websocket(shared_server: Server) -> None:
    from websockets.sync.client import connect

    for odd in ODD_IDS:
        with connect(f"ws://127.0.0.1:{shared_server.port}/ws/{odd}", open_timeout=5, close_timeout=2) as ws:
            assert json.loads(ws.recv(timeout=5)) == {
                "type": "error", "message": "no such table", "key": "room.error.no_such_table", "params": {},
            }
    assert shared_server.get("/api/tables").status_code == 200  # and the room is still up


# ------------------------------------------------------------ the HTTP edge
@pytest.fixture(scope="module")
def edge(server: Server) -> Server:
    """The module's room (``server``), which the tests above have already used: a room of its own
    was one start more."""
    return server


def _raw(server: Server, head: str) -> socket.socket:
    """A raw connection that has sent ``head`` (request line and headers)."""
    sock = socket.create_connection(("127.0.0.1", server.port), timeout=10)
    sock.sendall(head.encode("latin-1"))
    return sock


def _status(sock: socket.socket) -> int:
    """The status code of the response read from ``sock``."""
    data = b""
    while b"\r\n" not in data:
        chunk = sock.recv(4096)
        if not chunk:
            break
        data += chunk
    return int(data.split(b" ", 2)[1])


def _post_head(server: Server, extra: str) -> str:
    return (
        f"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\n"
        f"Content-Type: application/json\r\n{extra}\r\n"
    )


def test_a_body_longer_than_64_kb_by_its_length_is_413_before_it_is_sent(edge: Server) -> None:
    with _raw(edge, _post_head(edge, "Content-Length: 25165824\r\n")) as sock:
        assert _status(sock) == 413  # no byte of the body was sent


def test_a_chunked_body_is_413_once_it_passes_64_kb(edge: Server) -> None:
    with _raw(edge, _post_head(edge, "Transfer-Encoding: chunked\r\n")) as sock:
        chunk = b"[" * 16384
        for _ in range(5):  # 80 KB, and the body never ends
            sock.sendall(b"%x\r\n%s\r\n" % (len(chunk), chunk))
        assert _status(sock) == 413


def test_a_24_mb_body_is_refused_at_once_and_the_room_keeps_answering(edge: Server) -> None:
    table = edge.create_table(name="busy")
    body = b"[" * (24 * 1024 * 1024)

    def push(sock: socket.socket) -> None:
        with contextlib.suppress(OSError):  # the server closes once it has answered
            sock.sendall(body)

    with _raw(edge, _post_head(edge, f"Content-Length: {len(body)}\r\n")) as sock:
        started = time.monotonic()
        sender = threading.Thread(target=push, args=(sock,), daemon=True)
        sender.start()
        assert _status(sock) == 413
        assert time.monotonic() - started < 3
        assert edge.get(f"/api/tables/{table}").status_code == 200
        assert time.monotonic() - started < 5
        sender.join(10)


def test_a_422_names_the_field_and_the_problem_not_the_input(edge: Server) -> None:
    r = HTTP.post(edge.base + "/api/tables", json={"seats": "SECRET-INPUT-1234"}, timeout=10)
    assert r.status_code == 422
    assert r.json()["detail"] == "seats: Input should be a valid integer"
    assert "SECRET" not in r.text  # nor in the key's params, which a page fills in
    r = HTTP.post(
        edge.base + "/api/tables", content=b'{"name": "SECRET-INPUT-5678', timeout=10,
        headers={"Content-Type": "application/json"},
    )
    assert r.status_code == 422
    assert r.json()["detail"] == "the body is not valid JSON"
    assert "SECRET" not in r.text


def test_deeply_nested_json_is_refused_not_a_server_error(edge: Server) -> None:
    r = HTTP.post(
        edge.base + "/api/tables", content=b"[" * 60000, timeout=10, headers={"Content-Type": "application/json"},
    )
    assert r.status_code in (400, 422)


def test_every_response_carries_the_security_headers(edge: Server) -> None:
    table = edge.create_table(name="headers")
    responses = [
        edge.get(path)
        for path in (
            "/", f"/t/{table}", f"/t/{table}/hands", "/verify", "/static/app.css", "/static/common.js",
            "/api/tables", f"/api/tables/{table}", f"/api/tables/{table}/hands", "/api/tables/nope",
            "/static/nope.js", "/no/such/page",
        )
    ]
    responses.append(HTTP.post(edge.base + "/api/tables", json={"seats": 99}, timeout=10))  # 400: out of range
    responses.append(HTTP.post(edge.base + "/api/tables", json={"seats": "many"}, timeout=10))  # 422: not a number
    responses.append(HTTP.post(f"{edge.base}/api/tables/{table}/join", json={"name": "\u200b"}, timeout=10))  # 400
    responses.append(HTTP.delete(edge.base + "/api/tables", timeout=10))  # 405
    responses.append(HTTP.post(edge.base + "/api/tables", content=b"x" * 70000, timeout=10))  # 413
    assert {r.status_code for r in responses} >= {200, 400, 404, 405, 413, 422}
    for r in responses:
        policy = r.headers.get("content-security-policy", "")
        where = f"{r.request.method} {r.request.url.path} -> {r.status_code}"
        for directive in ("script-src 'self'", "frame-ancestors 'none'", "object-src 'none'", "base-uri 'none'"):
            assert directive in policy, where
        assert "connect-src 'self';" in policy and "127.0.0.1" not in policy, where  # never the Host header
        assert r.headers.get("x-content-type-options") == "nosniff", where
        assert r.headers.get("referrer-policy") == "no-referrer", where


def test_no_page_has_an_inline_script_or_handler() -> None:
    """The policy runs scripts only from files: an inline one would silently not run."""
    from pokerdealer.server.app import STATIC

    for page in STATIC.glob("*.html"):
        html = page.read_text()
        assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", html), page.name
        assert not re.search(r"\son[a-z]+\s*=", html), page.name
        assert "javascript:" not in html, page.name


def test_a_server_error_carries_the_security_headers_too() -> None:
    """A 500 is sent by the edge itself (Starlette's own answer would go around it)."""
    import asyncio

    from fastapi import FastAPI

    from pokerdealer.server import middleware

    app = FastAPI()
    middleware.install(app)

    @app.get("/boom")
    async def boom() -> None:
        raise RuntimeError("a bug")

    async def fetch() -> httpx.Response:
        transport = httpx.ASGITransport(app=app, raise_app_exceptions=False)
        async with httpx.AsyncClient(transport=transport, base_url="http://room.test") as client:
            return await client.get("/boom")

    r = asyncio.run(fetch())
    assert r.status_code == 500
    assert r.json() == {"detail": "internal server error", "key": "room.error.server_error", "params": {},
                        "message": "internal server error"}
    assert "script-src 'self'" in r.headers["content-security-policy"]
    assert r.headers["x-content-type-options"] == "nosniff"
    assert r.headers["referrer-policy"] == "no-referrer"
