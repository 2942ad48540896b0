"""GGPoker's text hand histories (pokerdealer.history.sites.ggpoker)."""

from __future__ import annotations

from decimal import Decimal as D

from pokerdealer.history import UnsupportedHistory, history_to_hand
from pokerdealer.history.sites import detect_site, read_each

CASHOUT = """\
Poker Hand #HD149101: Hold'em No Limit  ($1/$2) - 2019/01/22 19:56:03
Table 'NLHGold14' 6-max Seat #4 is the button
Seat 3: oiesfcv1 ($146.39 in chips)
Seat 4: Hero ($103 in chips)
Seat 5: tyx36123 ($122.73 in chips)
Seat 6: b6887901 ($100.81 in chips)
tyx36123: posts small blind $1
b6887901: posts big blind $2
*** HOLE CARDS ***
Dealt to oiesfcv1 
Dealt to Hero [Qs 6h]
Dealt to tyx36123 
Dealt to b6887901 
oiesfcv1: raises $2.4 to $4.4
Hero: folds
tyx36123: raises $118.33 to $122.73 and is all-in
b6887901: folds
oiesfcv1: calls $118.33
tyx36123: shows [3d 3h]
oiesfcv1: shows [Kd Kc]
*** FLOP *** [8d 9h 2c]
oiesfcv1: Chooses to EV Cashout 
*** TURN *** [8d 9h 2c] [Ts]
*** RIVER *** [8d 9h 2c Ts] [Qh]
oiesfcv1: Pays Cashout Risk ($22.68)
*** SHOWDOWN ***
oiesfcv1 collected $239.46 from pot
*** SUMMARY ***
Total pot $247.46 | Rake $6 | Jackpot $2 | Bingo $0
Board [8d 9h 2c Ts Qh]
"""

BET_AND_MUCK = """\
Poker Hand #HD52198761: Hold'em No Limit  ($0.02/$0.05) - 2019/03/18 04:12:52
Table 'NLHGold2' 6-max Seat #2 is the button
Seat 2: 42c6a201 ($6.41 in chips)
Seat 4: Hero ($2.31 in chips)
Seat 5: afv2fads3 ($8.96 in chips)
Hero: posts small blind $0.02
afv2fads3: posts big blind $0.05
*** HOLE CARDS ***
Dealt to 42c6a201 
Dealt to Hero [2s 5c]
Dealt to afv2fads3 
42c6a201: calls $0.05
Hero: folds
afv2fads3: checks
*** FLOP *** [2d 3c Kd]
afv2fads3: checks
42c6a201: checks
*** TURN *** [2d 3c Kd] [Ks]
afv2fads3: checks
42c6a201: checks
*** RIVER *** [2d 3c Kd Ks] [7h]
afv2fads3: checks
42c6a201: Bet & Muck $0.05
afv2fads3: calls $0.05
42c6a201: Bet & Muck folds
afv2fads3: shows [Ah 8d] (Pair of Kings)
*** SHOWDOWN ***
afv2fads3 collected $0.21 from pot
*** SUMMARY ***
Total pot $0.22 | Rake $0.01 | Jackpot $0 | Bingo $0
"""

# HHSmithy's sample (MIT): Hero's aces against Kc As all in preflop, the board run twice, Hero wins both.
RUN_TWICE = """\
Poker Hand #HD1587634: Hold'em No Limit  ($0.5/$1) - 2018/11/11 22:08:11
Table 'NLHGold15' 6-max Seat #1 is the button
Seat 1: 8acec3m6 ($306.88 in chips)
Seat 3: 52jj36aa ($97.18 in chips)
Seat 4: Hero ($117.09 in chips)
52jj36aa: posts small blind $0.5
Hero: posts big blind $1
*** HOLE CARDS ***
Dealt to 8acec3m6
Dealt to 52jj36aa
Dealt to Hero [Ac Ad]
8acec3m6: folds
52jj36aa: raises $2 to $3
Hero: raises $6 to $9
52jj36aa: raises $88.18 to $97.18 and is all-in
Hero: calls $88.18
52jj36aa: shows [Kc As]
Hero: shows [Ac Ad]
*** FIRST FLOP *** [2d 3c 8s]
*** FIRST TURN *** [2d 3c 8s] [Jh]
*** FIRST RIVER *** [2d 3c 8s Jh] [3d]
*** SECOND FLOP *** [6d 4s 4h]
*** SECOND TURN *** [6d 4s 4h] [3h]
*** SECOND RIVER *** [6d 4s 4h 3h] [Ts]
*** FIRST SHOWDOWN ***
Hero collected $94.18 from pot
*** SECOND SHOWDOWN ***
Hero collected $94.18 from pot
*** SUMMARY ***
Total pot $194.36 | Rake $5 | Jackpot $1 | Bingo $0
Hand was run two times
FIRST Board [2d 3c 8s Jh 3d]
SECOND Board [6d 4s 4h 3h Ts]
"""


def test_ggpoker_text_is_told_from_its_header():
    assert detect_site(BET_AND_MUCK) == "ggpoker"


def test_the_jackpot_fee_counts_with_the_rake_and_an_ev_cashout_is_kept_outside_the_pot():
    (hand,) = read_each(CASHOUT)
    assert hand.metadata["_rake"] == 8 and hand.metadata["_cashout"] == {"oiesfcv1": D("-22.68")}
    assert history_to_hand(hand, auto_showdown=True).check == "match"


def test_bet_and_muck_is_a_bet_and_called_its_owner_mucks():
    (hand,) = read_each(BET_AND_MUCK)
    assert [a.split(" #")[0] for a in hand.actions[-4:]] == ["p3 cbr 0.05", "p2 cc", "p3 sm", "p2 sm Ah8d"]
    assert history_to_hand(hand, auto_showdown=True).check == "match"


def test_a_cash_drop_into_the_pot_is_skipped_with_its_reason():
    dropped = BET_AND_MUCK.replace("Hero: posts small blind", "Cash Drop to Pot : total $0.5\nHero: posts small blind")
    (skipped,) = read_each(dropped)
    assert isinstance(skipped, UnsupportedHistory) and "Cash Drop" in skipped.reason


def test_a_board_run_twice_is_read_exactly_with_both_boards():
    (hand,) = read_each(RUN_TWICE)
    assert hand.metadata["_run_it_twice"] == ["p1 runs 2", "p2 runs 2"]
    replay = history_to_hand(hand, auto_showdown=True)
    assert replay.check == "match"
    assert [" ".join(map(str, b)) for b in replay.hand.boards] == ["2d 3c 8s Jh 3d", "6d 4s 4h 3h Ts"]
    assert [(a.run, a.winners) for a in replay.hand.result.awards] == [(0, (1,)), (1, (1,))]


def test_a_board_run_three_times_is_skipped_with_its_reason():
    thrice = RUN_TWICE.replace("*** FIRST SHOWDOWN ***", "*** THIRD FLOP *** [5c 7c 9c]\n*** FIRST SHOWDOWN ***")
    (skipped,) = read_each(thrice)
    assert isinstance(skipped, UnsupportedHistory) and "more than twice" in skipped.reason
