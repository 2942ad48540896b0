"""A table name stored as a catalog key is the room's own (the demo table's,
``room.table.name.demo``): it is read in words -- the pages name it in the reader's
language (``test_browser_lobby.py``) and its hand files in the table's language, never
as the key. A host's table is named as typed: a name that would be read as such a key
is refused."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from pokerdealer.i18n import message
from pokerdealer.server.settings import DEMO_TABLE
from pokerdealer.server.words import TABLE_NAME_KEYS
from tests.server.conftest import HTTP, Client, Server


@pytest.fixture(scope="module")
def room(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A room started on an empty database with its demo table (``--demo``)."""
    s = Server(tmp_path_factory.mktemp("names") / "room.db", extra=("--demo",)).start()
    yield s
    s.stop()


def test_the_hand_files_of_the_demo_table_name_it_in_the_tables_language(room: Server) -> None:
    [demo] = [t for t in room.get("/api/tables").json() if t["name"] == DEMO_TABLE.name]
    ann = room.join(demo["id"], "Ann")
    a = Client(room, demo["id"], ann["token"])
    try:
        for _ in range(400):
            s = a.poll(0.05)
            if s["last_hand"] is not None:
                break
            if a.my_turn(s):
                a.act_passive(s)
        number = a.state["last_hand"]["number"]
    finally:
        a.close()
    name = message(DEMO_TABLE.lang, DEMO_TABLE.name)
    phh = room.get(f"/api/tables/{demo['id']}/hands/{number}/phh").text
    stars = room.get(f"/api/tables/{demo['id']}/hands/{number}/pokerstars").text
    assert f'table = "{name}"' in phh and "room.table" not in phh
    assert f"Table '{name}'" in stars and "room.table" not in stars


@pytest.mark.parametrize("name", [DEMO_TABLE.name, "\u200broom.table.name.demo ", TABLE_NAME_KEYS + "friday"])
def test_a_hosts_table_name_that_would_read_as_a_catalog_key_is_refused(room: Server, name: str) -> None:
    before = [t["id"] for t in room.get("/api/tables").json()]
    r = HTTP.post(room.base + "/api/tables", json={"name": name, "listed": True}, timeout=10,
                   headers={"Accept-Language": "zh-TW"})
    assert r.status_code == 400, r.text
    assert r.json()["key"] == "room.settings.name_reserved"
    assert r.json()["detail"] == message("zh-Hant", "room.settings.name_reserved", start=TABLE_NAME_KEYS)
    assert [t["id"] for t in room.get("/api/tables").json()] == before  # nothing made


def test_a_hosts_table_name_like_a_key_elsewhere_is_kept_as_typed(room: Server) -> None:
    name = "room.host.closing"  # a catalog key, but not a table's name: shown as typed
    table = room.create_table(name=name)
    assert room.get(f"/api/tables/{table}").json()["name"] == name
