"""Bot matches: duplicate dealing, bb/100 with confidence intervals, plots."""

from __future__ import annotations

import random

import numpy as np
import pytest

from pokerdealer.bots import BaseBot
from pokerdealer.errors import PokerDealerError
from pokerdealer.match import play_match, plot_match
from pokerdealer.rules import Action


class Recorder(BaseBot):
    """Calls everything and remembers the hole cards it was dealt."""

    name = "recorder"

    def __init__(self, rng: random.Random | None = None) -> None:
        super().__init__(rng)
        self.dealt: list[tuple] = []

    def new_hand(self, view) -> None:  # noqa: ANN001
        self.dealt.append(view.hole_cards[view.player])

    def decide(self, view, legal):  # noqa: ANN001
        return Action("check_call")


def test_duplicate_deals_each_deck_to_both_seats():
    a, b = Recorder(), Recorder()
    result = play_match([a, b], hands=20, duplicate=True, seed=3)
    assert result.hands == 20 and result.deals == 10 and result.rotations == 2
    for deal in range(10):
        # The two hands of a deal: a gets b's cards of the other rotation.
        assert a.dealt[2 * deal] == b.dealt[2 * deal + 1]
        assert b.dealt[2 * deal] == a.dealt[2 * deal + 1]


def test_identical_bots_break_exactly_even_with_duplicate_dealing():
    # Two deterministic callers: every deal's two hands cancel to the chip.
    result = play_match(["caller", "caller"], hands=200, duplicate=True, seed=1)
    assert result.names == ("caller#1", "caller#2")
    assert result.totals() == (0, 0)
    lines = result.bot_results()
    assert lines[0].bb_per_100 == 0 and lines[0].ci95 == 0


def test_plain_match_is_reproducible_zero_sum_and_rounds_duplicates_up():
    a = play_match(["tight", "random", "caller"], hands=90, seed=5)
    b = play_match(["tight", "random", "caller"], hands=90, seed=5)
    assert np.array_equal(a.winnings, b.winnings) and a.hands == 90
    assert sum(a.totals()) == 0
    assert (a.winnings.sum(axis=1) == 0).all()
    c = play_match(["tight", "random", "caller"], hands=10, duplicate=True, seed=5)
    assert c.hands == 12 and c.deals == 4


def test_a_stronger_bot_wins_with_a_confidence_interval():
    result = play_match(["tight", "caller"], hands=1000, duplicate=True, seed=2)
    tight, caller = result.bot_results()
    assert tight.bb_per_100 == pytest.approx(-caller.bb_per_100)
    assert tight.bb_per_100 - tight.ci95 > 0  # tight beats a calling station
    data = result.to_json()
    assert set(data["bots"][0]) == {"name", "hands", "chips", "bb_per_100", "ci95"}


def test_a_kinds_result_is_the_average_of_its_seats():
    result = play_match(["tight", "caller", "tight", "caller"], hands=400, duplicate=True, seed=4)
    seats = result.bot_results()
    tight, caller = result.kind_results()
    assert (tight.name, caller.name) == ("tight", "caller")
    assert tight.bb_per_100 == pytest.approx((seats[0].bb_per_100 + seats[2].bb_per_100) / 2)
    assert tight.chips == seats[0].chips + seats[2].chips == -caller.chips
    assert tight.hands == 2 * result.hands
    # Two seats' average varies less than one seat: its interval is no wider.
    assert 0 < tight.ci95 <= max(seats[0].ci95, seats[2].ci95)


def test_plot_is_a_png(tmp_path):
    result = play_match(["random", "caller"], hands=50, seed=1)
    path = tmp_path / "match.png"
    plot_match(result, str(path))
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_bad_matches_are_refused():
    with pytest.raises(PokerDealerError):
        play_match(["random"], hands=10)
    with pytest.raises(PokerDealerError):
        play_match(["random", "nosuchbot"], hands=10)
    with pytest.raises(PokerDealerError):
        play_match(["random", "caller"], hands=0)
