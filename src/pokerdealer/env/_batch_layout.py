"""The rows of the batch of tables' packed arrays, shared by its two paths.

:class:`~pokerdealer.env.batch.TableBatch` keeps a batch's state in a few
packed arrays and names each row (``seat_ints[SEAT_INTS.index("stacks")]`` is
``stacks``, and so on); the compiled kernel (:mod:`pokerdealer.env._batch_numba`)
reads the same memory by these indices. Here so that neither path imports the
other for them.

>>> SEAT_INTS.index("stacks"), TABLE_FLAGS.index("terminated")
(0, 2)
"""

from __future__ import annotations

__all__ = ["SEAT_FLAGS", "SEAT_INTS", "TABLE_FLAGS", "TABLE_FLOATS", "TABLE_INTS"]

#: Per table and seat: chips (int64), then flags.
SEAT_INTS = ("stacks", "committed", "total", "acted")
SEAT_FLAGS = ("folded", "pend")
#: Per table: numbers, flags, floats.
TABLE_INTS = (
    "board_count", "button", "current", "min_inc", "street", "live", "actor", "skipped",
    "deck_size", "deck_next",
)
TABLE_FLAGS = ("complete", "fresh", "terminated", "need_deck")
TABLE_FLOATS = ("carried", "carry_in", "reward")
