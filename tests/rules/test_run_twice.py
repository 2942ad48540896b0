"""Running it twice (rules/run_twice.py): asked when the betting is over before the river
with a player all in, the board dealt twice from the same deck, each pot halved."""

from __future__ import annotations

import pytest

from pokerdealer.cards import parse_cards
from pokerdealer.errors import IllegalActionError
from pokerdealer.rules import Action, HandConfig, deck_for_deal, replay
from pokerdealer.rules.deal import second_run_positions
from pokerdealer.rules.hand import Hand
from pokerdealer.rules.run_twice import halves


def deal(stacks, holes, board, second_board, **config) -> Hand:  # noqa: ANN001
    cfg = HandConfig(stacks=stacks, blinds=(1, 2), run_it_twice=True, **config)
    cards = [parse_cards(h) for h in holes]
    return Hand(cfg, deck_for_deal(cfg, cards, parse_cards(board), second_board=parse_cards(second_board)))


def cards(board) -> str:  # noqa: ANN001
    return " ".join(map(str, board))


def test_halving_with_an_odd_chip_gives_it_to_the_first_run():
    # Cy (button) all in 50, Ann (small blind) folds her 1, Bob calls: a pot of 101.
    hand = deal((50, 50, 50), ("7c 2d", "Kh Kd", "Ah Ad"), "2c 3c 8s 9d Jh", "Ks 4d 5s 6c Th")
    hand.all_in(), hand.fold(), hand.call()
    assert hand.run_twice_pending == (1, 2) and hand.actor is None
    hand.apply("p3 runs 2"), hand.apply("p2 runs 2")  # in any order
    first, second = hand.result.awards
    assert (first.run, first.amount, first.winners) == (0, 51, (2,))  # aces on 2c 3c 8s 9d Jh
    assert (second.run, second.amount, second.winners) == (1, 50, (1,))  # a set of kings on Ks 4d 5s 6c Th
    assert hand.stacks == (49, 50, 51)
    assert hand.pots == [hand.pots[0]] and hand.pots[0].amount == 101


def test_side_pots_run_twice_are_each_halved_on_their_own():
    # Ann 20, Bob 50, Cy 100 all in: main pot 60 (all three), side pot 60 (Bob, Cy), Cy's 50 back.
    hand = deal((20, 50, 100), ("Ah Ad", "Kh Kd", "Qh Qd"), "2c 3c 8s 9d Jh", "Qs 4d 5s 6c Th")
    hand.all_in(), hand.call(), hand.call()
    assert hand.run_twice_pending == (0, 1, 2)
    for p in (1, 0, 2):
        hand.apply(Action("runs", p, 2))
    awards = [(a.run, a.amount, a.eligible, a.winners) for a in hand.result.awards]
    assert awards == [
        (0, 30, (0, 1, 2), (0,)),  # first run: aces take the main pot's half...
        (0, 30, (1, 2), (1,)),  # ...and kings beat queens for the side pot's
        (1, 30, (0, 1, 2), (2,)),  # second run: a set of queens takes both halves
        (1, 30, (1, 2), (2,)),
    ]
    assert hand.stacks == (30, 30, 110) and sum(hand.stacks) == 170
    assert [(p.amount, p.eligible) for p in hand.pots] == [(60, (0, 1, 2)), (60, (1, 2))]


def test_one_no_runs_the_board_once():
    hand = deal((50, 50, 50), ("7c 2d", "Kh Kd", "Ah Ad"), "2c 3c 8s 9d Jh", "Ks 4d 5s 6c Th")
    hand.all_in(), hand.fold(), hand.call()
    hand.apply("p2 runs 1")  # Bob says no: Cy is not asked any more
    assert hand.is_complete and hand.runs == 1 and len(hand.boards) == 1
    assert cards(hand.board) == "2c 3c 8s 9d Jh" and hand.stacks == (49, 0, 101)


def test_the_second_run_comes_from_the_cards_after_the_first_a_burn_before_each_street():
    # Heads-up all in on the flop: run 1 burns 2n+4 and 2n+6; run 2 burns 2n+8 and 2n+10.
    config = HandConfig(stacks=(100, 100), blinds=(1, 2), run_it_twice=True)
    deck = parse_cards("Ah Kh Ad Kd  2s  2c 7d 9s  3s  Jh  4s  3c  5s  Qs  6s  Ks  8s 8h 9h 9c")
    hand = Hand(config, deck)
    hand.call(), hand.check()  # preflop
    hand.all_in(), hand.call()  # the big blind (Ann, left of the button) acts first on the flop
    hand.apply("p1 runs 2"), hand.apply("p2 runs 2")
    assert [cards(b) for b in hand.boards] == ["2c 7d 9s Jh 3c", "2c 7d 9s Qs Ks"]
    assert second_run_positions(2, 3) == ((12, 14), (13, 15))
    assert [deck[i] for i in second_run_positions(2, 3).board] == list(hand.boards[1][3:])


def test_all_in_before_the_flop_runs_a_second_flop_turn_and_river():
    hand = deal((30, 30), ("Ah Ad", "Kh Kd"), "2c 3c 8s 9d Jh", "Ks 4d 5s 6c Th")
    hand.all_in(), hand.call()
    hand.apply("p1 runs 2"), hand.apply("p2 runs 2")
    assert [cards(b) for b in hand.boards] == ["2c 3c 8s 9d Jh", "Ks 4d 5s 6c Th"]
    assert hand.stacks == (30, 30)  # a half each


def test_a_tie_on_one_run_splits_that_half_with_its_odd_chip_left_of_the_button():
    # A pot of 101 (Ann's small blind folded): Bob and Cy both play the straight on run 2.
    hand = deal((50, 50, 50), ("7c 2d", "Kh 3d", "Ah 4d"), "As 3c 8s 9d Jh", "5s 6s 7s 8d 9c")
    hand.all_in(), hand.fold(), hand.call()
    hand.apply("p2 runs 2"), hand.apply("p3 runs 2")
    first, second = hand.result.awards
    assert (first.amount, first.shares) == (51, {2: 51})  # a pair of aces
    assert (second.amount, second.shares) == (50, {1: 25, 2: 25})  # the board's straight
    assert hand.stacks == (49, 25, 76)


def test_the_hands_are_turned_up_when_the_players_are_asked():
    hand = deal((50, 50, 50), ("7c 2d", "Kh Kd", "Ah Ad"), "2c 3c 8s 9d Jh", "Ks 4d 5s 6c Th")
    hand.all_in(), hand.fold(), hand.call()
    assert set(hand.shown) == {1, 2}
    assert hand.view(None).hole_cards == (None, parse_cards("Kh Kd"), parse_cards("Ah Ad"))
    assert hand.view(0).run_twice_pending == (1, 2)


def test_a_player_whose_chips_cover_the_all_in_is_asked_too():
    hand = deal((30, 100), ("Ah Ad", "Kh Kd"), "2c 3c 8s 9d Jh", "Ks 4d 5s 6c Th")
    hand.call()  # Bob (button, small blind) completes
    hand.all_in()  # Ann, big blind, all in for 30
    hand.call()
    assert hand.stacks[1] == 70 and hand.run_twice_pending == (0, 1)


def test_nobody_is_asked_when_the_table_does_not_offer_it_or_after_the_river():
    config = HandConfig(stacks=(30, 30), blinds=(1, 2))
    hand = Hand(config, deck_for_deal(config, [parse_cards("Ah Ad"), parse_cards("Kh Kd")]))
    hand.all_in(), hand.call()
    assert hand.is_complete and hand.runs == 1
    hand = deal((30, 30), ("Ah Ad", "Kh Kd"), "2c 3c 8s 9d Jh", "2c 3c 8s 9d Th")
    for _ in range(4):
        hand.check_or_call(), hand.check_or_call()
    assert hand.street.value == "showdown" and not hand.run_twice_pending


def test_wrong_answers_are_refused_and_change_nothing():
    hand = deal((50, 50, 50), ("7c 2d", "Kh Kd", "Ah Ad"), "2c 3c 8s 9d Jh", "Ks 4d 5s 6c Th")
    with pytest.raises(IllegalActionError, match="nobody is asked whether to run it twice"):
        hand.apply("p1 runs 2")
    hand.all_in(), hand.fold(), hand.call()
    before = hand._fingerprint()
    for action, said in [
        ("p1 runs 2", "only p2, p3 still say whether to run it twice"),  # Ann folded: not asked
        ("p2 runs 3", "answer 2 to run it twice or 1 to run it once, got 3"),
        ("p2 cc", "p2, p3 must first say whether to run it twice"),
    ]:
        with pytest.raises(IllegalActionError, match=said) as refused:
            hand.apply(action)
        assert refused.value.rule == "run_twice"
        assert hand._fingerprint() == before
    hand.apply("p2 runs 2")
    with pytest.raises(IllegalActionError, match="only p3 still say"):
        hand.apply("p2 runs 2")  # Bob answered already
    assert not hand.can("p2 runs 1") and hand.can("p3 runs 1")


def test_replaying_the_log_deals_and_awards_the_same_two_runs():
    hand = deal((20, 50, 100), ("Ah Ad", "Kh Kd", "Qh Qd"), "2c 3c 8s 9d Jh", "Qs 4d 5s 6c Th")
    hand.all_in(), hand.call(), hand.call()
    hand.apply("p2 runs 2"), hand.apply("p1 runs 2"), hand.apply("p3 runs 2")
    again = replay(hand.config, hand.deck, [str(a) for a in hand.log])
    assert again.boards == hand.boards and again.result == hand.result


def test_a_table_that_offers_it_deals_from_2n_plus_16_cards():
    config = HandConfig(stacks=(10, 10), run_it_twice=True)
    with pytest.raises(Exception, match="2 players need a deck of at least 20 cards"):
        Hand(config, parse_cards("Ah Kh Ad Kd 2s 2c 7d 9s 3s Jh 4s 3c"))


def test_halves_are_whole_units_of_the_smallest_chip():
    assert halves(101) == (51, 50) and halves(125, 25) == (75, 50) and halves(0) == (0, 0)
