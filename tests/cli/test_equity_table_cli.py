"""The ``equity-table`` command: a Parquet file of exact class-pair equities, bad input."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from pokerdealer.cli import app
from pokerdealer.equity import equity
from pokerdealer.equity.table import COLUMNS, load_equity_table

pq = pytest.importorskip("pyarrow.parquet")
runner = CliRunner()


def test_writes_a_parquet_table(tmp_path):
    path = tmp_path / "preflop.parquet"
    result = runner.invoke(
        app, ["equity-table", "--out", str(path), "--classes", "AA,KK,AKs", "--workers", "2", "--json"]
    )
    assert result.exit_code == 0, result.stderr
    summary = json.loads(result.stdout)
    assert summary["rows"] == 9 and summary["kind"] == "classes" and summary["hands"] == 3
    data = pq.read_table(path)
    assert tuple(data.column_names) == COLUMNS
    table = load_equity_table(path)
    direct = equity(["AKs", "KK"], exact=True).players[0]
    assert table.lookup("AKs", "KK").equity == pytest.approx(direct.equity, abs=1e-12)


def test_combos_and_the_plain_summary(tmp_path):
    path = tmp_path / "combos.parquet"
    result = runner.invoke(app, ["equity-table", "--out", str(path), "--classes", "QQ", "--combos", "--workers", "1"])
    assert result.exit_code == 0, result.stderr
    assert "written to" in result.stdout
    table = load_equity_table(path)
    assert table.kind == "combos" and len(table.hands) == 6
    # Each QQ combo shares no card with exactly one other (QsQh and QdQc): 6 ordered pairs.
    assert sum(1 for _ in table.rows()) == 6


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--out", "x.csv"], "expected a .parquet file"),
        (["--out", "x.parquet", "--classes", "AA,ZZ"], "is not a hand class"),
        (["--out", "x.parquet", "--classes", "AK"], "not one of the 169 hand classes"),
        (["--out", "x.parquet", "--combos"], "too much work"),
        (["--out", "x.parquet", "--workers", "0"], "--workers must be >= 1"),
    ],
)
def test_bad_input_is_one_line(args, message, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["equity-table", *args])
    assert result.exit_code == 2, result.stdout
    assert message in result.stderr
    assert "Traceback" not in result.stderr
