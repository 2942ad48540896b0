"""The time bank bar in real Chromium (issue 14): when the action clock runs
out into the time bank, a second bar appears under the clock, named, and empties
with the bank's seconds -- in the reader's language."""

from __future__ import annotations

import pytest

from pokerdealer.i18n import message
from tests.server.chromium import needs_chromium
from tests.server.conftest import Server
from tests.server.test_browser_event_words import shot

pytest.importorskip("playwright")
from playwright.sync_api import Browser, expect  # noqa: E402

pytestmark = needs_chromium


@pytest.mark.parametrize("lang", ["en", "zh-Hant", "zh-Hans"])
def test_the_time_bank_bar_appears_when_the_clock_runs_into_the_bank(browser: Browser, server: Server, lang: str) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.add_init_script(f"localStorage.setItem('pd.lang', '{lang}')")
    context.set_default_timeout(20_000)
    errors: list[str] = []
    try:
        table = server.create_table(name="bank", bots=["caller"], clock=1, time_bank=4)
        page = context.new_page()
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(f"{server.base}/t/{table}")
        page.fill("#join-name", "Ann")
        page.click("#join-btn")
        expect(page.locator("#actions")).to_be_visible()
        mine = page.locator(".seat.me")
        expect(mine.locator("#clock-fill")).to_be_attached()
        # One second of clock, then the bank: its bar under the clock, the clock's own bar empty.
        bar = mine.locator("#bank-bar")
        expect(bar).to_be_visible()
        # Running down: seen between a tenth and nine tenths of the bank (a state, however fast the machine).
        page.wait_for_function("""() => {
            const b = document.querySelector('.seat.me #bank-bar');
            const part = b.firstChild.getBoundingClientRect().width / b.getBoundingClientRect().width;
            return part > 0.1 && part < 0.9;
        }""")
        assert mine.locator("#clock-fill").evaluate("f => f.getBoundingClientRect().width") == 0
        secs = int(mine.locator("#clock-secs").inner_text().split()[0])
        assert 1 <= secs <= 4
        assert (bar.get_attribute("title") or "").startswith(message(lang, "room.clock.bank", n=0).split("0")[0])
        # The second bar is named on the page, not only in a tooltip no finger can hover.
        expect(mine.locator("#bank-label")).to_have_text(message(lang, "room.clock.bank_label"))
        shot(page, f"time-bank-label-{lang}")
        assert errors == []
    finally:
        context.close()
