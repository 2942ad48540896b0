"""Monte Carlo: agreement with exact answers, standard errors, seeds, budgets."""

from __future__ import annotations

import time

import pytest

from pokerdealer.equity import equity

MATCHUPS = [
    (["AsKs", "QhQd"], "", ""),
    (["AhKh", "QQ+,AKo"], "Kd 7h 2h", ""),
    (["AA", "KK,QQ", "AKs,T9s+"], "2c 7d 9h", "3s"),
    (["JhTh", "random"], "9h 8c 2d 5s", ""),
]


@pytest.mark.parametrize(("players", "board", "dead"), MATCHUPS)
def test_monte_carlo_is_within_four_standard_errors_of_exact(players, board, dead) -> None:
    exact = equity(players, board=board, dead=dead, exact=True)
    sampled = equity(players, board=board, dead=dead, samples=200_000, seed=7)
    assert exact.method == "exact" and sampled.method == "monte_carlo"
    assert sampled.boards == 200_000
    assert sampled.std_error == max(p.std_error for p in sampled.players)
    for truth, estimate in zip(exact.players, sampled.players):
        assert estimate.std_error is not None and 0 < estimate.std_error < 0.01
        assert abs(estimate.equity - truth.equity) < 4 * estimate.std_error
        assert abs(estimate.win - truth.win) < 0.01
    assert sum(p.equity for p in sampled.players) == pytest.approx(1.0)


def test_a_seed_reproduces_a_run_and_another_seed_does_not() -> None:
    first = equity(["AKs", "QQ+"], samples=100_000, seed=42)
    again = equity(["AKs", "QQ+"], samples=100_000, seed=42)
    other = equity(["AKs", "QQ+"], samples=100_000, seed=43)
    assert [p.equity for p in first.players] == [p.equity for p in again.players]
    assert [p.equity for p in first.players] != [p.equity for p in other.players]


def test_big_questions_fall_back_to_monte_carlo_with_the_default_budget() -> None:
    result = equity(["random", "random", "random"], seed=1)
    assert result.method == "monte_carlo"
    assert result.boards == 1_000_000
    assert all(p.equity == pytest.approx(1 / 3, abs=4 * result.std_error) for p in result.players)


def test_a_time_budget_stops_the_run() -> None:
    started = time.perf_counter()
    result = equity(["AA", "random", "random", "random"], seconds=0.3, seed=1)
    elapsed = time.perf_counter() - started
    assert result.method == "monte_carlo"
    assert result.boards > 0
    assert elapsed < 1.5


def test_ten_players_with_ranges() -> None:
    players = ["AA", "KK", "QQ", "JJ", "TT", "99", "88", "AKs", "random", "random"]
    result = equity(players, samples=100_000, seed=5)
    assert result.method == "monte_carlo"
    assert sum(p.equity for p in result.players) == pytest.approx(1.0)
    assert result.players[0].equity > result.players[1].equity > 0.1


def test_aa_against_a_random_hand_matches_the_published_figure() -> None:
    result = equity(["AA", "random"], samples=400_000, seed=3)
    assert result.players[0].equity == pytest.approx(0.8520, abs=4 * result.std_error + 1e-4)


def test_sampled_category_breakdown_adds_up() -> None:
    result = equity(["AhKh", "random"], samples=50_000, seed=2, categories=True)
    for player in result.players:
        assert player.categories is not None
        assert sum(c.frequency for c in player.categories) == pytest.approx(1.0)
        assert sum(c.win for c in player.categories) == pytest.approx(player.win)


def test_progress_is_reported_up_to_completion() -> None:
    seen: list[float] = []
    equity(["AA", "KK"], samples=200_000, seed=1, progress=seen.append)
    assert seen and seen == sorted(seen) and seen[-1] == 1.0
    seen.clear()
    equity(["AsKs", "QhQd"], progress=seen.append)
    assert seen[-1] == 1.0


SMALL_DECK = "2d 2h 2s 3c 3d 3h 3s 4c 4d 4h 4s 5c 5d 5h 5s 6c 6d 6h 6s 7c 7h 7s 8c 8d 8h 8s"


@pytest.mark.parametrize(
    ("players", "board", "dead"),
    [
        (["AsKs,AsQs", "QQ+", "random"], "Qd 7h 2h 9c", ""),
        (["random", "AhKh", "random"], "Qd 7h 2h 9c", ""),
        (["random", "T9s:0.5,JJ", "random"], "2c 7d 9h Ts", SMALL_DECK),
    ],
)
def test_dealing_random_hands_card_by_card_matches_exact(monkeypatch, players, board, dead) -> None:
    from pokerdealer.equity import _montecarlo

    exact = equity(players, board=board, dead=dead, exact=True)
    for acceptance in (1.1, 0.0):  # deal random hands card by card / by whole-deal rejection
        monkeypatch.setattr(_montecarlo, "REJECTION_ACCEPTANCE", acceptance)
        sampled = equity(players, board=board, dead=dead, samples=200_000, seed=4)
        for truth, estimate in zip(exact.players, sampled.players):
            assert abs(estimate.equity - truth.equity) < 4 * estimate.std_error


@pytest.mark.parametrize("board_acceptance", [1.1, 0.0])
def test_weighted_ranges_with_boards_dealt_or_drawn_match_exact(monkeypatch, board_acceptance):
    from pokerdealer.equity import _montecarlo

    monkeypatch.setattr(_montecarlo, "BOARD_ACCEPTANCE", board_acceptance)
    players = ["AsKs,AsQs", "QQ+,AKo:0.5", "T9s+", "77"]
    exact = equity(players, board="Qd 7h 2h", exact=True)
    sampled = equity(players, board="Qd 7h 2h", samples=200_000, seed=8)
    assert sampled.boards == 200_000
    for truth, estimate in zip(exact.players, sampled.players):
        assert abs(estimate.equity - truth.equity) < 4 * estimate.std_error


def test_many_players_with_narrow_ranges() -> None:
    players = ["AA", "KK", "QQ", "JJ", "TT", "99", "88", "77", "66", "55"]
    result = equity(players, samples=50_000, seed=1)
    assert result.boards == 50_000
    assert sum(p.equity for p in result.players) == pytest.approx(1.0)
    assert result.players[0].equity == max(p.equity for p in result.players)
