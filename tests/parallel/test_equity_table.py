"""The preflop equity table: exact against direct enumeration, identical on every backend."""

from __future__ import annotations

import math

import numpy as np
import pytest

from pokerdealer.equity import EquityError, equity
from pokerdealer.equity.table import (
    BOARDS_PER_MATCHUP,
    COLUMNS,
    canonical_boards,
    equity_table,
    load_equity_table,
)

CLASSES = ["AA", "KK", "AKs", "T9s", "72o"]


@pytest.fixture(scope="module")
def table():
    return equity_table(CLASSES, workers=1)


def test_canonical_boards_stand_for_every_board():
    masks, weights = canonical_boards()
    assert len(masks) == 134_459
    assert int(weights.sum()) == math.comb(52, 5)
    assert set(np.unique(weights).tolist()) <= {1, 4, 6, 12, 24}


@pytest.mark.parametrize(
    ("a", "b"), [("AA", "KK"), ("AKs", "AA"), ("T9s", "72o"), ("AA", "AA"), ("KK", "AKs")]
)
def test_class_pairs_match_direct_enumeration(table, a, b):
    row = table.lookup(a, b)
    direct = equity([a, b], exact=True)
    assert direct.method == "exact"
    assert row.boards == direct.boards
    assert row.win == pytest.approx(direct.players[0].win, abs=1e-12)
    assert row.tie == pytest.approx(direct.players[0].tie, abs=1e-12)
    assert row.equity == pytest.approx(direct.players[0].equity, abs=1e-12)


def test_counts_are_consistent(table):
    n = len(table.hands)
    for i in range(n):
        for j in range(n):
            assert table.boards[i, j] == table.boards[j, i]
            assert table.ties[i, j] == table.ties[j, i]
            assert table.wins[i, j] + table.wins[j, i] + table.ties[i, j] == table.boards[i, j]
            assert table.boards[i, j] % BOARDS_PER_MATCHUP == 0
    # AA vs KK: 6 x 6 combo pairs, none sharing a card.
    assert table.lookup("AA", "KK").boards == 36 * BOARDS_PER_MATCHUP
    # AKs vs AA: each AKs combo leaves 3 of the 6 AA combos.
    assert table.lookup("AKs", "AA").boards == 12 * BOARDS_PER_MATCHUP


def test_workers_give_the_identical_table(table):
    other = equity_table(CLASSES, workers=2, chunks=7)
    assert other.hands == table.hands
    for name in ("wins", "ties", "boards"):
        assert np.array_equal(getattr(other, name), getattr(table, name))
    # On Ray: tests/parallel/test_ray.py.


def test_combos_add_up_to_classes_and_match_direct_enumeration(table):
    combos = equity_table(["AKs", "KK"], combos=True, workers=1)
    assert combos.kind == "combos" and len(combos.hands) == 10
    for a, b in [("AsKs", "KhKd"), ("AsKs", "KhKc"), ("KdKc", "AhKh")]:
        row = combos.lookup(a, b)
        direct = equity([a, b]).players[0]
        assert row.win == pytest.approx(direct.win, abs=1e-12)
        assert row.tie == pytest.approx(direct.tie, abs=1e-12)
    assert combos.lookup("KsAs", "Kh Kd") == combos.lookup("AsKs", "KhKd")
    assert combos.lookup("KsKh", "KhKd").boards == 0  # they share the king of hearts
    # Summed over combos, the combo table is the class table.
    aks = [h for h in combos.hands if h.startswith("A")]
    kk = [h for h in combos.hands if h not in aks]
    i = [combos.hands.index(h) for h in aks]
    j = [combos.hands.index(h) for h in kk]
    row = table.lookup("AKs", "KK")
    assert combos.wins[np.ix_(i, j)].sum() == row.wins
    assert combos.ties[np.ix_(i, j)].sum() == row.ties
    assert combos.boards[np.ix_(i, j)].sum() == row.boards


def test_parquet_round_trip(table, tmp_path):
    pq = pytest.importorskip("pyarrow.parquet")
    path = tmp_path / "t.parquet"
    table.write_parquet(path)
    data = pq.read_table(path)
    assert tuple(data.column_names) == COLUMNS
    assert data.num_rows == len(CLASSES) ** 2
    back = load_equity_table(path)
    assert back.kind == "classes"
    for a in CLASSES:
        for b in CLASSES:
            assert back.lookup(a, b) == table.lookup(a, b)
    assert back.equity_of("KAs", "AA") == table.equity_of("AKs", "AA")
    with pytest.raises(EquityError, match="not in this equity table"):
        back.lookup("QQ", "AA")


def test_bad_input(tmp_path):
    with pytest.raises(EquityError, match="not one of the 169 hand classes"):
        equity_table(["AK"], workers=1)
    with pytest.raises(EquityError, match="no hand classes"):
        equity_table([" "], workers=1)
    bad = tmp_path / "x.parquet"
    bad.write_text("not parquet")
    with pytest.raises(EquityError, match="cannot read equity table"):
        load_equity_table(bad)
