"""Every refusal the room sends comes in the reader's language (issue 14): the
table settings a new table is refused for, a join, uploads, downloads, the host
link, the body limit and the drills over HTTP (by ``Accept-Language``), and
over the websocket the protocol's refusals, chat limits and the connection caps
(by ``Accept-Language`` before the hello, then the language the reader picked).
Each one drives a real server and reads zh-Hant text back."""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator
from typing import Any

import pytest
from websockets.sync.client import connect

from pokerdealer.i18n import message
from pokerdealer.server.room import Elsewhere
from pokerdealer.server.words import error_words
from tests.patience import Patience
from tests.server.conftest import HTTP, Client, Server

ZH = {"Accept-Language": "zh-TW,zh;q=0.9"}
CJK = re.compile(r"[\u4e00-\u9fff]")


@pytest.fixture(scope="module")
def room(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    s = Server(tmp_path_factory.mktemp("refusals") / "room.db", extra=("--conns-per-address-table", "2")).start()
    yield s
    s.stop()


def said_in_chinese(body: dict[str, Any], key: str) -> str:
    """The refusal's key is ``key`` and its text the zh-Hant catalog's, filled with its params."""
    assert body["key"] == key, body
    text = message("zh-Hant", key, **body["params"])
    assert body["message"] == text and CJK.search(text), body
    assert not re.search(r"\b(must|cannot|unknown|expected|too|the)\b", text), text
    return text


@pytest.mark.parametrize(
    ("settings", "key"),
    [
        ({"small_blind": 5, "big_blind": 2}, "room.settings.blinds_order"),
        ({"seats": 11}, "room.settings.whole_number"),
        ({"stack": 3}, "room.settings.stack_two_bb"),
        ({"bots": ["evil"]}, "room.settings.unknown_bot"),
        ({"bots": ["caller"] * 6}, "room.settings.seat_free"),
        ({"clock": 0.1}, "room.settings.clock"),
        ({"structure": "spread"}, "room.settings.structure"),
        ({"ante_type": "button"}, "room.settings.ante_type"),
        ({"lang": "fr"}, "room.settings.lang"),
        ({"name": "\u200b\u3164"}, "room.protocol.nothing_visible"),
        ({"name": "x" * 41}, "room.protocol.too_long"),
    ],
)
def test_a_new_tables_refused_settings_are_said_in_the_browsers_language(
    room: Server, settings: dict[str, Any], key: str
) -> None:
    r = HTTP.post(room.base + "/api/tables", json={"name": "t", **settings}, headers=ZH, timeout=10)
    assert r.status_code == 400
    text = said_in_chinese(r.json(), key)
    assert r.json()["detail"] == text


def test_a_setting_is_named_in_chinese_in_its_refusal(room: Server) -> None:
    r = HTTP.post(room.base + "/api/tables", json={"seats": 11}, headers=ZH, timeout=10)
    assert said_in_chinese(r.json(), "room.settings.whole_number") == "座位數須為 2 至 10 的整數"


def test_a_join_refused_for_its_buy_in_or_name_is_said_in_chinese(room: Server) -> None:
    table = room.create_table(name="join", stack=200)
    r = HTTP.post(f"{room.base}/api/tables/{table}/join", json={"name": "Ann", "buy_in": 10**6}, headers=ZH, timeout=10)
    assert r.status_code == 400
    assert said_in_chinese(r.json(), "room.error.buy_in_range") == "買入須為 50 至 200"
    r = HTTP.post(f"{room.base}/api/tables/{table}/join", json={"name": "\u200b"}, headers=ZH, timeout=10)
    assert said_in_chinese(r.json(), "room.protocol.nothing_visible") == "名字沒有任何看得見的字"


@pytest.mark.parametrize(
    ("body", "key"),
    [
        (b"\xff\xfe\x00bad", "room.upload.not_utf8"),
        (b"hello", "room.upload.neither"),
        (b'variant = "NT"\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n'
         b'starting_stacks = [100, 100]\nactions = ["d dh p1 ????", "d dh p2 ????"]\n', "room.upload.unfinished"),
    ],
)
def test_an_upload_the_replayer_cannot_open_is_refused_in_chinese(room: Server, body: bytes, key: str) -> None:
    r = HTTP.post(room.base + "/api/replay", content=body, headers=ZH, timeout=10)
    assert r.status_code == 400
    said_in_chinese(r.json(), key)


def test_the_body_limit_no_such_table_and_the_host_link_are_refused_in_chinese(room: Server) -> None:
    r = HTTP.post(room.base + "/api/replay", content=b"x" * 70_000, headers=ZH, timeout=10)
    assert r.status_code == 413
    said_in_chinese(r.json(), "room.error.too_large")
    r = HTTP.get(room.base + "/api/tables/nosuchtable", headers=ZH, timeout=10)
    assert r.status_code == 404
    said_in_chinese(r.json(), "room.error.no_such_table")
    table = room.create_table(name="host")
    r = HTTP.post(f"{room.base}/api/tables/{table}/host", json={"command": "pause"},
                   headers={**ZH, "X-Host-Token": "wrong"}, timeout=10)
    assert r.status_code == 403
    said_in_chinese(r.json(), "room.host.not_host")
    r = HTTP.get(f"{room.base}/api/quiz?count=50&lang=zh-Hant", timeout=10)  # the drills' own language
    said_in_chinese(r.json(), "quiz.error.count")


def test_a_download_of_your_own_cards_is_refused_in_chinese(room: Server) -> None:
    table = room.create_table(name="mine", bots=["caller"], clock=0.3)
    room.join(table, "Ann")  # she never acts: the clock plays her hands
    patience = Patience(30)
    while not room.get(f"/api/tables/{table}/hands").json():
        assert not patience.over(), "no hand finished"
        time.sleep(0.2)
    base = f"{room.base}/api/tables/{table}/hands/1/mine"
    r = HTTP.get(base, headers=ZH, timeout=10)
    assert r.status_code == 403
    said_in_chinese(r.json(), "room.proof.no_seat_token")
    r = HTTP.get(base, headers={**ZH, "X-Seat-Token": "not-a-token"}, timeout=10)
    said_in_chinese(r.json(), "room.proof.unknown_token")
    r = HTTP.get(f"{room.base}/api/tables/{table}/hands/999/phh", headers=ZH, timeout=10)
    said_in_chinese(r.json(), "room.error.no_finished_hand")


def _errors(c: Client, n: int) -> list[dict[str, Any]]:
    out = []
    while len(out) < n:
        msg = c.next_of("error")
        out.append(msg)
    return out


def test_the_protocols_refusals_are_said_in_the_language_the_reader_picked(room: Server) -> None:
    table = room.create_table(name="protocol")  # an English table
    c = Client(room, table)
    c.until(lambda s: True)
    c.send(type="lang", lang="zh-Hant")
    c.ws.send("{not json")
    c.send(type="dance")
    c.send(type="act", kind="raise", hand=1)
    c.send(type="ping", extra=1)
    c.ws.send(json.dumps({"type": "chat", "text": "\u200b"}))
    got = _errors(c, 5)
    keys = ["room.protocol.not_json", "room.protocol.unknown_type", "room.protocol.raise_amount",
            "room.protocol.extra_fields", "room.protocol.nothing_visible"]
    for msg, key in zip(got, keys, strict=True):
        said_in_chinese(msg, key)
    c.close()


def test_a_first_message_that_is_not_a_hello_is_refused_in_the_browsers_language(room: Server) -> None:
    table = room.create_table(name="hello")
    ws = connect(f"ws://127.0.0.1:{room.port}/ws/{table}", additional_headers=ZH, open_timeout=5, legacy=True)
    try:
        ws.send(json.dumps({"type": "ping"}))
        msg = json.loads(ws.recv(timeout=5))
        assert msg["ref"] == "hello"
        said_in_chinese(msg, "room.protocol.hello_first")
    finally:
        ws.close()


def test_a_chat_too_fast_is_refused_in_chinese(room: Server) -> None:
    table = room.create_table(name="chat", lang="zh-Hant")  # the table's language, the reader's default
    ann = room.join(table, "Ann")
    c = Client(room, table, ann["token"])
    c.until(lambda s: True)
    for k in range(7):
        c.send(type="chat", text=f"line {k}")
    said_in_chinese(c.next_of("error"), "room.chat.too_fast")
    c.close()


def test_too_many_connections_are_refused_in_the_browsers_language(room: Server) -> None:
    table = room.create_table(name="crowd")
    open_ = [Client(room, table), Client(room, table)]  # the cap here: 2 per address and table
    try:
        ws = connect(f"ws://127.0.0.1:{room.port}/ws/{table}", additional_headers=ZH, open_timeout=5, legacy=True)
        msg = json.loads(ws.recv(timeout=5))
        assert msg["code"] == "too_many_connections"
        said_in_chinese(msg, "room.conn.too_many_for_table")
        ws.close()
    finally:
        for c in open_:
            c.close()


def test_a_table_played_elsewhere_is_said_in_chinese() -> None:
    # Driven across two processes in test_multiprocess; here: the words it is sent in.
    said = error_words("zh-Hant", Elsewhere("abc123", "10.0.0.2:8000"))
    assert said["message"] == message("zh-Hant", "room.error.elsewhere", table="abc123")
    assert CJK.search(said["message"])


@pytest.mark.parametrize(
    ("path", "body", "key", "chinese", "english"),
    [
        ("/api/tables", {"seats": "SECRET-many"}, "room.request.int_type", "座位數須為整數",
         "seats: Input should be a valid integer"),
        ("/api/tables", {"listed": "SECRET-maybe"}, "room.request.bool_type", "列在大廳只能是「是」或「否」（true 或 false）",
         "listed: Input should be a valid boolean"),
        ("/api/tables", {"clock": "SECRET"}, "room.request.float_type", "行動計時須為數字",
         "clock: Input should be a valid number"),
        ("/api/tables", {"bots": "SECRET"}, "room.request.list_type", "機器人須為清單", "bots: Input should be a valid list"),
        ("/api/tables", ["SECRET"], "room.request.model_attributes_type", "請求內容須為 JSON 物件",
         "body: Input should be a valid dictionary or object to extract fields from"),
        ("/api/tables/{table}/join", {"name": 7007}, "room.request.string_type", "名稱須為文字",
         "name: Input should be a valid string"),
        ("/api/tables/{table}/join", {"buy_in": 1}, "room.request.missing", "缺少名稱", "name: Field required"),
        ("/api/tables/{table}/host", {"command": "SECRET" * 4}, "room.request.string_too_long", "指令最多 20 個字",
         "command: String should have at most 20 characters"),
        ("/api/tables/{table}/host", {"command": "pause", "member": -7007}, "room.request.greater_than_equal",
         "成員編號須至少為 0", "member: Input should be greater than or equal to 0"),
    ],
)
def test_a_body_of_the_wrong_type_is_refused_in_chinese_naming_the_field_not_the_input(
    room: Server, path: str, body: Any, key: str, chinese: str, english: str
) -> None:
    url = room.base + path.format(table=room.create_table(name="shape"))
    r = HTTP.post(url, json=body, headers={**ZH, "X-Host-Token": "x"}, timeout=10)
    assert r.status_code == 422
    assert said_in_chinese(r.json(), key) == chinese == r.json()["detail"]
    assert "SECRET" not in r.text and "7007" not in r.text
    r = HTTP.post(url, json=body, headers={"X-Host-Token": "x"}, timeout=10)
    assert (r.status_code, r.json()["detail"]) == (422, english)


def test_several_wrong_fields_are_each_named_in_chinese(room: Server) -> None:
    r = HTTP.post(room.base + "/api/tables", json={"seats": "x", "listed": "maybe"}, headers=ZH, timeout=10)
    assert r.status_code == 422
    assert said_in_chinese(r.json(), "room.request.and") == "座位數須為整數；列在大廳只能是「是」或「否」（true 或 false）"
    r = HTTP.post(room.base + "/api/tables", json={"seats": "x", "listed": "maybe"}, timeout=10)
    assert r.json()["detail"] == "seats: Input should be a valid integer; listed: Input should be a valid boolean"


def test_a_body_that_is_not_json_is_refused_in_chinese(room: Server) -> None:
    r = HTTP.post(room.base + "/api/tables", content=b'{"name": "SECRET', timeout=10,
                   headers={**ZH, "Content-Type": "application/json"})
    assert r.status_code == 422
    assert said_in_chinese(r.json(), "room.request.not_json") == "請求內容不是有效的 JSON"
    assert "SECRET" not in r.text


def test_a_misspelt_setting_of_a_new_table_is_refused_in_chinese_not_ignored(room: Server) -> None:
    r = HTTP.post(room.base + "/api/tables", json={"name": "t", "sets": 9}, headers=ZH, timeout=10)
    assert r.status_code == 400
    assert said_in_chinese(r.json(), "room.settings.unknown") == "未知的牌桌設定：sets"
    r = HTTP.post(room.base + "/api/tables", json={"name": "t", "sets": 9}, timeout=10)
    assert (r.status_code, r.json()["detail"]) == (400, "unknown table setting(s): sets")


@pytest.mark.parametrize(
    ("path", "body"),
    [("/api/tables/{table}/join", {"name": "Ann", "buyin": 100}), ("/api/tables/{table}/host", {"command": "pause", "buyin": 1})],
)
def test_a_misspelt_field_of_a_join_or_host_command_is_refused_in_chinese_not_ignored(
    room: Server, path: str, body: dict[str, Any]
) -> None:
    url = room.base + path.format(table=room.create_table(name="extra"))
    r = HTTP.post(url, json=body, headers={**ZH, "X-Host-Token": "x"}, timeout=10)
    assert r.status_code == 422
    assert said_in_chinese(r.json(), "room.request.extra_forbidden") == "這裡沒有「buyin」這個欄位"
    r = HTTP.post(url, json=body, headers={"X-Host-Token": "x"}, timeout=10)
    assert (r.status_code, r.json()["detail"]) == (422, "buyin: Extra inputs are not permitted")


@pytest.mark.parametrize(
    ("query", "key", "chinese", "english"),
    [
        ("topic=bogus", "quiz.error.topic",
         "沒有「bogus」這個題目：應為 showdown, best_five, side_pots, min_raise, action_order, show_order, hand_rankings, positions, limits, odd_chips, short_deck, cash_vs_tournament, etiquette, glossary, all 之一",
         "unknown topic 'bogus': expected one of showdown, best_five, side_pots, min_raise, action_order, show_order, hand_rankings, positions, limits, odd_chips, short_deck, cash_vs_tournament, etiquette, glossary, all"),
        ("lang=fr", "i18n.unknown_lang", "沒有「fr」這種語言：應為 en, zh-Hant, zh-Hans 之一",
         "unknown language 'fr': expected one of en, zh-Hant, zh-Hans"),
    ],
)
def test_an_unknown_drill_topic_or_language_is_refused_in_the_browsers_language(
    room: Server, query: str, key: str, chinese: str, english: str
) -> None:
    r = HTTP.get(f"{room.base}/api/quiz?{query}", headers=ZH, timeout=10)
    assert r.status_code == 400
    assert said_in_chinese(r.json(), key) == chinese == r.json()["detail"]
    r = HTTP.get(f"{room.base}/api/quiz?{query}", timeout=10)
    assert (r.status_code, r.json()["detail"]) == (400, english)


def test_a_path_no_route_has_or_a_method_it_does_not_take_is_refused_in_chinese(room: Server) -> None:
    r = HTTP.get(room.base + "/no/such/page", headers=ZH, timeout=10)
    assert r.status_code == 404
    assert said_in_chinese(r.json(), "room.error.not_found") == "找不到這個網址" == r.json()["detail"]
    r = HTTP.delete(room.base + "/api/tables", headers=ZH, timeout=10)
    assert r.status_code == 405 and "GET" in r.headers["allow"]  # the Allow header kept
    assert said_in_chinese(r.json(), "room.error.method_not_allowed") == "這個網址不接受這種請求方法"
    assert HTTP.get(room.base + "/no/such/page", timeout=10).json()["detail"] == "Not Found"
    assert HTTP.delete(room.base + "/api/tables", timeout=10).json()["detail"] == "Method Not Allowed"


def test_sitting_in_while_not_sitting_out_is_refused_in_the_readers_language(room: Server) -> None:
    table = room.create_table(name="sit in", bots=["caller"])
    ann = room.join(table, "Ann")
    c = Client(room, table, ann["token"])
    c.until(lambda s: True)
    c.send(type="sit_in")
    msg = c.next_of("error")
    assert (msg["ref"], msg["message"]) == ("sit_in", "Ann is not sitting out (active)")  # the English as before
    c.send(type="lang", lang="zh-Hant")
    c.send(type="sit_in")
    assert said_in_chinese(c.next_of("error"), "room.error.not_sitting_out") == "Ann沒有暫時離座"
    c.close()


def test_a_top_up_over_the_maximum_between_hands_is_refused_in_the_readers_language(room: Server) -> None:
    # Ann alone: no hand is dealt, so her top-up is checked between hands (sitting out, the same);
    # in a hand it was said in words already, between hands the table's English came through.
    table = room.create_table(name="top up", stack=200)
    ann = room.join(table, "Ann", buy_in=150)
    c = Client(room, table, ann["token"])
    c.until(lambda s: bool(s.get("you") and s["you"]["seat"]))
    c.send(type="lang", lang="zh-Hant")
    c.send(type="top_up", amount=1000)
    assert said_in_chinese(c.next_of("error"), "room.error.top_up_limit") == "你最多只能再補 50（買入上限 200）"
    c.send(type="sit_out")
    c.send(type="top_up", amount=0)
    said_in_chinese(c.next_of("error"), "room.error.top_up_limit")
    c.close()


def test_a_host_setting_that_cannot_change_is_refused_naming_the_settings_in_chinese(room: Server) -> None:
    made = HTTP.post(room.base + "/api/tables", json={"name": "host settings"}, timeout=10).json()
    r = HTTP.post(f"{room.base}/api/tables/{made['id']}/host", json={"command": "settings", "settings": {"colour": 1}},
                   headers={**ZH, "X-Host-Token": made["host_token"]}, timeout=10)
    assert r.status_code == 400
    text = said_in_chinese(r.json(), "room.host.bad_setting")
    assert text == ("房主只能更改：小盲注、大盲注、前注、誰下前注、行動計時、時間銀行、房主批准入座、抓盲、"
                    "發兩次、看兔子牌、炸彈底池間隔、炸彈底池前注、7-2 賞金；不能改「colour」")


@pytest.mark.parametrize(
    ("body", "reason"),
    [
        (b'variant = "NT"\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\nactions = []\n', "缺少必填欄位「starting_stacks」"),
        (b'variant = "NT"\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\nstarting_stacks = [100, 100]\n'
         b'actions = ["d dh p1 AsKs", "d dh p2 AsQd"]\n', "As 這張牌被發了兩次"),
        (b"variant = NT\n", "不是有效的 TOML 格式"),
    ],
)
def test_the_reason_inside_an_upload_refusal_is_said_in_chinese(room: Server, body: bytes, reason: str) -> None:
    r = HTTP.post(room.base + "/api/replay", content=body, headers=ZH, timeout=10)
    assert r.status_code == 400
    said = r.json()["message"]
    assert reason in said, r.json()
    rest = said.replace(reason, "").replace("PokerStars", "").replace("PHH", "")  # the file's own words and formats aside
    assert not re.search(r"[A-Za-z]{3,}", rest), said


_PHH = b'variant = "NT"\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\nstarting_stacks = [100, 100]\n'
_STARS = b"PokerStars Hand #1: Hold'em No Limit (1/2) - 2024/01/01 0:00:00 ET\nTable 'x' 2-max Seat #1 is the button\n"


@pytest.mark.parametrize(
    ("body", "lang", "key"),
    [
        (_PHH + b'actions = ["d dh p1 AcK"]\n', "zh-CN", "history.bad_cards"),
        (_PHH + b'actions = ["p1 raise 80"]\n', "zh-TW", "history.bad_action"),
        (_PHH.replace(b"min_bet = 2", b'min_bet = "two"') + b"actions = []\n", "zh-CN", "history.not_number"),
        (_PHH.replace(b'"NT"', b'"XX"') + b"actions = []\n", "zh-TW", "history.unknown_variant"),
        (_PHH.replace(b'"NT"', b'"PO"') + b"actions = []\n", "zh-CN", "history.unsupported_variant"),
        (_STARS.replace(b"Hold'em No Limit", b"Omaha Pot Limit"), "zh-TW", "history.ps.game"),
        (_STARS + b"Seat 1: Ann (100 in chips)\n", "zh-CN", "history.ps.few_players"),
        (_STARS.replace(b"(1/2)", b"(1)"), "zh-TW", "history.ps.stakes"),
        # The replay's own checks of a readable file.
        (_PHH + b'actions = ["d dh p1 AsKs", "d dh p2 QdQc", "p3 f"]\n', "zh-CN", "replay.fail.no_such_player"),
        (_PHH + b'actions = ["d dh p1 AsKs", "d dh p2 QdQc", "d db 2c3d4h"]\n', "zh-TW", "replay.fail.deal_open"),
        (_PHH + b'actions = ["d dh p1 AsKs", "d dh p2 QdQc", "p2 f", "p2 cc"]\n', "zh-CN", "replay.fail.betting_over"),
        (_PHH + b'actions = ["d dh p1 AsKs", "d dh p2 QdQc", "p2 cc", "p1 cc", "d db 2c3d4h", "p1 cc", "p2 cc", '
                b'"d db 5c", "p1 cc", "p2 cc", "d db 9h", "p1 cc", "p2 cc", "p1 sm AsKh"]\n', "zh-TW",
         "replay.fail.wrong_cards"),
    ],
)
def test_each_parser_reason_of_an_upload_refusal_is_in_the_readers_chinese(
    room: Server, body: bytes, lang: str, key: str
) -> None:
    """The reason the PHH or PokerStars reader (or the replay of what it read) gives is said
    by key, in 简体 or 繁體 as the reader asks, never in the CLI's English (issue 23)."""
    r = HTTP.post(room.base + "/api/replay", content=body, headers={"Accept-Language": lang}, timeout=10)
    assert r.status_code == 400
    said = r.json()["message"]
    reason, quoted = r.json()["params"]["error"], []
    while True:  # the hand's and the line's place around the reason, then the reason
        quoted += [str(v) for v in reason["params"].values() if not isinstance(v, dict)]
        if not isinstance(reason["params"].get("reason"), dict):
            break
        reason = reason["params"]["reason"]
    assert reason["key"] == key, r.json()
    catalog = {"zh-CN": "zh-Hans", "zh-TW": "zh-Hant"}[lang]
    assert message(catalog, key, **reason["params"]) in said
    rest = said
    for value in sorted(quoted, key=len, reverse=True):  # the file's own words aside
        rest = rest.replace(value, "")
    english = r"\b(must|cannot|read|unknown|expected|not|is|are|the|a|an|of|in|got|only|players?|hand|amount|line|or)\b"
    assert not re.search(english, rest), said
