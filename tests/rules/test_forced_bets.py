"""Forced bets as data: dead small blind, posts of players coming in, button
blind, and PHH per-position arrays (RULES.md §1.2, §1.3a, §1.5, §2.3, §4.2)."""

from __future__ import annotations

import random

import pytest

from pokerdealer.cards import deck_cards
from pokerdealer.rules import (
    AnteType,
    ConfigError,
    Hand,
    HandConfig,
    Post,
    RuleOptions,
    Structure,
    replay,
)
from tests.rules.helpers import make_hand, play

# -- dead small blind (RULES.md §1.3a) --------------------------------------------------


def test_dead_small_blind_nobody_posts_it_and_the_big_blind_sits_left_of_the_button():
    hand = make_hand([100] * 5, button=0, blinds=(5, 10), dead_small_blind=True)
    assert hand.config.small_blind_player is None and hand.config.big_blind_player == 1
    assert hand.committed == (0, 10, 0, 0, 0)
    assert hand.actor == 2  # preflop: left of the big blind
    play(hand, "p3 cc", "p4 cc", "p5 cc", "p1 cc")
    assert hand.actor == 1 and hand.legal().can_check  # the big blind's option
    play(hand, "p2 cc")
    assert hand.street == "flop"
    order = []
    for _ in range(5):
        order.append(hand.actor)
        hand.check()
    assert order == [1, 2, 3, 4, 0]  # the button acts last after the flop


def test_dead_small_blind_view_shows_the_real_button():
    hand = make_hand([100] * 4, button=2, dead_small_blind=True)
    assert hand.view(0).button == 2 and hand.view(None).button == 2


def test_dead_small_blind_pot_limit_counts_the_full_small_blind_tda_54b():
    """TDA 2026 56-B: blinds 100/200 with a dead small blind, the first raise is to 700."""
    hand = make_hand([5000] * 4, button=0, blinds=(100, 200), dead_small_blind=True,
                     structure=Structure.POT_LIMIT)
    assert hand.legal().max_raise_to == 700


def test_heads_up_there_is_never_a_dead_small_blind():
    with pytest.raises(ConfigError, match="heads-up"):
        HandConfig(stacks=(100, 100), dead_small_blind=True)


def test_odd_chip_goes_left_of_the_real_button_with_a_dead_small_blind():
    # Button 0: the big blind (1) and player 2 chop; the odd chip goes to player 1.
    hand = make_hand([100] * 3, button=0, blinds=(1, 2), dead_small_blind=True, ante=1,
                     holes=["7c 2d", "As Kd", "Ah Kc"], board="Qs Jh Td 4c 3s")
    play(hand, "p3 cc", "p1 f", "p2 cc")
    for _ in range(6):
        hand.check()
    hand.auto_showdown()
    assert hand.result.awards[0].shares == {1: 4, 2: 3}


# -- posts of players coming in (RULES.md §1.5) ---------------------------------------


def test_post_live_big_blind_counts_as_the_bet_and_keeps_the_option():
    hand = make_hand([100] * 5, button=0, blinds=(1, 2), posts=(Post(4, live=2),))
    assert hand.committed == (0, 1, 2, 0, 2)
    assert hand.actor == 3  # action still starts left of the big blind
    play(hand, "p4 cc")
    legal = hand.legal()
    assert legal.actor == 4 and legal.can_check and legal.min_raise_to == 4
    play(hand, "p5 cc", "p1 cc", "p2 cc", "p3 cc")
    assert hand.street == "flop" and hand.pots[0].amount == 10


def test_post_dead_small_blind_goes_to_the_pot_as_dead_money():
    hand = make_hand([100] * 4, button=0, blinds=(1, 2), posts=((3, 2, 1),))
    assert hand.stacks == (100, 99, 98, 97)
    assert hand.committed == (0, 1, 2, 2) and hand.dead_money == 1
    assert hand.contributions == (0, 1, 2, 2)  # dead chips are not the player's bet
    assert hand.actor == 3 and hand.legal().can_check  # first to act, already in for the bet
    play(hand, "p4 cc", "p1 cc", "p2 cc", "p3 cc")
    assert hand.street == "flop" and sum(p.amount for p in hand.pots) == 9


def test_post_short_stack_pays_the_live_part_first():
    hand = make_hand([100, 100, 100, 3], button=0, blinds=(1, 2), posts=((3, 2, 2),))
    assert hand.committed[3] == 2 and hand.dead_money == 1 and hand.stacks[3] == 0


@pytest.mark.parametrize(
    ("posts", "message"),
    [((Post(7, 2),), "not a player index"), ((Post(1, -2),), ">= 0"),
     ((Post(1, 2), Post(1, 0, 1)), "two posts")],
)
def test_bad_posts_are_config_errors(posts, message):
    with pytest.raises(ConfigError, match=message):
        HandConfig(stacks=(100,) * 4, posts=posts)


# -- button blind (RULES.md §2.3) -------------------------------------------------------


def test_button_blind_is_a_live_bet_on_the_button_acting_as_the_big_blind():
    hand = make_hand([1000] * 6, blinds=(0, 40), button_blind=True, ante=20, min_bet=20)
    config = hand.config
    assert config.big_blind_player == 5 == config.button and config.small_blind_player is None
    assert hand.committed == (0, 0, 0, 0, 0, 40) and hand.stacks[5] == 940
    assert hand.actor == 0  # first left of the button
    legal = hand.legal()
    assert (legal.call, legal.min_raise_to) == (40, 80)  # raise to double the button amount
    play(hand, "p1 cc", "p2 cc", "p3 f", "p4 f", "p5 f")
    assert hand.actor == 5 and hand.legal().can_check  # the button's option
    play(hand, "p6 cc")
    assert hand.street == "flop" and hand.actor == 0
    assert hand.legal().min_raise_to == 20  # later streets: the minimum bet is the ante


def test_button_blind_excludes_a_small_blind_and_straddles():
    with pytest.raises(ConfigError, match="small blind"):
        HandConfig(stacks=(100,) * 4, blinds=(1, 2), button_blind=True)
    with pytest.raises(ConfigError, match="straddles"):
        HandConfig(stacks=(100,) * 4, blinds=(0, 2), straddles=(4,), button_blind=True)


# -- every layout is a log: replay rebuilds it ---------------------------------------------


@pytest.mark.parametrize(
    "layout",
    [
        {"dead_small_blind": True},
        {"posts": (Post(3, 2, 1), Post(0, 2))},
        {"dead_small_blind": True, "posts": (Post(4, 2, 1),)},
        {"button_blind": True, "blinds": (0, 2), "ante": 1},
    ],
)
def test_hands_with_any_forced_bets_replay_from_config_deck_and_actions(layout):
    rng = random.Random(7)
    kwargs = {"blinds": (1, 2), **layout}
    for _ in range(200):
        stacks = tuple(rng.randint(1, 60) for _ in range(6))
        config = HandConfig(stacks=stacks, button=rng.randrange(6), **kwargs)
        deck = rng.sample(deck_cards(), 52)
        hand = Hand(config, deck)
        while not hand.is_complete:
            legal = hand.legal()
            if legal.can_show:
                hand.auto_showdown()
                break
            options = ["check_call", "fold"] if legal.call else ["check_call"]
            if legal.min_raise_to is not None:
                options.append(f"p{legal.actor + 1} cbr {rng.randint(legal.min_raise_to, legal.max_raise_to)}")
            choice = rng.choice(options)
            hand.apply(choice) if " " in choice else hand.apply(f"p{legal.actor + 1} " + ("f" if choice == "fold" else "cc"))
        assert sum(hand.result.final_stacks) == sum(stacks)
        assert replay(config, deck, hand.log).result == hand.result


# -- PHH per-position arrays --------------------------------------------------------------


def test_from_positions_heads_up_player_zero_posts_the_big_blind():
    """PHH heads-up ``[small, big]``: player i posts ``blinds[not i]`` (PokerKit)."""
    config = HandConfig.from_positions((100, 100), (1, 2))
    assert config.blinds == (1, 2)
    assert config.big_blind_player == 0 and config.small_blind_player == 1 == config.button
    assert Hand(config, deck_cards()).committed == (2, 1)
    assert config.positions() == ((100, 100), (1, 2), (0, 0))


def test_from_positions_reads_dead_small_blind_and_button_blind_arrays():
    dead = HandConfig.from_positions((100,) * 4, (2, 0, 0, 0))
    assert dead.dead_small_blind and dead.big_blind_player == 0 and dead.button == 3
    triton = HandConfig.from_positions((100,) * 6, (0, 0, 0, 0, 0, 30), (5,) * 6)
    assert triton.button_blind and triton.blinds == (0, 30) and triton.ante_type is AnteType.PER_PLAYER
    hu = HandConfig.from_positions((100, 100), (5, 0))  # the button posts (reverse-assigned)
    assert hu.button_blind and hu.big_blind_player == 1
    for config in (dead, triton, hu):
        stacks, bos, antes = config.positions()
        assert HandConfig.from_positions(stacks, bos, antes) == config


@pytest.mark.parametrize(
    ("bos", "message"),
    [((0, 0, 0, 0), "no big blind"), ((1, 2, 0, 4), "gap before a straddle"), ((1, -2, 0, 0), "negative")],
)
def test_from_positions_rejects_arrays_it_cannot_play(bos, message):
    with pytest.raises(ConfigError, match=message):
        HandConfig.from_positions((100,) * 4, bos)


# -- a blind that covers a short all-in blind has nothing to decide (RULES.md §3.4, §5.1) ------------


def test_a_small_blind_facing_a_big_blind_all_in_for_less_is_not_asked_to_act():
    # Blinds 5/10, the big blind all-in for 4, the button folds: the small blind's 5 already
    # covers the 4; calling the full blind would come back as uncalled, folding would give away
    # 5 to win nothing. No decision: 1 chip returned, the board runs out.
    hand = make_hand([100, 4, 100], blinds=(5, 10), holes=["Ks Kd", "7c 2h", "9s 8s"],
                     board="Ah Qd 5c 3s Jh")
    play(hand, "p3 f")
    assert hand.actor is None and hand.is_complete
    assert hand.stacks == (104, 0, 100)  # K K beats 7 2: wins the 4, the extra 1 back


def test_a_big_blind_facing_a_small_blind_all_in_for_less_is_not_asked_to_act():
    # The small blind all-in for 3 of 5, the button folds: the big blind's 10 covers it; no
    # check, no fold offered, 7 back to the big blind.
    hand = make_hand([3, 100, 100], blinds=(5, 10), holes=["7c 2h", "Ks Kd", "9s 8s"],
                     board="Ah Qd 5c 3s Jh")
    play(hand, "p3 f")
    assert hand.actor is None and hand.is_complete
    assert hand.stacks == (0, 103, 100)


def test_a_small_blind_facing_a_bigger_all_in_still_calls_or_folds():
    # The big blind all-in for 8 against the small blind's 5: the full blind to call (RULES.md
    # §3.1), of which the 2 over the 8 comes back; no raise, nobody could call it.
    hand = make_hand([100, 8, 100], blinds=(5, 10), holes=["Ks Kd", "7c 2h", "9s 8s"], board="Ah Qd 5c 3s Jh")
    play(hand, "p3 f")
    legal = hand.legal()
    assert hand.actor == 0 and legal.can_fold and legal.call == 5 and legal.max_raise_to is None
    play(hand, "p1 cc")
    assert hand.is_complete and hand.stacks == (108, 0, 100)


def test_a_blind_facing_a_player_who_can_still_bet_keeps_its_option():
    # The big blind all-in for 4, the button calls the full 10: the small blind must call 5 or fold.
    hand = make_hand([100, 4, 100], blinds=(5, 10))
    play(hand, "p3 cc")
    assert hand.actor == 0 and hand.legal().call == 5


def test_pokerkits_reading_still_asks_the_covering_blind_to_act():
    # RuleOptions.pokerkit(): PokerKit still asks the small blind (to check: it prices the hand
    # at the 4 the big blind posted), so hands PokerKit played replay as it played them.
    hand = make_hand([100, 4, 100], blinds=(5, 10), options=RuleOptions.pokerkit())
    play(hand, "p3 f")
    assert hand.actor == 0 and hand.legal().can_check
