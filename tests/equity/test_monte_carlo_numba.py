"""Monte Carlo's compiled kernel: the same distribution as exact enumeration and the NumPy path."""

from __future__ import annotations

import os
from collections.abc import Callable

import numpy as np
import pytest

from pokerdealer.equity import _montecarlo_numba, equity

pytest.importorskip("numba")  # a dev dependency: the kernel is tested wherever the suite runs
pytestmark = pytest.mark.skipif(
    os.environ.get("POKERDEALER_NUMBA") == "0", reason="POKERDEALER_NUMBA=0 turns the kernel off"
)

SAMPLES = 1 << 18


@pytest.fixture
def pair_calls() -> list[int]:
    """The samples of each batch the kernel dealt from a table of pairs."""
    return []


@pytest.fixture
def kernel_calls(monkeypatch: pytest.MonkeyPatch, pair_calls: list[int]) -> list[int]:
    """The samples of each batch the kernel dealt (either sampler), so a test knows the
    kernel answered (it is loaded)."""
    compiled = _montecarlo_numba.kernel()
    assert compiled is not None
    calls: list[int] = []

    def counted(sampler: Callable[..., int], *into: list[int]) -> Callable[..., int]:
        def call(*args: object) -> int:
            for batches in into:
                batches.append(int(args[2]))  # type: ignore[call-overload]
            return sampler(*args)

        return call

    counting = _montecarlo_numba.Kernels(
        counted(compiled.sample, calls), counted(compiled.sample_pairs, calls, pair_calls)
    )
    monkeypatch.setattr(_montecarlo_numba, "kernel", lambda: counting)
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


def test_pairs_of_equal_weights_skip_the_coin_and_sample_the_same_distribution(
    kernel_calls: list[int], pair_calls: list[int], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Pairs of equal weights are drawn without the alias coin (the generator's low half
    # deals the first board card instead). With the chances nudged below 1 the coin is
    # tossed and can never move a draw, and the board starts one output later: the
    # same question, the same pairs, an independent run of the same distribution.
    monkeypatch.setattr(_montecarlo_numba, "MIN_SAMPLES", SAMPLES)
    even = equity(["AsKs", "QQ+,AKo"], samples=SAMPLES, seed=11)
    again = equity(["AsKs", "QQ+,AKo"], samples=SAMPLES, seed=11)
    assert sum(pair_calls) == 2 * SAMPLES
    compiled = _montecarlo_numba.kernel()
    chances: list[np.ndarray] = []

    def tossed(*args: object) -> int:
        chance = np.nextafter(args[6], 0.0)  # type: ignore[call-overload]
        chances.append(chance)
        return compiled.sample_pairs(*args[:6], chance, *args[7:])  # type: ignore[misc]

    monkeypatch.setattr(
        _montecarlo_numba, "kernel", lambda: compiled._replace(sample_pairs=tossed)
    )
    coin = equity(["AsKs", "QQ+,AKo"], samples=SAMPLES, seed=11)
    assert chances and all((c < 1.0).all() for c in chances)
    assert [p.equity for p in even.players] == [p.equity for p in again.players]
    assert [p.equity for p in even.players] != [p.equity for p in coin.players]
    for a, b in zip(even.players, coin.players):
        assert a.std_error is not None and b.std_error is not None
        assert a.equity == pytest.approx(b.equity, abs=4 * (a.std_error + b.std_error))


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


HEADS_UP = [
    (["AsKs", "QQ+,AKo"], "", ""),
    (["AhKh", "QQ+,AKo"], "Kd 7h 2h", ""),
    (["AKs:0.25,QQ,JJ:0.5", "TT+:0.3,A5s"], "Jc 7d 2s", ""),  # weighted pairs: the coin
    (["AA,KK", "AA,KK"], "", ""),  # pairs that clash are not in the table (redrawn without it)
    (["AhKh", "AsKs"], "Qh 7h 2c", "Td"),  # two known hands, a flush draw each way
]


@pytest.mark.parametrize(("players", "board", "dead"), HEADS_UP)
@pytest.mark.parametrize("table", [True, False], ids=["table of pairs", "past PAIR_LIMIT"])
def test_two_players_ranges_agree_with_exact_enumeration_with_and_without_the_table_of_pairs(
    kernel_calls: list[int], pair_calls: list[int], monkeypatch: pytest.MonkeyPatch,
    table: bool, players: list[str], board: str, dead: str,
) -> None:  # fmt: skip
    if not table:
        monkeypatch.setattr(_montecarlo_numba, "PAIR_LIMIT", 0)
    exact = equity(players, board=board, dead=dead, exact=True)
    sampled = equity(players, board=board, dead=dead, samples=SAMPLES)
    assert sum(kernel_calls) == SAMPLES
    assert sum(pair_calls) == (SAMPLES if table else 0)
    assert sampled.boards == SAMPLES  # no deal dropped
    for e, s in zip(exact.players, sampled.players):
        assert s.std_error is not None
        assert s.equity == pytest.approx(e.equity, abs=4 * s.std_error + 1e-4)
        assert s.win == pytest.approx(e.win, abs=4 * s.std_error + 1e-3)
        assert s.tie == pytest.approx(e.tie, abs=4 * s.std_error + 1e-3)


def test_the_table_of_pairs_holds_each_pair_sharing_no_card_with_the_deck_left_beside_it(
    kernel_calls: list[int], monkeypatch: pytest.MonkeyPatch
) -> None:
    # AA against AA: of the 36 pairs of combos only the 6 that split the four aces fit
    # together, and each leaves the 48 other cards (whatever order the deals left them in).
    compiled = _montecarlo_numba.kernel()
    seen: list[tuple[np.ndarray, int, np.ndarray]] = []

    def kept(*args: object) -> int:
        seen.append((args[1].copy(), int(args[4]), args[6].copy()))  # type: ignore[union-attr,call-overload]
        return compiled.sample_pairs(*args)

    monkeypatch.setattr(_montecarlo_numba, "kernel", lambda: compiled._replace(sample_pairs=kept))
    result = equity(["AA", "AA"], samples=SAMPLES)
    rows, width, chance = seen[-1]
    assert (width, len(chance)) == (48, 6)
    assert (chance == 1.0).all()  # equal weights
    aces = set(range(48, 52))
    for row in rows.reshape(6, 48):
        assert set(row.tolist()) == set(range(52)) - aces
    hero = result.players[0]
    assert hero.std_error is not None
    assert hero.equity == pytest.approx(0.5, abs=4 * hero.std_error)  # a flush may win it


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
