"""Cash games: buy-in, top-up, table stakes, sitting out, missed blinds, leaving."""

from __future__ import annotations

import random

import pytest

from pokerdealer.rules import Action, Hand, Street, replay
from pokerdealer.rules import Post as RulesPost
from pokerdealer.table import (
    ButtonRule,
    CashGameSettings,
    CashTable,
    EntryRule,
    Positions,
    Post,
    SeatStatus,
    TableError,
    check_or_fold,
    play_hand,
)

from .helpers import rig, rigged_deck, script


def make_table(n=3, rule=ButtonRule.FORWARD_MOVING, entry=EntryRule.WAIT_FOR_BIG_BLIND, first=1, seats=None):
    s = CashGameSettings(5, 10, 200, 1000, button_rule=rule, entry_rule=entry, seats=6)
    table = CashTable(s, rng=random.Random(0), first_button=first)
    for k, seat in enumerate(seats or range(1, n + 1)):
        table.sit_down(f"p{seat}", 500, seat=seat)
    return table


def fold_around(table):
    return play_hand(table, check_or_fold)


def test_buy_in_below_minimum_or_above_maximum_is_refused():
    table = make_table(0)
    with pytest.raises(TableError, match="outside 200..1000"):
        table.sit_down("a", 199)
    with pytest.raises(TableError, match="outside"):
        table.sit_down("a", 1001)
    assert table.sit_down("a", 200) == 1 and table.sit_down("b", 1000) == 2


def test_seat_must_exist_and_be_free_and_names_unique():
    table = make_table(2)
    with pytest.raises(TableError, match="taken"):
        table.sit_down("x", 300, seat=1)
    with pytest.raises(TableError, match="does not exist"):
        table.sit_down("x", 300, seat=7)
    with pytest.raises(TableError, match="already seated"):
        table.sit_down("p1", 300)


def test_name_at_names_the_player_in_a_seat_and_none_for_a_free_one():
    table = make_table(2, seats=(1, 4))
    assert [table.name_at(s) for s in (1, 2, 4, 9)] == ["p1", None, "p4", None]


def test_top_up_only_up_to_the_maximum_buy_in():
    table = make_table(2)
    assert table.top_up("p1", 500) == 1000
    with pytest.raises(TableError, match="at most 0 may be added"):
        table.top_up("p1", 1)
    with pytest.raises(TableError, match="positive"):
        table.top_up("p2", 0)


def test_table_stakes_no_top_up_or_leaving_during_own_hand():
    table = make_table(2)
    table.start_hand()
    with pytest.raises(TableError, match="between hands"):
        table.top_up("p1", 10)
    with pytest.raises(TableError, match="cannot leave"):
        table.leave("p2")
    with pytest.raises(TableError, match="still in play"):
        table.start_hand()


def test_leave_with_stack():
    table = make_table(3)
    fold_around(table)
    stack = table.player("p2").stack
    assert table.leave("p2") == stack
    assert "p2" not in table.stacks


def test_returning_within_the_hour_must_bring_back_what_was_taken():
    table = make_table(2)
    table.top_up("p1", 400)
    assert table.leave("p1", now=0.0) == 900
    with pytest.raises(TableError, match="outside 900..1000"):
        table.sit_down("p1", 500, now=600.0)
    assert table.sit_down("p1", 500, now=3601.0) == 1


def _winner_leaves_with_2000(monkeypatch):
    """Heads-up, 1000 each (maximum buy-in 1000): p1 (button) holds aces, moves
    all in, p2 calls with seven-deuce and loses; p1 leaves at t=0 with 2000."""
    table = CashTable(CashGameSettings(5, 10, 200, 1000, seats=6), first_button=1)
    table.sit_down("p1", 1000, seat=1)
    table.sit_down("p2", 1000, seat=2)
    # Dealt from the left of the button: p2 first.
    rig(monkeypatch, [rigged_deck(["7c 2d", "As Ah"], board="Kd 9s 4c 3h Jc")])
    record = play_hand(table, script("allin", "cc"))
    assert record.hand.result.final_stacks == (2000, 0) and record.players == ("p1", "p2")
    assert table.leave("p1", now=0.0) == 2000
    return table


def test_a_winner_coming_back_within_the_hour_must_bring_back_all_their_chips(monkeypatch):
    table = _winner_leaves_with_2000(monkeypatch)
    # More than the maximum buy-in: the floor is not capped by it, and it is also the most.
    assert table.buy_in_range("p1", now=1800.0) == (2000, 2000)
    with pytest.raises(TableError, match=r"outside 2000..2000 \(p1 left with 2000 less than 60 minutes ago"):
        table.sit_down("p1", 1000, now=1800.0)
    assert "p1" not in table.stacks  # refused: nothing changed
    assert table.sit_down("p1", 2000, now=1800.0) == 1


def test_the_hour_is_counted_inclusively(monkeypatch):
    table = _winner_leaves_with_2000(monkeypatch)
    assert table.buy_in_range("p1", now=3600.0) == (2000, 2000)
    assert table.buy_in_range("p1", now=3600.5) == (200, 1000)


def test_button_moves_one_seat_after_every_hand_and_blinds_follow():
    table = make_table(4)
    seen = [fold_around(table).positions for _ in range(5)]
    assert [p.button for p in seen] == [1, 2, 3, 4, 1]
    assert [(p.small_blind, p.big_blind) for p in seen][:2] == [(2, 3), (3, 4)]


def test_chips_are_conserved_over_hands():
    table = make_table(4)
    for _ in range(20):
        play_hand(table, check_or_fold)
    assert sum(table.stacks.values()) == 2000


def test_new_player_waiting_for_big_blind_comes_in_as_the_big_blind():
    table = make_table(3)  # button 1, SB 2, BB 3
    fold_around(table)
    table.sit_down("p5", 300, seat=5, wait_for_big_blind=True)
    r = fold_around(table)  # button 2, SB 3, BB would be 1: seat 5 is passed first
    assert r.positions.big_blind == 5 and 5 in r.seats and not r.posts


def test_new_player_waits_while_the_big_blind_is_elsewhere():
    table = make_table(4)  # button 1, SB 2, BB 3
    fold_around(table)
    table.sit_down("p6", 300, seat=6, wait_for_big_blind=True)
    r = fold_around(table)  # button 2, SB 3, BB 4: seat 6 not reached yet
    assert 6 not in r.seats
    r = fold_around(table)  # the BB moves from 4 to seat 6
    assert r.positions.big_blind == 6 and 6 in r.seats


def test_new_player_posting_a_big_blind_plays_at_once_with_a_live_blind():
    table = make_table(4, first=1)  # button 1, SB 2, BB 3
    fold_around(table)
    table.sit_down("p6", 300, seat=6, wait_for_big_blind=False)
    r = table.start_hand()  # button 2, SB 3, BB 4; seat 6 posts
    assert r.posts == (Post(6, 10, 0),)
    hand = r.hand
    i = r.index_of(6)
    assert hand.committed[i] == 10
    # Action starts left of the big blind (seat 5 is empty: seat 6 itself); the post is live.
    assert hand.actor == i and hand.legal().can_check
    table.current.hand.apply(Action("check", i))


def test_new_player_between_button_and_big_blind_cannot_post_in():
    """RULES.md §1.5: the blinds just passed the seat; they wait until the button passes."""
    table = make_table(rule=ButtonRule.DEAD, seats=[1, 2, 4, 5, 6], first=1)  # BTN 1, SB 2, BB 4
    fold_around(table)
    table.sit_down("p3", 300, seat=3, wait_for_big_blind=False)
    r = fold_around(table)  # BTN 2, SB 4, BB 5: seat 3 lies between button and blinds
    assert r.positions == Positions(2, 4, 5) and 3 not in r.seats
    r = table.start_hand()  # BTN 4, SB 5, BB 6: seat 3 posts in
    assert 3 in r.seats and r.posts == (Post(3, 10, 0),)


def test_forward_moving_poster_may_land_on_the_button():
    table = make_table(2, seats=[1, 4], first=1)  # heads-up: button 1, BB 4
    fold_around(table)
    table.sit_down("p2", 300, seat=2, wait_for_big_blind=False)
    r = table.start_hand()
    assert r.positions == Positions(2, 4, 1) and r.posts == (Post(2, 10, 0),)


def sit_out_one_orbit(rule):
    table = make_table(4, rule=rule)  # hand 1: button 1, SB 2, BB 3
    fold_around(table)
    table.sit_out("p4")  # seat 4 would be BB next hand
    return table


@pytest.mark.parametrize("rule", [ButtonRule.DEAD, ButtonRule.FORWARD_MOVING])
def test_sitting_out_player_misses_the_big_blind(rule):
    table = sit_out_one_orbit(rule)
    r = fold_around(table)
    assert 4 not in r.seats and r.positions.big_blind == 1
    assert table.player("p4").missed_big_blind


def test_coming_back_posting_missed_blinds_big_live_small_dead():
    table = sit_out_one_orbit(ButtonRule.DEAD)
    fold_around(table)  # seat 4 misses the BB
    fold_around(table)  # ... and the SB
    p4 = table.player("p4")
    assert p4.missed_big_blind and p4.missed_small_blind
    assert table.sit_in("p4", post=True) is SeatStatus.POSTING
    r = table.start_hand()
    assert 4 in r.seats and r.posts == (Post(4, 10, 5),)
    i = r.index_of(4)
    assert r.hand.committed[i] == 10 and r.hand.dead_money == 5
    assert r.hand.config.posts == (RulesPost(i, 10, 5),)  # the posts are part of the hand's log
    assert table.player("p4").status is SeatStatus.ACTIVE and not table.player("p4").missed_big_blind


def test_forward_moving_poster_never_makes_the_big_blind_repeat():
    """Landing on the button would leave the BB on seat 2 twice: the button moves one more."""
    table = sit_out_one_orbit(ButtonRule.FORWARD_MOVING)
    fold_around(table)
    last = fold_around(table).positions  # button 3, SB 1, BB 2
    table.sit_in("p4", post=True)
    r = fold_around(table)
    assert r.positions.big_blind != last.big_blind
    assert r.positions == Positions(1, 2, 3) and r.posts == (Post(4, 10, 5),)


def test_coming_back_waiting_for_the_big_blind_posts_nothing_extra():
    table = sit_out_one_orbit(ButtonRule.FORWARD_MOVING)
    fold_around(table)
    table.sit_in("p4", post=False)
    records = [fold_around(table) for _ in range(4)]
    first_in = next(r for r in records if 4 in r.seats)
    assert first_in.positions.big_blind == 4 and not first_in.posts


def test_sitting_in_without_missed_blinds_is_free():
    table = make_table(4)
    fold_around(table)
    table.sit_out("p1")  # the button: no blind passes it next hand
    table.sit_in("p1")
    assert table.player("p1").status is SeatStatus.ACTIVE


def test_busted_player_leaves_the_table():
    table = make_table(2, first=1)
    r = play_hand(table, script("allin", "cc"))
    loser = [n for n, s in zip(r.players, r.hand.result.final_stacks) if s == 0]
    if loser:  # a chop leaves both seated
        assert loser[0] not in table.stacks and table.busted == [(1, loser[0])]


def test_dead_small_blind_hand_acts_in_the_right_order():
    """DEAD rule, the BB leaves: no SB posted, the button (seat 2) acts last after the flop."""
    table = make_table(5, rule=ButtonRule.DEAD)  # button 1, SB 2, BB 3
    fold_around(table)
    table.leave("p3")
    r = table.start_hand()
    assert r.positions == Positions(2, 3, 4, small_blind_dead=True)
    hand = r.hand
    seat_of = dict(enumerate(r.seats))
    assert [c for c in hand.committed if c] == [10]
    # A plain rules hand: the config says the small blind is dead and where the button is.
    assert type(hand) is Hand and hand.config.dead_small_blind
    assert seat_of[hand.config.button] == 2 and hand.view(0).button == hand.config.button
    assert seat_of[hand.actor] == 5  # preflop: left of the BB
    for _ in range(4):
        hand.check_or_call()  # 5, 1, 2 call, BB checks
    assert hand.street is Street.FLOP
    order = []
    for _ in range(4):
        order.append(seat_of[hand.actor])
        hand.check()
    assert order == [4, 5, 1, 2]
    # The record replays to the same state.
    while not hand.is_complete:
        hand.check() if hand.street is not Street.SHOWDOWN else hand.auto_showdown()
    table.finish_hand()
    assert r.replay().result == hand.result


def test_plain_hands_replay_through_the_rules_engine():
    table = make_table(3)
    r = play_hand(table, check_or_fold)
    again = replay(r.hand.config, r.hand.deck, r.hand.log)
    assert again.result == r.hand.result


# --------------------------------------------------------------------------
# Waiting for the big blind (RULES.md §1.2, §1.5): within one orbit, heads-up too.


def heads_up_table(rule, seats=(1, 4)):
    """Two players at seats 1 and 4, first button at 1; one hand played (BTN/SB 1, BB 4)."""
    table = make_table(rule=rule, seats=list(seats), first=1)
    r = fold_around(table)
    assert r.positions == Positions(1, 1, 4)
    return table


def big_blinds(table, hands):
    """Play ``hands`` hands; the name of each big blind and who was dealt in."""
    out = []
    for _ in range(hands):
        r = fold_around(table)
        name_at = dict(zip(r.seats, r.players))
        out.append((name_at[r.positions.big_blind], sorted(r.players)))
    return out


@pytest.mark.parametrize("rule", [ButtonRule.DEAD, ButtonRule.FORWARD_MOVING])
def test_heads_up_newcomer_waiting_for_the_big_blind_is_the_next_big_blind(rule):
    """The newcomer sits just after the big blind: the next hand's big blind is theirs."""
    table = heads_up_table(rule)
    table.sit_down("p5", 300, seat=5, wait_for_big_blind=True)
    r = fold_around(table)
    assert 5 in r.seats and r.positions == Positions(1, 4, 5) and not r.posts
    assert table.player("p5").status is SeatStatus.ACTIVE


@pytest.mark.parametrize("rule", [ButtonRule.DEAD, ButtonRule.FORWARD_MOVING])
def test_heads_up_newcomer_between_button_and_big_blind_waits_one_hand(rule):
    """Seat 2 lies between the button (1) and the big blind (4): the big blind is
    seat 1's turn first (heads-up alternation), then it reaches seat 2."""
    table = heads_up_table(rule)
    table.sit_down("p2", 300, seat=2, wait_for_big_blind=True)
    r = fold_around(table)
    assert r.seats == (1, 4) and r.positions.big_blind == 1
    r = fold_around(table)
    assert r.seats == (1, 2, 4) and r.positions.big_blind == 2 and not r.posts


@pytest.mark.parametrize("rule", [ButtonRule.DEAD, ButtonRule.FORWARD_MOVING])
@pytest.mark.parametrize("seat", [2, 3, 5, 6])
def test_heads_up_to_three_handed_nobody_has_the_big_blind_twice_nor_skips_it(rule, seat):
    """TDA 34-B: the big blind goes round p1, p4 and the newcomer in turn, each
    once per orbit, from the moment the newcomer is dealt in."""
    table = heads_up_table(rule)
    table.sit_down("new", 300, seat=seat, wait_for_big_blind=True)
    seq = big_blinds(table, 8)
    bbs = [bb for bb, _ in seq]
    first_in = next(k for k, (_, dealt) in enumerate(seq) if "new" in dealt)
    assert first_in <= 1 and bbs[first_in] == "new"  # within one (heads-up) orbit
    assert all(a != b for a, b in zip(["p4", *bbs], bbs))  # never twice in a row
    for k in range(first_in, len(bbs) - 2):
        assert len(set(bbs[k : k + 3])) == 3  # every orbit of three: each player once


def test_heads_up_newcomer_posting_the_big_blind_plays_at_once():
    """What the server does at a short table: post and play the next hand."""
    for seat in (2, 5):
        table = heads_up_table(ButtonRule.FORWARD_MOVING)
        table.sit_down("new", 300, seat=seat, wait_for_big_blind=False)
        r = fold_around(table)
        assert seat in r.seats
        assert r.posts == (() if r.positions.big_blind == seat else (Post(seat, 10, 0),))


def test_forward_moving_big_blind_never_jumps_over_a_waiting_seat():
    """§1.3b lets the big blind skip a seat when a player leaves; a seat waiting for
    the big blind gets it instead (§1.5: within one orbit)."""
    table = make_table(seats=[1, 2, 4], first=4)  # button 4, SB 1, BB 2
    fold_around(table)
    table.sit_down("p3", 300, seat=3, wait_for_big_blind=True)
    table.leave("p1")
    # Plain forward move: button 2, SB 4, BB... heads-up 2/4 would pass seat 3.
    r = fold_around(table)
    assert r.seats == (2, 3, 4) and r.positions == Positions(4, 2, 3) and not r.posts


@pytest.mark.parametrize("entry", [EntryRule.WAIT_FOR_BIG_BLIND, EntryRule.POST_BIG_BLIND])
def test_first_hand_deals_everyone_in_and_draws_the_button(entry):
    """No hand played yet: nobody waits for the big blind or posts; the first button
    is drawn at random among everyone dealt in (RULES.md §1.1)."""
    buttons = set()
    for seed in range(30):
        s = CashGameSettings(5, 10, 200, 1000, entry_rule=entry, seats=6)
        table = CashTable(s, rng=random.Random(seed))
        for seat in (2, 3, 5):
            table.sit_down(f"p{seat}", 500, seat=seat)
        table.sit_down("p6", 500, seat=6, wait_for_big_blind=entry is EntryRule.POST_BIG_BLIND)
        r = table.start_hand()
        assert r.seats == (2, 3, 5, 6) and not r.posts
        buttons.add(r.positions.button)
        assert all(p.status is SeatStatus.ACTIVE for p in table.players)
    assert buttons == {2, 3, 5, 6}


def test_first_hand_heads_up_newcomers_are_dealt_in():
    table = make_table(0, first=None)
    table.sit_down("a", 300, seat=2, wait_for_big_blind=True)
    table.sit_down("b", 300, seat=4, wait_for_big_blind=True)
    r = table.start_hand()
    assert r.seats == (2, 4) and r.positions.heads_up and not r.posts


def test_hands_sat_out_counts_hands_dealt_in_a_row_while_sitting_out():
    table = make_table(3)
    table.sit_out("p3")
    for _ in range(3):
        fold_around(table)
    assert table.hands_sat_out("p3") == 3
    assert table.hands_sat_out("p1") == 0


def test_hands_sat_out_starts_again_once_dealt_in():
    table = make_table(3)
    table.sit_out("p3")
    fold_around(table), fold_around(table)
    table.sit_in("p3", post=True)
    fold_around(table)
    assert table.hands_sat_out("p3") == 0
    table.sit_out("p3")
    fold_around(table)
    assert table.hands_sat_out("p3") == 1


def test_hands_sat_out_starts_again_after_standing_up():
    table = make_table(3)
    table.sit_out("p3")
    fold_around(table)
    table.leave("p3", now=0.0)
    table.sit_down("p3", 500, now=10.0)
    table.sit_out("p3")
    assert table.hands_sat_out("p3") == 0


def test_hands_sat_out_survives_a_state_snapshot():
    table = make_table(3)
    table.sit_out("p3")
    fold_around(table), fold_around(table)
    twin = CashTable(table.settings)
    twin.restore_state(table.state())
    assert twin.hands_sat_out("p3") == 2


# ------------------------------------------------------------------ straddle
def straddle_table(n=4, straddle=True):
    s = CashGameSettings(5, 10, 200, 1000, seats=6, straddle=straddle)
    table = CashTable(s, rng=random.Random(0), first_button=1)
    for seat in range(1, n + 1):
        table.sit_down(f"p{seat}", 500, seat=seat)
    return table


def test_the_player_under_the_gun_straddles_two_big_blinds_and_acts_last_preflop():
    table = straddle_table(4)  # button 1, SB 2, BB 3, under the gun 4
    r = table.start_hand(straddlers={"p4"})
    hand = r.hand
    assert hand.committed == (0, 5, 10, 20) and hand.config.straddles == (20,)
    # Left of the straddler first (the button), then round to the straddler, who acts last.
    order = []
    while hand.street is Street.PREFLOP:
        order.append(r.seats[hand.actor])
        if r.seats[hand.actor] == 4:
            assert hand.legal().can_check and hand.legal().min_raise_to is not None  # the straddler's option
            hand.apply(Action("check", hand.actor))
        else:
            assert hand.legal().call == 20 - hand.committed[hand.actor]
            hand.apply(Action("call", hand.actor))
    assert order == [1, 2, 3, 4]
    while not hand.is_complete and hand.street is not Street.SHOWDOWN:
        hand.apply(Action("check", hand.actor))
    table.finish_hand()
    assert sum(table.stacks.values()) == 2000


def test_a_straddle_is_raised_by_at_least_the_straddle():
    table = straddle_table(4)
    hand = table.start_hand(straddlers={"p4"}).hand
    assert hand.legal().min_raise_to == 40  # RULES.md §2.4: the straddle is the bet to raise


def test_only_the_player_under_the_gun_straddles_the_others_wish_waits():
    table = straddle_table(4)
    r = table.start_hand(straddlers={"p2"})  # p2 is the small blind this hand
    assert r.hand.config.straddles == () and r.hand.committed == (0, 5, 10, 0)
    play_hand_from(table, r)
    r = table.start_hand(straddlers={"p2"})  # button 2, SB 3, BB 4: p1 under the gun
    assert r.hand.config.straddles == ()
    play_hand_from(table, r)
    r = table.start_hand(straddlers={"p2"})  # button 3, SB 4, BB 1: p2 under the gun
    assert r.hand.config.straddles == (20,) and r.hand.committed[r.index_of(2)] == 20


def test_heads_up_nobody_straddles():
    table = straddle_table(2)
    assert table.start_hand(straddlers={"p1", "p2"}).hand.config.straddles == ()


def test_a_player_posting_to_come_in_does_not_straddle_too():
    table = straddle_table(4)  # button 1, SB 2, BB 3
    fold_around(table)
    table.sit_down("p5", 300, seat=5, wait_for_big_blind=False)  # button 2, SB 3, BB 4: 5 posts, under the gun
    r = table.start_hand(straddlers={"p5"})
    assert r.posts and r.hand.config.straddles == () and r.hand.committed[r.index_of(5)] == 10


def test_a_table_without_straddles_refuses_a_straddle():
    table = straddle_table(4, straddle=False)
    with pytest.raises(TableError, match="does not allow straddles"):
        table.start_hand(straddlers={"p4"})
    assert table.current is None


def play_hand_from(table, record):
    hand = record.hand
    while not hand.is_complete and hand.street is not Street.SHOWDOWN:
        hand.apply(check_or_fold(hand.view(hand.actor)))
    table.finish_hand()
