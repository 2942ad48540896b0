"""Showing cards after the hand: a player's choice, once the hand is over.

Online rooms let a player show one or both hole cards once the hand is over
(showing cards during a hand is penalised live, so online it waits for the
end): the winner of an uncontested pot, a player who folded, a
player who mucked at the showdown. It changes nothing of the result; it is a
``show`` action recorded in the hand's log after the hand (``pN sm 7c``), and
every reader sees the cards (:attr:`Hand.shown_after
<pokerdealer.rules.Hand.shown_after>`). Any player dealt in may show, each card
once; a hand a history does not state (:attr:`Hand.unknown
<pokerdealer.rules.Hand.unknown>`) has no cards to show.

>>> from pokerdealer.cards import parse_cards
>>> from pokerdealer.rules import Hand, HandConfig, deck_for_deal
>>> config = HandConfig(stacks=(100, 100), blinds=(1, 2), players=("Ann", "Bob"))
>>> hand = Hand(config, deck_for_deal(config, [parse_cards("7c 2d"), parse_cards("As Ks")]))
>>> _ = hand.fold()  # Bob, the button, folds his small blind
>>> hand.show_after(0, "both"), hand.show_after(1, "first")
(Action(kind='show', player=0, amount=None, cards=(Card('7c'), Card('2d'))), Action(kind='show', player=1, amount=None, cards=(Card('As'),)))
>>> hand.shown_after
{0: (Card('7c'), Card('2d')), 1: (Card('As'),)}
"""

from __future__ import annotations

from pokerdealer.cards import Card
from pokerdealer.rules.actions import SHOW, Action
from pokerdealer.rules.betting import reject
from pokerdealer.rules.state import HandState

__all__ = ["BOTH", "FIRST", "SECOND", "WHICH", "cards_to_show", "check_show"]

FIRST = "first"
SECOND = "second"
BOTH = "both"
#: The choices of cards to show: the first hole card dealt, the second, or both.
WHICH = (FIRST, SECOND, BOTH)


def cards_to_show(h: HandState, player: int, which: str) -> tuple[Card, ...]:
    """The hole cards ``which`` names of ``player`` (``first``, ``second`` or ``both``,
    in the order dealt); raises for another word."""
    if which not in WHICH:
        raise reject(h, player, "show_after", "show_after.which", {"got": repr(which)})
    if not 0 <= player < h._n:
        raise reject(h, player, "show_after", "show_after.not_dealt", {"player": player})
    hole = h._hole[player]
    return hole if which == BOTH else (hole[0],) if which == FIRST else (hole[1],)


def check_show(h: HandState, action: Action) -> Action:
    """The record a show after the hand becomes if it may be made now, else raise
    :class:`~pokerdealer.errors.IllegalActionError` (nothing changes either way): the
    hand is over, the player was dealt in and their cards are known, and the cards are
    theirs and not all shown already. ``cards`` ``None`` shows both."""
    p = action.player
    if p is None or not 0 <= p < h._n:
        raise reject(h, p, "show_after", "show_after.not_dealt", {"player": p})
    if h._result is None:
        raise reject(h, p, "show_after", "show_after.in_play")
    if p in h._unknown:
        raise reject(h, p, "show_after", "show_after.unknown")
    hole = h._hole[p]
    cards = hole if action.cards is None else tuple(action.cards)
    if not cards or len(cards) > 2 or len(set(cards)) != len(cards) or not set(cards) <= set(hole):
        raise reject(h, p, "show_after", "show_after.not_theirs")
    before = set(h._shown_after.get(p, ())) | set(h._shown.get(p, ()))
    if set(cards) <= before:
        raise reject(h, p, "show_after", "show_after.shown")
    return Action(SHOW, p, None, tuple(c for c in hole if c in cards))
