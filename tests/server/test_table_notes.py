"""What the table tells players who wait or lose (issue 14, "bugs players hit"):
a table of bots alone says it is paused and why; a late joiner is told what
they wait for or post, and the log shows every blind and post; a busted
player keeps their seat and cards on the page through the showdown and buys
in again with one message; the seat bar's stack is the seat's stack."""

from __future__ import annotations

from typing import Any

from tests.server.conftest import Client, Server


def _in_hand(state: dict[str, Any], name: str) -> bool:
    return any(r and r["name"] == name and r["in_hand"] for r in state["seats"])


def test_a_table_with_only_bots_left_says_it_is_paused_and_why(server: Server) -> None:
    table = server.create_table(name="bots", bots=["caller", "caller"], stack=200, clock=30)
    ann = server.join(table, "Ann")
    a = Client(server, table, ann["token"])
    watcher = Client(server, table)
    try:
        a.until(lambda s: s["hand"] is not None)
        a.send(type="leave")  # after this hand if she is in it
        for _ in range(200):
            s = a.poll()
            if s["you"]["seat"] is None:
                break
            if a.my_turn(s):
                a.act_passive(s)
                a.until(lambda x, seq=s["seq"]: x["seq"] > seq, timeout=20)
        s = watcher.until(lambda s: s["hand"] is None and s["waiting"] is not None, timeout=20)
        assert s["waiting"] == {"key": "room.wait.bots_only", "params": {}}
        assert [r["name"] for r in s["seats"] if r and not r.get("busted")] == ["CallerBot 1", "CallerBot 2"]
    finally:
        a.close()
        watcher.close()


def test_a_table_with_one_player_says_it_waits_for_a_second(server: Server) -> None:
    table = server.create_table(name="alone", bots=[], stack=200, clock=30)
    ann = server.join(table, "Ann")
    a = Client(server, table, ann["token"])
    try:
        s = a.until(lambda s: s["you"]["seat"] is not None)
        assert s["hand"] is None
        assert s["waiting"] == {"key": "room.wait.players", "params": {"n": 1}}
    finally:
        a.close()


def test_a_late_joiner_is_told_they_wait_for_the_big_blind_and_the_log_shows_the_blinds(
    server: Server,
) -> None:
    table = server.create_table(name="late", bots=["caller", "caller"], stack=200, clock=30)
    ann = server.join(table, "Ann")
    a = Client(server, table, ann["token"])
    b = None
    try:
        s = a.until(lambda s: s["hand"] is not None and _in_hand(s, "Ann"))
        keys = [line["said"]["key"] for line in s["hand"]["log"]]
        assert keys[:2] == ["room.log.post_small_blind", "room.log.post_big_blind"]
        amounts = [line["said"]["params"]["amount"] for line in s["hand"]["log"][:2]]
        assert amounts == [1, 2]
        # The bar and the seat: the same stack, blinds taken out.
        row = next(r for r in s["seats"] if r and r["name"] == "Ann")
        assert s["you"]["stack"] == row["stack"]

        bob = server.join(table, "Bob")
        b = Client(server, table, bob["token"])
        s = b.until(lambda s: s["you"]["seat"] is not None)
        assert s["you"]["status"] == "waiting"
        assert s["you"]["entry"] == {"key": "room.entry.wait_bb", "params": {"amount": 2}}
    finally:
        a.close()
        if b is not None:
            b.close()


def test_a_busted_player_keeps_seat_and_cards_until_the_next_deal_and_buys_in_again(
    server: Server,
) -> None:
    table = server.create_table(name="bust", bots=["caller"], stack=200, clock=30)
    ann = server.join(table, "Ann", 50)
    a = Client(server, table, ann["token"])
    try:
        busted = None
        for _ in range(400):
            s = a.poll()
            you = s["you"]
            if you["seat"] is None and s["last_hand"] is not None:
                busted = s
                break
            if a.my_turn(s):
                hand = s["hand"]
                a.send(type="act", kind="all_in", hand=hand["number"], at=hand["actions"])
                a.until(lambda x, seq=s["seq"]: x["seq"] > seq, timeout=30)
        assert busted is not None, "Ann never busted"
        row = next(r for r in busted["seats"] if r and r["name"] == "Ann")
        assert row["busted"] is True and row["stack"] == 0
        assert row["cards"] is not None and len(row["cards"]) == 2  # her own cards, to her
        assert busted["you"]["buy_in"]["min"] <= 50 <= busted["you"]["buy_in"]["max"]
        a.send(type="sit", amount=50)
        s = a.until(lambda s: s["you"]["seat"] is not None, timeout=20)
        assert s["you"]["name"] == "Ann"
    finally:
        a.close()
