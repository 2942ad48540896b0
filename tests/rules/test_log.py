"""Illegal actions, the log and replay, deck orders, notation, the per-player view."""

from __future__ import annotations

import random

import pytest

from pokerdealer.cards import deck_cards, parse_cards
from pokerdealer.rules import (
    Action,
    Hand,
    HandConfig,
    IllegalActionError,
    deck_for_deal,
    format_action,
    parse_action,
    replay,
)
from tests.rules.helpers import make_hand, play


def rejected(hand: Hand, action: Action | str) -> IllegalActionError:
    before = hand._fingerprint()
    with pytest.raises(IllegalActionError) as error:
        hand.apply(action)
    assert hand._fingerprint() == before
    return error.value


def test_illegal_action_names_player_rule_and_what_was_legal():
    hand = make_hand([1000] * 3, blinds=(5, 10))
    play(hand, "p3 cbr 20", "p1 cbr 60")
    error = rejected(hand, "p2 cbr 80")
    assert error.player == 1 and error.rule == "min_raise"
    assert error.legal == hand.legal()
    assert str(error) == (
        "p2: raise to 80 is below the minimum raise to 100 (legal: fold, call 50, raise to 100..1000)"
    )


def test_not_your_turn():
    hand = make_hand([1000] * 3)
    assert rejected(hand, "p1 f").rule == "not_your_turn"


def test_cannot_check_facing_a_bet():
    hand = make_hand([1000] * 3)
    assert rejected(hand, Action("check")).rule == "cannot_check"


def test_cannot_call_without_a_bet_and_fold_option():
    hand = make_hand([1000] * 3)
    play(hand, "p3 cc", "p1 cc")
    assert rejected(hand, Action("call")).rule == "cannot_call"
    hand.fold()  # folding when checking is free is allowed by default
    from pokerdealer.rules import RuleOptions

    strict = make_hand([1000] * 3, options=RuleOptions(fold_when_check_allowed=False))
    play(strict, "p3 cc", "p1 cc")
    assert not strict.legal().can_fold
    assert rejected(strict, Action("fold")).rule == "cannot_fold"


def test_max_raise_and_no_action_pending():
    hand = make_hand([100] * 2)
    assert rejected(hand, Action("raise", None, 101)).rule == "max_raise"
    assert rejected(hand, Action("raise", None, "50")).rule == "bad_amount"  # type: ignore[arg-type]
    play(hand, "p2 f")
    assert hand.is_complete
    assert rejected(hand, Action("check")).rule == "no_action_pending"


def test_show_before_showdown_is_rejected():
    hand = make_hand([100] * 2)
    assert rejected(hand, Action("show")).rule == "not_showdown"


def test_all_in_is_a_raise_or_an_all_in_call():
    hand = make_hand([100, 50, 150], blinds=(1, 2))
    assert hand.all_in() == Action("raise", 2, 150)
    assert hand.all_in() == Action("call", 0, 99)
    assert hand.all_in() == Action("call", 1, 48)


def test_every_action_is_logged_and_replay_rebuilds_the_identical_state():
    rng = random.Random(7)
    config = HandConfig(stacks=(300, 150, 500, 80), blinds=(5, 10), ante=1)
    deck = list(deck_cards())
    rng.shuffle(deck)
    hand = Hand(config, deck)
    while not hand.is_complete:
        legal = hand.legal()
        if legal.can_show:
            hand.apply(Action(rng.choice(["show", "muck"])))
            continue
        options = [Action("check_call")]
        if legal.call is not None:
            options.append(Action("fold"))
        if legal.min_raise_to is not None:
            options.append(Action("raise", None, legal.max_raise_to))
        hand.apply(rng.choice(options))
    again = replay(config, deck, hand.log)
    assert again._fingerprint() == hand._fingerprint()
    assert again.result == hand.result
    texts = [format_action(a) for a in hand.log]
    assert replay(config, deck, texts).result == hand.result


def test_deck_for_deal_deals_the_given_cards_and_fills_unknowns():
    config = HandConfig(stacks=(100,) * 4, button=1)
    holes = [parse_cards("As Ad"), None, parse_cards("Kc Kd"), None]
    deck = deck_for_deal(config, holes, parse_cards("2h 3h 4h 5h"))
    hand = Hand(config, deck)
    assert hand.hole_cards[0] == parse_cards("As Ad")
    assert hand.hole_cards[2] == parse_cards("Kc Kd")
    assert len(set(deck)) == 52
    play(hand, "p1 cc", "p2 cc", "p3 cc", "p4 cc")
    assert hand.board == parse_cards("2h 3h 4h")
    play(hand, "p3 cc", "p4 cc", "p1 cc", "p2 cc")
    assert hand.board[3] == parse_cards("5h")[0]


def test_parse_and_format_phh_actions():
    assert parse_action("p3 cbr 80") == Action("raise", 2, 80)
    assert parse_action("p1 f") == Action("fold", 0)
    assert parse_action("p2 cc") == Action("check_call", 1)
    assert parse_action("p1 sm") == Action("muck", 0)
    assert parse_action("p1 sm AsKd") == Action("show", 0, None, parse_cards("As Kd"))
    for text in ("p3 cbr 80", "p1 f", "p2 cc", "p1 sm", "p1 sm AsKd"):
        assert format_action(parse_action(text)) == text
    with pytest.raises(ValueError):
        parse_action("x1 f")


def test_view_hides_other_players_hole_cards():
    hand = make_hand([100, 100], holes=["As Ad", "Kc Kd"], board="2c 3d 4h 5s 9c")
    view = hand.view(1)
    assert view.hole_cards == (None, parse_cards("Kc Kd"))
    assert view.legal == hand.legal()  # player 1 (the button) acts first heads-up
    assert hand.view(0).legal is None
    assert hand.view(None).hole_cards == (None, None)
    play(hand, "p2 cbr 100", "p1 cc")
    assert hand.view(None).hole_cards == (parse_cards("As Ad"), parse_cards("Kc Kd"))


def test_chips_are_conserved_and_payoffs_sum_to_zero():
    hand = make_hand([100, 37, 250], blinds=(2, 5), ante=1)
    play(hand, "p3 cbr 249", "p1 cc", "p2 cc")
    assert sum(hand.result.final_stacks) == 387
    assert sum(hand.result.payoffs) == 0
