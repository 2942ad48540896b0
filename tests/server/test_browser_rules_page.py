"""The rules page in a real browser (Debian's Chromium driven by Playwright), in each
language (issue 38): the words of the game listed with the nuts and the burn card, what
binds at a live table with its TDA citation, whose rules decide, the show order for when
nobody shows of their own accord -- each section at its anchor, no script error."""

from __future__ import annotations

import pytest

from pokerdealer.i18n import message
from pokerdealer.learn.glossary import TERMS
from tests.server.chromium import needs_chromium
from tests.server.conftest import Server

pytest.importorskip("playwright")
from playwright.sync_api import Browser, expect  # noqa: E402

pytestmark = needs_chromium

LOCALES = {"en": "en-US", "zh-Hant": "zh-TW", "zh-Hans": "zh-CN"}


@pytest.mark.parametrize("lang", list(LOCALES))
def test_the_rules_page_teaches_the_words_what_binds_and_whose_rules(browser: Browser, server: Server, lang: str) -> None:
    context = browser.new_context(locale=LOCALES[lang])
    context.set_default_timeout(15_000)
    errors: list[str] = []
    try:
        page = context.new_page()
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(f"{server.base}/rules#glossary")
        expect(page.locator("html")).to_have_attribute("lang", lang)
        expect(page.locator("#glossary-list dt")).to_have_count(len(TERMS))
        expect(page.locator("#glossary-nuts")).to_have_text(message(lang, "rules.glossary.nuts.name"))
        expect(page.locator("#glossary-burn")).to_have_text(message(lang, "rules.glossary.burn.name"))
        expect(page.locator("#binding h3")).to_contain_text(message(lang, "rules.binding.title"))
        expect(page.locator("#binding .cite")).to_contain_text("TDA 2026 42-A, 52-A")
        expect(page.locator("#house-rules p")).to_have_text(message(lang, "rules.house-rules.body"))
        expect(page.locator("#show-order p")).to_have_text(message(lang, "rules.show-order.body"))
        expect(page.locator("#kickers .cite")).not_to_contain_text("TDA")  # how hands compare is no TDA rule
        assert errors == []
    finally:
        context.close()
