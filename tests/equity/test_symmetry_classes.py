"""Suit-symmetry orbits and board classes give exactly what enumerating every deal gives.

The reference is the same calculator with both shortcuts turned off: every
combo assignment (no orbits) against every board (no classes). Wins, ties,
deal counts and category breakdowns are sums of whole numbers (the ranges
use weights 1 and 0.5), so they must be equal to the last bit; equities of
three or more players add up thirds and fifths, so they agree to rounding.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pokerdealer.cards import CARDS
from pokerdealer.equity import HAND_CLASSES, EquityError, EquityResult, _exact, equity
from pokerdealer.equity._kernel import CARD_BIT
from pokerdealer.equity._symmetry import assignment_orbits, suit_stabiliser

SLOW = settings(
    max_examples=12,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


@contextmanager
def every_deal() -> Iterator[None]:
    """The calculator with no orbits and no board classes."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(_exact, "BY_CLASS", False)
        patch.setattr(_exact, "suit_stabiliser", lambda *known: ((0, 1, 2, 3),))
        yield


def assert_same(fast: EquityResult, slow: EquityResult) -> None:
    assert fast.method == slow.method == "exact"
    assert fast.boards == slow.boards
    assert [p.win for p in fast.players] == [p.win for p in slow.players]
    assert [p.tie for p in fast.players] == [p.tie for p in slow.players]
    if len(fast.players) == 2:
        assert [p.equity for p in fast.players] == [p.equity for p in slow.players]
    else:
        for a, b in zip(fast.players, slow.players):
            assert a.equity == pytest.approx(b.equity, abs=1e-12)
    for a, b in zip(fast.players, slow.players):
        if b.categories is None:
            assert a.categories is None
            continue
        assert a.categories is not None
        assert [(c.frequency, c.win, c.tie) for c in a.categories] == [
            (c.frequency, c.win, c.tie) for c in b.categories
        ]


def compare(players: list, **options: object) -> None:
    try:
        fast = equity(players, exact=True, **options)  # type: ignore[arg-type]
    except EquityError:
        with every_deal(), pytest.raises(EquityError):
            equity(players, exact=True, **options)  # type: ignore[arg-type]
        return
    with every_deal():
        slow = equity(players, exact=True, **options)  # type: ignore[arg-type]
    assert_same(fast, slow)


@st.composite
def hands_and_dead(draw: st.DrawFn, *, players: tuple[int, int], board: tuple[int, ...]) -> dict:
    count = draw(st.integers(*players))
    board_size = draw(st.sampled_from(board))
    dead_size = draw(st.integers(0, 3))
    cards = draw(st.permutations(range(52)))[: 2 * count + board_size + dead_size]
    holes = [[CARDS[cards[2 * p]], CARDS[cards[2 * p + 1]]] for p in range(count)]
    rest = cards[2 * count :]
    return {
        "players": holes,
        "board": [CARDS[c] for c in rest[:board_size]],
        "dead": [CARDS[c] for c in rest[board_size:]],
        "categories": draw(st.booleans()),
    }


@SLOW
@given(question=hands_and_dead(players=(2, 6), board=(0,)))
def test_preflop_hands_by_class_equal_every_board(question: dict) -> None:
    compare(**question)


@SLOW
@given(
    suits=st.lists(st.sampled_from("cdhs"), min_size=4, max_size=4),
    ranks=st.lists(st.sampled_from("AKQT762"), min_size=4, max_size=4),
    dead=st.sampled_from(["", "Ac", "2d 7h", "Kh Ks Qd"]),
)
def test_preflop_suited_and_paired_hands_by_class_equal_every_board(
    suits: list[str], ranks: list[str], dead: str
) -> None:
    cards = [r + s for r, s in zip(ranks, suits)]
    if len(set(cards)) < 4 or set(cards) & set(dead.split()):
        return
    compare(["".join(cards[:2]), "".join(cards[2:])], dead=dead)


@st.composite
def range_questions(draw: st.DrawFn, *, players: tuple[int, int], board: tuple[int, ...]) -> dict:
    count = draw(st.integers(*players))
    texts = []
    for _ in range(count):
        classes = draw(st.lists(st.sampled_from(HAND_CLASSES), min_size=1, max_size=2, unique=True))
        weight = draw(st.sampled_from(["", ":0.5"]))
        texts.append(",".join(c + weight for c in classes))
    board_size = draw(st.sampled_from(board))
    known = draw(st.permutations(range(52)))[: board_size + draw(st.integers(0, 2))]
    return {
        "players": texts,
        "board": [CARDS[c] for c in known[:board_size]],
        "dead": [CARDS[c] for c in known[board_size:]],
        "categories": draw(st.booleans()),
    }


@SLOW
@given(
    hands=hands_and_dead(players=(1, 2), board=(0,)),
    villain=st.sampled_from(HAND_CLASSES),
    weight=st.sampled_from(["", ":0.5"]),
)
def test_preflop_hands_against_a_class_by_orbit_and_class_equal_every_deal(
    hands: dict, villain: str, weight: str
) -> None:
    # one hand class (at most 12 combos) keeps the every-deal reference quick
    players = [*hands["players"], villain + weight]
    compare(players, dead=hands["dead"], categories=hands["categories"])


@settings(SLOW, max_examples=30)
@given(question=range_questions(players=(2, 4), board=(3, 4, 5)))
def test_ranges_on_a_flop_turn_or_river_by_orbit_equal_every_deal(question: dict) -> None:
    compare(**question)


def test_a_preflop_tie_heavy_matchup_counts_ties_exactly() -> None:
    # the same ranks in other suits: most boards split the pot
    compare(["AhKd", "AcKs", "AsKh"], dead="2c")


@pytest.mark.parametrize("board", ["", "Kd 7h 2h"])
def test_too_many_assignments_for_orbits_are_enumerated_one_by_one(
    board: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    players = ["AsKs", "QQ+,AKo", "JJ,TT"]
    grouped = equity(players, board=board, exact=True)
    monkeypatch.setattr(_exact, "ORBIT_ROWS", 0)
    alone = equity(players, board=board, exact=True)
    assert alone.boards == grouped.boards
    assert [p.win for p in alone.players] == [p.win for p in grouped.players]
    assert [p.tie for p in alone.players] == [p.tie for p in grouped.players]


def test_queens_against_ace_king_suited_fall_into_two_orbits() -> None:
    # Renaming hearts, diamonds and clubs keeps As Ks: a pair of queens with the
    # Qs is one orbit of 3, a pair without it another.
    hero = int(CARD_BIT[51] | CARD_BIT[47])  # As Ks
    queens = [(a, b) for a in range(40, 44) for b in range(a + 1, 44)]
    holes = np.array([[hero, int(CARD_BIT[a] | CARD_BIT[b])] for a, b in queens])
    orbits = assignment_orbits(holes, np.ones(len(holes)), suit_stabiliser(0))
    assert sorted(orbits.size.tolist()) == [3, 3]


def test_a_dead_card_breaks_the_symmetry_of_its_suit() -> None:
    assert len(suit_stabiliser(int(CARD_BIT[0]))) == 6  # 2c dead: clubs stay clubs
    # 2c 2d dead: clubs and diamonds may swap, and so may hearts and spades
    assert len(suit_stabiliser(int(CARD_BIT[0] | CARD_BIT[1]))) == 4
