"""Entraction's text hand histories (pokerdealer.history.sites.entraction)."""

from __future__ import annotations

from decimal import Decimal as D
from pathlib import Path

from pokerdealer.history import HistoryError, UnsupportedHistory, history_to_hand
from pokerdealer.history.sites import detect_site, read_each

# HHSmithy's sample (MIT), heads-up: the big blind is written before the small blind;
# NO12 raises, del1verance calls, the flop is bet and called, NO12 bets the turn alone.
HEADS_UP = """\ufeffGame # 2646505738 - Texas Hold'em No Limit EUR 25.00/50.00 - Table "Saravane"

Players(max 2):
del1verance                 (EUR 2,575.00 in seat 1)
NO12                        (EUR 5,000.00 in seat 2)

Dealer:                     NO12
Big Blind:                  del1verance (50.00)
Small Blind:                NO12        (25.00)

NO12                        Raise       (100.00)
del1verance                 Call        (75.00)

Flop                        3c - 4d - 6d

del1verance                 Check
NO12                        Bet         (150.00)
del1verance                 Call        (150.00)

Turn                        3c - 4d - 6d - Qd

del1verance                 Check
NO12                        Bet         (275.00)
del1verance                 Fold
NO12                        Payback     (275.00)

NO12 didn't show hand

NO12 wins:                  EUR 548.50
Rake:                       EUR 1.50

Game ended 2012-05-31 02:47:31 GMT+01:00
"""


def test_entraction_text_is_told_from_its_header():
    assert detect_site(HEADS_UP) == "entraction"


def test_the_small_blind_posts_first_though_written_second_and_the_payback_returns_the_bet():
    (hand,) = read_each(HEADS_UP)
    # PHH heads-up: blinds (25, 50) with the button (p2, NO12) posting the small one.
    assert hand.players == ("del1verance", "NO12") and hand.blinds_or_straddles == (25, 50)
    assert [a.split(" #")[0] for a in hand.actions[2:4]] == ["p2 cbr 125", "p1 cc"]
    assert hand.finishing_stacks == (2300, D("5273.5")) and hand.metadata["_rake"] == D("1.5")
    assert history_to_hand(hand).check == "match"


def test_a_hand_cut_off_before_its_rake_is_refused_alone_and_omaha_is_skipped():
    cut = HEADS_UP[: HEADS_UP.index("NO12 wins")]
    omaha = HEADS_UP.replace("Texas Hold'em No Limit", "Omaha High Pot Limit")
    refused, skipped, read = read_each(cut + omaha + HEADS_UP)
    assert isinstance(refused, HistoryError) and "#2646505738" in refused.reason and "summary" in refused.reason
    assert isinstance(skipped, UnsupportedHistory) and "Omaha" in skipped.reason
    assert history_to_hand(read).check == "match"


def test_heads_up_the_small_blind_is_the_button_whatever_seat_the_site_marks():
    # The site marks the big blind's seat as the dealer; the play is heads-up's (the big
    # blind first after the flop): NO12, who posted the small blind, is the button.
    marked = HEADS_UP.replace("Dealer:                     NO12", "Dealer:                     del1verance")
    (hand,) = read_each(marked)
    assert hand.metadata["seats"] == [1, 2] and hand.blinds_or_straddles == (25, 50)
    assert history_to_hand(hand).check == "match"


def test_heads_up_with_the_small_blind_first_after_the_flop_is_skipped_with_its_reason():
    # The button stayed on the big blind (two left at a six-seat table): ORFEO, the small
    # blind, bets first on the flop, which heads-up rules never have him do.
    text = (Path(__file__).parent / "data" / "sites" / "entraction"
            / "hhsmithy__Entraction__CashGame__GeneralHands__GeneralHand.txt").read_text(encoding="utf-8-sig")
    (skipped,) = read_each(text)
    assert isinstance(skipped, UnsupportedHistory) and "button on the big blind" in skipped.reason
