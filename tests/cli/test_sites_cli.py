"""The other poker sites' hand histories on the command line: ``replay`` and
``convert`` read them as they read PokerStars text, the site told from the text."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from pokerdealer.cli import app
from pokerdealer.history import load_all

runner = CliRunner()
SITES = Path(__file__).resolve().parents[1] / "history" / "data" / "sites"
FULL_TILT = SITES / "fulltilt" / "hhsmithy__FullTilt__CashGame__MultipleHandsTests__10MultipleHands.txt"


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_replay_reads_a_full_tilt_file_of_many_hands_exactly():
    code, out, err = run("replay", str(FULL_TILT), "--json")
    assert code == 0, err
    summary = json.loads(out)["summary"]
    assert (summary["hands"], summary["match"], summary["rejected"]) == (10, 10, 0)


def test_convert_writes_a_full_tilt_file_as_phh_that_replays_to_the_same_stacks(tmp_path):
    out = tmp_path / "ft.phhs"
    code, _, err = run("convert", str(FULL_TILT), "--out", str(out))
    assert code == 0, err
    hands = load_all(out)
    assert len(hands) == 10 and {h.metadata["_site"] for h in hands} == {"fulltilt"}


def test_convert_to_pokerstars_text_gives_a_file_read_back_to_the_same_stacks(tmp_path):
    out = tmp_path / "ft.txt"
    code, _, err = run("convert", str(FULL_TILT), "--to", "pokerstars", "--out", str(out))
    assert code == 0, err
    assert out.read_text(encoding="utf-8").startswith("PokerStars Hand #33727523266:")
    code, text, err = run("replay", str(out), "--json")
    assert code == 0, err
    summary = json.loads(text)["summary"]
    assert (summary["hands"], summary["match"]) == (10, 10)


def test_convert_refuses_an_unknown_output_format():
    code, _, err = run("convert", str(FULL_TILT), "--to", "xml")
    assert code == 2 and "--to xml: expected phh or pokerstars" in err
