"""A table page whose connection the server closed for flooding (close code 4008, issue 25)
says so in the reader's language and comes back by itself, in real Chromium. The flood is
sent by the page's own socket, as a script in the page (or a stuck key) would."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from pokerdealer.i18n import message
from tests.server.chromium import needs_chromium, settled
from tests.server.conftest import Server

pytest.importorskip("playwright")
from playwright.sync_api import Browser, expect  # noqa: E402

pytestmark = needs_chromium


@pytest.fixture
def room(tmp_path: Path) -> Iterator[Server]:
    # A server of its own: the flood puts 127.0.0.1 in its cool-off, which other tests' clients share.
    s = Server(tmp_path / "room.db").start()
    yield s
    s.stop()


@pytest.mark.parametrize(("locale", "lang"), [("zh-TW", "zh-Hant"), ("en-US", "en")])
def test_a_connection_closed_for_flooding_says_so_in_the_readers_language_and_reconnects(
    browser: Browser, room: Server, locale: str, lang: str
) -> None:
    table = room.create_table(name="flooded page")
    context = browser.new_context(locale=locale, viewport={"width": 1280, "height": 800})
    context.set_default_timeout(15_000)
    page = context.new_page()
    try:
        page.goto(f"{room.base}/t/{table}")
        settled(page)
        conn = page.locator("#conn")
        expect(conn).to_have_attribute("data-state", "connected")
        # 60 messages trip the throttle (40 in 5 s); 400 left so much unread behind the close
        # that the socket's reset could overtake the close frame on a busy machine (1006).
        page.evaluate("() => { for (let k = 0; k < 60; k++) ws.send(JSON.stringify({ type: 'ping', id: k })); }")
        expect(page.locator("#error")).to_have_text(message(lang, "room.conn.flooded"))
        expect(conn).to_have_attribute("data-state", "reconnecting")
        # Back after the address's cool-off (10 s), at the first try: a try refused within it
        # would have backed off to 24 s.
        expect(conn).to_have_attribute("data-state", "connected", timeout=20_000)
    finally:
        context.close()
