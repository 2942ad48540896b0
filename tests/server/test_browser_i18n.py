"""The room in Chinese, in a real browser: no visible English on the lobby, a
table played to a showdown, the history page and the verify page (desktop and
a 390x844 phone, zh-Hans and zh-Hant, the language picked from Accept-Language)."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from tests.server.chromium import ARGS, CHROMIUM, check_or_call_until, needs_chromium, settled
from tests.server.conftest import Server

pytest.importorskip("playwright")
from playwright.sync_api import Page, expect, sync_playwright  # noqa: E402

pytestmark = needs_chromium

# Every visible text node of the page (form values and option lists aside).
VISIBLE_TEXT = """() => {
  const out = [];
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    const p = n.parentElement;
    if (!p || !n.textContent.trim() || p.closest("select, script, style")) continue;
    if (!p.checkVisibility({ visibilityProperty: true, opacityProperty: false })) continue;
    out.push(n.textContent.trim());
  }
  for (const b of document.querySelectorAll("input[placeholder]")) if (b.checkVisibility()) out.push(b.placeholder);
  return out;
}"""

# What may stand in Latin letters: names, card codes, hashes, formats and commands.
ALLOWED = re.compile(
    r"\b[0-9a-f]{8,}\b|TDA|\b(?:[2-9TJQKA][cdhs]\s*)+\b|PHH|PokerStars|pokerdealer|JSON|Merkle|"
    r"hand\.phh|--mine|mine\.json|_deck_reveal|/fair|\.phhs?|\.txt|verify"
)


def english_left(page: Page, names: tuple[str, ...]) -> list[str]:
    """Visible texts that still hold an English word (two letters or more)."""
    bad = []
    for text in page.evaluate(VISIBLE_TEXT):
        rest = text
        for name in names:
            rest = rest.replace(name, " ")
        rest = ALLOWED.sub(" ", rest)
        if re.search(r"[A-Za-z]{2,}", rest):
            bad.append(text)
    return bad


def _shot(page: Page, folder: Path, name: str) -> None:
    page.screenshot(path=str(folder / f"{name}.png"), full_page=True)


@pytest.mark.parametrize(("lang", "accept"), [("zh-Hans", "zh-CN"), ("zh-Hant", "zh-TW")])
def test_no_english_is_left_on_any_page_in_chinese(server: Server, tmp_path: Path, lang: str, accept: str) -> None:
    shots = Path(os.environ.get("PD_SHOTS", tmp_path))
    shots.mkdir(parents=True, exist_ok=True)
    table = server.create_table(name="家庭局", bots=["caller"], clock=30, lang=lang)
    names = ("家庭局", "阿安", "小寶")  # the table's bot is named in its language: no exemption
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, timeout=30_000)
        try:
            for device, viewport, player in (("desktop", {"width": 1280, "height": 800}, "阿安"),
                                             ("phone", {"width": 390, "height": 844}, "小寶")):
                # A first visit: the lobby's language comes from the browser's Accept-Language.
                context = browser.new_context(viewport=viewport, locale=accept, is_mobile=device == "phone")
                context.set_default_timeout(15_000)
                page = context.new_page()
                errors: list[str] = []
                page.on("pageerror", lambda e: errors.append(str(e)))  # noqa: B023
                page.goto(server.base + "/")
                expect(page.locator("html")).to_have_attribute("lang", lang)
                expect(page.locator("#create-btn")).not_to_have_text("Create table")
                assert english_left(page, names) == [], "lobby"
                _shot(page, shots, f"{lang}-{device}-lobby")
                page.goto(f"{server.base}/t/{table}")
                expect(page.locator("html")).to_have_attribute("lang", lang)
                page.fill("#join-name", player)
                page.click("#join-btn")
                expect(page.locator("#you-bar")).to_contain_text(player)
                check_or_call_until(page, "#showdown-body .describe", timeout_ms=90_000)  # a shown hand
                settled(page)
                assert english_left(page, names) == [], "table"
                _shot(page, shots, f"{lang}-{device}-table")
                number = int(re.findall(r"\d+", page.locator("#showdown-body .muted").first.inner_text())[0])
                page.goto(f"{server.base}/t/{table}/hands#{number}")
                expect(page.locator("#step-no")).not_to_be_empty()
                page.click("#last")
                expect(page.locator("#rp-summary .award").first).to_be_visible()
                assert english_left(page, names) == [], "history"
                _shot(page, shots, f"{lang}-{device}-history")
                page.goto(f"{server.base}/verify?table={table}&hand={number}")
                expect(page.locator("#result")).to_contain_text("✔")
                assert english_left(page, names) == [], "verify"
                assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1"), "verify is wider than the screen"
                _shot(page, shots, f"{lang}-{device}-verify")
                assert errors == []
                context.close()
        finally:
            browser.close()

