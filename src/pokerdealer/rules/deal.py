"""Deck orders: where each card is dealt from, and building one that deals given cards.

The engine deals from a deck order it is given (see :mod:`pokerdealer.rules.hand`
for the procedure). :func:`hole_positions` and :func:`board_positions` name the
deck positions it uses: the ``k``-th player in :func:`deal_order` gets
``deck[k]`` and ``deck[n + k]``; the burns are ``deck[2n]``, ``deck[2n + 4]``
and ``deck[2n + 6]``; the board is ``deck[2n + 1 .. 2n + 3]`` (flop),
``deck[2n + 5]`` (turn) and ``deck[2n + 7]`` (river). A hand history records
hole cards and the board instead; :func:`deck_for_deal` turns those back into a
deck order.

>>> from pokerdealer.cards import parse_cards
>>> from pokerdealer.rules.config import HandConfig
>>> from pokerdealer.rules.hand import Hand
>>> config = HandConfig(stacks=(100, 100, 100))
>>> deck = deck_for_deal(config, [parse_cards("AsAd"), None, parse_cards("7h2c")], parse_cards("KsQsJs"))
>>> hand = Hand(config, deck)
>>> hand.hole_cards[0], hand.hole_cards[2]
((Card('As'), Card('Ad')), (Card('7h'), Card('2c')))
"""

from __future__ import annotations

from collections.abc import Sequence

from pokerdealer.cards import Card, deck_cards
from pokerdealer.errors import PokerDealerError
from pokerdealer.rules.config import HandConfig

__all__ = ["board_positions", "deal_order", "deck_for_deal", "hole_positions"]


def deal_order(config: HandConfig) -> tuple[int, ...]:
    """The players in the order they receive cards: from the left of the button.

    >>> deal_order(HandConfig(stacks=(10, 10, 10, 10), button=1))
    (2, 3, 0, 1)
    """
    n = len(config.stacks)
    return tuple((config.button + 1 + k) % n for k in range(n))


def hole_positions(config: HandConfig, player: int) -> tuple[int, int]:
    """The deck positions of ``player``'s two hole cards, in the order dealt.

    >>> hole_positions(HandConfig(stacks=(10, 10, 10, 10), button=1), 2)
    (0, 4)
    >>> hole_positions(HandConfig(stacks=(10, 10)), 1)  # heads-up: the button is dealt second
    (1, 3)
    """
    n = len(config.stacks)
    if not 0 <= player < n:
        raise PokerDealerError(f"player {player} is not in a hand of {n} players")
    k = (player - config.button - 1) % n
    return k, n + k


def board_positions(player_count: int) -> tuple[int, int, int, int, int]:
    """The deck positions of the five board cards (flop, turn, river), after the
    ``2 * player_count`` hole cards, each street behind its burn card.

    >>> board_positions(2)
    (5, 6, 7, 9, 11)
    """
    base = 2 * player_count
    return base + 1, base + 2, base + 3, base + 5, base + 7


def deck_for_deal(
    config: HandConfig,
    hole_cards: Sequence[Sequence[Card] | None],
    board: Sequence[Card] = (),
) -> tuple[Card, ...]:
    """A deck order that makes the engine deal exactly these cards.

    ``hole_cards[i]`` is player ``i``'s two cards or ``None`` (unknown);
    ``board`` is 0 to 5 board cards. Unknown cards, burns and the rest of
    the deck are filled with the unused cards of the variant's deck, in
    index order (deterministic).
    """
    n = len(config.stacks)
    if len(hole_cards) != n:
        raise PokerDealerError(f"hole cards for {len(hole_cards)} players, the hand has {n}")
    if len(board) > 5:
        raise PokerDealerError(f"a board has at most 5 cards, got {len(board)}")
    known: list[Card] = [c for h in hole_cards if h for c in h] + list(board)
    if len({c.index for c in known}) != len(known):
        raise PokerDealerError("a card is given twice")
    full = deck_cards(config.variant)
    allowed = {c.index for c in full}
    for c in known:
        if c.index not in allowed:
            raise PokerDealerError(f"{c} is not in the {config.variant} deck")
    used = {c.index for c in known}
    spare = iter([c for c in full if c.index not in used])
    slots: list[Card | None] = [None] * (2 * n + 8)
    for i, cards in enumerate(hole_cards):
        if cards is not None:
            if len(cards) != 2:
                raise PokerDealerError(f"player {i} needs 2 hole cards, got {len(cards)}")
            first, second = hole_positions(config, i)
            slots[first], slots[second] = cards[0], cards[1]
    for position, card in zip(board_positions(n), board, strict=False):
        slots[position] = card
    deck = [c if c is not None else next(spare) for c in slots]
    deck.extend(spare)
    return tuple(deck)
