"""Driving a table: play one hand with a decision callback (bots plug in here).

>>> import random
>>> from pokerdealer.table import CashGameSettings, CashTable
>>> table = CashTable(CashGameSettings(1, 2, 40, 200), rng=random.Random(1))
>>> for name in ("ann", "bob", "cat"):
...     _ = table.sit_down(name, 100)
>>> records = [play_hand(table, check_or_fold) for _ in range(3)]
>>> [r.positions.button for r in records], sum(table.stacks.values())
([1, 2, 3], 300)
"""

from __future__ import annotations

from collections.abc import Callable

from pokerdealer.rules import Action, PlayerView, Street
from pokerdealer.table.record import HandRecord
from pokerdealer.table.table import Table

__all__ = ["Decide", "check_or_fold", "play_hand"]

Decide = Callable[[PlayerView], "Action | str"]
"""A player's policy: given their view (with ``view.legal``), return an action."""


def check_or_fold(view: PlayerView) -> Action:
    """The simplest policy: check when free, else fold."""
    legal = view.legal
    assert legal is not None
    return Action("check" if legal.can_check else "fold", view.player)


def play_hand(table: Table, decide: Decide, *, now: float | None = None) -> HandRecord:
    """Start the next hand, ask ``decide`` for every betting action (the table
    acts for absent tournament players), show down online style, and settle.

    ``decide(view)`` gets the acting player's :class:`~pokerdealer.rules.PlayerView`
    (``view.player`` is the hand index; the record maps it to a seat) and returns
    an :class:`~pokerdealer.rules.Action` or PHH text such as ``"p2 cbr 80"``.

    Not :func:`pokerdealer.bots.play_hand`, which plays one rules
    :class:`~pokerdealer.rules.Hand` with bots, outside any table.
    """
    record = table.start_hand(now)
    hand = record.hand
    while not hand.is_complete:
        if hand.street is Street.SHOWDOWN:
            hand.auto_showdown()
            break
        actor = hand.actor
        assert actor is not None
        action = table.auto_action(record, actor)
        if action is None:
            action = decide(hand.view(actor))
        hand.apply(action)
    return table.finish_hand()
