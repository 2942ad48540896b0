"""Uncalled bets, side pots, odd chips (RULES.md §5, §7) and the showdown (§6, seed 004)."""

from __future__ import annotations

import pytest

from pokerdealer.cards import parse_cards
from pokerdealer.rules import (
    AnteType,
    IllegalActionError,
    Pot,
    RuleOptions,
    build_pots,
    split_pot,
    uncalled_bet,
)
from tests.rules.helpers import make_hand, play

ROYAL = "As Ks Qs Js Ts"


def check_down(hand):
    while hand.street not in ("showdown", "complete"):
        hand.check_or_call()
    return hand


# -- uncalled bets and pots ------------------------------------------------------------


def test_uncalled_bet_returned_when_everyone_folds_to_the_big_blind():
    hand = make_hand([1000] * 3, blinds=(50, 100))
    play(hand, "p3 f", "p1 f")
    assert hand.result.uncalled == {1: 50}
    assert hand.result.final_stacks == (950, 1050, 1000)
    assert hand.result.showdown_order == () and hand.result.shown == {}


def test_uncalled_part_of_a_bet_over_an_all_in_is_returned():
    hand = make_hand([1000, 200, 1000], blinds=(50, 100), board="2c 7d 9h Jc Kd")
    play(hand, "p3 cbr 500", "p1 f", "p2 cc")
    assert hand.result.uncalled == {2: 300}
    assert sum(hand.result.final_stacks) == 2200


def test_side_pots_rules_5_2_example_1200_and_2100():
    # Blinds 50/100; A button 300, B SB 1,000, C BB 2,000, D UTG 5,000.
    # Players clockwise: B=p1, C=p2, D=p3, A=p4 (button).
    hand = make_hand([1000, 2000, 5000, 300], blinds=(50, 100))
    play(hand, "p3 cbr 300", "p4 cc", "p1 cbr 1000", "p2 cc", "p3 cc")
    play(hand, "p2 cbr 800", "p3 f")
    result = hand.result
    assert result.uncalled == {1: 800}
    assert [(a.amount, a.eligible) for a in result.awards] == [(1200, (0, 1, 3)), (2100, (0, 1))]
    assert sum(result.final_stacks) == 8300


def test_folded_chips_stay_in_the_pots_and_each_pot_goes_to_its_eligible_players():
    # p1 (all-in 100) has the best hand and wins only the main pot; p3 folded.
    hand = make_hand(
        [100, 1000, 1000, 1000],
        blinds=(5, 10),
        holes=["Ah Ad", "Kh Kd", "7c 2d", "Qh Qd"],
        board="2s 5c 8d 9h Jc",
    )
    play(hand, "p3 cbr 100", "p4 cbr 300", "p1 cc", "p2 cc", "p3 f")
    play(hand, "p2 cc", "p4 cc", "p2 cc", "p4 cc", "p2 cc", "p4 cc")
    assert hand.street == "complete"  # p1 is all-in: every hand is shown at once
    main, side = hand.result.awards
    assert (main.amount, main.eligible, main.winners) == (400, (0, 1, 3), (0,))
    assert (side.amount, side.eligible, side.winners) == (400, (1, 3), (1,))
    assert hand.result.final_stacks == (400, 1100, 900, 700)


def test_dead_money_big_blind_ante_goes_to_the_main_pot():
    hand = make_hand([50, 1000, 1000], blinds=(5, 10), ante=10, ante_type=AnteType.BIG_BLIND)
    play(hand, "p3 cbr 100", "p1 cc", "p2 cc")
    check_down(hand)
    main, side = hand.result.awards
    assert (main.amount, main.eligible) == (3 * 50 + 10, (0, 1, 2))
    assert (side.amount, side.eligible) == (2 * 50, (1, 2))


def test_per_player_ante_partly_posted_wins_only_what_was_matched():
    hand = make_hand([3, 100, 100], blinds=(1, 2), ante=5, button=1, board=ROYAL)
    # p1 (3 chips, the big blind) is all-in from the ante: the main pot is 3 x 3.
    assert hand.stacks == (0, 95, 94)
    check_down(hand)
    awards = hand.result.awards
    assert [(a.amount, a.eligible) for a in awards] == [(9, (0, 1, 2)), (8, (1, 2))]
    assert awards[0].amount == 9 and 0 in awards[0].eligible
    assert all(0 not in a.eligible for a in awards[1:])


def test_an_ante_nobody_could_match_comes_back_uncalled():
    # Antes 10 as contributions; the small and big blind are all-in on the ante for
    # 5 and 8, so the button's last 2 are matched by nobody (RULES.md §5.1).
    hand = make_hand([5, 8, 100], blinds=(1, 2), ante=10, board=ROYAL)
    assert hand.is_complete
    assert hand.result.uncalled == {2: 2}
    assert [(a.amount, a.eligible) for a in hand.result.awards] == [(15, (0, 1, 2)), (6, (1, 2))]
    assert sum(hand.result.final_stacks) == 113


def test_per_player_ante_dead_money_option():
    options = RuleOptions(per_player_ante_dead=True)
    hand = make_hand([3, 100, 100], blinds=(1, 2), ante=5, button=1, options=options, board=ROYAL)
    check_down(hand)
    assert hand.result.awards[0].amount == 13  # all antes are dead money in the main pot


def test_build_pots_merges_pots_with_the_same_players():
    assert build_pots([100, 100, 50], [True, True, False], 0) == [Pot(250, (0, 1))]


def test_uncalled_bet_helper():
    assert uncalled_bet([0, 800, 300]) == (1, 500)


# -- odd chips (§7) -------------------------------------------------------------------


def test_odd_chips_rules_7_examples():
    assert split_pot(1005, [7, 3], button=5, player_count=10) == {7: 503, 3: 502}
    assert split_pot(1001, [2, 5, 9], button=5, player_count=10) == {9: 334, 2: 334, 5: 333}
    assert split_pot(1075, [7, 3], button=5, player_count=10, unit=25) == {7: 550, 3: 525}


def test_odd_chips_one_each_or_all_to_first():
    assert split_pot(11, [0, 1, 2], button=2, player_count=3) == {0: 4, 1: 4, 2: 3}
    assert split_pot(11, [0, 1, 2], button=2, player_count=3, one_each=False) == {
        0: 5,
        1: 3,
        2: 3,
    }


def test_split_pot_odd_chip_goes_left_of_the_button():
    hand = make_hand([100] * 3, blinds=(1, 2), board=ROYAL)
    play(hand, "p3 cc", "p1 f", "p2 cc")
    check_down(hand)
    hand.auto_showdown()
    assert hand.result.awards[0].shares == {1: 3, 2: 2}


def test_heads_up_odd_chip_goes_to_the_big_blind():
    hand = make_hand([100, 100], blinds=(1, 2), ante=1, ante_type="button", board=ROYAL)
    play(hand, "p2 cc", "p1 cc")
    check_down(hand)
    hand.auto_showdown()
    assert hand.result.awards[0].shares == {0: 3, 1: 2}


def test_odd_chip_unit_option():
    options = RuleOptions(odd_chip_unit=25)
    hand = make_hand(
        [1000] * 3, blinds=(25, 50), ante=25, ante_type="big_blind", options=options, board=ROYAL
    )
    play(hand, "p3 cc", "p1 f", "p2 cc")  # pot 25 + 50 + 50 + 25 dead = 150, split 2 ways
    check_down(hand)
    hand.auto_showdown()
    assert hand.result.awards[0].shares == {1: 75, 2: 75}


# -- showdown order and showing (§6, seed 004) ----------------------------------------


def river(stacks=(1000, 1000, 1000), **kw):
    hand = make_hand(list(stacks), blinds=(5, 10), **kw)
    while hand.street != "river":
        hand.check_or_call()
    return hand


def test_showdown_last_river_bettor_shows_first_seed_card_3():
    hand = river()
    play(hand, "p1 cc", "p2 cbr 30", "p3 cc", "p1 cc")
    assert hand.street == "showdown"
    assert hand.showdown_order == (1, 2, 0)
    # RULES.md §6.1 default "auto": the called aggressor is tabled, the next one acts.
    assert hand.shown == {1: hand.hole_cards[1]} and hand.actor == 2
    off = river(options=RuleOptions(reveal_called_aggressor=False))
    play(off, "p1 cc", "p2 cbr 30", "p3 cc", "p1 cc")
    assert off.actor == 1 and off.shown == {}


def test_showdown_last_river_raiser_shows_first_seed_card_4():
    hand = river()
    play(hand, "p1 cc", "p2 cbr 30", "p3 cbr 90", "p1 f", "p2 cc")
    assert hand.showdown_order == (2, 1) and set(hand.shown) == {2} and hand.actor == 1


def test_showdown_without_river_bet_first_live_left_of_button_seed_card_5():
    hand = make_hand([1000] * 4, blinds=(5, 10))
    play(hand, "p3 cc", "p4 cc", "p1 cc", "p2 cc")
    play(hand, "p1 cc", "p2 cc", "p3 cc", "p4 cc")
    play(hand, "p1 cc", "p2 cc", "p3 cbr 20", "p4 cc", "p1 cc", "p2 cc")  # turn bet by p3
    assert hand.street == "river"
    play(hand, "p1 cc", "p2 cc", "p3 cc", "p4 cc")
    assert hand.showdown_order == (0, 1, 2, 3) and hand.actor == 0


def test_all_in_showdown_every_live_hand_is_shown_at_once_seed_card_1():
    hand = make_hand([100, 100], blinds=(1, 2), holes=["Ah Ad", "Kh Kd"])
    play(hand, "p2 cbr 100", "p1 cc")
    assert hand.is_complete
    assert set(hand.result.shown) == {0, 1}


def test_all_in_with_betting_left_is_not_an_all_in_showdown_yet_seed_card_2():
    hand = make_hand([100, 100, 100], blinds=(1, 2))
    play(hand, "p3 cc", "p1 cc", "p2 cc")
    play(hand, "p1 cbr 98", "p2 cc", "p3 cc")
    assert hand.is_complete  # nobody has chips left: shown at once
    hand = make_hand([50, 100, 100], blinds=(1, 2))
    play(hand, "p3 cc", "p1 cc", "p2 cc")
    play(hand, "p1 cbr 48", "p2 cc", "p3 cc")
    assert hand.street == "turn" and hand.shown == {}  # p2 and p3 may still bet
    check_down(hand)
    assert hand.is_complete and len(hand.result.shown) == 3


def test_must_show_both_cards_to_win_a_mucked_better_hand_loses():
    hand = river(holes=["Ah Ad", "Kh Kd", "7c 2d"], board="3s 4s 8h 9d Jc")
    play(hand, "p1 cc", "p2 cc", "p3 cc")
    hand.muck()  # p1 had the best hand
    hand.show()
    assert hand.actor == 2
    hand.muck()
    assert hand.result.awards[0].winners == (1,)
    assert hand.result.mucked == (0, 2)


def test_only_one_left_wins_without_showing():
    hand = river(stacks=(1000, 1000))
    play(hand, "p1 cc", "p2 cc")
    hand.muck()
    assert hand.is_complete
    assert hand.result.shown == {} and hand.result.awards[0].winners == (1,)


def test_both_must_show_to_split_a_board_they_play_seed_card_6():
    hand = river(stacks=(1000, 1000), holes=["2c 3d", "4h 5c"], board=ROYAL)
    play(hand, "p1 cc", "p2 cc")
    hand.show()
    hand.show()
    assert hand.result.awards[0].winners == (0, 1)
    hand = river(stacks=(1000, 1000), holes=["2c 3d", "4h 5c"], board=ROYAL)
    play(hand, "p1 cc", "p2 cc", "p1 sm 2c3d", "p2 sm")
    assert hand.result.awards[0].winners == (0,)


def test_show_with_wrong_cards_is_rejected():
    hand = river(stacks=(1000, 1000), holes=["2c 3d", "4h 5c"])
    play(hand, "p1 cc", "p2 cc")
    with pytest.raises(IllegalActionError) as error:
        hand.apply("p1 sm AsKd")
    assert error.value.rule == "wrong_cards"


def test_auto_showdown_mucks_hands_that_cannot_win():
    hand = river(holes=["7c 2d", "Ah Ad", "Kh Kd"], board="3s 4s 8h 9d Jc")
    play(hand, "p1 cc", "p2 cc", "p3 cc")
    result = hand.auto_showdown()
    assert set(result.shown) == {0, 1} and result.mucked == (2,)
    assert result.awards[0].winners == (1,)


def test_short_deck_flush_beats_full_house_and_trips_vs_straight_option():
    holes = ["Ah Kh", "Ts Tc"]
    board = "6h 9h Qh Td 9c"  # p1 flush, p2 full house
    hand = make_hand([100, 100], variant="shortdeck", holes=holes, board=board)
    play(hand, "p2 cbr 100", "p1 cc")
    assert hand.result.awards[0].winners == (0,)
    holes = ["Ac 6d", "Qs Qc"]
    board = "7h 8h 9s Qd Kc"  # p1 straight 9 high (A-6-7-8-9), p2 trips
    triton = make_hand([100, 100], variant="shortdeck", holes=holes, board=board)
    play(triton, "p2 cbr 100", "p1 cc")
    assert triton.result.awards[0].winners == (1,)
    wsop = make_hand(
        [100, 100],
        variant="shortdeck",
        holes=holes,
        board=board,
        options=RuleOptions(short_deck_trips_beat_straight=False),
    )
    play(wsop, "p2 cbr 100", "p1 cc")
    assert wsop.result.awards[0].winners == (0,)


def test_short_deck_uses_36_cards():
    with pytest.raises(Exception, match="not in the shortdeck deck"):
        make_hand([100, 100], variant="shortdeck", holes=["2c 3c", None])
    hand = make_hand([100] * 3, variant="shortdeck")
    assert all(c.rank >= 4 for c in hand.deck)
    assert len(hand.deck) == 36 and parse_cards("6c")[0] in hand.deck


def test_reveal_called_aggressor_tables_the_river_bettor_automatically_by_default():
    assert RuleOptions().reveal_called_aggressor and not RuleOptions.pokerkit().reveal_called_aggressor
    hand = river()
    play(hand, "p1 cc", "p2 cbr 30", "p3 cc", "p1 cc")
    assert hand.shown == {1: hand.hole_cards[1]}
    assert hand.actor == 2  # the next player in order shows or mucks
    hand.muck()
    hand.muck()
    assert hand.result.awards[0].winners == (1,)


def test_auto_showdown_mucks_a_hand_beaten_by_the_tabled_aggressor():
    hand = river(holes=["2c 3d", "As Ah", "Kc Kd"], board="7h 8s 9d Jc 4s")
    play(hand, "p1 cc", "p2 cbr 30", "p3 cc", "p1 cc")
    result = hand.auto_showdown()
    assert set(result.shown) == {1} and result.mucked == (2, 0)
    assert result.awards[0].winners == (1,)
