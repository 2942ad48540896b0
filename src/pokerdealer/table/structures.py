"""Tournament blind structures: presets and custom levels from a file.

A structure is a sequence of :class:`~pokerdealer.table.Level` and
:class:`Break`. The presets share one blind ladder (10/20, 15/30, 25/50, ...,
then doubling) with a big-blind ante equal to the big blind from the fourth
level on (TDA 2026 RP-11); they differ in where the ladder starts and how long a
level lasts:

============  =========  ============  =========================
preset        by time    by hands      breaks (timed only)
============  =========  ============  =========================
``turbo``     6 min      8 hands       5 min after every 6 levels
``regular``   20 min     15 hands      10 min after every 4 levels
``deep``      30 min     20 hands      10 min after every 4 levels
============  =========  ============  =========================

``deep`` starts one step lower on the ladder (5/10 is prepended). Levels by
hands have no breaks (a break is a stretch of time). The last level lasts for
ever.

A custom structure file is JSON: a list of ``{"small_blind", "big_blind",
"ante" (optional, big-blind ante), "minutes" | "hands"}`` and ``{"break":
minutes}`` items.

>>> levels = structure("turbo", timed=False)
>>> levels[0], levels[3].ante
(Level(small_blind=10, big_blind=20, ante=0, ante_type=<AnteType.BIG_BLIND: 'big_blind'>, hands=8, minutes=None), 100)
>>> [type(x).__name__ for x in structure("turbo", timed=True)[5:8]]
['Level', 'Break', 'Level']
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from pokerdealer.table.settings import Level, TableError

__all__ = ["STRUCTURE_PRESETS", "Break", "load_structure", "structure"]


@dataclass(frozen=True, slots=True)
class Break:
    """A break between levels: no hand starts; the clock runs."""

    minutes: float

    def __post_init__(self) -> None:
        if not self.minutes > 0:
            raise TableError(f"a break lasts a positive number of minutes, got {self.minutes}")


_LADDER = (
    (10, 20), (15, 30), (25, 50), (50, 100), (75, 150), (100, 200), (150, 300), (200, 400), (300, 600),
    (400, 800), (500, 1000), (600, 1200), (800, 1600), (1000, 2000), (1500, 3000), (2000, 4000),
    (3000, 6000), (4000, 8000), (5000, 10000), (6000, 12000), (8000, 16000), (10000, 20000),
)  # fmt: skip
_LEVELS = 40
_ANTE_FROM = 3  # index of the first level with a big-blind ante

#: name -> (minutes per level, hands per level, break minutes, levels between breaks, start lower)
STRUCTURE_PRESETS: dict[str, tuple[float, int, float, int, bool]] = {
    "turbo": (6, 8, 5, 6, False),
    "regular": (20, 15, 10, 4, False),
    "deep": (30, 20, 10, 4, True),
}


def _blinds() -> list[tuple[int, int]]:
    ladder = list(_LADDER)
    while len(ladder) < _LEVELS + 1:
        sb, bb = ladder[-1]
        ladder.append((sb * 2, bb * 2))
    return ladder


def structure(name: str, *, timed: bool) -> tuple[Level | Break, ...]:
    """A preset structure, levels by minutes (``timed``) or by hands."""
    if name not in STRUCTURE_PRESETS:
        raise TableError(f"unknown structure {name!r}: expected one of {', '.join(STRUCTURE_PRESETS)} or a .json file")
    minutes, hands, pause, every, lower = STRUCTURE_PRESETS[name]
    ladder = ([(5, 10)] if lower else []) + _blinds()
    out: list[Level | Break] = []
    for i, (sb, bb) in enumerate(ladder[:_LEVELS]):
        last = i == _LEVELS - 1
        ante = bb if i >= _ANTE_FROM + (1 if lower else 0) else 0
        if timed:
            out.append(Level(sb, bb, ante, minutes=None if last else minutes))
            if not last and (i + 1) % every == 0:
                out.append(Break(pause))
        else:
            out.append(Level(sb, bb, ante, hands=None if last else hands))
    return tuple(out)


def load_structure(path: Path) -> tuple[Level | Break, ...]:
    """Custom levels from a JSON file (see the module docstring)."""
    try:
        items = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise TableError(f"cannot read the structure file {path}: {error}") from None
    if not isinstance(items, list) or not items:
        raise TableError(f"{path}: expected a JSON list of levels like {{\"small_blind\": 10, \"big_blind\": 20, \"hands\": 8}}")
    out: list[Level | Break] = []
    for n, item in enumerate(items, 1):
        try:
            if "break" in item:
                out.append(Break(float(item["break"])))
            else:
                out.append(
                    Level(
                        int(item["small_blind"]),
                        int(item["big_blind"]),
                        int(item.get("ante", 0)),
                        hands=None if item.get("hands") is None else int(item["hands"]),
                        minutes=None if item.get("minutes") is None else float(item["minutes"]),
                    )
                )
        except (TypeError, KeyError, ValueError) as error:
            raise TableError(f"{path}: item {n} is not a level or a break ({error})") from None
    return tuple(out)
