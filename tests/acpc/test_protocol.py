"""ACPC match states: reading, writing, and replaying them through the rules."""

from __future__ import annotations

from fractions import Fraction

import pytest

from pokerdealer.acpc import (
    AcpcError,
    AcpcGame,
    acpc_values,
    apply_acpc,
    format_matchstate,
    parse_matchstate,
    replay_state,
    to_acpc,
)
from pokerdealer.cards import parse_cards
from pokerdealer.rules import Action, Structure

HU = AcpcGame(players=2, stack=20000, blinds=(50, 100))


def test_spec_example_heads_up_no_limit():
    # From the protocol document: position 1 is the small blind (button) and acts first.
    lines = [
        "MATCHSTATE:1:31::|JdTc",
        "MATCHSTATE:1:31:r300:|JdTc",
        "MATCHSTATE:1:31:r300r900:|JdTc",
        "MATCHSTATE:1:31:r300r900c/:|JdTc/6dJc9c",
        "MATCHSTATE:1:31:r300r900c/r1800:|JdTc/6dJc9c",
    ]
    for line in lines:
        state = parse_matchstate(line)
        hand = replay_state(HU, state)
        rounds = [list(r) for r in state.rounds]
        assert format_matchstate(hand, 1, 31, rounds) == line
    hand = replay_state(HU, parse_matchstate(lines[-1]))
    # r1800 on the flop: a bet to 1800 in the hand = 900 on this street.
    assert hand.committed == (900, 0) and hand.actor == 1
    assert to_acpc(HU, hand, hand.check_action(Action("raise", 1, 2700))) == "r3600"


def test_final_state_shows_both_hands_at_showdown():
    line = "MATCHSTATE:0:7:cc/cc/cc/cc:KsJs|JdTc/6dJc9c/Kh/Qc"
    state = parse_matchstate(line)
    hand = replay_state(HU, state)
    hand.auto_showdown()
    assert hand.is_complete
    assert format_matchstate(hand, 0, 7, state.rounds) == line
    assert hand.result.payoffs == (-100, 100)  # JdTc makes a straight, KsJs two pair


def test_three_players_positions_and_all_in_rounds():
    game = AcpcGame(players=3, stack=1000, blinds=(5, 10))
    state = parse_matchstate("MATCHSTATE:2:0:r1000cc///:||AsAd/2c3d4h/5s/9c")
    hand = replay_state(game, state)
    assert hand.is_complete and len(hand.board) == 5  # all-in: every hand is tabled
    text = format_matchstate(hand, 2, 0, state.rounds)
    assert text.startswith("MATCHSTATE:2:0:r1000cc///:")
    assert text.count("|") == 2 and "AsAd" in text


def test_fixed_limit_raises_have_no_amount():
    game = AcpcGame(players=2, stack=1000, blinds=(5, 10), structure=Structure.FIXED_LIMIT)
    hand = replay_state(game, parse_matchstate("MATCHSTATE:0:0:rr:AsKs|"))
    assert hand.committed == (30, 20)  # BB 10 -> SB raises to 20 -> BB re-raises to 30
    assert to_acpc(game, hand, hand.check_action(Action("raise", 1, 40))) == "r"
    with pytest.raises(AcpcError):
        apply_acpc(game, hand, "r50")


@pytest.mark.parametrize(
    "line",
    [
        "MATCHSTATE:0:0",
        "STATE:0:0::AsKs|",
        "MATCHSTATE:x:0::AsKs|",
        "MATCHSTATE:0:0:q:AsKs|",
        "MATCHSTATE:0:0::AsK|",
        "MATCHSTATE:0:0::AsAs|",
        "MATCHSTATE:0:0:c/r300:AsKs|/2c3d4h",
        "MATCHSTATE:0:0:r20000c/c:AsKs|/2c3d4h",
    ],
)
def test_malformed_states_are_rejected(line):
    with pytest.raises(AcpcError):
        replay_state(HU, parse_matchstate(line))


def test_illegal_actions_are_rejected_and_change_nothing():
    hand = replay_state(HU, parse_matchstate("MATCHSTATE:1:0::|JdTc"))
    before = hand._fingerprint()
    for token in ("r150", "r30000", "rx", "x"):
        with pytest.raises(AcpcError):
            apply_acpc(HU, hand, token)
    assert hand._fingerprint() == before
    # ACPC: no fold when checking is free.
    hand = replay_state(HU, parse_matchstate("MATCHSTATE:0:0:c:AsKs|"))
    with pytest.raises(AcpcError):
        apply_acpc(HU, hand, "f")


def test_cards_parse():
    state = parse_matchstate("MATCHSTATE:0:30:cc/:9s8h|/8c8d5c:r250")
    assert state.hole_cards == (parse_cards("9s8h"), None)
    assert state.text == "MATCHSTATE:0:30:cc/:9s8h|/8c8d5c"


def test_fixed_limit_cap_follows_the_standard_gamedef():
    game = AcpcGame(players=2, stack=1000, blinds=(5, 10), structure=Structure.FIXED_LIMIT)
    # Preflop: the big blind and three raises, then only calls.
    hand = replay_state(game, parse_matchstate("MATCHSTATE:0:0:rrr:AsKs|"))
    assert hand.committed == (30, 40) and hand.legal().min_raise_to is None
    # Flop: a bet and three raises.
    hand = replay_state(game, parse_matchstate("MATCHSTATE:0:0:cc/rrrr:AsKs|/2c3d4h"))
    assert hand.legal().min_raise_to is None


# Three players; the big blind calls 201 and folds on the flop, so the pot is odd
# (351 + 201 + 351 = 903), and the board (a royal flush) splits it between the
# other two.
ODD_CHIP_SPLIT = "MATCHSTATE:0:0:r201cc/r351fc/cc/cc:2c3d||4h5c/AsKsQs/Js/Ts"


def test_an_odd_chip_split_is_shared_exactly_as_the_acpc_dealer_counts():
    game = AcpcGame(players=3, stack=20000, blinds=(50, 100))
    hand = replay_state(game, parse_matchstate(ODD_CHIP_SPLIT))
    result = hand.auto_showdown()
    assert result.payoffs == (101, -201, 100)  # the rules give the odd chip to position 0
    # The dealer's valueOfState: each winner gets half of the 903 chips.
    assert acpc_values(hand) == (Fraction(201, 2), Fraction(-201), Fraction(201, 2))


def test_a_three_way_split_of_a_pot_that_does_not_divide_gives_thirds():
    game = AcpcGame(players=4, stack=1000, blinds=(5, 10))
    # Everybody limps, position 0 bets to 21 on the flop, two call and the button
    # folds its 10: 73 chips, three winners on a royal-flush board.
    line = "MATCHSTATE:0:0:cccc/r21ccf/ccc/ccc:2c3d|4h5c|6d7c|/AsKsQs/Js/Ts"
    hand = replay_state(game, parse_matchstate(line))
    assert hand.auto_showdown().payoffs == (4, 3, 3, -10)
    third = Fraction(73, 3) - 21
    assert acpc_values(hand) == (third, third, third, Fraction(-10))
    assert sum(acpc_values(hand)) == 0


def test_acpc_values_need_a_finished_hand():
    hand = replay_state(HU, parse_matchstate("MATCHSTATE:0:0::AsKs|"))
    with pytest.raises(AcpcError, match="not over"):
        acpc_values(hand)
