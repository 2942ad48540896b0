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
from pokerdealer.evaluation.value import Category, HandValue, new_hand_value

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
    kind = type(cards)
    if (kind is tuple or kind is list) and 5 <= len(cards) <= 7:  # type: ignore[arg-type]
        # Cards already parsed (the engine's and most callers'): take them as
        # they are when nothing is wrong; anything else gets parse_cards' message.
        lowest = 0 if variant == "holdem" else 16
        indices = {c.index for c in cards if type(c) is Card and c.index >= lowest}  # type: ignore[union-attr]
        if len(indices) == len(cards):  # type: ignore[arg-type]
            return cards if kind is tuple else tuple(cards)  # type: ignore[return-value, arg-type]
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

    ``trips_beat_straight`` only matters in short deck (docs/rules.md#short-deck).

    >>> value = evaluate("Ah 9c Ad Qs 7h 3c 2d")
    >>> " ".join(str(c) for c in value.best_five)
    'Ah Ad Qs 9c 7h'
    """
    evaluator = _EVALUATORS.get((variant, trips_beat_straight))
    if evaluator is None:
        evaluator = _evaluator(variant, trips_beat_straight)
    code, flush_suit, flush_rank, non_flush, classes, lowest_mask, value_variant, lookup = evaluator
    # Cards already parsed (the engine's and most callers'): taken as they are
    # when nothing is wrong; anything else goes through parse_cards (its messages).
    key = 0
    kind = type(cards)
    if kind is tuple or kind is list:
        if len(cards) == 7:  # type: ignore[arg-type]
            a, b, c, d, e, f, g = cards  # type: ignore[misc]
            if (
                type(a) is Card and type(b) is Card and type(c) is Card and type(d) is Card
                and type(e) is Card and type(f) is Card and type(g) is Card
            ):
                key = (code[a.index] + code[b.index] + code[c.index] + code[d.index]
                       + code[e.index] + code[f.index] + code[g.index])
        elif 5 <= len(cards) <= 6:  # type: ignore[arg-type]
            for card in cards:  # type: ignore[union-attr]
                if type(card) is not Card:
                    key = 0
                    break
                key += code[card.index]
    if key:
        size = len(cards)  # type: ignore[arg-type]
    else:
        parsed = _cards(cards, variant)
        size = len(parsed)
        for card in parsed:
            key += code[card.index]
    # key: the rank weights' sum, the suit counters, and the cards as a 52-bit
    # set (each card's bit: two equal cards would carry into another bit).
    hand = key >> _HAND_SHIFT
    if hand.bit_count() != size or hand & lowest_mask:
        _cards(cards, variant)  # a card twice, or below a six in short deck: refused there
    rank = non_flush[size][key & RANK_MASK]
    suit = flush_suit[(key >> RANK_BITS) & _SUIT_COUNTERS]
    if suit >= 0:
        suited = 0
        for index in range(suit, 52, 4):
            if hand >> index & 1:
                suited |= 1 << (index >> 2)
        flush = flush_rank[suited]
        if flush > rank:
            rank = flush
            hand &= _SUIT_CARDS << suit  # the best five are all of the flush suit
    info = classes[rank]
    if info is None:  # made on first use: building all 7,462 would slow the first call
        info = classes[rank] = _class_info(lookup, rank)
    category, made_groups, kicker_groups = info
    # For each rank of the class's pattern (made part first), the hand's
    # highest cards of that rank (spades first among equals): _TOP_CARDS.
    made: tuple[Card, ...] = ()
    for shift, top in made_groups:
        made += top[(hand >> shift) & 15]
    kickers: tuple[Card, ...] = ()
    for shift, top in kicker_groups:
        kickers += top[(hand >> shift) & 15]
    return new_hand_value(category, rank, made + kickers, made, kickers, value_variant)


#: Where a card's bit sits in :func:`evaluate`'s codes (above the suit counters).
_HAND_SHIFT = 40
#: The 12 bits of the suit counters (3 per suit) above the rank weights' sum.
_SUIT_COUNTERS = (1 << 12) - 1
#: Every card of suit 0 (clubs) as a 52-bit hand; shifted by a suit, that suit's.
_SUIT_CARDS = sum(1 << (4 * rank) for rank in range(13))


def _top_cards(rank: int, count: int) -> tuple[tuple[Card, ...], ...]:
    """4-bit set of the suits a hand holds of ``rank`` -> its ``count`` highest
    cards of that rank, highest suit first (empty where it holds fewer)."""
    table = []
    for suits in range(16):
        held = [CARDS[4 * rank + suit] for suit in (3, 2, 1, 0) if suits >> suit & 1]
        table.append(tuple(held[:count]) if len(held) >= count else ())
    return tuple(table)


#: (rank, count) -> :func:`_top_cards`.
_TOP_CARDS = {(rank, count): _top_cards(rank, count) for rank in range(13) for count in range(1, 5)}

_Groups = tuple[tuple[int, tuple[tuple[Card, ...], ...]], ...]

#: What :func:`evaluate` reads for one rule set: card codes, the flush-suit,
#: flush and non-flush tables, per rank its category and the groups of equal
#: ranks of its pattern (bit shift of the rank, its _TOP_CARDS) in the made
#: part and in the kickers (made on first use), the hand bits a card may not
#: have (short deck: below a six), the variant named in the value, and the tables.
_Evaluator = tuple[
    Sequence[int],
    Sequence[int],
    Sequence[int],
    dict[int, Sequence[int]],
    list[tuple[Category, _Groups, _Groups] | None],
    int,
    Variant,
    Lookup,
]

_EVALUATORS: dict[tuple[str, bool], _Evaluator] = {}


def _groups(ranks: Sequence[int]) -> _Groups:
    """Runs of equal ranks in a pattern -> (bit shift, top cards of that many)."""
    runs: list[list[int]] = []
    for rank in ranks:
        if runs and runs[-1][0] == rank:
            runs[-1][1] += 1
        else:
            runs.append([rank, 1])
    return tuple((4 * rank, _TOP_CARDS[rank, count]) for rank, count in runs)


def _class_info(lookup: Lookup, rank: int) -> tuple[Category, _Groups, _Groups]:
    """A rank's category and the groups of its pattern's made part and kickers."""
    pattern, made = lookup.class_pattern[rank], lookup.class_made[rank]
    return lookup.class_category[rank], _groups(pattern[:made]), _groups(pattern[made:])


def _evaluator(variant: Variant, trips_beat_straight: bool) -> _Evaluator:
    """The tables of a rule set as :func:`evaluate` reads them, kept per
    (variant, option): it then builds no :class:`Ranking` per call."""
    lookup = lookup_for(Ranking(variant, trips_beat_straight))
    classes: list[tuple[Category, _Groups, _Groups] | None] = [None] * len(lookup.class_pattern)
    lowest = 0 if variant == "holdem" else 16  # index of the lowest card in the deck
    found: _Evaluator = (
        [code + (1 << (_HAND_SHIFT + index)) for index, code in enumerate(lookup.card_code)],
        list(lookup.flush_suit),
        lookup.flush_rank,
        dict(lookup.non_flush_rank),
        classes,
        (1 << lowest) - 1,
        lookup.ranking.variant,
        lookup,
    )
    _EVALUATORS[(variant, trips_beat_straight)] = found
    return found
