"""What one seat may see: the hand with other players' hole cards hidden.

A bot, a browser seat or a spectator gets a :class:`PlayerView`: their own
hole cards, cards tabled at showdown, and everything public. The full
:class:`~pokerdealer.rules.hand.Hand` never leaves the server.

>>> from pokerdealer.cards import deck_cards
>>> from pokerdealer.rules.config import HandConfig
>>> from pokerdealer.rules.hand import Hand
>>> hand = Hand(HandConfig(stacks=(100, 100, 100)), deck_cards())
>>> seat = hand.view(0)
>>> seat.hole_cards[0] is not None, seat.hole_cards[1], seat.legal is None
(True, None, True)
"""

from __future__ import annotations

from dataclasses import dataclass
from pokerdealer.cards import Card
from pokerdealer.rules.actions import Action, LegalActions
from pokerdealer.rules.betting import legal_actions
from pokerdealer.rules.pots import Pot
from pokerdealer.rules.state import HandState

__all__ = ["PlayerView", "view"]


@dataclass(frozen=True, slots=True)
class PlayerView:
    """The public state plus ``player``'s own cards (``player=None``: spectator)."""

    player: int | None
    players: tuple[str, ...]
    button: int
    street: str
    actor: int | None
    legal: LegalActions | None
    """The legal actions, only when it is this player's turn."""
    hole_cards: tuple[tuple[Card, ...] | None, ...]
    """Own cards and cards tabled at showdown; ``None`` for hidden hands."""
    board: tuple[Card, ...]
    stacks: tuple[int, ...]
    committed: tuple[int, ...]
    raise_is_bet: bool
    """Whether a raise now opens this street's betting (:attr:`Hand.raise_is_bet`)."""
    folded: tuple[bool, ...]
    pots: tuple[Pot, ...]
    log: tuple[Action, ...]
    """Public actions (shown cards are public once shown)."""
    boards: tuple[tuple[Card, ...], ...] = ()
    """Every board: one, or two when the hand was run twice (``board`` is the first)."""
    run_twice_pending: tuple[int, ...] = ()
    """The players still to say whether to run it twice (:mod:`pokerdealer.rules.run_twice`)."""
    shown_after: tuple[tuple[Card, ...], ...] = ()
    """Each player's cards shown after the hand (empty: none; :mod:`pokerdealer.rules.show_after`)."""


def view(hand: HandState, player: int | None) -> PlayerView:
    """``player``'s view of ``hand``."""
    shown = hand._shown
    if shown:
        holes = tuple(
            [cards if (i == player or i in shown) else None for i, cards in enumerate(hand._hole)]
        )
    else:
        holes = tuple([cards if i == player else None for i, cards in enumerate(hand._hole)])
    actor = hand.actor
    config = hand._config
    return PlayerView(
        player,
        config.players,
        config.button,
        hand.street.value,
        actor,
        legal_actions(hand) if actor is not None and actor == player else None,
        holes,
        tuple(hand._board),
        tuple(hand._stacks),
        tuple(hand._committed),
        hand.raise_is_bet,
        tuple(hand._folded),
        hand._pots(),
        tuple(hand.log),
        hand.boards,
        tuple(hand._run_pending),
        tuple([hand._shown_after.get(i, ()) for i in range(hand._n)]),
    )
