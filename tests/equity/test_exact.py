"""Exact enumeration: the classic count, eval7 brute force, symmetry, collisions."""

from __future__ import annotations

import random

import pytest

from pokerdealer.cards import parse_cards
from pokerdealer.equity import EquityError, equity, parse_range
from tests.equity.reference import brute_force


def idx(text: str) -> list[int]:
    return [c.index for c in parse_cards(text)]


def combos(text: str) -> list[tuple[int, int]]:
    return list(parse_range(text).indices())


def assert_matches(result, expected, tolerance=1e-9) -> None:
    for p, player in enumerate(result.players):
        assert player.win == pytest.approx(expected["win"][p], abs=tolerance)
        assert player.tie == pytest.approx(expected["tie"][p], abs=tolerance)
        assert player.equity == pytest.approx(expected["equity"][p], abs=tolerance)


def test_ace_king_suited_against_queens_counts_every_board_exactly() -> None:
    result = equity(["As Ks", "Qh Qd"])
    assert result.method == "exact"
    assert result.std_error is None
    assert result.boards == 1_712_304
    ak, qq = result.players
    assert round(ak.win * result.boards) == 787_966
    assert round(ak.tie * result.boards) == 6_732
    assert round(qq.win * result.boards) == 917_606
    assert round(ak.equity, 7) == 0.4621446
    assert ak.equity + qq.equity == pytest.approx(1.0, abs=1e-12)


def test_a_random_preflop_matchup_matches_eval7_over_every_board() -> None:
    rng = random.Random(11)
    cards = rng.sample(range(52), 4)
    players = [[(cards[0], cards[1])], [(cards[2], cards[3])]]
    result = equity([cards[:2], cards[2:]])
    assert result.boards == 1_712_304
    assert_matches(result, brute_force(players))


@pytest.mark.parametrize("seed", range(6))
def test_random_hand_matchups_on_flop_and_turn_match_eval7(seed: int) -> None:
    rng = random.Random(seed)
    n_players = 2 + seed % 3
    board_size = 3 + seed % 2
    cards = rng.sample(range(52), 2 * n_players + board_size + 1)
    holes = [cards[2 * p : 2 * p + 2] for p in range(n_players)]
    board = cards[2 * n_players : 2 * n_players + board_size]
    dead = cards[-1:]
    result = equity(holes, board=board, dead=dead)
    assert result.method == "exact"
    expected = brute_force([[tuple(h)] for h in holes], board, dead)
    assert_matches(result, expected)


@pytest.mark.parametrize(
    ("hero", "villain", "board"),
    [
        ("AhKh", "QQ+,AKo", "Kd 7h 2h"),
        ("Td9d", "JJ-88, AQs+, KQo", "Jd 8c 3d"),
        ("7c7s", "A5s-A2s:0.5, KTo+, T9s+", "6c 5d 2h 9s"),
        ("AsAd", "AA, KK", "Ah 5c 9d"),  # the other aces collide with hero
    ],
)
def test_hand_against_a_range_matches_eval7(hero: str, villain: str, board: str) -> None:
    villain_range = parse_range(villain)
    result = equity([hero, villain], board=board)
    assert result.method == "exact"
    expected = brute_force(
        [combos(hero), list(villain_range.indices())],
        idx(board),
        weights=[[1.0], list(villain_range.weights)],
    )
    assert_matches(result, expected)


@pytest.mark.parametrize("seed", range(4))
def test_random_hand_against_random_range_matches_eval7(seed: int) -> None:
    from pokerdealer.equity import HAND_CLASSES

    rng = random.Random(100 + seed)
    villain = ",".join(rng.sample(HAND_CLASSES, 3)) + f":{rng.choice([0.5, 1])}"
    cards = rng.sample(range(52), 5 + seed % 2)
    hero, board = cards[:2], cards[2:]
    villain_range = parse_range(villain)
    try:
        result = equity([hero, villain], board=board)
    except EquityError:  # every villain combo met the board or the hero: nothing to compare
        return
    expected = brute_force(
        [[tuple(hero)], list(villain_range.indices())],
        board,
        weights=[[1.0], list(villain_range.weights)],
    )
    assert_matches(result, expected)


def test_ranges_colliding_with_each_other_weigh_compatible_deals() -> None:
    # AA vs AK vs KK on a flop: most pairs of combos share an ace or a king, so
    # each combo counts in proportion to the deals it is compatible with.
    players = ["AA", "AKs", "KK,QQ"]
    board = "2c 7d 9h"
    result = equity(players, board=board)
    expected = brute_force([combos(p) for p in players], idx(board))
    assert_matches(result, expected)


def test_three_way_ranges_on_the_turn_match_eval7() -> None:
    players = ["AKs,AQs", "JJ-TT", "65s,87s"]
    board = "Ks 8d 6c 2s"
    result = equity(players, board=board, dead="Jh")
    expected = brute_force([combos(p) for p in players], idx(board), idx("Jh"))
    assert_matches(result, expected)


def test_equities_sum_to_one_and_ties_are_shared() -> None:
    result = equity(["AhKd", "AcKs", "7h7d"], board="Qc Jd 2s")
    assert sum(p.equity for p in result.players) == pytest.approx(1.0, abs=1e-12)
    for player in result.players:
        assert player.win <= player.equity <= player.win + player.tie
    assert sum(p.win for p in result.players) <= 1.0


def test_symmetric_matchups_have_equal_equity() -> None:
    result = equity(["AhKh", "AsKs"])
    assert result.players[0].equity == pytest.approx(0.5, abs=1e-12)
    mirrored = equity(["QQ", "KK"], board="2c 3d 4h")
    swapped = equity(["KK", "QQ"], board="2c 3d 4h")
    assert mirrored.players[0].equity == pytest.approx(swapped.players[1].equity, abs=1e-12)
    # suits are interchangeable: the same matchup in other suits
    a = equity(["AhKh", "QcQd"])
    b = equity(["AdKd", "QsQh"])
    assert a.players[0].win == pytest.approx(b.players[0].win, abs=1e-12)


def test_board_played_by_everyone_is_a_full_split() -> None:
    result = equity(["2c3d", "4h5s"], board="As Ks Qs Js Ts")
    assert result.boards == 1
    assert [p.tie for p in result.players] == [1.0, 1.0]
    assert [p.equity for p in result.players] == [0.5, 0.5]


def test_river_ranges_enumerate_combos() -> None:
    result = equity(["AA", "KK"], board="2c 7d 9h Tc Js")
    assert result.boards == 36
    assert result.players[0].equity == 1.0


def test_category_breakdown_adds_up() -> None:
    result = equity(["AhKh", "QsQd"], board="Jh Th 2c", categories=True)
    for player in result.players:
        assert player.categories is not None
        assert sum(c.frequency for c in player.categories) == pytest.approx(1.0)
        assert sum(c.win for c in player.categories) == pytest.approx(player.win)
        assert sum(c.tie for c in player.categories) == pytest.approx(player.tie)
    ak = {c.category.value: c for c in result.players[0].categories}
    # a royal flush needs the Qh, with any of the other 44 unseen cards
    assert ak["royal_flush"].frequency == pytest.approx(44 / 990)
