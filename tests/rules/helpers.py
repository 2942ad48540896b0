"""Helpers for the rules tests: hands written out in cards and PHH actions."""

from __future__ import annotations

from collections.abc import Sequence

from pokerdealer.cards import parse_cards
from pokerdealer.rules import Hand, HandConfig, deck_for_deal


def make_hand(
    stacks: Sequence[int],
    *,
    holes: Sequence[str | None] | None = None,
    board: str = "",
    **config: object,
) -> Hand:
    """A hand whose hole cards and board are the given cards (others filled in)."""
    cfg = HandConfig(stacks=tuple(stacks), **config)  # type: ignore[arg-type]
    n = len(stacks)
    hole_cards = [parse_cards(h, count=2) if h else None for h in (holes or [None] * n)]
    deck = deck_for_deal(cfg, hole_cards, parse_cards(board) if board else ())
    return Hand(cfg, deck)


def play(hand: Hand, *actions: str) -> Hand:
    """Apply PHH-style actions (``"p3 cbr 80"``, ``"p1 f"``, ``"p2 cc"``)."""
    for action in actions:
        hand.apply(action)
    return hand
