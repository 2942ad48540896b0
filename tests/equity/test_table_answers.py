"""``equity(..., table=...)``: heads-up preflop matchups answered from an exact
equity table, identical to enumeration; everything else computed as before."""

from __future__ import annotations

import pytest

from pokerdealer.equity import EquityError, EquityTable, equity, equity_table

pytest.importorskip("pyarrow.parquet")

CLASSES = ["AA", "KK", "AKs", "72o"]


@pytest.fixture(scope="module")
def table() -> EquityTable:
    return equity_table(CLASSES, workers=1)


@pytest.fixture(scope="module")
def path(table, tmp_path_factory):
    file = tmp_path_factory.mktemp("table") / "preflop.parquet"
    table.write_parquet(file)
    return file


def same(a, b) -> None:
    assert a.boards == b.boards
    assert a.std_error is None and b.std_error is None
    for x, y in zip(a.players, b.players, strict=True):
        assert x.input == y.input
        assert x.combos == y.combos
        assert x.win == pytest.approx(y.win, abs=1e-12)
        assert x.tie == pytest.approx(y.tie, abs=1e-12)
        assert x.equity == pytest.approx(y.equity, abs=1e-12)


@pytest.mark.parametrize(
    "players",
    [
        ["AA", "KK"],
        ["KK", "AA"],
        ["AKs", "AA"],
        ["AA", "AA"],
        ["72o", "AKs"],
        ["kAs", "aa"],  # class spellings are normalised
        ["AsKs", "AA"],  # a combo against a class: by its class, still exact
        ["KK", "7c 2d"],
        ["AhKh", "KK"],
    ],
)
def test_table_answers_equal_exact_enumeration(path, players):
    from_table = equity(players, table=path)
    assert from_table.method == "table"
    same(from_table, equity(players, exact=True))


def test_a_loaded_table_and_its_file_agree(table, path):
    a = equity(["AKs", "KK"], table=table)
    b = equity(["AKs", "KK"], table=str(path))
    assert a.method == b.method == "table"
    assert a.to_dict() == {**b.to_dict(), "seconds": a.seconds}
    data = a.to_dict()
    assert set(data) == {"players", "method", "boards", "std_error", "board", "dead", "seconds"}
    assert data["boards"] == table.lookup("AKs", "KK").boards
    assert data["board"] == "" and data["dead"] == ""


@pytest.mark.parametrize(
    ("players", "options", "method"),
    [
        (["AsKs", "KhKd"], {}, "exact"),  # two combos need a combo table
        (["QQ", "AA"], {}, "exact"),  # not in the table
        (["AA", "KK"], {"board": "2c 7d 9h"}, "exact"),
        (["AA", "KK"], {"dead": "2c"}, "exact"),
        (["AA", "KK", "72o"], {"exact": True}, "exact"),
        (["AA,KK", "AKs"], {}, "exact"),
        (["AA:0.5,AhAd", "KK"], {}, "exact"),  # unequal weights are a range
        (["AA", "KK"], {"samples": 2000, "seed": 1}, "monte_carlo"),
        (["AA", "KK"], {"exact": False, "samples": 2000, "seed": 1}, "monte_carlo"),
        (["AA", "KK"], {"categories": True}, "exact"),
    ],
)
def test_other_questions_are_computed(path, players, options, method):
    result = equity(players, table=path, **options)
    assert result.method == method
    if method == "exact":
        same(result, equity(players, **options))


def test_a_combo_table_answers_two_combos(tmp_path):
    combos = equity_table(["AKs", "KK"], combos=True, workers=1)
    file = tmp_path / "combos.parquet"
    combos.write_parquet(file)
    result = equity(["Ks As", "KhKd"], table=file)
    assert result.method == "table"
    same(result, equity(["Ks As", "KhKd"]))
    # A class is not a row of a combo table.
    assert equity(["AsKs", "KK"], table=combos).method == "exact"


def test_errors_are_the_same_with_a_table(path, tmp_path):
    with pytest.raises(EquityError, match="cannot be dealt"):
        equity(["AsKs", "AsKd"], table=path)
    with pytest.raises(EquityError, match="cannot read equity table"):
        equity(["AA", "KK"], table=tmp_path / "missing.parquet")
