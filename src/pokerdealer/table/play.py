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

from pokerdealer.rules import Action, Hand, PlayerView, Street, replay
from pokerdealer.rules.actions import RUNS
from pokerdealer.table.record import HandRecord
from pokerdealer.table.table import Table

__all__ = ["Decide", "check_or_fold", "online_show_or_muck", "play_hand"]

Decide = Callable[[PlayerView], "Action | str"]
"""A player's policy: given their view (with ``view.legal``), return an action."""


def check_or_fold(view: PlayerView) -> Action:
    """The simplest policy: check when free, else fold."""
    legal = view.legal
    assert legal is not None
    return Action("check" if legal.can_check else "fold", view.player)


def online_show_or_muck(hand: Hand) -> Action:
    """What :meth:`~pokerdealer.rules.Hand.auto_showdown` would do for the player to act
    at the showdown (show, or muck a hand already beaten by one shown), for the players
    a learner is not: the same rule, played on a copy of the hand.

    >>> from pokerdealer.cards import parse_cards
    >>> from pokerdealer.rules import HandConfig, deck_for_deal
    >>> config = HandConfig(stacks=(100, 100), blinds=(1, 2))
    >>> holes = [parse_cards("As Ad"), parse_cards("7c 2d")]
    >>> hand = Hand(config, deck_for_deal(config, holes, parse_cards("Kh 9s 5c 4d 3h")))
    >>> while hand.street is not Street.SHOWDOWN:
    ...     _ = hand.check_or_call()
    >>> hand.actor, online_show_or_muck(hand).kind  # p1, the big blind, shows first
    (0, 'show')
    >>> _ = hand.apply(online_show_or_muck(hand))
    >>> hand.actor, online_show_or_muck(hand).kind  # p2's seven high is beaten by the aces shown
    (1, 'muck')
    """
    played = replay(hand.config, hand.deck, hand.log, unknown=hand.unknown)
    played.auto_showdown()
    return played.log[len(hand.log)]


def play_hand(
    table: Table,
    decide: Decide,
    *,
    now: float | None = None,
    showdown: Decide | None = None,
    run_twice: Callable[[PlayerView], bool] | None = None,
) -> HandRecord:
    """Start the next hand, ask ``decide`` for every betting action (the table
    acts for absent tournament players), show down, and settle.

    At a table that offers to run it twice, ``run_twice(view)`` answers for each
    player asked (:attr:`~pokerdealer.rules.Hand.run_twice_pending`); by default
    everyone agrees, as the room's bots do.

    ``decide(view)`` gets the acting player's :class:`~pokerdealer.rules.PlayerView`
    (``view.player`` is the hand index; the record maps it to a seat) and returns
    an :class:`~pokerdealer.rules.Action` or PHH text such as ``"p2 cbr 80"``.
    At a showdown the rules leave to the players (nobody all-in), ``showdown``
    is asked the same way for each show or muck in turn (``view.legal.can_show``);
    without it the hand shows down online style (:meth:`~pokerdealer.rules.Hand.auto_showdown`).

    Not :func:`pokerdealer.bots.play_hand`, which plays one rules
    :class:`~pokerdealer.rules.Hand` with bots, outside any table.
    """
    record = table.start_hand(now)
    hand = record.hand
    while not hand.is_complete:
        if hand.run_twice_pending:
            p = hand.run_twice_pending[0]
            agree = run_twice(hand.view(p)) if run_twice is not None else True
            hand.apply(Action(RUNS, p, 2 if agree else 1))
            continue
        if hand.street is Street.SHOWDOWN:
            if showdown is None:
                hand.auto_showdown()
                break
            actor = hand.actor
            assert actor is not None
            hand.apply(showdown(hand.view(actor)))
            continue
        actor = hand.actor
        assert actor is not None
        action = table.auto_action(record, actor)
        if action is None:
            action = decide(hand.view(actor))
        hand.apply(action)
    return table.finish_hand()
