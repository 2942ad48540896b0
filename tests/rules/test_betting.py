"""Minimum and maximum bets and raises, re-opening, limit (RULES.md §4, seed 001)."""

from __future__ import annotations

import pytest

from pokerdealer.rules import (
    Action,
    HeadsUpCap,
    IllegalActionError,
    PLSmallBlindRounding,
    Reopening,
    RuleOptions,
    Structure,
)
from tests.rules.helpers import make_hand, play

PK = RuleOptions(reopening=Reopening.POKERKIT)


def to_flop(n, stacks, blinds=(50, 100), **kw):
    """Everyone calls the big blind preflop; the big blind checks."""
    hand = make_hand(stacks, blinds=blinds, **kw)
    while hand.street == "preflop":
        hand.check_or_call()
    return hand


# -- minimum bet and raise (§4.1) --------------------------------------------------


def test_min_bet_is_the_big_blind():
    hand = to_flop(3, [1000] * 3)
    assert hand.legal().min_raise_to == 100
    with pytest.raises(IllegalActionError) as error:
        hand.raise_to(99)
    assert error.value.rule == "min_raise"


def test_a_raise_is_a_bet_only_when_nobody_has_bet_on_the_street():
    hand = make_hand((100, 100, 100), holes=("AhKh", "2c7d", "9s9d"), board="QhJhTh 4d 2s")
    assert not hand.raise_is_bet  # preflop the blinds are the bet
    play(hand, "p3 cc", "p1 cc", "p2 cc")
    assert hand.street.value == "flop" and hand.raise_is_bet
    assert hand.view(0).raise_is_bet and hand.view(None).raise_is_bet  # every view says so too
    play(hand, "p1 cc", "p2 cbr 10")
    assert not hand.raise_is_bet  # a raise now raises p2's bet of 10
    assert not hand.view(2).raise_is_bet


def test_min_raise_seed_20_raised_to_60_next_minimum_100():
    hand = to_flop(3, [1000] * 3, blinds=(5, 10))
    play(hand, "p1 cbr 20", "p2 cbr 60")
    assert hand.legal().min_raise_to == 100
    with pytest.raises(IllegalActionError) as error:
        hand.raise_to(80)
    assert str(error.value).startswith("p3: raise to 80 is below the minimum raise to 100")


def test_min_raise_seed_blinds_1_2_raised_to_6_next_minimum_10():
    hand = make_hand([200] * 4, blinds=(1, 2))
    play(hand, "p3 cbr 6")
    assert hand.legal().min_raise_to == 10


def test_min_raise_is_the_largest_raise_of_the_round_tda43_examples():
    hand = to_flop(5, [10_000] * 5, blinds=(100, 200))
    play(hand, "p1 cbr 600", "p2 cbr 1600", "p3 cbr 3600")
    assert hand.legal().min_raise_to == 5600
    hand = make_hand([10_000] * 5, blinds=(25, 50))
    play(hand, "p3 cbr 125", "p4 cbr 200", "p5 cbr 500")
    assert hand.legal().min_raise_to == 800
    hand = make_hand([10_000] * 6, blinds=(25, 50))
    play(hand, "p3 cbr 500", "p4 cc", "p5 cc")
    legal = hand.legal()
    assert (legal.call, legal.min_raise_to) == (500, 950)


def test_short_all_in_preflop_keeps_the_raise_size():
    hand = make_hand([1000, 1000, 150, 1000], blinds=(50, 100))
    play(hand, "p3 cbr 150")
    assert hand.legal().min_raise_to == 250


def test_postflop_all_in_below_the_big_blind_min_raise_120():
    hand = to_flop(3, [120, 1000, 1000])
    play(hand, "p1 cbr 20")
    legal = hand.legal()
    assert (legal.call, legal.min_raise_to) == (20, 120)


def test_all_in_for_less_is_always_allowed():
    hand = to_flop(3, [130, 1000, 1000])  # p1 has 30 behind
    legal = hand.legal()
    assert (legal.min_raise_to, legal.max_raise_to) == (30, 30)
    play(hand, "p1 cbr 30", "p2 cbr 200")
    play(hand, "p3 cc")
    assert hand.street == "turn"  # p1 is all-in for less: nothing more to do


def test_raise_only_to_what_the_largest_opponent_can_match_option():
    # Flop: p2 has 250 behind, p1 and p3 have 900. p2 bets all-in 250, p3 folds.
    stacks = [1000, 350, 1000]
    hand = to_flop(3, stacks)
    play(hand, "p1 cc", "p2 cbr 250", "p3 f")
    assert hand.legal().min_raise_to is None  # nobody left to raise against
    options = RuleOptions(raise_to_largest_opponent=True)
    hand = to_flop(3, [1000, 1000, 300], options=options)
    play(hand, "p1 cbr 150")
    legal = hand.legal()  # p2 may raise at most to what p1 (900) or p3 (200) can match
    assert (legal.min_raise_to, legal.max_raise_to) == (300, 900)
    play(hand, "p2 f")
    legal = hand.legal()  # p3 has 200 behind: an all-in for less
    assert (legal.min_raise_to, legal.max_raise_to) == (200, 200)


def test_raise_below_minimum_to_cover_an_all_in_opponent_option():
    # p1 has 900 behind, p2 bets 500; p3 with 1,000 may raise only to 900 (p1's all-in)
    # although the minimum raise is 1,000.
    options = RuleOptions(raise_to_largest_opponent=True)
    hand = to_flop(3, [1000, 2000, 2000], options=options)
    play(hand, "p1 cc", "p2 cbr 500", "p3 f")
    legal = hand.legal()
    assert (legal.call, legal.min_raise_to, legal.max_raise_to) == (500, 900, 900)
    default = to_flop(3, [1000, 2000, 2000])
    play(default, "p1 cc", "p2 cbr 500", "p3 f")
    legal = default.legal()
    assert (legal.min_raise_to, legal.max_raise_to) == (900, 900)  # all-in for less


# -- re-opening after short all-ins: TDA 2024 47 addendum (§4.4) ------------------------


def tda_ex1():
    # Blinds 50/100, flop; A=p1 .. E=p5 (button). A bets 100; B all-in 125; C calls;
    # D all-in 200; E calls.
    hand = to_flop(5, [1000, 225, 1000, 300, 1000])
    return play(hand, "p1 cbr 100", "p2 cbr 125", "p3 cc", "p4 cbr 200", "p5 cc")


def test_tda_ex1_facing_a_full_raise_reopens_min_raise_300():
    hand = tda_ex1()
    legal = hand.legal()
    assert hand.actor == 0
    assert (legal.call, legal.min_raise_to) == (100, 300)


def test_tda_ex1a_cumulative_short_all_ins_below_a_full_raise_do_not_reopen():
    hand = play(tda_ex1(), "p1 cc")
    legal = hand.legal()
    assert hand.actor == 2
    assert (legal.call, legal.min_raise_to) == (75, None)
    with pytest.raises(IllegalActionError) as error:
        hand.raise_to(400)
    assert error.value.rule == "raise_closed" and error.value.player == 2


def test_tda_ex1b_a_full_raise_reopens_for_everyone():
    hand = play(tda_ex1(), "p1 cbr 300")
    legal = hand.legal()
    assert hand.actor == 2
    assert (legal.call, legal.min_raise_to) == (175, 400)


def test_tda_ex2_multiple_short_all_ins_keep_the_last_full_raise():
    # Blinds 50/100, flop: A bets 300; B all-in 500; C all-in 650; D all-in 800; E calls.
    hand = to_flop(6, [5000, 600, 750, 900, 5000, 5000])
    play(hand, "p1 cbr 300", "p2 cbr 500", "p3 cbr 650", "p4 cbr 800", "p5 cc")
    legal = hand.legal()
    assert hand.actor == 5
    assert (legal.call, legal.min_raise_to) == (800, 1100)


def tda_ex3():
    # Blinds 2,000/4,000, preflop: A calls; B folds; C all-in 7,500; SB folds.
    hand = make_hand([100_000, 100_000, 100_000, 100_000, 7_500], blinds=(2_000, 4_000))
    return play(hand, "p3 cc", "p4 f", "p5 cbr 7500", "p1 f")


def test_tda_ex3a_big_blind_has_not_acted_and_may_raise():
    hand = tda_ex3()
    legal = hand.legal()
    assert hand.actor == 1
    assert (legal.call, legal.min_raise_to) == (3_500, 11_500)


def test_tda_ex3a_caller_facing_only_a_short_all_in_may_not_raise():
    hand = play(tda_ex3(), "p2 cc")
    legal = hand.legal()
    assert hand.actor == 2
    assert (legal.call, legal.min_raise_to) == (3_500, None)


def test_tda_ex3b_a_full_raise_by_the_big_blind_reopens():
    hand = play(tda_ex3(), "p2 cbr 11500")
    legal = hand.legal()
    assert hand.actor == 2
    assert (legal.call, legal.min_raise_to) == (7_500, 15_500)


def test_check_then_sub_minimum_all_in_bet_checker_may_not_raise():
    hand = to_flop(3, [1000, 120, 1000])
    play(hand, "p1 cc", "p2 cbr 20", "p3 cc")
    legal = hand.legal()
    assert hand.actor == 0
    assert (legal.call, legal.min_raise_to) == (20, None)


def test_pokerkit_mode_caller_may_raise_after_short_all_in_ex3a():
    hand = make_hand([100_000, 100_000, 100_000, 100_000, 7_500], blinds=(2_000, 4_000), options=PK)
    play(hand, "p3 cc", "p4 f", "p5 cbr 7500", "p1 f", "p2 cc")
    assert hand.legal().min_raise_to == 11_500


def test_pokerkit_mode_checker_may_raise_a_sub_minimum_all_in_bet():
    hand = to_flop(3, [1000, 120, 1000], options=PK)
    play(hand, "p1 cc", "p2 cbr 20", "p3 cc")
    assert hand.legal().min_raise_to == 120


# -- pot limit (§4.2) --------------------------------------------------------------


def test_pot_limit_max_raise_utg_1_2_is_7():
    hand = make_hand([500] * 9, blinds=(1, 2), structure=Structure.POT_LIMIT)
    assert hand.legal().max_raise_to == 7


def test_pot_limit_max_raise_heads_up_button_is_6():
    hand = make_hand([500] * 2, blinds=(1, 2), structure=Structure.POT_LIMIT)
    assert hand.legal().max_raise_to == 6


def test_pot_limit_250_then_900_sequence():
    # Pot 100 on the flop (blinds 10/20 called three ways + big-blind ante 40).
    hand = make_hand(
        [5000] * 3, blinds=(10, 20), ante=40, ante_type="big_blind", structure="pot_limit"
    )
    play(hand, "p3 cc", "p1 cc", "p2 cc")
    assert hand.pots[0].amount == 100
    play(hand, "p1 cbr 50")
    assert hand.legal().max_raise_to == 250
    play(hand, "p2 cbr 250")
    assert hand.legal().max_raise_to == 900
    with pytest.raises(IllegalActionError) as error:
        hand.raise_to(901)
    assert error.value.rule == "max_raise"


def test_pot_limit_re_pot_850():
    hand = make_hand([5000] * 2, blinds=(25, 50), structure="pot_limit")
    play(hand, "p2 cc", "p1 cc", "p1 cbr 50", "p2 cbr 250")
    assert hand.legal().max_raise_to == 850


def test_pot_limit_short_big_blind_counts_as_full_tda54b_700():
    full = make_hand([5000] * 4, blinds=(100, 200), structure="pot_limit")
    assert full.legal().max_raise_to == 700
    short = make_hand([5000, 100, 5000, 5000], blinds=(100, 200), structure="pot_limit")
    assert short.committed[1] == 100
    assert short.legal().max_raise_to == 700


def test_pot_limit_small_blind_rounding_option():
    hand = make_hand([5000] * 4, blinds=(5, 10), structure="pot_limit")
    assert hand.legal().max_raise_to == 35
    options = RuleOptions(pl_small_blind_rounding=PLSmallBlindRounding.SB_AS_BB)
    hand = make_hand([5000] * 4, blinds=(5, 10), structure="pot_limit", options=options)
    assert hand.legal().max_raise_to == 40


# -- fixed limit (§4.3) ------------------------------------------------------------


def limit_flop(stacks, **kw):
    return to_flop(len(stacks), stacks, blinds=(10, 20), structure=Structure.FIXED_LIMIT, **kw)


def test_fixed_limit_sizes_small_bet_then_big_bet():
    hand = make_hand([1000] * 3, blinds=(10, 20), structure="fixed_limit")
    legal = hand.legal()
    assert (legal.min_raise_to, legal.max_raise_to) == (40, 40)
    while hand.street == "preflop":
        hand.check_or_call()
    assert hand.legal().min_raise_to == 20
    play(hand, "p1 cc", "p2 cc", "p3 cc")
    assert hand.street == "turn" and hand.legal().min_raise_to == 40


def test_fixed_limit_raise_cap_bet_and_four_raises():
    hand = limit_flop([1000] * 3)
    play(hand, "p1 cbr 20", "p2 cbr 40", "p3 cbr 60", "p1 cbr 80", "p2 cbr 100")
    legal = hand.legal()
    assert (legal.call, legal.min_raise_to) == (40, None)
    with pytest.raises(IllegalActionError) as error:
        hand.raise_to(120)
    assert error.value.rule == "raise_cap"


def test_fixed_limit_cap_three_raises_option():
    hand = limit_flop([1000] * 3, options=RuleOptions(limit_max_raises=3))
    play(hand, "p1 cbr 20", "p2 cbr 40", "p3 cbr 60", "p1 cbr 80")
    assert hand.legal().min_raise_to is None


def test_fixed_limit_heads_up_cap_options():
    def capped_after(options):
        hand = make_hand([1000] * 2, blinds=(10, 20), structure="fixed_limit", options=options)
        play(hand, "p2 cc", "p1 cc")
        play(hand, "p1 cbr 20", "p2 cbr 40", "p1 cbr 60", "p2 cbr 80", "p1 cbr 100")
        return hand.legal().min_raise_to

    assert capped_after(RuleOptions()) is None
    uncapped = RuleOptions(limit_heads_up_cap=HeadsUpCap.UNCAP_IF_ROUND_STARTS_HEADS_UP)
    assert capped_after(uncapped) == 120
    assert capped_after(RuleOptions(limit_heads_up_cap=HeadsUpCap.UNCAP_WHEN_HEADS_UP)) == 120


def test_fixed_limit_uncap_when_heads_up_only_before_the_cap():
    options = RuleOptions(limit_heads_up_cap=HeadsUpCap.UNCAP_WHEN_HEADS_UP)
    hand = limit_flop([1000] * 3, options=options)
    play(hand, "p1 cbr 20", "p2 cbr 40", "p3 f")  # heads-up before the cap
    play(hand, "p1 cbr 60", "p2 cbr 80", "p1 cbr 100")
    assert hand.legal().min_raise_to == 120
    hand = limit_flop([1000] * 3, options=options)
    play(hand, "p1 cbr 20", "p2 cbr 40", "p3 cbr 60", "p1 cbr 80", "p2 cbr 100", "p3 f")
    assert hand.legal().min_raise_to is None  # capped three-handed: a fold does not uncap


def test_fixed_limit_half_bet_all_in_is_a_full_bet_15_then_35():
    hand = limit_flop([1000, 35, 1000])  # p2 has 15 behind on the flop
    play(hand, "p1 cc", "p2 cbr 15")
    assert hand.legal().min_raise_to == 35


def test_fixed_limit_short_all_in_under_half_acted_call_unacted_complete():
    hand = limit_flop([1000, 48, 1000])  # p2 has 28 behind
    play(hand, "p1 cbr 20", "p2 cbr 28")
    legal = hand.legal()
    assert hand.actor == 2 and (legal.call, legal.min_raise_to) == (28, 40)
    play(hand, "p3 cc")
    legal = hand.legal()
    assert hand.actor == 0 and (legal.call, legal.min_raise_to) == (8, None)


def test_fixed_limit_all_in_of_half_a_bet_reopens_for_the_bettor():
    hand = limit_flop([1000, 50, 1000])  # p2 has 30 behind
    play(hand, "p1 cbr 20", "p2 cbr 30", "p3 cc")
    legal = hand.legal()
    assert hand.actor == 0 and (legal.call, legal.min_raise_to) == (10, 50)


# -- accepting a raise only to what the opponents can match (PHH data) ----------------


def test_accept_uncallable_raise_takes_a_raise_to_an_all_in_opponents_stack():
    # Flop: p1 has 150 behind and bets 100; p2 "raises" to 150, all p1 can match,
    # below the minimum raise to 200. The legal range is not changed.
    options = RuleOptions(accept_uncallable_raise=True)
    hand = to_flop(2, [152, 1000], blinds=(1, 2), options=options)
    play(hand, "p1 cbr 100")
    legal = hand.legal()
    assert (legal.min_raise_to, legal.max_raise_to) == (200, 998)
    record = hand.apply("p2 cbr 150")
    assert record == Action("raise", 1, 150)
    play(hand, "p1 cc")  # all-in: the board runs out
    assert hand.is_complete and hand.result.uncalled == {}
    assert hand.result.final_stacks[1] in (848, 1000, 1152)
    strict = to_flop(2, [152, 1000], blinds=(1, 2))
    play(strict, "p1 cbr 100")
    with pytest.raises(IllegalActionError, match="below the minimum"):
        strict.apply("p2 cbr 150")


def test_accept_uncallable_raise_returns_the_part_nobody_can_match():
    options = RuleOptions(accept_uncallable_raise=True)
    hand = to_flop(2, [152, 1000], blinds=(1, 2), options=options)
    play(hand, "p1 cbr 100", "p2 cbr 400", "p1 cc")  # p1 can match only 150
    assert Action("raise", 1, 400) in hand.log
    assert hand.result.uncalled == {1: 250}  # 250 back to p2


def test_accept_uncallable_raise_is_a_call_when_nobody_can_call_a_raise():
    options = RuleOptions(accept_uncallable_raise=True)
    hand = make_hand([50, 200, 200], options=options)
    play(hand, "p3 cbr 10", "p1 cbr 50", "p2 f")
    assert hand.legal().min_raise_to is None  # p1 is all-in: no raise is listed
    assert hand.apply("p3 cbr 50") == Action("call", 2, 40)


def test_accept_uncallable_raise_never_allows_a_raise_the_rules_close():
    options = RuleOptions(accept_uncallable_raise=True)
    hand = to_flop(2, [152, 1000], blinds=(1, 2), options=options)
    play(hand, "p1 cbr 100")
    with pytest.raises(IllegalActionError, match="below the minimum"):
        hand.apply("p2 cbr 140")  # below what p1 can match: an ordinary short raise
    with pytest.raises(IllegalActionError, match="above the maximum"):
        hand.apply("p2 cbr 2000")  # more than p2 has
