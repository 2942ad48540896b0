"""The features of a room table, in order: each is one module that describes
itself with a :class:`~pokerdealer.server.reducer.Feature` (its events, how
they change the state, its part of the snapshot and of the readers' views).
Adding a feature is a module and a line here (:mod:`~pokerdealer.server.reducer`:
"How to add a table feature"); the order is the order in which features follow
an event, are put back from a snapshot, and add their fields to a seat's row.

>>> [f.name for f in CASH.all]
['host', 'chat_mute', 'promises', 'straddle', 'timebank', 'self_limits', 'proofs', 'run_it_twice', 'show_after', 'rabbit_hunt', 'seven_deuce', 'bomb_pot', 'avatar']
"""

from __future__ import annotations

from pokerdealer.server import (
    avatar, between_hands, bomb_pot, chat_mute, host, proofs, rabbit_hunt, run_it_twice, self_limits, seven_deuce, show_after, straddle,
    timebank,
)
from pokerdealer.server.reducer import Features

__all__ = ["CASH"]

CASH = Features([
    host.FEATURE,  # first: the settings in force, which the others read, are the host's
    chat_mute.FEATURE,
    between_hands.FEATURE,
    straddle.FEATURE,
    timebank.FEATURE,  # after the host's: a bank refills by the settings in force after the hand
    self_limits.FEATURE,
    proofs.FEATURE,
    run_it_twice.FEATURE,  # the home-game rules (issue 39), each its own module
    show_after.FEATURE,
    rabbit_hunt.FEATURE,
    seven_deuce.FEATURE,  # after show_after's: a show after the hand may make the bounty owed
    bomb_pot.FEATURE,
    avatar.FEATURE,  # the look (issue 37): a seat's picture
])
"""The features of a cash table (a tournament's tables have the same: their seats' rows are the same)."""
