"""What a tournament table's page (/t/{id}) says of its event, read in real Chromium at
desktop (1366x768) and phone (390x844) size, in English and 繁體中文 (screenshots in
$PD_SHOTS if set): the table's number in the reader's words, a paused strip, and the
strip's re-entry button only for a player who has a re-entry left."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from tests.server.chromium import needs_chromium
from tests.server.conftest import Server
from tests.server.test_browser_event_words import LANGS, SIZES, open_page, shot
from tests.server.tournaments import (
    create,
    host,
    reenter,
    reentry_event,
    register,
    shove_until_out,
    state,
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
