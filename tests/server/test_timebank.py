"""The time bank: seconds added once per hand when the clock runs out,
refilled over hands; and at a real table, the clock really waits for it."""

from __future__ import annotations

import json
import sqlite3
import time
from pathlib import Path

from pokerdealer.server.timebank import REFILL_SHARE, TimeBank
from tests.server.conftest import Client, Server


def test_a_fresh_player_has_the_whole_bank() -> None:
    assert TimeBank().available(3, full=20, hand=1) == 20


def test_no_bank_at_a_table_without_one() -> None:
    assert TimeBank().available(3, full=0, hand=1) == 0


def test_the_bank_is_used_once_per_hand() -> None:
    bank = TimeBank().spend(3, hand=5, seconds=8, full=20)
    assert bank.available(3, full=20, hand=5) == 0
    assert bank.available(3, full=20, hand=6) == 12


def test_the_bank_refills_a_share_per_hand_up_to_the_whole() -> None:
    bank = TimeBank().spend(3, hand=1, seconds=20, full=20).refill(full=20)
    assert bank.available(3, full=20, hand=2) == int(20 * REFILL_SHARE)
    for _ in range(30):
        bank = bank.refill(full=20)
    assert bank.available(3, full=20, hand=40) == 20
    assert bank.left == {}  # a whole bank is not kept


def test_the_bank_round_trips_through_a_snapshot() -> None:
    bank = TimeBank().spend(3, hand=2, seconds=5, full=20)
    again = TimeBank.from_json(json.loads(json.dumps(bank.to_json())))
    assert (again.left, again.used) == (bank.left, bank.used)


def test_the_clock_waits_for_the_time_bank_when_it_runs_out(tmp_path: Path) -> None:
    server = Server(tmp_path / "room.db").start()
    try:
        table = server.create_table(bots=["caller"], clock=1, time_bank=3)
        ann = server.join(table, "Ann")
        a = Client(server, table, ann["token"])
        s = a.until(lambda x: x["hand"] is not None and bool(x["you"]["legal"]), timeout=30)
        number, actions = s["hand"]["number"], s["hand"]["actions"]
        start = time.monotonic()
        # The clock runs out after 1 s: the bank's 3 s are added (the clock shows them) ...
        banked = a.until(lambda x: (x["hand"] or {}).get("clock_left") is not None and x["hand"]["clock_left"] > 1.5
                         and x["hand"]["actions"] == actions, timeout=10)
        assert banked["hand"]["number"] == number
        # ... and only then does the table act for her.
        a.until(lambda x: x["hand"] is None or x["hand"]["actions"] > actions or x["hand"]["number"] > number, timeout=15)
        assert time.monotonic() - start >= 3.5
    finally:
        server.stop()
    with sqlite3.connect(tmp_path / "room.db") as db:
        rows = db.execute("SELECT data FROM events WHERE kind = 'time_bank'").fetchall()
    assert [json.loads(d) for (d,) in rows][:1] == [{"member": ann["member"], "hand": number, "seconds": 3}]


def test_the_state_says_each_players_time_bank_and_the_seconds_added_to_the_turn(server: Server) -> None:
    table = server.create_table(bots=["caller"], clock=1, time_bank=3)
    ann = server.join(table, "Ann")
    a = Client(server, table, ann["token"])
    try:
        s = a.until(lambda x: x["hand"] is not None and bool(x["you"]["legal"]), timeout=30)
        seat = s["you"]["seat"]
        bot_seat = next(row["seat"] for row in s["seats"] if row and row["bot"])
        assert s["seats"][seat - 1]["time_bank"] == 3 and s["hand"]["bank_seconds"] is None
        assert s["seats"][bot_seat - 1]["time_bank"] is None  # a bot never waits on a clock
        number, actions = s["hand"]["number"], s["hand"]["actions"]
        banked = a.until(lambda x: x["hand"] is not None and x["hand"]["actions"] == actions
                         and x["hand"]["bank_seconds"] is not None, timeout=10)
        assert banked["hand"]["number"] == number and banked["hand"]["bank_seconds"] == 3
        assert banked["seats"][seat - 1]["time_bank"] == 0  # spent at once, refilled by a tenth a hand
        later = a.until(lambda x: x["hand"] is None or x["hand"]["actions"] > actions, timeout=15)
        assert later["hand"] is None or later["hand"]["bank_seconds"] is None  # the next turn runs on the clock
    finally:
        a.close()  # the module's room is shared: no socket left open behind a failure


def test_a_table_without_a_time_bank_says_none(server: Server) -> None:
    table = server.create_table(bots=["caller"], clock=30)
    ann = server.join(table, "Ann")
    a = Client(server, table, ann["token"])
    try:
        s = a.until(lambda x: x["you"] is not None and x["you"]["seat"] is not None, timeout=30)
        assert s["seats"][s["you"]["seat"] - 1]["time_bank"] is None
    finally:
        a.close()
