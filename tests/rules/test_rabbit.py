"""Rabbit hunting (rules/rabbit.py): the cards a hand that ended before the river would
have dealt, from the deck positions the deal would have used, behind their burns."""

from __future__ import annotations

import pytest

from pokerdealer.cards import parse_cards
from pokerdealer.errors import PokerDealerError
from pokerdealer.rules import Hand, HandConfig
from pokerdealer.rules.rabbit import rabbit_hunt

# Three players, the button last: hole cards 0..5, burn 6, flop 7-9, burn 10, turn 11, burn 12, river 13.
DECK = parse_cards("Ah 7c 2d  Kh 8c 3d  Qs  Jc Tc 9c  Js  6h  Ts  5h  4s")


def hand() -> Hand:
    return Hand(HandConfig(stacks=(100, 100, 100), blinds=(1, 2)), DECK)


def test_a_fold_on_the_flop_hunts_the_turn_and_the_river_behind_their_burns():
    h = hand()
    h.call(), h.call(), h.check()  # preflop
    h.raise_to(10), h.fold(), h.fold()  # the flop Jc Tc 9c: over
    hunt = rabbit_hunt(h)
    assert hunt.board == parse_cards("Jc Tc 9c")
    assert hunt.cards == parse_cards("6h 5h") and hunt.positions == (11, 13) and hunt.burns == (10, 12)


def test_a_fold_before_the_flop_hunts_the_whole_board():
    h = hand()
    h.raise_to(6), h.fold(), h.fold()
    hunt = rabbit_hunt(h)
    assert hunt.cards == parse_cards("Jc Tc 9c 6h 5h")
    assert hunt.positions == (7, 8, 9, 11, 13) and hunt.burns == (6, 10, 12) and hunt.board == ()


def test_a_fold_on_the_turn_hunts_the_river_only():
    h = hand()
    h.call(), h.call(), h.check()
    for _ in range(3):
        h.check()  # the flop
    h.raise_to(10), h.fold(), h.fold()  # the turn
    assert rabbit_hunt(h)[1:] == (parse_cards("5h"), (13,), (12,))


def test_hunting_changes_nothing_of_the_hand():
    h = hand()
    h.raise_to(6), h.fold(), h.fold()
    before = h._fingerprint()
    rabbit_hunt(h)
    assert h._fingerprint() == before and h.board == () and h.result.final_stacks == (99, 98, 103)


def test_never_during_a_hand_nor_after_a_full_board():
    h = hand()
    with pytest.raises(PokerDealerError, match="still in play") as refused:
        rabbit_hunt(h)
    assert refused.value.key == "rules.rabbit.in_play"
    h.all_in(), h.call(), h.call()  # all in preflop: the board is run out to the river
    with pytest.raises(PokerDealerError, match="no card left to hunt"):
        rabbit_hunt(h)
