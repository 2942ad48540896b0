"""The CSV files a host downloads open in Excel with Chinese names intact (issue 23): UTF-8
with a byte order mark (Excel reads a file without one in the computer's own code page)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.server.conftest import HTTP, Server

BOM = b"\xef\xbb\xbf"


@pytest.fixture(scope="module")
def room(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    s = Server(tmp_path_factory.mktemp("csv") / "room.db").start()
    yield s
    s.stop()


def test_the_ledger_csv_is_utf8_with_a_bom_and_keeps_a_chinese_name(room: Server) -> None:
    made = HTTP.post(room.base + "/api/tables", json={"name": "帳", "lang": "zh-Hans"}, timeout=10).json()
    room.join(made["id"], "阿安")
    r = HTTP.get(f"{room.base}/api/tables/{made['id']}/ledger.csv", headers={"X-Host-Token": made["host_token"]}, timeout=10)
    assert r.status_code == 200 and r.headers["content-type"] == "text/csv; charset=utf-8"
    # A zh-Hans table's host whose browser says no language reads the table's words: seat and name first.
    assert r.content.startswith(BOM + "座位,玩家,买入,".encode())
    assert "阿安" in r.content.decode("utf-8-sig")
    # The host's page asks in its own language.
    r = HTTP.get(f"{room.base}/api/tables/{made['id']}/ledger.csv?lang=zh-Hant", headers={"X-Host-Token": made["host_token"]}, timeout=10)
    assert r.content.startswith(BOM + "座位,玩家,買入,".encode())


def test_the_standings_csv_is_utf8_with_a_bom(room: Server) -> None:
    made = HTTP.post(room.base + "/api/tournaments", json={"name": "週五"}, timeout=10).json()
    r = HTTP.get(f"{room.base}/api/tournaments/{made['id']}/standings.csv", timeout=10)
    assert r.status_code == 200 and r.headers["content-type"] == "text/csv; charset=utf-8"
    assert r.content.startswith(BOM + b"Place,Player,Prize")


@pytest.mark.parametrize(("asked", "header"), [
    ({"params": {"lang": "zh-Hant"}, "headers": {"Accept-Language": "en"}}, "名次,玩家,獎金"),  # the page's language
    ({"headers": {"Accept-Language": "zh-CN"}}, "名次,玩家,奖金"),  # else the reader's browser's
    ({"params": {"lang": "xx"}, "headers": {"Accept-Language": "en-US"}}, "Place,Player,Prize"),  # unknown: the browser's
    ({"headers": {"Accept-Language": "fr"}}, "名次,玩家,獎金"),  # a browser reading none of ours: the event's
])
def test_the_standings_csv_header_is_in_the_readers_language(room: Server, asked: dict, header: str) -> None:
    made = HTTP.post(room.base + "/api/tournaments", json={"name": "週五", "lang": "zh-Hant"}, timeout=10).json()
    r = HTTP.get(f"{room.base}/api/tournaments/{made['id']}/standings.csv", timeout=10, **asked)
    assert r.content.decode("utf-8-sig").splitlines()[0] == header
