"""Tournament prizes: the prize pool, payout tables, and tied places sharing.

Money is integer units. Every payout table sums **exactly** to the prize pool:
each place gets ``pool * weight // total_weight`` and the units left over by
rounding down go to first place (the rule of :func:`split_prize_pool`, which
takes percentages). Prizes never increase with the place.

Presets (:data:`PAYOUT_PRESETS`) say how many places are paid and how the pool
falls between them:

- ``standard``: about 15% of the field paid (1 place up to 3 entries, 2 up to
  6, 3 up to 10); place ``k`` weighs ``1/(2k+1)`` -- 62.5/37.5 for two places,
  49/29/21 for three.
- ``top_heavy``: about 10% paid (at least the same small-field minimums);
  place ``k`` weighs ``1/k``.
- ``flat``: about 20% paid; place ``k`` weighs ``1/(k+2)``.
- ``winner_takes_all``: one place.

A custom table is a sequence of percentages summing to 100.

>>> payout_table(2700, 27, "standard")
(1027, 614, 439, 341, 279)
>>> sum(payout_table(2700, 27, "standard")), payout_table(1000, 9, (50, 30, 20))
(2700, (500, 300, 200))
>>> share_prizes((500, 300, 200), 2, 2)   # two players tie for 2nd: 2nd and 3rd shared
(250, 250)
"""

from __future__ import annotations

from collections.abc import Sequence

from pokerdealer.table.settings import TableError

__all__ = ["PAYOUT_PRESETS", "allocate", "paid_places", "payout_table", "share_prizes"]

#: Preset name -> (percent of the field paid, weight denominator of place k as (a, b): 1/(a*k + b)).
PAYOUT_PRESETS: dict[str, tuple[int, tuple[int, int]]] = {
    "standard": (15, (2, 1)),
    "top_heavy": (10, (1, 0)),
    "flat": (20, (1, 2)),
    "winner_takes_all": (0, (1, 0)),
}

_WEIGHT_SCALE = 10**12  # weights are integers: SCALE // (a*k + b), exact and the same everywhere


def allocate(pool: int, weights: Sequence[int]) -> tuple[int, ...]:
    """Split ``pool`` in proportion to integer ``weights`` (non-increasing);
    the remainder of rounding down goes to first place.

    >>> allocate(100, (2, 1)), allocate(10, (1, 1, 1))
    ((67, 33), (4, 3, 3))
    """
    if pool < 0 or not weights or any(w < 0 for w in weights) or sum(weights) <= 0:
        raise TableError(f"cannot split a pool of {pool} by weights {tuple(weights)}")
    total = sum(weights)
    prizes = [pool * w // total for w in weights]
    prizes[0] += pool - sum(prizes)
    return tuple(prizes)


def paid_places(entries: int, preset: str) -> int:
    """How many places a preset pays for ``entries`` entries.

    >>> [paid_places(n, "standard") for n in (2, 6, 9, 27, 1000)]
    [1, 2, 3, 5, 150]
    """
    if preset not in PAYOUT_PRESETS:
        raise TableError(f"unknown payout preset {preset!r}: expected one of {', '.join(PAYOUT_PRESETS)} or percentages")
    percent = PAYOUT_PRESETS[preset][0]
    if percent == 0 or entries <= 3:
        return 1
    if entries <= 6:
        return 2
    if entries <= 10:
        return 3
    return max(3, min(entries, -(-entries * percent // 100)))


def payout_table(pool: int, entries: int, payouts: str | Sequence[int]) -> tuple[int, ...]:
    """Prizes for places 1, 2, ... from a preset name or custom percentages
    (summing to 100); the sum is exactly ``pool``."""
    if isinstance(payouts, str):
        places = paid_places(entries, payouts)
        a, b = PAYOUT_PRESETS[payouts][1]
        return allocate(pool, [_WEIGHT_SCALE // (a * k + b) for k in range(1, places + 1)])
    percents = tuple(payouts)
    if not percents or any(int(p) != p or p < 0 for p in percents) or sum(percents) != 100:
        raise TableError(f"custom payouts are whole percentages summing to 100, got {percents}")
    if list(percents) != sorted(percents, reverse=True):
        raise TableError(f"custom payouts must not increase with the place, got {percents}")
    return allocate(pool, [int(p) for p in percents])


def share_prizes(payouts: Sequence[int], place: int, count: int) -> tuple[int, ...]:
    """The prizes of ``count`` players tied at ``place`` (docs/rules.md#tournaments): the
    prizes of places ``place .. place + count - 1`` added and split equally;
    the odd units go one each to the first players (in the caller's order)."""
    pool = sum(payouts[place - 1 : place - 1 + count])
    share, odd = divmod(pool, count)
    return tuple(share + (1 if j < odd else 0) for j in range(count))
