"""Full Tilt Poker's text hand histories (pokerdealer.history.sites.fulltilt)."""

from __future__ import annotations

from decimal import Decimal as D
from pathlib import Path

from pokerdealer.history import HistoryError, UnsupportedHistory, history_to_hand
from pokerdealer.history.sites import detect_site, read_each

SHOWDOWN = """\
Full Tilt Poker Game #33730111975: Table Iowa (heads up) - NL Hold'em - $5/$10 - 12:40:19 ET - 2014/01/06
Seat 1: jobetzu ($2,094.70)
Seat 2: theking881 ($308)
theking881 posts the small blind of $5
jobetzu posts the big blind of $10
The button is in seat #2
*** HOLE CARDS ***
theking881 raises to $25
jobetzu calls $15
*** FLOP *** [9h As 9d] (Total Pot: $50, 2 Players)
jobetzu checks
theking881 bets $25
jobetzu calls $25
*** TURN *** [9h As 9d] [8s] (Total Pot: $100, 2 Players)
jobetzu checks
theking881 bets $50
jobetzu has 15 seconds left to act
jobetzu raises to $120
theking881 calls $70
*** RIVER *** [9h As 9d 8s] [8h] (Total Pot: $340, 2 Players)
jobetzu bets $170
theking881 calls $138, and is all in
Uncalled bet of $32 returned to jobetzu
*** SHOW DOWN ***
jobetzu shows [Ac 9s] a full house, Nines full of Aces
theking881 mucks
jobetzu wins the pot ($615.50) with a full house, Nines full of Aces
*** SUMMARY ***
Total pot $616 | Rake $0.50
Board: [9h As 9d 8s 8h]
Seat 1: jobetzu (big blind) collected ($615.50)
Seat 2: theking881 (small blind) mucked
"""

SITTING_OUT = """\
Full Tilt Poker Game #33730308006: Table Bosco - NL Hold'em - $0.50/$1 - 13:27:08 ET - 2014/01/06
Seat 1: Ann ($100)
Seat 2: Bob ($100), is sitting out
Seat 3: Cy ($100)
Seat 4: Di ($100)
Cy posts the small blind of $0.50
Di posts the big blind of $1
The button is in seat #1
*** HOLE CARDS ***
Dealt to Ann [Kh Kd]
Ann raises to $3
Cy folds
Di folds
Uncalled bet of $2 returned to Ann
Ann mucks
Ann wins the pot ($2.50)
Ann adds $3
*** SUMMARY ***
Total pot $2.50 | Rake $0
Seat 1: Ann (button) collected ($2.50), mucked
Seat 2: Bob is sitting out
"""

RUN_TWICE = (
    Path(__file__).parent / "data" / "sites" / "fulltilt" / "hhsmithy__FullTilt__CashGame__RunItTwiceTests__RunItTwice1.txt"
)


def test_full_tilt_text_is_told_from_its_header():
    assert detect_site(SHOWDOWN) == "fulltilt"


def test_an_all_in_call_for_less_and_the_uncalled_rest_replay_to_the_texts_stacks():
    # theking881 calls $138 of $170 all in: $32 comes back; the $0.50 rake leaves the winner $615.50.
    (hand,) = read_each(SHOWDOWN)
    assert hand.finishing_stacks == (D("2402.2"), 0)
    assert hand.metadata["_rake"] == D("0.5")
    assert hand.metadata["currency"] == "USD"
    assert history_to_hand(hand, auto_showdown=True).check == "match"


def test_a_player_sitting_out_is_not_dealt_in_and_chips_added_wait_for_the_next_hand():
    (hand,) = read_each(SITTING_OUT)
    assert hand.players == ("Cy", "Di", "Ann")
    assert hand.actions[0] == "d dh p1 ????" and hand.actions[2] == "d dh p3 KhKd"
    assert hand.finishing_stacks == (D("99.5"), 99, D("101.5"))
    assert history_to_hand(hand).check == "match"


def test_a_capped_hand_run_twice_is_read_exactly_with_the_cap_and_both_boards():
    # A $5/$10 CAP NL hand of 2015 (HHSmithy's sample, MIT): both players reach the $300 cap
    # on the turn, agree to run the river twice; Darkking_pt wins run 1 (Ac), 1mperial run 2 (2h).
    (hand,) = read_each(RUN_TWICE.read_text(encoding="utf-8-sig"))
    assert hand.metadata["_run_it_twice"] == ["p2 runs 2", "p4 runs 2"]
    assert hand.metadata["_cap"] == 300 and hand.starting_stacks[1] == 300  # 1mperial's $752.25, capped
    replay = history_to_hand(hand, auto_showdown=True)
    assert replay.check == "match"
    assert [" ".join(map(str, b)) for b in replay.hand.boards] == ["Td 3d 3h Qh Ac", "Td 3d 3h Qh 2h"]
    assert [(a.run, a.winners) for a in replay.hand.result.awards] == [(0, (3,)), (1, (1,))]


def test_a_hand_cut_off_before_its_summary_is_refused_alone():
    cut = SHOWDOWN[: SHOWDOWN.index("*** SUMMARY ***")]
    refused, read = read_each(cut + "\n" + SITTING_OUT)
    assert isinstance(refused, HistoryError) and "#33730111975" in refused.reason and "summary" in refused.reason
    assert history_to_hand(read).check == "match"


def test_omaha_is_skipped_as_a_game_the_engine_does_not_play():
    omaha = SHOWDOWN.replace("NL Hold'em", "PL Omaha Hi")
    (skipped,) = read_each(omaha)
    assert isinstance(skipped, UnsupportedHistory) and "Omaha" in skipped.reason
