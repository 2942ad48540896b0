"""Button, blinds, antes, straddles, order of action, end of a round (RULES.md §1-§3)."""

from __future__ import annotations

from pokerdealer.cards import parse_cards
from pokerdealer.rules import (
    AnteType,
    BBAPriority,
    HandConfig,
    RuleOptions,
    ShortBlindCall,
    StraddleRaise,
)
from tests.rules.helpers import make_hand, play


def test_button_small_blind_and_big_blind_are_the_next_two_players():
    hand = make_hand([100] * 5, button=2, blinds=(5, 10))
    assert hand.committed == (0, 0, 0, 5, 10)
    assert hand.actor == 0  # first left of the big blind


def test_blinds_are_live_and_count_toward_the_call():
    hand = make_hand([100] * 3, blinds=(1, 2))
    play(hand, "p3 cc")
    assert hand.legal().call == 1  # the small blind completes


def test_hole_cards_are_dealt_one_at_a_time_from_the_left_of_the_button():
    config = HandConfig(stacks=(100, 100, 100), button=0)
    deck = parse_cards("2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc Ac 2d")
    from pokerdealer.rules import Hand

    hand = Hand(config, deck)
    assert hand.hole_cards == (
        parse_cards("4c 7c"),
        parse_cards("2c 5c"),
        parse_cards("3c 6c"),
    )
    play(hand, "p1 cc", "p2 cc", "p3 cc")
    assert hand.board == parse_cards("9c Tc Jc")  # 8c burnt


def test_heads_up_button_posts_small_blind_acts_first_preflop_last_after():
    hand = make_hand([100, 100], button=1, blinds=(1, 2))
    assert hand.committed == (2, 1)  # player 1 is the button and small blind
    assert hand.actor == 1
    play(hand, "p2 cc", "p1 cc")
    assert hand.street == "flop"
    assert hand.actor == 0  # the big blind acts first after the flop
    play(hand, "p1 cc")
    assert hand.actor == 1


def test_per_player_antes_are_posted_by_everyone_and_are_not_live():
    hand = make_hand([100] * 3, blinds=(1, 2), ante=1, ante_type=AnteType.PER_PLAYER)
    assert hand.stacks == (98, 97, 99)
    assert hand.committed == (1, 2, 0)
    assert hand.contributions == (2, 3, 1)
    assert hand.legal().call == 2


def test_big_blind_ante_is_dead_money_in_the_main_pot():
    hand = make_hand([100] * 3, blinds=(1, 2), ante=2, ante_type=AnteType.BIG_BLIND)
    assert hand.dead_money == 2
    assert hand.stacks == (99, 96, 100)
    assert hand.pots[0].amount == 5


def test_button_ante_is_dead_money_posted_by_the_button():
    hand = make_hand([100] * 4, blinds=(1, 2), ante=3, ante_type=AnteType.BUTTON)
    assert hand.stacks == (99, 98, 100, 97)
    assert hand.dead_money == 3


def test_big_blind_ante_priority_big_blind_first_rp11_example():
    # Blinds 500/1,000, BBA 1,000, 3 players; BB has 1,500; UTG calls, SB folds.
    hand = make_hand(
        [10_000, 1_500, 10_000], blinds=(500, 1_000), ante=1_000, ante_type=AnteType.BIG_BLIND
    )
    assert hand.committed == (500, 1_000, 0) and hand.dead_money == 500
    play(hand, "p3 cc", "p1 f")
    award = hand.result.awards[0]
    assert (award.amount, award.eligible) == (3_000, (1, 2))
    assert sum(hand.result.final_stacks) == 21_500


def test_big_blind_ante_priority_ante_first_rp11_example():
    hand = make_hand(
        [10_000, 1_500, 10_000],
        blinds=(500, 1_000),
        ante=1_000,
        ante_type=AnteType.BIG_BLIND,
        options=RuleOptions(bba_priority=BBAPriority.ANTE_FIRST),
    )
    assert hand.committed == (500, 500, 0) and hand.dead_money == 1_000
    assert hand.legal().call == 1_000  # the short blind does not lower the price
    play(hand, "p3 cc", "p1 f")
    assert hand.result.uncalled == {2: 500}
    award = hand.result.awards[0]
    assert (award.amount, award.eligible) == (2_500, (1, 2))


def test_short_all_in_big_blind_is_called_for_the_full_blind_by_default():
    hand = make_hand([100, 1, 100], blinds=(1, 2), button=2)
    assert hand.committed == (1, 1, 0)
    assert hand.legal().call == 2
    assert hand.legal().min_raise_to == 4


def test_short_all_in_big_blind_actual_posted_option():
    options = RuleOptions(short_blind_call_amount=ShortBlindCall.ACTUAL_POSTED)
    hand = make_hand([100, 1, 100], blinds=(1, 2), button=2, options=options)
    assert hand.legal().call == 1
    assert hand.legal().min_raise_to == 3


def test_preflop_action_starts_left_of_the_big_blind_and_ends_with_it():
    hand = make_hand([100] * 4, blinds=(1, 2))
    order = []
    while hand.street == "preflop":
        order.append(hand.actor)
        hand.check_or_call()
    assert order == [2, 3, 0, 1]


def test_straddle_acts_last_preflop_and_sets_the_minimum_raise():
    hand = make_hand([100] * 5, blinds=(1, 2), straddles=(4,))
    assert hand.actor == 3  # left of the straddler (player 2)
    legal = hand.legal()
    assert (legal.call, legal.min_raise_to) == (4, 8)
    play(hand, "p4 cc", "p5 cc", "p1 cc", "p2 cc")
    assert hand.actor == 2 and hand.legal().can_check  # the straddler's option
    play(hand, "p3 cc")
    assert hand.street == "flop"
    assert hand.legal().min_raise_to == 2  # the minimum bet is the big blind again


def test_straddle_minimum_raise_big_blind_option():
    options = RuleOptions(straddle_raise=StraddleRaise.BIG_BLIND)
    hand = make_hand([100] * 5, blinds=(1, 2), straddles=(4,), options=options)
    assert hand.legal().min_raise_to == 6


def test_postflop_action_starts_with_first_live_player_left_of_the_button():
    hand = make_hand([100] * 4, blinds=(1, 2))
    play(hand, "p3 cc", "p4 cc", "p1 f", "p2 cc")
    assert hand.street == "flop"
    assert hand.actor == 1  # the small blind folded, so the big blind starts


def test_round_ends_when_every_live_player_acted_and_matched():
    hand = make_hand([100] * 3, blinds=(1, 2))
    play(hand, "p3 cc", "p1 cc", "p2 cc")
    assert hand.street == "flop"
    play(hand, "p1 cc", "p2 cbr 10", "p3 cc")
    assert hand.street == "flop" and hand.actor == 0  # p1 has not matched yet
    play(hand, "p1 cc")
    assert hand.street == "turn"


def test_big_blind_option_when_limped():
    hand = make_hand([100] * 3, blinds=(1, 2))
    play(hand, "p3 cc", "p1 cc")
    legal = hand.legal()
    assert hand.actor == 1 and legal.can_check and legal.min_raise_to == 4
    play(hand, "p2 cbr 8")
    assert hand.street == "preflop" and hand.actor == 2


def test_all_in_run_out_deals_the_board_without_action():
    hand = make_hand([50, 100, 100], blinds=(1, 2), board="Ah Kh Qh Jh 2c")
    play(hand, "p3 cbr 100", "p1 cc", "p2 cc")
    assert hand.is_complete
    assert hand.board == parse_cards("Ah Kh Qh Jh 2c")
    assert sum(hand.result.final_stacks) == 250


def test_round_is_skipped_when_only_one_player_can_still_bet():
    hand = make_hand([100, 40, 100], blinds=(1, 2))
    play(hand, "p3 cbr 40", "p1 f", "p2 cc")
    assert hand.is_complete  # p3 alone has chips left: run out, show down
