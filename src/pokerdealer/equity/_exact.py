"""Exact equity: every combo assignment against every completion of the board.

Only one assignment of each suit-symmetry orbit is enumerated
(:mod:`._symmetry`), weighed by the orbit's weight. Pre-flop (five board
cards to come) the boards are counted by class (:mod:`._board_classes`);
with board cards known, every board is evaluated.
"""

from __future__ import annotations

import numpy as np

from pokerdealer.equity._board_classes import SHARE_UNIT, board_class_outcome
from pokerdealer.equity._kernel import (
    BLOCK,
    CARD_BIT,
    Players,
    Progress,
    Tally,
    board_tables,
    ranks_of,
)
from pokerdealer.equity._symmetry import AssignmentOrbits, assignment_orbits, suit_stabiliser

__all__ = ["BY_CLASS", "ORBIT_ROWS", "exact_tally"]

#: Count pre-flop questions by board class (False evaluates every board, as with a
#: board known: slower, kept to check the classes against).
BY_CLASS = True
#: Most combo assignments grouped into suit-symmetry orbits (the grouping holds
#: a few copies of every assignment's hole masks; beyond this many, each
#: assignment is enumerated on its own, as they all were before).
ORBIT_ROWS = 1 << 20


def exact_tally(
    players: Players,
    deck: np.ndarray,
    k: int,
    assignments: tuple[np.ndarray, np.ndarray],
    *,
    dead: int = 0,
    categories: bool = False,
    progress: Progress | None = None,
) -> Tally:
    """Enumerate every assignment of combos and every ``k``-card completion from ``deck``.

    ``deck`` holds the cards that can still come; a player's combos may use
    some of them, and (assignment, board) pairs sharing a card are skipped.
    ``dead`` is the mask of the dead cards (a renaming of suits must leave
    them, and the board, in place).
    """
    rows, row_weights = assignments
    if len(rows) <= ORBIT_ROWS:
        holes = np.stack([players.holes[p][rows[:, p]] for p in range(players.count)], axis=1)
        orbits = assignment_orbits(holes, row_weights, suit_stabiliser(players.board_mask, dead))
    else:
        orbits = AssignmentOrbits(
            first=np.arange(len(rows)), weight=row_weights, size=np.ones(len(rows), np.int64)
        )
    rows = rows[orbits.first]
    if k == 5 and BY_CLASS:
        return _class_tally(players, rows, orbits, deck, categories=categories, progress=progress)
    return _board_tally(players, deck, k, rows, orbits, categories=categories, progress=progress)


def _board_tally(
    players: Players,
    deck: np.ndarray,
    k: int,
    rows: np.ndarray,
    orbits: AssignmentOrbits,
    *,
    categories: bool,
    progress: Progress | None,
) -> Tally:
    """Every board of every orbit's assignment ``rows``, in cache-sized blocks."""
    row_weights, row_sizes = orbits.weight, orbits.size
    board_keys, board_masks = board_tables(deck, k)
    boards = len(board_keys)
    deck_mask = int(np.bitwise_or.reduce(CARD_BIT[deck])) if len(deck) else 0
    # Only combos that can meet a board card need the per-board collision check.
    checked = [bool(((m & deck_mask) != 0).any()) for m in players.masks]
    tally = Tally(players.count, with_categories=categories)
    widest = max(max(len(k) for k in players.keys), 1)
    step = max(1024, min(boards, BLOCK // widest))
    for start in range(0, boards, step):
        stop = min(start + step, boards)
        keys = board_keys[start:stop]
        masks = board_masks[start:stop]
        ranks = []
        fits = []
        for p in range(players.count):
            hole_keys = players.keys[p][:, None]
            hole_masks = players.masks[p][:, None]
            ranks.append(
                ranks_of(keys[None, :] + hole_keys, masks[None, :] | hole_masks, clip=checked[p])
            )
            fits.append((masks[None, :] & hole_masks) == 0 if checked[p] else None)
        row_step = max(1, BLOCK // (stop - start))
        for row_start in range(0, len(rows), row_step):
            chosen = rows[row_start : row_start + row_step]
            player_ranks = []
            valid = None
            for p in range(players.count):
                table = ranks[p]
                single = len(table) == 1
                player_ranks.append(table if single else table[chosen[:, p]])
                if fits[p] is not None:
                    fit = fits[p] if single else fits[p][chosen[:, p]]
                    valid = fit if valid is None else valid & fit
            if valid is not None and valid.shape[0] != len(chosen):
                valid = np.broadcast_to(valid, (len(chosen), stop - start))
            tally.score(
                player_ranks,
                valid,
                row_weights[row_start : row_start + row_step],
                row_sizes=row_sizes[row_start : row_start + row_step],
            )
            if progress is not None and len(rows) > row_step:
                done = min(row_start + row_step, len(rows)) / len(rows)
                progress((start + done * (stop - start)) / boards)
        if progress is not None:
            progress(stop / boards)
    return tally


def _class_tally(
    players: Players,
    rows: np.ndarray,
    orbits: AssignmentOrbits,
    deck: np.ndarray,
    *,
    categories: bool,
    progress: Progress | None,
) -> Tally:
    """Every pre-flop deal of each orbit's assignment (``rows``: one per orbit),
    boards counted by class.

    The tallies are sums of integer board counts times the orbits' weights,
    so with whole-number weights they equal board-by-board enumeration's exactly.
    """
    deck_mask = int(np.bitwise_or.reduce(CARD_BIT[deck])) if len(deck) else 0
    tally = Tally(players.count, with_categories=categories)
    holes = np.stack([players.holes[p][rows[:, p]] for p in range(players.count)], axis=1)
    for done, (hands, weight, size) in enumerate(
        zip(holes.tolist(), orbits.weight.tolist(), orbits.size.tolist()), start=1
    ):
        taken = 0
        for hand in hands:
            taken |= hand
        outcome = board_class_outcome(hands, available=deck_mask & ~taken, categories=categories)
        tally.total += weight * outcome.boards
        tally.outcomes += size * outcome.boards
        tally.win += weight * outcome.win
        tally.tie += weight * outcome.tie
        tally.share += weight * outcome.share / SHARE_UNIT
        if tally.categories is not None and outcome.categories is not None:
            tally.categories += weight * outcome.categories
        if progress is not None:
            progress(done / len(orbits.first))
    return tally
