"""A player's snapshot (Table.players, Table.player) carries every field of the seat."""

from __future__ import annotations

import dataclasses

from pokerdealer.table.table import Player, SeatStatus


def test_a_players_copy_has_every_field_as_it_is() -> None:
    # Each field set away from its default: a field the copy forgot would come back as its default.
    values = {"name": "ann", "seat": 3, "stack": 120, "status": SeatStatus.SITTING_OUT, "missed_small_blind": True,
              "missed_big_blind": True, "new": False, "away": True}
    assert {f.name for f in dataclasses.fields(Player)} == set(values)
    p = Player(**values)
    copy = p.copy()
    assert copy is not p
    assert dataclasses.asdict(copy) == values
