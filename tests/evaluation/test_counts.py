"""Exhaustive checks: every 5-card and every 7-card hand, against the known counts."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from pokerdealer.evaluation import Category, Ranking, evaluate_many
from pokerdealer.evaluation.tables import tables_for
from tests.evaluation.enumeration import all_hands

C = Category

# RULES.md §8.1 (Wikipedia "Poker probability").
FIVE_CARD_COUNTS = {
    C.ROYAL_FLUSH: 4,
    C.STRAIGHT_FLUSH: 36,
    C.FOUR_OF_A_KIND: 624,
    C.FULL_HOUSE: 3_744,
    C.FLUSH: 5_108,
    C.STRAIGHT: 10_200,
    C.THREE_OF_A_KIND: 54_912,
    C.TWO_PAIR: 123_552,
    C.ONE_PAIR: 1_098_240,
    C.HIGH_CARD: 1_302_540,
}
SEVEN_CARD_COUNTS = {
    C.ROYAL_FLUSH: 4_324,
    C.STRAIGHT_FLUSH: 37_260,
    C.FOUR_OF_A_KIND: 224_848,
    C.FULL_HOUSE: 3_473_184,
    C.FLUSH: 4_047_644,
    C.STRAIGHT: 6_180_020,
    C.THREE_OF_A_KIND: 6_461_620,
    C.TWO_PAIR: 31_433_400,
    C.ONE_PAIR: 58_627_800,
    C.HIGH_CARD: 23_294_460,
}
# RULES.md §8.2 (computed by enumeration of the 36-card deck).
SHORT_DECK_FIVE_CARD_COUNTS = {
    C.STRAIGHT_FLUSH: 24,
    C.FOUR_OF_A_KIND: 288,
    C.FLUSH: 480,
    C.FULL_HOUSE: 1_728,
    C.THREE_OF_A_KIND: 16_128,
    C.STRAIGHT: 6_120,
    C.TWO_PAIR: 36_288,
    C.ONE_PAIR: 193_536,
    C.HIGH_CARD: 122_400,
}
SHORT_DECK_SEVEN_TRIPS_BEAT_STRAIGHT = {
    C.STRAIGHT_FLUSH: 10_560,
    C.FOUR_OF_A_KIND: 44_640,
    C.FLUSH: 175_560,
    C.FULL_HOUSE: 633_024,
    C.THREE_OF_A_KIND: 637_560,
    C.STRAIGHT: 1_139_580,
    C.TWO_PAIR: 3_157_056,
    C.ONE_PAIR: 2_316_600,
    C.HIGH_CARD: 233_100,
}
SHORT_DECK_SEVEN_STRAIGHT_BEATS_TRIPS = {
    **SHORT_DECK_SEVEN_TRIPS_BEAT_STRAIGHT,
    C.STRAIGHT: 1_169_940,
    C.THREE_OF_A_KIND: 607_200,
}


def category_counts(ranking: Ranking, size: int, *, merge_royal: bool = False) -> dict:
    tables = tables_for(ranking)
    categories = list(C)
    category_of_rank = np.array(
        [categories.index(c) for c in tables.class_category], dtype=np.int64
    )
    deck = np.arange(ranking.lowest_rank * 4, 52, dtype=np.uint8)
    totals = np.zeros(len(categories), dtype=np.int64)
    distinct = np.zeros(tables.class_count + 1, dtype=bool)
    for block in all_hands(deck, size):
        ranks = evaluate_many(
            block, ranking.variant, trips_beat_straight=ranking.trips_beat_straight
        )
        distinct[ranks] = True
        totals += np.bincount(category_of_rank[ranks], minlength=len(categories))
    counts = {c: int(totals[i]) for i, c in enumerate(categories) if totals[i]}
    if merge_royal and C.ROYAL_FLUSH in counts:
        counts[C.STRAIGHT_FLUSH] += counts.pop(C.ROYAL_FLUSH)
    counts["distinct"] = int(distinct.sum())
    return counts


def test_every_five_card_hand_has_its_known_category_count():
    counts = category_counts(Ranking("holdem"), 5)
    assert counts.pop("distinct") == 7_462
    assert counts == FIVE_CARD_COUNTS
    assert sum(counts.values()) == 2_598_960


def test_there_are_exactly_7462_hand_ranks():
    tables = tables_for(Ranking("holdem"))
    assert tables.class_count == 7_462
    assert tables.class_category[1] is C.HIGH_CARD  # 7-5-4-3-2
    assert tables.class_pattern[1] == (5, 3, 2, 1, 0)
    assert tables.class_category[7_462] is C.ROYAL_FLUSH


def test_every_seven_card_hand_has_its_known_category_count():
    counts = category_counts(Ranking("holdem"), 7)
    assert counts.pop("distinct") == 4_824
    assert counts == SEVEN_CARD_COUNTS
    assert sum(counts.values()) == 133_784_560


def test_short_deck_five_card_hands_have_their_known_category_counts():
    for trips_beat_straight in (True, False):
        counts = category_counts(
            Ranking("shortdeck", trips_beat_straight), 5, merge_royal=True
        )
        counts.pop("distinct")
        assert counts == SHORT_DECK_FIVE_CARD_COUNTS
        assert sum(counts.values()) == 376_992


@pytest.mark.parametrize(
    ("trips_beat_straight", "expected"),
    [(True, SHORT_DECK_SEVEN_TRIPS_BEAT_STRAIGHT), (False, SHORT_DECK_SEVEN_STRAIGHT_BEATS_TRIPS)],
)
def test_short_deck_seven_card_hands_have_their_known_category_counts(
    trips_beat_straight, expected
):
    counts = category_counts(Ranking("shortdeck", trips_beat_straight), 7, merge_royal=True)
    counts.pop("distinct")
    assert counts == expected
    assert sum(counts.values()) == 8_347_680


def test_six_card_batch_agrees_with_best_of_its_five_card_subsets():
    rng = np.random.default_rng(6)
    hands = np.argsort(rng.random((2_000, 52)), axis=1)[:, :6].astype(np.uint8)
    six = evaluate_many(hands)
    subsets = np.array(list(itertools.combinations(range(6), 5)))
    five = evaluate_many(hands[:, subsets].reshape(-1, 5)).reshape(len(hands), len(subsets))
    assert (six == five.max(axis=1)).all()
