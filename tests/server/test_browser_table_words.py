"""The table page's words in real Chromium (issue 14): a show in a seat's last
action and in the log is the catalog's verb with the cards drawn as cards, not
"shows Ks Kd"."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from pokerdealer.i18n import message
from tests.server.chromium import check_or_call_until, needs_chromium
from tests.server.conftest import Server

pytest.importorskip("playwright")
from playwright.sync_api import Browser, expect  # noqa: E402

pytestmark = needs_chromium
CARD_CODE = re.compile(r"\b[2-9TJQKA][cdhs]\b")


@pytest.fixture(scope="module")
def room(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    # A long pause between hands: the showdown stays on the seats long enough to read.
    s = Server(tmp_path_factory.mktemp("words") / "room.db", extra=("--pause", "6")).start()
    yield s
    s.stop()


@pytest.mark.parametrize("lang", ["zh-Hant", "en"])
def test_a_seats_show_is_the_catalogs_verb_with_the_cards_drawn(browser: Browser, room: Server, lang: str) -> None:
    context = browser.new_context()
    context.set_default_timeout(15_000)
    context.add_init_script(f"localStorage.setItem('pd.lang', '{lang}')")
    errors: list[str] = []
    try:
        table = room.create_table(name=f"show {lang}", bots=["caller"], clock=30, lang=lang)
        page = context.new_page()
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(f"{room.base}/t/{table}")
        page.fill("#join-name", "Ann")
        page.click("#join-btn")
        expect(page.locator("#you-line")).to_be_visible()
        check_or_call_until(page, ".seat .last .card")
        last = page.locator(".seat .last").filter(has=page.locator(".card")).first
        text = last.inner_text()
        verb = message(lang, "room.log.show", cards="@").split("@")[0].strip()
        assert text.startswith(verb), text
        assert not CARD_CODE.search(text), text  # K♠ K♦, not Ks Kd
        assert re.search(r"[2-9JQKA]|10", text) and re.search("[♠♥♦♣]", text), text
        assert errors == []
    finally:
        context.close()
