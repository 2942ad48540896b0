"""Bots: programs that play a seat from what that seat may see.

A bot has one method, ``act(view) -> Action`` (:class:`Bot`), and may have
``reset()`` and ``new_hand(view)`` hooks. Built in: ``random``, ``caller``,
``tight``; any class can be named as ``module:Class``.

>>> import random
>>> from pokerdealer.bots import make_bot
>>> make_bot("caller", random.Random(1)).name
'caller'
"""

from __future__ import annotations

from pokerdealer.bots.arena import BotStats, SimulationResult, play_hand, simulate, simulate_hands
from pokerdealer.bots.base import (
    BaseBot,
    Bot,
    pot_raise_to,
    pot_total,
    showdown_action,
    to_call,
)
from pokerdealer.bots.builtin import CallerBot, RandomBot, TightBot
from pokerdealer.bots.registry import BUILTIN_BOTS, bot_names, make_bot, make_bots, register_bot
from pokerdealer.bots.strength import CHART, equity_against_random, hand_class, preflop_tier

__all__ = [
    "BUILTIN_BOTS",
    "CHART",
    "BaseBot",
    "Bot",
    "BotStats",
    "CallerBot",
    "RandomBot",
    "SimulationResult",
    "TightBot",
    "bot_names",
    "equity_against_random",
    "hand_class",
    "make_bot",
    "make_bots",
    "play_hand",
    "pot_raise_to",
    "pot_total",
    "preflop_tier",
    "register_bot",
    "showdown_action",
    "simulate",
    "simulate_hands",
    "to_call",
]
