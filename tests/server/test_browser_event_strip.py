"""What a tournament table's page (/t/{id}) says of its event, read in real Chromium at
desktop (1366x768) and phone (390x844) size, in English and 繁體中文 (screenshots in
$PD_SHOTS if set): the table's number in the reader's words, a paused strip, the
strip's re-entry button only for a player who has a re-entry left, and a finished
event's winner on its tables (a broken one's too) and its TV, at 360, 390 and 1366 px."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from pokerdealer.i18n import message
from pokerdealer.server.seat_names import bot_name
from tests.server.chromium import needs_chromium
from tests.server.conftest import Server
from tests.server.test_browser_event_words import LANGS, SIZES, open_page, shot
from tests.server.test_browser_phone_room import CASES, VIEWS, opened
from tests.server.tournaments import (
    create,
    host,
    reenter,
    reentry_event,
    register,
    shove_until_out,
    state,
    until,
)

pytest.importorskip("playwright")
from playwright.sync_api import Browser, expect  # noqa: E402

pytestmark = needs_chromium


@pytest.fixture(scope="module")
def room(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    s = Server(tmp_path_factory.mktemp("event-strip") / "room.db").start()
    yield s
    s.stop()


@pytest.fixture(scope="module")
def paused(room: Server) -> dict[str, Any]:
    """An event of bots started and paused at once (its tables stay as drawn)."""
    ev = create(room, max_entrants=8, seats=4, level_seconds=600, bots=["caller"] * 8)
    assert host(room, ev, "start").status_code == 200
    assert host(room, ev, "pause").status_code == 200
    return ev


PAUSED = {"en": "Paused · Blinds 10/20", "zh-Hant": "已暫停 · 盲注 10/20"}
TABLE_1 = {"en": "Friday · Table 1", "zh-Hant": "Friday · 第 1 桌"}


@pytest.mark.parametrize(("lang", "accept"), LANGS)
@pytest.mark.parametrize("size", SIZES)
def test_a_tournament_table_says_its_number_in_the_readers_words(
    room: Server, browser: Browser, paused: dict[str, Any], lang: str, accept: str, size: str
) -> None:
    table = state(room, paused["id"])["room_tables"]["1"]
    page = open_page(browser, f"{room.base}/t/{table}", size=size, lang=lang, accept=accept)
    expect(page.locator("#event-strip")).to_be_visible()
    # "Friday · Table 1 · 10/20 ...", not the room's stored name "Friday · 1 · 10/20 ...".
    expect(page.locator("#title")).to_have_text(re.compile("^" + re.escape(TABLE_1[lang] + " · ")))
    assert page.title() == f"{TABLE_1[lang]} — pokerdealer"
    # The title fits the screen (the felt's seats: test_browser_phone_felt.py).
    assert page.evaluate("document.getElementById('title').getBoundingClientRect().right") <= SIZES[size]["width"]
    shot(page, f"event-table-title-{lang}-{size}")
    page.context.close()


@pytest.mark.parametrize(("lang", "accept"), [*LANGS, ("zh-Hans", "zh-CN")])
def test_a_players_move_is_told_in_the_readers_words_with_the_way_to_the_new_table(
    room: Server, browser: Browser, paused: dict[str, Any], lang: str, accept: str
) -> None:
    """The move as the room sends it (event_base: ``moved`` with its key and the table's number):
    the strip says it, that the page takes them there, and offers the way by hand, in the reader's words."""
    tables = state(room, paused["id"])["room_tables"]
    page = open_page(browser, f"{room.base}/t/{tables['1']}", size="phone", lang=lang, accept=accept)
    expect(page.locator("#event-strip")).to_be_visible()
    said = message(lang, "room.event.moved.balance", table=2)
    # Read as it is drawn (the page leaves for the new table 2.5 s later).
    shown = page.evaluate("""([table, key, message]) => {
        eventMoved({ type: "moved", table, key, params: { table: 2 }, message }, null);
        return [document.getElementById("event-moved").textContent, document.getElementById("event-go").getAttribute("href")];
    }""", [tables["2"], "room.event.moved.balance", said])
    going, go = message(lang, "room.event.going"), message(lang, "room.event.go", table=2)
    assert shown == [f"{said} {going} {go}", f"/t/{tables['2']}"]
    page.context.close()


@pytest.mark.parametrize(("lang", "accept"), LANGS)
def test_a_paused_tournament_strip_says_paused_apart_from_the_blinds(
    room: Server, browser: Browser, paused: dict[str, Any], lang: str, accept: str
) -> None:
    table = state(room, paused["id"])["room_tables"]["2"]
    page = open_page(browser, f"{room.base}/t/{table}", size="desktop", lang=lang, accept=accept)
    # "Paused · Blinds 10/20", not "PausedBlinds 10/20".
    expect(page.locator("#event-strip")).to_contain_text(PAUSED[lang])
    page.context.close()


def test_the_strip_offers_no_reentry_to_a_player_who_has_none_left(room: Server, browser: Browser) -> None:
    ev = reentry_event(room)  # one re-entry each, registration open for five levels
    token = register(room, ev["id"], "Ann")
    assert host(room, ev, "start").status_code == 200
    shove_until_out(room, ev["id"], token)
    assert reenter(room, ev["id"], token).status_code == 200
    out = shove_until_out(room, ev["id"], token)
    assert not out["can_reenter"] and state(room, ev["id"])["registration"]["open"]
    page = open_page(browser, f"{room.base}/", size="phone", lang="zh-Hant", accept="zh-TW")
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [f"pd.seat.{out['last_table']}", token])
    # (Waited for by Playwright: an event handler's list is filled only while Playwright is called.)
    with page.expect_response(lambda r: re.search(r"/api/tournaments/[^/]+/me$", r.url) is not None) as asked:
        page.goto(f"{room.base}/t/{out['last_table']}")
        # Her place, and no button -- though the event takes re-entries (the strip's re_entry).
        expect(page.locator("#event-result")).to_contain_text(f"第 {out['place']} 名")
        expect(page.locator("#event-reenter")).to_have_count(0)
    # Nor once the strip has asked /me whether she may re-enter (she may not).
    assert asked.value.json()["can_reenter"] is False
    expect(page.locator("#event-strip")).to_have_attribute("data-reentry", "no")  # the answer taken in
    expect(page.locator("#event-reenter")).to_have_count(0)
    shot(page, "event-strip-no-reentry-zh-Hant-phone")
    page.context.close()


def test_a_player_out_of_the_money_is_told_their_place_alone(room: Server, browser: Browser) -> None:
    ev = reentry_event(room)
    token = register(room, ev["id"], "Ann")
    assert host(room, ev, "start").status_code == 200
    out = shove_until_out(room, ev["id"], token)
    assert out["prize"] == 0, out  # out first, with junk: no prize
    for lang, accept, said in (("en", "en", f"You finished in place {out['place']}."), ("zh-Hant", "zh-TW", f"你的名次是第 {out['place']} 名")):
        page = open_page(browser, f"{room.base}/", size="phone", lang=lang, accept=accept)
        page.evaluate("([k, v]) => localStorage.setItem(k, v)", [f"pd.seat.{out['last_table']}", token])
        page.goto(f"{room.base}/t/{out['last_table']}")
        # "You finished in place 9.", not "You finished in place 9. Prize: 0".
        expect(page.locator("#event-result")).to_have_text(said)
        page.context.close()


# Level 1 and 2 with a big-blind ante (the only kind a tournament level takes): only the big blind posts it.
BIG_BLIND_ANTE = {
    "en": ("Blinds 10/20 big-blind ante 20", "next 20/40 big-blind ante 40"),
    "zh-Hant": ("盲注 10/20 大盲前注 20", "下一級別 20/40 大盲前注 40"),
    "zh-Hans": ("盲注 10/20 大盲前注 20", "下一级别 20/40 大盲前注 40"),
}


@pytest.mark.parametrize(("lang", "accept"), [*LANGS, ("zh-Hans", "zh-CN")])
@pytest.mark.parametrize("size", SIZES)
def test_the_strip_says_a_big_blind_ante_as_the_big_blinds_alone(
    room: Server, browser: Browser, lang: str, accept: str, size: str
) -> None:
    levels = [{"small_blind": 10, "big_blind": 20, "ante": 20, "seconds": 600}, {"small_blind": 20, "big_blind": 40, "ante": 40, "seconds": 600}]
    ev = create(room, max_entrants=4, seats=4, levels=levels, bots=["caller"] * 4)
    assert host(room, ev, "start").status_code == 200
    assert host(room, ev, "pause").status_code == 200
    table = state(room, ev["id"])["room_tables"]["1"]
    page = open_page(browser, f"{room.base}/t/{table}", size=size, lang=lang, accept=accept)
    blinds, upcoming = BIG_BLIND_ANTE[lang]
    # "Blinds 10/20 big-blind ante 20", not "Blinds 10/20 ante 20" (everyone's ante).
    expect(page.locator("#event-blinds")).to_have_text(blinds)
    expect(page.locator("#event-next")).to_have_text(upcoming)
    # On a phone the strip takes lines, broken between its items: each is read whole on one line.
    broken = page.evaluate("""() => [...document.querySelectorAll('#event-strip .event-line > :is(span, b)')]
      .filter(e => new Set([...e.getClientRects()].map(r => Math.round(r.top))).size > 1).map(e => e.textContent)""")
    assert broken == []
    shot(page, f"event-strip-ante-{lang}-{size}")
    page.context.close()


@pytest.fixture(scope="module", autouse=True)
def finishing(room: Server) -> dict[str, Any]:
    """Four callers of two big blinds each at two tables of two, started with the module: it plays
    while the other tests run (CI's time). The first bust draws the final table anew (both first
    tables are broken), and a few hands later the event is over."""
    ev = create(room, max_entrants=4, seats=3, starting_stack=40, level_seconds=5, clock=1, bots=["caller"] * 4)
    assert host(room, ev, "start").status_code == 200
    return ev


@pytest.fixture(scope="module")
def finished(room: Server, finishing: dict[str, Any]) -> dict[str, Any]:
    """:func:`finishing` once over, with its state."""
    return {**finishing, "state": until(lambda: (s := state(room, finishing["id"]))["status"] == "finished" and s, timeout=120)}


FINISHED = {"en": "Finished — winner {}", "zh-Hant": "已結束——冠軍 {}", "zh-Hans": "已结束——冠军 {}"}
STANDINGS = {"en": "Final standings", "zh-Hant": "最終名次表", "zh-Hans": "最终名次表"}


@pytest.mark.parametrize(("view", "lang"), CASES)
def test_a_finished_tournament_names_its_winner_on_its_tables_and_tv_not_a_level(
    room: Server, browser: Browser, finished: dict[str, Any], view: str, lang: str
) -> None:
    s = finished["state"]
    winner = next(p["name"] for p in s["standings"] if p["place"] == 1)
    # A bot (the event's are all bots) is named in the reader's language, on the strips and the TV alike.
    bot = s["bots"][winner]
    winner = bot_name(bot["kind"], bot["n"], lang=lang)
    (final,) = s["room_tables"].values()
    broken = f"{finished['id']}-1"  # a first table, broken when the final table was drawn
    assert broken != final
    width = VIEWS[view]["viewport"]["width"]
    standings = f"/e/{finished['id']}/standings"
    # One reader's tab goes from table to table to the TV (CI's time: the final table at one size).
    page = opened(browser, view, lang, f"{room.base}/e/{finished['id']}")
    for table in (final, broken) if view == "1366" else (broken,):
        page.goto(f"{room.base}/t/{table}")
        # "Finished — winner X", not "Level 9 … 0:00 left · next …".
        expect(page.locator("#event-finished")).to_have_text(FINISHED[lang].format(winner))
        for gone in ("#event-level", "#event-time", "#event-next", "#event-blinds"):
            expect(page.locator(gone)).to_have_count(0)
        link = page.locator("#event-standings")
        expect(link).to_have_text(STANDINGS[lang])
        expect(link).to_have_attribute("href", standings)
        box = link.bounding_box()
        assert box is not None and 0 <= box["x"] and box["x"] + box["width"] <= width, box
        # The broken table's last hand is dimmed under the strip; the final table's is not.
        dimmed = page.evaluate("getComputedStyle(document.querySelector('.felt-wrap')).opacity")
        assert (float(dimmed) < 1) == (table == broken), dimmed
        shot(page, f"event-finished-{'broken' if table == broken else 'final'}-{lang}-{view}")
    # The TV: the winner, the standings a tap away, and no level to come.
    page.goto(f"{room.base}/e/{finished['id']}")
    expect(page.locator("#time")).to_have_text(winner)
    expect(page.locator("#final-standings")).to_have_text(STANDINGS[lang])
    expect(page.locator("#final-standings")).to_have_attribute("href", standings)
    played = [r for r in s["structure"] if r["index"] <= s["clock"]["index"]]
    expect(page.locator("#structure tbody tr")).to_have_count(len(played))
    assert len(played) < len(s["structure"])  # there were levels to come
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    shot(page, f"event-finished-tv-{lang}-{view}")
    page.context.close()
