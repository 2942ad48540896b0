"""Coming back to a cash table: no ratholing (RULES.md §6, WSOP-LA 58)."""

from __future__ import annotations

from tests.server.conftest import Client, Server


def test_a_player_who_keeps_their_token_must_bring_back_what_they_left_with(server: Server) -> None:
    table = server.create_table(name="rathole", bots=[], stack=200, clock=60)  # buy-ins 50..200
    ann = server.join(table, "Ann", 150)
    a = Client(server, table, ann["token"])
    try:
        a.until(lambda s: s["you"]["seat"] == ann["seat"])
        a.send(type="leave")  # alone at the table: no hand, she leaves at once with 150
        left = a.until(lambda s: s["you"]["seat"] is None)
        assert left["you"]["buy_in"] == {"min": 150, "max": 200}  # the range offered says so

        a.send(type="sit", amount=100)
        error = a.next_of("error")
        assert "outside 150..200" in error["message"] and "must bring it back" in error["message"]
        assert a.poll()["you"]["seat"] is None  # refused: nothing changed

        a.send(type="sit", amount=150)
        back = a.until(lambda s: s["you"]["seat"] is not None)
        assert back["you"]["stack"] == 150

        # A join is a new person (no accounts; a name proves nothing): the table's own limits.
        other = server.join(table, "Ann", 50)
        assert other["name"] == "Ann 2"
    finally:
        a.close()
