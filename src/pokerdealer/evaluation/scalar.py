"""Evaluating one hand: a fast rank-only path and the rich :func:`evaluate`.

>>> evaluate_rank("As Ks Qs Js Ts 2c 3d")
7462
>>> evaluate("Ah 2d 3c 4s 5h Kd Kc").category
<Category.STRAIGHT: 'straight'>
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence

from pokerdealer.cards import Card, CardsLike, Variant, parse_cards
from pokerdealer.errors import EvaluationError
from pokerdealer.evaluation.tables import RANK_BITS, RANK_MASK, Lookup, Ranking, lookup_for
from pokerdealer.evaluation.value import HandValue

__all__ = ["evaluate", "evaluate_rank", "rank_function", "rank_of_indices"]

RankFunction = Callable[[Sequence[int]], int]


@functools.cache
def rank_function(variant: Variant = "holdem", *, trips_beat_straight: bool = True) -> RankFunction:
    """A function from 5-7 card indices to the hand's rank, for hot loops.

    The returned function does no validation: callers pass distinct indices
    of cards in the variant's deck.

    >>> rank = rank_function()
    >>> rank([48, 49, 44, 45, 0, 5, 10]) > rank([48, 49, 0, 5, 10, 20, 30])
    True
    """
    lookup = lookup_for(Ranking(variant, trips_beat_straight))
    code = list(lookup.card_code)
    flush_suit = list(lookup.flush_suit)
    flush_rank = lookup.flush_rank
    non_flush = lookup.non_flush_rank
    mask, bits = RANK_MASK, RANK_BITS

    non_flush_7 = non_flush[7]

    def rank(indices: Sequence[int]) -> int:
        if len(indices) == 7:
            # The engine's hot path: unrolled, no loop for the common non-flush case.
            a, b, c, d, e, f, g = indices
            key = code[a] + code[b] + code[c] + code[d] + code[e] + code[f] + code[g]
            suit = flush_suit[key >> bits]
            if suit < 0:
                return non_flush_7[key & mask]
            best = non_flush_7[key & mask]
        else:
            key = 0
            for index in indices:
                key += code[index]
            best = non_flush[len(indices)][key & mask]
            suit = flush_suit[key >> bits]
            if suit < 0:
                return best
        suited = 0
        for index in indices:
            if index & 3 == suit:
                suited |= 1 << (index >> 2)
        flush = flush_rank[suited]
        return flush if flush > best else best

    return rank


def rank_of_indices(indices: Sequence[int], variant: Variant = "holdem") -> int:
    """Rank of 5-7 card indices (validated: count and duplicates)."""
    if not 5 <= len(indices) <= 7:
        raise EvaluationError(f"a hand has 5, 6 or 7 cards, got {len(indices)}")
    if len(set(indices)) != len(indices):
        raise EvaluationError("a card appears twice in the hand")
    return rank_function(variant)(indices)


def _cards(cards: CardsLike, variant: Variant) -> tuple[Card, ...]:
    hand = parse_cards(cards, variant=variant, what="hand")
    if not 5 <= len(hand) <= 7:
        raise EvaluationError(
            f"a hand has 5, 6 or 7 cards (hole cards and board together), got {len(hand)}"
        )
    return hand


def evaluate_rank(
    cards: CardsLike, variant: Variant = "holdem", *, trips_beat_straight: bool = True
) -> int:
    """The rank of the best five of 5-7 cards: higher is better, equal ties.

    >>> evaluate_rank("As Ad Kc Kd 2h") > evaluate_rank("As Ad Qc Qd Kh")
    True
    """
    hand = _cards(cards, variant)
    return rank_function(variant, trips_beat_straight=trips_beat_straight)(
        [c.index for c in hand]
    )


def evaluate(
    cards: CardsLike, variant: Variant = "holdem", *, trips_beat_straight: bool = True
) -> HandValue:
    """Evaluate 5-7 cards: category, rank, best five (made part, then kickers).

    ``trips_beat_straight`` only matters in short deck (RULES.md §8.2).

    >>> value = evaluate("Ah 9c Ad Qs 7h 3c 2d")
    >>> " ".join(str(c) for c in value.best_five)
    'Ah Ad Qs 9c 7h'
    """
    hand = _cards(cards, variant)
    tables = lookup_for(Ranking(variant, trips_beat_straight))
    rank = rank_function(variant, trips_beat_straight=trips_beat_straight)(
        [c.index for c in hand]
    )
    best = _best_five(hand, rank, tables)
    made = tables.class_made[rank]
    return HandValue(
        category=tables.class_category[rank],
        rank=rank,
        best_five=best,
        made=best[:made],
        kickers=best[made:],
        variant=tables.ranking.variant,
    )


def _best_five(hand: tuple[Card, ...], rank: int, tables: Lookup) -> tuple[Card, ...]:
    """The actual cards behind a rank: pick, for each rank in the pattern, a card of the hand."""
    pattern = tables.class_pattern[rank]
    available = sorted(hand, key=lambda c: c.index, reverse=True)  # spades first among equals
    if tables.class_is_flush[rank]:
        suit_counts = [0, 0, 0, 0]
        for card in hand:
            suit_counts[card.suit] += 1
        suit = max(range(4), key=suit_counts.__getitem__)
        available = [c for c in available if c.suit == suit]
    chosen: list[Card] = []
    for wanted in pattern:
        for card in available:
            if card.rank == wanted:
                chosen.append(card)
                available.remove(card)
                break
        else:  # pragma: no cover - the tables and the hand disagree
            raise EvaluationError(f"internal: no card of rank {wanted} for class {rank}")
    return tuple(chosen)

