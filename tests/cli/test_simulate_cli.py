"""The ``simulate`` command: per-bot results, reproducible seeds, hand histories, bad input."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from pokerdealer.cli import app
from pokerdealer.history import load_all
from pokerdealer.history.convert import history_to_hand

runner = CliRunner()

BASE = ["simulate", "--players", "6", "--hands", "120", "--bots", "tight,caller,random"]


def _json(*extra: str) -> dict:
    result = runner.invoke(app, [*BASE, "--json", *extra])
    assert result.exit_code == 0, result.stderr
    return json.loads(result.stdout)


def _without_timing(data: dict) -> dict:
    return {k: v for k, v in data.items() if k not in ("seconds", "hands_per_second")}


def test_the_same_seed_gives_the_same_result():
    a, b, c = _json("--seed", "1"), _json("--seed", "1"), _json("--seed", "2")
    assert _without_timing(a) == _without_timing(b)
    assert _without_timing(a) != _without_timing(c)
    assert a["hands"] == 120 and a["hands_per_second"] > 0
    assert [bot["bot"] for bot in a["bots"]] == ["tight", "caller", "random"]
    # Six seats, three names: each bot holds two seats.
    assert all(bot["seat_hands"] == 240 for bot in a["bots"])
    assert sum(bot["chips"] for bot in a["bots"]) == 0
    assert set(a["bots"][0]) == {
        "bot", "seat_hands", "chips", "bb_per_100", "ci95", "vpip", "pfr", "saw_flop",
        "went_to_showdown", "won_at_showdown", "folded",
    }


@pytest.mark.parametrize("structure", ["pot_limit", "fixed_limit"])
def test_other_structures_and_blinds(structure):
    data = _json("--seed", "3", "--structure", structure, "--blinds", "5/10", "--stack", "500")
    assert sum(bot["chips"] for bot in data["bots"]) == 0


def test_the_table_shows_each_bot_and_the_speed():
    result = runner.invoke(app, [*BASE, "--seed", "1"])
    assert result.exit_code == 0, result.stderr
    out = result.stdout
    for word in ("tight", "caller", "random", "bb/100", "±95%", "WTSD", "W$SD", "hands/s"):
        assert word in out
    assert "120 hands in" in out


def test_hands_are_written_as_phhs(tmp_path):
    path = tmp_path / "run.phhs"
    data = _json("--seed", "4", "--hands", "25", "--players", "3", "--out", str(path))
    histories = load_all(path)
    assert len(histories) == 25
    total = {}
    for history in histories:
        hand = history_to_hand(history).hand
        assert hand.is_complete
        for name, start, end in zip(history.player_names, history.starting_stacks, hand.stacks):
            bot = name.rsplit("_", 1)[0]
            total[bot] = total.get(bot, 0) + end - start
    assert total == {bot["bot"]: bot["chips"] for bot in data["bots"]}


def test_a_stack_below_the_big_blind_is_played_when_allowed():
    # Refused without the flag (test_bad_input_is_one_line): the blinds put everyone all-in.
    data = _json("--seed", "5", "--hands", "12", "--stack", "1", "--allow-short-stacks")
    assert data["hands"] == 12
    assert sum(bot["chips"] for bot in data["bots"]) == 0


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--bots", "tight,shark"], "unknown bot 'shark': expected one of caller, learned, loose, random, regular, tight"),
        (["--bots", ","], "no bots given"),
        (["--blinds", "big"], "cannot read blinds 'big'"),
        (["--structure", "spread"], "unknown structure 'spread'"),
        (["--players", "11"], "a hand needs 2 to 10 players"),
        (["--hands", "0"], "Invalid value for '--hands': Input should be greater than or equal to 1"),
        (["--stack", "1"], "--stack 1 is less than the big blind 2"),
        (["--out", "x.txt"], "expected a .phhs file"),
        (["--variant", "omaha"], "unknown variant 'omaha'"),
    ],
)
def test_bad_input_is_one_line(args, message):
    result = runner.invoke(app, ["simulate", "--hands", "5", *args])
    assert result.exit_code == 2
    assert message in result.stderr
    assert "Traceback" not in result.stderr
