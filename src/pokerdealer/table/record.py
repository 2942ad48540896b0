"""One hand at a table: building the rules :class:`~pokerdealer.rules.Hand`
from seats and positions, and the record kept once it is over.

The rules engine lists only the players dealt in, clockwise. Everything the
table decides about the forced bets is in the hand's config: the button, a
**dead small blind** (``HandConfig.dead_small_blind``, DEAD button rule,
docs/rules.md#dead-or-moving-button) and the **posts** of players coming in
(``HandConfig.posts``: a live big blind that keeps the option, a dead small
blind to the pot, docs/rules.md#joining-and-missed-blinds). So every table hand is a plain
:class:`~pokerdealer.rules.Hand` that ``rules.replay(config, deck, actions)``
rebuilds.

A :class:`HandRecord` keeps the hand (config, deck, log) with the seat of each
player, so it can be replayed (:meth:`HandRecord.replay`) and written as a
hand history.
"""

from __future__ import annotations

import random
import secrets
from dataclasses import dataclass

from pokerdealer.cards import Card, Variant, deck_cards
from pokerdealer.rules import Action, Hand, replay
from pokerdealer.table.button import Positions, Post

__all__ = ["HandRecord", "shuffled_deck"]


def shuffled_deck(variant: Variant = "holdem", rng: random.Random | None = None) -> tuple[Card, ...]:
    """A shuffled deck: from ``rng`` when given (reproducible), else the OS CSPRNG.

    >>> shuffled_deck(rng=random.Random(1)) == shuffled_deck(rng=random.Random(1))
    True
    """
    cards = list(deck_cards(variant))
    (rng if rng is not None else secrets.SystemRandom()).shuffle(cards)
    return tuple(cards)


@dataclass(frozen=True, slots=True, eq=False)
class HandRecord:
    """One hand at a table: the rules hand plus where everyone sat.

    ``hand.config``, ``hand.deck`` and ``hand.log`` are the hand's log; player
    ``i`` of the hand sits in ``seats[i]``.
    """

    number: int
    """1 for the table's first hand."""
    hand: Hand
    seats: tuple[int, ...]
    """Seat of each player of the hand (hand index -> seat number)."""
    positions: Positions
    posts: tuple[Post, ...] = ()
    effective_button: int | None = None
    """With a dead small blind, the button's player index (``hand.config.button``,
    kept for callers of the old bridge); else ``None``."""
    level: int | None = None
    """Tournament level index (0 = first level), ``None`` in cash games."""

    @property
    def players(self) -> tuple[str, ...]:
        return self.hand.config.players

    def index_of(self, seat: int) -> int | None:
        """The hand index of the player in ``seat`` (``None``: not dealt in)."""
        try:
            return self.seats.index(seat)
        except ValueError:
            return None

    @property
    def actions(self) -> tuple[Action, ...]:
        return tuple(self.hand.log)

    def replay(self) -> Hand:
        """Rebuild the hand from its log: ``rules.replay(config, deck, actions)``."""
        hand = self.hand
        return replay(hand.config, hand.deck, hand.log)
