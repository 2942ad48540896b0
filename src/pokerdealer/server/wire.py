"""The websocket wire under the room: uvicorn's own protocol, reading a peer no
faster than the room reads it.

uvicorn (``websockets-sansio``, what ``ws="auto"`` picks) parses whatever a
read from the socket returned -- up to 256 KB, twelve thousand tiny frames,
some 140 ms of the room's one event loop -- before it stops reading until the
application has taken those messages. And once the application has sent its
close frame, it reads and parses everything the peer still sends, for up to
ten seconds, waiting for the peer's close frame. So a stranger who floods a
websocket (and reconnects whenever the room closes it: the room closes a
connection past its throttle, :data:`~pokerdealer.server.limits.FLOOD_CLOSE_CODE`)
had the loop parse hundreds of thousands of frames that nobody would read.

:class:`RoomWebSocketProtocol` keeps what it has read and parses it
:data:`SLICE_BYTES` at a time, the next slice only once the room has taken
every message of the last (the socket is not read meanwhile, so the peer's
kernel holds the rest). After the room's close it parses at most
:data:`AFTER_CLOSE_BYTES` more, in order, from where it was -- a closing peer
sends its close frame and perhaps a message already on its way, and its close
frame ends the connection at once. Past that it reads and discards, up to
:data:`DRAIN_BYTES`, what the peer still sends, and only then stops reading;
the connection is closed :data:`CLOSE_TIMEOUT` seconds after the close frame
was sent, if the peer's close frame has not ended it first.

Why discard rather than stop reading: a socket closed with bytes unread in its
kernel buffer ends in a TCP reset, not a FIN, and a browser still sending the
tail of a burst gets the reset on its next write and reports 1006 -- the room's
4008 close frame, already on its way, is never seen, so the page cannot say why.
Drained, the socket closes with a FIN behind the close frame.

The room's states go out the short way (:meth:`RoomWebSocketProtocol.send_texts`):
what is queued for a reader is framed by the websockets connection uvicorn keeps
and handed to the socket in one write, not message by message through
Starlette's ``WebSocket.send``, its exception wrappers and uvicorn's ASGI
``send`` (a dict a message, four coroutines, a socket write each). The room finds
the protocol in the scope's extensions (:func:`wire_of`); under any other server
it sends through ASGI as before. The guarantees stay the protocol's: nothing is
written once the close frame is sent or the peer is gone, and the room's sender
waits for ``writable`` (the transport's buffer below its high-water mark) before
each write, so a reader that does not read is closed, not buffered without bound.

It leans on uvicorn's protocol's own fields (``queue``, ``read_paused``,
``close_sent``, ``transport``, ``conn``, ``writable``, ``disconnected``), as of the uvicorn the project locks;
``tests/server/security/test_flood.py`` drives it through a real socket.
``pokerdealer serve`` runs uvicorn with it.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import Any

from starlette.websockets import WebSocket
from uvicorn._types import ASGIReceiveEvent, ASGISendEvent
from uvicorn.protocols.utils import ClientDisconnected
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.exceptions import InvalidState

__all__ = [
    "AFTER_CLOSE_BYTES", "CLOSE_TIMEOUT", "DRAIN_BYTES", "SLICE_BYTES", "WIRE", "RoomWebSocketProtocol", "wire_of",
]

SLICE_BYTES = 8 * 1024
"""What is parsed at once: a browser's message is well under 1 KB (the room takes 64 KB at most:
a bigger message arrives in several slices, as it would in several reads)."""

AFTER_CLOSE_BYTES = 16 * 1024
"""What is still parsed of a connection after the room closed it."""

DRAIN_BYTES = 1024 * 1024
"""What is still read (and discarded, unparsed) of a connection after the room closed it and
:data:`AFTER_CLOSE_BYTES` were parsed: a page's burst is some kilobytes; past this it is a
flood, and the connection is left to end in a reset."""

CLOSE_TIMEOUT = 2.0
"""Seconds from the room's close frame to the end of the connection (uvicorn waits 10)."""

WIRE = "pokerdealer.wire"
"""The scope's extension that holds the connection's :class:`RoomWebSocketProtocol`."""


def wire_of(ws: WebSocket) -> RoomWebSocketProtocol | None:
    """The protocol under ``ws`` when ``pokerdealer serve`` runs it, else None (another server,
    a test client): then messages go through ASGI's ``send``."""
    wire = ws.scope.get("extensions", {}).get(WIRE)
    return wire if isinstance(wire, RoomWebSocketProtocol) else None


class RoomWebSocketProtocol(WebSocketsSansIOProtocol):
    """uvicorn's websocket protocol, parsing no faster than the room reads (see the module)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:  # noqa: ANN401
        super().__init__(*args, **kwargs)
        self.close_timeout = CLOSE_TIMEOUT
        self.unparsed = bytearray()
        """Read from the socket, not parsed yet."""
        self.parse_after_close = AFTER_CLOSE_BYTES
        """Bytes still to be parsed after the room's close frame."""
        self.drained = 0
        """Bytes read and discarded after the room's close frame."""
        self.more: asyncio.Handle | None = None
        """The next slice's parse, due at the loop's next turn (see :meth:`_parse_slice`)."""

    def data_received(self, data: bytes) -> None:
        if self.close_sent:
            self._after_close(data)
            return
        self.unparsed += data
        self._parse_slice()

    def _after_close(self, data: bytes) -> None:
        """After the room's close: parse what is left of :data:`AFTER_CLOSE_BYTES` (in order,
        so the peer's close frame is read as one), then discard up to :data:`DRAIN_BYTES`.

        >>> p = RoomWebSocketProtocol.__new__(RoomWebSocketProtocol)
        >>> p.unparsed, p.parse_after_close, p.drained, p.read_paused = bytearray(), 0, 0, False
        >>> p._after_close(b"x" * 100)
        >>> p.drained, p.read_paused
        (100, False)
        """
        if self.parse_after_close > 0:
            self.unparsed += data
            chunk = bytes(self.unparsed[: self.parse_after_close])
            del self.unparsed[: self.parse_after_close]
            self.parse_after_close -= len(chunk)
            if chunk and not self.transport.is_closing():
                super().data_received(chunk)  # the peer's close frame ends the connection here
            data = bytes(self.unparsed)
            self.unparsed.clear()
        # Never parsed again from here: the parser may be inside a frame whose rest is discarded.
        self.drained += len(data)
        if self.drained > DRAIN_BYTES:
            self._hold()  # a flood: what it sends next stays unread, and the close is a reset

    def _parse_slice(self) -> None:
        """Parse the next slice of what was read; stop reading while more is left.

        A slice that made no whole message (a frame of more than a slice, or pings) leaves
        the room with nothing to read: it may already wait in :meth:`receive`, which would
        never parse on. So the next slice is parsed at the loop's next turn (the other
        tables' work goes first), until a message is whole or nothing is left."""
        chunk = bytes(self.unparsed[:SLICE_BYTES])
        del self.unparsed[:SLICE_BYTES]
        super().data_received(chunk)
        if self.unparsed:
            self._hold()
            if self.queue.empty() and self.more is None and not self.close_sent:
                self.more = self.loop.call_soon(self._parse_more)

    def _parse_more(self) -> None:
        self.more = None
        if self.unparsed and self.queue.empty() and not self.close_sent and not self.transport.is_closing():
            self._parse_slice()

    def _hold(self) -> None:
        if not self.read_paused and not self.transport.is_closing():
            self.read_paused = True
            self.transport.pause_reading()

    async def run_asgi(self) -> None:
        self.scope["extensions"][WIRE] = self  # scope is made just before, in handle_connect
        try:
            await super().run_asgi()
        finally:
            # The scope holds the protocol and the protocol its scope: a cycle only the collector
            # frees -- and the room freezes what is alive every half second (server/collector.py),
            # so a connection alive at a freeze was never freed (issue 40: 6-11 KB a websocket).
            self.scope["extensions"].pop(WIRE, None)

    def connection_lost(self, exc: Exception | None) -> None:
        super().connection_lost(exc)
        self._let_go()

    def _let_go(self) -> None:
        """Break the connection's reference cycles once it is gone, so its reference counts free
        it, not the collector (see :meth:`run_asgi`): the websockets parser is a generator that
        holds its connection; a pending slice's parse holds this protocol."""
        if self.more is not None:
            self.more.cancel()
            self.more = None
        parser = getattr(self.conn, "parser", None)
        if parser is not None and hasattr(parser, "close"):
            parser.close()
        self.unparsed = bytearray()

    def send_texts(self, texts: Sequence[str]) -> None:
        """Frame ``texts`` as text messages, in order, and write them at once: what uvicorn's
        ``send`` does for one ``websocket.send`` at a time. The caller waits for ``writable``
        first (uvicorn's ``send`` does); this never waits.

        Raises :class:`~uvicorn.protocols.utils.ClientDisconnected` (an ``OSError``, as from
        ``send``) and writes nothing once the connection is closing: the room's close frame
        sent, the peer's received, or the socket gone."""
        if self.close_sent or self.disconnected or self.transport.is_closing():
            raise ClientDisconnected
        conn = self.conn
        try:
            for text in texts:
                conn.send_text(text.encode())
        except InvalidState:  # the peer's close frame came (raised at the first text: nothing framed)
            raise ClientDisconnected from None
        self.transport.write(b"".join(conn.data_to_send()))

    async def send(self, message: ASGISendEvent) -> None:
        closing = not self.close_sent
        await super().send(message)
        if closing and self.close_sent and self.unparsed:
            self._after_close(b"")  # what was read before the close is parsed (or drained) first

    async def receive(self) -> ASGIReceiveEvent:
        while self.queue.empty() and self.unparsed and not self.close_sent and not self.transport.is_closing():
            self._parse_slice()  # the room has taken every message parsed: the next slice
        if self.queue.empty():
            self._read_on()  # all parsed, no message whole yet: the rest of it is still to be read
        message = await self.queue.get()
        if self.queue.empty():
            self._read_on()
        return message

    def _read_on(self) -> None:
        if self.read_paused and not self.unparsed and not self.close_sent and not self.transport.is_closing():
            self.read_paused = False
            self.transport.resume_reading()
