"""The 7-2 game (rules/seven_deuce.py): a pot won alone with a shown seven-deuce offsuit
collects the bounty from every other player dealt in, after the hand."""

from __future__ import annotations

import pytest

from pokerdealer.cards import parse_cards
from pokerdealer.errors import PokerDealerError
from pokerdealer.rules import HandConfig, deck_for_deal
from pokerdealer.rules.hand import Hand
from pokerdealer.rules.seven_deuce import Payment, seven_deuce


def deal(stacks, holes, board="", second="", **config) -> Hand:  # noqa: ANN001
    cfg = HandConfig(stacks=stacks, blinds=(1, 2), players=("Ann", "Bob", "Cy")[: len(stacks)], **config)
    deck = deck_for_deal(cfg, [parse_cards(h) if h else None for h in holes], parse_cards(board),
                         second_board=parse_cards(second))
    return Hand(cfg, deck)


def test_the_bounty_when_the_7_2_player_is_all_in_for_less():
    # Cy folds his 12; Ann (small blind) is all in for 20 with 7c 2d, Bob calls; 7h 7s 2c 9d Jh.
    hand = deal((20, 100, 12), ("7c 2d", "Kh Kd", "Qs Qd"), "7h 7s 2c 9d Jh")
    hand.fold(), hand.all_in(), hand.call()
    assert hand.result.final_stacks == (40, 80, 12)  # Ann's full house wins the pot of 40
    bounty = seven_deuce(hand, bounty=30)
    assert bounty.winners == (0,)
    # Bob pays the whole bounty; Cy, who folded but was dealt in, pays the 12 he has.
    assert bounty.payments == (Payment(1, 0, 30), Payment(2, 0, 12))
    assert bounty.applied(hand.result.final_stacks) == (82, 50, 0) and sum(bounty.changes) == 0
    assert hand.result.final_stacks == (40, 80, 12)  # the hand itself is not changed


def test_a_side_pot_won_alone_counts_too():
    # Ann all in for 10 with aces; Bob's 7-2 and Cy play a side pot; Bob's sevens full win it.
    hand = deal((10, 100, 100), ("As Ad", "7c 2d", "Qs Qd"), "7h 7s 2c 9d Ah")
    hand.call(), hand.all_in(), hand.call(), hand.call()  # Cy calls 2, Ann all in for 10, both call
    hand.raise_to(20), hand.call()  # the flop: Bob bets, Cy calls (the side pot)
    for _ in range(4):
        hand.check()
    hand.auto_showdown()
    assert [a.winners for a in hand.result.awards] == [(0,), (1,)]  # Ann's aces full take the main pot
    assert seven_deuce(hand, bounty=5).payments == (Payment(2, 1, 5), Payment(0, 1, 5))


def test_a_7_2_that_won_unseen_collects_once_it_is_shown():
    hand = deal((100, 100, 100), ("7c 2d", None, None))
    hand.fold(), hand.raise_to(6), hand.fold()  # everyone folds to Ann
    assert seven_deuce(hand, bounty=10).winners == ()
    hand.show_after(0, "first")  # one card proves nothing
    assert seven_deuce(hand, bounty=10).winners == ()
    hand.show_after(0, "second")
    assert seven_deuce(hand, bounty=10).changes == (20, -10, -10)


def test_a_chop_a_suited_7_2_and_a_loss_collect_nothing():
    chop = deal((50, 50), ("7c 2d", "7h 2s"), "Ks Kd Qc Qh Ah")  # the board plays: a chop
    chop.all_in(), chop.call()
    assert [a.winners for a in chop.result.awards] == [(0, 1)] and seven_deuce(chop, bounty=10).winners == ()
    suited = deal((50, 50), ("7c 2c", "Kh Kd"), "7h 7s 2d 9d Jh")
    suited.all_in(), suited.call()
    assert suited.result.awards[0].winners == (0,) and seven_deuce(suited, bounty=10).winners == ()
    lost = deal((50, 50), ("7c 2d", "Kh Kd"), "Ah 3s 4d 9d Jh")
    lost.all_in(), lost.call()
    assert seven_deuce(lost, bounty=10).payments == ()


def test_a_run_won_alone_counts_in_a_hand_run_twice():
    hand = deal((50, 50), ("7c 2d", "Kh Kd"), "7h 7s 2c 9d Jh", "Ks 4d 5s 6c Th", run_it_twice=True)
    hand.all_in(), hand.call(), hand.apply("p1 runs 2"), hand.apply("p2 runs 2")
    assert [(a.run, a.winners) for a in hand.result.awards] == [(0, (0,)), (1, (1,))]
    assert seven_deuce(hand, bounty=10).changes == (10, -10)


def test_no_bounty_during_a_hand_nor_a_negative_one():
    hand = deal((50, 50), ("7c 2d", "Kh Kd"))
    with pytest.raises(PokerDealerError, match="settled once the hand is over"):
        seven_deuce(hand, bounty=10)
    hand.fold()
    with pytest.raises(PokerDealerError, match="0 chips or more, got -1"):
        seven_deuce(hand, bounty=-1)
    assert seven_deuce(hand, bounty=0) == (0, (), (), (0, 0))
