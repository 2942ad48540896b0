"""The ``play`` command, driven through its input like a person at the terminal."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from pokerdealer.cli import app
from pokerdealer.cli.play import parse_command
from pokerdealer.cards import deck_cards
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
