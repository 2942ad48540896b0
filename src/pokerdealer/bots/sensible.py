"""Bots that play like sensible people: ``regular`` (solid, tight-aggressive)
and ``loose`` (the loose-passive home-game player).

Both read the same things from their view (:mod:`~pokerdealer.bots.reading`):
each opponent's likely range from what they did, their own equity against
those ranges (:func:`~pokerdealer.bots.strength.equity_against_ranges`, a
few hundred Monte Carlo deals), the pot odds of a call, position and the
stack behind. They differ in what they do with it. Every decision comes
with its reasons, a :class:`Thought` (:meth:`ReadingBot.think`): the
equity and the pot odds the bot used, and the rule it followed.

>>> import random
>>> from pokerdealer.cards import parse_cards
>>> from pokerdealer.rules import Hand, HandConfig, deck_for_deal
>>> config = HandConfig(stacks=(200,) * 6, blinds=(1, 2))
>>> hand = Hand(config, deck_for_deal(config, [None, None, parse_cards("As Ad"), None, None, None]))
>>> thought = RegularBot(random.Random(1)).think(hand.view(2))
>>> thought.action.kind, thought.rule, thought.equity
('raise', 'open', 0.8524)
>>> LooseBot(random.Random(1)).think(hand.view(2)).rule
'open'

Preflop, before anyone has raised, the equity is the hand's against one
random hand from the preflop table (``ranges`` is empty) and the bot plays
by where the hand ranks among all starting hands
(:func:`~pokerdealer.bots.reading.hand_share`): the regular raises first in
with the top 17% from the first of six seats up to the top 55% from the
small blind; the loose player limps with the top 60% and raises only the
top 4%. Once someone has raised, and after the flop, the equity is against
the ranges of the players still in.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from pokerdealer.bots.base import BaseBot, pot_raise_to, pot_total, to_call
from pokerdealer.bots.reading import (
    OpponentRange,
    hand_share,
    in_position,
    opponent_range,
    street_actions,
)
from pokerdealer.bots.strength import equity_against_ranges, hand_class
from pokerdealer.cards import Card, Variant
from pokerdealer.equity._preflop_order import PREFLOP_EQUITY
from pokerdealer.errors import PokerDealerError
from pokerdealer.rules import Action, LegalActions, PlayerView

if TYPE_CHECKING:
    import numpy as np

__all__ = ["LooseBot", "ReadingBot", "RegularBot", "Spot", "Thought"]

#: The regular's first-in raising range: the top share of starting hands by
#: the number of players left to act behind it (the blinds included).
OPEN_BY_BEHIND: dict[int, float] = {1: 0.55, 2: 0.42, 3: 0.30, 4: 0.22, 5: 0.17}
#: ... with six or more players behind.
OPEN_FULL_RING = 0.13


@dataclass(frozen=True)
class Spot:
    """What a bot reads from its view before deciding (all of it public or its own).

    ``price``: the chips a call adds (0: checking is free); ``pot``: every
    chip in the middle; ``pot_odds``: ``price / (pot + price)``, the share of
    the pot after the call that the call is, the equity a call needs to
    break even; ``stack``: the chips behind the bot; ``effective``: the most
    it can win or lose from here (its stack or the biggest opponent's);
    ``behind``: players who have not acted yet in this betting round.
    """

    me: int
    hole: tuple[Card, ...]
    board: tuple[Card, ...]
    street: int
    """0 preflop, 1 flop, 2 turn, 3 river."""
    streets: tuple[tuple[Action, ...], ...]
    ranges: tuple[OpponentRange, ...]
    """Every opponent still in the hand."""
    price: int
    pot: int
    stack: int
    effective: int
    behind: int
    raises: int
    """Raises (bets included) so far on this street."""
    in_position: bool

    @property
    def pot_odds(self) -> float | None:
        """The equity a call needs to break even; ``None`` when checking is free."""
        if self.price == 0:
            return None
        return self.price / (self.pot + self.price)

    @property
    def opponents(self) -> int:
        return len(self.ranges)

    @classmethod
    def read(cls, view: PlayerView) -> Spot:
        """The spot ``view`` shows to the player it belongs to."""
        me = view.player
        if me is None:
            raise PokerDealerError("a bot needs its own view, not a spectator's")
        hole = view.hole_cards[me]
        assert hole is not None
        streets = street_actions(view)
        street = len(streets) - 1
        current = streets[-1]
        acted = {a.player for a in current}
        ranges = tuple(
            opponent_range(view, seat, streets)
            for seat in range(len(view.players))
            if seat != me and not view.folded[seat]
        )
        behind = sum(
            1
            for seat in range(len(view.players))
            if seat != me and not view.folded[seat] and view.stacks[seat] > 0 and seat not in acted
        )
        biggest = max((view.stacks[r.seat] + view.committed[r.seat] for r in ranges), default=0)
        return cls(
            me=me,
            hole=tuple(hole),
            board=tuple(view.board),
            street=street,
            streets=streets,
            ranges=ranges,
            price=to_call(view),
            pot=pot_total(view),
            stack=view.stacks[me],
            effective=min(view.stacks[me], max(0, biggest - view.committed[me])),
            behind=behind,
            raises=sum(1 for a in current if a.kind == "raise"),
            in_position=in_position(view),
        )

    def raised_last(self) -> bool:
        """Whether the bot made the last raise of the street before this one."""
        if self.street == 0:
            return False
        raises = [a for a in self.streets[self.street - 1] if a.kind == "raise"]
        return bool(raises) and raises[-1].player == self.me

    def in_the_pot(self) -> tuple[OpponentRange, ...]:
        """Preflop: the opponents who have put chips in by choice (or, when
        none has, every opponent); after the flop, every opponent still in."""
        if self.street > 0:
            return self.ranges
        chose = tuple(r for r in self.ranges if r.line != "any")
        return chose or self.ranges


@dataclass(frozen=True)
class Thought:
    """A bot's decision and what it used to make it, all from its own view.

    ``equity``: the share of the pot the bot expects to win against the
    ``ranges`` it put its opponents on (with no ranges: against one random
    hand, from the preflop table); ``pot_odds``: the equity a call needs
    (``None`` when it could check); ``rule``: which of the bot's rules
    decided (``open``, ``value_bet``, ``call_odds``, ``fold_odds``, ...);
    ``hand_share``: preflop, where the hand ranks among all starting hands.
    """

    action: Action
    rule: str
    street: str
    equity: float
    pot_odds: float | None
    price: int
    pot: int
    ranges: tuple[OpponentRange, ...] = ()
    hand_share: float | None = None

    def to_json(self) -> dict[str, object]:
        """The reasons as plain data (shares rounded to 4 places)."""
        return {
            "action": self.action.kind,
            "amount": self.action.amount,
            "rule": self.rule,
            "street": self.street,
            "equity": round(self.equity, 4),
            "pot_odds": None if self.pot_odds is None else round(self.pot_odds, 4),
            "price": self.price,
            "pot": self.pot,
            "hand_share": None if self.hand_share is None else round(self.hand_share, 4),
            "ranges": [
                {"seat": r.seat, "line": r.line, "share": r.share, "narrowed": [w for _, w in r.keeps]}
                for r in self.ranges
            ],
        }


class ReadingBot(BaseBot):
    """A bot that reads its spot (:class:`Spot`), estimates its equity against
    its opponents' ranges and returns a :class:`Thought` (:meth:`think`).

    ``samples``: Monte Carlo deals per equity estimate. Each decision draws a
    fresh NumPy generator from the bot's ``rng``, so a seeded bot makes the
    same decisions in the same spots.
    """

    name = "reading"

    def __init__(
        self, rng: random.Random | None = None, *, variant: Variant = "holdem", samples: int = 240
    ) -> None:
        super().__init__(rng)
        self.variant: Variant = variant
        self.samples = samples

    def decide(self, view: PlayerView, legal: LegalActions) -> Action:
        return self.think(view).action

    def think(self, view: PlayerView) -> Thought:
        """The decision at this betting turn, with its reasons."""
        legal = view.legal
        if legal is None or legal.can_show or legal.can_muck:
            raise PokerDealerError(f"{self.name}: asked for a betting decision when it has none")
        spot = Spot.read(view)
        if spot.street == 0:
            return self.preflop(view, legal, spot)
        return self.postflop(view, legal, spot)

    def preflop(self, view: PlayerView, legal: LegalActions, spot: Spot) -> Thought:  # pragma: no cover
        raise NotImplementedError

    def postflop(self, view: PlayerView, legal: LegalActions, spot: Spot) -> Thought:  # pragma: no cover
        raise NotImplementedError

    # -------------------------------------------------------------- helpers
    def equity(self, spot: Spot, ranges: Sequence[OpponentRange]) -> float:
        """Equity against ``ranges`` by Monte Carlo, from a generator drawn from ``rng``."""
        import numpy as np

        generator: np.random.Generator = np.random.default_rng(self.rng.getrandbits(64))
        dead = spot.hole + spot.board
        combos = [r.combos(dead, spot.board, self.variant) for r in ranges]
        return equity_against_ranges(
            spot.hole, spot.board, combos, generator, samples=self.samples, variant=self.variant
        )

    def thought(
        self,
        view: PlayerView,
        spot: Spot,
        action: Action,
        rule: str,
        equity: float,
        ranges: Sequence[OpponentRange] = (),
        share: float | None = None,
    ) -> Thought:
        return Thought(
            action, rule, view.street, equity, spot.pot_odds, spot.price, spot.pot, tuple(ranges), share
        )

    @staticmethod
    def bet(view: PlayerView, legal: LegalActions, fraction: float) -> Action:
        """A bet or raise of ``fraction`` of the pot; all-in when it would
        leave less behind than a third of what it puts in."""
        assert legal.max_raise_to is not None
        to = pot_raise_to(view, fraction)
        me = view.player
        assert me is not None
        behind = view.stacks[me] - (to - view.committed[me])
        if behind * 3 < to - view.committed[me]:
            to = legal.max_raise_to
        return Action("raise", me, to)

    @staticmethod
    def passive(view: PlayerView, legal: LegalActions) -> Action:
        """Check when free, else fold."""
        return Action("check" if legal.can_check else "fold", view.player)

    @staticmethod
    def call(view: PlayerView, legal: LegalActions) -> Action:
        """Check when free, else call."""
        return Action("check" if legal.can_check else "call", view.player)

    def table_equity(self, hole: Sequence[Card]) -> float:
        """Preflop equity against one random hand, from the preflop table."""
        return PREFLOP_EQUITY[hand_class(hole)]


class RegularBot(ReadingBot):
    """The solid regular: tight-aggressive.

    Preflop it raises first in with a range that widens as fewer players are
    left behind (:data:`OPEN_BY_BEHIND`), shoves that range when the stack is
    short (under eight pots, about twelve big blinds), and facing a raise
    re-raises with 58% equity against the raisers' ranges, calls when its
    equity beats the pot odds by five points (four more out of position, one
    more per player still to act), and folds the rest. After the flop it bets two thirds of the pot with 60% equity (six
    points more per extra opponent), raises with 75%, calls when the equity
    beats the pot odds, makes a continuation bet of half the pot on half of
    the flops it raised before heads-up, and checks or folds the rest.
    """

    name = "regular"

    def preflop(self, view: PlayerView, legal: LegalActions, spot: Spot) -> Thought:
        me = spot.me
        share = hand_share(spot.hole, self.variant)
        can_raise = legal.min_raise_to is not None
        if spot.raises == 0:
            equity = self.table_equity(spot.hole)
            limpers = sum(1 for a in spot.streets[0] if a.kind == "call")
            if legal.can_check:  # the big blind's option over limpers
                if share <= 0.12 and can_raise:
                    return self.thought(view, spot, self.bet(view, legal, 1.0), "raise_limpers", equity, share=share)
                return self.thought(view, spot, Action("check", me), "check_option", equity, share=share)
            limit = OPEN_BY_BEHIND.get(spot.behind, OPEN_FULL_RING) - 0.03 * limpers
            if share <= limit and can_raise:
                if spot.effective <= 8 * spot.pot:
                    action = Action("raise", me, legal.max_raise_to)
                    return self.thought(view, spot, action, "shove_short", equity, share=share)
                return self.thought(view, spot, self.bet(view, legal, 1.0), "open", equity, share=share)
            if share <= limit:  # raising is closed (fixed limit's cap): a call is fine
                return self.thought(view, spot, self.call(view, legal), "call_odds", equity, share=share)
            return self.thought(view, spot, self.passive(view, legal), "fold_preflop", equity, share=share)
        ranges = spot.in_the_pot()
        equity = self.equity(spot, ranges)
        odds = spot.pot_odds or 0.0
        if equity >= 0.58 and can_raise and spot.raises < 4:
            return self.thought(view, spot, self.bet(view, legal, 1.0), "reraise", equity, ranges, share)
        # A call before the flop has to play the hand out, worse out of
        # position, and players still to act may raise behind it.
        margin = 0.05 + (0.0 if spot.in_position else 0.04) + 0.01 * spot.behind
        if equity >= odds + margin:
            return self.thought(view, spot, self.call(view, legal), "call_odds", equity, ranges, share)
        return self.thought(view, spot, self.passive(view, legal), "fold_odds", equity, ranges, share)

    def postflop(self, view: PlayerView, legal: LegalActions, spot: Spot) -> Thought:
        ranges = spot.ranges
        equity = self.equity(spot, ranges)
        can_raise = legal.min_raise_to is not None
        value = 0.60 + 0.06 * (spot.opponents - 1)
        if spot.price == 0:
            if equity >= value and can_raise:
                return self.thought(view, spot, self.bet(view, legal, 2 / 3), "value_bet", equity, ranges)
            if (
                can_raise
                and spot.street == 1
                and spot.opponents == 1
                and spot.raised_last()
                and self.rng.random() < 0.5
            ):
                return self.thought(view, spot, self.bet(view, legal, 0.5), "continuation_bet", equity, ranges)
            return self.thought(view, spot, Action("check", spot.me), "check", equity, ranges)
        odds = spot.pot_odds or 0.0
        if equity >= value + 0.15 and can_raise:
            return self.thought(view, spot, self.bet(view, legal, 1.0), "value_raise", equity, ranges)
        if equity >= odds:
            return self.thought(view, spot, Action("call", spot.me), "call_odds", equity, ranges)
        return self.thought(view, spot, Action("fold", spot.me), "fold_odds", equity, ranges)


class LooseBot(ReadingBot):
    """The loose-passive home-game player: plays many hands, calls a lot,
    rarely raises.

    Preflop it limps (calls the big blind) with the top 60% of hands and
    raises only the top 4%; facing a raise it re-raises the top 2%, calls
    with the top 45% when the call costs at most a sixth of its stack, else
    when its equity beats the pot odds. After the flop it bets half the pot
    with 70% equity (five points more per extra opponent), raises only with
    88%, and calls when its equity comes within six points of the pot odds or
    is a third of the pot for a price of at most half of it.
    """

    name = "loose"

    def preflop(self, view: PlayerView, legal: LegalActions, spot: Spot) -> Thought:
        me = spot.me
        share = hand_share(spot.hole, self.variant)
        can_raise = legal.min_raise_to is not None
        if spot.raises == 0:
            equity = self.table_equity(spot.hole)
            if share <= 0.04 and can_raise:
                return self.thought(view, spot, self.bet(view, legal, 1.0), "open", equity, share=share)
            if legal.can_check:
                return self.thought(view, spot, Action("check", me), "check_option", equity, share=share)
            if share <= 0.60:
                return self.thought(view, spot, Action("call", me), "limp", equity, share=share)
            return self.thought(view, spot, Action("fold", me), "fold_preflop", equity, share=share)
        ranges = spot.in_the_pot()
        equity = self.equity(spot, ranges)
        odds = spot.pot_odds or 0.0
        if share <= 0.02 and can_raise and spot.raises < 3:
            return self.thought(view, spot, self.bet(view, legal, 1.0), "reraise", equity, ranges, share)
        if share <= 0.45 and spot.price * 6 <= spot.stack + view.committed[me]:
            return self.thought(view, spot, self.call(view, legal), "call_wide", equity, ranges, share)
        if equity >= odds:
            return self.thought(view, spot, self.call(view, legal), "call_odds", equity, ranges, share)
        return self.thought(view, spot, self.passive(view, legal), "fold_odds", equity, ranges, share)

    def postflop(self, view: PlayerView, legal: LegalActions, spot: Spot) -> Thought:
        ranges = spot.ranges
        equity = self.equity(spot, ranges)
        can_raise = legal.min_raise_to is not None
        if spot.price == 0:
            if equity >= 0.70 + 0.05 * (spot.opponents - 1) and can_raise:
                return self.thought(view, spot, self.bet(view, legal, 0.5), "value_bet", equity, ranges)
            return self.thought(view, spot, Action("check", spot.me), "check", equity, ranges)
        odds = spot.pot_odds or 0.0
        if equity >= 0.88 and can_raise:
            return self.thought(view, spot, self.bet(view, legal, 0.75), "value_raise", equity, ranges)
        if equity >= odds - 0.06 or (equity >= 1 / 3 and spot.price * 2 <= spot.pot):
            return self.thought(view, spot, Action("call", spot.me), "call_wide", equity, ranges)
        return self.thought(view, spot, Action("fold", spot.me), "fold_odds", equity, ranges)
