"""Deck orders: where each card is dealt from, and building one that deals given cards.

The engine deals from a deck order it is given (see :mod:`pokerdealer.rules.hand`
for the procedure). :func:`hole_positions` and :func:`board_positions` name the
deck positions it uses: the ``k``-th player in :func:`deal_order` gets
``deck[k]`` and ``deck[n + k]``; the burns are ``deck[2n]``, ``deck[2n + 4]``
and ``deck[2n + 6]``; the board is ``deck[2n + 1 .. 2n + 3]`` (flop),
``deck[2n + 5]`` (turn) and ``deck[2n + 7]`` (river); a second run (a board
run twice) comes from the cards after those (:func:`second_run_positions`). A hand history records
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
from typing import NamedTuple

from pokerdealer.cards import Card, deck_cards
from pokerdealer.errors import PokerDealerError
from pokerdealer.rules.config import HandConfig

__all__ = [
    "EXTRA_CARDS",
    "RunPositions",
    "board_positions",
    "deal_order",
    "deck_for_deal",
    "hole_positions",
    "second_run_positions",
]

#: The deck cards a second run (:mod:`pokerdealer.rules.run_twice`) may need beyond
#: one board's ``2n + 8``: a burn before each of flop, turn and river and five board cards.
EXTRA_CARDS = 8

# Board cards each street adds: flop, turn, river.
_STREETS = (3, 1, 1)


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


class RunPositions(NamedTuple):
    """The deck positions the second run deals: its burn cards and its new board
    cards (the board cards out when the players agreed are on both runs)."""

    burns: tuple[int, ...]
    board: tuple[int, ...]


def second_run_positions(player_count: int, dealt: int) -> RunPositions:
    """Where the second run comes from, ``dealt`` board cards being out (0, 3 or 4)
    when the players agreed: from ``2 * player_count + 8`` on, a burn before each
    street it deals.

    >>> second_run_positions(2, 0)  # heads-up all in before the flop
    RunPositions(burns=(12, 16, 18), board=(13, 14, 15, 17, 19))
    >>> second_run_positions(2, 3), second_run_positions(2, 4)
    (RunPositions(burns=(12, 14), board=(13, 15)), RunPositions(burns=(12,), board=(13,)))
    """
    if dealt not in (0, 3, 4):
        raise ValueError(f"a board is run again from 0, 3 or 4 cards, not {dealt}")
    position = 2 * player_count + 8
    burns: list[int] = []
    board: list[int] = []
    out = 0
    for size in _STREETS:
        if out >= dealt:
            burns.append(position)
            board.extend(range(position + 1, position + 1 + size))
            position += 1 + size
        out += size
    return RunPositions(tuple(burns), tuple(board))


def deck_for_deal(
    config: HandConfig,
    hole_cards: Sequence[Sequence[Card] | None],
    board: Sequence[Card] = (),
    *,
    second_board: Sequence[Card] = (),
) -> tuple[Card, ...]:
    """A deck order that makes the engine deal exactly these cards.

    ``hole_cards[i]`` is player ``i``'s two cards or ``None`` (unknown);
    ``board`` is 0 to 5 board cards. Unknown cards, burns and the rest of
    the deck are filled with the unused cards of the variant's deck, in
    index order (deterministic).

    ``second_board``: a hand run twice, the second run's five cards; the cards it
    shares with ``board`` at its start are those out when the players agreed, and
    the rest go where the second run is dealt from
    (:func:`second_run_positions`).

    >>> from pokerdealer.cards import parse_cards
    >>> config = HandConfig(stacks=(10, 10), run_it_twice=True)
    >>> deck = deck_for_deal(config, [None, None], parse_cards("2c 3c 4c 5c 6c"),
    ...                      second_board=parse_cards("2c 3c 4c Kd Qd"))
    >>> deck[13], deck[15]  # burn 12, turn 13, burn 14, river 15
    (Card('Kd'), Card('Qd'))
    """
    n = len(config.stacks)
    if len(hole_cards) != n:
        raise PokerDealerError(f"hole cards for {len(hole_cards)} players, the hand has {n}")
    if len(board) > 5:
        raise PokerDealerError(f"a board has at most 5 cards, got {len(board)}")
    shared = 0
    second_run: list[tuple[int, Card]] = []
    if second_board:
        if len(board) != 5 or len(second_board) != 5:
            raise PokerDealerError(
                f"a board run twice has two boards of 5 cards, got {len(board)} and {len(second_board)}"
            )
        while shared < 5 and board[shared] == second_board[shared]:
            shared += 1
        if shared not in (0, 3, 4):
            raise PokerDealerError(
                f"two runs share the cards out when they were agreed (none, the flop or the turn), "
                f"not {shared}: {' '.join(map(str, board))} / {' '.join(map(str, second_board))}"
            )
        second_run = list(zip(second_run_positions(n, shared).board, second_board[shared:], strict=True))
    known: list[Card] = [c for h in hole_cards if h for c in h] + list(board) + [c for _, c in second_run]
    if len({c.index for c in known}) != len(known):
        raise PokerDealerError("a card is given twice")
    full = deck_cards(config.variant)
    allowed = {c.index for c in full}
    for c in known:
        if c.index not in allowed:
            raise PokerDealerError(f"{c} is not in the {config.variant} deck")
    used = {c.index for c in known}
    spare = iter([c for c in full if c.index not in used])
    slots: list[Card | None] = [None] * (2 * n + 8 + (EXTRA_CARDS if second_run else 0))
    for i, cards in enumerate(hole_cards):
        if cards is not None:
            if len(cards) != 2:
                raise PokerDealerError(f"player {i} needs 2 hole cards, got {len(cards)}")
            first, second = hole_positions(config, i)
            slots[first], slots[second] = cards[0], cards[1]
    for position, card in zip(board_positions(n), board, strict=False):
        slots[position] = card
    for position, card in second_run:
        slots[position] = card
    deck = [c if c is not None else next(spare) for c in slots]
    deck.extend(spare)
    return tuple(deck)
