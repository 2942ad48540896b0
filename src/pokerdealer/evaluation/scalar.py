"""Evaluating one hand: a fast rank-only path and the rich :func:`evaluate`.

>>> evaluate_rank("As Ks Qs Js Ts 2c 3d")
7462
>>> evaluate("Ah 2d 3c 4s 5h Kd Kc").category
<Category.STRAIGHT: 'straight'>
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import Any

from pokerdealer.cards import CARDS, Card, CardsLike, Variant, parse_cards
from pokerdealer.errors import EvaluationError
from pokerdealer.evaluation.tables import RANK_BITS, RANK_MASK, RANK_WEIGHTS, Lookup, Ranking, lookup_for
from pokerdealer.evaluation.value import ClassInfo, Groups, HandValue, _ReadHandValue

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
    # The commonest call, seven parsed hold'em cards (the engine's showdowns, most
    # callers'), runs here on module globals; anything else, or anything this path
    # does not take as it is (text, a card twice, the first call: no tables yet, so
    # an IndexError; a rank class not made yet), goes through _evaluate.
    if variant is _HOLDEM or variant == "holdem":  # (the default is this very string)
        kind = type(cards)
        if kind is list or kind is tuple:
            seven: Any = cards  # (a list or tuple of seven Cards, or else the except below)
            try:
                a, b, c, d, e, f, g = seven  # (not seven: a ValueError)
                code = _CODE
                # Each card's code by its index (no type check: a Card's index is 0..51,
                # anything else indexing 52..103 or -52..-1 reads _NOT_A_CARD); the
                # first card's from _FIRST_CODE, which adds _EMPTY (one addition less).
                key = (_FIRST_CODE[a.index] + code[b.index] + code[c.index] + code[d.index]
                       + code[e.index] + code[f.index] + code[g.index])
            except (AttributeError, TypeError, IndexError, ValueError):
                pass
            else:
                # One test for a suit with five cards, a card twice and a bad index.
                if not key & _REFUSED:
                    info = _CLASSES[_NON_FLUSH_7[key & RANK_MASK]]
                    if info is not None:
                        value = _ReadHandValue()
                        value._hand = key  # (the key holds the cards: read when asked for)
                        value._info = info
                        return value
                elif not key & _TWICE:
                    # A flush (one hand in 33): five of seven cards in one suit leave the
                    # other two no full house or quads, so the flush table alone ranks it,
                    # from the suit's ranks (the key's 13 bits at `shift`).
                    shift, suit_cards = _FLUSHES[key & _CHECK]
                    info = _CLASSES[_FLUSH_RANK[key >> shift & _RANKS]]
                    if info is not None:
                        value = _ReadHandValue()
                        value._hand = key & suit_cards  # the best five are of that suit
                        value._info = info
                        return value
    return _evaluate(cards, variant, trips_beat_straight)


def _evaluate(cards: CardsLike, variant: Variant, trips_beat_straight: bool) -> HandValue:
    """:func:`evaluate` for every hand and rule set (its fast path takes seven parsed
    hold'em cards)."""
    if variant == "holdem":
        trips_beat_straight = True  # (hold'em has no trips-or-straight option: one evaluator)
    evaluator = _EVALUATORS.get((variant, trips_beat_straight))
    if evaluator is None:
        evaluator = _evaluator(variant, trips_beat_straight)
    code, flush_rank, non_flush, classes, lowest_mask = evaluator
    # Cards already parsed: taken as they are, each its code by its index. Anything
    # else (text, a mix) fails here and goes through parse_cards, with its messages.
    key = 0
    kind = type(cards)
    if kind is list or kind is tuple:
        size = len(cards)  # type: ignore[arg-type]
        if 5 <= size <= 7:
            given: Any = cards
            try:
                for card in given:
                    key += code[card.index]
            except (AttributeError, TypeError, IndexError):
                key = 0
    if not key:
        parsed = _cards(cards, variant)
        size = len(parsed)
        for card in parsed:
            key += code[card.index]
    # key: the rank weights' sum, the suit counters, and a 3-bit counter a card
    # (a card twice sets a counter's upper bits).
    key += _EMPTY
    if key & _TWICE or key & lowest_mask:
        _cards(cards, variant)  # a card twice, or below a six in short deck: refused there
    rank = non_flush[size][key & RANK_MASK]  # type: ignore[index]
    hand = key  # the cards that may play (_read reads only the card counters)
    flush = key & _CHECK
    if flush:
        # the one suit with five cards or more (its counter's top bit) and its ranks
        shift, suit_cards = _FLUSHES[flush]
        flush_best = flush_rank[key >> shift & _RANKS]
        if flush_best > rank:
            rank = flush_best
            hand &= suit_cards  # the best five are all of the flush suit
    info = classes[rank]
    if info is None:  # made on first use: building all 7,462 would slow the first call
        info = classes[rank] = _class_info(classes, rank)
    # The rest (category, best five, made part, kickers) is read from the card set and
    # the class's groups when first asked for: most values are only compared by rank.
    value = _ReadHandValue()
    value._hand = hand
    value._info = info
    return value


#: Where :func:`evaluate`'s codes keep the suit counters (4 bits a suit, clubs first),
#: above the rank weights' sum (:data:`~.tables.RANK_BITS` bits).
_COUNTER_SHIFT = 24
#: The counters of no cards: each at 3, so that a suit's fifth card sets its counter's
#: top bit and ``key & _CHECK`` tells a flush in one step.
_EMPTY = sum(3 << (_COUNTER_SHIFT + 4 * suit) for suit in range(4))
#: The counters' top bits.
_CHECK = sum(8 << (_COUNTER_SHIFT + 4 * suit) for suit in range(4))
#: Where the cards' counters start in :func:`evaluate`'s codes (above the suit
#: counters): 3 bits a card, by its index (card ``i``'s lowest bit is
#: ``_HAND_SHIFT + 3 * i``; a rank's four suits are 12 bits, :data:`~.value.SUITS_OF_A_RANK`).
_HAND_SHIFT = 40
_CARD_BITS = 3
#: The cards' counters' upper bits: any set, some card is there twice or more (seven
#: of one card fit in its 3 bits, so none carries into the next card's).
_TWICE_ONLY = sum(6 << (_HAND_SHIFT + _CARD_BITS * index) for index in range(52))
#: A code no hand of cards can sum to (a bit of its own above the cards' counters):
#: what an index 52..103, or -52..-1, reads (any other is an IndexError), so that such
#: an "index" is refused as a card twice is.
_NOT_A_CARD = 1 << (_HAND_SHIFT + _CARD_BITS * 52)
#: A card twice or an index that is no card's: what ``key & _TWICE`` finds.
_TWICE = _TWICE_ONLY | 7 * _NOT_A_CARD
#: What the fast path leaves to :func:`_evaluate`: a suit with five cards or more,
#: a card twice, an index that is no card's.
_REFUSED = _CHECK | _TWICE
#: Every card of suit 0 (clubs) in a key's card counters; shifted by ``3 * suit``, that suit's.
_SUIT_CARDS = sum(1 << (_HAND_SHIFT + 4 * _CARD_BITS * rank) for rank in range(13))
#: Where the suits' rank sets start in :func:`evaluate`'s codes (above the cards'
#: counters): 16 bits a suit, a rank's bit in its suit's (what the flush table reads).
_SUITED_SHIFT = _HAND_SHIFT + _CARD_BITS * 52 + 4
#: The 13 bits of a suit's ranks.
_RANKS = (1 << 13) - 1
#: A suit's counter's top bit (a flush in that suit) -> (the shift of that suit's rank
#: set, that suit's cards in a key's card counters).
_FLUSHES = {
    8 << (_COUNTER_SHIFT + 4 * suit): (_SUITED_SHIFT + 16 * suit, _SUIT_CARDS << (_CARD_BITS * suit))
    for suit in range(4)
}
#: :func:`evaluate`'s fast path takes the default variant by identity first.
_HOLDEM: Variant = "holdem"


def _top_cards(rank: int, count: int) -> dict[int, tuple[Card, ...]]:
    """The suits a hand holds of ``rank`` (its four card counters' low bits, 3 bits
    apart: :data:`~.value.SUITS_OF_A_RANK`) -> its ``count`` highest cards of that
    rank, highest suit first (empty where it holds fewer)."""
    table = {}
    for suits in range(16):
        held = [CARDS[4 * rank + suit] for suit in (3, 2, 1, 0) if suits >> suit & 1]
        spread = sum(1 << (_CARD_BITS * suit) for suit in range(4) if suits >> suit & 1)
        table[spread] = tuple(held[:count]) if len(held) >= count else ()
    return table


#: (rank, count) -> :func:`_top_cards`.
_TOP_CARDS = {(rank, count): _top_cards(rank, count) for rank in range(13) for count in range(1, 5)}

#: What :func:`evaluate` reads for one rule set: card codes by card index (then
#: :data:`_NOT_A_CARD` 52 times), the flush table, the non-flush tables by hand size,
#: per rank its :data:`~pokerdealer.evaluation.value.ClassInfo` (made on first use), and
#: the card counters a card may not have (short deck: below a six).
_Evaluator = tuple[list[int], Sequence[int], list[Sequence[int] | None], list[ClassInfo | None], int]

_EVALUATORS: dict[tuple[str, bool], _Evaluator] = {}
#: Hold'em's codes (and each plus :data:`_EMPTY`), 7-card and flush tables and rank classes, once made: :func:`evaluate`'s fast
#: path reads them as globals (empty until the first hold'em call).
_CODE: list[int] = []
_FIRST_CODE: list[int] = []
_NON_FLUSH_7: Sequence[int] = ()
_FLUSH_RANK: Sequence[int] = ()
_CLASSES: list[ClassInfo | None] = []


def _groups(ranks: Sequence[int]) -> Groups:
    """Runs of equal ranks in a pattern -> (bit shift, top cards of that many)."""
    runs: list[list[int]] = []
    for rank in ranks:
        if runs and runs[-1][0] == rank:
            runs[-1][1] += 1
        else:
            runs.append([rank, 1])
    return tuple((_HAND_SHIFT + 4 * _CARD_BITS * rank, _TOP_CARDS[rank, count]) for rank, count in runs)


def _class_info(classes: list[ClassInfo | None], rank: int) -> ClassInfo:
    """A rank's category, the groups of its pattern's made part and kickers, and the variant."""
    lookup = _LOOKUPS[id(classes)]
    pattern, made = lookup.class_pattern[rank], lookup.class_made[rank]
    return (
        lookup.class_category[rank], _groups(pattern[:made]), _groups(pattern[made:]),
        lookup.ranking.variant, rank,
    )


#: Each evaluator's class list -> its tables (read when a rank's info is first made).
_LOOKUPS: dict[int, Lookup] = {}


def _evaluator(variant: Variant, trips_beat_straight: bool) -> _Evaluator:
    """The tables of a rule set as :func:`evaluate` reads them, kept per
    (variant, option): it then builds no :class:`Ranking` per call."""
    lookup = lookup_for(Ranking(variant, trips_beat_straight))
    classes: list[ClassInfo | None] = [None] * len(lookup.class_pattern)
    _LOOKUPS[id(classes)] = lookup
    lowest = 0 if variant == "holdem" else 16  # index of the lowest card in the deck
    non_flush: list[Sequence[int] | None] = [None] * 8
    for size, table in lookup.non_flush_rank.items():
        non_flush[size] = table
    code = [
        RANK_WEIGHTS[index >> 2]
        + (1 << (_COUNTER_SHIFT + 4 * (index & 3)))
        + (1 << (_HAND_SHIFT + _CARD_BITS * index))
        + (1 << (_SUITED_SHIFT + 16 * (index & 3) + (index >> 2)))
        for index in range(52)
    ]
    found: _Evaluator = (
        code + [_NOT_A_CARD] * 52, lookup.flush_rank, non_flush, classes,
        sum(7 << (_HAND_SHIFT + _CARD_BITS * index) for index in range(lowest)),
    )
    _EVALUATORS[(variant, trips_beat_straight)] = found
    if variant == "holdem":
        global _CODE, _FIRST_CODE, _NON_FLUSH_7, _FLUSH_RANK, _CLASSES
        _NON_FLUSH_7, _FLUSH_RANK, _CLASSES = lookup.non_flush_rank[7], lookup.flush_rank, classes
        _FIRST_CODE = [_EMPTY + one for one in found[0]]
        _CODE = found[0]  # last: the fast path starts once this is set (no IndexError)
    return found
