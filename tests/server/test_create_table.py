"""What a new table is made with: TableSettings' defaults, the one place they
live, for a bare ``POST /api/tables`` (which has always made a table with no bots)."""

from __future__ import annotations


from pokerdealer.server.app import CreateTable
from pokerdealer.server.settings import TableSettings
from tests.server.conftest import HTTP, Server


def test_the_apis_defaults_are_table_settings_own() -> None:
    assert CreateTable().model_dump() == TableSettings().to_dict()


def test_a_bare_post_makes_a_table_of_table_settings_defaults_with_no_bots(server: Server) -> None:
    r = HTTP.post(server.base + "/api/tables", json={}, timeout=10)
    assert r.status_code == 200, r.text
    info = server.get(f"/api/tables/{r.json()['id']}").json()
    made = TableSettings()
    assert (info["name"], info["structure"], info["blinds"], info["stack"], info["seats"], info["clock"],
            info["lang"]) == (made.name, made.structure, [made.small_blind, made.big_blind], made.stack,
                              made.seats, made.clock, made.lang)
    assert (info["players"], info["bots"]) == (0, 0)  # as before TableSettings was the defaults' one place
    assert all(t["id"] != info["id"] for t in server.get("/api/tables").json())  # not listed
