"""The tournament's TV page on a 1920x1080 screen (issue 23), in real Chromium: the latest
moves are read across a room, and a finished event's structure marks no level as played."""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import pytest

from tests.server.chromium import choose_language, needs_chromium, settled
from tests.server.conftest import Server
from tests.server.tournaments import post_tournament, until

pytest.importorskip("playwright")
from playwright.sync_api import Browser, expect  # noqa: E402

pytestmark = needs_chromium

TV = {"width": 1920, "height": 1080}


@pytest.fixture(scope="module")
def room(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    s = Server(tmp_path_factory.mktemp("tv") / "room.db").start()
    yield s
    s.stop()


def test_the_latest_moves_are_large_and_bright_enough_for_a_tv(browser: Browser, room: Server) -> None:
    made = post_tournament(room, {"name": "TV", "bots": ["caller", "caller"], "level_seconds": 60})
    context = browser.new_context(viewport=TV, locale="en-US")
    page = context.new_page()
    try:
        page.goto(f"{room.base}/e/{made['id']}")
        settled(page)
        size, colour, text = page.evaluate("""() => { const s = getComputedStyle(document.getElementById("moves"));
          return [parseFloat(s.fontSize), s.color, getComputedStyle(document.body).color]; }""")
        assert size >= 18 and colour == text
    finally:
        context.close()


def test_a_finished_events_structure_marks_no_level(browser: Browser, room: Server) -> None:
    made = post_tournament(room, {"name": "Done", "bots": ["caller", "random", "random"], "seats": 3,
                                  "level_seconds": 2, "clock": 1, "starting_stack": 300})
    r = httpx.post(f"{room.base}/api/tournaments/{made['id']}/host", json={"command": "start"},
                   headers={"X-Host-Token": made["host_token"]}, timeout=20)
    assert r.status_code == 200, r.text
    until(lambda: httpx.get(f"{room.base}/api/tournaments/{made['id']}", timeout=10).json()["status"] == "finished", timeout=240)
    context = browser.new_context(viewport=TV, locale="en-US")
    page = context.new_page()
    try:
        page.goto(f"{room.base}/e/{made['id']}")
        expect(page.locator("#clock.finished")).to_be_visible()
        expect(page.locator("#structure tbody tr")).not_to_have_count(0)
        expect(page.locator("#structure tr.current")).to_have_count(0)
    finally:
        context.close()


@pytest.mark.parametrize(("locale", "event_lang", "reader"), [("fr-FR", "zh-Hant", "zh-Hant"), ("en-US", "zh-Hans", "en"),
                                                               ("zh-TW", "zh-Hans", "zh-Hant"), ("zh-CN", "en", "zh-Hans")])
def test_the_tv_page_speaks_the_readers_language_and_the_events_for_a_browser_reading_none(
    browser: Browser, room: Server, locale: str, event_lang: str, reader: str
) -> None:
    """As a table page (issue 23): the browser's language, the event's (the host's) only for a
    browser that reads none of the room's; the standings page the same."""
    made = post_tournament(room, {"name": "Lang", "bots": ["caller", "caller"], "lang": event_lang})
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale=locale)
    page = context.new_page()
    try:
        for path in (f"/e/{made['id']}", f"/e/{made['id']}/standings"):
            page.goto(room.base + path)
            settled(page)
            expect(page.locator("html")).to_have_attribute("lang", reader)
    finally:
        context.close()


def test_a_language_chosen_on_the_tv_page_stays_chosen(browser: Browser, room: Server) -> None:
    made = post_tournament(room, {"name": "Chosen", "bots": ["caller", "caller"], "lang": "zh-Hans"})
    context = browser.new_context(viewport=TV, locale="fr-FR")
    page = context.new_page()
    try:
        page.goto(f"{room.base}/e/{made['id']}")
        settled(page)
        expect(page.locator("html")).to_have_attribute("lang", "zh-Hans")
        choose_language(page, "zh-Hant")
        page.reload()
        settled(page)
        expect(page.locator("html")).to_have_attribute("lang", "zh-Hant")
        expect(page.locator("#lang")).to_have_value("zh-Hant")
    finally:
        context.close()
