"""Monte Carlo's compiled kernel: the same distribution as exact enumeration and the NumPy path."""

from __future__ import annotations

import os

import numpy as np
import pytest

from pokerdealer.equity import _montecarlo_numba, equity

pytest.importorskip("numba")  # a dev dependency: the kernel is tested wherever the suite runs
pytestmark = pytest.mark.skipif(
    os.environ.get("POKERDEALER_NUMBA") == "0", reason="POKERDEALER_NUMBA=0 turns the kernel off"
)

SAMPLES = 1 << 18


@pytest.fixture
def kernel_calls(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Counts the kernel's batches, so a test knows the kernel answered (it is loaded)."""
    compiled = _montecarlo_numba.kernel()
    assert compiled is not None
    calls: list[int] = []

    def counted(*args: object) -> int:
        calls.append(int(args[2]))  # type: ignore[call-overload]
        return compiled(*args)

    monkeypatch.setattr(_montecarlo_numba, "kernel", lambda: counted)
    monkeypatch.setattr(_montecarlo_numba, "ready", lambda: True)
    return calls


@pytest.mark.parametrize(
    ("players", "board", "dead"),
    [
        (["AsKs", "random"], "", ""),
        (["QhQd", "random"], "Qs 7h 2c", "Ad"),
        (["QhQd", "random", "random"], "Qs 7h 2c 2d 9h", ""),
        (["random", "7c7d", "AhKh", "random"], "2h 3h 9d Tc", ""),
    ],
)
def test_the_kernel_agrees_with_exact_enumeration(
    kernel_calls: list[int], players: list[str], board: str, dead: str
) -> None:
    exact = equity(players, board=board, dead=dead, exact=True)
    sampled = equity(players, board=board, dead=dead, samples=SAMPLES)
    assert sum(kernel_calls) == SAMPLES
    assert sampled.boards == SAMPLES
    for e, s in zip(exact.players, sampled.players):
        assert s.std_error is not None
        assert s.equity == pytest.approx(e.equity, abs=4 * s.std_error + 1e-4)
        assert s.win == pytest.approx(e.win, abs=4 * s.std_error + 1e-3)
        assert s.tie == pytest.approx(e.tie, abs=4 * s.std_error + 1e-3)


def test_the_kernel_splits_a_board_everyone_plays(kernel_calls: list[int]) -> None:
    result = equity(["random"] * 3, board="As Ks Qs Js Ts", samples=SAMPLES)
    assert kernel_calls
    assert [p.tie for p in result.players] == [1.0, 1.0, 1.0]
    assert [p.win for p in result.players] == [0.0, 0.0, 0.0]
    assert all(p.equity == pytest.approx(1 / 3) for p in result.players)


def test_a_seed_reproduces_a_kernel_run(
    kernel_calls: list[int], monkeypatch: pytest.MonkeyPatch
) -> None:
    long_run = SAMPLES
    monkeypatch.setattr(_montecarlo_numba, "MIN_SAMPLES", long_run)  # a long run, for the test
    first = equity(["AhKh", "random"], samples=long_run, seed=4)
    again = equity(["AhKh", "random"], samples=long_run, seed=4)
    other = equity(["AhKh", "random"], samples=long_run, seed=5)
    assert sum(kernel_calls) == 3 * long_run
    assert [p.equity for p in first.players] == [p.equity for p in again.players]
    assert [p.equity for p in first.players] != [p.equity for p in other.players]


def test_a_range_of_equal_weights_is_drawn_without_its_coin_and_deals_the_same(
    kernel_calls: list[int], monkeypatch: pytest.MonkeyPatch
) -> None:
    # The heads-up loop skips the alias coin when every chance of a range is 1. With
    # the chances nudged below 1 the coin is tossed and can never move a draw: the
    # same generator outputs must give the same deals, so the same tally.
    monkeypatch.setattr(_montecarlo_numba, "MIN_SAMPLES", SAMPLES)
    even = equity(["AsKs", "QQ+,AKo"], samples=SAMPLES, seed=11)
    compiled = _montecarlo_numba.kernel()
    chances: list[np.ndarray] = []

    def tossed(*args: object) -> int:
        chance = np.nextafter(args[9], 0.0)  # type: ignore[call-overload]
        chances.append(chance)
        return compiled(*args[:9], chance, *args[10:])  # type: ignore[misc]

    monkeypatch.setattr(_montecarlo_numba, "kernel", lambda: tossed)
    coin = equity(["AsKs", "QQ+,AKo"], samples=SAMPLES, seed=11)
    assert chances and all((c < 1.0).all() for c in chances)
    assert [(p.win, p.tie, p.equity) for p in even.players] == [
        (p.win, p.tie, p.equity) for p in coin.players
    ]


def test_without_numba_the_numpy_path_samples_the_same_question(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(_montecarlo_numba, "ready", lambda: True)
    compiled = equity(["AhKh", "random", "random"], samples=SAMPLES)
    monkeypatch.setattr(_montecarlo_numba, "kernel", lambda: None)
    numpy_path = equity(["AhKh", "random", "random"], samples=SAMPLES)
    for a, b in zip(compiled.players, numpy_path.players):
        assert a.std_error is not None and b.std_error is not None
        assert a.equity == pytest.approx(b.equity, abs=4 * (a.std_error + b.std_error))


@pytest.mark.parametrize(
    ("players", "board", "dead"),
    [
        (["AsKs", "QQ+,AKo"], "", ""),
        (["AhKh", "QQ+,AKo"], "Kd 7h 2h", ""),
        (["AA", "KK,QQ", "AKs,T9s+"], "2c 7d 9h", "3s"),
        (["AKs:0.25,QQ,JJ:0.5", "random", "TT+:0.3,A5s"], "Jc 7d 2s", ""),
        # Ranges that often want the same cards, and a random hand (on a flop: enumerated exactly
        # preflop, three players took 14-29 s of the suite's CPU; the clash is the same).
        (["AA,KK", "AA,KK", "random"], "8c 5d 2h", ""),
        (["AA,KK", "AA,KK"], "", ""),  # heads-up (its own loop), a clash redrawn
        (["AhKh", "AsKs"], "Qh 7h 2c", "Td"),  # heads-up, two known hands, a flush draw each way
    ],
)
def test_ranges_through_the_kernel_agree_with_exact_enumeration(
    kernel_calls: list[int], players: list[str], board: str, dead: str
) -> None:
    exact = equity(players, board=board, dead=dead, exact=True)
    sampled = equity(players, board=board, dead=dead, samples=SAMPLES)
    assert sum(kernel_calls) == SAMPLES  # the kernel answered, ranges and all
    assert sampled.boards == SAMPLES  # no deal dropped: these ranges fit together often
    for e, s in zip(exact.players, sampled.players):
        assert s.std_error is not None
        assert s.equity == pytest.approx(e.equity, abs=4 * s.std_error + 1e-4)
        assert s.win == pytest.approx(e.win, abs=4 * s.std_error + 1e-3)
        assert s.tie == pytest.approx(e.tie, abs=4 * s.std_error + 1e-3)


def test_a_category_breakdown_stays_on_the_numpy_path(kernel_calls: list[int]) -> None:
    equity(["AhKh", "random"], samples=SAMPLES, categories=True)
    equity(["AKs,QQ", "random"], samples=SAMPLES, categories=True)
    assert kernel_calls == []


def test_a_process_without_the_kernel_loaded_loads_it_for_long_runs_only(
    kernel_calls: list[int], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(_montecarlo_numba, "ready", lambda: False)
    equity(["AhKh", "random"], samples=SAMPLES)
    equity(["AhKh", "random"], seconds=0.2)
    assert kernel_calls == []
    long_run = _montecarlo_numba.MIN_SAMPLES
    equity(["AhKh", "random"], samples=long_run)
    assert sum(kernel_calls) == long_run


def test_a_seeded_run_takes_the_same_path_loaded_or_not(kernel_calls: list[int]) -> None:
    # the fixture says the kernel is loaded: an unseeded short run uses it, a
    # seeded one does not (a seed must give the same numbers whatever ran before)
    equity(["AhKh", "random"], samples=SAMPLES, seed=1)
    assert kernel_calls == []
    equity(["AhKh", "random"], samples=SAMPLES)
    assert sum(kernel_calls) == SAMPLES
