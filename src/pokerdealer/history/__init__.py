"""Hand histories: PHH reading and writing, and replaying a PHH hand through the rules.

>>> from pokerdealer.history import loads, dumps
"""

from __future__ import annotations

from pokerdealer.history.phh import (
    HOLDEM_VARIANTS,
    VARIANTS,
    HandHistory,
    HistoryError,
    PhhAction,
    dump,
    dump_all,
    dumps,
    dumps_all,
    load,
    load_all,
    load_path,
    loads,
    loads_all,
    parse_action,
)

__all__ = [
    "HOLDEM_VARIANTS",
    "VARIANTS",
    "HandHistory",
    "HistoryError",
    "PhhAction",
    "dump",
    "dump_all",
    "dumps",
    "dumps_all",
    "load",
    "load_all",
    "load_path",
    "loads",
    "loads_all",
    "parse_action",
]
