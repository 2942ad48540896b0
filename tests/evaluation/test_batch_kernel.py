"""evaluate_many's two paths, the Numba kernel and the NumPy fallback, give the same ranks."""

from __future__ import annotations

import os

import numpy as np
import pytest

from pokerdealer.errors import EvaluationError
from pokerdealer.evaluation import batch, evaluate_many, rank_function
from pokerdealer.evaluation._compact import compact_tables
from pokerdealer.evaluation.batch import MIN_ROWS, kernel
from pokerdealer.evaluation.tables import Ranking, tables_for

pytest.importorskip("numba")  # the dev group installs it: both paths run in CI

#: The kernel's own tests stand aside when the switch turns it off (the NumPy path's run).
needs_kernel = pytest.mark.skipif(
    os.environ.get("POKERDEALER_NUMBA") == "0", reason="POKERDEALER_NUMBA=0 turns the kernel off"
)


def random_hands(rows: int, size: int, *, lowest: int = 0, seed: int = 3) -> np.ndarray:
    rng = np.random.default_rng(seed)
    order = np.argsort(rng.random((rows, 52 - lowest)), axis=1)[:, :size]
    return (order + lowest).astype(np.uint8)


@pytest.fixture
def numpy_only(monkeypatch):
    """evaluate_many with the kernel switched off, as without Numba."""
    monkeypatch.setattr(batch, "kernel", lambda: None)


@needs_kernel
@pytest.mark.parametrize("size", [5, 6, 7])
@pytest.mark.parametrize("dtype", [np.uint8, np.int16, np.int64, np.uint64])
def test_the_kernel_gives_the_numpy_ranks(size, dtype):
    # Not a whole number of the kernel's chunks: the last, shorter one is ranked too.
    hands = random_hands(MIN_ROWS + 123, size, seed=size).astype(dtype)
    compiled = kernel()
    assert compiled is not None
    out = np.empty(len(hands), dtype=np.int32)
    tables = tables_for(Ranking())
    assert compiled(hands, *compact_tables(tables, size).arguments(), out) == 0
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(batch, "kernel", lambda: None)
        expected = evaluate_many(hands)
    assert out.tolist() == expected.tolist()


def test_a_large_batch_goes_through_the_kernel_and_matches_the_scalar_ranks():
    hands = random_hands(MIN_ROWS, 7)
    ranks = evaluate_many(hands)
    rank = rank_function()
    sample = range(0, MIN_ROWS, 97)
    assert [int(ranks[i]) for i in sample] == [rank(hands[i].tolist()) for i in sample]


def test_short_deck_large_batches_match_the_numpy_path():
    hands = random_hands(MIN_ROWS, 7, lowest=16)
    for trips in (True, False):
        fast = evaluate_many(hands, "shortdeck", trips_beat_straight=trips)
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(batch, "kernel", lambda: None)
            slow = evaluate_many(hands, "shortdeck", trips_beat_straight=trips)
        assert fast.tolist() == slow.tolist()


def test_the_numpy_fallback_ranks_a_large_batch(numpy_only):
    hands = random_hands(MIN_ROWS, 7, seed=9)
    rank = rank_function()
    ranks = evaluate_many(hands)
    assert [int(ranks[i]) for i in range(0, MIN_ROWS, 131)] == [
        rank(hands[i].tolist()) for i in range(0, MIN_ROWS, 131)
    ]


def test_an_environment_switch_turns_the_kernel_off(monkeypatch):
    kernel.cache_clear()
    monkeypatch.setenv("POKERDEALER_NUMBA", "0")
    try:
        assert kernel() is None
    finally:
        kernel.cache_clear()


@needs_kernel
@pytest.mark.parametrize(
    ("variant", "bad", "message"),
    [
        ("holdem", np.uint8(52), r"card indices must be in 0\.\.51 for holdem, got 0\.\.52"),
        ("holdem", np.int64(-1), r"card indices must be in 0\.\.51 for holdem, got -1\.\.51"),
        ("holdem", np.int64(300), r"card indices must be in 0\.\.51 for holdem, got 0\.\.300"),
        ("shortdeck", np.uint8(3), r"card indices must be in 16\.\.51 for shortdeck, got 3\.\.51"),
    ],
)
def test_a_card_outside_the_deck_in_a_large_batch_is_refused(variant, bad, message):
    hands = random_hands(MIN_ROWS + 123, 7, lowest=16 if variant == "shortdeck" else 0).astype(bad.dtype)
    hands[-1, 3] = bad  # the kernel's own pass finds it, in the last, shorter chunk
    with pytest.raises(EvaluationError, match=message):
        evaluate_many(hands, variant)


@pytest.mark.parametrize("ranking", [Ranking(), Ranking("shortdeck"), Ranking("shortdeck", False)])
@pytest.mark.parametrize("size", [5, 6, 7])
def test_the_perfect_hash_gives_every_non_flush_rank_back(ranking, size):
    tables = tables_for(ranking)
    table = tables.non_flush_rank[size]
    compact = compact_tables(tables, size)
    keys = np.flatnonzero(table)
    slots = compact.slots(keys)
    assert np.unique(slots).size == keys.size  # no two keys share a slot
    assert compact.ranks[slots].tolist() == table[keys].tolist()
    # the point: small enough for the caches (7 cards: 128 KB of ranks, 16 KB of displacements)
    assert compact.ranks.nbytes + compact.displacement.nbytes <= min(table.nbytes // 10, 160 * 1024)


def test_a_damaged_hash_file_is_built_anew(monkeypatch, tmp_path):
    monkeypatch.setenv("POKERDEALER_CACHE", str(tmp_path))
    tables = tables_for(Ranking())
    compact_tables.cache_clear()
    try:
        expected = compact_tables(tables, 6)
        (saved,) = tmp_path.glob("batch-compact-*-6.npz")
        with np.load(saved) as data:
            wrong = data["ranks"].copy()
        wrong[wrong > 0] = 1
        np.savez(saved, multiplier=np.array([expected.multiplier]), displacement=expected.displacement, ranks=wrong)
        compact_tables.cache_clear()
        assert compact_tables(tables, 6).ranks.tolist() == expected.ranks.tolist()
        saved.write_bytes(b"not a file of arrays")
        compact_tables.cache_clear()
        assert compact_tables(tables, 6).ranks.tolist() == expected.ranks.tolist()
    finally:
        compact_tables.cache_clear()
