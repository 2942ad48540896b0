"""Exact equity: every combo assignment against every completion of the board."""

from __future__ import annotations

import numpy as np

from pokerdealer.equity._kernel import (
    BLOCK,
    CARD_BIT,
    Players,
    Progress,
    Tally,
    board_tables,
    ranks_of,
)

__all__ = ["exact_tally"]


def exact_tally(
    players: Players,
    deck: np.ndarray,
    k: int,
    assignments: tuple[np.ndarray, np.ndarray],
    *,
    categories: bool = False,
    progress: Progress | None = None,
) -> Tally:
    """Enumerate every assignment of combos and every ``k``-card completion from ``deck``.

    ``deck`` holds the cards that can still come; a player's combos may use
    some of them, and (assignment, board) pairs sharing a card are skipped.
    """
    rows, row_weights = assignments
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
            tally.score(player_ranks, valid, row_weights[row_start : row_start + row_step])
            if progress is not None and len(rows) > row_step:
                done = min(row_start + row_step, len(rows)) / len(rows)
                progress((start + done * (stop - start)) / boards)
        if progress is not None:
            progress(stop / boards)
    return tally
