"""pokerdealer: the dealer and referee of Texas Hold'em.

The public API, re-exported flat from the layers below (docs/architecture.md#layers); the
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

from typing import TYPE_CHECKING

from pokerdealer._lazy import lazy_exports

if TYPE_CHECKING:  # what type checkers see; at run time each name is imported on first use
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

#: Where each public name is defined: ``import pokerdealer`` imports none of
#: them (no NumPy, no tables, no bots); the first read of a name imports its module.
_EXPORTS = {
    "Bot": "pokerdealer.bots",
    "make_bot": "pokerdealer.bots",
    "CARDS": "pokerdealer.cards",
    "Card": "pokerdealer.cards",
    "Deck": "pokerdealer.cards",
    "format_cards": "pokerdealer.cards",
    "parse_card": "pokerdealer.cards",
    "parse_cards": "pokerdealer.cards",
    "EquityResult": "pokerdealer.equity",
    "Range": "pokerdealer.equity",
    "parse_range": "pokerdealer.equity",
    "CardParseError": "pokerdealer.errors",
    "EvaluationError": "pokerdealer.errors",
    "IllegalActionError": "pokerdealer.errors",
    "PokerDealerError": "pokerdealer.errors",
    "Category": "pokerdealer.evaluation",
    "HandValue": "pokerdealer.evaluation",
    "Ranking": "pokerdealer.evaluation",
    "ShowdownResult": "pokerdealer.evaluation",
    "compare_hands": "pokerdealer.evaluation",
    "describe_hand": "pokerdealer.evaluation",
    "evaluate": "pokerdealer.evaluation",
    "evaluate_many": "pokerdealer.evaluation",
    "evaluate_rank": "pokerdealer.evaluation",
    "rank_function": "pokerdealer.evaluation",
    "showdown": "pokerdealer.evaluation",
    "HandHistory": "pokerdealer.history",
    "hand_to_history": "pokerdealer.history",
    "history_to_hand": "pokerdealer.history",
    "Action": "pokerdealer.rules",
    "AnteType": "pokerdealer.rules",
    "Hand": "pokerdealer.rules",
    "HandConfig": "pokerdealer.rules",
    "HandResult": "pokerdealer.rules",
    "LegalActions": "pokerdealer.rules",
    "PlayerView": "pokerdealer.rules",
    "RuleOptions": "pokerdealer.rules",
    "Street": "pokerdealer.rules",
    "Structure": "pokerdealer.rules",
    "replay": "pokerdealer.rules",
    "CashGameSettings": "pokerdealer.table",
    "CashTable": "pokerdealer.table",
    "Level": "pokerdealer.table",
    "Tournament": "pokerdealer.table",
    "TournamentSettings": "pokerdealer.table",
}
__getattr__, __dir__ = lazy_exports(__name__, _EXPORTS)

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
