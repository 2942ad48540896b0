"""Bots: programs that play a seat from what that seat may see.

A bot has one method, ``act(view) -> Action`` (:class:`Bot`), and may have
``reset()`` and ``new_hand(view)`` hooks. Built in: ``random``, ``caller``,
``tight``, ``regular`` (solid, tight-aggressive) and ``loose`` (the
loose-passive home-game player); any class can be named as ``module:Class``.
``regular`` and ``loose`` also say why (:meth:`ReadingBot.think` returns a
:class:`Thought`: the equity and pot odds they used).

>>> import random
>>> from pokerdealer.bots import make_bot
>>> make_bot("caller", random.Random(1)).name
'caller'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pokerdealer._lazy import lazy_exports

if TYPE_CHECKING:
    from pokerdealer.bots.arena import (
        BotStats,
        SimulationResult,
        play_hand,
        simulate,
        simulate_hands,
    )
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
    from pokerdealer.bots.sensible import LooseBot, ReadingBot, RegularBot, Thought
    from pokerdealer.bots.strength import CHART, equity_against_random, hand_class, preflop_tier

# Lazy: the built-in bots' strength tables need NumPy and the equity kernel;
# a command that only names a bot should not load them.
_EXPORTS = {
    "BotStats": "pokerdealer.bots.arena",
    "SimulationResult": "pokerdealer.bots.arena",
    "play_hand": "pokerdealer.bots.arena",
    "simulate": "pokerdealer.bots.arena",
    "simulate_hands": "pokerdealer.bots.arena",
    "BaseBot": "pokerdealer.bots.base",
    "Bot": "pokerdealer.bots.base",
    "pot_raise_to": "pokerdealer.bots.base",
    "pot_total": "pokerdealer.bots.base",
    "showdown_action": "pokerdealer.bots.base",
    "to_call": "pokerdealer.bots.base",
    "CallerBot": "pokerdealer.bots.builtin",
    "RandomBot": "pokerdealer.bots.builtin",
    "TightBot": "pokerdealer.bots.builtin",
    "LooseBot": "pokerdealer.bots.sensible",
    "ReadingBot": "pokerdealer.bots.sensible",
    "RegularBot": "pokerdealer.bots.sensible",
    "Thought": "pokerdealer.bots.sensible",
    "BUILTIN_BOTS": "pokerdealer.bots.registry",
    "bot_names": "pokerdealer.bots.registry",
    "make_bot": "pokerdealer.bots.registry",
    "make_bots": "pokerdealer.bots.registry",
    "register_bot": "pokerdealer.bots.registry",
    "CHART": "pokerdealer.bots.strength",
    "equity_against_random": "pokerdealer.bots.strength",
    "hand_class": "pokerdealer.bots.strength",
    "preflop_tier": "pokerdealer.bots.strength",
}
__getattr__, __dir__ = lazy_exports(__name__, _EXPORTS)

__all__ = [
    "BUILTIN_BOTS",
    "CHART",
    "BaseBot",
    "Bot",
    "BotStats",
    "CallerBot",
    "LooseBot",
    "RandomBot",
    "ReadingBot",
    "RegularBot",
    "SimulationResult",
    "Thought",
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
