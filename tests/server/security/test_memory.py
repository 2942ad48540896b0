"""A websocket leaves nothing behind (issue 40): every connection's objects are freed by
their reference counts when it ends, not left to the collector -- which the room freezes
every half second (server/collector.py), so a reference cycle alive at a freeze was never
freed: 6-11 KB a websocket, 225 to 1,301 MiB over an afternoon.

The room runs in this process (uvicorn in a thread, behind the gate as ``serve`` runs it)
so its objects can be counted; the collector is off while they are.
"""

from __future__ import annotations

import gc
import json
import threading
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import uvicorn
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from pokerdealer.server import ServerOptions, create_app
from pokerdealer.server.conns import Conn
from pokerdealer.server.gate import Gate, gated_protocols
from pokerdealer.server.limits import TOO_MANY_CLOSE_CODE, Caps
from pokerdealer.server.wire import RoomWebSocketProtocol
from tests.server.conftest import free_port

WATCHED = ("GatedHttpProtocol", "GatedWebSocketProtocol", "ServerProtocol", "WebSocket", "Conn", "TCPTransport")


def _counts() -> Counter[str]:
    """The room's per-connection objects alive (or garbage not collected) now."""
    gc.unfreeze()  # what the room froze is counted too
    return Counter(name for o in gc.get_objects() if (name := type(o).__name__) in WATCHED)


@pytest.fixture
def room(tmp_path: Path) -> Iterator[tuple[str, Gate]]:
    app = create_app(ServerOptions(db_url=f"sqlite:///{tmp_path / 'room.db'}", demo_table=False,
                                   caps=Caps(per_address_table=1)))
    gate = Gate(most=100, per_address=100)
    http, ws = gated_protocols(gate, request_seconds=5, ws=RoomWebSocketProtocol)
    port = free_port()
    config = uvicorn.Config(app, host="127.0.0.1", port=port, http=http, ws=ws, ws_per_message_deflate=False,
                            lifespan="on", log_level="warning")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    try:
        deadline = time.monotonic() + 60
        while not server.started:
            assert thread.is_alive() and time.monotonic() < deadline, "the room did not start"
            time.sleep(0.05)
        yield f"127.0.0.1:{port}", gate
    finally:
        gc.enable()
        server.should_exit = True
        thread.join(30)


def _read_state(ws: Any) -> None:  # noqa: ANN401
    ws.send(json.dumps({"type": "hello"}))
    while json.loads(ws.recv(10))["type"] != "state":
        pass


def test_a_closed_websocket_is_freed_by_its_reference_counts_alone(room: tuple[str, Gate]) -> None:
    where, gate = room
    table = httpx.post(f"http://{where}/api/tables", json={"name": "t"}, timeout=10).json()["id"]
    with connect(f"ws://{where}/ws/{table}", open_timeout=10) as ws:  # warm: imports, caches
        _read_state(ws)
    time.sleep(0.5)
    gc.collect()
    gc.disable()
    before = _counts()
    for _ in range(3):
        with connect(f"ws://{where}/ws/{table}", open_timeout=10) as ws:
            _read_state(ws)
            with connect(f"ws://{where}/ws/{table}", open_timeout=10) as refused:  # one too many (4429)
                with pytest.raises(ConnectionClosed) as closed:
                    while True:
                        refused.recv(10)
                assert closed.value.rcvd is not None and closed.value.rcvd.code == TOO_MANY_CLOSE_CODE
    deadline = time.monotonic() + 10
    while gate.count() and time.monotonic() < deadline:  # the room has let go of every socket
        time.sleep(0.05)
    time.sleep(0.5)  # and its readers' tasks have ended
    after = _counts()
    assert after - before == Counter(), f"left behind by 6 connections: {dict(after - before)}"
