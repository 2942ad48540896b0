"""The room in the reader's language: catalogs complete, Accept-Language, translated refusals."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from pokerdealer.i18n import CATALOGS
from pokerdealer.server.words import pick_language, said_text
from tests.server.conftest import HTTP, Client, Server

STATIC = Path(__file__).parents[2] / "src" / "pokerdealer" / "server" / "static"
_CJK = r"[\u3400-\u9fff]"


def _page_keys() -> set[str]:
    """Every literal key the pages use: t("...")/t_("...") in the scripts, data-i18n* in the HTML."""
    keys: set[str] = set()
    for js in STATIC.glob("*.js"):
        keys |= set(re.findall(r"\bt_?\(\s*\"([a-z_.]+)\"", js.read_text(encoding="utf-8")))
        keys |= set(re.findall(r"\bkey:\s*\"([a-z_.]+)\"", js.read_text(encoding="utf-8")))
    for html in STATIC.glob("*.html"):
        keys |= set(re.findall(r"data-i18n(?:-[a-z-]+)?=\"([^\"]+)\"", html.read_text(encoding="utf-8")))
    # A key built from a value ("room.street." + street) is a family: its members are checked below.
    return {k for k in keys if not k.endswith(".")}


def test_every_key_the_pages_use_is_in_every_catalog() -> None:
    keys = _page_keys()
    assert len(keys) > 80  # the parse found the pages' words
    for lang, catalog in CATALOGS.items():
        assert sorted(keys - set(catalog)) == [], lang
        for family in ("room.street.preflop", "room.street.flop", "room.street.turn", "room.street.river",
                       "room.street.showdown", "room.status.sitting_out", "room.status.waiting",
                       "room.structure.no_limit", "room.structure.pot_limit", "room.structure.fixed_limit"):
            assert family in catalog, (lang, family)


def test_page_text_nodes_are_all_marked_for_translation() -> None:
    """No English left inline in the HTML: every text node with letters sits in a data-i18n element."""
    for html in STATIC.glob("*.html"):
        text = html.read_text(encoding="utf-8")
        body = text[text.index("<body"):]
        body = re.sub(r"<script.*?</script>", "", body, flags=re.S)
        # Drop the marked elements (their text is filled from the catalogs), then look at what is left.
        unmarked = re.sub(r"<(\w+)[^>]*data-i18n=\"[^\"]+\"[^>]*>[^<]*</\1>", "", body)
        unmarked = re.sub(r"<option[^>]*>(English|繁體中文|简体中文)</option>", "", unmarked)
        words = re.findall(r">([^<]*[A-Za-z][^<]*)<", unmarked)
        # Allowed as they are: the room's name and rule citations (TDA 2026 49-A).
        left = [w.strip() for w in words if w.strip() != "♠ pokerdealer" and not re.fullmatch(r"TDA [0-9A-Z, -]+", w.strip())]
        assert left == [], html.name


@pytest.mark.parametrize("lang", ["zh-Hant", "zh-Hans"])
def test_chinese_sentences_use_full_width_punctuation(lang: str) -> None:
    bad = {
        key: text for key, text in CATALOGS[lang].items()
        if re.search(rf"{_CJK}\s*[,:;!?()]|[,:;!?()]\s*{_CJK}", text)
    }
    assert bad == {}


def test_the_button_is_the_button_not_the_house() -> None:
    """The seeds say 按鈕/按钮 (the button) and 按鈕左側 (left of the button), never 莊家."""
    for lang in ("zh-Hant", "zh-Hans"):
        texts = "".join(CATALOGS[lang].values())
        assert "莊" not in texts and "庄" not in texts, lang
    assert "按鈕左側第一位" in CATALOGS["zh-Hant"]["replay.first_left"]
    assert "按钮左侧第一位" in CATALOGS["zh-Hans"]["replay.first_left"]


@pytest.mark.parametrize(
    ("header", "lang"),
    [
        ("zh-TW,zh;q=0.9,en;q=0.8", "zh-Hant"),
        ("zh-HK", "zh-Hant"),
        ("zh-Hant-TW", "zh-Hant"),
        ("zh-CN,zh;q=0.9", "zh-Hans"),
        ("zh-SG", "zh-Hans"),
        ("zh", "zh-Hans"),
        ("en-US,en;q=0.9,zh-CN;q=0.8", "en"),
        ("fr-FR,de;q=0.8", "en"),
        ("fr-FR,zh-TW;q=0.5", "zh-Hant"),
        ("", "en"),
    ],
)
def test_accept_language_picks_the_language_of_a_first_visit(header: str, lang: str) -> None:
    assert pick_language(header) == lang


def test_the_words_endpoint_follows_accept_language_unless_a_language_is_asked(server: Server) -> None:
    got = HTTP.get(server.base + "/api/i18n", headers={"Accept-Language": "zh-TW,zh;q=0.9"}).json()
    assert got["lang"] == "zh-Hant" and got["messages"]["room.error.not_your_turn"] == "還沒輪到你"
    asked = HTTP.get(server.base + "/api/i18n?lang=zh-Hans", headers={"Accept-Language": "zh-TW"}).json()
    assert asked["lang"] == "zh-Hans" and asked["messages"]["room.act.fold"] == "弃牌"
    assert HTTP.get(server.base + "/api/i18n", headers={"Accept-Language": "de"}).json()["lang"] == "en"


def _mover_and_waiter(server: Server, table: str) -> tuple[Client, Client, int]:
    ann = server.join(table, "Ann")
    bob = server.join(table, "Bob")
    a = Client(server, table, ann["token"])
    b = Client(server, table, bob["token"])
    state = a.until(lambda s: s["hand"] is not None and s["hand"]["actor"] is not None)
    b.until(lambda s: s["hand"] is not None)
    mover, waiter = (a, b) if state["hand"]["actor"] == ann["seat"] else (b, a)
    return mover, waiter, state["hand"]["number"]


def test_a_refusal_reaches_a_reader_of_a_zh_hans_table_in_chinese(server: Server) -> None:
    table = server.create_table(name="中文桌", lang="zh-Hans", bots=[], clock=60)
    mover, waiter, number = _mover_and_waiter(server, table)
    try:
        waiter.send(type="act", kind="fold", hand=number)
        error = waiter.next_of("error")
        assert error["key"] == "room.error.not_your_turn"
        assert error["message"] == "还没轮到你"
        state = mover.until(lambda s: s["you"]["legal"] is not None)
        low = state["you"]["legal"]["min_raise"]
        mover.send(type="act", kind="raise", amount=low - 1, hand=number, at=state["hand"]["actions"])
        error = mover.next_of("error")  # the rules' refusal, in the reader's language
        assert error["key"] == "rules.illegal" and f"低于最小加注额 {low}" in error["message"]
        assert "合法动作：" in error["message"]
        mover.send(type="top_up", amount=10**9)
        error = mover.next_of("error")
        assert error["key"] == "room.error.top_up_limit" and error["message"].startswith("你最多只能再补")
    finally:
        mover.close(), waiter.close()


def test_a_reader_who_chose_a_language_is_told_in_it_at_an_english_table(server: Server) -> None:
    table = server.create_table(name="en", lang="en", bots=[], clock=60)
    mover, waiter, number = _mover_and_waiter(server, table)
    try:
        waiter.send(type="act", kind="fold", hand=number)
        assert waiter.next_of("error")["message"] == "it is not your turn"
        waiter.send(type="lang", lang="zh-Hant")
        waiter.send(type="act", kind="fold", hand=number)
        assert waiter.next_of("error")["message"] == "還沒輪到你"
    finally:
        mover.close(), waiter.close()


def test_a_refused_buy_in_says_its_words_with_the_english_detail(server: Server) -> None:
    table = server.create_table(name="t", stack=100)
    r = HTTP.post(server.base + f"/api/tables/{table}/join", json={"name": "Ann", "buy_in": 10**6})
    body = r.json()
    assert r.status_code == 400 and body["key"] == "room.error.buy_in_range"
    assert body["detail"] == f"a buy-in must be {body['params']['low']} to {body['params']['high']}"


def test_a_wrong_host_token_is_refused_with_its_words_and_the_english_detail(server: Server) -> None:
    table = server.create_table(name="t")
    for headers in ({"X-Host-Token": "wrong"}, {}):
        r = HTTP.get(f"{server.base}/api/tables/{table}/host", headers=headers, timeout=10)
        body = r.json()
        assert r.status_code == 403 and body["key"] == "room.host.not_host" and body["params"] == {}
        assert body["detail"] == body["message"] == CATALOGS["en"]["room.host.not_host"]


def test_a_refused_host_setting_says_its_words_with_the_english_detail(server: Server) -> None:
    r = HTTP.post(server.base + "/api/tables", json={"name": "t", "bots": []}, timeout=10)
    table, token = r.json()["id"], r.json()["host_token"]
    url, headers = f"{server.base}/api/tables/{table}/host", {"X-Host-Token": token}
    r = HTTP.post(url, json={"command": "settings", "settings": {"small_blind": 5}}, headers=headers, timeout=10)
    assert r.status_code == 400 and r.json()["key"] == "room.settings.blinds_order"
    assert r.json()["detail"] == "the small blind cannot be larger than the big blind"
    r = HTTP.post(url, json={"command": "settings", "settings": {"time_bank": 900}}, headers=headers, timeout=10)
    body = r.json()
    assert body["key"] == "room.settings.whole_number" and body["detail"] == "time_bank must be a whole number from 0 to 600"
    assert said_text("zh-Hant", body["key"], body["params"]) == "時間銀行須為 0 至 600 的整數"


def test_a_refused_new_table_says_its_words_with_the_english_detail(server: Server) -> None:
    r = HTTP.post(server.base + "/api/tables", json={"name": "t", "seats": 2, "bots": ["caller", "caller"]}, timeout=10)
    assert r.status_code == 400 and r.json()["key"] == "room.settings.seat_free"
    assert r.json()["detail"] == "leave at least one seat free for a person"
