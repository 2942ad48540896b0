"""An independent brute-force equity reference built on eval7 (test-only).

It loops in Python over every combo assignment and every board completion
and asks eval7 for each hand's value, so keep the questions small (a flop
or turn board, or a single pre-flop matchup).
"""

from __future__ import annotations

import warnings
from itertools import combinations, product

with warnings.catch_warnings():  # eval7 0.1.11 uses pyparsing names deprecated since 3.3
    warnings.simplefilter("ignore", DeprecationWarning)
    import eval7

from pokerdealer.cards import CARDS

EVAL7 = [eval7.Card(str(card)) for card in CARDS]


def brute_force(
    players: list[list[tuple[int, int]]],
    board: list[int] = (),  # type: ignore[assignment]
    dead: list[int] = (),  # type: ignore[assignment]
    weights: list[list[float]] | None = None,
) -> dict[str, list[float]]:
    """Win, tie and equity per player over every compatible deal (weighted)."""
    known = set(board) | set(dead)
    n = len(players)
    if weights is None:
        weights = [[1.0] * len(p) for p in players]
    win = [0.0] * n
    tie = [0.0] * n
    share = [0.0] * n
    total = 0.0
    board_cards = [EVAL7[c] for c in board]
    for choice in product(*(range(len(p)) for p in players)):
        hands = [players[p][i] for p, i in enumerate(choice)]
        used = [c for hand in hands for c in hand]
        if len(set(used)) != len(used) or known.intersection(used):
            continue
        weight = 1.0
        for p, i in enumerate(choice):
            weight *= weights[p][i]
        if weight == 0:
            continue
        rest = [c for c in range(52) if c not in known and c not in used]
        holes = [[EVAL7[a], EVAL7[b]] for a, b in hands]
        for runout in combinations(rest, 5 - len(board)):
            full = board_cards + [EVAL7[c] for c in runout]
            values = [eval7.evaluate(h + full) for h in holes]
            best = max(values)
            winners = [p for p, v in enumerate(values) if v == best]
            total += weight
            for p in winners:
                share[p] += weight / len(winners)
                if len(winners) == 1:
                    win[p] += weight
                else:
                    tie[p] += weight
    return {
        "win": [w / total for w in win],
        "tie": [t / total for t in tie],
        "equity": [s / total for s in share],
        "total": [total],
    }
