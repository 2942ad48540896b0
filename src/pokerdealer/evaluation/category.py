"""The hand categories (a module of their own: the values and the words both name them).

>>> Category.ONE_PAIR, str(Category.FULL_HOUSE)
(<Category.ONE_PAIR: 'one_pair'>, 'full_house')
"""

from __future__ import annotations

from enum import StrEnum

__all__ = ["Category"]


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
