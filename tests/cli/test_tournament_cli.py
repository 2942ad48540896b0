"""The ``tournament`` command: the JSON contract, reproducible seeds, PHH output, bad input."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from pokerdealer.cli import app
from pokerdealer.history.convert import history_to_hand
from pokerdealer.history.phh import load

runner = CliRunner()

BASE = ["tournament", "--entrants", "27", "--seats", "9", "--bots", "random,tight,caller", "--stack", "1500", "--structure", "turbo"]


def _json(*extra: str) -> dict:
    result = runner.invoke(app, [*BASE, "--json", *extra])
    assert result.exit_code == 0, result.stderr
    return json.loads(result.stdout)


@pytest.fixture(scope="module")
def seed1() -> dict:
    return _json("--seed", "1")


def test_the_json_has_exactly_the_contract_fields(seed1):
    assert set(seed1) == {"places", "payouts", "tables", "moves", "hands", "chips_conserved"}
    assert all(set(p) == {"place", "name", "prize"} for p in seed1["places"])
    assert set(seed1["tables"]) == {"started", "broken"}
    assert seed1["moves"] and all(set(m) == {"hand", "player", "from", "to", "reason"} for m in seed1["moves"])
    assert {m["reason"] for m in seed1["moves"]} <= {"balance", "break", "final_table"}
    assert seed1["chips_conserved"] is True and seed1["hands"] > 0


def test_the_same_seed_gives_the_same_json(seed1):
    assert _json("--seed", "1") == seed1
    assert _json("--seed", "2") != seed1


def test_places_cover_every_entrant_and_prizes_sum_to_the_prize_pool(seed1):
    places = seed1["places"]
    assert len(places) == 27 and len({p["name"] for p in places}) == 27
    assert places[0]["place"] == 1
    assert sum(p["prize"] for p in places) == sum(seed1["payouts"]) == 27 * 100
    assert [p["prize"] for p in places[: len(seed1["payouts"])]] == seed1["payouts"]


def test_three_tables_start_and_break_highest_first_into_the_final_table(seed1):
    assert seed1["tables"] == {"started": 3, "broken": [3, 2]}
    final = [m for m in seed1["moves"] if m["reason"] == "final_table"]
    assert len(final) == 9 and {m["to"] for m in final} == {1}


def test_out_writes_every_hand_as_phh_that_replays(tmp_path):
    data = _json("--seed", "3", "--entrants", "12", "--seats", "6", "--out", str(tmp_path))
    files = sorted(tmp_path.glob("hand-*.phh"))
    assert len(files) == data["hands"]
    for path in (files[0], files[len(files) // 2], files[-1]):
        history = load(path)
        assert history.metadata["table"] >= 1
        replay = history_to_hand(history)
        assert replay.hand.is_complete and not replay.warnings


def test_out_hand_numbers_are_unique_across_the_events_tables(tmp_path):
    # Each table counts its own hands; trackers drop a hand number seen twice.
    _json("--seed", "3", "--entrants", "12", "--seats", "6", "--out", str(tmp_path))
    histories = [load(path) for path in sorted(tmp_path.glob("hand-*.phh"))]
    numbers = [h.metadata["hand"] for h in histories]
    assert numbers == list(range(1, len(histories) + 1))
    # The tables' own counts repeat (what the hand number was before, issue 24).
    assert len({h.metadata["_table_hand"] for h in histories}) < len(histories)


def test_clock_plays_levels_by_time():
    data = _json("--seed", "1", "--entrants", "12", "--seats", "6", "--clock", "--hand-seconds", "90")
    assert data["chips_conserved"] and len(data["places"]) == 12


def test_a_custom_structure_file(tmp_path):
    path = tmp_path / "levels.json"
    path.write_text(json.dumps([{"small_blind": 50, "big_blind": 100, "hands": 5}, {"small_blind": 200, "big_blind": 400, "ante": 400}]))
    result = runner.invoke(app, ["tournament", "--entrants", "8", "--seats", "4", "--structure", str(path), "--seed", "2", "--json"])
    assert result.exit_code == 0, result.stderr
    assert len(json.loads(result.stdout)["places"]) == 8


BUBBLE = ["tournament", "--entrants", "333", "--seats", "10", "--seed", "3", "--json"]  # the bubble bursts on two tables at once


def _bubble(*extra: str) -> list[tuple[int, int]]:
    result = runner.invoke(app, [*BUBBLE, *extra])
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert len(data["payouts"]) == 50 and data["payouts"][49] == 169
    return [(p["place"], p["prize"]) for p in data["places"] if 50 <= p["place"] <= 51]


def test_busts_at_different_tables_in_one_hand_for_hand_hand_tie_on_the_bubble():
    # 50th pays 169, 51st nothing: the two players out in that round share 169.
    assert sorted(_bubble()) == [(50, 84), (50, 85)]


def test_hand_for_hand_busts_chips_ranks_the_bubble_by_stacks():
    assert _bubble("--hand-for-hand-busts", "chips") == [(50, 169), (51, 0)]


def _final_table(*extra: str) -> int:
    data = _json("--seed", "1", "--entrants", "20", "--seats", "6", *extra)
    return sum(1 for m in data["moves"] if m["reason"] == "final_table")


def test_a_six_handed_event_draws_a_final_table_of_seven():
    assert _final_table() == 7


def test_final_table_seats_keeps_the_tables_size():
    assert _final_table("--final-table-seats", "6") == 6


def test_without_json_a_readable_summary():
    result = runner.invoke(app, ["tournament", "--entrants", "12", "--seats", "6", "--seed", "1"])
    assert result.exit_code == 0, result.stderr
    for words in ("12 entrants", "prize pool 1200", "broken in order", "chips conserved: yes"):
        assert words in result.stdout


@pytest.mark.parametrize(
    "extra, message",
    [
        (["--entrants", "1"], "--entrants must be at least 2"),
        (["--structure", "hyper"], "unknown structure 'hyper'"),
        (["--payouts", "50,40"], "summing to 100"),
        (["--payouts", "lots"], "unknown payout preset 'lots'"),
        (["--seats", "11"], "2 to 10 seats"),
        (["--bots", "bluffer"], "unknown bot 'bluffer'"),
        (["--hand-for-hand-busts", "stacks"], "--hand-for-hand-busts must be one of tie, chips, got 'stacks'"),
        (["--seats", "6", "--final-table-seats", "5"], "--final-table-seats must be a whole number from the tables' 6 seats to 10"),
    ],
)
def test_bad_input_is_a_one_line_error(extra, message):
    result = runner.invoke(app, ["tournament", "--entrants", "6", *extra])
    assert result.exit_code == 2
    assert message in result.stderr and result.stderr.count("\n") == 1
