"""Matches between ACPC clients and the dealer over loopback (127.0.0.1 only)."""

from __future__ import annotations

import random
import socket
import threading
from fractions import Fraction

import pytest

from pokerdealer.acpc import VERSION, AcpcDealer, AcpcError, AcpcGame, run_client
from pokerdealer.bots import make_bot
from pokerdealer.history import dumps_all, loads_all
from pokerdealer.history.convert import history_to_hand
from pokerdealer.rules import Structure

TIMEOUT = 10.0


def _clients(game: AcpcGame, dealer: AcpcDealer, bots: list[str]):
    results: dict[int, object] = {}
    errors: list[BaseException] = []

    def run(i: int, name: str) -> None:
        try:
            results[i] = run_client(make_bot(name, random.Random(i)), game, port=dealer.port,
                                    timeout=TIMEOUT)
        except BaseException as error:  # noqa: BLE001 - reported by the test
            errors.append(error)

    threads = []
    for i, name in enumerate(bots):
        thread = threading.Thread(target=run, args=(i, name), daemon=True)
        thread.start()
        threads.append(thread)
        # Seats are given in connection order: seat this client before starting the next.
        assert dealer.accept_one() == i
    return threads, results, errors


@pytest.mark.parametrize(
    ("players", "structure", "bots"),
    [
        (2, Structure.NO_LIMIT, ["tight", "random"]),
        (3, Structure.NO_LIMIT, ["random", "caller", "tight"]),
        (2, Structure.FIXED_LIMIT, ["random", "random"]),
        (4, Structure.POT_LIMIT, ["random", "tight", "random", "caller"]),
    ],
)
def test_a_match_between_clients_over_loopback(players, structure, bots):
    game = AcpcGame(players=players, stack=2000, blinds=(10, 20), structure=structure)
    dealer = AcpcDealer(game, hands=60, seed=7, host="127.0.0.1", port=0, timeout=TIMEOUT)
    threads, results, errors = _clients(game, dealer, bots)
    summary = dealer.run()
    for thread in threads:
        thread.join(TIMEOUT)
        assert not thread.is_alive()
    assert not errors, errors
    assert summary.hands == 60 and sum(summary.totals) == 0
    # Every client computed the same chips as the dealer from the states it saw.
    for i in range(players):
        assert results[i].hands == 60
        assert results[i].chips == summary.totals[i]
    # The PHH log replays through the rules to the same results.
    histories = loads_all(dumps_all(summary.histories))
    assert len(histories) == 60
    for history in histories[:20]:
        replay = history_to_hand(history)
        assert replay.hand.is_complete
        assert replay.finishing_stacks == history.finishing_stacks


def test_a_client_that_breaks_the_protocol_ends_the_match():
    game = AcpcGame(players=2)
    dealer = AcpcDealer(game, hands=5, seed=1, timeout=TIMEOUT)
    errors: list[BaseException] = []

    def good() -> None:
        try:
            run_client(make_bot("caller", random.Random(1)), game, port=dealer.port, timeout=TIMEOUT)
        except BaseException as error:  # noqa: BLE001
            errors.append(error)

    # The bad client connects first, here, so it is accepted first (the listener's queue keeps the order).
    first = socket.create_connection(("127.0.0.1", dealer.port), timeout=TIMEOUT)

    def bad() -> None:
        with first as sock:
            sock.sendall(VERSION.encode() + b"\r\n")
            data = b""
            while b"\n" not in data:
                data += sock.recv(4096)
            state = data.split(b"\r\n")[0].decode()
            sock.sendall(f"{state}:r1\r\n".encode())  # below the minimum raise
            try:
                sock.recv(4096)
            except OSError:
                pass

    threads = [threading.Thread(target=bad, daemon=True), threading.Thread(target=good, daemon=True)]
    for thread in threads:
        thread.start()
    with pytest.raises(AcpcError):
        dealer.run()
    for thread in threads:
        thread.join(TIMEOUT)


def test_wrong_version_and_missing_clients_are_errors():
    game = AcpcGame(players=2)
    dealer = AcpcDealer(game, hands=1, timeout=0.5)
    with pytest.raises(AcpcError, match="connected"):
        dealer.run()
    dealer = AcpcDealer(game, hands=1, timeout=TIMEOUT)
    with socket.create_connection(("127.0.0.1", dealer.port), timeout=TIMEOUT) as sock:
        sock.sendall(b"VERSION:1.0.0\r\n")
        with pytest.raises(AcpcError, match="VERSION"):
            dealer.run()
    with pytest.raises(AcpcError, match="cannot connect"):
        run_client(make_bot("caller"), game, port=dealer.port, timeout=1)


def scripted_dealer(lines: list[str]) -> tuple[int, threading.Thread]:
    """A dealer that takes one client, reads its version line, sends ``lines`` and
    hangs up; returns its port and its thread."""
    listener = socket.create_server(("127.0.0.1", 0))

    def serve() -> None:
        with listener:
            connection, _ = listener.accept()
            with connection:
                connection.settimeout(TIMEOUT)
                data = b""
                while b"\n" not in data:
                    data += connection.recv(4096)
                for line in lines:
                    connection.sendall(line.encode("ascii") + b"\r\n")

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    return listener.getsockname()[1], thread


# The big blind calls 201 and folds its 201 on the flop; the other two split the
# odd pot of 903 on a royal-flush board. The reference dealer scores +100.5 each.
ODD_CHIP_SPLIT = "MATCHSTATE:0:0:r201cc/r351fc/cc/cc:2c3d||4h5c/AsKsQs/Js/Ts"


def test_the_client_reports_an_odd_chip_split_as_the_dealer_scores_it():
    game = AcpcGame(players=3, stack=20000, blinds=(50, 100))
    port, thread = scripted_dealer([ODD_CHIP_SPLIT])
    summary = run_client(make_bot("caller"), game, port=port, timeout=TIMEOUT)
    thread.join(TIMEOUT)
    assert summary.hands == 1 and summary.actions == 0
    assert summary.chips == Fraction(201, 2)


def test_the_dealer_counts_split_pots_as_the_reference_dealer():
    # Fixed deals until a hand splits a pot with an odd chip; the dealer's totals are
    # the exact shares, its PHH log keeps the rules' whole chips.
    game = AcpcGame(players=3, stack=2000, blinds=(5, 10))
    dealer = AcpcDealer(game, hands=300, seed=11, host="127.0.0.1", port=0, timeout=TIMEOUT)
    threads, results, errors = _clients(game, dealer, ["random", "random", "caller"])
    summary = dealer.run()
    for thread in threads:
        thread.join(TIMEOUT)
    assert not errors, errors
    assert sum(summary.totals) == 0
    assert any(total.denominator != 1 for total in summary.totals)
    for i in range(3):
        assert results[i].chips == summary.totals[i]
