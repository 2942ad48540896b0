"""The host runs the game: pause, blind changes, seat approval, stand-ups,
closing the table and the ledger -- each one still in force after a kill -9
(a real server process, SIGKILL, started again on the same database)."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from typing import Any

import httpx
import pytest

from tests.patience import Patience
from tests.server.conftest import HTTP, Client, Server
from tests.server.test_ledger import csv_rows


@pytest.fixture(scope="module")
def room(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """The module's one room, which a test may kill and start again (Server.restart):
    each test has tables of its own, and finds those of the tests before it restored by each
    restart. A start is 1-1.5 s of CPU (5-7 s of wall at load 9); a room of its own for each test
    that restarts was seven starts more a run."""
    room = Server(tmp_path_factory.mktemp("host") / "room.db").start()
    yield room
    room.stop()


@pytest.fixture
def server(room: Server) -> Server:
    """The room, for a test that does not restart it."""
    return room


def create(server: Server, **settings: Any) -> tuple[str, str]:
    """A table and its host token."""
    body = {"name": "Home", "bots": [], "clock": 60, **settings}
    r = HTTP.post(server.base + "/api/tables", json=body, timeout=10)
    assert r.status_code == 200, r.text
    info = r.json()
    assert info["host_url"] == f"/t/{info['id']}#host={info['host_token']}"
    return info["id"], info["host_token"]


def host(server: Server, table: str, token: str, command: str, **args: Any) -> httpx.Response:
    return HTTP.post(
        f"{server.base}/api/tables/{table}/host", json={"command": command, **args},
        headers={"X-Host-Token": token}, timeout=10,
    )


def host_view(server: Server, table: str, token: str) -> dict[str, Any]:
    r = HTTP.get(f"{server.base}/api/tables/{table}/host", headers={"X-Host-Token": token}, timeout=10)
    assert r.status_code == 200, r.text
    return r.json()


def play_until(clients: list[Client], pred: Callable[[dict[str, Any]], bool], *, rounds: int = 400) -> dict[str, Any]:
    """Check or call for every client whose turn it is until ``pred`` holds for a state."""
    for _ in range(rounds):
        for c in clients:
            s = c.poll(0.05)
            if pred(s):
                return s
            if c.my_turn(s):
                c.act_passive(s)
    raise AssertionError(f"never reached; last state {clients[0].state}")


def my_turn_in_hand(state: dict[str, Any]) -> bool:
    return state["hand"] is not None and bool((state.get("you") or {}).get("legal"))


def test_host_token_is_required_for_host_commands(server: Server) -> None:
    table, token = create(server)
    assert host(server, table, "wrong", "pause").status_code == 403
    r = HTTP.post(f"{server.base}/api/tables/{table}/host", json={"command": "pause"}, timeout=10)
    assert r.status_code == 403
    assert "host token" in r.json()["detail"]
    ann = server.join(table, "Ann")
    assert host(server, table, ann["token"], "pause").status_code == 403  # a seat token is not the host's
    assert host(server, table, token, "dance").status_code == 400


def test_pause_stops_dealing_after_the_hand_and_survives_a_restart(room: Server) -> None:
    server = room
    table, token = create(server, bots=["caller"])
    ann = server.join(table, "Ann")
    a = Client(server, table, ann["token"])
    s = play_until([a], my_turn_in_hand)
    number = s["hand"]["number"]
    assert host(server, table, token, "pause").status_code == 200
    s = a.until(lambda x: x["host"]["paused"])
    assert s["hand"] is not None  # the hand in play goes on
    play_until([a], lambda x: x["hand"] is None and x["last_hand"] is not None and x["last_hand"]["number"] == number)
    time.sleep(1.0)  # several pauses between hands: no new deal
    assert a.poll(0.2)["hand"] is None
    a.close()

    server = room.restart()
    a = Client(server, table, ann["token"])
    s = a.until(lambda x: True)
    assert s["host"]["paused"] is True
    time.sleep(1.0)
    assert a.poll(0.2)["hand"] is None
    assert host(server, table, token, "resume").status_code == 200
    s = a.until(lambda x: x["hand"] is not None)
    assert s["hand"]["number"] == number + 1
    a.close()


def test_blind_change_applies_from_the_next_hand_across_a_restart(room: Server) -> None:
    server = room
    table, token = create(server, bots=["caller"], small_blind=1, big_blind=2, stack=200)
    ann = server.join(table, "Ann")
    a = Client(server, table, ann["token"])
    s = play_until([a], my_turn_in_hand)
    number = s["hand"]["number"]
    r = host(server, table, token, "settings", settings={"small_blind": 5, "big_blind": 10, "clock": 45})
    assert r.status_code == 200, r.text
    assert r.json()["pending"] == {"small_blind": 5, "big_blind": 10, "clock": 45.0}
    assert a.until(lambda x: x["host"]["pending"])["table"]["blinds"] == [1, 2]  # not in this hand
    a.close()

    server = room.restart()  # killed with the change pending, mid-hand
    a = Client(server, table, ann["token"])
    s = a.until(lambda x: x["hand"] is not None)
    assert s["hand"]["number"] == number and s["table"]["blinds"] == [1, 2]
    s = play_until([a], lambda x: x["hand"] is not None and x["hand"]["number"] == number + 1)
    assert s["table"]["blinds"] == [5, 10] and s["table"]["clock"] == 45
    assert s["host"]["pending"] == {}
    posted = sorted(r["bet"] for r in s["seats"] if r and r["in_hand"])
    assert posted == [5, 10]
    a.close()

    server = room.restart()  # and after it came into force (from the snapshot)
    a = Client(server, table, ann["token"])
    s = a.until(lambda x: True)
    assert s["table"]["blinds"] == [5, 10] and s["table"]["clock"] == 45
    a.close()


def test_bad_settings_change_is_refused_and_changes_nothing(server: Server) -> None:
    table, token = create(server)
    r = host(server, table, token, "settings", settings={"small_blind": 9, "big_blind": 4})
    assert r.status_code == 400 and "small blind" in r.json()["detail"]
    r = host(server, table, token, "settings", settings={"seats": 9})
    assert r.status_code == 400 and "seats" in r.json()["detail"]
    assert host_view(server, table, token)["settings"]["big_blind"] == 2


def test_approval_request_approve_and_refuse_survive_a_restart(room: Server) -> None:
    server = room
    table, token = create(server, bots=["caller"], approve_players=True)
    ann = server.join(table, "Ann", buy_in=150)
    assert ann["pending"] is True and ann["seat"] is None
    bob = server.join(table, "Bob")
    view = host_view(server, table, token)
    assert [(q["name"], q["buy_in"]) for q in view["requests"]] == [("Ann", 150), ("Bob", 200)]

    server = room.restart()
    view = host_view(server, table, token)
    assert [q["name"] for q in view["requests"]] == ["Ann", "Bob"]
    a = Client(server, table, ann["token"])
    b = Client(server, table, bob["token"])
    a.until(lambda x: True)
    b.until(lambda x: True)
    assert host(server, table, token, "approve", member=ann["member"]).status_code == 200
    assert host(server, table, token, "refuse", member=bob["member"]).status_code == 200
    told = a.next_of("notice")
    assert told["key"] == "room.host.approved" and told["params"]["seat"] >= 1, told
    assert b.next_of("notice")["key"] == "room.host.refused"
    a.until(lambda x: x["you"]["seat"] is not None)
    rows = {r["name"]: r for r in host_view(server, table, token)["ledger"]}
    assert rows["Ann"]["buy_ins"] == 150 and "Bob" not in rows  # she sat down with what she asked for
    a.close()
    b.close()

    server = room.restart()
    view = host_view(server, table, token)
    assert view["requests"] == [] and view["refused"] == [bob["member"]]
    assert sorted(p["name"] for p in view["players"]) == ["Ann", "CallerBot"]
    assert host(server, table, token, "approve", member=bob["member"]).status_code == 400  # no request


def test_stand_up_after_the_hand_cashes_out_across_a_restart(room: Server) -> None:
    server = room
    table, token = create(server, bots=["caller"])
    ann, bob = server.join(table, "Ann"), server.join(table, "Bob")
    a, b = Client(server, table, ann["token"]), Client(server, table, bob["token"])
    s = play_until([a, b], lambda x: x["hand"] is not None and x["hand"]["number"] >= 2 and my_turn_in_hand(x))
    number = s["hand"]["number"]
    assert host(server, table, token, "stand_up", member=bob["member"]).status_code == 200
    assert [p["stand_up"] for p in host_view(server, table, token)["players"] if p["name"] == "Bob"] == [True]
    a.close()
    b.close()

    server = room.restart()  # killed before that hand is over
    a, b = Client(server, table, ann["token"]), Client(server, table, bob["token"])
    s = play_until([a, b], lambda x: x["last_hand"] is not None and x["last_hand"]["number"] >= number)
    s = a.until(lambda x: all(r is None or r["name"] != "Bob" for r in x["seats"]))
    rows = {r["name"]: r for r in host_view(server, table, token)["ledger"]}
    assert rows["Bob"]["on_table"] == 0 and rows["Bob"]["cash_outs"] > 0
    assert rows["Bob"]["cash_outs"] == rows["Bob"]["buy_ins"] + rows["Bob"]["net"]
    a.close()
    b.close()


def closing_table(server: Server) -> tuple[str, str, dict[str, Any], Client]:
    """A table the host has closed while Ann (one caller bot beside her) holds a hand in play by not
    acting: it stays closing. The table, its host token, Ann's seat and her client."""
    table, token = create(server, bots=["caller"])
    ann = server.join(table, "Ann")
    a = Client(server, table, ann["token"])
    play_until([a], my_turn_in_hand)
    assert host(server, table, token, "close").status_code == 200
    return table, token, ann, a


def test_pause_and_resume_are_refused_while_the_table_is_closing(server: Server) -> None:
    table, token, _, a = closing_table(server)
    for command in ("pause", "resume"):
        r = host(server, table, token, command)
        assert r.status_code == 400 and r.json()["key"] == "room.host.closing", r.text
    assert host_view(server, table, token)["paused"] is False
    a.close()


def test_stand_up_is_refused_while_the_table_is_closing(server: Server) -> None:
    table, token, ann, a = closing_table(server)
    r = host(server, table, token, "stand_up", member=ann["member"])
    assert r.status_code == 400 and r.json()["key"] == "room.host.closing_stand_up", r.text
    assert [p["stand_up"] for p in host_view(server, table, token)["players"] if p["name"] == "Ann"] == [False]
    a.close()


def test_close_after_the_hand_stands_everyone_up_and_leaves_the_lobby(room: Server) -> None:
    server = room
    table, token = create(server, bots=["caller"], listed=True)
    ann = server.join(table, "Ann")
    a = Client(server, table, ann["token"])
    s = play_until([a], my_turn_in_hand)
    number = s["hand"]["number"]
    assert host(server, table, token, "close").status_code == 200
    r = HTTP.post(f"{server.base}/api/tables/{table}/join", json={"name": "Cy"}, timeout=10)
    assert r.status_code == 400 and "closing" in r.json()["detail"]
    a.close()

    server = room.restart()  # killed mid-hand, closing
    a = Client(server, table, ann["token"])
    play_until([a], lambda x: x["host"]["closed"])
    s = a.until(lambda x: x["host"]["closed"] and all(r is None for r in x["seats"]))
    assert s["hand"] is None and s["last_hand"]["number"] == number
    assert all(t["id"] != table for t in server.get("/api/tables").json())
    a.close()

    server = room.restart()
    assert all(t["id"] != table for t in server.get("/api/tables").json())
    assert [h["number"] for h in server.get(f"/api/tables/{table}/hands").json()][0] == number  # history readable
    assert server.get(f"/api/tables/{table}/hands/{number}").status_code == 200
    rows = host_view(server, table, token)["ledger"]
    assert sum(r["net"] for r in rows) == 0 and all(r["on_table"] == 0 for r in rows)
    r = HTTP.post(f"{server.base}/api/tables/{table}/join", json={"name": "Cy"}, timeout=10)
    assert r.status_code == 400 and "closed" in r.json()["detail"]


def test_ledger_csv_is_the_hosts_and_adds_up_across_a_restart(room: Server) -> None:
    server = room
    table, token = create(server, bots=["caller"], stack=1000)
    ann, bob = server.join(table, "Ann", buy_in=300), server.join(table, "Bob")
    a, b = Client(server, table, ann["token"]), Client(server, table, bob["token"])
    play_until([a, b], lambda x: x["last_hand"] is not None and x["last_hand"]["number"] >= 2)
    a.send(type="top_up", amount=50)
    b.send(type="leave")
    play_until([a, b], lambda x: all(r is None or r["name"] != "Bob" for r in x["seats"]))
    url = f"{server.base}/api/tables/{table}/ledger.csv"
    assert HTTP.get(url, timeout=10).status_code == 403
    patience = Patience(15)
    while True:  # the top-up is taken between hands: until the ledger has it
        first = HTTP.get(url, headers={"X-Host-Token": token}, timeout=10)
        assert first.status_code == 200 and first.headers["content-type"].startswith("text/csv")
        if {r["name"]: r for r in csv_rows(first.content.decode("utf-8-sig"))}["Ann"]["top_ups"] == "50":
            break
        assert not patience.over(), f"the top-up never reached the ledger: {first.text}"
        time.sleep(0.1)
    a.close()
    b.close()

    server = room.restart()
    again = HTTP.get(url, headers={"X-Host-Token": token}, timeout=10)
    rows = csv_rows(again.content.decode("utf-8-sig"))
    by_name = {r["name"]: r for r in rows}
    assert by_name["Ann"]["buy_ins"] == "300" and by_name["Ann"]["top_ups"] == "50"
    assert by_name["Bob"]["on_table"] == "0" and int(by_name["Bob"]["cash_outs"]) > 0
    assert sum(int(r["net"]) for r in rows) == 0
    assert {r["name"] for r in rows} == {r["name"] for r in csv_rows(first.content.decode("utf-8-sig"))}


def test_host_approves_players_ticked_during_a_hand_holds_for_a_join_in_that_hand(server: Server) -> None:
    table, token = create(server, bots=["caller"])
    ann = server.join(table, "Ann")
    a = Client(server, table, ann["token"])
    a.until(my_turn_in_hand)  # a hand in play, waiting on Ann: it goes on while the host ticks the box
    assert host(server, table, token, "settings", settings={"approve_players": True}).status_code == 200
    bob = server.join(table, "Bob")
    assert bob["pending"] is True and bob["seat"] is None
    view = host_view(server, table, token)
    assert [q["name"] for q in view["requests"]] == ["Bob"] and view["settings"]["approve_players"] is True
    a.close()
