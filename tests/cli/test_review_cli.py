"""``pokerdealer review``: any hand history explained street by street."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from pokerdealer.cli import app

runner = CliRunner()
SITES = Path(__file__).resolve().parents[1] / "history" / "data" / "sites"
WINAMAX = SITES / "winamax" / "hhsmithy__Winamax__CashGame__HandActionTests__AllInHandWithShowdown.txt"


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_review_json_gives_per_hand_the_streets_with_board_pot_and_equity_by_name():
    code, out, err = run("review", str(WINAMAX), "--json")
    assert code == 0, err
    (hand,) = json.loads(out)["hands"]
    assert hand["site"] == "winamax" and hand["check"] == "match"
    assert [s["street"] for s in hand["streets"]] == ["preflop", "flop", "turn", "river"]
    flop = hand["streets"][1]
    assert flop["board"] == ["3c", "7c", "Jd"] and flop["pot"] == 46.45
    assert set(flop["equity"]) == {"nico86190", "LEROISALO"} and flop["equity_method"] == "exact"


def test_review_speaks_the_readers_language_and_cites_the_rules():
    code, out, _ = run("review", str(WINAMAX), "--lang", "zh-Hant")
    assert code == 0
    assert "翻牌前由 nico86190 先行動" in out and "［最小加注：TDA 2026 45-A；新手細節第3條］" in out
    code, out, _ = run("review", str(WINAMAX))
    assert "Why the pot went where it went: nico86190 wins: a pair of queens beats ace high" in out


def test_a_hand_that_cannot_be_read_is_named_and_the_others_reviewed(tmp_path):
    text = WINAMAX.read_text(encoding="utf-8-sig")
    cut = text[: text.index("*** SUMMARY ***")]
    path = tmp_path / "two.txt"
    path.write_text(cut + "\n\n" + text, encoding="utf-8")
    code, out, err = run("review", str(path), "--json", "--no-equity")
    assert code == 1
    data = json.loads(out)
    assert len(data["hands"]) == 1 and "summary" in data["refused"][0]["reason"]


def test_review_refuses_a_file_with_no_hand(tmp_path):
    path = tmp_path / "notes.txt"
    path.write_text("no hands here", encoding="utf-8")
    code, _, err = run("review", str(path))
    assert code == 2 and "no hand could be reviewed" in err
