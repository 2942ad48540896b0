"""The coach on the home-game rules: what running it twice asks, both boards of a hand run
twice with each run's half of the pots, and a bomb pot's start; in every language."""

from __future__ import annotations

import pytest

from pokerdealer.cards import parse_cards
from pokerdealer.i18n import LANGUAGES
from pokerdealer.learn.coach import coach_lines, showdown_lesson
from pokerdealer.rules import HandConfig, deck_for_deal
from pokerdealer.rules.bomb_pot import bomb_pot
from pokerdealer.rules.hand import Hand


def run_twice() -> Hand:
    """Cy all in, Ann folds her small blind, Bob calls: 101 chips, asked to run it twice."""
    config = HandConfig(stacks=(50, 50, 50), blinds=(1, 2), run_it_twice=True, players=("Ann", "Bob", "Cy"))
    holes = [parse_cards(h) for h in ("7c 2d", "Kh Kd", "Ah Ad")]
    deck = deck_for_deal(config, holes, parse_cards("2c 3c 8s 9d Jh"), second_board=parse_cards("Ks 4d 5s 6c Th"))
    hand = Hand(config, deck)
    hand.all_in(), hand.fold(), hand.call()
    return hand


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_coach_says_what_running_it_twice_means_while_a_player_is_asked(lang: str):
    hand = run_twice()
    (line,) = [line for line in coach_lines(hand, 1) if line.key.startswith("coach.run_twice")]
    assert line.key == "coach.run_twice.ask" and line.rule == "all-in-showdown"
    assert "{" not in line.text(lang)
    assert not [line for line in coach_lines(hand, 0) if line.key.startswith("coach.run_twice")]  # Ann folded


def test_the_coach_explains_both_boards_and_each_runs_half_of_the_pot():
    hand = run_twice()
    hand.apply("p2 runs 2"), hand.apply("p3 runs 2")
    lines = coach_lines(hand, 1)
    boards = [line for line in lines if line.key == "coach.run_twice.boards"]
    assert boards[0].body("en") == (
        "The board was run twice: the first run 2♣ 3♣ 8♠ 9♦ J♥, the second K♠ 4♦ 5♠ 6♣ 10♥. Each pot was halved, "
        "one half to each run's best hand; a pot that did not halve gave its odd chip to the first run."
    )
    assert boards[0].body("zh-Hant").startswith("公牌發了兩次：第一次 2♣ 3♣ 8♠ 9♦ J♥，第二次 K♠ 4♦ 5♠ 6♣ 10♥。")
    assert boards[0].body("zh-Hans").startswith("公共牌发了两次：第一次 2♣ 3♣ 8♠ 9♦ J♥，第二次 K♠ 4♦ 5♠ 6♣ 10♥。")
    why = [line.body("en") for line in lines if line.key == "coach.why_won"]
    assert why[0].startswith("Why the pot of 51 on the first run went where it went: Cy wins")
    assert why[1].startswith("Why the pot of 50 on the second run went where it went: Bob wins")
    assert "three kings beats a pair of aces" in why[1]  # told on the second run's board
    for lang in LANGUAGES:
        assert all("{" not in line.text(lang) for line in lines)


def test_the_showdown_lesson_compares_the_hands_on_each_board():
    hand = run_twice()
    hand.apply("p2 runs 2"), hand.apply("p3 runs 2")
    lesson = [line for line in showdown_lesson(hand, 1) if line.compare is not None]
    assert [line.key for line in lesson] == ["coach.sd.lost"]  # Bob lost the first run to Cy's aces
    assert lesson[0].compare.board == parse_cards("2c 3c 8s 9d Jh")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_coach_explains_a_bomb_pots_start(lang: str):
    config = bomb_pot(HandConfig(stacks=(100, 100, 100), blinds=(1, 2), players=("Ann", "Bob", "Cy")), ante=10)
    hand = Hand(config, deck_for_deal(config, [None] * 3))
    (yours,) = [line for line in coach_lines(hand, 0) if line.key.startswith("coach.bomb_pot")]
    (theirs,) = [line for line in coach_lines(hand, 1) if line.key.startswith("coach.bomb_pot")]
    assert (yours.key, theirs.key, theirs.rule) == ("coach.bomb_pot.you", "coach.bomb_pot.start", "action-order")
    assert "10" in theirs.text(lang) and "Ann" in theirs.text(lang) and "{" not in yours.text(lang)
    if lang == "en":
        assert theirs.body(lang).startswith("A bomb pot: everyone put in an ante of 10, and nobody bets before the flop.")
    hand.check()
    assert not [line for line in coach_lines(hand, 1) if line.key.startswith("coach.bomb_pot")]  # said once, at the start
