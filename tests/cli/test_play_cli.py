"""The ``play`` command, driven through its input like a person at the terminal."""

from __future__ import annotations

import re

import pytest
from typer.testing import CliRunner

from pokerdealer.cards import deck_cards
from pokerdealer.cli import app
from pokerdealer.cli.play import parse_command
from pokerdealer.history import load_all
from pokerdealer.history.convert import history_to_hand
from pokerdealer.rules import Hand, HandConfig

runner = CliRunner()


def play(*args: str, input: str = "c\n" * 80):
    result = runner.invoke(app, ["play", *args], input=input)
    assert "Traceback" not in result.stdout + result.stderr
    return result


def test_a_scripted_session_of_three_hands():
    result = play("--players", "3", "--seed", "1", "--hands", "3")
    assert result.exit_code == 0, result.stderr
    out = result.stdout
    assert "cash game 1/2, 3 players: you are You in seat 1" in out
    for number in (1, 2, 3):
        assert f"── Hand #{number} ──" in out
    assert "── Hand #4" not in out
    assert "Your cards" in out and "Pot 5" in out and "Board" in out
    assert "seat" in out and "stack" in out and " D " in out and "BB" in out
    assert "c call 1" in out and "r 4..200 raise to" in out and "p 8 pot" in out
    assert "*** FLOP ***" in out and "*** SHOWDOWN ***" in out
    assert "wins" in out  # the showdown explained
    assert "3 hand(s) played" in out


def test_bad_input_asks_again():
    result = play("--players", "3", "--seed", "1", "--hands", "1", input="zzz\nr 1\nr\nf\n" + "c\n" * 30)
    assert result.exit_code == 0
    out = result.stdout
    assert "cannot read 'zzz'" in out
    assert "you cannot raise to 1: fold, call 1, raise to 4..200" in out
    assert "say how much to bet or raise to, e.g. r 60" in out
    assert "You folds" in out or "You fold" in out
    assert "1 hand(s) played" in out


def test_end_of_input_and_q_quit_cleanly():
    eof = play("--players", "3", "--seed", "1", input="")
    assert eof.exit_code == 0 and "bye" in eof.stdout and "0 hand(s) played" in eof.stdout
    quit_ = play("--players", "3", "--seed", "1", input="c\nq\n")
    assert quit_.exit_code == 0 and "bye" in quit_.stdout


def test_pot_shortcuts_and_all_in():
    result = play("--players", "3", "--seed", "1", "--hands", "1", input="p\n" + "c\n" * 30)
    assert "You raise to 8" in result.stdout
    result = play("--players", "3", "--seed", "1", "--hands", "1", input="h\n" + "c\n" * 30)
    assert "You raise to 5" in result.stdout
    result = play("--players", "3", "--seed", "1", "--hands", "1", input="a\n" + "c\n" * 30)
    assert "You raise to 200" in result.stdout


def test_side_pots_are_drawn_separately():
    result = play("--players", "4", "--seed", "1", "--hands", "3", "--bots", "random")
    assert result.exit_code == 0
    assert "Main pot" in result.stdout and "Side pot 1" in result.stdout


def test_the_same_seed_deals_the_same_session():
    a = play("--players", "4", "--seed", "9", "--hands", "2")
    b = play("--players", "4", "--seed", "9", "--hands", "2")
    assert a.stdout == b.stdout


def test_history_is_kept_as_one_phhs(tmp_path):
    result = play("--players", "3", "--seed", "2", "--hands", "4", "--history", str(tmp_path))
    assert result.exit_code == 0, result.stderr
    files = list(tmp_path.glob("*.phhs"))
    assert len(files) == 1 and "hand histories written to" in result.stdout
    histories = load_all(files[0])
    assert len(histories) == 4
    for history in histories:
        assert "You" in history.player_names
        assert history_to_hand(history).check == "match"


def test_a_bot_that_busts_in_a_cash_game_buys_in_again_and_play_goes_on():
    # You shove every hand and the caller calls: with this seed the caller busts
    # three times in ten hands (it crashed with KeyError: 'caller1' at the first).
    result = play("--players", "2", "--bots", "caller", "--seed", "2", "--hands", "10", input="a\n" * 200)
    assert result.exit_code == 0, result.stderr
    out = result.stdout
    assert out.count("caller1 buys in again for 200") >= 2
    after_first_bust = out[out.index("buys in again") :]
    assert "── Hand #" in after_first_bust  # the session went on with the bot back in
    assert "10 hand(s) played" in out


def test_a_tournament_with_levels_plays_to_a_winner():
    result = play(
        "--players", "3", "--seed", "2", "--tournament", "--levels", "50/100,100/200",
        "--level-hands", "2", "--stack", "500", input="a\n" * 200,
    )
    assert result.exit_code == 0, result.stderr
    out = result.stdout
    assert "tournament, 3 players" in out
    assert "level 1 (50/100)" in out
    assert "standings: 1." in out


def test_explanations_in_another_language():
    result = play("--players", "3", "--seed", "1", "--hands", "1", "--lang", "zh-Hans")
    assert "赢" in result.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--bots", "shark"], "unknown bot 'shark'"),
        (["--players", "1"], "--players must be 2..10"),
        (["--lang", "xx"], "xx"),
        (["--blinds", "a/b"], "cannot read blinds"),
        (["--structure", "spread"], "unknown structure"),
        (["--name", "caller1", "--bots", "caller"], "choose another --name"),
    ],
)
def test_bad_options(args, message):
    result = runner.invoke(app, ["play", "--hands", "1", *args], input="")
    assert result.exit_code == 2
    assert message in result.stderr


def test_parse_command_names_what_is_legal():
    hand = Hand(HandConfig(stacks=(100, 100, 100), blinds=(1, 2)), deck_cards())
    view = hand.view(2)
    assert parse_command("R 10", view).amount == 10
    assert parse_command("r10", view).amount == 10
    assert parse_command("call", view).kind == "call"
    assert parse_command("a", view).amount == 100
    with pytest.raises(ValueError, match="you cannot raise to 500"):
        parse_command("r 500", view)
    with pytest.raises(ValueError, match="type an action"):
        parse_command("   ", view)


def test_an_opening_bet_after_the_flop_reads_bets_and_a_preflop_open_reads_raise_to():
    result = play("--players", "3", "--seed", "1", "--hands", "1", input="r 4\nr 6\nc\nr 10\n" + "c\n" * 30)
    out = result.stdout
    assert "You raise to 4" in out  # preflop the blinds are the bet
    assert "You bet 6" in out and "You raise to 6" not in out  # first bet on the flop
    assert "You bet 10" in out and "You raise to 10" not in out
    assert " bet to · p " in out  # the prompt says bet on a street nobody bet on


def test_all_in_reads_raises_to_and_is_all_in_and_calls_and_is_all_in():
    result = play("--players", "3", "--seed", "1", "--hands", "1", "--bots", "caller", input="a\n" + "c\n" * 30)
    out = result.stdout
    assert "You raise to 200 and are all-in" in out
    assert "caller1 calls 198 and is all-in" in out
    # the last call ends the hand (and pays caller2 the pot), yet it is still an all-in
    assert "caller2 calls 198 and is all-in" in out


def test_action_words_follow_the_bet_before_the_action():
    from pokerdealer.cli._display import puts_all_in as _puts_all_in
    from pokerdealer.cli._play import _action_words
    from pokerdealer.rules import Action

    hand = Hand(HandConfig(stacks=(100, 100, 50), blinds=(1, 2)), deck_cards())
    words = []
    for action in (Action("raise", 2, 6), Action("call", 0), Action("call", 1),  # preflop
                   Action("check", 0), Action("raise", 1, 10), Action("raise", 2, 44),
                   Action("call", 0)):
        is_bet = hand.raise_is_bet
        all_in = _puts_all_in(hand, action)
        hand.apply(action)
        logged = hand.log[-1]
        words.append(_action_words(logged, you=False, is_bet=is_bet, all_in=all_in))
    assert words == ["raises to 6", "calls 5", "calls 4", "checks", "bets 10",
                     "raises to 44 and is all-in", "calls 44"]


def test_a_zh_hans_session_shows_a_chinese_screen_with_the_same_commands():
    result = play("--players", "3", "--seed", "1", "--hands", "1", "--lang", "zh-Hans",
                  input="zzz\nr 1\nc\nr 4\n" + "c\n" * 30)
    assert result.exit_code == 0
    out = result.stdout
    assert "现金桌 1/2，3位玩家：你坐在座位1" in out  # unnamed, the player is 你, never "You" (issue 38)
    assert "f 弃牌 · c 过牌/跟注 · r N 下注/加注到N · a 全下" in out  # the help line
    assert "── 第1手 ──" in out
    for word in ("座位", "玩家", "筹码", "小盲", "大盲", "底池 5", "公共牌", "你的手牌"):
        assert word in out, word
    assert "f 弃牌 · c 跟注 1 · r 4..200 加注到 · p 8 底池大小 · h 5 半池 · a 全下 200" in out
    assert "看不懂 'zzz'" in out
    assert "不能加注到1：弃牌、跟注1、加注到4..200" in out
    assert "caller2 跟注2" in out and "你 跟注1" in out and "tight1 过牌" in out
    assert "*** 翻牌 ***" in out and "你 下注4" in out
    assert "*** 摊牌 ***" in out and "筹码：" in out and "赢" in out
    assert "已玩1手" in out
    for english in ("folds", "Main pot", "stacks", "Your cards", "wins", "Board", "check/call", "You"):
        assert english not in out, english


def test_a_zh_hant_screen_uses_the_traditional_words():
    result = play("--players", "4", "--seed", "1", "--hands", "3", "--bots", "random", "--lang", "zh-Hant")
    out = result.stdout
    assert "主池" in out and "邊池1" in out  # the side pot test's session, in Chinese
    assert "棄牌" in out and "籌碼：" in out and "Main pot" not in out
    assert "按鈕" in out and " 按 " not in out  # the button's column says 按鈕, not 按 (issue 38)
    assert "You" not in out


def test_a_named_player_keeps_their_name_in_a_chinese_session():
    out = play("--players", "3", "--seed", "1", "--hands", "1", "--lang", "zh-Hans", "--name", "小美").stdout
    assert "你是小美，座位1" in out and "小美 跟注1" in out


def test_coach_prints_the_rules_before_your_turn_in_the_chosen_language():
    coached = play("--players", "3", "--seed", "1", "--hands", "1", "--bots", "caller", "--coach",
                   "--lang", "zh-Hant")
    assert "教練：可以免費過牌" in coached.stdout and "新手細節第2條" in coached.stdout and "TDA 2026" in coached.stdout
    plain = play("--players", "3", "--seed", "1", "--hands", "1", "--bots", "caller", "--lang", "zh-Hant")
    assert "教練：" not in plain.stdout and "TDA" not in plain.stdout


@pytest.mark.parametrize(
    ("lang", "first", "compared"),
    [
        ("en", "Coach: caller2 was first to show: nobody bet on the river",
         "Coach: Your best five A♠ K♣ Q♥ [8♠] 6♥ against caller1's A♠ K♣ Q♥ [10♦] 9♣: you lost on the third kicker"),
        ("zh-Hant", "教練：caller2先亮牌：河牌沒有人下注，就由按鈕左手邊第一位還有牌的人先亮",
         "教練：你的最強五張A♠K♣Q♥【8♠】6♥對上caller1的A♠K♣Q♥【10♦】9♣：你輸在第三張踢腳"),
        ("zh-Hans", "教练：caller2先亮牌：河牌没有人下注，就由按钮左手边第一位还有牌的人先亮",
         "教练：你的最强五张A♠K♣Q♥【8♠】6♥对上caller1的A♠K♣Q♥【10♦】9♣：你输在第三张踢脚"),
    ],
)
def test_coach_says_the_showdown_and_compares_your_losing_hand(lang: str, first: str, compared: str) -> None:
    # Seed 4, hand 1: checked down; your 5♥ 6♥ plays A K Q 8 6 and loses to caller1's
    # 10♦ 9♣ (A K Q 10 9) on the third kicker.
    # At the showdown the coached learner is asked to show or muck: "s" (refused while betting).
    coached = play("--players", "3", "--seed", "4", "--hands", "1", "--bots", "caller", "--coach", "--lang", lang,
                   input="c\ns\n" * 60)
    # Rich wraps at 80 columns: read the words without the line breaks it put in.
    out = " ".join(coached.stdout.split()) if lang == "en" else "".join(coached.stdout.split())
    if lang != "en":
        first, compared = "".join(first.split()), "".join(compared.split())
    assert first in out and compared in out
    assert out.index(first) > out.index("SHOWDOWN" if lang == "en" else "攤牌" if lang == "zh-Hant" else "摊牌")


def test_an_all_in_called_turns_every_hand_up_before_the_rest_of_the_board():
    # Seed 004, card 1: all-in preflop and called -- both hands face up, then the flop, turn, river.
    out = play("--players", "2", "--bots", "caller", "--seed", "1", "--hands", "1", input="a\n").stdout
    hands_up = out.index("*** ALL-IN: HANDS TURNED UP ***")
    assert hands_up < out.index("*** FLOP ***") < out.index("*** RIVER ***") < out.index("*** SHOWDOWN ***")
    shown = out[hands_up:out.index("*** FLOP ***")]
    assert "You 4♦ 4♠" in shown and "caller1 J♥ J♠" in shown
    coached = play("--players", "2", "--bots", "caller", "--seed", "1", "--hands", "1", "--coach", "--lang", "zh-Hant", input="a\n").stdout
    assert coached.index("全下：手牌攤開") < coached.index("所有還有效的手牌現在就攤開") < coached.index("*** 翻牌 ***")


def test_a_coached_learner_is_asked_to_show_or_muck_and_told_who_shows_first():
    # Three players check it down; caller2, first left of the button, shows; then You choose.
    script = "c\nm\n" * 60  # "m" is refused while betting; at the showdown it mucks
    out = play("--players", "3", "--bots", "caller", "--seed", "3", "--hands", "1", "--coach", input=script).stdout
    asked = out.index("s show · m muck · q quit")
    before = out[:asked]
    assert "caller2 shows 9♠ 6♦" in before
    assert "caller2 shows first (nobody bet on the last round, so the first player still in left of the button shows first)" in " ".join(before.split())
    assert "a mucked hand gives up every pot you are in" in " ".join(before.split())
    after = out[asked:]
    assert "You muck" in after and "caller2 6" in after
    shown = play("--players", "3", "--bots", "caller", "--seed", "3", "--hands", "1", "--coach", input="c\ns\n" * 60).stdout
    assert "You Q♦ 7♣  pair of queens" in shown
    plain = play("--players", "3", "--bots", "caller", "--seed", "3", "--hands", "1", input="c\n" * 60).stdout
    assert "s show" not in plain  # without the coach the showdown is played the online way


@pytest.mark.parametrize(
    ("lang", "label", "cards"),
    [
        ("en", "  Coach: ", ("A♠ K♣ Q♥ [8♠] 6♥", "A♠ K♣ Q♥ [10♦] 9♣")),
        ("zh-Hans", "  教练：", ("A♠ K♣ Q♥ 【8♠】 6♥", "A♠ K♣ Q♥ 【10♦】 9♣")),
    ],
)
def test_the_coach_wraps_under_its_text_and_never_inside_a_list_of_cards(
    lang: str, label: str, cards: tuple[str, ...], monkeypatch: pytest.MonkeyPatch
) -> None:
    # A 44-column terminal: rich broke "A♠ K♣" from "Q♥ [8♠] 6♥", and its next lines began at column 0.
    from rich.cells import cell_len

    from pokerdealer.cli._app import console

    monkeypatch.setattr(console.real, "_width", 44)
    args = ("--players", "3", "--seed", "4", "--hands", "1", "--bots", "caller", "--coach", "--lang", lang)
    out = play(*args, input="c\ns\n" * 60).stdout
    lines = out.splitlines()
    for run in cards:
        assert any(run in line for line in lines), (run, out)
    indent = " " * cell_len(label)
    hanging = [line for line in lines if line.startswith(indent) and not line[len(indent)].isspace()]
    assert hanging, out  # the lines after a coach line's first start under its text
    assert all(cell_len(line) <= 44 for line in lines if line.startswith((label, indent))), out
    coached = [line for line in lines if line.startswith((label, indent))]
    # A citation stays whole ("TDA 2026" then "45-A" on the next line), a number stays with the
    # word it counts ("第2" then "条").
    assert not [line for line in coached if re.search(r"TDA( 20\d\d)?$", line)], out
    assert not [line for line in coached if line.strip()[:1] in ("条", "條")], out
