"""The lobby's tournaments (``GET /api/tournaments``): the listed ones only, whichever
process plays them, their entries as they register, and none once finished; a listed
tournament is not a cash table; the ``listed``, ``hand_for_hand_busts`` and ``final_table_seats`` choices are kept in the event's spec."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from pokerdealer.server.tournament import TournamentSpec
from pokerdealer.table import HandForHandBusts
from tests.patience import Patience
from tests.server.conftest import HTTP, Client, Server
from tests.server.tournaments import post_tournament


@pytest.fixture(scope="module")
def room(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    s = Server(tmp_path_factory.mktemp("event-lobby") / "room.db").start()
    yield s
    s.stop()


def create(server: Server, **spec: Any) -> dict[str, Any]:
    return post_tournament(server, {"name": "Open Cup", "max_entrants": 12, "starting_stack": 2000, "buy_in": 50,
                                    "seats": 6, "level_seconds": 60, **spec})


def lobby(server: Server) -> dict[str, dict[str, Any]]:
    r = HTTP.get(server.base + "/api/tournaments", timeout=10)
    assert r.status_code == 200, r.text
    return {e["id"]: e for e in r.json()}


def until(pred: Any, timeout: float = 60) -> Any:  # noqa: ANN401
    patience = Patience(timeout)
    while not patience.over():
        got = pred()
        if got:
            return got
        time.sleep(0.2)
    raise AssertionError("not within the time")


def test_a_tournament_is_unlisted_unless_its_host_lists_it() -> None:
    assert TournamentSpec.from_dict({}).listed is False  # as a cash table: invite link only
    spec = TournamentSpec.from_dict({"listed": True})
    assert spec.listed is True and TournamentSpec.from_dict(spec.to_dict()) == spec


def test_hand_for_hand_busts_at_different_tables_tie_unless_the_host_chooses_chips() -> None:
    assert TournamentSpec.from_dict({}).event_settings().hand_for_hand_busts is HandForHandBusts.TIE
    spec = TournamentSpec.from_dict({"hand_for_hand_busts": "chips"})
    assert spec.event_settings().hand_for_hand_busts is HandForHandBusts.CHIPS
    assert TournamentSpec.from_dict(spec.to_dict()) == spec


def test_a_tournaments_final_table_has_tda_rp_9s_size_unless_its_host_sets_one() -> None:
    assert TournamentSpec.from_dict({"seats": 6}).event_settings().final_seats == 7
    spec = TournamentSpec.from_dict({"seats": 6, "final_table_seats": 6})
    assert spec.event_settings().final_seats == 6
    assert TournamentSpec.from_dict(spec.to_dict()) == spec


def test_the_lobby_lists_the_listed_tournaments_only(room: Server) -> None:
    start_at = time.time() + 3600
    listed = create(room, listed=True, start_at=start_at)
    unlisted = create(room, name="Private", listed=False)
    default = create(room, name="Default")
    rows = lobby(room)
    assert unlisted["id"] not in rows and default["id"] not in rows
    assert rows[listed["id"]] == {
        "id": listed["id"], "name": "Open Cup", "buy_in": 50, "starting_stack": 2000, "seats": 6,
        "max_entrants": 12, "structure": "turbo", "level_seconds": 60.0, "start_at": start_at, "lang": "en",
        "status": "registering", "entries": 0, "players_left": None, "registration_open": True,
        "url": f"/e/{listed['id']}",
    }


def test_a_registration_counts_in_the_lobby(room: Server) -> None:
    ev = create(room, listed=True)
    r = HTTP.post(f"{room.base}/api/tournaments/{ev['id']}/register", json={"name": "Ann"}, timeout=10)
    assert r.status_code == 200, r.text
    assert lobby(room)[ev["id"]]["entries"] == 1


def test_a_listed_tournament_is_not_listed_as_a_cash_table(room: Server) -> None:
    ev = create(room, listed=True)
    assert ev["id"] in lobby(room)
    assert ev["id"] not in {t["id"] for t in room.get("/api/tables").json()}


def test_a_finished_tournament_leaves_the_lobby(room: Server) -> None:
    # Two bots with two big blinds each: over within a few hands.
    ev = create(room, listed=True, max_entrants=2, starting_stack=40, bots=["caller", "caller"], clock=1)
    assert lobby(room)[ev["id"]]["status"] == "registering"
    r = HTTP.post(f"{room.base}/api/tournaments/{ev['id']}/host", json={"command": "start"},
                   headers={"X-Host-Token": ev["host_token"]}, timeout=20)
    assert r.status_code == 200, r.text
    until(lambda: room.get(f"/api/tournaments/{ev['id']}").json()["status"] == "finished")
    assert ev["id"] not in lobby(room)


def test_another_processes_tournament_is_listed_from_its_row(db_target: str, tmp_path: Path) -> None:
    a = Server(db_target, workdir=tmp_path).start()
    b = Server(db_target, workdir=tmp_path).start()
    ann = None
    try:
        ev = create(b, listed=True, bots=["caller"], clock=4, level_seconds=600)
        hidden = create(b, name="Private")
        tokens = {}
        for name in ("Ann", "Bob"):
            r = HTTP.post(f"{b.base}/api/tournaments/{ev['id']}/register", json={"name": name}, timeout=10)
            assert r.status_code == 200, r.text
            tokens[name] = r.json()["player_token"]
        row = lobby(a)[ev["id"]]
        assert hidden["id"] not in lobby(a)
        assert (row["name"], row["buy_in"], row["status"], row["entries"], row["url"]) == (
            "Open Cup", 50, "registering", 2, f"/e/{ev['id']}"
        )
        # A is reading B's row, not playing the event: B still answers for it.
        assert b.get(f"/api/tournaments/{ev['id']}").status_code == 200
        host = {"X-Host-Token": ev["host_token"]}
        r = HTTP.post(f"{b.base}/api/tournaments/{ev['id']}/host", json={"command": "start"}, headers=host, timeout=20)
        assert r.status_code == 200, r.text
        assert lobby(a)[ev["id"]]["status"] == "running"
        # Ann at her seat, never acting: the hand waits for her clock, and goes on after the pause.
        mine = HTTP.get(f"{b.base}/api/tournaments/{ev['id']}/me", headers={"X-Player-Token": tokens["Ann"]}, timeout=10).json()
        ann = Client(b, mine["table"], mine["seat_token"])
        ann.until(ann.my_turn, timeout=30)
        r = HTTP.post(f"{b.base}/api/tournaments/{ev['id']}/host", json={"command": "pause"}, headers=host, timeout=20)
        assert r.status_code == 200, r.text
        assert lobby(a)[ev["id"]]["status"] == "paused"
        ann.until(lambda st: not ann.my_turn(st), timeout=30)  # her clock ran out: the hand went on
        until(lambda: all(not t["in_hand"] for t in b.get(f"/api/tournaments/{ev['id']}").json()["tables"]))
        assert lobby(a)[ev["id"]]["status"] == "paused"
    finally:
        if ann is not None:
            ann.close()
        a.stop()
        b.stop()
