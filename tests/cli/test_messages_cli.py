"""What the command line says reads well: a bad value names its option, the value
given and what would be right; help shows what to type; output lines end clean."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pokerdealer.cli import app

runner = CliRunner()
ENTRY = "import sys; from pokerdealer.cli import main; sys.argv[0] = 'pokerdealer'; main()"


def command_output(*args: str, columns: int = 80) -> str:
    """Standard output of the console script (off a terminal, ``columns`` wide)."""
    result = subprocess.run(
        [sys.executable, "-c", ENTRY, *args], capture_output=True, text=True, timeout=120,
        env={**os.environ, "COLUMNS": str(columns)},
    )
    assert result.returncode == 0, result.stderr
    return result.stdout


def error_line(*args: str) -> str:
    result = runner.invoke(app, list(args))
    assert result.exit_code == 2, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in result.stderr, result.stderr
    return lines[0]


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["tournament", "--buy-in", "-100"], "error: --buy-in must be >= 0, got -100"),
        (["simulate", "--blinds", "2/1"],
         "error: --blinds 2/1: the small blind (2) is bigger than the big blind (1); write SMALL/BIG, e.g. 1/2"),
        (["simulate", "--blinds", "1/0"], "error: --blinds 1/0: the big blind must be at least 1, got 0"),
        (["tournament", "--stack", "-5"], "error: --stack must be positive, got -5"),
        (["tournament", "--payouts", "50,60"],
         "error: --payouts 50,60: custom payouts are whole percentages summing to 100, got (50, 60)"),
        (["tournament", "--structure", "nope.json"], "error: --structure nope.json: no such file (or give turbo, regular or deep)"),
        (["simulate", "--structure", "spread"],
         "error: --structure: unknown structure 'spread': expected no_limit, pot_limit or fixed_limit"),
        (["match", "tight", "random", "--hands", "0"], "error: --hands must be at least 1, got 0"),
        (["play", "--lang", "fr"], "error: --lang: unknown language 'fr': expected one of en, zh-Hant, zh-Hans"),
    ],
)
def test_a_bad_value_names_its_option_the_value_and_what_is_right(args: list[str], says: str) -> None:
    assert error_line(*args) == says


def test_verify_says_what_is_wrong_with_the_file_in_words(tmp_path: Path) -> None:
    binary = tmp_path / "hand.phh"
    binary.write_bytes(bytes(range(256)))
    several = tmp_path / "hands.phhs"
    several.write_text('[1]\nvariant = "NT"\n', encoding="utf-8")
    assert error_line("verify", str(tmp_path / "missing.phh")) == f"error: {tmp_path / 'missing.phh'}: no such file or directory"
    assert error_line("verify", str(tmp_path)) == (
        f"error: {tmp_path} is a folder: give the file of one hand, as the table's download saves it"
    )
    assert error_line("verify", str(binary)) == f"error: {binary} is not a text file (a hand and a proof are UTF-8 text)"
    assert error_line("verify", str(several)).startswith(f"error: {several} holds several hands (a .phhs file)")
    for line in (error_line("verify", str(binary)), error_line("verify", str(tmp_path / "missing.phh"))):
        assert "Errno" not in line and "codec" not in line


def test_a_database_the_room_does_not_run_on_is_named_with_the_ones_it_does(tmp_path: Path) -> None:
    assert error_line("db", "status", "--db", "mysql://u:pw@db.example/poker") == (
        "error: --db mysql://u:***@db.example/poker: the room runs on SQLite or PostgreSQL only; "
        "give a file name (SQLite, e.g. pokerdealer.db) or postgresql://user:password@host/name"
    )


def test_help_shows_what_to_type_not_python_types() -> None:
    showdown = runner.invoke(app, ["showdown", "--help"]).stdout
    assert "--player <NAME=CARDS>" in showdown and "--board <CARDS>" in showdown
    assert "--plot <FILE.png>" in runner.invoke(app, ["match", "--help"]).stdout
    eval_help = runner.invoke(app, ["eval", "--help"]).stdout
    assert "Usage: pokerdealer eval [OPTIONS] <CARDS>" in eval_help and "--board <CARDS>" in eval_help
    equity_help = runner.invoke(app, ["equity", "--help"]).stdout
    assert "--board <CARDS>" in equity_help and "--dead <CARDS>" in equity_help
    for command in ("showdown", "equity", "match", "simulate", "export", "serve", "acpc-server"):
        options = runner.invoke(app, [command, "--help"]).stdout.split("Options:")[-1]
        assert "<list[str]>" not in options and "range>" not in options, (command, options)


@pytest.mark.parametrize(
    ("command", "usage", "argument"),
    [
        ("eval", "<CARDS>", "  <CARDS>  Hole cards"),
        ("equity", "<HAND_OR_RANGE>...", "  <HAND_OR_RANGE>...  2 to 10 hands"),
        ("match", "<BOT>...", "  <BOT>...  Two to ten bots"),
        ("replay", "<PATH>", "  <PATH>  A .phh or .phhs file"),
        ("verify", "<FILE>", "  <FILE>  A .phh hand"),
    ],
)
def test_help_writes_an_argument_as_what_to_type(command: str, usage: str, argument: str) -> None:
    # typer wrote "{CARDS}", "{path}" in the usage line and "HAND_OR_RANGE <list[str]>", "cards <str>" below.
    shown = runner.invoke(app, [command, "--help"]).stdout
    assert f"Usage: pokerdealer {command} [OPTIONS] {usage}\n" in shown, shown
    assert argument in shown and "{" not in shown.splitlines()[0], shown
    assert not re.search(r"<(str|path|list\[str\])>", shown.split("Options:")[0]), shown


@pytest.mark.parametrize(
    ("args", "caption"),
    [
        (["AA", "KK", "--board", "2c 7d 9h"], r"exact, [\d,]+ deals enumerated"),  # centred: it fits
        (["AA", "KK", "--samples", "1000", "--seed", "1"],
         r"Monte Carlo, 1,000 samples, largest standard error [\d.]+%"),
    ],
)
@pytest.mark.parametrize("columns", [80, 40])  # at 40 the table is narrower than its caption
def test_the_equity_caption_keeps_its_unit_on_its_line(args: list[str], caption: str, columns: int) -> None:
    # A narrow table wrapped its caption: "..., 114.23" then "s" on the next line.
    out = command_output("equity", *args, columns=columns)
    assert re.search(rf"^ *{caption}, [\d.]+ s$", out, re.M), out


@pytest.mark.parametrize(
    "args",
    [
        ["eval", "As Kd", "--board", "Ad Qs 7h 3c 2d"],
        ["showdown", "--board", "Ad Qs 7h 3c 2d", "--player", "A=As Kd", "--player", "B=Ah 9c"],
        ["simulate", "--hands", "12", "--seed", "1", "--workers", "1"],
        ["equity", "AKs", "QQ", "--board", "Qs 7h 2c"],
    ],
)
def test_no_line_of_output_ends_in_spaces_off_a_terminal(args: list[str]) -> None:
    out = command_output(*args)
    assert out.strip() and [line for line in out.splitlines() if line != line.rstrip()] == []


@pytest.mark.parametrize(("command", "option"), [("match", "BOT"), ("simulate", "--bots"), ("tournament", "--bots"), ("acpc-client", "--bot")])
def test_help_names_every_built_in_bot(command: str, option: str) -> None:
    # The help listed five bots after a sixth, learned, was built in.
    from pokerdealer.bots import bot_names

    flat = " ".join(runner.invoke(app, [command, "--help"]).stdout.split())
    said = flat.split(option, 1)[1][:200]
    assert [name for name in bot_names() if name not in said] == [], said
