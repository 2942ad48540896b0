"""Evaluating one hand: a fast rank-only path and the rich :func:`evaluate`.

>>> evaluate_rank("As Ks Qs Js Ts 2c 3d")
7462
>>> evaluate("Ah 2d 3c 4s 5h Kd Kc").category
<Category.STRAIGHT: 'straight'>
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence

from pokerdealer.cards import CARDS, Card, CardsLike, Variant, parse_cards
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
    if type(cards) is tuple and 5 <= len(cards) <= 7:
        # Cards already parsed (the engine's and most callers'): take them as
        # they are when nothing is wrong; anything else gets parse_cards' message.
        lowest = 0 if variant == "holdem" else 16
        indices = {c.index for c in cards if type(c) is Card and c.index >= lowest}
        if len(indices) == len(cards):
            return cards
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
    evaluator = _EVALUATORS.get((variant, trips_beat_straight))
    if evaluator is None:
        evaluator = _evaluator(variant, trips_beat_straight)
    tables, rank_of = evaluator
    indices = [c.index for c in hand]
    rank = rank_of(indices)
    best = _best_five(indices, rank, tables)
    made = tables.class_made[rank]
    return HandValue(
        category=tables.class_category[rank],
        rank=rank,
        best_five=best,
        made=best[:made],
        kickers=best[made:],
        variant=tables.ranking.variant,
    )


_EVALUATORS: dict[tuple[str, bool], tuple[Lookup, RankFunction]] = {}


def _evaluator(variant: Variant, trips_beat_straight: bool) -> tuple[Lookup, RankFunction]:
    """The tables and rank function of a rule set, kept per (variant, option):
    :func:`evaluate` then builds no :class:`Ranking` per call."""
    found = (
        lookup_for(Ranking(variant, trips_beat_straight)),
        rank_function(variant, trips_beat_straight=trips_beat_straight),
    )
    _EVALUATORS[(variant, trips_beat_straight)] = found
    return found


def _best_five(indices: list[int], rank: int, tables: Lookup) -> tuple[Card, ...]:
    """The actual cards behind a rank: for each rank of the class's pattern
    (made part first), the hand's highest-index card of it left."""
    order = sorted(indices, reverse=True)  # spades first among equals
    if tables.class_is_flush[rank]:
        counts = [0, 0, 0, 0]
        for index in order:
            counts[index & 3] += 1
        suit = counts.index(max(counts))
        order = [index for index in order if index & 3 == suit]
    chosen: list[Card] = []
    for wanted in tables.class_pattern[rank]:
        for position, index in enumerate(order):
            if index >> 2 == wanted:
                chosen.append(CARDS[index])
                del order[position]
                break
        else:  # pragma: no cover - the tables and the hand disagree
            raise EvaluationError(f"internal: no card of rank {wanted} for class {rank}")
    return tuple(chosen)
