"""What the tournament API refuses or serves before any hand: a bad tournament by name, the
pages of an event only, a start by anyone but the host, a re-entry without a player token.
None of these starts an event, so they share one room."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.server.conftest import HTTP, Server
from tests.server.tournaments import (
    create,
    host,
    reenter,
    reentry_event,
    register,
    state,
)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    s = Server(tmp_path_factory.mktemp("requests") / "room.db").start()
    yield s
    s.stop()


@pytest.mark.parametrize(
    ("spec", "says"),
    [
        ({"seats": 11}, "seats must be a whole number from 2 to 10"),
        ({"structure": "hyper"}, "structure must be one of"),
        ({"bots": ["shark"]}, "unknown bot 'shark'"),
        ({"payouts": [50, 60]}, "summing to 100"),
        ({"level_seconds": 0}, "level_seconds must be"),
    ],
)
def test_a_bad_tournament_is_refused_by_name(server: Server, spec: dict[str, Any], says: str) -> None:
    r = HTTP.post(server.base + "/api/tournaments", json=spec, timeout=10)
    assert r.status_code == 400 and says in r.json()["detail"]


def test_the_tournament_pages_are_served_for_an_event_only(server: Server) -> None:
    ev = create(server, max_entrants=4, level_seconds=60)
    assert server.get(ev["invite"]).status_code == 200
    assert server.get(ev["invite"] + "/standings").status_code == 200
    assert server.get("/e/nope").status_code == 404


def test_only_the_host_starts_the_event(server: Server) -> None:
    ev = create(server, max_entrants=4, level_seconds=60, bots=["caller"])
    register(server, ev["id"], "Ann")
    assert host(server, {**ev, "host_token": "nope"}, "start").status_code == 403
    assert state(server, ev["id"])["status"] == "registering"


def test_reentry_needs_a_player_token(server: Server) -> None:
    ev = reentry_event(server)
    assert reenter(server, ev["id"], "nope").status_code == 403
