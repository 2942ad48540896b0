"""Suit symmetry: combo assignments that differ only by a renaming of suits.

Renaming the suits by a permutation that maps the known cards (board and
dead cards) onto themselves maps every deal to a deal of the same shape,
and every hand to a hand of the same rank. So two assignments (one combo
per player) that such a permutation carries one onto the other have the
same wins, ties and categories over the boards, and only one of them needs
to be enumerated, weighed by the weight of both.

Cards are read from 52-bit masks whose 13-bit slices are the suits
(``1 << (suit * 13 + rank)``, :data:`~pokerdealer.equity._kernel.CARD_BIT`),
so renaming suits moves whole slices.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from itertools import permutations

import numpy as np

__all__ = ["AssignmentOrbits", "assignment_orbits", "permute_suits", "suit_stabiliser"]

_SLICE = 0x1FFF


def permute_suits(masks: np.ndarray, perm: tuple[int, ...]) -> np.ndarray:
    """The card masks with suit ``s`` renamed ``perm[s]``.

    >>> spade_ace = 1 << (3 * 13 + 12)
    >>> int(permute_suits(np.array([spade_ace]), (0, 1, 3, 2))[0]) == 1 << (2 * 13 + 12)
    True
    """
    out = np.zeros_like(masks)
    for suit, target in enumerate(perm):
        out |= ((masks >> (13 * suit)) & _SLICE) << (13 * target)
    return out


@functools.cache
def suit_stabiliser(*known: int) -> tuple[tuple[int, ...], ...]:
    """Suit permutations mapping each mask in ``known`` onto itself (identity first).

    >>> len(suit_stabiliser(0)), len(suit_stabiliser(1))
    (24, 6)
    """
    arrays = np.array(known, np.int64)
    return tuple(p for p in permutations(range(4)) if (permute_suits(arrays, p) == arrays).all())


@dataclass(frozen=True)
class AssignmentOrbits:
    """Assignments grouped by suit symmetry.

    ``first[o]`` is the row of one assignment of orbit ``o`` (any member
    serves), ``weight[o]`` the summed weights of its members and ``size[o]``
    their number.
    """

    first: np.ndarray
    weight: np.ndarray
    size: np.ndarray


def assignment_orbits(
    holes: np.ndarray, weights: np.ndarray, group: tuple[tuple[int, ...], ...]
) -> AssignmentOrbits:
    """Group the assignments whose hole masks (``rows x players``) one of ``group`` relates.

    Each row is replaced by the smallest (lexicographically, player by
    player) of its images under the group, and rows with equal images form
    an orbit.

    >>> hearts, spades = 1 << (2 * 13 + 12), 1 << (3 * 13 + 12)  # Ah, As
    >>> orbits = assignment_orbits(
    ...     np.array([[hearts], [spades]]), np.ones(2), suit_stabiliser(0)
    ... )
    >>> orbits.first.tolist(), orbits.size.tolist()
    ([0], [2])
    """
    if len(holes) == 1 or len(group) == 1:
        return AssignmentOrbits(
            first=np.arange(len(holes)), weight=weights, size=np.ones(len(holes), np.int64)
        )
    best = holes.copy()
    for perm in group[1:]:
        image = permute_suits(holes, perm)
        differs = image != best
        column = np.argmax(differs, axis=1)
        rows = np.arange(len(best))
        smaller = differs.any(axis=1) & (image[rows, column] < best[rows, column])
        best[smaller] = image[smaller]
    _, first, inverse = np.unique(best, axis=0, return_index=True, return_inverse=True)
    inverse = inverse.reshape(-1)
    return AssignmentOrbits(
        first=first,
        weight=np.bincount(inverse, weights=weights, minlength=len(first)),
        size=np.bincount(inverse, minlength=len(first)),
    )
