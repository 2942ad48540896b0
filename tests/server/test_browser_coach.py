"""In a real browser (Debian's Chromium driven by Playwright): a new player at a
bot table sees the coach, sets a loss limit, is sat out when it is reached, and
goes on only by confirming (issue 16)."""

from __future__ import annotations

import time

import pytest

from tests.server.chromium import check_or_fold, needs_chromium
from tests.server.conftest import Server

pytest.importorskip("playwright")
from playwright.sync_api import Browser, expect  # noqa: E402

pytestmark = needs_chromium


def test_a_new_player_at_a_bot_table_sees_the_coach_and_a_loss_limit_sits_them_out(
    browser: Browser, server: Server
) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.set_default_timeout(15_000)
    errors: list[str] = []
    context.on("console", lambda m: errors.append(m.text) if "Content Security Policy" in m.text else None)
    try:
        table = server.create_table(name="learn", bots=["caller", "caller"], stack=200, clock=30)
        ann = context.new_page()
        ann.on("pageerror", lambda e: errors.append(str(e)))
        ann.goto(f"{server.base}/t/{table}")
        ann.fill("#join-name", "Ann")
        ann.click("#join-btn")
        expect(ann.locator("#coach-toggle")).to_be_checked()
        expect(ann.locator("#coach-lines")).to_contain_text("TDA", timeout=60_000)
        ann.click("#limits summary")
        ann.fill("#limit-loss", "1")
        ann.click("#btn-limits-save")
        expect(ann.locator("#session-line")).to_contain_text("This session")
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and not ann.locator("#limit-stopped").is_visible():
            check_or_fold(ann)
            ann.wait_for_timeout(100)
        expect(ann.locator("#limit-stopped")).to_contain_text("loss limit")
        expect(ann.locator("#btn-sitin")).to_be_visible()
        ann.click("#btn-sitin")  # refused: the limit asks for an explicit go-on
        expect(ann.locator("#limit-stopped")).to_be_visible()
        ann.click("#btn-limit-continue")
        expect(ann.locator("#limit-stopped")).to_have_count(0)
        # The rules page the lines link to, in the page's language.
        ann.goto(f"{server.base}/rules#reopen")
        expect(ann.locator("#reopen h3")).to_contain_text("does not reopen")
        assert errors == []
    finally:
        context.close()
