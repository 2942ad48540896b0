"""The table page shows chat from its own messages (Debian's Chromium driven by Playwright)."""

from __future__ import annotations

import pytest

from tests.server.chromium import needs_chromium
from tests.server.conftest import Client, Server

pytest.importorskip("playwright")
from playwright.sync_api import Browser, expect  # noqa: E402

pytestmark = needs_chromium


def test_the_page_shows_each_line_once_says_its_own_and_gets_the_history_on_reload(
    browser: Browser, server: Server,
) -> None:
    table = server.create_table(name="chatty", bots=[])
    context = browser.new_context()
    context.set_default_timeout(15_000)
    errors: list[str] = []
    other = Client(server, table, address="127.0.6.1")
    try:
        page = context.new_page()
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(f"{server.base}/t/{table}")
        expect(page.locator("#you-bar")).to_contain_text("Watching")
        other.until(lambda s: True)
        other.send(type="chat", text="<b>hello</b> page")
        lines = page.locator("#chat > div")
        expect(lines).to_have_count(1)
        expect(lines.first).to_have_text("spectator: <b>hello</b> page")  # text, never markup
        page.fill("#chat-input", "hello back")
        page.press("#chat-input", "Enter")
        assert other.next_of("chat")["text"] == "<b>hello</b> page"
        assert other.next_of("chat")["text"] == "hello back"
        expect(lines).to_have_count(2)
        page.reload()  # the last lines come once, in the welcome
        expect(page.locator("#you-bar")).to_contain_text("Watching")
        expect(lines).to_have_count(2)
        expect(lines.nth(1)).to_have_text("spectator: hello back")
        assert not errors, errors
    finally:
        other.close()
        context.close()
