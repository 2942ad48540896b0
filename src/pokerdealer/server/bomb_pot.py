"""Bomb pots at a cash table (table options ``bomb_pot_every`` and ``bomb_pot_ante``,
and the host's button "bomb pot next hand").

In a bomb pot every player dealt in puts in the same ante (``bomb_pot_ante``,
0: two big blinds), nobody posts a blind or straddles, there is no betting
before the flop, the flop is dealt at once and the betting starts left of the
button; a player who cannot cover the ante is all in for what they have
(:mod:`pokerdealer.rules.bomb_pot`). The table plays one every
``bomb_pot_every`` hands by itself (the settings in force decide: a replay
deals the same), and the next hand when the host asks (host command
``bomb_pot`` with ``on``: an event, ``bomb_pot_next``, this feature's part until
that hand is dealt; the ``hand_start`` event then says ``"bomb_pot": true``, so a
replay deals it whatever was asked since).

Every reader sees whether the next hand is one the host asked for and whether
the hand in play is one, with its ante (:func:`public`); the hand's log says
each ante, its histories write the antes and no preflop action.

>>> from pokerdealer.server.reducer import Features, new_state, reduce
>>> from pokerdealer.server.settings import TableSettings
>>> state = new_state(TableSettings(), features=Features([FEATURE]))
>>> state = reduce(state, *command(state, {"command": "bomb_pot", "on": True}), 0.0)
>>> asked(state), public(state)
(True, {'bomb_pot': {'next': True, 'hand': None}})
"""

from __future__ import annotations

from typing import Any

from pokerdealer.server.reducer import Event, Feature, TableState
from pokerdealer.table import TableError

__all__ = ["COMMANDS", "EVENT", "FEATURE", "asked", "command", "public"]

EVENT = "bomb_pot_next"
"""The event kind of the host asking for a bomb pot next hand (or calling it off)."""

COMMANDS = ("bomb_pot",)
"""The host's command: ``{"command": "bomb_pot", "on": true|false}``."""


def asked(state: TableState) -> bool:
    """Whether the host asked for the next hand to be a bomb pot."""
    return bool(state.parts["bomb_pot"])


def command(state: TableState, data: dict[str, Any]) -> Event:
    """The host's ``bomb_pot`` command: its event (``on`` missing: on), or a refusal."""
    on = data.get("on")
    if on is None:
        on = True
    if not isinstance(on, bool):
        raise TableError.said("room.settings.bool", field={"key": "room.host.ui.bomb_pot_next", "params": {}})
    return EVENT, {"on": on}


def _asked(state: TableState, data: dict[str, Any], at: float) -> TableState:
    return state.with_part("bomb_pot", bool(data["on"]))


def _dealt(state: TableState, data: dict[str, Any], at: float) -> TableState:
    """``hand_start``: a bomb pot asked for is dealt now (or the hand was not one: asked again)."""
    return state.with_part("bomb_pot", False) if data.get("bomb_pot") else state


def public(state: TableState) -> dict[str, Any]:
    """For every reader: whether the host made the next hand a bomb pot, and the hand in
    play's ante if it is one (``hand``: ``{"ante": chips}``, else None)."""
    record = state.table.current
    config = record.hand.config if record is not None else None
    hand = {"ante": config.ante} if config is not None and config.bomb_pot else None
    return {"bomb_pot": {"next": asked(state), "hand": hand}}


FEATURE = Feature(
    name="bomb_pot", part=lambda settings: False, events={EVENT: _asked}, follows={"hand_start": _dealt},
    public=public,
    snapshot=(lambda state: {"bomb_pot_next": asked(state)},
              lambda state, data: state.with_part("bomb_pot", bool(data.get("bomb_pot_next", False)))),
)
"""Bomb pots."""
