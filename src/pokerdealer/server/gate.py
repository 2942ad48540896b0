"""The room's TCP edge: how many connections it holds, from whom, and for how long
before a request.

Every open connection costs the process a file descriptor, and a process has a
limit (``ulimit -n``, often 1,024). A stranger who opened 1,100 connections and
sent nothing used them all: the server could accept nothing more (asyncio stops
accepting for a second at each ``EMFILE``), so no page, no API call and no
websocket was served until they let go, and nothing was logged. So, before any
byte is parsed:

- **connections in all** are capped below the open-file limit the process
  finds at start (:func:`default_most`: the limit less a reserve for the
  database, the log and the threads), so ``accept`` never fails;
- **connections from one address** are capped (:data:`PER_ADDRESS`: a
  household's browsers, each with a few HTTP connections and a websocket a tab);
- **a connection has** :data:`REQUEST_SECONDS` **to send a whole request's
  head**, from its opening and again after each response (one that sends nothing,
  or a header line every few seconds, is closed);
- **at the cap in all, the oldest connection that is waiting for a request is
  closed** to let the new one in (an idle one or a slow one; never a websocket,
  never a request being answered), so the seated players' sockets are kept
  first, and a new one is refused only when every connection is in use;
- **at most** :data:`HANDSHAKES` **requests are worked on at once**
  (:class:`Handshakes`): from the arrival of a request's bytes to its answer (a
  websocket's: its accept). A request that comes while that many are, waits
  unread (its socket's reading paused: no parsing, no routing) and is taken in
  turn, by address. A burst of 2,100 new websockets needs some 0.8 ms of the
  loop each (uvicorn's parsing and upgrade, Starlette's routing, the accept);
  taken all at once they held the room's one loop for seconds, and every table
  waited behind them -- now a table's work waits behind a few of them at most.

A refused connection is answered ``503`` with ``Retry-After`` and closed; the
refusals are logged, once a minute at most, with how many. The answer is in the
language of the request's ``Accept-Language`` when the request has already arrived
(a browser sends it as soon as it connects: it is read without being taken,
:func:`waiting_language`), else in English.

Behind a reverse proxy every client has the proxy's address: the per-address
cap then counts the proxy (docs/room/serve.md, "Limits"; ``--trust-forwarded``
does not apply here, before a request has said whom it forwards).

>>> gate = Gate(most=3, per_address=2, clock=lambda: 0.0)
>>> [gate.admit(k, "10.0.0.1") for k in ("a", "b", "c")]
[None, None, 'address']
>>> gate.admit("c", "10.0.0.2"), gate.admit("d", "10.0.0.3")  # "a", the oldest waiting, closed for "d"
(None, None)
>>> gate.count(), gate.count("10.0.0.1"), gate.evicted
(3, 1, 1)
"""

from __future__ import annotations

import asyncio
import functools
import logging
import resource
import socket
import time
from collections import deque
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from pokerdealer.server.words import pick_language, said_text

__all__ = [
    "HANDSHAKES", "HANDSHAKE_LEASE", "PER_ADDRESS", "REQUEST_SECONDS", "Gate", "GateOptions", "Handshakes",
    "default_most", "file_limit", "gated_protocols",
    "refused_response", "request_language", "waiting_language",
]

log = logging.getLogger("pokerdealer.server")

PER_ADDRESS = 64
"""Connections from one address at once: 32 websockets (the websocket cap,
:class:`~pokerdealer.server.limits.Caps`) and a browser's six HTTP connections
a host, a few browsers over."""

REQUEST_SECONDS = 5.0
"""Seconds a connection has to send a whole request's head (a phone on a slow
network sends one in well under a second)."""

RESERVE = 64
"""File descriptors kept from the connections' cap, at least: the database's pool, the
SQLite files, the log, the event loop's own, the threads' (and an eighth of a large limit)."""

HANDSHAKES = 8
"""Requests worked on at once (from their bytes' arrival to their answer; a websocket's to
its accept): what one turn of the event loop may hold of new connections' work, some
0.8 ms each, besides the tables'."""

HANDSHAKE_LEASE = 1.0
"""Seconds a request holds its place among the :data:`HANDSHAKES` at most: one that waits
longer (on the database, say) no longer keeps the others waiting."""

PEEK_BYTES = 8192
"""What is looked at of a refused connection's request for its ``Accept-Language``."""


@functools.cache
def refused_response(lang: str) -> bytes:
    r"""The answer to a refused connection, in ``lang``.

    >>> refused_response("en").split(b"\r\n\r\n")[1]
    b'too many connections; retry soon\n'
    >>> refused_response("zh-Hant").split(b"\r\n")[0], refused_response("zh-Hant").split(b"\r\n\r\n")[1].decode()
    (b'HTTP/1.1 503 Service Unavailable', '連線太多；請稍後再試\n')
    """
    body = (said_text(lang, "room.conn.busy") + "\n").encode()
    return (
        b"HTTP/1.1 503 Service Unavailable\r\ncontent-type: text/plain; charset=utf-8\r\n"
        b"content-language: " + lang.encode() + b"\r\nretry-after: 5\r\nconnection: close\r\n"
        b"content-length: " + str(len(body)).encode() + b"\r\n\r\n" + body
    )


def request_language(head: bytes) -> str:
    r"""The room's language for the ``Accept-Language`` of a request's head (as much of it as came).

    >>> request_language(b"GET / HTTP/1.1\r\nHost: x\r\nAccept-Language: zh-CN,zh;q=0.9\r\n\r\n")
    'zh-Hans'
    >>> request_language(b"GET / HTTP/1.1\r\nAccept-Lang"), request_language(b"")
    ('en', 'en')
    """
    for line in head.split(b"\r\n")[1:-1]:  # whole header lines only
        name, colon, value = line.partition(b":")
        if colon and name.strip().lower() == b"accept-language":
            return pick_language(value.decode("latin-1").strip())
        if not line:
            break
    return "en"


def waiting_language(transport: asyncio.BaseTransport) -> str:
    """The language asked for by the request already waiting on ``transport``'s socket, looked at
    without taking it (``MSG_PEEK``; nothing is read or waited for): English when none came yet."""
    sock = transport.get_extra_info("socket")
    if sock is None:
        return "en"
    try:
        peek = socket.socket(fileno=sock.fileno())  # the same descriptor: detached below, never closed
    except OSError:
        return "en"
    try:
        head = peek.recv(PEEK_BYTES, socket.MSG_PEEK | socket.MSG_DONTWAIT)
    except OSError:  # nothing came yet (EAGAIN), or the peer is gone
        head = b""
    finally:
        peek.detach()
    return request_language(head)


def file_limit() -> int:
    """The process's open-file limit (the soft one: what ``accept`` fails at)."""
    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    return soft if soft != resource.RLIM_INFINITY else 1 << 20


def default_most(limit: int) -> int:
    """The connections' cap for an open-file limit: the limit less a reserve.

    >>> default_most(1024), default_most(65536), default_most(100)
    (896, 57344, 36)
    """
    return max(1, limit - max(RESERVE, limit // 8))


@dataclass(frozen=True)
class GateOptions:
    """The gate's settings (``pokerdealer serve --tcp-most --tcp-per-address --request-timeout``)."""

    most: int | None = None
    """Connections in all (None: :func:`default_most` of the open-file limit at start)."""
    per_address: int = PER_ADDRESS
    request_seconds: float = REQUEST_SECONDS

    def resolved_most(self) -> int:
        return self.most if self.most is not None else default_most(file_limit())


class Gate:
    """Open connections by key (one a transport) and by address; see the module."""

    def __init__(self, *, most: int, per_address: int, clock: Callable[[], float] = time.monotonic) -> None:
        self.most = most
        self.per_address = per_address
        self.clock = clock
        self._open: dict[Hashable, str] = {}
        """key -> address, in the order they opened."""
        self._waiting: dict[Hashable, Callable[[], None]] = {}
        """Keys waiting for a request's head -> how to close them (oldest first)."""
        self._by_address: dict[str, int] = {}
        self.refused = {"address": 0, "full": 0}
        self.evicted = 0
        self._said_at = -60.0

    def admit(self, key: Hashable, address: str, *, close: Callable[[], None] | None = None) -> str | None:
        """Count a new connection, or say why not (``'address'``: its address is at its cap;
        ``'full'``: every connection is in use). At the cap in all, the oldest connection
        waiting for a request is closed (``close`` of its own admission) to let it in."""
        if self._by_address.get(address, 0) >= self.per_address:
            self._refuse("address")
            return "address"
        if len(self._open) >= self.most:
            if not self._waiting:
                self._refuse("full")
                return "full"
            evicted = next(iter(self._waiting))
            closer = self._waiting.pop(evicted)
            self.release(evicted)
            self.evicted += 1
            closer()
        self._open[key] = address
        self._by_address[address] = self._by_address.get(address, 0) + 1
        self._waiting[key] = close or (lambda: None)
        return None

    def working(self, key: Hashable) -> None:
        """``key`` sent a whole request's head (or became a websocket): it is not evicted."""
        self._waiting.pop(key, None)

    def waiting(self, key: Hashable, close: Callable[[], None]) -> None:
        """``key`` waits for its next request (a response is complete): it may be evicted."""
        if key in self._open:
            self._waiting.pop(key, None)
            self._waiting[key] = close

    def release(self, key: Hashable) -> None:
        """``key`` closed (again is harmless)."""
        address = self._open.pop(key, None)
        self._waiting.pop(key, None)
        if address is None:
            return
        n = self._by_address[address] - 1
        if n:
            self._by_address[address] = n
        else:
            del self._by_address[address]

    def count(self, address: str | None = None) -> int:
        return len(self._open) if address is None else self._by_address.get(address, 0)

    def _refuse(self, why: str) -> None:
        self.refused[why] += 1
        now = self.clock()
        if now - self._said_at >= 60.0:
            self._said_at = now
            log.warning(
                "connections refused: %d from addresses at their cap of %d, %d with all %d in use "
                "(%d waiting ones closed for new ones); see docs/room/serve.md, Limits",
                self.refused["address"], self.per_address, self.refused["full"], self.most, self.evicted,
            )


class Handshakes:
    """The requests worked on at once (at most ``most``; see the module) and those waiting their
    turn, taken in turn by address (one of each waiting address, then again), so one address's
    burst does not keep a newcomer from another waiting behind all of it.

    A place is held from :meth:`begin` (or from the call of a waiter's ``start``) until
    :meth:`finish` -- the answer is complete, or the request waits on its peer (a head or a
    body not all come: bytes that do come take a place again) -- or for ``lease`` seconds.

    >>> hs = Handshakes(most=2, lease=1.0, clock=lambda: 0.0)
    >>> hs.begin("a"), hs.begin("b"), hs.begin("c")
    (True, True, False)
    >>> started = []
    >>> for key, address in (("c", "x"), ("d", "x"), ("e", "y")):
    ...     hs.wait(key, address, lambda key=key: started.append(key))
    >>> hs.finish("a"); hs.finish("b")  # "e" of address y before "d", x's second
    >>> started, hs.working(), hs.waiting()
    (['c', 'e'], 2, 1)
    >>> hs.begin("f")  # a newcomer waits behind those already waiting
    False
    >>> hs.forget("d"); hs.finish("c")  # closed while it waited: it leaves the queue
    >>> started, hs.working(), hs.waiting()
    (['c', 'e'], 1, 0)
    """

    def __init__(self, *, most: int = HANDSHAKES, lease: float = HANDSHAKE_LEASE,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.most = most
        self.lease = lease
        self.clock = clock
        self._working: dict[Hashable, float] = {}
        """key -> when it took its place (oldest first)."""
        self._queues: dict[str, deque[Hashable]] = {}
        """address -> its keys waiting, in order."""
        self._turns: deque[str] = deque()
        """The addresses with keys waiting, in turn."""
        self._starts: dict[Hashable, tuple[str, Callable[[], None]]] = {}
        """A waiting key -> its address and what starts it."""

    def working(self) -> int:
        return len(self._working)

    def waiting(self) -> int:
        return len(self._starts)

    def begin(self, key: Hashable) -> bool:
        """Whether ``key``'s request may be worked on now (then it holds a place): not while
        :attr:`most` are, nor while others wait their turn."""
        if key in self._working:
            return True
        self.expire()
        if self._starts or len(self._working) >= self.most:
            return False
        self._working[key] = self.clock()
        return True

    def wait(self, key: Hashable, address: str, start: Callable[[], None]) -> None:
        """``key`` waits its turn; ``start()`` is called when it holds its place."""
        self._starts[key] = (address, start)
        queue = self._queues.get(address)
        if queue is None:
            queue = self._queues[address] = deque()
            self._turns.append(address)
        queue.append(key)
        self._next()

    def finish(self, key: Hashable) -> None:
        """``key`` no longer holds a place (answered, or waiting on its peer; again is harmless)."""
        if self._working.pop(key, None) is not None:
            self._next()

    def forget(self, key: Hashable) -> None:
        """``key`` closed: its place, or its turn, goes to the next."""
        self._starts.pop(key, None)  # its address's queue drops it when its turn comes
        self.finish(key)

    def expire(self) -> None:
        """Places held past the lease no longer count; the next waiting take them."""
        if self._working:
            too_old = self.clock() - self.lease
            for key, since in list(self._working.items()):
                if since > too_old:
                    break
                del self._working[key]
            self._next()

    def _next(self) -> None:
        while self._turns and len(self._working) < self.most:
            address = self._turns.popleft()
            queue = self._queues[address]
            key = queue.popleft()
            while key not in self._starts and queue:  # closed while it waited
                key = queue.popleft()
            if queue:
                self._turns.append(address)
            else:
                del self._queues[address]
            if key not in self._starts:
                continue
            _, start = self._starts.pop(key)
            self._working[key] = self.clock()
            start()


def gated_protocols(
    gate: Gate, *, request_seconds: float, ws: type[Any], handshakes: Handshakes | None = None,
) -> tuple[type[Any], type[Any]]:
    """uvicorn's HTTP protocol and ``ws`` (the room's websocket protocol) counted by ``gate``,
    their requests worked on a few at once (``handshakes``: :class:`Handshakes` of
    :data:`HANDSHAKES` if None)."""
    turns = handshakes if handshakes is not None else Handshakes()
    lease_timer: list[asyncio.TimerHandle | None] = [None]

    def expire_later(loop: asyncio.AbstractEventLoop) -> None:
        """While some wait their turn, the leases are looked at (a place held too long is given on)."""
        if lease_timer[0] is None:
            lease_timer[0] = loop.call_later(turns.lease, expired, loop)

    def expired(loop: asyncio.AbstractEventLoop) -> None:
        lease_timer[0] = None
        turns.expire()
        if turns.waiting():
            expire_later(loop)

    class GatedHttpProtocol(HttpToolsProtocol):
        """uvicorn's HTTP protocol behind the gate: admitted at ``connection_made``, closed if
        no whole request's head comes within ``request_seconds`` (of its opening, and of
        each response's end)."""

        deadline: asyncio.TimerHandle | None = None
        held: bytearray | None = None
        """Bytes come while the request waited its turn (unparsed; reading paused)."""
        left = request_seconds
        """The head's clock when it was stopped for the turn."""
        answering = False
        """A request's head came and its answer is not complete."""

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            peer = self.client[0] if self.client else "unknown"
            if gate.admit(transport, peer, close=transport.abort) is not None:
                transport.write(refused_response(waiting_language(transport)))
                transport.close()
                return
            self._arm()

        def _arm(self, seconds: float = request_seconds) -> None:
            self._disarm()
            self.deadline = self.loop.call_later(seconds, self._too_slow)

        def _disarm(self) -> None:
            if self.deadline is not None:
                self.deadline.cancel()
                self.deadline = None

        def _too_slow(self) -> None:
            self.deadline = None
            if not self.transport.is_closing():
                self.transport.abort()  # nothing to answer: no request came

        def data_received(self, data: bytes) -> None:
            if self.held is not None:  # still waiting its turn
                self.held += data
                return
            if not turns.begin(self.transport):
                # Its turn comes later: read no more meanwhile, and the head's clock stops (the
                # wait is the room's, not the peer's) -- as does uvicorn's keep-alive clock, which
                # its own data_received would stop (else a kept-alive connection's next request,
                # waiting its turn, is closed unanswered when that clock runs out).
                self._unset_keepalive_if_required()
                self.held = bytearray(data)
                self.transport.pause_reading()
                if self.deadline is not None:
                    self.left = max(0.0, self.deadline.when() - self.loop.time())
                    self._disarm()
                turns.wait(self.transport, self.client[0] if self.client else "unknown", self._turn)
                expire_later(self.loop)
                return
            self._take(data)

        def _turn(self) -> None:
            self.loop.call_soon(self._resume)  # at the loop's next turn: what is ready now goes first

        def _resume(self) -> None:
            data, self.held = bytes(self.held or b""), None
            if self.transport.is_closing():
                turns.finish(self.transport)
                return
            self.transport.resume_reading()
            self._take(data)
            if not self.answering and self.deadline is None and not self.transport.is_closing():
                self._arm(self.left)  # the head is not all here: its clock goes on

        def _take(self, data: bytes) -> None:
            super().data_received(data)
            if self.transport.get_protocol() is not self:
                return  # a websocket now: its place is given up at its accept
            cycle = self.cycle
            if self.transport.is_closing() or not self.answering or (
                cycle is not None and cycle.more_body and not cycle.response_complete
            ):
                turns.finish(self.transport)  # waiting on the peer: the place goes to another

        def on_headers_complete(self) -> None:
            self._disarm()
            self.answering = True
            gate.working(self.transport)
            super().on_headers_complete()

        def on_response_complete(self) -> None:
            self.answering = False
            turns.finish(self.transport)
            super().on_response_complete()
            if not self.transport.is_closing() and not self.pipeline:
                gate.waiting(self.transport, self.transport.abort)
                self._arm()

        def handle_websocket_upgrade(self) -> None:
            self._disarm()
            gate.working(self.transport)
            super().handle_websocket_upgrade()
            # This protocol is done (the websocket's took the transport, and its connection_lost is
            # never called): its parser holds its methods, a cycle the collector's freezes would keep.
            self.parser = None  # type: ignore[assignment]  # as uvicorn does at connection_lost

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm()
            self.held = None
            gate.release(self.transport)
            turns.forget(self.transport)
            super().connection_lost(exc)

    class GatedWebSocketProtocol(ws):  # type: ignore[misc, valid-type]
        """The room's websocket protocol; its request's place (:class:`Handshakes`) is given up
        at its answer: the accept, or a refusal."""

        def handle_connect(self, event: Any) -> None:  # noqa: ANN401 - websockets' Request
            super().handle_connect(event)
            if self.handshake_complete:  # refused at once (not a websocket request)
                turns.finish(self.transport)

        async def send(self, message: Any) -> None:  # noqa: ANN401 - an ASGI message
            try:
                await super().send(message)
            finally:
                if self.handshake_complete:
                    turns.finish(self.transport)

        def connection_lost(self, exc: Exception | None) -> None:
            gate.release(self.transport)
            turns.forget(self.transport)
            super().connection_lost(exc)

    return GatedHttpProtocol, GatedWebSocketProtocol
