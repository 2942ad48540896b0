"""The websocket wire (server/wire.py): a peer is parsed no faster than the room
reads it, and hardly at all once the room has closed it. Driven with a fake
transport, so what was parsed can be counted."""

from __future__ import annotations

import asyncio
import base64
import os
from typing import Any

from uvicorn.config import Config
from uvicorn.server import ServerState

from pokerdealer.server.wire import AFTER_CLOSE_BYTES, SLICE_BYTES, RoomWebSocketProtocol


def _frame(text: str) -> bytes:
    """A client's (masked) text frame of fewer than 126 bytes."""
    data = text.encode()
    mask = os.urandom(4)
    return bytes([0x81, 0x80 | len(data)]) + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(data))


PING = _frame('{"type":"ping"}')


class Transport(asyncio.Transport):
    def __init__(self) -> None:
        super().__init__()
        self.written: list[bytes] = []
        self.reading = True
        self.closing = False

    def write(self, data: bytes | bytearray | memoryview) -> None:
        self.written.append(bytes(data))

    def pause_reading(self) -> None:
        self.reading = False

    def resume_reading(self) -> None:
        self.reading = True

    def is_closing(self) -> bool:
        return self.closing

    def close(self) -> None:
        self.closing = True

    def get_extra_info(self, name: str, default: Any = None) -> Any:  # noqa: ANN401
        return {"sockname": ("127.0.0.1", 8000), "peername": ("127.0.0.9", 5000)}.get(name, default)


async def _opened(close: asyncio.Event) -> tuple[RoomWebSocketProtocol, Transport, list[int]]:
    """A protocol whose application accepts, then reads nothing until it closes (on ``close``);
    and a count of the bytes it handed its parser."""

    async def app(scope: Any, receive: Any, send: Any) -> None:  # noqa: ANN401
        await receive()
        await send({"type": "websocket.accept"})
        await close.wait()
        await send({"type": "websocket.close", "code": 4008, "reason": "room.conn.flooded"})

    config = Config(app=app, ws=RoomWebSocketProtocol, log_level="warning")
    config.load()
    protocol = RoomWebSocketProtocol(config=config, server_state=ServerState(), app_state={})
    transport = Transport()
    protocol.connection_made(transport)
    fed = [0]
    receive_data = protocol.conn.receive_data

    def counted(data: bytes) -> None:
        fed[0] += len(data)
        receive_data(data)

    protocol.conn.receive_data = counted  # type: ignore[method-assign]
    key = base64.b64encode(os.urandom(16)).decode()
    protocol.data_received(
        f"GET /ws/t HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n".encode()
    )
    while not protocol.handshake_complete:
        await asyncio.sleep(0)
    return protocol, transport, fed


def test_a_big_read_is_parsed_a_slice_at_a_time_while_the_room_reads_nothing() -> None:
    async def run() -> tuple[int, bool]:
        protocol, transport, _ = await _opened(asyncio.Event())
        protocol.data_received(PING * 12_000)  # 12,000 messages in one read
        return protocol.queue.qsize(), transport.reading

    parsed, reading = asyncio.run(run())
    assert parsed <= SLICE_BYTES // len(PING) + 1  # uvicorn's own parsed all 12,000 at once
    assert not reading


def test_after_the_rooms_close_a_flooding_peer_is_parsed_no_further() -> None:
    async def run() -> tuple[int, bool]:
        close = asyncio.Event()
        protocol, transport, fed = await _opened(close)
        close.set()
        while not protocol.close_sent:
            await asyncio.sleep(0)
        before = fed[0]
        for _ in range(64):  # 1.3 MB more, in reads of 20 KB, and no close frame
            protocol.data_received(PING * 1000)
        return fed[0] - before, transport.reading

    parsed, reading = asyncio.run(run())
    assert parsed <= AFTER_CLOSE_BYTES
    assert not reading


def _close_frame(code: int) -> bytes:
    """A client's (masked) close frame."""
    data = code.to_bytes(2, "big")
    mask = os.urandom(4)
    return bytes([0x88, 0x82]) + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(data))


def test_a_peers_burst_after_the_rooms_close_is_read_and_discarded_not_left_unread() -> None:
    # Left unread in the kernel, it turned the close into a reset that overtook the close frame.
    async def run() -> tuple[int, bool, bool]:
        close = asyncio.Event()
        protocol, transport, fed = await _opened(close)
        close.set()
        while not protocol.close_sent:
            await asyncio.sleep(0)
        before = fed[0]
        for _ in range(10):  # 200 KB more, well past what is parsed
            protocol.data_received(PING * 1000)
        return fed[0] - before, transport.reading, transport.closing

    parsed, reading, closing = asyncio.run(run())
    assert (parsed <= AFTER_CLOSE_BYTES, reading, closing) == (True, True, False)


def test_the_peers_close_frame_behind_a_read_not_yet_parsed_ends_the_connection_at_once() -> None:
    async def run() -> bool:
        close = asyncio.Event()
        protocol, transport, _ = await _opened(close)
        protocol.data_received(PING * 400)  # more than a slice: some is read but not parsed
        assert protocol.unparsed
        close.set()
        while not protocol.close_sent:
            await asyncio.sleep(0)
        protocol.data_received(_close_frame(4008))
        return transport.closing

    assert asyncio.run(run())


def _big_frame(size: int) -> bytes:
    """A client's (masked) text frame of ``size`` bytes (126 to 65,535)."""
    data = b'{"type":"ping","pad":"' + b"x" * (size - 24) + b'"}'
    mask = os.urandom(4)
    return bytes([0x81, 0x80 | 126]) + len(data).to_bytes(2, "big") + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(data))


def test_a_frame_of_more_than_a_slice_reaches_a_room_already_waiting_for_it() -> None:
    # The room waited on an empty queue while wire.py held the frame's rest unparsed: the
    # connection hung (no error, no pong, later messages ignored) for any frame of 8-64 KB.
    async def run() -> list[int]:
        got: list[int] = []

        async def app(scope: Any, receive: Any, send: Any) -> None:  # noqa: ANN401
            await receive()
            await send({"type": "websocket.accept"})
            while True:
                message = await receive()
                if message["type"] != "websocket.receive":
                    return
                got.append(len(message["text"]))

        config = Config(app=app, ws=RoomWebSocketProtocol, log_level="warning")
        config.load()
        protocol = RoomWebSocketProtocol(config=config, server_state=ServerState(), app_state={})
        protocol.connection_made(Transport())
        key = base64.b64encode(os.urandom(16)).decode()
        protocol.data_received(
            f"GET /ws/t HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n".encode()
        )
        for size in (SLICE_BYTES + 1000, 40_000, 65_000):
            for _ in range(100):  # the room waits in receive() before the frame comes
                await asyncio.sleep(0)
            protocol.data_received(_big_frame(size) + PING)
        for _ in range(200):
            await asyncio.sleep(0)
        return got

    assert asyncio.run(run()) == [SLICE_BYTES + 1000, len('{"type":"ping"}'), 40_000, 15, 65_000, 15]
