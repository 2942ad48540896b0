"""The host mutes a member's chat, or every spectator's (issue 25): six spectator sockets
could talk a table's chat full and the host had no way to stop one person. A mute is an
event of the table's log (``host_mute``, ``mute_spectators``), the muted are told once
as it happens in their language, and a muted line goes back to its sender alone with the key."""

from __future__ import annotations

import json
from typing import Any

from pokerdealer.server import db
from pokerdealer.server.chat_mute import Mutes, mutes_of
from pokerdealer.server.features import CASH
from pokerdealer.server.reducer import MemberInfo, new_state, reduce
from pokerdealer.server.schema import database_url
from pokerdealer.server.settings import TableSettings
from pokerdealer.server.snapshot import restore, take
from tests.server.conftest import Client, Server
from tests.server.test_host import create, host, host_view


def member_of(server: Server, table: str, token: str, name: str) -> int:
    (p,) = [p for p in host_view(server, table, token)["players"] if p["name"] == name]
    return int(p["member"])


def said(client: Client, text: str) -> dict[str, Any]:
    """Say ``text``; the chat line as it came back, or the refusal."""
    client.send(type="chat", text=text)
    while True:
        msg = client.recv()
        if msg["type"] == "error" or (msg["type"] == "chat" and msg["text"] == text):
            return msg


def logged(server: Server, table: str, kind: str) -> list[dict[str, Any]]:
    store = db.Store(database_url(str(server.db)))
    try:
        events = store.read(lambda c: db.events_between(c, table, 0))
    finally:
        store.engine.dispose()
    return [data for _, k, data, _ in events if k == kind]


def test_a_muted_members_chat_is_refused_with_the_key(shared_server: Server) -> None:
    table, token = create(shared_server)
    ann, bob = shared_server.join(table, "Ann"), shared_server.join(table, "Bob")
    a, b = Client(shared_server, table, ann["token"]), Client(shared_server, table, bob["token"])
    try:
        a.until(lambda s: s["you"] is not None)
        b.until(lambda s: s["you"] is not None)
        assert host(shared_server, table, token, "mute", member=member_of(shared_server, table, token, "Ann")).status_code == 200
        assert said(a, "buy my stuff")["key"] == "room.chat.muted"
        assert said(b, "nice hand")["type"] == "chat"  # the others talk as ever
    finally:
        a.close()
        b.close()


def test_the_muted_member_is_told_once_in_their_language(shared_server: Server) -> None:
    table, token = create(shared_server, lang="zh-Hant")
    ann = shared_server.join(table, "Ann")
    a = Client(shared_server, table, ann["token"])
    try:
        a.until(lambda s: s["you"] is not None)
        member = member_of(shared_server, table, token, "Ann")
        for _ in range(2):  # muted again: nothing changes, nobody is told again
            host(shared_server, table, token, "mute", member=member)
        a.send(type="ping", id=1)
        a.next_of("pong")
        notices = [m for m in a.messages if m["type"] == "notice" and m["key"] == "room.host.muted"]
        assert [m["message"] for m in notices] == ["房主已將你禁言。"]
    finally:
        a.close()


def test_unmuting_a_member_lets_them_chat_again(shared_server: Server) -> None:
    table, token = create(shared_server)
    ann = shared_server.join(table, "Ann")
    a = Client(shared_server, table, ann["token"])
    try:
        a.until(lambda s: s["you"] is not None)
        member = member_of(shared_server, table, token, "Ann")
        host(shared_server, table, token, "mute", member=member)
        host(shared_server, table, token, "unmute", member=member)
        assert said(a, "sorry")["type"] == "chat"
        assert host_view(shared_server, table, token)["players"][0]["muted"] is False
    finally:
        a.close()


def test_muting_spectators_refuses_their_chat_but_not_the_seated_players(shared_server: Server) -> None:
    table, token = create(shared_server)
    ann = shared_server.join(table, "Ann")
    a, watcher = Client(shared_server, table, ann["token"]), Client(shared_server, table)
    try:
        a.until(lambda s: s["you"] is not None)
        watcher.until(lambda s: True)
        assert host(shared_server, table, token, "mute_spectators").status_code == 200
        notice = watcher.next_of("notice")
        assert notice["key"] == "room.host.spectators_muted"
        assert said(watcher, "spam")["key"] == "room.chat.muted_spectators"
        assert said(a, "quiet now")["type"] == "chat"
        assert not [m for m in a.messages if m["type"] == "notice" and m["key"] == "room.host.spectators_muted"]
    finally:
        a.close()
        watcher.close()


def test_a_mute_is_an_event_of_the_log_logged_once(shared_server: Server) -> None:
    table, token = create(shared_server)
    shared_server.join(table, "Ann")
    member = member_of(shared_server, table, token, "Ann")
    for command in ("mute", "mute", "unmute"):
        host(shared_server, table, token, command, member=member)
    for command in ("mute_spectators", "mute_spectators"):
        host(shared_server, table, token, command)
    assert logged(shared_server, table, "host_mute") == [{"member": member, "muted": True}, {"member": member, "muted": False}]
    assert logged(shared_server, table, "mute_spectators") == [{"muted": True}]


def test_a_mute_is_kept_in_the_tables_snapshot() -> None:
    state = new_state(TableSettings(), features=CASH).with_member(MemberInfo(3, "Ann"))
    state = reduce(state, "host_mute", {"member": 3, "muted": True}, 0.0)
    state = reduce(state, "mute_spectators", {"muted": True}, 0.0)
    data = json.loads(json.dumps(take(state)))
    again = restore(new_state(TableSettings(), features=CASH), {"seq": 2, "hands": 0, "data": data})
    assert mutes_of(again) == Mutes(frozenset({3}), spectators=True)


def test_a_mute_in_a_snapshot_from_before_the_mutes_module_is_read() -> None:
    data = take(new_state(TableSettings(), features=CASH))
    del data["mute"]
    data["host"] |= {"muted": [3], "spectators_muted": True}  # where the mutes were kept
    again = restore(new_state(TableSettings(), features=CASH), {"seq": 2, "hands": 0, "data": data})
    assert mutes_of(again) == Mutes(frozenset({3}), spectators=True)


def test_only_the_host_mutes(shared_server: Server) -> None:
    table, token = create(shared_server)
    ann = shared_server.join(table, "Ann")
    r = host(shared_server, table, ann["token"], "mute_spectators")
    assert r.status_code == 403
    assert host_view(shared_server, table, token)["spectators_muted"] is False
