"""Fixed limit, the raise cap heads-up at the table layer (RULES.md §4.3, Appendix A):
a cash game lifts the cap in a betting round that starts heads-up (WSOP-LA 127);
a tournament keeps it until the whole event is down to two players (TDA 48)."""

from __future__ import annotations

import random

from pokerdealer.rules import HeadsUpCap, Structure
from pokerdealer.table import CashGameSettings, CashTable, Level, Tournament, TournamentSettings

from .helpers import rig, rigged_deck

FL = Structure.FIXED_LIMIT


def cash_table(names, *, cap=None):
    extra = {} if cap is None else {"limit_heads_up_cap": cap}
    s = CashGameSettings(5, 10, 200, 1000, structure=FL, seats=6, **extra)
    table = CashTable(s, rng=random.Random(0), first_button=1)
    for seat, name in enumerate(names, 1):
        table.sit_down(name, 500, seat=seat)
    return table


def test_cash_heads_up_preflop_round_is_not_capped():
    table = cash_table(["ann", "bob"])
    hand = table.start_hand().hand
    # Blinds 5/10 (bet 10): ann (button, SB) raises to 20, bob 30, ann 40, bob 50.
    for to in (20, 30, 40, 50):
        hand.raise_to(to)
    assert hand.legal().min_raise_to == 60  # the fifth raise: no cap heads-up
    hand.raise_to(60)
    assert sorted(hand.committed) == [50, 60]


def test_cash_round_that_becomes_heads_up_keeps_the_cap():
    table = cash_table(["ann", "bob", "cy"])
    hand = table.start_hand().hand
    # The round begins three-handed; bob's fold makes it heads-up, too late to
    # lift the cap (WSOP-LA 127): ann 20, cy 30, ann 40, cy 50 is the cap.
    hand.raise_to(20)  # ann, the button, first to act three-handed
    hand.fold()  # bob, small blind
    for to in (30, 40, 50):
        hand.raise_to(to)
    assert hand.legal().min_raise_to is None


def test_cash_flop_that_starts_heads_up_is_not_capped():
    table = cash_table(["ann", "bob", "cy"])
    hand = table.start_hand().hand
    hand.fold()  # ann, the button
    hand.call()  # bob completes the small blind
    hand.check()  # cy, big blind
    # The flop starts with two players: bet 10 and five raises.
    for to in (10, 20, 30, 40, 50):
        hand.raise_to(to)
    assert hand.legal().min_raise_to == 60


def test_cash_table_can_keep_the_cap_heads_up():
    table = cash_table(["ann", "bob"], cap=HeadsUpCap.CAPPED)
    hand = table.start_hand().hand
    for to in (20, 30, 40, 50):
        hand.raise_to(to)
    assert hand.legal().min_raise_to is None


def tournament(players, levels):
    s = TournamentSettings(100, levels, payouts=(2, 1), structure=FL)
    seats = list(range(1, len(players) + 1))
    return Tournament(s, players, seats=seats, first_button=len(players), rng=random.Random(1))


def test_tournament_heads_up_hand_stays_capped_while_three_remain():
    t = tournament(["a", "b", "c"], (Level(1, 2),))
    hand = t.start_hand().hand
    hand.fold()  # c, the button
    hand.call()  # a, small blind
    hand.check()  # b, big blind: the flop starts heads-up, three still in the event
    for to in (2, 4, 6, 8, 10):
        hand.raise_to(to)
    assert hand.legal().min_raise_to is None


def test_tournament_uncaps_once_two_players_remain_in_the_event(monkeypatch):
    # Hand 1 at 50/100 with 100-chip stacks: b (big blind) is all-in, a (small
    # blind) calls all-in with aces and busts b; c folds. Hand 2 at 1/2 heads-up.
    rig(monkeypatch, [rigged_deck(["Ah Ad", "7c 2d", "Kh Kd"], "As 9c 4h 3s Jd")])
    t = tournament(["a", "b", "c"], (Level(50, 100, hands=1), Level(1, 2)))
    first = t.start_hand().hand
    first.fold()  # c
    first.call()  # a, all-in
    t.finish_hand()
    assert sorted(t.stacks.values()) == [100, 200] and "b" not in t.stacks
    hand = t.start_hand().hand
    for to in (4, 6, 8, 10):
        hand.raise_to(to)
    assert hand.legal().min_raise_to == 12


def test_uncapped_heads_up_hand_replays_from_its_phh():
    from pokerdealer.history import dumps, history_to_hand, loads
    from pokerdealer.history.convert import hand_to_history

    table = cash_table(["ann", "bob"])
    record = table.start_hand()
    hand = record.hand
    for to in (20, 30, 40, 50, 60, 70):
        hand.raise_to(to)
    hand.fold()
    table.finish_hand()
    history = hand_to_history(hand)
    text = dumps(history)
    assert '_limit_heads_up_cap = "uncap_if_round_starts_heads_up"' in text
    replay = history_to_hand(loads(text))  # capped, the sixth raise would be refused
    assert tuple(replay.hand.stacks) == tuple(history.finishing_stacks)
