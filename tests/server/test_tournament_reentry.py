"""Re-entry: a player out buys in again with their token (it survives kill -9); refused once
none is left, to a player still in, and once registration has closed."""

from __future__ import annotations

from pathlib import Path

from tests.server.conftest import Client, Server
from tests.server.tournaments import (
    BUY_IN,
    ENTRANTS,
    STACK,
    chips,
    create,
    host,
    me,
    reenter,
    reentry_event,
    register,
    shove_until_out,
    state,
)


def test_a_player_out_reenters_with_their_token_a_buy_in_more_and_it_survives_sigkill(db_target: str, tmp_path: Path) -> None:
    server = Server(db_target, workdir=tmp_path).start()
    try:
        ev = reentry_event(server)
        token = register(server, ev["id"], "Ann")
        host(server, ev, "start")
        out = shove_until_out(server, ev["id"], token)
        assert out["place"] and out["can_reenter"] and out["entries"] == 1
        assert state(server, ev["id"])["prize_pool"] == ENTRANTS * BUY_IN
        r = reenter(server, ev["id"], token)
        assert r.status_code == 200, r.text
        back = r.json()
        # The same person, drawn into a seat: their token is the seat token, their old place is not theirs now.
        assert back["status"] == "playing" and back["table"] and back["seat"] and back["seat_token"] == token
        assert back["place"] is None and back["entries"] == 2 and not back["can_reenter"]
        s1 = state(server, ev["id"])
        assert s1["entries"] == ENTRANTS + 1 and s1["prize_pool"] == (ENTRANTS + 1) * BUY_IN and chips(s1) == (ENTRANTS + 1) * STACK
        assert any(p["name"] == "Ann" for t in s1["tables"] for p in t["players"])
        c = Client(server, back["table"], token)
        try:
            assert not c.next_of("welcome")["spectator"]
            c.until(lambda st: any(r and r["name"] == "Ann" and r["seat"] == back["seat"] for r in st["seats"]))
        finally:
            c.close()
        server.kill()
        server = Server(db_target, port=server.port, workdir=tmp_path).start()
        s2 = state(server, ev["id"])
        assert s2["entries"] == ENTRANTS + 1 and s2["prize_pool"] == (ENTRANTS + 1) * BUY_IN and chips(s2) == (ENTRANTS + 1) * STACK
        again = me(server, ev["id"], token)
        assert (again["status"], again["entries"], again["place"]) == ("playing", 2, None)
        assert any(p["name"] == "Ann" for t in s2["tables"] for p in t["players"])
    finally:
        server.kill()


def test_reentry_is_refused_once_none_is_left(server: Server) -> None:
    ev = reentry_event(server)
    token = register(server, ev["id"], "Ann")
    host(server, ev, "start")
    shove_until_out(server, ev["id"], token)
    assert reenter(server, ev["id"], token).status_code == 200
    out = shove_until_out(server, ev["id"], token)
    assert not out["can_reenter"]
    r = reenter(server, ev["id"], token)
    assert r.status_code == 400 and r.json()["key"] == "room.event.error.no_reentry_left"
    assert r.json()["params"] == {"name": "Ann", "n": 1}
    assert state(server, ev["id"])["entries"] == ENTRANTS + 1


def test_reentry_is_refused_to_a_player_still_in_the_event(server: Server) -> None:
    ev = reentry_event(server)
    token = register(server, ev["id"], "Ann")
    r = reenter(server, ev["id"], token)  # registered, not started
    assert r.status_code == 400 and r.json()["key"] == "room.event.error.not_out"
    host(server, ev, "start")
    r = reenter(server, ev["id"], token)  # seated
    assert r.status_code == 400 and r.json()["key"] == "room.event.error.not_out"
    s = state(server, ev["id"])
    assert s["entries"] == ENTRANTS and s["prize_pool"] == ENTRANTS * BUY_IN


def test_reentry_is_refused_once_registration_has_closed(server: Server) -> None:
    ev = create(server, max_entrants=8, seats=6, level_seconds=600, late_registration=0, re_entries=2, bots=["caller"])
    token = register(server, ev["id"], "Ann")
    host(server, ev, "start")  # no late registration: it closes at the start
    r = reenter(server, ev["id"], token)
    assert r.status_code == 400 and r.json()["key"] == "room.event.error.registration_closed"
    assert state(server, ev["id"])["entries"] == 2
