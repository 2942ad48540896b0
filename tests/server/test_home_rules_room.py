"""The home-game rules played in the room over websockets (issue 39): one server,
one table with a caller bot, the host turning the rules on. Running it twice
asked and answered, both boards on the felt, in the history and the PHH; a
show after the hand and the rabbit hunt seen by a spectator, and opened in the
deck proof; a bomb pot asked for by the host."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from pokerdealer.i18n import message
from tests.server.conftest import Client, Server, total_chips
from tests.server.test_host import create, host, play_until


@pytest.fixture(scope="module")
def table(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Server, str, str, dict[str, Any]]]:
    server = Server(tmp_path_factory.mktemp("home") / "room.db").start()
    table_id, token = create(server, bots=["caller"], lang="zh-Hant", run_it_twice=True, rabbit_hunt=True)
    ann = server.join(table_id, "Ann")
    yield server, table_id, token, ann
    server.stop()


def _seated(a: Client, s: dict[str, Any]) -> None:
    """Ann buys in again if a hand busted her."""
    if not (s.get("you") or {}).get("seat") and s["hand"] is None:
        a.send(type="sit", amount=200)


def test_players_all_in_before_the_river_are_asked_and_the_board_is_run_twice(
    table: tuple[Server, str, str, dict[str, Any]], tmp_path: Path,
) -> None:
    server, table_id, _, ann = table
    a = Client(server, table_id, ann["token"])
    seat = ann["seat"]
    s = play_until([a], lambda x: x["hand"] is not None and bool((x.get("you") or {}).get("legal")))
    number = s["hand"]["number"]
    a.send(type="act", kind="all_in", hand=number)
    s = a.until(lambda x: x.get("run_twice") is not None)
    question = s["run_twice"]
    assert question["hand"] == number and question["asked"] == [seat]  # the bot agreed at once
    assert len(question["agreed"]) == 1 and s["you"]["legal"] is None
    assert all(row is None or row["cards"] for row in s["seats"])  # all in: the hands are turned up
    a.send(type="run_it_twice", agree=True)
    s = a.until(lambda x: x["last_hand"] is not None and x["last_hand"]["number"] == number)
    boards = s["last_hand"]["boards"]
    assert len(boards) == 2 and all(len(b) == 5 for b in boards) and boards[0] != boards[1]
    assert [award["run"] for award in s["last_hand"]["awards"]] == [0, 1]
    assert total_chips(s) == 400
    detail = server.get(f"/api/tables/{table_id}/hands/{number}").json()
    assert detail["boards"] == boards and detail["summary"]["boards"] == boards
    assert detail["frames"][-1]["board2"] == boards[1]  # the replayer's last frames show both
    phh = server.get(f"/api/tables/{table_id}/hands/{number}/phh").text
    assert "_run_it_twice" in phh and "runs 2" in phh
    stars = server.get(f"/api/tables/{table_id}/hands/{number}/pokerstars").text
    assert "Hand was run twice" in stars and "*** FIRST FLOP ***" in stars
    # Asked nothing now: refused in the reader's language (the table's: zh-Hant).
    a.send(type="run_it_twice", agree=True, id=5)
    error = a.next_of("error")
    assert error["message"] == message("zh-Hant", "room.run_twice.not_asked") and error["id"] == 5
    _seated(a, a.poll(0.05))
    a.close()


def test_a_show_after_the_hand_and_a_rabbit_hunt_are_seen_by_every_reader_and_opened_in_the_proof(
    table: tuple[Server, str, str, dict[str, Any]],
) -> None:
    server, table_id, token, ann = table
    a, spectator = Client(server, table_id, ann["token"]), Client(server, table_id)
    s = play_until([a], lambda x: x["hand"] is not None and bool((x.get("you") or {}).get("legal"))
                   and x["hand"]["street"] == "preflop")
    number, seat = s["hand"]["number"], s["you"]["seat"]
    assert host(server, table_id, token, "pause").status_code == 200  # no deal after this hand
    a.send(type="act", kind="fold", hand=number)
    a.until(lambda x: x["hand"] is None and x["last_hand"] is not None and x["last_hand"]["number"] == number)
    a.send(type="show", cards="both")
    a.send(type="rabbit_hunt")
    s = spectator.until(lambda x: x.get("shown_after") is not None and x.get("rabbit") is not None)
    shown = s["shown_after"]["seats"][str(seat)]
    assert s["shown_after"]["hand"] == number and len(shown) == 2
    hunt = s["rabbit"]
    assert hunt["hand"] == number and hunt["name"] == "Ann" and len(hunt["cards"]) == 5
    assert s["last_hand"]["board"] == []  # not part of the hand
    fair = server.get(f"/api/tables/{table_id}/hands/{number}/fair").json()
    opened = {leaf.split(":")[0] for leaf in fair["reveal"] if ":" in leaf}
    assert opened == set(shown) | set(hunt["cards"])
    a.send(type="rabbit_hunt", id=9)
    assert a.next_of("error")["message"] == message("zh-Hant", "room.rabbit.done")
    # The host asks for a bomb pot, and deals again: everyone antes two big blinds, the flop is out.
    assert host(server, table_id, token, "bomb_pot", on=True).status_code == 200
    assert host(server, table_id, token, "resume").status_code == 200
    s = spectator.until(lambda x: x["hand"] is not None and x["hand"]["number"] > number)
    assert s["bomb_pot"] == {"next": False, "hand": {"ante": 4}} and s["hand"]["street"] == "flop"
    assert [line["said"]["key"] for line in s["hand"]["log"][:2]] == ["room.log.post_bomb_ante"] * 2
    a.close()
    spectator.close()
