"""The ledger is derived from a table's events: buy-ins, top-ups, cash-outs, net."""

from __future__ import annotations

import csv
import io

import pytest

from pokerdealer.server.ledger import CSV_FIELDS, csv_header, ledger, to_csv

NAMES = {1: "Ann", 2: "Bob", 3: "CallerBot"}


def csv_rows(text: str, lang: str = "en") -> list[dict[str, str]]:
    """The CSV's rows by field name (its header is in the host's words)."""
    fields = dict(zip(csv_header(lang), CSV_FIELDS, strict=True))
    return [{fields[k]: v for k, v in row.items()} for row in csv.DictReader(io.StringIO(text))]


def test_a_rebuy_counts_with_the_buy_ins() -> None:
    events = [
        ("sit_down", {"member": 1, "buy_in": 100}),
        ("sit_down", {"member": 1, "buy_in": 80}),  # busted, bought in again
    ]
    (row,) = ledger(events, names=NAMES, on_table={1: 50})
    assert (row.buy_ins, row.net) == (180, -130)


def test_a_seat_the_host_approved_is_a_buy_in() -> None:
    events = [
        ("seat_request", {"member": 2, "buy_in": 150}),
        ("seat_approve", {"member": 2, "seat": 3, "buy_in": 150, "wait_bb": True}),
    ]
    (row,) = ledger(events, names=NAMES, on_table={2: 150})
    assert (row.buy_ins, row.net) == (150, 0)


def test_every_kind_of_leave_is_a_cash_out() -> None:
    events = [
        ("sit_down", {"member": 1, "buy_in": 100}),
        ("leave", {"member": 1, "chips": 40}),
        ("sit_down", {"member": 1, "buy_in": 100}),
        ("leave", {"member": 1, "reason": "host", "chips": 70}),
        ("sit_down", {"member": 1, "buy_in": 100}),
        ("leave", {"member": 1, "reason": "sat_out", "hands": 10, "chips": 90}),
        ("sit_down", {"member": 1, "buy_in": 100}),
        ("leave", {"member": 1, "reason": "closed", "chips": 10}),
    ]
    (row,) = ledger(events, names=NAMES, on_table={})
    assert (row.cash_outs, row.net) == (210, -190)


def test_top_ups_and_chips_on_the_table_count_in_the_net() -> None:
    events = [("sit_down", {"member": 2, "buy_in": 100}), ("top_up", {"member": 2, "amount": 60})]
    (row,) = ledger(events, names=NAMES, on_table={2: 200})
    assert (row.top_ups, row.on_table, row.net) == (60, 200, 40)


def test_events_that_are_not_money_are_ignored() -> None:
    events = [
        ("sit_down", {"member": 1, "buy_in": 100}),
        ("hand_start", {"number": 1}), ("act", {"hand": 1, "a": "p1 f"}), ("host_pause", {"paused": True}),
    ]
    assert [r.member for r in ledger(events, names=NAMES, on_table={1: 100})] == [1]


def test_the_csv_has_a_header_and_one_line_per_member() -> None:
    events = [("sit_down", {"member": 1, "buy_in": 100}), ("sit_down", {"member": 3, "buy_in": 200})]
    rows = csv_rows(to_csv(ledger(events, names=NAMES, on_table={1: 150, 3: 150}), lang="en"))
    assert [(r["name"], r["net"]) for r in rows] == [("Ann", "50"), ("CallerBot", "-50")]


def test_the_csv_says_seats_and_names_under_the_hosts_words_not_member_ids() -> None:
    # Ann (member 1) left; 阿明 (member 7) holds seat 3: a zh-Hans host reads 座位 and 玩家, not "member".
    events = [("sit_down", {"member": 1, "buy_in": 100}), ("sit_down", {"member": 7, "buy_in": 200}),
              ("leave", {"member": 1, "chips": 120, "reason": "left"})]
    text = to_csv(ledger(events, names={1: "Ann", 7: "阿明"}, on_table={7: 180}, seats={7: 3}), lang="zh-Hans")
    lines = text.split("\r\n")
    assert lines[0] == "座位,玩家,买入,补充,已兑现,桌上筹码,净输赢"
    assert lines[1:3] == [",Ann,100,0,120,0,20", "3,阿明,200,0,0,180,-20"]


def test_a_name_with_a_comma_is_quoted_in_the_csv() -> None:
    text = to_csv(ledger([("sit_down", {"member": 1, "buy_in": 5})], names={1: 'Ann, "the" host'}, on_table={}), lang="en")
    assert csv_rows(text)[0]["name"] == 'Ann, "the" host'


@pytest.mark.parametrize("name", ["=1+1", "+SUM(A1)", "-2+3", "@cmd"])
def test_a_name_a_spreadsheet_would_run_is_neutralised_in_the_csv(name: str) -> None:
    text = to_csv(ledger([("sit_down", {"member": 1, "buy_in": 5})], names={1: name}, on_table={}), lang="en")
    assert csv_rows(text)[0]["name"] == "'" + name
