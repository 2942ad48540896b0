"""The deck positions the engine deals from, named once in :mod:`pokerdealer.rules.deal`."""

from __future__ import annotations

import random

import pytest

from pokerdealer.cards import deck_cards
from pokerdealer.errors import PokerDealerError
from pokerdealer.rules import (
    Action,
    Hand,
    HandConfig,
    Street,
    board_positions,
    deck_for_deal,
    hole_positions,
)


@pytest.mark.parametrize("n", range(2, 11))
def test_the_engine_deals_hole_cards_from_hole_positions(n: int) -> None:
    rng = random.Random(n)
    for button in range(n):
        config = HandConfig(stacks=(100,) * n, button=button)
        deck = deck_cards()
        deck = tuple(rng.sample(deck, len(deck)))
        hand = Hand(config, deck)
        for player in range(n):
            first, second = hole_positions(config, player)
            assert hand.hole_cards[player] == (deck[first], deck[second])


@pytest.mark.parametrize("n", [2, 3, 6, 9])
def test_the_engine_deals_the_board_from_board_positions(n: int) -> None:
    deck = tuple(random.Random(n).sample(deck_cards(), 52))
    hand = Hand(HandConfig(stacks=(100,) * n), deck)
    for _ in range(200):  # everyone checks or calls down
        if hand.is_complete or hand.street is Street.SHOWDOWN:
            break
        legal = hand.legal()
        hand.apply(Action("check" if legal.can_check else "call", hand.actor))
    assert len(hand.board) == 5
    assert hand.board == tuple(deck[p] for p in board_positions(n))


def test_every_player_gets_two_positions_of_their_own() -> None:
    for n in range(2, 11):
        config = HandConfig(stacks=(10,) * n, button=n // 2)
        used = [p for i in range(n) for p in hole_positions(config, i)] + list(board_positions(n))
        assert sorted(used) == sorted(set(used))
        assert max(used) == 2 * n + 7


def test_hole_positions_refuses_a_player_not_in_the_hand() -> None:
    with pytest.raises(PokerDealerError, match="player 3 is not in a hand of 3 players"):
        hole_positions(HandConfig(stacks=(10, 10, 10)), 3)


def test_deck_for_deal_puts_cards_where_the_positions_say() -> None:
    from pokerdealer.cards import parse_cards

    config = HandConfig(stacks=(50, 50, 50, 50), button=2)
    holes = [parse_cards("AsAd"), None, parse_cards("7h2c"), parse_cards("KcKd")]
    board = parse_cards("QsJsTs9s")
    deck = deck_for_deal(config, holes, board)
    for i, cards in enumerate(holes):
        if cards is not None:
            assert tuple(deck[p] for p in hole_positions(config, i)) == cards
    assert tuple(deck[p] for p in board_positions(4)[:4]) == board
