"""The shared core of the sites' readers (pokerdealer.history.sites.core): what
a hand is, whatever the site's words."""

from __future__ import annotations

from decimal import Decimal as D

import pytest

from pokerdealer.history import HistoryError, history_to_hand
from pokerdealer.history.sites.core import BIG, SMALL, SiteHand, amount, cards, decode


def _table(*stacks: int, button: int) -> SiteHand:
    h = SiteHand(site="example", number="1")
    h.set_stakes(D(1), D(2))
    for seat, stack in enumerate(stacks, 1):
        h.seat(f"s{seat}", seat, D(stack))
    h.button = button
    return h


def test_a_utf16_file_is_read_with_or_without_its_byte_order_mark():
    text = "Seat 1: Jos\u00e9 ($10)\r\n"
    assert decode(text.encode("utf-16")) == text
    assert decode(text.encode("utf-16-le")) == text


def test_a_cp1252_file_is_read_as_windows_wrote_it():
    assert decode("Seat 1: M\u00fcller (\u20ac10)".encode("cp1252")) == "Seat 1: M\u00fcller (\u20ac10)"


def test_amounts_keep_their_cents_and_lose_their_signs_and_separators():
    assert amount("$1,234.56") == D("1234.56")
    assert amount("1.234,56 \u20ac", decimal_comma=True) == D("1234.56")
    with pytest.raises(HistoryError, match="expected an amount"):
        amount("lots")


def test_cards_are_read_in_any_sites_spelling():
    assert cards("[ 10h, Kd ]") == "ThKd"
    assert cards("Qs - 2c") == "Qs2c"


def test_a_seated_player_who_never_posts_acts_or_is_dealt_is_not_in_the_hand():
    # s2 is seated but waits for the big blind: the hand is s1, s3, s4.
    h = _table(100, 100, 100, 100, button=1)
    h.post("s3", SMALL, D(1))
    h.post("s4", BIG, D(2))
    h.fold("s1")
    h.fold("s3")
    hand = h.build()
    assert hand.players == ("s3", "s4", "s1")
    assert history_to_hand(hand).check == "match"


def test_a_bet_nobody_called_comes_back_when_the_site_writes_no_line_for_it():
    # s1 raises to 6, both blinds fold; s1 collects the pot of 5: 4 came back.
    h = _table(100, 100, 100, button=1)
    h.post("s2", SMALL, D(1))
    h.post("s3", BIG, D(2))
    h.adds("s1", D(6))
    h.fold("s2")
    h.fold("s3")
    h.collected("s1", D(5))
    hand = h.build()
    assert hand.finishing_stacks == (99, 98, 103)
    assert "_rake" not in hand.metadata


def test_the_rake_is_what_the_pot_lost_when_the_site_states_none():
    # A pot of 5, the winner collects 4.85: 0.15 of rake.
    h = _table(100, 100, 100, button=1)
    h.post("s2", SMALL, D(1))
    h.post("s3", BIG, D(2))
    h.adds("s1", D(6))
    h.fold("s2")
    h.fold("s3")
    h.collected("s1", D("4.85"))
    hand = h.build()
    assert hand.metadata["_rake"] == D("0.15")
    assert history_to_hand(hand).check == "match"


def test_winners_who_collect_more_than_the_pot_are_refused():
    h = _table(100, 100, button=1)
    h.post("s2", SMALL, D(1))
    h.post("s1", BIG, D(2))
    h.fold("s2")
    h.collected("s1", D(5))
    with pytest.raises(HistoryError, match="more than the pot"):
        h.build()


def test_an_all_in_for_no_more_than_the_call_is_a_call():
    # On the flop s2 (31 chips) bets 10, s1 raises to 50, s2 "raises" his last 20:
    # 30 in all, less than the 50 to match -- a call of what he had.
    h = _table(100, 31, button=1)
    h.post("s1", SMALL, D(1))
    h.post("s2", BIG, D(1))
    h.check("s1")
    h.check("s2")
    h.board("AhKdQc")
    h.adds("s2", D(10))
    h.adds("s1", D(50))
    h.adds("s2", D(20))
    hand = h.build()
    assert hand.players == ("s2", "s1")
    assert [a.split(" #")[0] for a in hand.actions[-3:]] == ["p1 cbr 10", "p2 cbr 50", "p1 cc"]


def test_a_big_blind_all_in_for_less_is_still_the_tables_blind():
    # s3 posts 1 of a 2 big blind, all he has: the table's blind stands (min bet 2).
    h = _table(100, 100, 1, button=1)
    h.post("s2", SMALL, D(1))
    h.post("s3", BIG, D(1))
    h.adds("s1", D(2))
    h.call("s2", D(1))
    hand = h.build()
    assert hand.blinds_or_straddles == (1, 2, 0)
    assert hand.min_bet == 2
