"""Hand histories: PHH reading and writing, and replaying a PHH hand through the rules.

* :mod:`pokerdealer.history.phh`: :class:`HandHistory`, :func:`load`/:func:`loads`,
  :func:`dump`/:func:`dumps` (``.phh``), :func:`load_all`/:func:`dumps_all` (``.phhs``),
  :func:`load_path` (a file or a folder), the action grammar (:func:`parse_action`).
* :mod:`pokerdealer.history.convert`: :func:`history_to_hand` (PHH -> the rules
  engine, replayed line by line, with the tolerances the real data needs) and
  :func:`hand_to_history` (an engine hand -> PHH).

>>> from pokerdealer.history import loads, history_to_hand
"""

from __future__ import annotations

from pokerdealer.history.convert import (
    Replay,
    ReplayError,
    UnsupportedHistory,
    compare_stacks,
    hand_to_history,
    history_to_config,
    history_to_hand,
)
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
    "Replay",
    "ReplayError",
    "UnsupportedHistory",
    "compare_stacks",
    "dump",
    "dump_all",
    "dumps",
    "dumps_all",
    "hand_to_history",
    "history_to_config",
    "history_to_hand",
    "load",
    "load_all",
    "load_path",
    "loads",
    "loads_all",
    "parse_action",
]
