"""A drill's situation as a picture: seats round a table, or hands side by side.

The ``/learn`` page draws a question's ``diagram`` instead of telling the
table in words (``prompt`` still does, for the terminal). Two kinds, as plain
JSON values:

* ``{"kind": "table", "seats": [...], "board": [...], "pot": N, "note": "...",
  "log": [...]}``: the seats clockwise, each ``{"name", "stack", "bet"
  (chips in front of the player this round), "cards" (card codes, ``""`` for a
  card face down, none once folded), "stack" (``null``: not told), "roles" (``BTN``, ``SB``, ``BB``),
  "folded", "all_in", "said" (the player's last action this round, in words),
  "mark"}`` (``"you"``: the player the question is about; ``"win"``: a winner);
  ``pot`` is the chips already in the middle, ``log`` the earlier rounds in
  words, one line each.
* ``{"kind": "hands", "hands": [{"name", "cards"}], "board": [...], "note"}``:
  hands to compare, with a board or without.

>>> seat = Seat("p1", stack=98, bet=2, cards=("", ""), roles=("BB",))
>>> table_diagram([seat], pot=1)["seats"][0]["roles"]
['BB']
>>> hands_diagram([("A", ("As", "Ks"))])["hands"]
[{'name': 'A', 'cards': ['As', 'Ks']}]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

__all__ = ["Seat", "hands_diagram", "table_diagram"]


@dataclass(frozen=True)
class Seat:
    """One seat of a table diagram (see the module docstring for the fields)."""

    name: str
    stack: int | None = None
    """Chips behind (``None``: not told)."""
    bet: int = 0
    cards: tuple[str, ...] = ()
    roles: tuple[str, ...] = ()
    folded: bool = False
    all_in: bool = False
    said: str = ""
    mark: str = ""

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "stack": self.stack,
            "bet": self.bet,
            "cards": list(self.cards),
            "roles": list(self.roles),
            "folded": self.folded,
            "all_in": self.all_in,
            "said": self.said,
            "mark": self.mark,
        }


def table_diagram(
    seats: Sequence[Seat], *, board: Sequence[str] = (), pot: int = 0, note: str = "",
    log: Sequence[str] = (),
) -> dict[str, Any]:
    """A table: ``seats`` clockwise, the board and the chips in the middle."""
    return {
        "kind": "table",
        "seats": [seat.to_json() for seat in seats],
        "board": list(board),
        "pot": pot,
        "note": note,
        "log": list(log),
    }


def hands_diagram(
    hands: Sequence[tuple[str, Sequence[str]]], *, board: Sequence[str] = (), note: str = ""
) -> dict[str, Any]:
    """Hands side by side (``(name, card codes)``), with the board they share if any."""
    return {
        "kind": "hands",
        "hands": [{"name": name, "cards": list(cards)} for name, cards in hands],
        "board": list(board),
        "note": note,
    }
