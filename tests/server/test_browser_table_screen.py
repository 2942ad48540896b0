"""The table page's screen (issue 23), in real Chromium: the title row says the connection as it is,
through a language switch too."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from pokerdealer.i18n import message
from tests.server.chromium import needs_chromium
from tests.server.conftest import Server

pytest.importorskip("playwright")
from playwright.sync_api import Browser, expect  # noqa: E402

pytestmark = needs_chromium


@pytest.fixture(scope="module")
def room(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    s = Server(tmp_path_factory.mktemp("table-screen") / "room.db").start()
    yield s
    s.stop()


def test_a_language_switch_keeps_the_connection_said_connected(browser: Browser, room: Server) -> None:
    """The switch put the page's words in again, the title row's "connecting…" with them, while
    the page stayed connected."""
    table = room.create_table(name="conn", bots=["caller"], clock=300)
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    context.add_init_script("localStorage.setItem('pd.lang', 'en')")
    try:
        page = context.new_page()
        page.goto(f"{room.base}/t/{table}")
        expect(page.locator("#conn")).to_have_text(message("en", "room.conn.connected"))
        for lang in ("zh-Hant", "zh-Hans"):
            page.select_option("#lang", lang)
            page.locator(f"html[data-words='{lang}']").wait_for(state="attached")
            assert page.locator("#conn").text_content() == message(lang, "room.conn.connected")
    finally:
        context.close()
