"""Showing after the hand (rules/show_after.py): once the hand is over any player dealt in
may show one or both hole cards; it is recorded in the log and every reader sees it."""

from __future__ import annotations

import pytest

from pokerdealer.cards import parse_cards
from pokerdealer.errors import IllegalActionError
from pokerdealer.rules import HandConfig, deck_for_deal, replay
from pokerdealer.rules.hand import Hand


def deal() -> Hand:
    config = HandConfig(stacks=(100, 100, 100), blinds=(1, 2), players=("Ann", "Bob", "Cy"))
    holes = [parse_cards(h) for h in ("7c 2d", "As Ks", "Qh Jh")]
    return Hand(config, deck_for_deal(config, holes, parse_cards("2c 2h 9s 4d 5c")))


def test_the_winner_of_an_uncontested_pot_shows_both_cards_after_the_hand():
    hand = deal()
    hand.fold(), hand.raise_to(6), hand.fold()  # Cy folds, Ann raises, Bob folds: Ann wins
    record = hand.show_after(0, "both")
    assert str(record) == "p1 sm 7c2d" and hand.log[-1] == record
    assert hand.shown_after == {0: parse_cards("7c 2d")}
    for reader in (None, 1, 2):
        assert hand.view(reader).shown_after == (parse_cards("7c 2d"), (), ())
    assert hand.result.final_stacks == (102, 98, 100)  # nothing of the result changes


def test_one_card_then_the_other_in_the_order_dealt():
    hand = deal()
    hand.fold(), hand.fold()  # Bob wins the blinds
    hand.show_after(2, "second")  # Cy, who folded, shows his jack
    hand.show_after(2, "first")
    assert hand.shown_after == {2: parse_cards("Qh Jh")}
    assert [str(a) for a in hand.log[-2:]] == ["p3 sm Jh", "p3 sm Qh"]


def test_a_show_after_the_hand_is_replayed_from_the_log():
    hand = deal()
    hand.fold(), hand.fold()
    hand.show_after(0, "first")
    again = replay(hand.config, hand.deck, [str(a) for a in hand.log])
    assert again.shown_after == hand.shown_after == {0: parse_cards("7c")}


def test_a_player_who_mucked_at_the_showdown_may_show_after_it():
    hand = deal()
    hand.call(), hand.call(), hand.check()  # preflop
    for _ in range(9):
        hand.check()  # flop, turn and river checked through
    hand.show(), hand.muck(), hand.muck()  # Ann (trips) shows first, Bob and Cy muck
    hand.show_after(1, "both")
    assert hand.shown_after == {1: parse_cards("As Ks")} and hand.result.mucked == (1, 2)


def test_what_cannot_be_shown_is_refused_and_changes_nothing():
    hand = deal()
    with pytest.raises(IllegalActionError, match="before the showdown"):
        hand.show_after(2)  # the hand is in play (Cy to act)
    hand.fold(), hand.fold()
    hand.show_after(0, "first")
    before = hand._fingerprint()
    for action, said in [
        (lambda: hand.show_after(0, "first"), "these cards are shown already"),
        (lambda: hand.show_after(0, "third"), "say first, second or both"),
        (lambda: hand.apply("p1 sm AsKs"), "one or both of their own hole cards"),
        (lambda: hand.show_after(5), "was not dealt in"),
        (lambda: hand.apply("p2 cc"), "no action is pending"),
    ]:
        with pytest.raises(IllegalActionError, match=said):
            action()
        assert hand._fingerprint() == before


def test_a_hand_the_history_does_not_state_has_nothing_to_show():
    config = HandConfig(stacks=(100, 100), blinds=(1, 2))
    hand = Hand(config, deck_for_deal(config, [None, None]), unknown=(1,))
    hand.fold()
    with pytest.raises(IllegalActionError, match="cards are not known"):
        hand.show_after(1)
