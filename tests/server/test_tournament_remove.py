"""The host removes an entrant before the start (issue 25): a stranger's junk registrations
filled a listed tournament and the host could not take them out. The removal is an
``ev_remove`` in the event's log, the buy-in goes back (the prize pool shrinks, the page's
``removed`` says the refund), the place is free for a real player, and the removed
entry's token opens nothing. Once the seats are drawn an entry's chips are in play: refused."""

from __future__ import annotations

from typing import Any

import httpx

from tests.server.conftest import HTTP, Server
from tests.server.tournaments import BUY_IN, create, host, register, state


def remove(server: Server, ev: dict[str, Any], name: str, token: str | None = None) -> httpx.Response:
    return HTTP.post(
        f"{server.base}/api/tournaments/{ev['id']}/host", json={"command": "remove", "name": name},
        headers={"X-Host-Token": token or ev["host_token"]}, timeout=10,
    )


def test_the_host_removes_an_entrant_before_the_start_and_the_buy_in_is_refunded(shared_server: Server) -> None:
    ev = create(shared_server, max_entrants=10)
    for name in ("Ann", "junk", "Bob"):
        register(shared_server, ev["id"], name)
    r = remove(shared_server, ev, "junk")
    assert r.status_code == 200, r.text
    s = state(shared_server, ev["id"])
    assert (s["registered"], s["entries"], s["prize_pool"]) == (["Ann", "Bob"], 2, 2 * BUY_IN)
    assert s["removed"] == [{"name": "junk", "refund": BUY_IN}]


def test_a_removed_entrants_place_is_open_to_a_real_player(shared_server: Server) -> None:
    ev = create(shared_server, max_entrants=2)
    register(shared_server, ev["id"], "Ann")
    register(shared_server, ev["id"], "junk")
    full = HTTP.post(f"{shared_server.base}/api/tournaments/{ev['id']}/register", json={"name": "Cy"}, timeout=10)
    assert full.json()["key"] == "room.event.error.full"
    assert remove(shared_server, ev, "junk").status_code == 200
    register(shared_server, ev["id"], "Cy")
    assert state(shared_server, ev["id"])["registered"] == ["Ann", "Cy"]


def test_a_removed_entrants_token_opens_nothing(shared_server: Server) -> None:
    ev = create(shared_server)
    token = register(shared_server, ev["id"], "junk")
    remove(shared_server, ev, "junk")
    r = HTTP.get(f"{shared_server.base}/api/tournaments/{ev['id']}/me", headers={"X-Player-Token": token}, timeout=10)
    assert r.status_code == 403


def test_a_removed_entrants_page_is_told_why_in_their_language(shared_server: Server) -> None:
    ev = create(shared_server)
    token = register(shared_server, ev["id"], "junk")
    remove(shared_server, ev, "junk")
    r = HTTP.get(f"{shared_server.base}/api/tournaments/{ev['id']}/me",
                  headers={"X-Player-Token": token, "Accept-Language": "zh-TW"}, timeout=10)
    assert (r.json()["key"], r.json()["detail"]) == ("event.error.removed", "房主在開始前移除了你的報名；你的買入已退還")


def test_an_entrant_cannot_be_removed_once_the_event_has_started(shared_server: Server) -> None:
    ev = create(shared_server, level_seconds=600)
    for name in ("Ann", "Bob", "Cy"):
        register(shared_server, ev["id"], name)
    assert host(shared_server, ev, "start").status_code == 200
    r = remove(shared_server, ev, "Cy")
    assert (r.status_code, r.json()["key"]) == (400, "room.event.error.remove_started")
    assert "chips are in play" in r.json()["detail"]
    s = state(shared_server, ev["id"])
    assert (s["entries"], s["players_left"], s["removed"]) == (3, 3, [])


def test_removing_a_name_not_registered_says_so(shared_server: Server) -> None:
    ev = create(shared_server)
    register(shared_server, ev["id"], "Ann")
    r = remove(shared_server, ev, "Nobody")
    assert (r.status_code, r.json()["key"], r.json()["params"]) == (400, "event.error.not_registered", {"name": "Nobody"})
    assert state(shared_server, ev["id"])["registered"] == ["Ann"]


def test_only_the_host_removes_an_entrant(shared_server: Server) -> None:
    ev = create(shared_server)
    player = register(shared_server, ev["id"], "Ann")
    r = remove(shared_server, ev, "Ann", token=player)
    assert r.status_code == 403
    assert state(shared_server, ev["id"])["registered"] == ["Ann"]


def test_a_removal_is_an_event_of_the_log_and_outlives_a_restart(shared_server: Server) -> None:
    from pokerdealer.server import db
    from pokerdealer.server.schema import database_url

    server = shared_server
    ev = create(server, max_entrants=10, listed=True)
    for name in ("Ann", "junk", "Bob"):
        register(server, ev["id"], name)
    remove(server, ev, "junk")
    server.stop()  # the module's room, stopped cleanly: its log is read with nobody writing
    try:
        store = db.Store(database_url(str(server.db)))
        try:
            events = store.read(lambda c: db.events_between(c, ev["id"], 0))
        finally:
            store.engine.dispose()
    finally:
        server.start()  # and started again on its database
    assert [data for _, kind, data, _ in events if kind == "ev_remove"] == [{"name": "junk"}]
    s = state(server, ev["id"])
    assert (s["registered"], s["prize_pool"], s["removed"]) == (["Ann", "Bob"], 2 * BUY_IN, [{"name": "junk", "refund": BUY_IN}])
    register(server, ev["id"], "Cy")  # registration goes on after the restart
    assert state(server, ev["id"])["registered"] == ["Ann", "Bob", "Cy"]


def test_the_lobby_counts_an_entry_removed_by_the_host(shared_server: Server) -> None:
    ev = create(shared_server, max_entrants=10, listed=True)
    for name in ("Ann", "junk"):
        register(shared_server, ev["id"], name)
    remove(shared_server, ev, "junk")
    (listed,) = [t for t in shared_server.get("/api/tournaments").json() if t["id"] == ev["id"]]
    assert listed["entries"] == 1
