"""What an evaluated hand is: its category, its rank, and the cards that count."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from pokerdealer.cards import Card, Variant

__all__ = ["Category", "HandValue", "new_hand_value"]


class Category(StrEnum):
    """The hand categories, named as in the JSON output.

    Their strength order depends on the variant (in short deck a flush beats
    a full house); compare hands by :attr:`HandValue.rank`, never by category.
    """

    ROYAL_FLUSH = "royal_flush"
    STRAIGHT_FLUSH = "straight_flush"
    FOUR_OF_A_KIND = "four_of_a_kind"
    FULL_HOUSE = "full_house"
    FLUSH = "flush"
    STRAIGHT = "straight"
    THREE_OF_A_KIND = "three_of_a_kind"
    TWO_PAIR = "two_pair"
    ONE_PAIR = "one_pair"
    HIGH_CARD = "high_card"


@dataclass(frozen=True, slots=True)
class HandValue:
    """The value of a 5-7 card hand.

    ``rank`` is a total order: higher is better, equal ranks tie. For
    hold'em there are exactly 7,462 distinct ranks (1 = 7-5-4-3-2 offsuit,
    7,462 = royal flush). ``best_five`` lists the made part first
    (``made``), then the kickers high to low (``kickers``).

    >>> from pokerdealer.evaluation import evaluate
    >>> value = evaluate("As Kd Ad Qs 7h 3c 2d")
    >>> value.category, [str(c) for c in value.made], [str(c) for c in value.kickers]
    (<Category.ONE_PAIR: 'one_pair'>, ['As', 'Ad'], ['Kd', 'Qs', '7h'])
    """

    category: Category
    rank: int
    best_five: tuple[Card, ...]
    made: tuple[Card, ...]
    kickers: tuple[Card, ...]
    variant: Variant = "holdem"

    def describe(self, lang: str = "en") -> str:
        """The hand in words, in ``en``, ``zh-Hant`` or ``zh-Hans``."""
        from pokerdealer.evaluation.explain import describe_hand

        return describe_hand(self, lang)

    def __lt__(self, other: HandValue) -> bool:
        return self.rank < other.rank


_new = object.__new__
_set_category, _set_rank, _set_best_five, _set_made, _set_kickers, _set_variant = (
    HandValue.__dict__[name].__set__  # the slots' own setters, past the frozen __setattr__
    for name in ("category", "rank", "best_five", "made", "kickers", "variant")
)


def new_hand_value(
    category: Category,
    rank: int,
    best_five: tuple[Card, ...],
    made: tuple[Card, ...],
    kickers: tuple[Card, ...],
    variant: Variant,
) -> HandValue:
    """``HandValue(category, rank, best_five, made, kickers, variant)``, made in
    half the time: the dataclass's ``__init__`` sets each field through
    ``object.__setattr__`` (a frozen class), this through the slots' setters.
    For :func:`~pokerdealer.evaluation.evaluate`'s hot path; the value is the same.

    >>> from pokerdealer.cards import parse_cards
    >>> five = parse_cards("As Ad Kc Qd 7h")
    >>> args = (Category.ONE_PAIR, 3000, five, five[:2], five[2:], "holdem")
    >>> new_hand_value(*args) == HandValue(*args)
    True
    """
    value = _new(HandValue)
    _set_category(value, category)
    _set_rank(value, rank)
    _set_best_five(value, best_five)
    _set_made(value, made)
    _set_kickers(value, kickers)
    _set_variant(value, variant)
    return value
