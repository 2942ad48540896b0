"""Bovada, Ignition and Bodog's text hand histories (pokerdealer.history.sites.bovada)."""

from __future__ import annotations

from decimal import Decimal as D

from pokerdealer.history import history_to_hand
from pokerdealer.history.sites import detect_site, read_each

COMING_IN = """\
Bovada Hand #3760575281 TBL#18310494 HOLDEM No Limit - 2019-04-14 22:30:05
Seat 1: UTG+1 ($43.38 in chips)
Seat 2: UTG+2 ($41 in chips)
Seat 3: Dealer ($29.55 in chips)
Seat 4: Small Blind ($19 in chips)
Seat 5: Big Blind [ME] ($27.81 in chips)
Seat 6: UTG ($17.05 in chips)
Dealer : Set dealer [3] 
Small Blind : Small Blind $0.10 
Big Blind  [ME] : Big blind $0.25 
UTG+2 : Posts dead chip $0.35 
*** HOLE CARDS ***
UTG+1 : Card dealt to a spot [3d 2s] 
UTG+2 : Card dealt to a spot [2h 6h] 
Dealer : Card dealt to a spot [Jd 5s] 
Small Blind : Card dealt to a spot [Qh 4h] 
Big Blind  [ME] : Card dealt to a spot [Kd Ts] 
UTG : Card dealt to a spot [7s 4d] 
UTG : Folds
UTG+1 : Folds
UTG+2 : Checks
Dealer : Folds
Small Blind : Calls $0.15 
Big Blind  [ME] : Checks
*** FLOP *** [9h 2c 5d]
Small Blind : Bets $0.41 
Big Blind  [ME] : Folds
UTG+2 : Folds
Small Blind : Return uncalled portion of bet $0.41 
Small Blind : Does not show [Qh 4h] (High Card)
Small Blind : Hand result $0.81 
Big Blind  [ME] : Seat sit out
*** SUMMARY ***
Total Pot($0.85)
"""

TOURNAMENT = """\
Ignition Hand #3549249421: HOLDEM Tournament #18094253 TBL#34, Normal- Level 7 (100/200) - 2017-07-23 21:42:38
Seat 240: Dealer (25,825 in chips)
Seat 38: Small Blind [ME] (10,989 in chips)
Seat 229: Big Blind (9,950 in chips)
Seat 209: UTG (12,528 in chips)
Seat 199: UTG+1 (8,969 in chips)
Dealer : Set dealer [1] 
Small Blind [ME] : Small blind 100 
Big Blind : Big blind 200 
*** HOLE CARDS ***
Dealer : Card dealt to a spot [Jd Ts] 
Small Blind [ME] : Card dealt to a spot [Qh 8c] 
Big Blind : Card dealt to a spot [Kc Ah] 
UTG : Card dealt to a spot [As Ac] 
UTG+1 : Card dealt to a spot [9h 9s] 
UTG : Raises 600 to 600
UTG+1 : Call 600 
Dealer : Folds
Small Blind [ME] : Folds
Big Blind : All-in(raise) 9750 to 9950
UTG : Call 9350 
UTG+1 : All-in 8369 
*** FLOP *** [Qd Tc Jc]
*** TURN *** [Qd Tc Jc] [6d]
*** RIVER *** [Qd Tc Jc 6d] [6c]
Big Blind : Showdown [Ah Kc Qd Jc Tc] (Straight)
UTG : Showdown [As Ac 6d 6c Qd] (Two pair)
UTG+1 : Showdown [9s 9h 6d 6c Qd] (Two pair)
Big Blind : Hand Result-Side Pot 1962 
Big Blind : Hand Result 26107 
*** SUMMARY ***
Total Pot(28069)
"""


def test_bovada_ignition_and_bodog_are_told_from_their_headers():
    assert detect_site(COMING_IN) == detect_site(TOURNAMENT) == "bovada"
    assert detect_site(COMING_IN.replace("Bovada Hand", "Bodog Hand")) == "bovada"


def test_positions_seat_the_players_from_the_small_blind_to_the_dealer_and_every_hand_is_known():
    (hand,) = read_each(TOURNAMENT)
    assert hand.players == ("Small Blind", "Big Blind", "UTG", "UTG+1", "Dealer")
    assert all("????" not in a for a in hand.actions if a.startswith("d dh"))
    assert hand.metadata["_hero"] == "Small Blind" and hand.metadata["level"] == 7


def test_an_all_in_showdown_with_a_side_pot_replays_to_the_texts_stacks():
    (hand,) = read_each(TOURNAMENT)
    assert history_to_hand(hand, auto_showdown=True).check == "match"


def test_a_dead_chip_post_over_the_big_blind_is_the_big_blind_live_and_the_rest_dead():
    # UTG+2 posts $0.35 to come in: $0.25 live (he checks his option), $0.10 dead.
    (hand,) = read_each(COMING_IN)
    assert hand.metadata["_posts"] == [[4, D("0.25"), D("0.1")]]
    assert hand.metadata["_rake"] == D("0.04")
    assert history_to_hand(hand).check == "match"
