"""What the table tells players who wait or lose (issue 14, "bugs players hit"):
a table of bots alone says it is paused and why; a late joiner is told what
they wait for or post, and the log shows every blind and post; a busted
player keeps their seat and cards on the page through the showdown and buys
in again with one message; the seat bar's stack is the seat's stack."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from pokerdealer.server.waiting import entry_note, starts_afresh
from pokerdealer.table import CashGameSettings, CashTable
from pokerdealer.table.play import play_hand
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


def test_a_busted_bot_shows_0_until_the_next_deal_and_only_then_buys_in_again(server: Server) -> None:
    """Ann all in every hand against a calling bot, 40 each (busted, she sits again), until the bot
    busts: until the next deal its seat reads busted at 0 and the table says it waits for nobody (the
    bot bought in again at once: its box read 40 beside its all-in call, issue 37); the next hand
    deals it in with 40 again."""
    table = server.create_table(name="bot bust", bots=["caller"], stack=40, clock=30)
    ann = server.join(table, "Ann", 40)
    a = Client(server, table, ann["token"])
    try:
        bot, busted_in = None, None
        for _ in range(600):
            s = a.poll()
            bot = bot or next((r["name"] for r in s["seats"] if r and r["bot"]), None)
            last = s["last_hand"]
            if busted_in is None and s["hand"] is None and last and any(
                    r and r["name"] == bot and r.get("busted") for r in s["seats"]):
                busted_in = last["number"]
            if busted_in is not None and s["hand"] is not None and s["hand"]["number"] > busted_in:
                break
            if busted_in is None and s["you"]["seat"] is None:
                a.send(type="sit", amount=40)
                a.until(lambda x: x["you"]["seat"] is not None, timeout=30)
            elif a.my_turn(s):
                hand = s["hand"]
                a.send(type="act", kind="all_in", hand=hand["number"], at=hand["actions"])
                a.until(lambda x, seq=s["seq"]: x["seq"] > seq, timeout=30)
        assert busted_in is not None, "no state between hands showed the bot busted"
        states = [m for m in a.messages if m["type"] == "state"]
        between = [m for m in states if m["hand"] is None and m["last_hand"] and m["last_hand"]["number"] == busted_in]
        assert between, "no state between the bust and the next deal"
        for m in between:
            rows = [r for r in m["seats"] if r and r["name"] == bot]
            assert [(r["stack"], r["status"], r["bot"]) for r in rows] == [(0, "busted", True)], rows
            assert m["waiting"] is None, m["waiting"]
        dealt = next(m for m in states if m["hand"] is not None and m["hand"]["number"] == busted_in + 1)
        row = next(r for r in dealt["seats"] if r and r["name"] == bot)
        assert row["stack"] + row["bet"] == 40 and not row.get("busted"), row
    finally:
        a.close()


def _room(table: CashTable) -> Any:  # noqa: ANN401 - what entry_note reads of a LiveTable
    return SimpleNamespace(table=table, settings=SimpleNamespace(big_blind=table.settings.big_blind))


def _played(*names: str) -> CashTable:
    """A table where ``names`` sat down and played one hand (so they are dealt in: ACTIVE)."""
    table = CashTable(CashGameSettings(1, 2, 40, 200), first_button=1)
    for name in names:
        table.sit_down(name, 100)
    play_hand(table, lambda view: f"p{view.player + 1} f")
    return table


def test_a_rebought_player_beside_a_rebought_bot_is_told_the_game_starts_afresh() -> None:
    # A bots-only table, stopped: one bot busted with Ann and bought in again (not yet dealt in).
    table = _played("CallerBot 1", "CallerBot 2")
    table.leave("CallerBot 2")
    table.sit_down("CallerBot 3", 200, wait_for_big_blind=False)
    table.sit_down("Ann", 50, wait_for_big_blind=False)
    assert entry_note(_room(table), table.player("Ann")) == {"key": "room.entry.free_restart", "params": {}}
    dealt = table.start_hand().seats
    assert sorted(dealt) == sorted(p.seat for p in table.players)  # everyone, as it says


def test_a_player_waiting_for_the_big_blind_is_dealt_in_at_once_when_the_game_starts_afresh() -> None:
    table = _played("Bo", "Cy", "Di")
    table.sit_down("Ann", 100, wait_for_big_blind=True)
    table.leave("Cy")
    table.leave("Di")  # one player left dealt in: the next hand starts the game afresh
    assert entry_note(_room(table), table.player("Ann")) == {"key": "room.entry.free", "params": {}}
    assert table.player("Ann").seat in table.start_hand().seats


def test_the_game_starts_afresh_only_when_fewer_than_two_are_in_it() -> None:
    table = CashTable(CashGameSettings(1, 2, 40, 200), first_button=1)
    for name in ("Bo", "Cy"):
        table.sit_down(name, 100, wait_for_big_blind=True)
    assert starts_afresh(_room(table))  # nobody has played: the first hand deals everyone in
    play_hand(table, lambda view: f"p{view.player + 1} f")
    table.sit_down("Ann", 100, wait_for_big_blind=True)
    assert not starts_afresh(_room(table))  # Bo and Cy play on: Ann waits for the big blind
    table.leave("Cy")
    assert starts_afresh(_room(table))
