"""A table that feels alive, in real Chromium, desktop and a 390x844 phone, in
each language: a full hand to a showdown with the call and raise buttons
saying their amounts, your hand's strength under your cards, and the
showdown saying who showed, who mucked and why the winner won (issue 14).

Screenshots go to ``$ALIVE_SHOTS`` when it is set (to look at them)."""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from pokerdealer.i18n import message
from tests.server.chromium import check_or_call, needs_chromium, show_when_asked
from tests.server.conftest import Server

pytest.importorskip("playwright")
from playwright.sync_api import Browser, Page, expect  # noqa: E402

pytestmark = needs_chromium
VIEWPORTS = {
    "desktop": {"viewport": {"width": 1280, "height": 800}},
    "phone": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True},
}
CJK = re.compile(r"[\u4e00-\u9fff]")


@pytest.fixture(scope="module")
def room(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    s = Server(tmp_path_factory.mktemp("alive") / "room.db").start()
    yield s
    s.stop()


def _shot(page: Page, name: str) -> None:
    folder = os.environ.get("ALIVE_SHOTS")
    if folder:
        page.screenshot(path=str(Path(folder) / f"{name}.png"), full_page=True)


def _boxes_overlap(a: dict[str, float] | None, b: dict[str, float] | None) -> bool:
    if not a or not b:
        return False
    return not (a["x"] + a["width"] <= b["x"] or b["x"] + b["width"] <= a["x"]
                or a["y"] + a["height"] <= b["y"] or b["y"] + b["height"] <= a["y"])


def _check_buttons(page: Page, lang: str, seen: dict[str, Any]) -> None:
    """The call and raise buttons say their amounts, in the page's language."""
    call = page.locator("#btn-call")
    if call.is_visible():
        text = call.inner_text()
        assert re.fullmatch(re.escape(message(lang, "room.act.call", amount="@")).replace("@", r"[\d,]+"), text) or \
            re.fullmatch(re.escape(message(lang, "room.act.call_all_in", amount="@")).replace("@", r"[\d,]+"), text), text
        seen["call"] = text
    if page.locator("#btn-raise").is_visible():
        amount = page.locator("#raise-amount").input_value()
        opening = page.locator("#btn-check").is_visible() and page.locator("#board .card").count() >= 3
        key = "room.act.bet_amount" if opening else "room.act.raise_to_amount"
        expect(page.locator("#btn-raise")).to_have_text(message(lang, key, amount=f"{int(amount):,}"))
        seen["raise"] = page.locator("#btn-raise").inner_text()


# Each language once, each view at least once: the hand is the same, the words and layout differ.
@pytest.mark.parametrize(("lang", "view"), [("en", "desktop"), ("zh-Hant", "phone"), ("zh-Hans", "phone")])
def test_a_hand_to_showdown_says_amounts_strength_and_who_mucked(
    browser: Browser, room: Server, lang: str, view: str
) -> None:
    context = browser.new_context(**VIEWPORTS[view])
    context.set_default_timeout(15_000)
    context.add_init_script(f"localStorage.setItem('pd.lang', '{lang}')")
    errors: list[str] = []
    try:
        table = room.create_table(name=f"alive {lang} {view}", bots=["caller"], clock=30, lang=lang)
        page = context.new_page()
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(f"{room.base}/t/{table}")
        page.fill("#join-name", "Ann")
        page.click("#join-btn")
        expect(page.locator("#you-line")).to_be_visible()
        seen: dict[str, Any] = {}
        mucked = None
        for _ in range(600):
            show_when_asked(page)  # the coach on (a bot at the table): she shows at the showdown
            if page.locator("#actions").is_visible():
                _check_buttons(page, lang, seen)
                if page.locator("#strength").is_visible() and "strength" not in seen:
                    seen["strength"] = page.locator("#strength").inner_text()
                    _shot(page, f"{lang}-{view}-turn")
                    if view == "phone":  # bets and the dealer button leave the hand line alone
                        info = page.locator("#handinfo").bounding_box()
                        for chip in page.locator(".seat.bet, .seat .dealer, .seat .blind").all():
                            assert not _boxes_overlap(chip.bounding_box(), info)
                check_or_call(page)
            body = page.locator("#showdown-body")
            if body.locator(".entry .muted").count():
                mucked = body.inner_text()
                if "call" in seen and "raise" in seen:  # else play on: a hand as the big blind has no call to make
                    break
            page.wait_for_timeout(100)
        assert mucked is not None, "no showdown with a muck in the hands played"
        _shot(page, f"{lang}-{view}-showdown")
        assert "call" in seen and "raise" in seen, seen
        strength = seen.get("strength", "")
        assert strength and (CJK.search(strength) if lang != "en" else not CJK.search(strength)), strength
        explain = page.locator("#showdown-body .explain").first.inner_text()
        assert message(lang, "award.folded", name="@").split("@")[-1] not in explain
        muck_word = {"en": "mucked", "zh-Hant": "蓋牌", "zh-Hans": "盖牌"}[lang]
        assert muck_word in explain, explain
        assert page.locator("link[rel=icon]").get_attribute("href") == "/static/favicon.svg"
        assert errors == []
    finally:
        context.close()


@pytest.mark.parametrize("lang", ["en", "zh-Hans"])
def test_opening_the_betting_after_the_flop_the_button_says_bet_not_raise(
    browser: Browser, room: Server, lang: str
) -> None:
    """With a check open after the flop nobody has bet: the button offers to bet, as players say it."""
    context = browser.new_context(**VIEWPORTS["desktop"])
    context.set_default_timeout(15_000)
    context.add_init_script(f"localStorage.setItem('pd.lang', '{lang}')")
    try:
        table = room.create_table(name=f"bet {lang}", bots=["caller"], clock=30, lang=lang)
        page = context.new_page()
        page.goto(f"{room.base}/t/{table}")
        page.fill("#join-name", "Ann")
        page.click("#join-btn")
        expect(page.locator("#you-line")).to_be_visible()
        said = None
        for _ in range(600):
            show_when_asked(page)
            if page.locator("#actions").is_visible():
                if page.locator("#btn-check").is_visible() and page.locator("#board .card").count() >= 3 \
                        and page.locator("#btn-raise").is_visible():
                    said = page.locator("#btn-raise").inner_text()
                    amount = int(page.locator("#raise-amount").input_value())
                    break
                try:
                    page.locator("#btn-check:visible, #btn-call:visible").first.click(timeout=2000)
                except Exception:  # noqa: BLE001 - re-rendered under the click: look again
                    pass
            page.wait_for_timeout(100)
        assert said is not None, "never first to bet after the flop"
        assert said == message(lang, "room.act.bet_amount", amount=f"{amount:,}")
    finally:
        context.close()
