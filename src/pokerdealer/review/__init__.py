"""The hand review: any hand history we read, explained street by street for
the player who learns from it (``pokerdealer review FILE``, the room's
``/review`` page).

:func:`review_hand` walks a hand (:mod:`.hand`): per street the board, the pot,
the stacks and each player's equity (:mod:`.equities`), per decision whose
turn it was and why, the price of a call and the coach's rules, then who showed
first and the deciding card. :mod:`.words` says it in the reader's language
and as JSON.
"""

from __future__ import annotations

from pokerdealer.review.equities import StreetEquity, street_equity
from pokerdealer.review.hand import Decision, HandReview, Said, StreetReview, review_hand
from pokerdealer.review.words import review_json, review_lines

__all__ = [
    "Decision",
    "HandReview",
    "Said",
    "StreetEquity",
    "StreetReview",
    "review_hand",
    "review_json",
    "review_lines",
    "street_equity",
]
