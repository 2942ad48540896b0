"""The equity calculator: hand ranges, exact enumeration and Monte Carlo.

>>> from pokerdealer.equity import equity
>>> [round(p.equity, 4) for p in equity(["AsKs", "QhQd"]).players]
[0.4621, 0.5379]
>>> r = equity(["AKs", "QQ+,AKo", "random"], board="Kd 7h 2h")
>>> r.method, len(r.players)
('exact', 3)

Modules: :mod:`.ranges` (range notation, :data:`PREFLOP_ORDER` for
``top N%``), :mod:`.calculator` (:func:`equity` and its result types),
``_kernel`` / ``_exact`` / ``_montecarlo`` (the vectorised NumPy core on
the evaluator's additive tables; ``_symmetry`` and ``_board_classes`` let
exact enumeration count one combo assignment per suit-symmetry orbit and,
pre-flop, classes of boards instead of boards), :mod:`.table` (the exact preflop
:class:`EquityTable` of every class pair: :func:`equity_table` builds it,
:func:`load_equity_table` reads its Parquet file; ``equity(..., table=...)``
answers heads-up preflop matchups from it), :mod:`.errors`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pokerdealer._lazy import lazy_exports

if TYPE_CHECKING:
    from pokerdealer.equity.calculator import (
        DEFAULT_SAMPLES,
        EXACT_LIMIT,
        CategoryStats,
        EquityResult,
        PlayerEquity,
        equity,
    )
    from pokerdealer.equity.errors import EquityError, RangeParseError
    from pokerdealer.equity.ranges import (
        HAND_CLASSES,
        PREFLOP_ORDER,
        Range,
        RangeLike,
        class_combos,
        parse_range,
    )
    from pokerdealer.equity.table import EquityTable, equity_table, load_equity_table

# Lazy: the calculator imports NumPy and loads the kernel's lookup tables, which
# nobody importing the package for an error class or a range should pay for.
_EXPORTS = {
    "DEFAULT_SAMPLES": "pokerdealer.equity.calculator",
    "EXACT_LIMIT": "pokerdealer.equity.calculator",
    "CategoryStats": "pokerdealer.equity.calculator",
    "EquityResult": "pokerdealer.equity.calculator",
    "PlayerEquity": "pokerdealer.equity.calculator",
    "equity": "pokerdealer.equity.calculator",
    "EquityError": "pokerdealer.equity.errors",
    "RangeParseError": "pokerdealer.equity.errors",
    "HAND_CLASSES": "pokerdealer.equity.ranges",
    "PREFLOP_ORDER": "pokerdealer.equity.ranges",
    "Range": "pokerdealer.equity.ranges",
    "RangeLike": "pokerdealer.equity.ranges",
    "class_combos": "pokerdealer.equity.ranges",
    "parse_range": "pokerdealer.equity.ranges",
    "EquityTable": "pokerdealer.equity.table",
    "equity_table": "pokerdealer.equity.table",
    "load_equity_table": "pokerdealer.equity.table",
}
__getattr__, __dir__ = lazy_exports(__name__, _EXPORTS)

__all__ = [
    "DEFAULT_SAMPLES",
    "EXACT_LIMIT",
    "HAND_CLASSES",
    "PREFLOP_ORDER",
    "CategoryStats",
    "EquityError",
    "EquityResult",
    "EquityTable",
    "PlayerEquity",
    "Range",
    "RangeLike",
    "RangeParseError",
    "class_combos",
    "equity",
    "equity_table",
    "load_equity_table",
    "parse_range",
]
