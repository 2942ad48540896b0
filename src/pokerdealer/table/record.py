"""One hand at a table: building the rules :class:`~pokerdealer.rules.Hand`
from seats and positions, and the record kept once it is over.

The rules engine lists only the players dealt in, clockwise, and derives the
blinds from its ``button`` index. Two table situations do not fit that shape
yet, and are bridged here by :class:`SeatedHand` until the rules engine
supports them (reported to the rules owner):

- a **dead small blind** (DEAD button rule, RULES.md §1.3a): the hand is built
  with ``blinds=(0, bb)`` and the engine's button one player earlier (so the big
  blind falls on the right player and the preflop order is right), then the
  engine's button is moved onto the real (effective) button so that the
  postflop order, showdown order and odd chips are right;
- **posts** by players coming in (RULES.md §1.5): a live big blind (it counts
  as the player's bet; they keep the option) and a dead small blind (to the pot).

A :class:`HandRecord` keeps the hand (config, deck, log) with the seat of each
player and the bridge data, so it can be replayed (:meth:`HandRecord.replay`)
and written as a hand history.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from pokerdealer.cards import Card, Variant, deck_cards
from pokerdealer.rules import Action, Hand, HandConfig
from pokerdealer.table.button import Positions, Post

__all__ = ["HandRecord", "SeatedHand", "shuffled_deck"]


def shuffled_deck(variant: Variant = "holdem", rng: random.Random | None = None) -> tuple[Card, ...]:
    """A shuffled deck: from ``rng`` when given (reproducible), else the OS CSPRNG.

    >>> shuffled_deck(rng=random.Random(1)) == shuffled_deck(rng=random.Random(1))
    True
    """
    cards = list(deck_cards(variant))
    (rng if rng is not None else secrets.SystemRandom()).shuffle(cards)
    return tuple(cards)


class SeatedHand(Hand):
    """A :class:`Hand` with extra posts and an effective button (see the module docstring).

    :param posts: ``(player index, live chips, dead chips)`` posted before the deal.
    :param effective_button: the player index that acts last after the flop,
        when it differs from ``config.button`` (dead small blind).
    """

    __slots__ = ("_effective_button", "_posts_done", "_table_posts")

    def __init__(
        self,
        config: HandConfig,
        deck: Sequence[Card],
        *,
        posts: Iterable[tuple[int, int, int]] = (),
        effective_button: int | None = None,
    ) -> None:
        self._table_posts = tuple(posts)
        self._effective_button = effective_button
        self._posts_done = False
        super().__init__(config, deck)

    def _begin_round(self, first: int) -> None:
        if not self._posts_done:
            self._posts_done = True
            if self._effective_button is not None:
                self._button = self._effective_button
            if self._table_posts:
                for player, live, dead in self._table_posts:
                    if live:
                        self._post(player, live)
                    dead = min(dead, self._stacks[player])
                    self._stacks[player] -= dead
                    self._dead += dead
                # Action still starts left of the big blind; a live post keeps its option.
                self._acted_at = [-1] * self._n
                first = (self._config.big_blind_player + 1) % self._n
        super()._begin_round(first)


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
    """The player index acting last postflop when a dead small blind moved it."""
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
        """Rebuild the hand from its config, deck, posts and actions."""
        hand = SeatedHand(
            self.hand.config,
            self.hand.deck,
            posts=[(self.seats.index(p.seat), p.live, p.dead) for p in self.posts],
            effective_button=self.effective_button,
        )
        for action in self.hand.log:
            hand.apply(action)
        return hand
