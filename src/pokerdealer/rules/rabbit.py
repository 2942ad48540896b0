"""Rabbit hunting: the board cards that would have come, once a hand ended before the river.

A home-game courtesy, not part of the hand: when everyone else folded before
the river, a player may ask what the rest of the board would have been. The
cards are those the deal would have put out next, from the same deck, each
street behind the burn card the deal would have burned first (the burns stay
face down): after a fold on the flop, the turn is ``deck[2n + 5]`` (behind the
burn at ``2n + 4``) and the river ``deck[2n + 7]`` (behind ``2n + 6``); see
:mod:`pokerdealer.rules.deal`. They change nothing: the pot has been awarded,
and the hand's board and log stay as they were. Only a finished hand is hunted,
never one in play.

>>> from pokerdealer.cards import parse_cards
>>> from pokerdealer.rules import Hand, HandConfig, deck_for_deal
>>> config = HandConfig(stacks=(100, 100), blinds=(1, 2))
>>> deck = deck_for_deal(config, [None, None], parse_cards("Ah Kd 7c 2s 9h"))
>>> hand = Hand(config, deck)
>>> _ = hand.call(), hand.check()  # preflop
>>> _ = hand.raise_to(10), hand.fold()  # on the flop: the hand is over
>>> hunt = rabbit_hunt(hand)
>>> hunt.cards, hunt.positions, hunt.burns
((Card('2s'), Card('9h')), (9, 11), (8, 10))
"""

from __future__ import annotations

from typing import NamedTuple

from pokerdealer.cards import Card
from pokerdealer.errors import PokerDealerError
from pokerdealer.rules.deal import board_positions
from pokerdealer.rules.state import HandState

__all__ = ["RabbitHunt", "rabbit_hunt"]


class RabbitHunt(NamedTuple):
    """The board cards a finished hand did not deal, and where they lie in its deck.

    ``cards`` in the order they would have come; ``positions`` their deck
    positions (what a deck proof opens); ``burns`` the positions the deal would
    have burned first, which stay face down; ``board`` the hand's board as dealt.
    None of these cards is part of the hand.
    """

    board: tuple[Card, ...]
    cards: tuple[Card, ...]
    positions: tuple[int, ...]
    burns: tuple[int, ...]


def rabbit_hunt(hand: HandState) -> RabbitHunt:
    """The cards that would have completed ``hand``'s board (a finished hand that
    ended before the river); raises :class:`~pokerdealer.errors.PokerDealerError`
    for a hand still in play or one whose board is complete."""
    if not hand.is_complete:
        raise PokerDealerError.said("rules.rabbit.in_play")
    dealt = len(hand._board)
    if dealt == 5:
        raise PokerDealerError.said("rules.rabbit.full_board")
    n = hand._n
    positions = board_positions(n)[dealt:]
    # Each street's burn lies just before its first card: 2n, 2n + 4, 2n + 6.
    burns = tuple(p - 1 for k, p in enumerate(board_positions(n)) if k >= dealt and k in (0, 3, 4))
    deck = hand._deck
    return RabbitHunt(tuple(hand._board), tuple(deck[p] for p in positions), positions, burns)
