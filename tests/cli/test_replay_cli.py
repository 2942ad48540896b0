"""The ``replay`` command: one hand (human and JSON), folders and .phhs, errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pokerdealer.cli import app
from tests.phh_dataset import phh_dataset

runner = CliRunner()


EVAL_FIELDS = {"category", "category_name", "rank", "best_five", "kickers", "description"}

HEADER = """variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [200, 200, 200]
players = ["Ann", "Bob", "Cat"]
"""

DEAL = '"d dh p1 AsKs", "d dh p2 7c2d", "d dh p3 QhQd"'

SHOWDOWN = HEADER + f"""actions = [{DEAL}, "p3 cbr 6", "p1 cc", "p2 cc",
  "d db Kc8h3c", "p1 cbr 10", "p2 f", "p3 cc", "d db 2s", "p1 cc", "p3 cc",
  "d db 9d", "p1 cc", "p3 cbr 20", "p1 cc", "p3 sm QhQd", "p1 sm AsKs"]
finishing_stacks = [242, 194, 164]
"""


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


def write(tmp_path: Path, name: str, text: str) -> str:
    path = tmp_path / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return str(path)


def test_one_hand_json(tmp_path):
    code, out, _ = run("replay", write(tmp_path, "h.phh", SHOWDOWN), "--json")
    assert code == 0
    data = json.loads(out)
    assert data["finishing_stacks"] == [242, 194, 164]
    assert data["pots"] == [{"amount": 78, "eligible": ["p1", "p3"], "winners": ["p1"]}]
    assert data["showdown_order"] == ["p3", "p1"]  # p3 made the last bet on the river
    assert data["shown"] == {"p1": ["As", "Ks"], "p3": ["Qh", "Qd"]}
    assert data["mucked"] == []
    assert set(data["hands"]) == {"p1", "p3"}
    assert set(data["hands"]["p1"]) == EVAL_FIELDS
    assert data["hands"]["p1"]["category"] == "one_pair"
    assert data["next"] is None
    assert data["check"] == "match"
    assert data["warnings"] == []


def test_one_hand_json_with_a_muck_keeps_the_mucker_eligible(tmp_path):
    text = SHOWDOWN.replace('"p3 sm QhQd", "p1 sm AsKs"', '"p3 sm QhQd", "p1 sm"')
    text = text.replace("[242, 194, 164]", "[164, 194, 242]")
    data = json.loads(run("replay", write(tmp_path, "h.phh", text), "--json")[1])
    assert data["pots"] == [{"amount": 78, "eligible": ["p1", "p3"], "winners": ["p3"]}]
    assert data["mucked"] == ["p1"] and data["shown"] == {"p3": ["Qh", "Qd"]}
    assert data["check"] == "match"


def test_one_hand_human_output_walks_through_the_hand(tmp_path):
    code, out, _ = run("replay", write(tmp_path, "h.phh", SHOWDOWN))
    assert code == 0
    for text in ["Preflop", "Flop", "Turn", "River", "Showdown", "p3 Cat raises to 6",
                 "p1 Ann bets 10", "p2 Bob folds", "made the last bet or raise on the River",
                 "Main pot: p1 Ann wins 78", "pair of kings",
                 "match the recorded finishing stacks"]:
        assert text in out, text


@pytest.mark.parametrize(("lang", "word"), [("zh-Hant", "翻牌前"), ("zh-Hans", "摊牌")])
def test_one_hand_in_chinese(tmp_path, lang, word):
    code, out, _ = run("replay", write(tmp_path, "h.phh", SHOWDOWN), "--lang", lang)
    assert code == 0 and word in out


def test_a_truncated_hand_says_what_comes_next(tmp_path):
    text = HEADER + f'actions = [{DEAL}, "p3 cbr 6", "p1 cbr 20"]\n'
    code, out, _ = run("replay", write(tmp_path, "h.phh", text), "--json")
    assert code == 0
    data = json.loads(out)
    assert data["next"] == {
        "actor": "p2",
        "legal": {"fold": True, "check": False, "call": 18, "min_raise_to": 34,
                  "max_raise_to": 200, "show": False, "muck": False},
    }
    assert data["check"] == "no_finishing_stacks"
    assert data["pots"][0]["winners"] == []
    code, out, _ = run("replay", str(tmp_path / "h.phh"))
    assert "The file stops here: p2 Bob to act: fold, call 18, raise to 34..200" in out


def test_a_hand_left_at_the_showdown_can_be_finished_the_online_way(tmp_path):
    text = SHOWDOWN.replace(', "p3 sm QhQd", "p1 sm AsKs"]', "]")
    path = write(tmp_path, "h.phh", text)
    data = json.loads(run("replay", path, "--json")[1])
    # p3 made the last river bet and was called: tabled automatically (RULES.md §6.1).
    assert data["next"]["actor"] == "p1" and data["next"]["legal"]["show"] is True
    assert data["check"] == "mismatch"
    data = json.loads(run("replay", path, "--json", "--auto-showdown")[1])
    assert data["next"] is None and data["check"] == "match"
    assert data["shown"] == {"p1": ["As", "Ks"], "p3": ["Qh", "Qd"]}


def test_an_illegal_action_exits_2_with_one_line(tmp_path):
    text = HEADER + f'actions = [{DEAL}, "p3 cbr 6", "p1 cbr 8"]\n'
    path = write(tmp_path, "h.phh", text)
    code, out, err = run("replay", path)
    assert code == 2 and out == ""
    assert err.count("\n") == 1
    assert "actions[4] 'p1 cbr 8' by p1 breaks min_raise" in err and "minimum raise to 10" in err
    assert "legal: fold, call 5, raise to 10..200" in err
    code, out, _ = run("replay", path, "--json")
    assert code == 2
    error = json.loads(out)["error"]
    assert error["index"] == 4 and error["action"] == "p1 cbr 8"
    assert error["player"] == "p1" and error["rule"] == "min_raise"
    assert error["message"].startswith("p1: raise to 8 is below the minimum raise to 10")
    assert error["legal"]["min_raise_to"] == 10 and error["legal"]["call"] == 5


def test_a_second_show_or_muck_exits_2_with_one_line(tmp_path):
    text = SHOWDOWN.replace('"p1 sm AsKs"]', '"p1 sm AsKs", "p1 sm"]')
    path = write(tmp_path, "h.phh", text)
    code, out, err = run("replay", path)
    assert code == 2 and out == "" and err.count("\n") == 1
    assert "actions[19] 'p1 sm' by p1 breaks show_or_muck_once" in err
    assert "already showed or mucked at actions[18]" in err
    assert "legal: nothing, the hand is over" in err
    code, out, _ = run("replay", path, "--json")
    assert code == 2
    error = json.loads(out)["error"]
    assert (error["index"], error["rule"], error["player"]) == (19, "show_or_muck_once", "p1")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("variant = ", "not valid TOML"),
        (SHOWDOWN.replace('"NT"', '"XX"'), "unknown variant 'XX'"),
        (SHOWDOWN.replace('"NT"', '"PO"'), "variant 'PO' (pot-limit Omaha) is not supported: pokerdealer replays NT, FT, NS and its own PT"),
        (SHOWDOWN.replace("d db 2s", "d db 2x"), "cannot read action 'd db 2x'"),
        (SHOWDOWN.replace("starting_stacks", "starting"), "missing required field"),
        (SHOWDOWN.replace("d db 9d", "d db Qh"), "dealt twice"),
        (SHOWDOWN.replace("d db 9d", "d db 9d9h"), "the board has 6 cards"),
    ],
)
def test_bad_input_exits_2_with_one_line_never_a_traceback(tmp_path, text, message):
    path = write(tmp_path, "bad.phh", text)
    code, out, err = run("replay", path)
    assert code == 2, err
    assert message in err and err.count("\n") == 1 and "Traceback" not in err
    code, out, _ = run("replay", path, "--json")
    assert code == 2
    assert message in json.loads(out)["error"]["message"]


def test_a_missing_path_or_language_exits_2(tmp_path):
    assert run("replay", str(tmp_path / "nope.phh"))[0] == 2
    assert run("replay", write(tmp_path, "h.phh", SHOWDOWN), "--lang", "fr")[0] == 2


@pytest.mark.parametrize("json_flag", [[], ["--json"]])
def test_a_folder_or_file_with_no_hand_is_refused_not_summed_up_as_nothing(tmp_path, json_flag):
    (tmp_path / "empty" / "notes").mkdir(parents=True)
    (tmp_path / "empty" / "notes" / "read me.txt").write_text("no hands here")
    (tmp_path / "empty.phhs").write_text("")
    for path, message in (
        (tmp_path / "empty", "no .phh, .phhs or PokerStars .txt files in the folder or its subfolders; nothing to replay"),
        (tmp_path / "empty.phhs", "no hands in the file; nothing to replay"),
    ):
        code, out, err = run("replay", str(path), *json_flag)
        assert code == 2 and out == ""
        assert err == f"error: {path}: {message}\n"


def test_a_folder_named_like_a_hand_history_file_is_refused(tmp_path):
    write(tmp_path, "hands.phh/h.phh", SHOWDOWN)
    code, out, err = run("replay", str(tmp_path / "hands.phh"))
    assert code == 2 and out == ""
    assert err == (
        f"error: {tmp_path / 'hands.phh'} is a folder, not a .phh file: give the file itself "
        "(or, to replay the folder, rename it without .phh)\n"
    )


def test_a_folder_is_replayed_with_a_summary(tmp_path):
    tmp_path = tmp_path / ("a-long-folder-name-" * 4)  # paths past the 80 columns of the test's console
    write(tmp_path, "a/match.phh", SHOWDOWN)
    write(tmp_path, "a/mismatch.phh", SHOWDOWN.replace("[242, 194, 164]", "[1, 2, 3]"))
    write(tmp_path, "b/illegal.phh", HEADER + f'actions = [{DEAL}, "p3 cbr 6", "p1 cbr 8"]\n')
    write(tmp_path, "b/broken.phh", "variant = ")
    write(tmp_path, "b/omaha.phh", SHOWDOWN.replace('"NT"', '"PO"'))
    write(tmp_path, "c/partial.phh", HEADER + f'actions = [{DEAL}, "p3 cbr 6"]\n')
    code, out, _ = run("replay", str(tmp_path), "--json")
    assert code == 1  # a mismatch or a rejected hand
    data = json.loads(out)
    assert data["summary"] == {"hands": 3, "match": 1, "mismatch": 1, "no_finishing_stacks": 1,
                               "rejected": 2, "skipped": 1}
    assert data["mismatches"] == [
        {"path": str(tmp_path / "a/mismatch.phh"), "expected": [1, 2, 3], "got": [242, 194, 164]}
    ]
    rejected = {item["path"]: item["error"] for item in data["rejected"]}
    assert rejected[str(tmp_path / "b/illegal.phh")]["rule"] == "min_raise"
    assert rejected[str(tmp_path / "b/illegal.phh")]["index"] == 4
    assert "not valid TOML" in rejected[str(tmp_path / "b/broken.phh")]["message"]
    assert data["skipped"][0]["variant"] == "PO"
    code, out, _ = run("replay", str(tmp_path))
    assert code == 1
    assert "hands replayed" in out and "min" in out
    # Each path whole on its line, however long: one to copy (rich would break one past 80 columns).
    assert any(line.endswith(str(tmp_path / "a/mismatch.phh")) for line in out.splitlines())


def test_a_phhs_file_is_replayed_hand_by_hand(tmp_path):
    one = f"[1]\n{SHOWDOWN}\n[2]\n{SHOWDOWN}"
    code, out, _ = run("replay", write(tmp_path, "many.phhs", one), "--json")
    assert code == 0
    assert json.loads(out)["summary"]["match"] == 2


def test_the_dataset_folder_summary():
    code, out, _ = run("replay", str(phh_dataset()), "--json")
    assert code == 0
    summary = json.loads(out)["summary"]
    # The short-deck Triton hand (a button blind) replays too: it has no finishing stacks.
    assert summary == {"hands": 10020, "match": 10018, "mismatch": 0, "no_finishing_stacks": 2,
                       "rejected": 0, "skipped": 68}


def test_a_dataset_hand_with_an_odd_chip_chop():
    code, out, _ = run("replay", str(phh_dataset() / "pluribus/102/0.phh"), "--json")
    assert code == 0
    data = json.loads(out)
    assert data["check"] == "match"
    assert len(data["pots"][0]["winners"]) == 2
    assert any("half chips" in w["message"] for w in data["warnings"])


STREETS = HEADER + f"""actions = [{DEAL}, "p3 cbr 6", "p1 cc", "p2 cc",
  "d db Kc8h3c", "p1 cbr 10", "p2 f", "p3 cbr 30", "p1 cc", "d db 2s", "p1 cbr 28", "p3 cbr 80",
  "p1 cc", "d db 9d", "p1 cbr 84", "p3 cc"]
"""

SHORT_STACK = STREETS.replace("[200, 200, 200]", "[200, 50, 200]").replace(
    f"""actions = [{DEAL}, "p3 cbr 6", "p1 cc", "p2 cc",
  "d db Kc8h3c", "p1 cbr 10", "p2 f", "p3 cbr 30", "p1 cc", "d db 2s", "p1 cbr 28", "p3 cbr 80",
  "p1 cc", "d db 9d", "p1 cbr 84", "p3 cc"]""",
    f"""actions = [{DEAL}, "p3 cbr 6", "p1 cc", "p2 cc",
  "d db Kc8h3c", "p1 cc", "p2 cbr 44", "p3 cbr 194", "p1 f"]""",
)


def test_the_first_bet_of_a_street_reads_bets_and_a_bet_over_it_raises_to(tmp_path):
    code, out, _ = run("replay", write(tmp_path, "h.phh", STREETS))
    assert code == 0
    for text in ["p3 Cat raises to 6",  # preflop the blinds are the bet
                 "p1 Ann bets 10", "p3 Cat raises to 30",  # flop
                 "p1 Ann bets 28", "p3 Cat raises to 80",  # turn: a new street, a new first bet
                 "p1 Ann bets 84 and is all-in", "p3 Cat calls 84 and is all-in"]:
        assert text in out, text
    assert "raises to 28" not in out


def test_an_all_in_bet_and_raise_read_and_is_all_in(tmp_path):
    code, out, _ = run("replay", write(tmp_path, "h.phh", SHORT_STACK))
    assert code == 0
    assert "p2 Bob bets 44 and is all-in" in out
    assert "p3 Cat raises to 194 and is all-in" in out
    assert "(all-in)" not in out


@pytest.mark.parametrize(
    ("lang", "words"),
    [("zh-Hant", ["下注44，全下", "加注到194，全下", "棄牌"]),
     ("zh-Hans", ["下注44，全下", "加注到194，全下", "弃牌"])],
)
def test_an_all_in_in_chinese(tmp_path, lang, words):
    code, out, _ = run("replay", write(tmp_path, "h.phh", SHORT_STACK), "--lang", lang)
    assert code == 0
    for word in words:
        assert word in out, word


def test_files_pokerkit_wrote_replay_to_its_stacks_under_rules_pokerkit(tmp_path):
    import random

    from pokerdealer.history import loads
    from pokerdealer.history.convert import history_to_hand
    from pokerdealer.rules import RuleOptions
    from tests.history.pokerkit_hands import pokerkit_hand

    rng = random.Random(13)
    seen = {"straddle": 0, "odd_chip": 0, "NS": 0, "FT": 0}
    for k in range(120):
        kind = ("NT", "NT", "FT", "NS")[k % 4]
        text, _ = pokerkit_hand(rng, kind)
        write(tmp_path, f"{kind}/{k}.phh", text)
        history = loads(text)
        seen["straddle"] += any(history.blinds_or_straddles[2:])
        seen[kind] = seen.get(kind, 0) + 1
        result = history_to_hand(history, options=RuleOptions.pokerkit()).hand.result
        seen["odd_chip"] += any(len(a.winners) > 1 and a.amount % len(a.winners) for a in result.awards)
    assert seen["straddle"] >= 10 and seen["odd_chip"] >= 5 and seen["NS"] == seen["FT"] == 30
    code, out, _ = run("replay", str(tmp_path), "--rules", "pokerkit", "--json")
    assert code == 0, out
    summary = json.loads(out)["summary"]
    assert summary["match"] == 120 and summary["hands"] == 120
    # Under RULES.md's reading some of the same files break a rule (a straddle is
    # re-raised by at least the straddle) or end with other stacks (odd chips).
    code, out, _ = run("replay", str(tmp_path), "--json")
    summary = json.loads(out)["summary"]
    assert code == 1 and summary["match"] < 120


def test_a_single_hand_that_does_not_match_its_finishing_stacks_exits_1(tmp_path):
    # The many-hands mode exits 1 on a mismatch; one hand does the same (with --json too).
    wrong = SHOWDOWN.replace("[242, 194, 164]", "[164, 194, 242]")
    for extra in ((), ("--json",)):
        code, out, _ = run("replay", write(tmp_path, "h.phh", wrong), *extra)
        assert code == 1, out
    assert run("replay", write(tmp_path, "h.phh", SHOWDOWN))[0] == 0


def test_a_folder_replays_its_pokerstars_text_files_with_its_phh_files(tmp_path):
    import shutil

    stars = Path(__file__).parents[1] / "history" / "data" / "pokerstars" / "pokerregion-tournament.txt"
    only = tmp_path / "only-stars"
    only.mkdir()
    shutil.copy(stars, only / "hands.txt")
    code, out, _ = run("replay", str(stars), "--json")
    alone = json.loads(out)["summary"]["hands"]
    assert alone >= 2
    code, out, _ = run("replay", str(only), "--json")
    assert json.loads(out)["summary"]["hands"] == alone
    (only / "README.txt").write_text("notes, not a hand history\n")  # a .txt that is not PokerStars text
    write(only, "sub/h.phh", SHOWDOWN)
    code, out, _ = run("replay", str(only), "--json")
    summary = json.loads(out)["summary"]
    assert summary["hands"] == alone + 1 and summary["rejected"] == summary["skipped"] == 0


def test_an_unknown_rule_set_exits_2(tmp_path):
    code, _, err = run("replay", write(tmp_path, "h.phh", SHOWDOWN), "--rules", "wsop")
    assert code == 2 and "--rules 'wsop': expected one of tda, pokerkit" in err


def test_a_showdown_the_loser_mucked_says_who_showed_who_mucked_and_why(tmp_path):
    text = SHOWDOWN.replace('"p3 sm QhQd", "p1 sm AsKs"', '"p3 sm QhQd", "p1 sm"')
    text = text.replace("[242, 194, 164]", "[164, 194, 242]")
    out = run("replay", write(tmp_path, "h.phh", text))[1]
    assert "Cat wins with pair of queens, kickers K 9 8" in " ".join(out.split())
    assert "Ann mucked without showing" in " ".join(out.split())


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("zh-Hant", ["p1：加注到 8 低於最小加注額 10", "合法動作：棄牌、跟注 5、加注到 10..200"]),
        ("zh-Hans", ["p1：加注到 8 低于最小加注额 10", "合法动作：弃牌、跟注 5、加注到 10..200"]),
    ],
)
def test_replay_lang_says_the_rules_refusal_in_chinese(tmp_path, lang, words):
    text = HEADER + f'actions = [{DEAL}, "p3 cbr 6", "p1 cbr 8"]\n'
    path = write(tmp_path, "h.phh", text)
    code, out, err = run("replay", path, "--lang", lang)
    assert code == 2 and out == "" and err.count("\n") == 1
    assert "actions[4] 'p1 cbr 8'" in err and "min_raise" in err
    for w in words:
        assert w in err
    error = json.loads(run("replay", path, "--json", "--lang", lang)[1])["error"]
    assert error["rule"] == "min_raise" and words[0] in error["message"]


@pytest.mark.parametrize(("lang", "said", "shares"), [
    ("en", "p1 Ann, p3 Cat split 78", "p1 Ann +39, p3 Cat +39"),
    ("zh-Hant", "p1 Ann、p3 Cat平分78", "p1 Ann +39、p3 Cat +39"),
    ("zh-Hans", "p1 Ann、p3 Cat平分78", "p1 Ann +39、p3 Cat +39"),
])
def test_a_split_pot_joins_its_winners_in_the_languages_way(tmp_path, lang, said, shares):
    text = SHOWDOWN.replace("QhQd", "AdKd").replace("[242, 194, 164]", "[203, 194, 203]")
    code, out, _ = run("replay", write(tmp_path, "h.phh", text), "--lang", lang)
    assert code == 0 and said in out and shares in out


@pytest.mark.parametrize(("lang", "line"), [
    ("en", "Main pot: p1 Ann, p3 Cat split 78"),
    ("zh-Hant", "主池：p1 Ann、p3 Cat平分78"),
    ("zh-Hans", "主池：p1 Ann、p3 Cat平分78"),
])
def test_a_pot_line_takes_the_languages_colon(tmp_path, lang, line):
    text = SHOWDOWN.replace("QhQd", "AdKd").replace("[242, 194, 164]", "[203, 194, 203]")
    code, out, _ = run("replay", write(tmp_path, "h.phh", text), "--lang", lang)
    assert code == 0 and line in out, out


def test_a_mismatch_is_said_with_the_languages_colon(tmp_path):
    text = SHOWDOWN.replace("[242, 194, 164]", "[243, 193, 164]")
    write(tmp_path, "h.phh", text)
    code, out, _ = run("replay", str(tmp_path), "--lang", "zh-Hant")
    assert "不符：" in out and "重播：" in out and "記錄：" in out, out


FREE_FOLD = """variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [100, 100, 100]
actions = ["d dh p1 AsKs", "d dh p2 7c2d", "d dh p3 QhQd", "p3 cc", "p1 cc", "p2 f",
  "d db Kc8h3c", "p1 cc", "p3 cc", "d db 2s", "p1 cc", "p3 cc", "d db 9d", "p1 cc", "p3 cc",
  "p1 sm AsKs", "p3 sm QhQd"]
"""


def test_tolerated_lines_of_a_chinese_replay_are_chinese(tmp_path):
    # Under PokerKit's rules a fold when checking is free is tolerated with a line:
    # a zh-Hans reader gets that line from the catalog, not in English.
    code, out, _ = run("replay", write(tmp_path, "h.phh", FREE_FOLD), "--rules", "pokerkit", "--lang", "zh-Hans")
    assert code == 0
    assert "已容忍" in out and "p2 在可以过牌时弃牌" in out and "checking" not in out


SPLIT_SIDE_POT = """variant = "NT"
antes = [0, 0, 0, 0]
blinds_or_straddles = [1, 2, 0, 0]
min_bet = 2
starting_stacks = [10, 100, 100, 100]
actions = ["d dh p1 6c7d", "d dh p2 AdKc", "d dh p3 AhQc", "d dh p4 KsKd",
  "p3 cbr 11", "p4 cc", "p1 cc", "p2 cc",
  "d db 2c3d4h", "p2 cbr 20", "p3 cc", "p4 f",
  "d db 5s", "p2 cc", "p3 cc", "d db 9c", "p2 cc", "p3 cc",
  "p2 sm AdKc", "p3 sm AhQc", "p1 sm 6c7d"]
"""


def test_a_split_side_pot_is_said_as_side_pot_1_not_the_pot(tmp_path):
    # p1's straight takes the main pot; p2 and p3 both play the wheel and split side pot 1.
    code, out, _ = run("replay", write(tmp_path, "h.phh", SPLIT_SIDE_POT), "--lang", "zh-Hans")
    assert code == 0
    assert "边池1：最强五张一模一样，平分" in out and "平分底池" not in out


def test_the_odd_chip_of_a_split_says_why_citing_the_tda_rule(tmp_path):
    # 43 split two ways: the odd chip goes to p2, the first winner left of the button (p4).
    from pokerdealer.learn.citations import cite

    code, out, _ = run("replay", write(tmp_path, "h.phh", SPLIT_SIDE_POT), "--lang", "en")
    assert code == 0
    assert f"p2 gets the odd chip: the first winner left of the button ({cite('en', 'odd-chips')})" in out


def test_two_winners_of_a_side_pot_split_side_pot_1_not_the_pot():
    from pokerdealer.evaluation.showdown import showdown

    outcome = showdown("2c 3d 4h 5s 9c", {"A": "Ad Kc", "B": "Ah Qc", "C": "Ks Kd"})
    assert outcome.explain("zh-Hant", pot=1).startswith("A和B平分邊池1")
