"""The ``export`` command: PHH sessions to PokerStars text, read back by PokerKit."""

from __future__ import annotations

import json
import re
import warnings

import pytest
from typer.testing import CliRunner

from pokerdealer.bots import simulate_hands
from pokerdealer.cli import app
from pokerdealer.history import dump, dump_all
from pokerdealer.history.convert import hand_to_history
from pokerdealer.rules import HandConfig

pokerkit_notation = pytest.importorskip("pokerkit.notation")

runner = CliRunner()
NAMES = ("Ann", "Bob", "Cy", "Dee")


def _session(hands: int = 30):
    config = HandConfig(stacks=(200, 120, 300, 60), blinds=(1, 2), players=NAMES)
    played = list(simulate_hands(config, ["random", "caller", "tight"], hands=hands, seed=11))
    return played, [hand_to_history(h) for h in played]


def _stacks(text: str):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        parsed = list(pokerkit_notation.PokerStarsParser()(text, error_status=True))
    return [dict(zip(hh.players, list(hh)[-1].stacks)) for hh in parsed]


@pytest.mark.parametrize("reveal", [False, True], ids=["no-hero", "reveal-all"])
def test_a_phhs_session_exports_to_pokerstars_that_pokerkit_reads(tmp_path, reveal):
    """By default nobody's hole cards are written (no hero); --reveal-all writes everyone's."""
    played, histories = _session()
    source = tmp_path / "session.phhs"
    dump_all(histories, source)
    args = ["export", str(source), "--format", "pokerstars"] + (["--reveal-all"] if reveal else [])
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.stderr
    assert result.stdout.count("PokerStars Hand #") == len(played)
    dealt = [line for line in result.stdout.splitlines() if line.startswith("Dealt to ")]
    assert len(dealt) == (len(played) * len(NAMES) if reveal else 0)
    assert _stacks(result.stdout) == [dict(zip(h.config.players, h.stacks)) for h in played]


def test_one_hand_to_a_file_with_a_hero(tmp_path):
    played, histories = _session(3)
    source, out = tmp_path / "hand.phh", tmp_path / "hand.txt"
    dump(histories[0], source)
    result = runner.invoke(app, ["export", str(source), "-f", "pokerstars", "--out", str(out), "--hero", "Cy"])
    assert result.exit_code == 0, result.stderr
    assert "1 hand(s) written" in result.stdout
    text = out.read_text()
    assert [line for line in text.splitlines() if line.startswith("Dealt to")][0].startswith("Dealt to Cy [")
    assert len([line for line in text.splitlines() if line.startswith("Dealt to")]) == 1
    assert _stacks(text) == [dict(zip(played[0].config.players, played[0].stacks))]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--format", "xml"], "unknown format 'xml': expected pokerstars"),
        (["--hero", "Zed"], "hero 'Zed' is not one of the players of any hand"),
        (["--hero", "Ann", "--reveal-all"], "--hero and --reveal-all: choose one"),
        (["--currency", "XYZ"], "unknown currency 'XYZ'"),
        (["--buy-in", "10+1"], "--buy-in goes with --tournament ID"),
        (["--tournament", "7", "--buy-in", "ten"], "buy-in 'ten': expected BUYIN or BUYIN+FEE"),
        (["--tournament", "-5"], "Invalid value for '--tournament': Input should be greater than or equal to 1"),
        (["--tournament", "0"], "Invalid value for '--tournament': Input should be greater than or equal to 1"),
    ],
)
def test_bad_options(tmp_path, args, message):
    _, histories = _session(1)
    source = tmp_path / "hand.phh"
    dump(histories[0], source)
    result = runner.invoke(app, ["export", str(source), *args])
    assert result.exit_code == 2
    assert message in result.stderr and "Traceback" not in result.stderr


def test_bad_files(tmp_path):
    missing = runner.invoke(app, ["export", str(tmp_path / "none.phh")])
    assert missing.exit_code == 2 and "no such file" in missing.stderr
    text = tmp_path / "notes.txt"
    text.write_text("hello")
    wrong = runner.invoke(app, ["export", str(text)])
    assert wrong.exit_code == 2 and "expected a .phh or .phhs file" in wrong.stderr
    broken = tmp_path / "broken.phh"
    broken.write_text("variant = ")
    bad = runner.invoke(app, ["export", str(broken)])
    assert bad.exit_code == 2 and bad.stderr.startswith("error:")
    unfinished = tmp_path / "unfinished.phh"
    unfinished.write_text(
        'variant = "NT"\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n'
        'starting_stacks = [100, 100]\nactions = ["d dh p1 AsKs", "d dh p2 7c2d"]\n'
    )
    stops = runner.invoke(app, ["export", str(unfinished)])
    assert stops.exit_code == 2 and "stops before the end of the hand" in stops.stderr


def test_tournament_hands_with_a_buy_in(tmp_path):
    _, histories = _session(2)
    source = tmp_path / "s.phhs"
    dump_all(histories, source)
    args = ["export", str(source), "--tournament", "812", "--buy-in", "3.19+0.31", "--currency", "USD", "--hero", "Ann"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.stderr
    headers = [line for line in result.stdout.splitlines() if line.startswith("PokerStars Hand #")]
    assert len(headers) == 2
    assert all(": Tournament #812, $3.19+$0.31 USD Hold'em No Limit - Level I (1/2) - " in line for line in headers)


def test_decimal_amounts_with_a_currency(tmp_path):
    source = tmp_path / "cents.phh"
    source.write_text(
        """variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [0.25, 0.5, 0]
min_bet = 0.5
starting_stacks = [50, 36.51, 42]
actions = ["d dh p1 ????", "d dh p2 ????", "d dh p3 ????", "p3 cbr 1.5", "p1 f", "p2 f"]
players = ["Ann", "Bob", "Cy"]
"""
    )
    result = runner.invoke(app, ["export", str(source), "--currency", "USD"])
    assert result.exit_code == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].startswith("PokerStars Hand #1:  Hold'em No Limit ($0.25/$0.50 USD) - ")
    assert "Seat 2: Bob ($36.51 in chips)" in lines
    assert "Cy: raises $1 to $1.50" in lines and "Cy collected $1.25 from pot" in lines


def test_a_hero_gets_only_the_hands_they_were_dealt(tmp_path):
    _, histories = _session(3)
    others = [h.replace(players=tuple(n.replace("Cy", "Zed") for n in h.players)) for h in histories[:2]]
    source, out = tmp_path / "s.phhs", tmp_path / "s.txt"
    dump_all([*others, histories[2]], source)
    result = runner.invoke(app, ["export", str(source), "--hero", "Cy", "--out", str(out)])
    assert result.exit_code == 0, result.stderr
    assert "1 hand(s) written" in result.stdout and "(2 without Cy left out)" in result.stdout
    assert out.read_text().count("PokerStars Hand #") == 1


def test_export_takes_a_folder_as_tournament_out_writes_one(tmp_path):
    folder = tmp_path / "event"
    made = runner.invoke(app, ["tournament", "--entrants", "12", "--seats", "6", "--seed", "3", "--json", "--out", str(folder)])
    assert made.exit_code == 0, made.stderr
    hands = json.loads(made.stdout)["hands"]
    result = runner.invoke(app, ["export", str(folder), "--tournament", "7"])
    assert result.exit_code == 0, result.stderr
    numbers = re.findall(r"^PokerStars Hand #(\d+):", result.stdout, flags=re.MULTILINE)
    assert len(numbers) == hands == len(set(numbers))  # every hand file, one output, no number twice
    assert len(_stacks(result.stdout)) == hands


def test_export_of_an_empty_or_missing_folder_says_what_is_wrong(tmp_path):
    empty = tmp_path / "empty"
    empty.mkdir()
    (empty / "notes.txt").write_text("not a hand")
    result = runner.invoke(app, ["export", str(empty)])
    assert result.exit_code == 2
    assert "no .phh or .phhs hand history file in the folder" in result.stderr and "Traceback" not in result.stderr
    missing = runner.invoke(app, ["export", str(tmp_path / "gone")])
    assert missing.exit_code == 2 and "gone: no such file or folder" in missing.stderr
