"""Small holes at the room's edge (issue 25): personal downloads no cache keeps, a hello
token no reader chokes on, a silent socket closed with a close frame, no schema without
docs, HEAD wherever GET, TLS's headers, strict request bodies, a bounded start time,
and a key on every refusal.

The tests that read or write the database run on both backends (one server per backend
for the module); the edge's own rules are tried on the application in process.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from fastapi import FastAPI, HTTPException
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from pokerdealer.server import ServerOptions, create_app, middleware
from pokerdealer.server.tournament import START_AHEAD_DAYS
from tests.server.conftest import HTTP, BACKENDS, Server, make_db_target
from tests.server.test_pokerstars_download import _play_one_hand


@pytest.fixture(scope="module", params=BACKENDS)
def room(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A room whose sockets have half a second to say hello."""
    folder = tmp_path_factory.mktemp("holes")
    target, drop = make_db_target(request, request.param, folder)
    server = Server(target, workdir=folder, extra=("--hello", "0.5")).start()
    yield server
    server.stop()
    drop()


@pytest.fixture(scope="module")
def hand(room: Server) -> dict[str, Any]:
    """A finished hand at a table: its download path and the seat token of a player dealt in it."""
    table, number, token, _ = _play_one_hand(room)
    return {"base": f"{room.base}/api/tables/{table}/hands/{number}", "token": token}


def get(app: Any, path: str, headers: dict[str, str] | None = None) -> httpx.Response:  # noqa: ANN401
    """``GET path`` of an application in this process (never started: its lifespan is not run)."""

    async def go() -> httpx.Response:
        async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://room") as client:
            return await client.get(path, headers=headers)

    return asyncio.run(go())


def page(**options: Any) -> httpx.Response:  # noqa: ANN401
    """A page of the room's application with ``options`` (its pages and edge need no tables)."""
    return get(create_app(ServerOptions(db_url="sqlite://", **options)), "/rules")


# ------------------------------------------------------------ downloads
@pytest.mark.parametrize("kind", ["phh", "pokerstars"])
def test_a_personal_download_is_kept_by_no_cache(hand: dict[str, Any], kind: str) -> None:
    r = HTTP.get(f"{hand['base']}/{kind}", headers={"X-Seat-Token": hand["token"]}, timeout=10)
    assert r.status_code == 200 and r.headers["cache-control"] == "no-store"


@pytest.mark.parametrize("kind", ["phh", "pokerstars"])
@pytest.mark.parametrize("own", [False, True])
def test_a_download_varies_by_seat_token(hand: dict[str, Any], kind: str, own: bool) -> None:
    r = HTTP.get(f"{hand['base']}/{kind}", headers={"X-Seat-Token": hand["token"]} if own else {}, timeout=10)
    assert r.status_code == 200 and r.headers["vary"] == "X-Seat-Token"


# ------------------------------------------------------------ websocket
def test_a_hello_token_with_a_lone_surrogate_is_an_unknown_token(room: Server) -> None:
    table = room.create_table()
    ws = connect(f"ws://127.0.0.1:{room.port}/ws/{table}", open_timeout=5, close_timeout=2, legacy=True)
    try:
        ws.send('{"type": "hello", "token": "\\ud800"}')  # JSON's escape of a lone surrogate
        said = [json.loads(ws.recv(timeout=10)) for _ in range(2)]
        assert [m.get("key") or m["type"] for m in said] == ["room.error.unknown_token", "welcome"]
    finally:
        ws.close()


def test_a_socket_that_never_says_hello_is_closed_with_a_close_frame(room: Server) -> None:
    table = room.create_table()
    ws = connect(f"ws://127.0.0.1:{room.port}/ws/{table}", open_timeout=5, close_timeout=2, legacy=True)
    try:
        with pytest.raises(ConnectionClosed) as closed:
            ws.recv(timeout=10)  # says nothing: the room's half second passes
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1008
    finally:
        ws.close()


# ------------------------------------------------------------ request bodies
@pytest.mark.parametrize("buy_in", ["100", 100.0, True])
def test_a_buy_in_that_is_not_a_whole_number_is_refused_by_key(room: Server, buy_in: Any) -> None:  # noqa: ANN401
    table = room.create_table()
    r = HTTP.post(f"{room.base}/api/tables/{table}/join", json={"name": "Ann", "buy_in": buy_in}, timeout=10)
    field = {"key": "room.request.field.buy_in", "params": {}}  # the buy-in, in words
    assert (r.status_code, r.json()["key"], r.json()["params"]["field"]) == (422, "room.request.int_type", field)


def test_a_registration_with_an_unknown_field_is_refused_by_key(room: Server) -> None:
    ev = HTTP.post(f"{room.base}/api/tournaments", json={"name": "Fri"}, timeout=10).json()
    r = HTTP.post(f"{room.base}/api/tournaments/{ev['id']}/register", json={"name": "Ann", "seat": 1}, timeout=10)
    assert (r.status_code, r.json()["key"]) == (422, "room.request.extra_forbidden")


def test_a_tournament_start_more_than_the_bound_ahead_is_refused_naming_the_bound(room: Server) -> None:
    later = time.time() + START_AHEAD_DAYS * 86400 + 3600
    r = HTTP.post(f"{room.base}/api/tournaments", json={"name": "Fri", "start_at": later}, timeout=10)
    assert (r.status_code, r.json()["key"], r.json()["params"]) == (400, "event.settings.start_at_ahead", {"days": START_AHEAD_DAYS})


# ------------------------------------------------------------ the edge
def test_openapi_json_is_not_served_without_the_docs(room: Server) -> None:
    r = room.get("/openapi.json")
    assert (r.status_code, r.json()["key"]) == (404, "room.error.not_found")


@pytest.mark.parametrize("path", ["/", "/api/tables", "/static/table.js", "/t/{table}", "/api/tables/{table}"])
def test_head_is_answered_where_get_is(room: Server, path: str) -> None:
    url = room.base + path.format(table=room.create_table())
    got, head = HTTP.get(url, timeout=10), HTTP.head(url, timeout=10)
    assert (head.status_code, head.content) == (got.status_code, b"") and got.status_code == 200


def test_the_content_security_policy_never_repeats_the_host_header(room: Server) -> None:
    r = HTTP.get(room.base + "/", headers={"Host": "evil.example"}, timeout=10)
    assert "evil.example" not in r.headers["content-security-policy"]


def test_over_tls_every_response_asks_for_tls_from_then_on() -> None:
    assert page(tls=True).headers["strict-transport-security"] == "max-age=31536000"


def test_over_tls_the_pages_may_open_secure_sockets_only() -> None:
    csp = page(tls=True).headers["content-security-policy"]
    assert "connect-src 'self' wss:;" in csp and "ws:" not in csp.replace("wss:", "")


def test_without_tls_no_response_asks_for_tls() -> None:
    assert "strict-transport-security" not in page().headers


def test_a_refusal_raised_with_its_own_words_still_has_a_key() -> None:
    app = FastAPI()
    middleware.install(app)

    @app.get("/teapot")
    async def teapot() -> None:
        raise HTTPException(418, "short and stout")

    r = get(app, "/teapot", headers={"Accept-Language": "zh-TW"})
    assert (r.status_code, r.json()["key"], r.json()["params"]) == (418, "room.error.refused", {"text": "short and stout"})


@pytest.mark.parametrize("what", ["pokerstars", "phh", "fair", "why", "mine", ""])
def test_a_hand_number_past_the_databases_integers_is_404_not_500(room: Server, hand: dict[str, Any], what: str) -> None:
    # GET .../hands/9223372036854775808/pokerstars answered 500 with a traceback
    # (SQLite OverflowError, PostgreSQL bigint out of range).
    table_base = hand["base"].rsplit("/", 1)[0]
    for number in (2**63, 2**63 - 1, 10**30):
        for base in (table_base, f"{room.base}/api/tables/ANY/hands"):
            r = HTTP.get(f"{base}/{number}/{what}".rstrip("/"), headers={"X-Seat-Token": hand["token"]}, timeout=10)
            assert r.status_code == 404, (base, number, r.status_code, r.text[:200])
            assert r.json()["key"].startswith("room.error.no_"), r.text[:200]
