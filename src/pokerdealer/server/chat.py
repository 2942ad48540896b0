"""Table chat: each line is sent once to every reader, never inside the state.

A line must find a token in every bucket that applies to it (see
:mod:`pokerdealer.server.limits`):

- the speaker's own, if they hold a seat here (``ServerOptions.chat_member``):
  theirs alone, so nobody else's talk can use it up;
- the table's (``chat_table``), shared by everyone without a seat: however many
  spectators talk, no table carries more of their chat than people can read, so
  no reader falls behind and is dropped as slow (the seats are few, each with
  its own small budget);
- the speaker's address, for everyone, spectators included, shared by all
  tables of the process (``chat_address``): one client with many tabs or many
  seat tokens is still one client.

A refused line goes back to its sender alone, with how long to wait. The
last :data:`HISTORY` lines are kept in memory (chat is talk, not play: it is
not an event of the table's log) and sent once to each reader as it attaches,
in its welcome.

>>> now = [0.0]
>>> from pokerdealer.server.settings import ServerOptions
>>> chat = TableChat(ChatLimits(ServerOptions(), clock=lambda: now[0]))
>>> class Reader:
...     member, address, got = None, "10.0.0.9", []
...     def send(self, text): self.got.append(text)
>>> r = Reader()
>>> chat.say(r, "hi all", readers=[r], at=1.0) is None
True
>>> r.got
['{"type":"chat","name":"spectator","text":"hi all","at":1.0}']
>>> chat.recent()
[{'name': 'spectator', 'text': 'hi all', 'at': 1.0}]
"""

from __future__ import annotations

import json
import math
import time
from collections import deque
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, Protocol

from pokerdealer.server.limits import Buckets
from pokerdealer.server.words import Said

if TYPE_CHECKING:
    from pokerdealer.server.settings import ServerOptions

__all__ = ["HISTORY", "ChatLimits", "TableChat"]

HISTORY = 30
"""Chat lines a newly attached reader is sent."""

SPECTATOR = "spectator"
"""The name a line said by someone without a seat here is shown with."""

TOO_FAST = "room.chat.too_fast"
TABLE_BUSY = "room.chat.busy"
"""The catalog keys of a refused line (``s``: the seconds to wait)."""


class Speaker(Protocol):
    """What chat needs of a connection (:class:`~pokerdealer.server.live.Conn`)."""

    member: Any
    address: str

    def send(self, text: str) -> None: ...


class ChatLimits:
    """The member and address buckets, shared by every table of the process."""

    def __init__(self, options: ServerOptions, *, clock: Callable[[], float] = time.monotonic) -> None:
        self.members = Buckets(options.chat_member, clock=clock)
        self.addresses = Buckets(options.chat_address, clock=clock)
        self.table_rate = options.chat_table
        self.clock = clock


class TableChat:
    """One table's chat: its recent lines and its own bucket."""

    def __init__(self, limits: ChatLimits) -> None:
        self.limits = limits
        self.table = Buckets(limits.table_rate, clock=limits.clock)
        self.lines: deque[dict[str, Any]] = deque(maxlen=HISTORY)

    def say(self, conn: Speaker, text: str, *, readers: Iterable[Speaker], at: float | None = None) -> Said | None:
        """Send ``text`` (already checked by :func:`~pokerdealer.server.protocol.parse`)
        from ``conn`` to every reader; or return why not, in words (nothing sent, no token spent)."""
        member = conn.member
        # A seat holder's own bucket is theirs alone; people without a seat share the table's,
        # so a crowd of spectators cannot talk a seated player out of the chat.
        own = (self.table, None) if member is None else (self.limits.members, member.id)
        buckets = [own, (self.limits.addresses, conn.address)]
        waits = [b.wait(key) for b, key in buckets]
        if max(waits) > 0:
            worst = max(range(len(waits)), key=waits.__getitem__)
            reason = TABLE_BUSY if buckets[worst][0] is self.table else TOO_FAST
            return Said(reason, s=math.ceil(waits[worst]))
        for b, key in buckets:
            b.take(key)
        line = {"name": SPECTATOR if member is None else member.name, "text": text,
                "at": round(time.time() if at is None else at, 3)}
        self.lines.append(line)
        out = json.dumps({"type": "chat", **line}, separators=(",", ":"), ensure_ascii=False)
        for reader in readers:
            reader.send(out)
        return None

    def recent(self) -> list[dict[str, Any]]:
        """The last lines said, oldest first (for a reader's welcome)."""
        return list(self.lines)
