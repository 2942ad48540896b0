"""The room's sender (server/app.py ``_sender``) on uvicorn's protocol: straight to the wire
(:meth:`RoomWebSocketProtocol.send_texts`) or through Starlette and ASGI, a reader gets the same
frames in the same order, and a closed or slow reader nothing more than its close frame.

Driven with a fake transport (tests/server/security/test_wire.py's), so every byte written is seen.
"""

from __future__ import annotations

import asyncio
import base64
import os
from collections.abc import Awaitable, Callable
from typing import Any

import pytest
from starlette.websockets import WebSocket
from uvicorn.config import Config
from uvicorn.server import ServerState

from pokerdealer.server import app as app_module
from pokerdealer.server.limits import FLOOD_CLOSE_CODE, FLOODED
from pokerdealer.server.live import Conn
from pokerdealer.server.wire import WIRE, RoomWebSocketProtocol, wire_of
from tests.server.security.test_wire import Transport, _close_frame

TEXTS = ["{}", "x" * 125, "y" * 126, '{"name":"Zoë 張三"}' * 300, "z" * 70_000, *(f'{{"seq":{k}}}' for k in range(20))]
"""Every length form of a frame header (7-bit, 16-bit, 64-bit), and text that is not ASCII."""


def _frames(written: bytes) -> list[tuple[int, bytes]]:
    """The server's (unmasked) frames in ``written``: opcode and payload."""
    out, at = [], 0
    while at < len(written):
        opcode, size = written[at] & 0x0F, written[at + 1] & 0x7F
        at += 2
        if size >= 126:
            width = 2 if size == 126 else 8
            size = int.from_bytes(written[at : at + width], "big")
            at += width
        out.append((opcode, written[at : at + size]))
        at += size
    return out


class Reader:
    """One reader served by the room's sender on a protocol over a fake transport."""

    def __init__(self, protocol: RoomWebSocketProtocol, transport: Transport, conn: Conn, done: asyncio.Event) -> None:
        self.protocol, self.transport, self.conn, self.done = protocol, transport, conn, done
        self.handshake = len(transport.written)

    def frames(self) -> list[tuple[int, bytes]]:
        return _frames(b"".join(self.transport.written[self.handshake :]))

    def texts(self) -> list[str]:
        return [payload.decode() for opcode, payload in self.frames() if opcode == 0x1]

    def close_code(self) -> tuple[int, str] | None:
        closes = [payload for opcode, payload in self.frames() if opcode == 0x8]
        return (int.from_bytes(closes[0][:2], "big"), closes[0][2:].decode()) if closes else None

    async def settle(self) -> None:
        for _ in range(50):
            await asyncio.sleep(0)


async def _reader(via_wire: bool) -> Reader:
    started: asyncio.Future[tuple[Conn, asyncio.Event]] = asyncio.get_running_loop().create_future()

    async def app(scope: Any, receive: Any, send: Any) -> None:  # noqa: ANN401
        if not via_wire:  # as under another server: the scope does not carry the protocol
            del scope["extensions"][WIRE]
        ws = WebSocket(scope, receive, send)
        await ws.accept()
        assert (wire_of(ws) is not None) == via_wire
        conn, done = Conn(ws), asyncio.Event()
        started.set_result((conn, done))
        await app_module._sender(conn)
        done.set()

    config = Config(app=app, ws=RoomWebSocketProtocol, log_level="warning")
    config.load()
    protocol = RoomWebSocketProtocol(config=config, server_state=ServerState(), app_state={})
    transport = Transport()
    protocol.connection_made(transport)
    key = base64.b64encode(os.urandom(16)).decode()
    protocol.data_received(
        f"GET /ws/t HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n".encode()
    )
    conn, done = await started
    return Reader(protocol, transport, conn, done)


def _run(test: Callable[[Reader], Awaitable[Any]], via_wire: bool) -> Any:  # noqa: ANN401
    async def go() -> Any:  # noqa: ANN401
        return await test(await _reader(via_wire))

    return asyncio.run(go())


@pytest.mark.parametrize("via_wire", [True, False], ids=["wire", "asgi"])
def test_a_reader_gets_every_text_in_order_then_the_close(via_wire: bool) -> None:
    async def test(r: Reader) -> tuple[list[str], Any, int]:
        writes = len(r.transport.written)
        for text in TEXTS:
            r.conn.send(text)
        r.conn.queue.put_nowait(None)
        await r.done.wait()
        return r.texts(), r.close_code(), len(r.transport.written) - writes

    texts, close, writes = _run(test, via_wire)
    assert texts == TEXTS
    assert close == (1000, "")
    if via_wire:  # all that waited went at once: the 70 KB text ends the first batch
        assert writes == 3  # two batches and the close frame


def test_the_wire_writes_the_bytes_asgi_writes() -> None:
    async def test(r: Reader) -> bytes:
        for text in TEXTS:
            r.conn.send(text)
            await r.settle()  # one at a time, as at people's pace
        r.conn.queue.put_nowait(None)
        await r.done.wait()
        return b"".join(r.transport.written[r.handshake :])

    assert _run(test, True) == _run(test, False)


@pytest.mark.parametrize("via_wire", [True, False], ids=["wire", "asgi"])
def test_a_reader_too_slow_for_its_queue_gets_nothing_more_but_the_close(via_wire: bool) -> None:
    async def test(r: Reader) -> tuple[list[str], Any, bool]:
        r.conn.send("first")
        await r.settle()
        r.protocol.pause_writing()  # the reader's kernel buffer is full
        for k in range(r.conn.queue.maxsize + 2):  # the sender holds one; one more than its queue holds
            r.conn.send(f"late {k}")
            await r.settle()
        closed = r.conn.closed
        r.protocol.resume_writing()
        await r.done.wait()
        return r.texts(), r.close_code(), closed

    texts, close, closed = _run(test, via_wire)
    assert closed
    # Through ASGI the text already handed to Starlette goes out when the socket drains.
    assert texts == (["first"] if via_wire else ["first", "late 0"])
    assert close == (1000, "")


@pytest.mark.parametrize("via_wire", [True, False], ids=["wire", "asgi"])
def test_a_connection_shut_by_the_room_gets_its_close_code_and_nothing_queued(via_wire: bool) -> None:
    async def test(r: Reader) -> tuple[list[str], Any]:
        r.protocol.pause_writing()
        r.conn.send("held")
        await r.settle()  # the sender took it and waits for the socket
        r.conn.send("dropped")
        r.conn.shut_down(FLOOD_CLOSE_CODE, FLOODED)
        r.conn.send("after")
        r.protocol.resume_writing()
        await r.done.wait()
        return r.texts(), r.close_code()

    texts, close = _run(test, via_wire)
    assert "dropped" not in texts and "after" not in texts
    assert texts == ([] if via_wire else ["held"])
    assert close == (FLOOD_CLOSE_CODE, FLOODED)


@pytest.mark.parametrize("via_wire", [True, False], ids=["wire", "asgi"])
def test_after_the_peers_close_frame_nothing_more_is_written(via_wire: bool) -> None:
    async def test(r: Reader) -> tuple[list[str], list[int]]:
        r.conn.send("before")
        await r.settle()
        r.protocol.data_received(_close_frame(1001))  # the page went away
        after = len(r.transport.written)
        r.conn.send("after")
        await r.done.wait()
        return r.texts(), [len(w) for w in r.transport.written[after:]]

    texts, later = _run(test, via_wire)
    assert texts == ["before"]
    assert later == []


def test_send_texts_refuses_once_the_rooms_close_frame_is_sent() -> None:
    async def test(r: Reader) -> tuple[bool, int]:
        r.conn.shut_down(4000, "bye")
        await r.done.wait()
        written = len(r.transport.written)
        try:
            r.protocol.send_texts(["late"])
        except OSError:
            return True, len(r.transport.written) - written
        return False, len(r.transport.written) - written

    assert _run(test, True) == (True, 0)
