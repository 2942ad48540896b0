"""Shared helpers for the evaluation tests: enumerating every hand of a deck."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from math import comb

import numpy as np


def colex_combinations(n: int, k: int) -> np.ndarray:
    """All k-subsets of range(n) in colexicographic order, one per row.

    In colex order the subsets of range(m) come first, so a prefix of this
    array is every k-subset of a smaller range.
    """
    rows = np.array(list(itertools.combinations(range(n), k)), dtype=np.uint8)
    order = np.lexsort(rows.T)  # last column is the primary key
    return rows[order]


def all_hands(cards: np.ndarray, size: int) -> Iterator[np.ndarray]:
    """Every ``size``-card hand drawn from ``cards``, in blocks sharing their two lowest cards."""
    n = len(cards)
    tail = size - 2
    block = colex_combinations(n, tail)
    for first in range(n):
        for second in range(first + 1, n):
            remaining = n - second - 1
            count = comb(remaining, tail)
            if count == 0:
                continue
            rest = block[:count] + (second + 1)
            hand = np.empty((count, size), dtype=np.uint8)
            hand[:, 0] = cards[first]
            hand[:, 1] = cards[second]
            hand[:, 2:] = cards[rest]
            yield hand
