"""The shell's small values: a member's presence at a table, a reader's
connection, a command for the table's task, and the JSON of what was last sent.

None of it is the table's state (:mod:`~pokerdealer.server.reducer`): who is
connected, since when a seat is absent, how often its clock ran out, a bot's
own random generator -- what a restart forgets.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections import deque
from collections.abc import Hashable, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from pokerdealer.server.limits import Throttle
from pokerdealer.server.words import Said, words

if TYPE_CHECKING:
    from fastapi import WebSocket

__all__ = ["QUEUED", "STOP", "Command", "Commands", "Conn", "Member", "Rejected", "Texts", "dumps"]


@dataclass(eq=False)
class Member:
    """Someone who holds (or held) a seat, as the shell sees them: who they are
    (as :class:`~pokerdealer.server.reducer.MemberInfo` in the state) and whether
    they are here."""

    id: int
    name: str
    token_hash: str | None
    bot: str | None = None
    conns: int = 0
    """Their readers connected now."""
    away_since: float | None = None
    """No reader since (``time.monotonic()``; None: here, or never seated)."""
    timeouts: int = 0
    """Their clock ran out this many times in a row (sat out at ``ServerOptions.max_timeouts``)."""
    bot_obj: Any = None
    """A bot's own decider (with its own random generator), made on its first turn."""


@dataclass(eq=False)
class Conn:
    """One websocket; messages to it go through its own queue and sender task."""

    ws: WebSocket | None
    member: Member | None = None
    address: str = ""
    """The client's address (the connection caps and chat limits key on it)."""
    queue: asyncio.Queue[str | None] = field(default_factory=lambda: asyncio.Queue(256))
    task: asyncio.Task[None] | None = None
    closed: bool = False
    """Nothing more is sent (nor encoded) for it: it is gone, too slow, or shut by the room."""
    throttle: Throttle = field(default_factory=Throttle)
    sender: Any = None
    """Whose messages these are, for the table's backlog: the seat token of its hello, else a
    number of the connection's own (never the Conn: a reference cycle, see server/wire.py)."""
    shut: tuple[int, str] | None = None
    """Why the room closed it, if it did: the close code and reason (a catalog key:
    :data:`~pokerdealer.server.limits.FLOODED`); its sender closes the socket so."""
    last_hand: int | None = -1
    """The number of the last hand summary sent (-1: none sent yet)."""
    lang: str = "en"
    """The reader's language (their hello's ``lang``, else the table's): what they are told is in it."""
    proof_text: tuple[Any, str] | None = None
    """Their deal proof (the object kept with the hand) and its JSON: a kilobyte of hashes,
    the same in every state of a hand, encoded once a hand (:meth:`~pokerdealer.server.readers.TableReaders.broadcast`)."""
    texts: Texts = field(default_factory=lambda: Texts())
    """Their own parts as last sent (their seat with their cards, their ``you``): never a table's."""

    def send(self, text: str) -> None:
        if self.closed:
            return
        try:
            self.queue.put_nowait(text)
        except asyncio.QueueFull:  # a reader this slow reconnects and gets a fresh state
            self.closed = True
            with contextlib.suppress(asyncio.QueueFull):
                self.queue.get_nowait()
                self.queue.put_nowait(None)

    def send_json(self, data: dict[str, Any]) -> None:
        if not self.closed:  # nothing is encoded for a connection nobody will read
            self.send(dumps(data))

    def tell(self, kind: str, key: str, /, **params: Any) -> None:  # noqa: ANN401
        """Send a ``notice`` or ``error`` in words: key, params and the text in the reader's language."""
        if not self.closed:
            self.send_json({"type": kind, **words(self.lang, key, **params)})

    def shut_down(self, code: int, reason: str) -> None:
        """Close it from the room's side: what is queued is dropped, nothing more is
        sent, and its sender closes the socket with ``code`` and ``reason``."""
        self.shut = (code, reason)
        self.closed = True
        while not self.queue.empty():
            self.queue.get_nowait()
        self.queue.put_nowait(None)


@dataclass
class Command:
    kind: str
    conn: Conn | None = None
    data: dict[str, Any] = field(default_factory=dict)
    future: asyncio.Future[Any] | None = None


class Rejected(Said):
    """A command refused with a message for its sender (a catalog key and params)."""


STOP = Command("stop")


class _InTurn:
    """The commands waiting, by sender, and the senders in the order they take their turns."""

    __slots__ = ("by", "size", "turns")

    def __init__(self) -> None:
        self.by: dict[Hashable, deque[Command]] = {}
        self.turns: deque[Hashable] = deque()
        self.size = 0

    def add(self, cmd: Command) -> None:
        key = cmd.conn.sender if cmd.conn is not None else None
        waiting = self.by.get(key)
        if waiting is None:
            waiting = self.by[key] = deque()
            self.turns.append(key)
        waiting.append(cmd)
        self.size += 1

    def take(self) -> Command:
        key = self.turns.popleft()
        waiting = self.by[key]
        cmd = waiting.popleft()
        if waiting:
            self.turns.append(key)  # its next one after everyone else's next one
        else:
            del self.by[key]
        self.size -= 1
        return cmd

    def __len__(self) -> int:
        return self.size

    def __iter__(self) -> Iterator[Command]:
        return (cmd for waiting in self.by.values() for cmd in waiting)


class Commands(asyncio.Queue[Command]):
    """A table's queue of commands, taken in turn by sender: each sender's in the order
    they came, one of each sender's waiting at a time (the room's own -- joins, the host's
    commands, a stop -- are one sender). A seat held from eight sockets had sixteen
    messages waiting, each a write and a state for every reader, ahead of another
    player's action (issue 40: their p99 64 ms during the flood against 4.6-8.8 ms);
    now that action waits for one of them at most.

    >>> a, b = Conn(None, sender="a"), Conn(None, sender="b")
    >>> q = Commands()
    >>> for cmd in (Command("1", a), Command("2", a), Command("3", a), Command("x", b), Command("stop")):
    ...     q.put_nowait(cmd)
    >>> [q.get_nowait().kind for _ in range(q.qsize())]
    ['1', 'x', 'stop', '2', '3']
    """

    _queue: _InTurn  # type: ignore[assignment]

    def _init(self, maxsize: int) -> None:
        self._queue = _InTurn()

    def _put(self, item: Command) -> None:
        self._queue.add(item)

    def _get(self) -> Command:
        return self._queue.take()

QUEUED = ("msg", "restate")
"""The readers' commands counted in a table's :class:`~pokerdealer.server.limits.Backlog`."""


class Texts:
    """The JSON of the parts of what was last sent, each kept with the value it
    encodes: a part equal to the last one of its name is not encoded again. From
    one action to the next most of a table's state is as it was (the other seats,
    the settings, the log so far, a reader's own part), and encoding it all for
    every reader at every action was a quarter of the room's CPU.

    A value given must not change afterwards (each state is built afresh, and the
    log's lines are never changed): an equal value has the same JSON.

    >>> texts = Texts()
    >>> texts.of("a", {"x": 1})
    '{"x":1}'
    >>> texts.of("a", {"x": 1}) is texts.of("a", {"x": 1}), texts.of("a", {"x": 2})
    (True, '{"x":2}')
    """

    __slots__ = ("kept",)

    def __init__(self) -> None:
        self.kept: dict[Any, tuple[Any, str]] = {}

    def of(self, key: Any, value: Any) -> str:  # noqa: ANN401
        kept = self.kept.get(key)
        if kept is not None and kept[0] == value:
            return kept[1]
        text = dumps(value)
        self.kept[key] = (value, text)
        return text

    def lines(self, key: Any, values: list[Any]) -> str:  # noqa: ANN401
        """The items of a list that only grows (the hand's log) as JSON, without its
        brackets: only those added since the last call are encoded.

        >>> texts, log = Texts(), [{"seat": 1}]
        >>> texts.lines("log", log)
        '{"seat":1}'
        >>> log.append({"seat": 2})
        >>> texts.lines("log", log), texts.lines("log", [{"seat": 3}])
        ('{"seat":1},{"seat":2}', '{"seat":3}')
        """
        kept = self.kept.get(key)
        if kept is None or kept[0][0] is not values or kept[0][1] > len(values):
            kept = ((values, 0), "")
        (_, done), text = kept
        if done < len(values):
            more = ",".join([dumps(v) for v in values[done:]])
            text = more if not text else text + "," + more
        self.kept[key] = ((values, len(values)), text)
        return text


_ENCODE = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False).encode
"""One encoder for every message (``json.dumps`` with these options makes one a call)."""


def dumps(value: Any) -> str:  # noqa: ANN401
    return _ENCODE(value)
