"""How much one client may ask of the room: token buckets and connection caps.

A :class:`Buckets` gives each key (a member, an address, a table) a bucket of
``burst`` tokens that refills one token every ``every`` seconds; a line of chat
takes one. A client may say ``burst`` lines at once, then one per ``every``
seconds, however many tabs it opens.

>>> now = [0.0]
>>> chat = Buckets(Rate(burst=2, every=5.0), clock=lambda: now[0])
>>> chat.take("ann"), chat.take("ann"), chat.take("ann")
(True, True, False)
>>> chat.wait("ann")
5.0
>>> now[0] = 5.0
>>> chat.take("ann")
True

:class:`Connections` counts the open websockets by client address and by
table, and refuses one over a cap with the reason (see :class:`Caps`).

The address is the peer address of the TCP connection. Behind a reverse
proxy every client has the proxy's address, so the caps and the per-address
chat limit then count the proxy as one client: raise them, or let the server
read ``X-Forwarded-For`` from that proxy (``pokerdealer serve
--trust-forwarded``). The header is never read from anyone else: a client
could write any address in it.
"""

from __future__ import annotations

import hashlib
import time
from collections import deque
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import TypeVar

from pokerdealer.server.words import Said

__all__ = [
    "FLOODED", "FLOOD_CLOSE_CODE", "SENDER_PACE", "TOO_MANY_CLOSE_CODE", "Backlog", "Buckets", "Caps", "Connections", "Rate", "Throttle",
    "creator_tag", "newest_per_creator",
]

TOO_MANY_CLOSE_CODE = 4429
"""The websocket close code of a connection refused by a cap (after HTTP 429)."""

FLOOD_CLOSE_CODE = 4008
"""The websocket close code of a connection closed for sending too many messages
(4000 + 1008, the protocol's "policy violation"); its reason is :data:`FLOODED`."""

FLOODED = "room.conn.flooded"
"""The catalog key a page explains the close with, sent as the close's reason."""


@dataclass(frozen=True)
class Rate:
    """``burst`` at once, then one more every ``every`` seconds.

    >>> Rate(5, 2.0).per_minute
    30.0
    """

    burst: int
    every: float

    def __post_init__(self) -> None:
        if self.burst < 1 or not self.every > 0:
            raise ValueError("a rate needs a burst of at least 1 and a positive refill time")

    @property
    def per_minute(self) -> float:
        return 60.0 / self.every


class Buckets:
    """A token bucket per key, refilled lazily from ``clock``.

    Only keys that have spent tokens are stored; a bucket that has refilled is
    the same as none, and such buckets are forgotten once the table of them
    grows (so a flood of new addresses cannot grow memory without bound).
    """

    def __init__(self, rate: Rate, *, clock: Callable[[], float] = time.monotonic) -> None:
        self.rate = rate
        self.clock = clock
        self._spent: dict[Hashable, tuple[float, float]] = {}
        """key -> (tokens left, when counted)."""
        self._prune_at = 1024

    def _tokens(self, key: Hashable, now: float) -> float:
        entry = self._spent.get(key)
        if entry is None:
            return float(self.rate.burst)
        tokens, then = entry
        return min(float(self.rate.burst), tokens + (now - then) / self.rate.every)

    def wait(self, key: Hashable) -> float:
        """Seconds until ``key`` may take a token (0.0: now).

        >>> b = Buckets(Rate(1, 2.0), clock=lambda: 10.0)
        >>> b.wait("x"), b.take("x"), b.wait("x")
        (0.0, True, 2.0)
        """
        tokens = self._tokens(key, self.clock())
        return 0.0 if tokens >= 1 else (1 - tokens) * self.rate.every

    def take(self, key: Hashable) -> bool:
        """Spend one token of ``key`` if it has one; False (nothing spent) if not."""
        now = self.clock()
        tokens = self._tokens(key, now)
        if tokens < 1:
            return False
        self._spent[key] = (tokens - 1, now)
        if len(self._spent) > self._prune_at:
            self._prune(now)
        return True

    def _prune(self, now: float) -> None:
        full = float(self.rate.burst)
        self._spent = {k: v for k, v in self._spent.items() if self._tokens(k, now) < full}
        self._prune_at = max(1024, 2 * len(self._spent))

    def __len__(self) -> int:
        """How many keys have a bucket that is not full (stored)."""
        return len(self._spent)


class Throttle:
    """One connection's pace: a message more than ``most`` within ``seconds`` trips it, for good.

    A person's page sends a message per click; a connection past this pace is a
    script, and is closed (:data:`FLOOD_CLOSE_CODE`) rather than answered: a
    refusal for every message would cost the room as much as the messages.

    >>> now = [0.0]
    >>> t = Throttle(most=3, seconds=5.0, clock=lambda: now[0])
    >>> for now[0] in (0.0, 1.0, 2.0, 5.0, 6.0):  # never more than three within 5 s
    ...     assert t.allow()
    >>> now[0] = 6.5  # a fourth within 5 s of the one at 2.0
    >>> t.allow(), t.tripped
    (False, True)
    >>> now[0] = 60.0
    >>> t.allow()
    False
    """

    def __init__(self, *, most: int = 40, seconds: float = 5.0, clock: Callable[[], float] = time.monotonic) -> None:
        if most < 1 or not seconds > 0:
            raise ValueError("a throttle needs at least one message in a positive time")
        self.most = most
        self.seconds = seconds
        self.clock = clock
        self.tripped = False
        self._stamps: deque[float] = deque(maxlen=most)

    def allow(self) -> bool:
        """Count one message; False once more than ``most`` came within ``seconds`` (and ever after)."""
        if self.tripped:
            return False
        now = self.clock()
        stamps = self._stamps
        if len(stamps) == self.most and now - stamps[0] < self.seconds:
            self.tripped = True
            return False
        stamps.append(now)
        return True


class Backlog:
    """Messages waiting in a table's queue, counted by sender and in all.

    A table takes its messages one at a time; a sender with many connections
    (one seat's token from many addresses) could keep it busy with their own
    while the others' actions waited behind. A message over either bound is
    refused at once, with the reason, and never queued.

    >>> b = Backlog(per_sender=2, per_table=3)
    >>> b.admit("ann"), b.admit("ann")
    (None, None)
    >>> str(b.admit("ann"))
    'the table has not yet done your last 2 messages; wait for its answer'
    >>> b.admit("bob") is None, str(b.admit("cy"))
    (True, 'the table is busy (3 messages waiting); try again in a moment')
    >>> b.done("ann")
    >>> b.admit("cy") is None
    True

    A sender's messages are paced too (``pace``, :data:`SENDER_PACE`): a seat held from
    160 sockets at 1,200 messages a second kept its table busy with its own, however few
    waited at once, and its other players waited seconds for their turns.

    >>> now = [0.0]
    >>> paced = Backlog(pace=Rate(burst=2, every=1.0), clock=lambda: now[0])
    >>> [str(paced.admit("ann") or "ok") for _ in range(3)][2]
    'you are sending faster than a person plays (2 at once, then 1 a second); slow down'
    """

    def __init__(
        self, *, per_sender: int = 16, per_table: int = 256, pace: Rate | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.per_sender = per_sender
        self.per_table = per_table
        self.total = 0
        self._by: dict[Hashable, int] = {}
        self.pace = pace or SENDER_PACE
        self._paced = Buckets(self.pace, clock=clock)

    def admit(self, sender: Hashable) -> Said | None:
        """Count a message of ``sender``'s, or say why it is refused (nothing counted)."""
        if self._by.get(sender, 0) >= self.per_sender:
            return Said("room.error.queue_sender", n=self.per_sender)
        if self.total >= self.per_table:
            return Said("room.error.queue_table", n=self.per_table)
        if not self._paced.take(sender):
            return Said("room.error.sender_pace", burst=self.pace.burst, per_second=round(1 / self.pace.every))
        _bump(self._by, sender, 1)
        self.total += 1
        return None

    def done(self, sender: Hashable) -> None:
        """The table took one of ``sender``'s messages."""
        _bump(self._by, sender, -1)
        self.total = max(0, self.total - 1)


SENDER_PACE = Rate(burst=20, every=0.1)
"""One sender's messages to a table (a seat's, from all its connections): 20 at once, then ten
a second -- a person clicks far less; a script holding the seat from many sockets is slowed to it."""


@dataclass(frozen=True)
class Caps:
    """The most websockets open at once, by client address and by table."""

    per_address_table: int = 8
    """From one address to one table (a few tabs, a household)."""
    per_address: int = 32
    """From one address to all tables together."""
    per_table: int = 200
    """To one table (players and spectators)."""
    per_seat: int = 8
    """Holding one seat (its token), from any addresses: a player's few tabs and devices."""
    flood_cool_off: float = 10.0
    """Seconds an address whose connection was closed for flooding may open no new one
    (a script that reconnects at once would make the room open, greet and close it again
    and again); the page waits longer than this before it reconnects."""




class Connections:
    """Open websockets counted by address and table; over a cap one is refused.

    >>> c = Connections(Caps(per_address_table=1, per_address=2, per_table=5))
    >>> c.admit("10.0.0.1", "t1") is None
    True
    >>> str(c.admit("10.0.0.1", "t1"))
    'too many connections from your address to this table (at most 1); close a tab'
    >>> c.release("10.0.0.1", "t1")
    >>> c.admit("10.0.0.1", "t1") is None
    True
    """

    def __init__(self, caps: Caps, *, clock: Callable[[], float] = time.monotonic) -> None:
        self.caps = caps
        self.clock = clock
        self._pairs: dict[tuple[str, str], int] = {}
        self._addresses: dict[str, int] = {}
        self._tables: dict[str, int] = {}
        self._flooded: dict[str, float] = {}
        """address -> until when it may open no connection."""

    def flooded(self, address: str) -> None:
        """A connection from ``address`` was closed for flooding: it opens none for a while.

        >>> now = [0.0]
        >>> c = Connections(Caps(flood_cool_off=10.0), clock=lambda: now[0])
        >>> c.flooded("10.0.0.1")
        >>> c.cooling("10.0.0.1"), c.cooling("10.0.0.2")
        (True, False)
        >>> now[0] = 10.0
        >>> c.cooling("10.0.0.1")
        False
        """
        now = self.clock()
        if len(self._flooded) > 1024:  # forget the cooled ones, so many addresses cannot grow memory
            self._flooded = {a: t for a, t in self._flooded.items() if t > now}
        self._flooded[address] = now + self.caps.flood_cool_off

    def cooling(self, address: str) -> bool:
        """Whether ``address`` is refused new connections after a flood (checked before any
        other work: such a refusal costs the room nothing but the handshake)."""
        until = self._flooded.get(address)
        return until is not None and self.clock() < until

    def admit(self, address: str, table: str) -> Said | None:
        """Count a new connection, or say why it is refused (nothing counted;
        catalog ``room.conn.*``, told in the client's language)."""
        caps = self.caps
        if self._pairs.get((address, table), 0) >= caps.per_address_table:
            return Said("room.conn.too_many_for_table", n=caps.per_address_table)
        if self._addresses.get(address, 0) >= caps.per_address:
            return Said("room.conn.too_many_from_address", n=caps.per_address)
        if self._tables.get(table, 0) >= caps.per_table:
            return Said("room.conn.table_crowded", n=caps.per_table)
        _bump(self._pairs, (address, table), 1)
        _bump(self._addresses, address, 1)
        _bump(self._tables, table, 1)
        return None

    def release(self, address: str, table: str) -> None:
        """A counted connection closed."""
        _bump(self._pairs, (address, table), -1)
        _bump(self._addresses, address, -1)
        _bump(self._tables, table, -1)

    def count(self, *, address: str | None = None, table: str | None = None) -> int:
        """Open connections from ``address``, to ``table``, or both."""
        if address is not None and table is not None:
            return self._pairs.get((address, table), 0)
        if address is not None:
            return self._addresses.get(address, 0)
        if table is not None:
            return self._tables.get(table, 0)
        return sum(self._tables.values())


def creator_tag(address: str) -> str:
    """Who created a table or a tournament, as its stored row keeps it: a digest of the
    client address (the lobby counts what each creator lists; the address itself is not
    written to the database).

    >>> creator_tag("10.0.0.1") == creator_tag("10.0.0.1") != creator_tag("10.0.0.2")
    True
    >>> len(creator_tag("10.0.0.1"))
    16
    """
    return hashlib.sha256(f"pokerdealer creator {address}".encode()).hexdigest()[:16]


T = TypeVar("T")


def newest_per_creator(rows: Sequence[T], creator: Callable[[T], str | None], most: int) -> list[T]:
    """``rows`` (oldest first) without all but the newest ``most`` of each creator: one
    address that made a thousand listed tables fills the lobby with ``most`` of them, and
    the rest stay open to whoever has their link. Rows of no known creator (made before
    creators were kept) are all kept.

    >>> rows = ["a1", "b1", "a2", "a3", "x"]
    >>> newest_per_creator(rows, lambda r: None if r == "x" else r[0], 2)
    ['b1', 'a2', 'a3', 'x']
    """
    seen: dict[str, int] = {}
    kept: list[T] = []
    for row in reversed(rows):
        who = creator(row)
        if who is not None:
            seen[who] = seen.get(who, 0) + 1
            if seen[who] > most:
                continue
        kept.append(row)
    kept.reverse()
    return kept


K = TypeVar("K", bound=Hashable)


def _bump(counts: dict[K, int], key: K, by: int) -> None:
    n = counts.get(key, 0) + by
    if n > 0:
        counts[key] = n
    else:
        counts.pop(key, None)
