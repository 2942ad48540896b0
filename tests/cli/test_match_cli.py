"""The ``match`` command."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from pokerdealer.cli import app

runner = CliRunner()


def test_match_json_contract_and_plot(tmp_path):
    plot = tmp_path / "cumulative.png"
    result = runner.invoke(
        app,
        ["match", "tight", "caller", "--hands", "200", "--duplicate", "--seed", "1",
         "--plot", str(plot), "--json"],
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert set(data) == {"hands", "deals", "duplicate", "seed", "big_blind", "bots", "kinds", "plot"}
    assert data["hands"] == 200 and data["deals"] == 100 and data["duplicate"] is True
    assert [b["name"] for b in data["bots"]] == ["tight", "caller"]
    assert sum(b["chips"] for b in data["bots"]) == 0
    assert plot.read_bytes()[:4] == b"\x89PNG"
    again = runner.invoke(
        app, ["match", "tight", "caller", "--hands", "200", "--duplicate", "--seed", "1",
              "--json"]
    )
    assert json.loads(again.stdout)["bots"] == data["bots"]


def test_match_table_output_and_module_class_bots():
    result = runner.invoke(
        app,
        ["match", "pokerdealer.bots:CallerBot", "random", "--hands", "30", "--seed", "2",
         "--structure", "pot-limit", "--blinds", "5/10", "--stack", "500"],
    )
    assert result.exit_code == 0, result.output
    assert "bb/100" in result.stdout and "pokerdealer.bots:CallerBot" in result.stdout


def test_a_kind_at_several_seats_gets_its_seats_average_line():
    result = runner.invoke(
        app, ["match", "tight", "caller", "tight", "caller", "--hands", "40", "--duplicate", "--seed", "1"]
    )
    assert result.exit_code == 0, result.output
    assert "tight ×2, per seat" in result.stdout and "caller ×2, per seat" in result.stdout
    alone = runner.invoke(app, ["match", "tight", "caller", "--hands", "40", "--seed", "1"])
    assert "per seat" not in alone.stdout


def test_match_bad_input_is_one_line_with_status_2():
    for args in (["match", "random"], ["match", "random", "nobot"],
                 ["match", "random", "caller", "--blinds", "x"],
                 ["match", "random", "caller", "--structure", "spread"]):
        result = runner.invoke(app, args)
        assert result.exit_code == 2, (args, result.output)
        assert "Traceback" not in result.output
