"""Tournaments: levels, eliminations and places, prizes, chip conservation."""

from __future__ import annotations

import itertools
import random

import pytest

from pokerdealer.table import (
    BustTiebreak,
    Level,
    TableError,
    Tournament,
    TournamentSettings,
    check_or_fold,
    play_hand,
    split_prize_pool,
)

from .helpers import random_player, rig, rigged_deck, script
from .test_sessions import check_hand

LEVELS = (Level(50, 100, hands=2), Level(100, 200, 200, hands=2), Level(200, 400, 400))


def three(payouts=(50, 31, 20), tiebreak=BustTiebreak.START_STACK, levels=LEVELS):
    s = TournamentSettings(1000, levels, payouts=payouts, bust_tiebreak=tiebreak)
    return Tournament(s, ["a", "b", "c"], seats=[1, 2, 3], first_button=3, rng=random.Random(1))


def test_levels_by_hands_apply_from_the_next_hand():
    t = three()
    levels = [play_hand(t, check_or_fold).level for _ in range(6)]
    assert levels == [0, 0, 1, 1, 2, 2]


def test_levels_by_time_use_the_injected_now():
    timed = (Level(50, 100, minutes=10), Level(100, 200, minutes=10), Level(200, 400))
    t = three(levels=timed)
    with pytest.raises(TableError, match="need the time"):
        t.start_hand()
    got = [play_hand(t, check_or_fold, now=sec).level for sec in (0, 599, 600, 1250, 5000)]
    assert got == [0, 0, 1, 2, 2]


def test_levels_by_time_with_an_injected_clock():
    now = [0.0]
    timed = (Level(50, 100, minutes=1), Level(100, 200))
    s = TournamentSettings(1000, timed)
    t = Tournament(s, ["a", "b"], clock=lambda: now[0], rng=random.Random(2))
    play_hand(t, check_or_fold)
    now[0] = 61.0
    assert play_hand(t, check_or_fold).hand.config.blinds == (100, 200)


def test_big_blind_ante_is_posted_by_the_big_blind():
    t = three()
    for _ in range(2):
        play_hand(t, check_or_fold)
    r = t.start_hand()
    assert r.hand.config.ante == 200 and r.hand.dead_money == 200


def test_simultaneous_busts_ranked_by_starting_stack(monkeypatch):
    """Appendix B 13: the bigger starting stack finishes higher."""
    t = three()
    # Hand 1 (button 3, SB 1, BB 2): everyone folds to the BB: stacks 950, 1050, 1000.
    play_hand(t, script("f", "f"))
    # Hand 2 (button 1, SB 2, BB 3), dealt SB, BB, button: seat 2 has aces.
    rig(monkeypatch, [rigged_deck(["AsAh", "7c2d", "8h3c"], "KdQs9c4d5s")])
    r = play_hand(t, script("allin", "allin", "allin"))
    assert r.hand.starting_stacks == (950, 1050, 1000)
    assert t.is_over and t.winner == "b"
    assert [(s.place, s.name, s.prize, s.hand) for s in t.standings] == [
        (1, "b", 50, None),
        (2, "c", 31, 2),
        (3, "a", 20, 2),
    ]


def test_simultaneous_busts_with_equal_stacks_share_places_and_prizes(monkeypatch):
    t = three()
    # Hand 1 (button 3, SB 1, BB 2), dealt SB, BB, button: seat 1 has aces.
    rig(monkeypatch, [rigged_deck(["AsAh", "7c2d", "8h3c"], "KdQs9c4d5s")])
    play_hand(t, script("allin", "allin", "allin"))
    # 31 + 20 = 51 shared by two: 26 to the lower seat, 25 to the other.
    assert [(s.place, s.name, s.prize) for s in t.standings] == [
        (1, "a", 50),
        (2, "b", 26),
        (2, "c", 25),
    ]


def test_tiebreak_after_ante_ranks_the_big_blind_lower(monkeypatch):
    """Reported TDA 2026 Rule 22: compare stacks after the big-blind ante."""
    levels = (Level(50, 100, 100),)
    t = three(tiebreak=BustTiebreak.START_STACK_AFTER_ANTE, levels=levels)
    rig(monkeypatch, [rigged_deck(["AsAh", "7c2d", "8h3c"], "KdQs9c4d5s")])
    play_hand(t, script("allin", "allin", "allin"))  # seat 2 (BB) paid the ante
    assert [(s.place, s.name) for s in t.standings] == [(1, "a"), (2, "c"), (3, "b")]


def test_away_player_is_dealt_in_posts_and_is_folded():
    t = three()
    t.set_away("c")
    r = play_hand(t, check_or_fold)  # c is the button: folded
    c = r.players.index("c")
    assert r.hand.folded[c]
    assert sum(t.stacks.values()) == 3000


def test_late_entrant_between_button_and_small_blind_waits():
    s = TournamentSettings(1000, LEVELS, seats=6)
    t = Tournament(s, ["a", "b", "c"], seats=[1, 3, 4], first_button=1, rng=random.Random(3))
    play_hand(t, check_or_fold)  # button 1, SB 3, BB 4
    t.add_player("d", seat=2)  # next: button 3, SB 4, BB 1 -> seat 2 is not between
    assert 2 in play_hand(t, check_or_fold).seats
    t.add_player("e", seat=5)  # next: button 4, SB 1, BB 2 -> seat 5 is between
    r = play_hand(t, check_or_fold)
    assert 5 not in r.seats
    assert 5 in play_hand(t, check_or_fold).seats
    assert t.total_chips == 5000 == t.entries * 1000


@pytest.mark.parametrize("seed", range(6))
def test_full_tournament_random_players_to_one_winner(seed):
    rng = random.Random(seed)
    names = [f"n{i}" for i in range(rng.randint(2, 9))]
    levels = (Level(5, 10, hands=10), Level(10, 20, 20, hands=10), Level(25, 50, 50, hands=10), Level(100, 200, 200))
    settings = TournamentSettings(500, levels, payouts=(50, 30, 20), seats=9)
    t = Tournament(settings, names, rng=rng)
    decide = random_player(rng)
    total = 500 * len(names)
    prev = None
    for _ in range(3000):
        if t.is_over:
            break
        alive_before = len(t.stacks)
        r = play_hand(t, decide)
        check_hand(settings.button_rule, prev, r)  # dead button through the busts
        prev = r
        assert sum(r.hand.result.final_stacks) == sum(r.hand.starting_stacks)
        assert t.total_chips == total
        out = [s for s in t.standings if s.hand == r.number]
        assert all(alive_before - len(out) + 1 <= s.place <= alive_before for s in out)
    assert t.is_over
    standings = t.standings
    assert len(standings) == len(names) and standings[0].place == 1
    assert t.stacks == {t.winner: total}
    assert sum(x.prize for x in standings) == sum(settings.payouts[: len(names)])
    # Places follow the order of elimination: later busts finish higher.
    by_hand = sorted((x for x in standings if x.hand), key=lambda x: (x.hand, -x.place))
    assert all(a.place >= b.place for a, b in itertools.pairwise(by_hand))


def test_split_prize_pool_rounds_down_and_gives_the_rest_to_first():
    assert split_prize_pool(101, (50, 30, 20)) == (51, 30, 20)


def test_no_hand_after_the_end(monkeypatch):
    t = three()
    rig(monkeypatch, [rigged_deck(["AsAh", "7c2d", "8h3c"], "KdQs9c4d5s")])
    play_hand(t, script("allin", "allin", "allin"))
    with pytest.raises(TableError, match="over"):
        t.start_hand()
