"""The ``equity`` command: JSON contract, human output, options, bad input."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from pokerdealer.cli import app

runner = CliRunner()


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_json_contract_for_an_exact_answer() -> None:
    code, out, _ = run("equity", "AsKs", "QhQd", "--json")
    assert code == 0
    data = json.loads(out)
    assert {"players", "method", "boards", "std_error"} <= set(data)
    assert data["method"] == "exact"
    assert data["boards"] == 1_712_304
    assert data["std_error"] is None
    ak, qq = data["players"]
    assert ak["input"] == "AsKs" and qq["input"] == "QhQd"
    assert round(ak["equity"], 7) == 0.4621446
    assert ak["win"] == pytest.approx(787_966 / 1_712_304)
    assert ak["tie"] == pytest.approx(6_732 / 1_712_304)
    assert ak["equity"] + qq["equity"] == pytest.approx(1.0)


def test_ranges_board_and_dead_cards() -> None:
    code, out, _ = run("equity", "AKs", "QQ+,AKo", "--board", "Kd 7h 2h", "--dead", "3c", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["method"] == "exact"
    assert [p["input"] for p in data["players"]] == ["AKs", "QQ+,AKo"]
    assert data["players"][0]["combos"] == 3  # AdKd is gone with the Kd on the board
    assert data["board"] == "Kd 7h 2h" and data["dead"] == "3c"


def test_monte_carlo_options_are_reproducible() -> None:
    args = ("equity", "AKs", "random", "--samples", "50000", "--seed", "9", "--json")
    first = json.loads(run(*args)[1])
    second = json.loads(run(*args)[1])
    assert first == {**second, "seconds": first["seconds"]}
    assert first["method"] == "monte_carlo"
    assert first["boards"] == 50_000
    assert 0 < first["std_error"] < 0.01


def test_monte_carlo_flag_and_time_budget() -> None:
    code, out, _ = run("equity", "AsKs", "QhQd", "--monte-carlo", "--seconds", "0.2", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["method"] == "monte_carlo" and data["boards"] > 0


def test_exact_flag_forces_enumeration() -> None:
    code, out, _ = run("equity", "AhKh", "QQ+", "--board", "Kd 7h 2h", "--exact", "--json")
    assert code == 0
    assert json.loads(out)["method"] == "exact"


def test_human_output_is_a_table() -> None:
    code, out, _ = run("equity", "AsKs", "QhQd")
    assert code == 0
    assert "AsKs" in out and "QhQd" in out
    assert "46.21%" in out and "53.79%" in out
    assert "exact" in out and "1,712,304" in out


def test_human_output_for_monte_carlo_with_categories() -> None:
    code, out, _ = run(
        "equity", "AA", "KK", "QQ", "--samples", "20000", "--seed", "1", "--categories"
    )
    assert code == 0
    assert "Monte Carlo" in out and "std error" in out
    assert "full house" in out and "high card" in out


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (("AsKs",), "2 to 10 players"),
        (("AsKs", "QQx"), "'QQx' is not a range"),
        (("AsKs", "QhQd", "--board", "2c 7d"), "board need"),
        (("AsKs", "AsQd"), "cannot be dealt"),
        (("AsKs", "QhQd", "--exact", "--samples", "10"), "--exact cannot be combined"),
        (("AsKs", "QhQd", "--dead", "Zz"), "'Zz' is not a card"),
    ],
)
def test_bad_input_exits_2_with_one_line(args: tuple[str, ...], says: str) -> None:
    code, out, err = run("equity", *args)
    assert code == 2
    assert out == ""
    assert says in err
    assert err.startswith("error: ")
    assert len(err.strip().splitlines()) == 1
    assert "Traceback" not in err


def test_progress_bar_appears_only_after_a_moment(monkeypatch) -> None:
    from pokerdealer.cli import equity as command

    quiet = command._LazyProgress(enabled=True)
    quiet(0.5)
    assert quiet.bar is None  # too early: nothing shown
    quiet.close()
    monkeypatch.setattr(command, "_PROGRESS_DELAY", 0.0)
    shown = command._LazyProgress(enabled=True)
    shown(0.25)
    shown(1.0)
    assert shown.bar is not None
    shown.close()
    disabled = command._LazyProgress(enabled=False)
    disabled(1.0)
    assert disabled.bar is None


@pytest.fixture(scope="module")
def table_file(tmp_path_factory):
    pytest.importorskip("pyarrow.parquet")
    from pokerdealer.equity import equity_table

    path = tmp_path_factory.mktemp("table") / "preflop.parquet"
    equity_table(["AA", "KK", "AKs"], workers=1).write_parquet(path)
    return path


def test_table_answers_class_matchups_like_exact(table_file) -> None:
    code, out, _ = run("equity", "AKs", "KK", "--table", str(table_file), "--json")
    assert code == 0
    data = json.loads(out)
    assert data["method"] == "table"
    assert set(data) == {"players", "method", "boards", "std_error", "board", "dead", "seconds"}
    exact = json.loads(run("equity", "AKs", "KK", "--exact", "--json")[1])
    assert exact["method"] == "exact"
    assert data["boards"] == exact["boards"]
    assert data["std_error"] is None and data["board"] == "" and data["dead"] == ""
    for mine, theirs in zip(data["players"], exact["players"], strict=True):
        assert set(mine) == set(theirs)
        assert mine["input"] == theirs["input"] and mine["combos"] == theirs["combos"]
        assert mine["std_error"] is None
        for field in ("win", "tie", "equity"):
            assert mine[field] == pytest.approx(theirs[field], abs=1e-12)


def test_table_human_output_and_fallbacks(table_file) -> None:
    code, out, _ = run("equity", "AA", "AKs", "--table", str(table_file))
    assert code == 0
    assert "equity table" in out and "AKs" in out
    # A board, or a hand the table does not hold: computed as without a table.
    code, out, _ = run(
        "equity", "AA", "KK", "--board", "2c 7d 9h", "--table", str(table_file), "--json"
    )
    assert code == 0 and json.loads(out)["method"] == "exact"
    code, out, _ = run("equity", "AA", "QQ", "--table", str(table_file), "--json")
    assert code == 0 and json.loads(out)["method"] == "exact"


def test_unreadable_table_is_one_line(tmp_path) -> None:
    bad = tmp_path / "bad.parquet"
    bad.write_text("not parquet")
    code, out, err = run("equity", "AA", "KK", "--table", str(bad))
    assert code == 2 and out == ""
    assert err.startswith("error: ") and "cannot read equity table" in err
    assert len(err.strip().splitlines()) == 1
