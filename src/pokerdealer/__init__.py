"""pokerdealer: the dealer and referee of Texas Hold'em.

The public API, re-exported flat from the layers below (DESIGN.md); the
subpackages (``pokerdealer.rules``, ``.table``, ``.history``, ``.equity``,
``.bots``, ``.env``, ``.server``) hold the rest. The equity calculator is
``pokerdealer.equity.equity`` (not re-exported here, so that the name
``pokerdealer.equity`` stays the subpackage).

>>> import random
>>> from pokerdealer import Deck, Hand, HandConfig, evaluate
>>> evaluate("As Kd Ad Qs 7h 3c 2d").category
<Category.ONE_PAIR: 'one_pair'>
>>> hand = Hand(HandConfig(stacks=(200, 200, 200), blinds=(1, 2)), Deck(rng=random.Random(1)))
>>> hand.legal().call, hand.legal().min_raise_to
(2, 4)
"""

from __future__ import annotations

from pokerdealer.bots import Bot, make_bot
from pokerdealer.cards import CARDS, Card, Deck, format_cards, parse_card, parse_cards
from pokerdealer.equity import EquityResult, Range, parse_range
from pokerdealer.errors import (
    CardParseError,
    EvaluationError,
    IllegalActionError,
    PokerDealerError,
)
from pokerdealer.evaluation import (
    Category,
    HandValue,
    Ranking,
    ShowdownResult,
    compare_hands,
    describe_hand,
    evaluate,
    evaluate_many,
    evaluate_rank,
    rank_function,
    showdown,
)
from pokerdealer.history import HandHistory, hand_to_history, history_to_hand
from pokerdealer.rules import (
    Action,
    AnteType,
    Hand,
    HandConfig,
    HandResult,
    LegalActions,
    PlayerView,
    RuleOptions,
    Street,
    Structure,
    replay,
)
from pokerdealer.table import (
    CashGameSettings,
    CashTable,
    Level,
    Tournament,
    TournamentSettings,
)

__all__ = [
    "Action",
    "AnteType",
    "Bot",
    "CARDS",
    "Card",
    "CardParseError",
    "CashGameSettings",
    "CashTable",
    "Category",
    "Deck",
    "EquityResult",
    "EvaluationError",
    "Hand",
    "HandConfig",
    "HandHistory",
    "HandResult",
    "HandValue",
    "IllegalActionError",
    "LegalActions",
    "Level",
    "PlayerView",
    "PokerDealerError",
    "Range",
    "Ranking",
    "RuleOptions",
    "ShowdownResult",
    "Street",
    "Structure",
    "Tournament",
    "TournamentSettings",
    "compare_hands",
    "describe_hand",
    "evaluate",
    "evaluate_many",
    "evaluate_rank",
    "format_cards",
    "hand_to_history",
    "history_to_hand",
    "make_bot",
    "parse_card",
    "parse_cards",
    "parse_range",
    "rank_function",
    "replay",
    "showdown",
]
__version__ = "0.1.0"
