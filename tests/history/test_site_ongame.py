"""The OnGame network's text hand histories (pokerdealer.history.sites.ongame)."""

from __future__ import annotations

from decimal import Decimal as D

from pokerdealer.history import HistoryError, UnsupportedHistory, history_to_hand
from pokerdealer.history.sites import detect_site, read_each

# HHSmithy's sample (MIT): the hero folds his 8h 3c; Opponent3 bets the flop, checks down
# and does not show; Opponent2's 5s 5h, shown in the summary, take the $45 pot less $2 rake.
SHOWDOWN = """\ufeff***** History for hand R5-98754621-43 *****
Start hand: Wed Apr 02 15:15:45 CEST 2013
Table: Lubbock [98765421] (NO_LIMIT TEXAS_HOLDEM $1/$2, Real money)
User: ONG_Hero
Button: seat 9
Players in round: 4 (6)
Seat 1: Opponent1 ($200)
Seat 2: ONG_Hero ($200)
Seat 8: Opponent2 ($180.47)
Seat 9: Opponent3 ($204.40)
Opponent1 posts small blind ($1)
ONG_Hero posts big blind ($2)
---
Dealing pocket cards
Dealing to ONG_Hero: [8h, 3c]
Opponent2 calls $2
Opponent3 raises $8 to $8
Opponent1 folds
ONG_Hero folds
Opponent2 calls $6
--- Dealing flop [7c, Qh, 3d]
Opponent2 checks
Opponent3 bets $13
Opponent2 calls $13
--- Dealing turn [7d]
Opponent2 checks
Opponent3 checks
--- Dealing river [4s]
Opponent2 checks
Opponent3 checks
---
Summary:
Main pot: $45 won by Opponent2 ($43)
Rake taken: $2
Seat 1: Opponent1 ($199), net: -$1
Seat 2: ONG_Hero ($198), net: -$2
Seat 8: Opponent2 ($202.47), net: +$22, [5s, 5h] (TWO_PAIR SEVEN, FIVE)
Seat 9: Opponent3 ($183.40), net: -$21
***** End of hand R5-376725495-43 *****
"""


def test_ongame_text_is_told_from_its_header():
    assert detect_site(SHOWDOWN) == "ongame"


def test_a_hand_shown_in_the_summary_wins_and_the_other_is_mucked():
    (hand,) = read_each(SHOWDOWN)
    assert hand.actions[1] == "d dh p2 8h3c"
    assert [a.split(" #")[0] for a in hand.actions[-2:]] == ["p3 sm 5s5h", "p4 sm"]
    assert hand.finishing_stacks == (199, 198, D("202.47"), D("183.4"))
    assert hand.metadata["_rake"] == 2 and hand.metadata["currency"] == "USD"
    assert history_to_hand(hand, auto_showdown=True).check == "match"


def test_a_hand_cut_off_is_refused_alone_and_omaha_is_skipped():
    cut = SHOWDOWN[: SHOWDOWN.index("***** End")]
    omaha = SHOWDOWN.replace("NO_LIMIT TEXAS_HOLDEM", "POT_LIMIT OMAHA_HI")
    refused, skipped, read = read_each(cut + omaha + SHOWDOWN)
    assert isinstance(refused, HistoryError) and "#R5-98754621-43" in refused.reason and "summary" in refused.reason
    assert isinstance(skipped, UnsupportedHistory) and "OMAHA_HI" in skipped.reason
    assert history_to_hand(read, auto_showdown=True).check == "match"
