"""A tournament's host mutes chat at the event's tables (issue 25): an entrant by name, or
every spectator, at every table of the event. A mute is an event of the event's log
(``ev_mute``, ``ev_mute_specs``), so it survives a restart and follows a moved player; the
muted are told once as it happens, in their language; a muted line goes back to its sender
alone with the key, as at a cash table (tests/server/test_host_mute.py)."""

from __future__ import annotations

from typing import Any

import httpx

from pokerdealer.server import db
from pokerdealer.server.schema import database_url
from tests.server.conftest import HTTP, Client, Server
from tests.server.test_host_mute import said
from tests.server.tournaments import create, host, me, register


def command(server: Server, ev: dict[str, Any], body: dict[str, Any], token: str | None = None) -> httpx.Response:
    """A host command with a body (``{"command": "mute", "name": ...}``)."""
    return HTTP.post(f"{server.base}/api/tournaments/{ev['id']}/host", json=body,
                      headers={"X-Host-Token": token or ev["host_token"]}, timeout=10)


def host_view(server: Server, ev: dict[str, Any], token: str | None = None) -> httpx.Response:
    return HTTP.get(f"{server.base}/api/tournaments/{ev['id']}/host",
                     headers={"X-Host-Token": token or ev["host_token"]}, timeout=10)


def started(server: Server, **spec: Any) -> tuple[dict[str, Any], str, str]:
    """Ann and two callers at one table, started, the clock slow: the event, Ann's token, her table."""
    ev = create(server, max_entrants=3, seats=3, level_seconds=600, clock=120, bots=["caller", "caller"], **spec)
    token = register(server, ev["id"], "Ann")
    assert host(server, ev, "start").status_code == 200
    return ev, token, me(server, ev["id"], token)["table"]


def logged(target: str, event: str, kinds: tuple[str, ...]) -> list[tuple[str, dict[str, Any]]]:
    store = db.Store(database_url(target))
    try:
        events = store.read(lambda c: db.events_between(c, event, 0))
    finally:
        store.engine.dispose()
    return [(k, data) for _, k, data, _ in events if k in kinds]


def test_a_muted_entrants_chat_at_the_events_table_is_refused_with_the_key(shared_server: Server) -> None:
    ev, token, table = started(shared_server)
    ann = Client(shared_server, table, token)
    try:
        ann.until(lambda s: s["you"] is not None)
        assert said(ann, "before")["type"] == "chat"
        assert command(shared_server, ev, {"command": "mute", "name": "Ann"}).status_code == 200
        assert said(ann, "buy my stuff")["key"] == "room.chat.muted"
    finally:
        ann.close()


def test_the_muted_entrant_is_told_once_in_their_language(shared_server: Server) -> None:
    ev, token, table = started(shared_server, lang="zh-Hant")
    ann = Client(shared_server, table, token)
    try:
        ann.until(lambda s: s["you"] is not None)
        for _ in range(2):  # muted again: nothing changes, nobody is told again
            command(shared_server, ev, {"command": "mute", "name": "Ann"})
        ann.send(type="ping", id=1)
        ann.next_of("pong")
        notices = [m for m in ann.messages if m["type"] == "notice" and m["key"] == "room.host.muted"]
        assert [m["message"] for m in notices] == ["房主已將你禁言。"]
    finally:
        ann.close()


def test_unmuting_an_entrant_lets_them_chat_again(shared_server: Server) -> None:
    ev, token, table = started(shared_server)
    ann = Client(shared_server, table, token)
    try:
        ann.until(lambda s: s["you"] is not None)
        command(shared_server, ev, {"command": "mute", "name": "Ann"})
        command(shared_server, ev, {"command": "unmute", "name": "Ann"})
        assert said(ann, "sorry")["type"] == "chat"
        assert host_view(shared_server, ev).json()["entrants"] == [{"name": "Ann", "muted": False}]
    finally:
        ann.close()


def test_muting_spectators_refuses_their_chat_at_the_events_tables_but_not_the_players(shared_server: Server) -> None:
    ev, token, table = started(shared_server)
    ann, watcher = Client(shared_server, table, token), Client(shared_server, table)
    try:
        ann.until(lambda s: s["you"] is not None)
        watcher.until(lambda s: True)
        assert command(shared_server, ev, {"command": "mute_spectators"}).status_code == 200
        assert watcher.next_of("notice")["key"] == "room.host.spectators_muted"
        assert said(watcher, "spam")["key"] == "room.chat.muted_spectators"
        assert said(ann, "quiet now")["type"] == "chat"
        assert host_view(shared_server, ev).json()["spectators_muted"] is True
    finally:
        ann.close()
        watcher.close()


def test_a_mute_is_an_event_of_the_events_log_logged_once_a_change(shared_server: Server) -> None:
    ev, _, _ = started(shared_server)
    for name in ("mute", "mute", "unmute"):
        command(shared_server, ev, {"command": name, "name": "Ann"})
    for name in ("mute_spectators", "mute_spectators"):
        command(shared_server, ev, {"command": name})
    assert logged(str(shared_server.db), ev["id"], ("ev_mute", "ev_mute_specs")) == [
        ("ev_mute", {"name": "Ann", "muted": True}), ("ev_mute", {"name": "Ann", "muted": False}),
        ("ev_mute_specs", {"muted": True}),
    ]


def test_a_mute_survives_a_restart(shared_server: Server) -> None:
    server = shared_server
    ev, token, table = started(server)
    command(server, ev, {"command": "mute", "name": "Ann"})
    command(server, ev, {"command": "mute_spectators"})
    server.restart()  # SIGKILL, then the module's room again on its database
    assert host_view(server, ev).json() == {"entrants": [{"name": "Ann", "muted": True}], "spectators_muted": True}
    ann = Client(server, table, token)
    try:
        ann.until(lambda s: s["you"] is not None)
        assert said(ann, "back again")["key"] == "room.chat.muted"
        # Replayed, not told again: the notice was for when it happened.
        assert not [m for m in ann.messages if m["type"] == "notice" and m["key"] == "room.host.muted"]
    finally:
        ann.close()


def test_only_the_events_host_mutes(shared_server: Server) -> None:
    ev, token, _ = started(shared_server)
    r = command(shared_server, ev, {"command": "mute", "name": "Ann"}, token=token)  # Ann's own token
    assert (r.status_code, r.json()["key"]) == (403, "event.error.not_host")
    assert host_view(shared_server, ev, token=token).status_code == 403
    assert host_view(shared_server, ev).json()["entrants"] == [{"name": "Ann", "muted": False}]


def test_muting_a_name_not_entered_says_so(shared_server: Server) -> None:
    ev, _, _ = started(shared_server)
    r = command(shared_server, ev, {"command": "mute", "name": "Nobody"})
    assert (r.status_code, r.json()["key"], r.json()["params"]) == (400, "event.error.not_registered", {"name": "Nobody"})
