"""Hand evaluation: ranking 5-7 cards, the best five, kickers, and batch ranks.

>>> from pokerdealer.evaluation import evaluate
>>> evaluate("As Kd Ad Qs 7h 3c 2d").category
<Category.ONE_PAIR: 'one_pair'>
"""

from __future__ import annotations

from pokerdealer.evaluation.batch import evaluate_many
from pokerdealer.evaluation.explain import Decision, Step, compare_hands, describe_hand
from pokerdealer.evaluation.scalar import evaluate, evaluate_rank, rank_function, rank_of_indices
from pokerdealer.evaluation.showdown import DecidedBy, ShowdownResult, showdown
from pokerdealer.evaluation.tables import Ranking
from pokerdealer.evaluation.value import Category, HandValue

__all__ = [
    "Category",
    "DecidedBy",
    "Decision",
    "HandValue",
    "Ranking",
    "ShowdownResult",
    "Step",
    "compare_hands",
    "describe_hand",
    "evaluate",
    "evaluate_many",
    "evaluate_rank",
    "rank_function",
    "rank_of_indices",
    "showdown",
]
