"""An ACPC dealer: plays a match between clients connected over TCP.

Clients connect to one port (``port=0`` lets the system choose; read
:attr:`AcpcDealer.port`), each sends ``VERSION:2.0.0``, and the match
starts once every seat is taken: seats are given in the order of
connection. The positions rotate every hand (client ``c`` holds position
``(c - hand) mod n``), stacks are reset every hand, and each hand is logged
as PHH. Chips are counted as the reference dealer counts them (a split pot
is shared exactly, odd chip included: see
:func:`~pokerdealer.acpc.protocol.acpc_values`); the PHH log keeps the
rules' whole-chip result of each hand. A malformed, illegal or late answer ends the match with an
:class:`~pokerdealer.acpc.protocol.AcpcError` (the protocol's advice: never
silently fold or call for a client).

>>> dealer = AcpcDealer(AcpcGame(players=2), hands=10, host="127.0.0.1", port=0)
>>> dealer.port > 0
True
>>> dealer.close()
"""

from __future__ import annotations

import random
import socket
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from pokerdealer.acpc.protocol import (
    VERSION,
    AcpcError,
    AcpcGame,
    acpc_number,
    acpc_values,
    apply_acpc,
    format_matchstate,
)
from pokerdealer.cards import deck_cards
from pokerdealer.history import HandHistory, hand_to_history
from pokerdealer.rules import Hand, Street

__all__ = ["AcpcDealer", "MatchSummary"]


@dataclass
class MatchSummary:
    """What a match produced: chips won by each client, and the hand histories."""

    names: tuple[str, ...]
    hands: int
    totals: list[Fraction]
    """Chips won by each client, as the ACPC dealer counts them (split pots shared exactly)."""
    histories: list[HandHistory] = field(default_factory=list)

    def to_json(self) -> dict[str, object]:
        return {
            "hands": self.hands,
            "players": [
                {"name": n, "chips": acpc_number(c)} for n, c in zip(self.names, self.totals)
            ],
        }


class _Connection:
    """One client socket with line reading and a response timeout."""

    def __init__(self, sock: socket.socket, timeout: float) -> None:
        self.sock = sock
        sock.settimeout(timeout)
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.buffer = b""

    def send(self, line: str) -> None:
        self.sock.sendall(line.encode("ascii") + b"\r\n")

    def read_line(self) -> str:
        while b"\n" not in self.buffer:
            try:
                chunk = self.sock.recv(4096)
            except TimeoutError:
                raise AcpcError("the client did not answer in time") from None
            if not chunk:
                raise AcpcError("the client closed the connection")
            self.buffer += chunk
            if len(self.buffer) > 65536:
                raise AcpcError("the client sent a line that is too long")
        line, self.buffer = self.buffer.split(b"\n", 1)
        return line.decode("ascii", "replace").rstrip("\r")

    def close(self) -> None:
        try:
            self.sock.close()
        except OSError:  # pragma: no cover
            pass


class AcpcDealer:
    """The dealer side of the ACPC protocol.

    :param game: players, stacks, blinds and structure.
    :param hands: hands in the match.
    :param seed: seed of the deck orders (``None``: the OS's randomness).
    :param host: the address to listen on (default loopback only).
    :param port: the port; 0 picks a free one (see :attr:`port`).
    :param timeout: seconds a client may take to connect, then to answer.
    :param names: client names for the logs (default ``client1``...).
    """

    def __init__(
        self,
        game: AcpcGame,
        *,
        hands: int,
        seed: int | None = None,
        host: str = "127.0.0.1",
        port: int = 0,
        timeout: float = 10.0,
        names: Sequence[str] = (),
    ) -> None:
        if hands < 1:
            raise AcpcError(f"hands must be at least 1, got {hands}")
        self.game = game
        self.hands = hands
        self.rng = random.Random(seed) if seed is not None else random.SystemRandom()
        self.timeout = timeout
        n = game.players
        self.names = tuple(names) or tuple(f"client{i + 1}" for i in range(n))
        if len(self.names) != n:
            raise AcpcError(f"{len(self.names)} names for {n} players")
        self.listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            self.listener.bind((host, port))
        except OSError as error:
            self.listener.close()
            raise AcpcError(f"cannot listen on {host}:{port}: {error}") from None
        self.listener.listen(n)
        self.port: int = self.listener.getsockname()[1]
        self.connections: list[_Connection] = []

    def accept(self) -> None:
        """Wait for every seat to connect and send its version line."""
        while len(self.connections) < self.game.players:
            self.accept_one()

    def accept_one(self) -> int:
        """Wait for the next client and its version line; returns its seat."""
        self.listener.settimeout(self.timeout)
        try:
            sock, _ = self.listener.accept()
        except TimeoutError:
            raise AcpcError(
                f"only {len(self.connections)} of {self.game.players} clients connected"
            ) from None
        connection = _Connection(sock, self.timeout)
        line = connection.read_line().strip()
        if not line.startswith("VERSION:2."):
            connection.send(f"# expected {VERSION}, got {line!r}")
            connection.close()
            raise AcpcError(f"a client sent {line!r} instead of {VERSION}")
        self.connections.append(connection)
        return len(self.connections) - 1

    def run(
        self, on_hand: Callable[[int, Hand], None] | None = None
    ) -> MatchSummary:
        """Accept the clients (if not done yet) and play the whole match."""
        try:
            if not self.connections:
                self.accept()
            return self._play(on_hand)
        finally:
            self.close()

    def _play(self, on_hand: Callable[[int, Hand], None] | None) -> MatchSummary:
        game = self.game
        n = game.players
        deck = list(deck_cards())
        totals = [Fraction(0)] * n
        summary = MatchSummary(self.names, 0, totals)
        for number in range(self.hands):
            # Position p is held by client (p + number) % n.
            holders = [(p + number) % n for p in range(n)]
            names = tuple(self.names[c] for c in holders)
            hand = Hand(game.config(names), self.rng.sample(deck, 2 * n + 8))
            rounds: list[list[str]] = [[], [], [], []]
            self._broadcast(hand, number, rounds, holders)
            while not hand.is_complete:
                if hand.street is Street.SHOWDOWN:
                    hand.auto_showdown()
                    self._broadcast(hand, number, rounds, holders)
                    break
                p = hand.actor
                assert p is not None
                connection = self.connections[holders[p]]
                expected = format_matchstate(hand, p, number, rounds)
                line = connection.read_line().strip()
                head, _, token = line.rpartition(":")
                if head != expected:
                    raise AcpcError(
                        f"{self.names[holders[p]]} answered {line!r} to the state {expected!r}"
                    )
                street = len(hand.board) - 2 if hand.board else 0
                apply_acpc(game, hand, token)  # an illegal token raises, hand untouched
                if len(token) > 1:
                    token = f"r{int(token[1:])}"
                rounds[street].append(token)
                if hand.street is Street.SHOWDOWN:
                    hand.auto_showdown()
                self._broadcast(hand, number, rounds, holders)
            for p, value in enumerate(acpc_values(hand)):
                totals[holders[p]] += value
            summary.hands = number + 1
            summary.histories.append(
                hand_to_history(hand, players=names, metadata={"hand": number + 1})
            )
            if on_hand is not None:
                on_hand(number, hand)
        return summary

    def _broadcast(
        self, hand: Hand, number: int, rounds: list[list[str]], holders: list[int]
    ) -> None:
        for p, client in enumerate(holders):
            self.connections[client].send(format_matchstate(hand, p, number, rounds))

    def close(self) -> None:
        for connection in self.connections:
            connection.close()
        try:
            self.listener.close()
        except OSError:  # pragma: no cover
            pass

