"""Balancing and breaking as pure functions: hypothesis over table counts."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from pokerdealer.table.balancing import (
    allowed_spread,
    balance_move,
    break_order,
    spread_of,
    table_to_break,
)

counts_strategy = st.dictionaries(st.integers(1, 120), st.integers(0, 9), min_size=1, max_size=30)


@given(counts_strategy, st.integers(1, 3))
def test_balancing_moves_until_tables_differ_by_at_most_the_spread(counts, spread):
    counts = dict(counts)
    for _ in range(1000):
        move = balance_move(counts, spread=spread)
        if move is None:
            break
        source, target = move
        assert counts[source] == max(counts.values()) and counts[target] == min(counts.values())
        counts[source] -= 1
        counts[target] += 1
    assert spread_of(counts) <= spread


@given(counts_strategy)
def test_the_table_to_break_is_the_highest_numbered_and_its_players_fit_elsewhere(counts):
    victim = table_to_break(counts, seats=9)
    alive = sum(counts.values())
    if victim is None:
        assert len(counts) < 2 or alive > 9 * (len(counts) - 1)
    else:
        assert victim == max(counts) == break_order(list(counts))[0]
        free_elsewhere = sum(9 - n for t, n in counts.items() if t != victim)
        assert counts[victim] <= free_elsewhere


def test_within_two_with_more_than_six_tables_then_within_one():
    assert [allowed_spread(n) for n in (10, 7, 6, 2)] == [2, 2, 1, 1]
