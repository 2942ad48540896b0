"""PartyPoker's text hand histories (pokerdealer.history.sites.party)."""

from __future__ import annotations

from decimal import Decimal as D

from pokerdealer.history import history_to_hand
from pokerdealer.history.sites import detect_site, read_each

ALL_IN = """\
***** Hand History for Game 13549932236 *****
$0.05/$0.10 USD NL Texas Hold'em - Sunday, January 05, 19:24:07 EST 2014
Table Aksay (Real Money)
Seat 5 is the button
Total number of players : 3/6 
Seat 5: TYRANNOMAN1 ( $8.13 USD )
Seat 4: dr. spaz ( $10 USD )
Seat 6: kewen ( $24.77 USD )
kewen posts small blind [$0.05 USD].
dr. spaz posts big blind [$0.10 USD].
** Dealing down cards **
TYRANNOMAN1 calls [$0.10 USD]
kewen folds
dr. spaz checks
** Dealing Flop ** [ 8s, 5c, 6h ]
dr. spaz bets [$1.10 USD]
TYRANNOMAN1 calls [$1.10 USD]
** Dealing Turn ** [ Ac ]
dr. spaz bets [$3.70 USD]
TYRANNOMAN1 calls [$3.70 USD]
** Dealing River ** [ Tc ]
dr. spaz is all-In  [$5.10 USD]
TYRANNOMAN1 is all-In  [$3.23 USD]
dr. spaz shows [ 8c, 8d ]three of a kind, Eights.
TYRANNOMAN1 doesn't show [ Jc, Jd ]a pair of Jacks.
dr. spaz wins $1.87 USD from the side pot 1 with three of a kind, Eights.
dr. spaz wins $16.31 USD from the main pot with three of a kind, Eights.
"""

COMING_IN = """\
***** Hand History for Game 13551495313 *****
$0.05/$0.10 USD NL Texas Hold'em - Monday, January 06, 14:25:57 EST 2014
Table Barnsley (Real Money)
Seat 3 is the button
Total number of players : 4/9 
Seat 8: PBarca88 ( $3 USD )
Seat 2: hugomarcia ( $3.98 USD )
Seat 7: newstyle222 ( $10.37 USD )
Seat 3: sxdan ( $9.90 USD )
DJHOOKS is sitting out
newstyle222 posts small blind [$0.05 USD].
PBarca88 posts big blind [$0.10 USD].
hugomarcia posts small blind [$0.05 USD].
** Dealing down cards **
hugomarcia calls [$0.05 USD]
sxdan calls [$0.10 USD]
newstyle222 calls [$0.05 USD]
PBarca88 raises [$0.50 USD]
hugomarcia folds
sxdan folds
newstyle222 folds
PBarca88 does not show cards.
PBarca88 wins $0.90 USD
"""

TOURNAMENT = """\
***** Hand History for Game 15258431574 *****
NL Texas Hold'em $22 USD Buy-in Trny:125049467 Level:12  Blinds-Antes(1.200/2.400 -400) - Thursday, May 12, 17:41:57 EDT 2016
Table Powerfest #081. $10,000 Gtd 6-Max Turbo. (125049467) Table #41 (Real Money)
Seat 5 is the button
Total number of players : 3/6 
Seat 5: FCBSpacey ( 126,043 )
Seat 6: saboniiplz ( 76,008 )
Seat 1: smultrontutten ( 47,455 )
smultrontutten posts ante [400]
FCBSpacey posts ante [400]
saboniiplz posts ante [400]
saboniiplz posts small blind [1,200].
smultrontutten posts big blind [2,400].
** Dealing down cards **
FCBSpacey folds
saboniiplz folds
smultrontutten does not show cards.
smultrontutten wins 4,800 chips
Game #15258433396 starts.
"""


def test_partypoker_text_is_told_from_its_header():
    assert detect_site(ALL_IN) == "partypoker"


def test_all_ins_add_what_was_left_and_the_losers_cards_shown_as_not_shown_are_his():
    (hand,) = read_each(ALL_IN)
    assert "d dh p3 JcJd" in hand.actions  # "doesn't show [ Jc, Jd ]": the real cards of a mucked hand
    assert history_to_hand(hand, auto_showdown=True).check == "match"


def test_a_small_blind_posted_to_come_in_is_live_and_the_winner_counts_his_uncalled_raise():
    # hugomarcia completes his $0.05 post with $0.05; the $0.50 of PBarca88's raise nobody called is in his $0.90.
    (hand,) = read_each(COMING_IN)
    assert hand.metadata["_posts"] == [[2, D("0.05"), 0]]
    assert hand.finishing_stacks == (D("10.27"), D("3.3"), D("3.88"), D("9.8"))
    assert history_to_hand(hand).check == "match"


def test_tournament_chips_have_thousands_separators_of_either_kind():
    (hand,) = read_each(TOURNAMENT)
    assert hand.starting_stacks == (76008, 47455, 126043)
    assert hand.blinds_or_straddles == (1200, 2400, 0) and hand.antes == (400, 400, 400)
    assert hand.metadata["_tournament"] == 125049467
    assert history_to_hand(hand).check == "match"
