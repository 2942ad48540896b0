"""A table name stored as a catalog key (the demo table's, ``room.table.name.demo``)
is read in words: the pages name it in the reader's language (``test_browser_lobby.py``)
and its hand files in the table's language, never as the key."""

from __future__ import annotations

from pokerdealer.i18n import message
from tests.server.conftest import Client, Server


def test_the_hand_files_of_a_table_named_by_key_name_it_in_the_tables_language(server: Server) -> None:
    table = server.create_table(name="room.table.name.demo", lang="zh-Hant", bots=["caller"], clock=30)
    ann = server.join(table, "Ann")
    a = Client(server, table, ann["token"])
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
    name = message("zh-Hant", "room.table.name.demo")
    phh = server.get(f"/api/tables/{table}/hands/{number}/phh").text
    stars = server.get(f"/api/tables/{table}/hands/{number}/pokerstars").text
    assert f'table = "{name}"' in phh and "room.table" not in phh
    assert f"Table '{name}'" in stars and "room.table" not in stars
