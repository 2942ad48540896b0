"""Hand evaluation: ranking 5-7 cards, the best five, kickers, and batch ranks.

>>> from pokerdealer.evaluation import evaluate
>>> evaluate("As Kd Ad Qs 7h 3c 2d").category
<Category.ONE_PAIR: 'one_pair'>
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pokerdealer._lazy import lazy_exports
from pokerdealer.evaluation.explain import Decision, Step, compare_hands, describe_hand
from pokerdealer.evaluation.scalar import evaluate, evaluate_rank, rank_function, rank_of_indices
from pokerdealer.evaluation.showdown import DecidedBy, ShowdownResult, showdown
from pokerdealer.evaluation.tables import Ranking
from pokerdealer.evaluation.value import Category, HandValue

if TYPE_CHECKING:
    from pokerdealer.evaluation.batch import evaluate_many

# The batch path needs NumPy: imported when evaluate_many is first read.
_EXPORTS = {"evaluate_many": "pokerdealer.evaluation.batch"}
__getattr__, __dir__ = lazy_exports(__name__, _EXPORTS)

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
