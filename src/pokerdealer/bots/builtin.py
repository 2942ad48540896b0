"""The built-in bots: ``random``, ``caller`` and ``tight``.

>>> import random
>>> from pokerdealer.cards import deck_cards
>>> from pokerdealer.rules import Hand, HandConfig
>>> hand = Hand(HandConfig(stacks=(100, 100, 100), blinds=(1, 2)), deck_cards())
>>> CallerBot().act(hand.view(hand.actor))
Action(kind='call', player=2, amount=None, cards=None)
"""

from __future__ import annotations

import os
import random
from typing import TYPE_CHECKING, Literal

from pokerdealer.bots.base import BaseBot, pot_raise_to, pot_total, to_call
from pokerdealer.bots.strength import equity_against_random, preflop_table, preflop_tier, table_tier
from pokerdealer.cards import Variant
from pokerdealer.rules import Action, LegalActions, PlayerView

if TYPE_CHECKING:  # NumPy loads when a tight bot first estimates equity
    import numpy as np

    from pokerdealer.equity.table import EquityTable

__all__ = ["CallerBot", "RandomBot", "TightBot"]


def _passive(view: PlayerView, legal: LegalActions) -> Action:
    """Check when free, else fold."""
    if legal.can_check:
        return Action("check", view.player)
    return Action("fold", view.player)


def _call(view: PlayerView, legal: LegalActions) -> Action:
    """Check when free, else call."""
    if legal.can_check:
        return Action("check", view.player)
    return Action("call", view.player)


class RandomBot(BaseBot):
    """Uniform over the legal choices: fold (only when facing a bet),
    check or call, and raise; a raise picks its size uniformly in the legal range."""

    name = "random"

    def decide(self, view: PlayerView, legal: LegalActions) -> Action:
        rng = self.rng
        choices = ["passive"]
        if legal.call is not None:
            choices.append("fold")
        if legal.min_raise_to is not None:
            choices.append("raise")
        pick = choices[rng.randrange(len(choices))]
        if pick == "fold":
            return Action("fold", view.player)
        if pick == "raise":
            assert legal.max_raise_to is not None
            return Action("raise", view.player, rng.randint(legal.min_raise_to, legal.max_raise_to))  # type: ignore[arg-type]
        return _call(view, legal)


class CallerBot(BaseBot):
    """A calling station: checks when it can, calls every bet, never raises or folds."""

    name = "caller"

    def decide(self, view: PlayerView, legal: LegalActions) -> Action:
        return _call(view, legal)


class TightBot(BaseBot):
    """Tight-aggressive.

    Preflop, from the starting-hand chart (:data:`~pokerdealer.bots.strength.CHART`):
    premium hands raise and re-raise, good hands raise first in and call one
    raise, playable hands raise first in from late position; the rest fold.
    After the flop, from Monte Carlo equity against the live opponents: raise
    or bet two thirds of the pot when strong, call when the price is right,
    otherwise check or fold.

    ``equity_table`` (an :class:`~pokerdealer.equity.table.EquityTable` or
    the path of its Parquet file; by default the file named by the
    ``POKERDEALER_EQUITY_TABLE`` environment variable, when set) replaces the
    chart preflop in hold'em: the tier comes from the hand's exact equity
    against a random hand, with a bar that rises with the number of opponents
    still in (:func:`~pokerdealer.bots.strength.table_tier`); the actions per
    tier stay the same. ``equity_table=False`` keeps the chart whatever the
    environment says. Without a table the bot plays the chart.
    """

    name = "tight"

    def __init__(
        self,
        rng: random.Random | None = None,
        *,
        variant: Variant = "holdem",
        samples: int = 150,
        equity_table: EquityTable | str | os.PathLike[str] | Literal[False] | None = None,
    ) -> None:
        super().__init__(rng)
        self.variant: Variant = variant
        self.samples = samples
        # The table is hold'em's; None reads the environment variable.
        self.table: EquityTable | None = (
            None if equity_table is False or variant != "holdem" else preflop_table(equity_table)
        )
        self._generator: np.random.Generator | None = None

    def reset(self) -> None:
        self._generator = None

    def _numpy(self) -> np.random.Generator:
        if self._generator is None:
            import numpy as np

            # Derived from the injected rng: the same seed gives the same play.
            self._generator = np.random.default_rng(self.rng.getrandbits(64))
        return self._generator

    def decide(self, view: PlayerView, legal: LegalActions) -> Action:
        me = view.player
        assert me is not None
        hole = view.hole_cards[me]
        assert hole is not None
        if not view.board:
            return self._preflop(view, legal, hole)
        opponents = sum(1 for i, f in enumerate(view.folded) if not f and i != me)
        eq = equity_against_random(hole, view.board, opponents, self._numpy(), samples=self.samples, variant=self.variant)
        price = to_call(view)
        pot = pot_total(view)
        strong = 0.75 if opponents == 1 else 0.65
        if eq >= strong and legal.min_raise_to is not None:
            return Action("raise", me, pot_raise_to(view, 2 / 3))
        if price == 0:
            if eq >= 0.55 and legal.min_raise_to is not None:
                return Action("raise", me, pot_raise_to(view, 0.5))
            return _passive(view, legal)
        odds = price / (pot + price)
        if eq >= odds + 0.08:
            return Action("call", me)
        return _passive(view, legal)

    def _preflop(self, view: PlayerView, legal: LegalActions, hole) -> Action:  # noqa: ANN001
        me = view.player
        assert me is not None
        if self.table is not None:
            opponents = sum(1 for i, f in enumerate(view.folded) if not f and i != me)
            tier = table_tier(self.table, hole, opponents)
        else:
            tier = preflop_tier(hole)
        n = len(view.players)
        # Seats after the button: 1 = small blind ... n - 1 = the button's right; 0 = button.
        after_button = (me - view.button) % n
        late = after_button == 0 or after_button >= max(3, n - 2)
        raised = self._raises_preflop(view)
        can_raise = legal.min_raise_to is not None
        if tier == 1:
            if can_raise and raised < 3:
                return Action("raise", me, pot_raise_to(view, 1.0))
            return _call(view, legal)
        if tier == 2:
            if raised == 0 and can_raise:
                return Action("raise", me, pot_raise_to(view, 1.0))
            if raised <= 1:
                return _call(view, legal)
            return _passive(view, legal)
        if tier == 3 and raised == 0 and late and can_raise:
            return Action("raise", me, pot_raise_to(view, 1.0))
        return _passive(view, legal)

    @staticmethod
    def _raises_preflop(view: PlayerView) -> int:
        """Raises made so far in this (preflop) round."""
        return sum(1 for action in view.log if action.kind == "raise")
