"""The Winning Poker Network's text hand histories, both formats
(pokerdealer.history.sites.winning)."""

from __future__ import annotations

from decimal import Decimal as D
from pathlib import Path

from pokerdealer.history import history_to_hand
from pokerdealer.history.sites import detect_site, read_each

SITES = Path(__file__).resolve().parent / "data" / "sites" / "winning"

STRADDLE_2014 = """\
Game started at: 2014/3/25 20:35:20
Game ID: 266899075 0.10/0.25 Cristalite (JP) - CAP - 6-Max (Hold'em)
Seat 5 is the button
Seat 1: rds44sdr (3.02).
Seat 2: D3SISION (28.17).
Seat 5: bbone (7.92).
Seat 6: L6U11C2K1Y3 (4.46).
Player L6U11C2K1Y3 has small blind (0.10)
Player rds44sdr has big blind (0.25)
Player D3SISION straddle (0.50)
Player L6U11C2K1Y3 received a card.
Player L6U11C2K1Y3 received a card.
Player rds44sdr received a card.
Player rds44sdr received a card.
Player D3SISION received a card.
Player D3SISION received a card.
Player bbone received a card.
Player bbone received a card.
Player bbone folds
Player L6U11C2K1Y3 folds
Player rds44sdr calls (0.25)
Player D3SISION checks
*** FLOP ***: [3d 9d 6c]
Player rds44sdr checks
Player D3SISION bets (0.50)
Player rds44sdr folds
Uncalled bet (0.50) returned to D3SISION
Player D3SISION mucks cards
------ Summary ------
Pot: 0.80. Rake 0.05
Board: [3d 9d 6c]
Player rds44sdr does not show cards.Bets: 0.50. Collects: 0. Loses: 0.50.
*Player D3SISION mucks (does not show cards). Bets: 0.50. Collects: 0.80. Wins: 0.30.
Player bbone does not show cards.Bets: 0. Collects: 0. Wins: 0.
Player L6U11C2K1Y3 does not show cards.Bets: 0.10. Collects: 0. Loses: 0.10.
Game ended at: 2014/3/25 20:36:3
"""

POSTS_2019 = """\
Hand #61150000 - Holdem(No Limit) - $0.01/$0.02 - 2019/09/10 12:02:11 UTC
Joppa 6-max Seat #3 is the button
Seat 1: Player1 ($7.98)
Seat 2: Player2 ($0.80)
Seat 3: Player3 ($2.94)
Seat 4: Player4 ($2.14)
Seat 5: Player5 ($0.80)
Seat 6: Player6 ($2.01)
Player4 posts the small blind $0.01
Player5 posts the big blind $0.02
Player6 waits for big blind
Player2 posts dead $0.03
*** HOLE CARDS ***
Player1 folds
Player2 checks
Player3 raises $0.08 to $0.08
Player4 raises $0.25 to $0.26
Player5 folds
Player2 folds
Player3 folds
Uncalled bet ($0.18) returned to Player4
Player4 does not show
*** SUMMARY ***
Total pot $0.21 | Rake $0.01
Seat 4: Player4 did not show and won $0.20
"""


def test_both_formats_are_told_from_their_first_line():
    assert detect_site(STRADDLE_2014) == detect_site(POSTS_2019) == "winning"


def test_a_2014_straddle_is_the_bet_to_call_and_the_jackpot_drop_is_part_of_what_the_pot_lost():
    # Collects: 0.80 of a $1.10 pot: rake and jackpot took $0.30 (the text says "Rake 0.05").
    (hand,) = read_each(STRADDLE_2014)
    assert hand.blinds_or_straddles == (D("0.1"), D("0.25"), D("0.5"), 0)
    assert hand.metadata["_rake"] == D("0.3")
    assert history_to_hand(hand).check == "match"


def test_a_2019_dead_post_is_a_live_big_blind_and_a_dead_small_one():
    (hand,) = read_each(POSTS_2019)
    assert hand.players[:2] == ("Player4", "Player5")
    assert hand.metadata["_posts"] == [[3, D("0.02"), D("0.01")]]
    assert history_to_hand(hand).check == "match"


def test_an_acr_tournament_with_its_button_on_the_small_blind_plays_a_dead_button():
    # "Seat #6 is the button" but seat 6 posts the small blind: the button is dead, before it.
    hands = read_each((SITES / "poker-hand-tracker__acr_side_pot.txt").read_text(encoding="utf-8"))
    hand = next(h for h in hands if h.metadata.get("hand") == 624752872)
    assert hand.players[0] == "PumaVest" and hand.blinds_or_straddles[:2] == (4500, 9000)
    assert history_to_hand(hand, auto_showdown=True).check == "match"
