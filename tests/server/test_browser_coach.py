"""In a real browser (Debian's Chromium driven by Playwright): a new player at a
bot table sees the coach (issue 16); a loss limit stops them, the stop holds
when they leave and sit again in the same browser, says kindly what happened
and the seed's advice, and they go on only by choosing to after the cool-off
(issue 22) -- in each of the three languages, on a laptop and a phone."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from pokerdealer.i18n import message
from tests.patience import Patience
from tests.server.chromium import fold_at_every_turn, needs_chromium
from tests.server.conftest import Server

pytest.importorskip("playwright")
from playwright.sync_api import Browser, Page, expect  # noqa: E402

pytestmark = needs_chromium

COOL_OFF = 8
"""The room's cool-off here (seconds): long enough to see the wait, short enough to wait it out."""
SHOTS = Path("/tmp/shots-limits")
LAPTOP, PHONE = {"width": 1280, "height": 800}, {"width": 390, "height": 844}

#: What each language's stop says: the limit, the seed's advice (seed 001: 遊戲應以娛樂為目的，設定可承受的
#: 時間與預算，不追逐損失), the wait, and the end of the break.
SAYS = {
    "en": {"limit": "loss limit you set", "advice": ("Play for fun", "don't chase your losses", "take a break"),
           "wait": "after a short break", "ready": "The break is over"},
    "zh-Hant": {"limit": "自己設定的止損", "advice": ("遊戲應以娛樂為目的", "設定可承受的時間與預算", "不追逐損失", "休息一下"),
                "wait": "後可以選擇繼續", "ready": "休息時間已過"},
    "zh-Hans": {"limit": "自己设定的止损", "advice": ("游戏应以娱乐为目的", "设定可承受的时间与预算", "不追逐损失", "休息一下"),
                "wait": "后可以选择继续", "ready": "休息时间已过"},
}


@pytest.fixture(scope="module")
def room(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    s = Server(tmp_path_factory.mktemp("coach") / "room.db", extra=("--limit-cool-off", str(COOL_OFF))).start()
    yield s
    s.stop()


def _shots(page: Page, name: str) -> None:
    """The page now on a laptop and on a phone (390 px), for a person to look at."""
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}-laptop.png"), full_page=True)
    page.set_viewport_size(PHONE)
    page.screenshot(path=str(SHOTS / f"{name}-phone.png"), full_page=True)
    page.set_viewport_size(LAPTOP)


def test_a_new_player_at_a_bot_table_sees_the_coach(browser: Browser, room: Server) -> None:
    context = browser.new_context(viewport=LAPTOP)
    context.set_default_timeout(15_000)
    errors: list[str] = []
    context.on("console", lambda m: errors.append(m.text) if "Content Security Policy" in m.text else None)
    try:
        table = room.create_table(name="learn", bots=["caller", "caller"], stack=200, clock=30)
        ann = context.new_page()
        ann.on("pageerror", lambda e: errors.append(str(e)))
        ann.goto(f"{room.base}/t/{table}")
        ann.fill("#join-name", "Ann")
        ann.click("#join-btn")
        expect(ann.locator("#coach-toggle")).to_be_checked()
        expect(ann.locator("#coach-lines")).to_contain_text("TDA", timeout=60_000)
        ann.click("#limits summary")
        ann.fill("#limit-loss", "50")
        ann.click("#btn-limits-save")
        expect(ann.locator("#session-line")).to_contain_text("This session")
        # The rules page the lines link to, in the page's language.
        ann.goto(f"{room.base}/rules#reopen")
        expect(ann.locator("#reopen h3")).to_contain_text("does not reopen")
        assert errors == []
    finally:
        context.close()


@pytest.mark.parametrize("lang", list(SAYS))
def test_a_loss_limit_stop_holds_when_the_player_leaves_and_sits_again_until_they_go_on_after_the_break(
    browser: Browser, room: Server, lang: str
) -> None:
    says = SAYS[lang]
    context = browser.new_context(viewport=LAPTOP)
    context.set_default_timeout(15_000)
    errors: list[str] = []
    context.on("console", lambda m: errors.append(m.text) if "Content Security Policy" in m.text else None)
    try:
        table = room.create_table(name=f"stop {lang}", bots=["caller", "caller"], stack=200, clock=30)
        ann = context.new_page()
        ann.on("pageerror", lambda e: errors.append(str(e)))
        ann.goto(f"{room.base}/t/{table}?lang={lang}")
        ann.fill("#join-name", "Ann")
        ann.click("#join-btn")
        ann.click("#limits summary")
        ann.fill("#limit-loss", "1")
        ann.click("#btn-limits-save")
        expect(ann.locator("#session-line")).not_to_be_empty()
        stop = ann.locator("#limit-stopped")
        patience = Patience(120)
        while not patience.over() and not stop.is_visible():
            fold_at_every_turn(ann)  # (checking free pots, she won some: many more hands to her 1-chip limit)
            ann.wait_for_timeout(100)
        # Stopped: what happened and the seed's advice, kindly; going on waits for the break.
        expect(stop).to_contain_text(says["limit"])
        for advice in says["advice"]:
            expect(stop).to_contain_text(advice)
        expect(ann.locator("#limit-wait")).to_contain_text(says["wait"])
        expect(ann.locator("#btn-limit-continue")).to_be_disabled()
        expect(ann.locator("#btn-sitin")).to_be_disabled()
        _shots(ann, f"{lang}-1-stopped")
        # She leaves: no buying in again while stopped.
        ann.once("dialog", lambda d: d.accept())
        ann.click("#btn-leave")
        expect(ann.locator("#btn-leave")).to_have_count(0)
        expect(ann.locator("#join-btn")).to_be_disabled()
        expect(stop).to_be_visible()
        # She sits again as someone new in this browser (the page forgot her seat): still stopped.
        ann.evaluate("(table) => localStorage.removeItem(`pd.seat.${table}`)", table)
        ann.reload()
        ann.fill("#join-name", "Ann")
        ann.click("#join-btn")
        expect(stop).to_contain_text(says["limit"])
        expect(ann.locator("#join-btn")).to_be_disabled()
        expect(ann.locator("#btn-sitin")).to_have_count(0)  # no seat
        _shots(ann, f"{lang}-2-sat-again")
        # After the break she may choose to go on, and then buy in.
        expect(ann.locator("#btn-limit-continue")).to_be_enabled(timeout=(COOL_OFF + 15) * 1000)
        expect(ann.locator("#limit-wait")).to_contain_text(says["ready"])
        _shots(ann, f"{lang}-3-break-over")
        ann.click("#btn-limit-continue")
        expect(stop).to_have_count(0)
        # Her 1-chip limit leaves a buy-in of 1 at most (below the table's least): she raises it first.
        expect(ann.locator("#limit-left")).to_contain_text(message(lang, "room.limits.left", chips=1))
        ann.click("#limits summary")
        ann.fill("#limit-loss", "1000")
        ann.click("#btn-limits-save")
        expect(ann.locator("#limit-left")).to_contain_text(message(lang, "room.limits.left", chips=f"{1000:,}"))
        ann.click("#join-btn")
        expect(ann.locator("#you-line")).to_be_visible()
        assert errors == []
    finally:
        context.close()
