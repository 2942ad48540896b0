"""Differential test: the same ordering as phevaluator on a million random 7-card hands."""

from __future__ import annotations

import numpy as np
from phevaluator import evaluate_cards

from pokerdealer.evaluation import evaluate_many, rank_function

HANDS = 1_000_000


def random_hands(n: int, size: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    return np.argsort(rng.random((n, 52)), axis=1)[:, :size].astype(np.uint8)


def test_batch_ranks_order_a_million_hands_exactly_as_phevaluator():
    # Both use card index rank*4+suit; phevaluator's 1 is the best of 7,462
    # classes, ours the worst, so the same ordering means rank == 7463 - theirs.
    hands = random_hands(HANDS, 7, seed=2026)
    ours = evaluate_many(hands)
    theirs = np.fromiter((evaluate_cards(*row) for row in hands.tolist()), np.int64, HANDS)
    mismatched = np.flatnonzero(ours != 7463 - theirs)
    assert mismatched.size == 0, hands[mismatched[:5]].tolist()


def test_scalar_rank_agrees_with_batch_rank_for_five_six_and_seven_cards():
    rank = rank_function()
    for size in (5, 6, 7):
        hands = random_hands(50_000, size, seed=size)
        batch = evaluate_many(hands)
        scalar = np.array([rank(row) for row in hands.tolist()])
        assert (batch == scalar).all()


def test_five_and_six_card_ranks_match_phevaluator():
    for size in (5, 6):
        hands = random_hands(100_000, size, seed=10 + size)
        ours = evaluate_many(hands)
        theirs = np.array([evaluate_cards(*row) for row in hands.tolist()])
        assert (ours == 7463 - theirs).all()
