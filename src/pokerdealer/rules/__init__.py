"""The rules of one hand of Texas Hold'em: configuration, actions, betting,
pots and showdown, as a pure state machine over a log (docs/architecture.md#a-hand-is-a-log).

>>> from pokerdealer.rules import Hand, HandConfig
>>> from pokerdealer.cards import deck_cards
>>> hand = Hand(HandConfig(stacks=(200, 200, 200), blinds=(1, 2)), deck_cards())
>>> hand.legal().min_raise_to, hand.legal().max_raise_to
(4, 200)
"""

from pokerdealer.errors import IllegalActionError
from pokerdealer.rules.actions import Action, LegalActions, format_action, parse_action
from pokerdealer.rules.bomb_pot import bomb_pot
from pokerdealer.rules.config import (
    AnteType,
    BBAPriority,
    ConfigError,
    HandConfig,
    HeadsUpCap,
    LimitShortAllIn,
    OddChips,
    PLSmallBlindRounding,
    Post,
    Reopening,
    RuleOptions,
    ShortBlindCall,
    StraddleRaise,
    Structure,
)
from pokerdealer.rules.deal import (
    RunPositions,
    board_positions,
    deal_order,
    deck_for_deal,
    hole_positions,
    second_run_positions,
)
from pokerdealer.rules.hand import Hand, HandResult, PotAward, Street, replay
from pokerdealer.rules.pots import Pot, build_pots, split_pot, uncalled_bet, unmatched_bet
from pokerdealer.rules.rabbit import RabbitHunt, rabbit_hunt
from pokerdealer.rules.seven_deuce import SevenDeuce, seven_deuce
from pokerdealer.rules.view import PlayerView, view

__all__ = [
    "Action",
    "AnteType",
    "BBAPriority",
    "ConfigError",
    "Hand",
    "HandConfig",
    "HandResult",
    "HeadsUpCap",
    "IllegalActionError",
    "LegalActions",
    "LimitShortAllIn",
    "OddChips",
    "PLSmallBlindRounding",
    "PlayerView",
    "Post",
    "Pot",
    "PotAward",
    "RabbitHunt",
    "Reopening",
    "RuleOptions",
    "RunPositions",
    "SevenDeuce",
    "ShortBlindCall",
    "StraddleRaise",
    "Street",
    "Structure",
    "board_positions",
    "bomb_pot",
    "build_pots",
    "deal_order",
    "deck_for_deal",
    "format_action",
    "hole_positions",
    "parse_action",
    "rabbit_hunt",
    "replay",
    "second_run_positions",
    "seven_deuce",
    "split_pot",
    "uncalled_bet",
    "unmatched_bet",
    "view",
]
