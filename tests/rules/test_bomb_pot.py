"""Bomb pots (rules/bomb_pot.py): every player antes, no betting before the flop, the
betting starts left of the button; a player short of the ante is all in for less."""

from __future__ import annotations

import pytest

from pokerdealer.cards import parse_cards
from pokerdealer.rules import ConfigError, Hand, HandConfig, Post, deck_for_deal, replay
from pokerdealer.rules.bomb_pot import bomb_pot


def deal(stacks, holes, board, *, ante=10, **config) -> Hand:  # noqa: ANN001
    cfg = bomb_pot(HandConfig(stacks=stacks, blinds=(1, 2), players=("Ann", "Bob", "Cy")[: len(stacks)], **config), ante=ante)
    return Hand(cfg, deck_for_deal(cfg, [parse_cards(h) for h in holes], parse_cards(board)))


def test_a_bomb_pot_with_a_short_stack_makes_a_side_pot():
    # Ann 100, Bob 100, Cy (the button) 7: Cy is all in for 7 of the ante of 10.
    hand = deal((100, 100, 7), ("Ah Kd", "Qs Qh", "7c 2d"), "7h 7s 3c 9d 2s")
    assert hand.street.value == "flop" and not hand.log  # nobody acted before the flop
    assert [(p.amount, p.eligible) for p in hand.pots] == [(21, (0, 1, 2)), (6, (0, 1))]
    hand.raise_to(20), hand.call()  # Ann bets, Bob calls: the side pot grows
    for _ in range(4):
        hand.check()  # turn and river
    hand.auto_showdown()
    main, side = hand.result.awards
    assert (main.amount, main.winners) == (21, (2,))  # Cy's sevens full win the main pot
    assert (side.amount, side.winners) == (46, (1,))  # queens up beat Ann's ace high for the side pot
    assert hand.stacks == (70, 116, 21) and sum(hand.stacks) == 207


def test_nobody_bets_before_the_flop_and_the_first_left_of_the_button_acts():
    hand = deal((100, 100, 100), ("Ah Kd", "Qs Qh", "7c 2d"), "7h 7s 3c")
    assert hand.street.value == "flop" and hand.actor == 0  # Ann, left of Cy's button
    assert hand.committed == (0, 0, 0) and hand.contributions == (10, 10, 10) and hand.current_bet == 0
    assert hand.legal().min_raise_to == 2  # the minimum bet is the big blind
    heads_up = deal((100, 100), ("Ah Kd", "Qs Qh"), "7h 7s 3c")
    assert heads_up.actor == 0  # heads-up: the big blind's seat, left of the button


def test_when_all_but_one_are_all_in_from_the_antes_the_board_is_run_out():
    hand = deal((100, 6, 4), ("Ah Kd", "Qs Qh", "7c 2d"), "7h 7s 3c 9d 2s")
    assert hand.is_complete and hand.result.uncalled == {0: 4}  # Ann's ante above Bob's 6 comes back
    assert hand.stacks == (94, 4, 12)  # Cy's sevens full: main pot 12; Bob's queens the side pot of 4


def test_a_heads_up_ante_nobody_can_match_comes_back():
    hand = deal((100, 3), ("Ah Kd", "Qs Qh"), "7h 7s 3c 9d 2s")
    assert hand.is_complete and hand.result.uncalled == {0: 7}
    assert hand.result.awards[0].amount == 6 and hand.stacks == (97, 6)  # Bob's queens win the 6


def test_a_bomb_pot_is_the_antes_and_nothing_else():
    config = HandConfig(stacks=(100,) * 4, blinds=(1, 2), straddles=(4,))
    assert bomb_pot(config).straddles == () and bomb_pot(config).ante == 4  # two big blinds
    with pytest.raises(ConfigError, match="a bomb pot is every player's ante and nothing else"):
        HandConfig(stacks=(100,) * 3, bomb_pot=True)  # no ante
    with pytest.raises(ConfigError, match="no straddle and no post"):
        HandConfig(stacks=(100,) * 4, ante=5, bomb_pot=True, posts=(Post(2, 2, 0),))


def test_replaying_a_bomb_pot_gives_the_same_hand():
    hand = deal((100, 100, 7), ("Ah Kd", "Qs Qh", "7c 2d"), "7h 7s 3c 9d 2s")
    hand.raise_to(20), hand.fold()
    again = replay(hand.config, hand.deck, hand.log)
    assert again.result == hand.result and again.board == hand.board
