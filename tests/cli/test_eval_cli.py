"""The ``eval`` and ``showdown`` commands: JSON contract, human output, bad input."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from pokerdealer.cli import app

runner = CliRunner()

EVAL_FIELDS = {"category", "category_name", "rank", "best_five", "kickers", "description"}
SEED_SHOWDOWN = [
    "showdown", "--board", "Ad Qs 7h 3c 2d", "--player", "A=As Kd", "--player", "B=Ah 9c",
]


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_eval_json() -> None:
    code, out, _ = run("eval", "As Kd", "--board", "Ad Qs 7h 3c 2d", "--json")
    assert code == 0
    data = json.loads(out)
    assert set(data) == EVAL_FIELDS
    assert data["category"] == "one_pair"
    assert data["category_name"] == "one pair"
    assert data["best_five"] == ["As", "Ad", "Kd", "Qs", "7h"]
    assert data["kickers"] == ["Kd", "Qs", "7h"]
    assert data["description"] == "pair of aces, kickers K Q 7"
    assert isinstance(data["rank"], int)


@pytest.mark.parametrize(
    ("lang", "name", "description"),
    [("zh-Hant", "一對", "一對A，踢腳K Q 7"), ("zh-Hans", "一对", "一对A，踢脚K Q 7")],
)
def test_eval_json_localized(lang: str, name: str, description: str) -> None:
    code, out, _ = run("eval", "As Kd", "--board", "Ad Qs 7h 3c 2d", "--lang", lang, "--json")
    assert code == 0
    data = json.loads(out)
    assert data["category"] == "one_pair"
    assert (data["category_name"], data["description"]) == (name, description)


def test_eval_whole_hand_without_board_and_short_deck() -> None:
    code, out, _ = run("eval", "As 6d 7c 8h 9s", "--variant", "shortdeck", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["category"] == "straight"
    assert data["best_five"] == ["9s", "8h", "7c", "6d", "As"]


def test_eval_human_output() -> None:
    code, out, _ = run("eval", "As Kd", "--board", "Ad Qs 7h 3c 2d")
    assert code == 0
    assert "A♠ A♦ K♦ Q♠ 7♥" in out
    assert "pair of aces, kickers K Q 7" in out


def test_showdown_json() -> None:
    code, out, _ = run(*SEED_SHOWDOWN, "--json")
    assert code == 0
    data = json.loads(out)
    assert set(data) == {"winners", "split", "players", "decided_by"}
    assert data["winners"] == ["A"] and data["split"] is False
    assert set(data["players"]) == {"A", "B"}
    assert set(data["players"]["B"]) == EVAL_FIELDS
    assert data["players"]["B"]["best_five"] == ["Ah", "Ad", "Qs", "9c", "7h"]
    assert data["decided_by"] == {
        "step": "kicker",
        "kicker_index": 1,
        "explanation": (
            "A wins: both have a pair of aces; the first kicker K♦ beats B's Q♠ (from the board)"
        ),
    }


def test_showdown_json_split_has_null_kicker_index() -> None:
    code, out, _ = run(
        "showdown", "--board", "As Kh Qc Jd Ts", "--player", "A=9h 7s", "--player", "B=2c 3d",
        "--json", "--lang", "zh-Hant",
    )
    assert code == 0
    data = json.loads(out)
    assert data["winners"] == ["A", "B"] and data["split"] is True
    assert data["decided_by"]["step"] == "identical"
    assert data["decided_by"]["kicker_index"] is None
    assert "公牌就是最強五張" in data["decided_by"]["explanation"]


def test_showdown_human_output_shows_table_and_explanation() -> None:
    code, out, _ = run(*SEED_SHOWDOWN, "--lang", "zh-Hans")
    assert code == 0
    assert "最强五张" in out and "A♠ A♦ K♦ Q♠ 7♥" in out
    assert "第一张踢脚K♦大过B的Q♠（公共牌）" in out.replace("\n", "")


def test_showdown_player_names_are_not_rich_markup() -> None:
    code, out, _ = run(
        "showdown", "--board", "Ad Qs 7h 3c 2d", "--player", "[bold]x=As Kd",
        "--player", "[/]=Ah 9c",
    )
    assert code == 0
    assert "[bold]x" in out and "[/]" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["eval", "As Kx", "--board", "Ad Qs 7h"], "'Kx' is not a card"),
        (["eval", "As Kd"], "a hand has 5, 6 or 7 cards"),
        (["eval", "As Kd", "--board", "As Qs 7h"], "'As' appears twice"),
        (["eval", "As Kd Qh Jc Ts", "--variant", "omaha"], "unknown variant 'omaha'"),
        (["eval", "As Kd Qh Jc Ts", "--lang", "fr"], "unknown language 'fr'"),
        (["eval", "As Kd Qh Jc 2s", "--variant", "shortdeck"], "not in the short deck"),
        ([*SEED_SHOWDOWN[:5]], "at least 2 players, got 1"),
        (["showdown", "--player", "A=As Kd", "--player", "B=Ah 9c"], "board need 3 or 4 or 5"),
        ([*SEED_SHOWDOWN[:5], "--player", "B Ah 9c"], "expected NAME=CARDS"),
        ([*SEED_SHOWDOWN[:5], "--player", "A=Ah 9c"], "player 'A' is given twice"),
        ([*SEED_SHOWDOWN[:5], "--player", "B=Ad 9c"], "'Ad' appears twice"),
        ([*SEED_SHOWDOWN[:5], "--player", "B=Ah"], "B's hole cards need 2 cards, got 1"),
    ],
)
def test_bad_input_exits_2_with_one_line_and_no_traceback(args: list[str], message: str) -> None:
    result = runner.invoke(app, args)
    assert result.exit_code == 2
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("error: ") and message in lines[0]
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
