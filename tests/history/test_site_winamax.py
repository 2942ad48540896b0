"""Winamax's text hand histories (pokerdealer.history.sites.winamax)."""

from __future__ import annotations

from decimal import Decimal as D

from pokerdealer.history import history_to_hand
from pokerdealer.history.sites import detect_site, read_each
from pokerdealer.history.sites.core import decode

ALL_IN = """\
Winamax Poker - CashGame - HandId: #5343878-96-1383820687 - Holdem no limit (0.25\u20ac/0.50\u20ac) - 2013/11/07 10:38:07 UTC
Table: 'Athens 11' 5-max (real money) Seat #4 is the button
Seat 1: PornstarX (67.80\u20ac)
Seat 2: nico86190 (38.52\u20ac)
Seat 4: LEROISALO (22.85\u20ac)
Seat 5: Matthieu_59_ (42.59\u20ac)
*** ANTE/BLINDS ***
Matthieu_59_ posts small blind 0.25\u20ac
PornstarX posts big blind 0.50\u20ac
*** PRE-FLOP *** 
nico86190 raises 2\u20ac to 2.50\u20ac
LEROISALO raises 20.35\u20ac to 22.85\u20ac and is all-in
Matthieu_59_ folds
PornstarX folds
nico86190 calls 20.35\u20ac
*** FLOP *** [3c 7c Jd]
*** TURN *** [3c 7c Jd][6c]
*** RIVER *** [3c 7c Jd 6c][5s]
*** SHOW DOWN ***
LEROISALO shows [Kh Ah] (high card : Ace)
nico86190 shows [Qh Qc] (One pair : Queens)
nico86190 collected 43.45\u20ac from pot
*** SUMMARY ***
Total pot 43.45\u20ac | Rake 3\u20ac
Board: [3c 7c Jd 6c 5s]
Seat 2: nico86190 showed [Qh Qc] and won 43.45\u20ac with One pair : Queens
Seat 4: LEROISALO (button) mucked
"""

TOURNAMENT = """\
Winamax Poker - Tournament "BOOSTER" buyIn: \u20ac4.50 + \u20ac4.50 + \u20ac1 level: 4 - HandId: #657563431500000000-1-1459000000 - Holdem no limit (25/150/300) - 2016/04/03 20:21:55 UTC
Table: 'BOOSTER(153100000)#052' 8-max (real money) Seat #8 is the button
Seat 1: Player1 (20000)
Seat 2: Player2 (20000)
Seat 8: Player3 (20000)
*** ANTE/BLINDS ***
Player1 posts ante 25
Player2 posts ante 25
Player3 posts ante 25
Player1 posts small blind 150
Player2 posts big blind 300
*** PRE-FLOP *** 
Player3 folds
Player1 raises 500 to 800
Player2 folds
Player1 collected 675 from pot
*** SUMMARY ***
Total pot 675 | No rake
Seat 1: Player1 (small blind) won 675
"""


def test_winamax_text_is_told_from_its_header():
    assert detect_site(ALL_IN) == "winamax"


def test_an_all_in_raise_called_goes_to_the_showdown_and_the_stated_rake_is_the_pots_loss():
    (hand,) = read_each(ALL_IN)
    assert hand.metadata["_rake"] == 3 and hand.metadata["currency"] == "EUR"
    assert hand.finishing_stacks == (D("42.34"), D("67.3"), D("59.12"), 0)
    assert history_to_hand(hand, auto_showdown=True).check == "match"


def test_a_cp1252_file_from_an_older_client_reads_as_the_utf8_one():
    (hand,) = read_each(decode(ALL_IN.encode("cp1252")))
    assert hand.starting_stacks[1] == D("67.8")


def test_a_tournaments_stakes_are_ante_small_and_big_blind():
    (hand,) = read_each(TOURNAMENT)
    assert hand.antes == (25, 25, 25) and hand.blinds_or_straddles == (150, 300, 0)
    assert hand.metadata["event"] == "BOOSTER" and hand.metadata["level"] == 4
    assert history_to_hand(hand).check == "match"
