"""pokerdealer: the dealer and referee of Texas Hold'em.

The public API, re-exported from the layers below (see DESIGN.md):

>>> from pokerdealer import evaluate
>>> evaluate("As Kd Ad Qs 7h 3c 2d").category
<Category.ONE_PAIR: 'one_pair'>
"""

from __future__ import annotations

from pokerdealer.cards import CARDS, Card, Deck, format_cards, parse_card, parse_cards
from pokerdealer.errors import CardParseError, EvaluationError, PokerDealerError
from pokerdealer.evaluation import (
    Category,
    HandValue,
    Ranking,
    evaluate,
    evaluate_many,
    evaluate_rank,
    rank_function,
)

__all__ = [
    "CARDS",
    "Card",
    "CardParseError",
    "Category",
    "Deck",
    "EvaluationError",
    "HandValue",
    "PokerDealerError",
    "Ranking",
    "evaluate",
    "evaluate_many",
    "evaluate_rank",
    "format_cards",
    "parse_card",
    "parse_cards",
    "rank_function",
]
__version__ = "0.1.0"
