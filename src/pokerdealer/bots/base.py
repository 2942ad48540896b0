"""The bot interface: a bot sees one :class:`~pokerdealer.rules.PlayerView` and
returns an :class:`~pokerdealer.rules.Action`.

A bot never sees the :class:`~pokerdealer.rules.Hand`: only its own cards, the
board, the stacks, the bets, the pots, the public log and, on its turn, the
legal actions. Randomness comes in from outside, as a :class:`random.Random`
given to the constructor, so a seeded run is reproducible.

>>> import random
>>> from pokerdealer.cards import deck_cards
>>> from pokerdealer.rules import Hand, HandConfig
>>> hand = Hand(HandConfig(stacks=(100, 100, 100), blinds=(1, 2)), deck_cards())
>>> view = hand.view(hand.actor)
>>> to_call(view), pot_total(view), pot_raise_to(view), pot_raise_to(view, 0.5)
(2, 3, 7, 4)
"""

from __future__ import annotations

import random
from typing import Protocol, runtime_checkable

from pokerdealer.errors import PokerDealerError
from pokerdealer.rules import Action, LegalActions, PlayerView

__all__ = [
    "BaseBot",
    "Bot",
    "pot_raise_to",
    "pot_total",
    "showdown_action",
    "to_call",
]


@runtime_checkable
class Bot(Protocol):
    """Anything with ``act(view) -> Action``.

    Optional hooks, called when present: ``reset()`` before a session (a new
    match or simulation) and ``new_hand(view)`` at the start of each hand,
    with the bot's view before anybody acts.
    """

    def act(self, view: PlayerView) -> Action:
        """The action to take; ``view.legal`` says what is allowed."""
        ...


class BaseBot:
    """A convenient base: stores ``rng`` (seeded from the OS if not given) and
    ``name``, has no-op hooks, and shows its cards at the showdown.

    Subclasses implement :meth:`decide` for betting decisions.
    """

    #: The registry name of the bot (``make_bot(name)``).
    name = "bot"

    def __init__(self, rng: random.Random | None = None) -> None:
        self.rng = rng if rng is not None else random.Random()

    def reset(self) -> None:
        """Forget everything learned (a new session)."""

    def new_hand(self, view: PlayerView) -> None:
        """A hand starts; ``view`` is this bot's view before anyone acts."""

    def act(self, view: PlayerView) -> Action:
        legal = view.legal
        if legal is None:
            raise PokerDealerError(f"{self.name}: asked to act when it is not its turn")
        if legal.can_show or legal.can_muck:
            return showdown_action(view)
        return self.decide(view, legal)

    def decide(self, view: PlayerView, legal: LegalActions) -> Action:  # pragma: no cover
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


def showdown_action(view: PlayerView) -> Action:
    """Show at the showdown (a bot never hides a hand it must table)."""
    legal = view.legal
    if legal is not None and not legal.can_show and legal.can_muck:
        return Action("muck", view.player)
    return Action("show", view.player)


def to_call(view: PlayerView) -> int:
    """Chips the player must add to call (0 when checking is free)."""
    legal = view.legal
    if legal is not None and legal.call is not None:
        return legal.call
    return 0


def pot_total(view: PlayerView) -> int:
    """Every chip in the middle, bets in front of the players included."""
    return sum(pot.amount for pot in view.pots)


def pot_raise_to(view: PlayerView, fraction: float = 1.0) -> int:
    """The raise-*to* amount of a bet or raise of ``fraction`` of the pot
    (1.0 = pot-sized, 0.5 = half pot), clamped to the legal range.

    The pot counts the call first: a pot-sized raise is a call, then a raise by
    the whole pot. Returns 0 when raising is closed.
    """
    legal = view.legal
    if legal is None or legal.min_raise_to is None or legal.max_raise_to is None:
        return 0
    player = view.player if view.player is not None else legal.actor
    assert player is not None
    current = max(view.committed)
    call = current - view.committed[player]
    target = current + int(fraction * (pot_total(view) + call))
    return max(legal.min_raise_to, min(legal.max_raise_to, target))
