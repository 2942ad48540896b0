"""Words a reader types or copies, in real Chromium (issue 23): a break in a tournament's levels
is written in the page's language (休息 5) as well as "break", and the verify page's commands
are code, as typed in every language."""

from __future__ import annotations

import re
from collections.abc import Iterator

import httpx
import pytest

from pokerdealer.i18n import message
from tests.server.chromium import needs_chromium, settled
from tests.server.conftest import Server

pytest.importorskip("playwright")
from playwright.sync_api import Browser, expect  # noqa: E402

pytestmark = needs_chromium


@pytest.fixture(scope="module")
def room(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    s = Server(tmp_path_factory.mktemp("form-words") / "room.db").start()
    yield s
    s.stop()


@pytest.mark.parametrize(("locale", "lang"), [("zh-TW", "zh-Hant"), ("zh-CN", "zh-Hans")])
def test_a_break_in_a_tournaments_levels_is_written_in_the_pages_language(
    browser: Browser, room: Server, locale: str, lang: str
) -> None:
    context = browser.new_context(locale=locale, viewport={"width": 1280, "height": 900})
    page = context.new_page()
    try:
        page.goto(room.base + "/")
        settled(page)
        form = page.locator("#create-event")
        form.locator("select[name=structure]").select_option("custom")
        expect(form.locator("#ev-levels-box")).to_contain_text(message(lang, "event.form.break_word"))
        form.locator("input[name=level_minutes]").fill("1")
        form.locator("textarea[name=levels]").fill("10/20\n休息 5\n20/40\n休息\nbreak 2\n40/80")
        form.locator("#create-event-btn").click()
        page.wait_for_url(re.compile(r"/e/[^/#]+$"))
        state = httpx.get(f"{room.base}/api/tournaments/{page.url.rsplit('/', 1)[1]}", timeout=10).json()
        assert [(r["level"], r["minutes"]) for r in state["structure"]] == [(1, 1), (None, 5), (2, 1), (None, 1), (None, 2), (3, 1)]
    finally:
        context.close()


@pytest.mark.parametrize("locale", ["en-US", "zh-TW", "zh-CN"])
def test_the_verify_pages_commands_are_code(browser: Browser, room: Server, locale: str) -> None:
    context = browser.new_context(locale=locale, viewport={"width": 390, "height": 844})
    page = context.new_page()
    try:
        page.goto(room.base + "/verify")
        settled(page)
        expect(page.locator("#offline code")).to_have_text(["pokerdealer verify hand.phh", "--mine mine.json"])
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")
    finally:
        context.close()
