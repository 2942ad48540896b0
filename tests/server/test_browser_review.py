"""The room's ``/review`` page: a hand history uploaded (any site, any encoding),
pasted, or taken from a table's history, reviewed street by street, in the
three languages, on a 390 px phone and a 1366 px laptop -- the layout measured
against the screen set, never against ``window.innerWidth`` (a phone's browser
widens its layout to fit what overflows). Screenshots go to ``$REVIEW_SHOTS``
when it is set (to look at them)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from pokerdealer.i18n import message
from tests.server.chromium import settled
from tests.server.conftest import Client, Server
from tests.server.test_host import play_until

SITES = Path(__file__).resolve().parents[1] / "history" / "data" / "sites"
WINAMAX = SITES / "winamax" / "hhsmithy__Winamax__CashGame__HandActionTests__AllInHandWithShowdown.txt"
VIEWS = {"phone": 390, "laptop": 1366}


@pytest.fixture(scope="module")
def room(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    s = Server(tmp_path_factory.mktemp("review") / "room.db").start()
    yield s
    s.stop()


def _context(browser: Browser, view: str, lang: str) -> BrowserContext:
    width = VIEWS[view]
    phone = view == "phone"
    context = browser.new_context(viewport={"width": width, "height": 844 if phone else 800}, is_mobile=phone, has_touch=phone)
    context.set_default_timeout(20_000)
    context.add_init_script(f"localStorage.setItem('pd.lang', '{lang}')")
    return context


def _shot(page: Page, name: str) -> None:
    folder = os.environ.get("REVIEW_SHOTS")
    if folder:
        page.screenshot(path=str(Path(folder) / f"{name}.png"), full_page=True)


def _fits(page: Page, width: int) -> None:
    """Nothing on the page reaches past the screen's ``width``: the document, and each line of the review."""
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    right = page.evaluate("Math.max(...[...document.querySelectorAll('#rv-view *')].map(e => e.getBoundingClientRect().right))")
    assert right <= width, right


@pytest.mark.parametrize("view", ["phone", "laptop"])
@pytest.mark.parametrize("lang", ["en", "zh-Hant", "zh-Hans"])
def test_an_uploaded_file_is_reviewed_street_by_street_in_the_readers_language(
    browser: Browser, room: Server, lang: str, view: str,
) -> None:
    context = _context(browser, view, lang)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.goto(f"{room.base}/review")
        settled(page)
        expect(page.locator("#title")).to_have_text(message(lang, "room.review.title"))
        page.set_input_files("#rv-file", str(WINAMAX))
        expect(page.locator("#rv-title")).to_contain_text("5343878-96-1383820687")
        # The first decision: whose turn and why, the price of the call, the coach's rules.
        page.click("#rv-next")
        if view == "phone":  # the step buttons are a thumb's size (44 CSS px, as the table's action bar)
            sizes = page.eval_on_selector_all("#rv-controls button", "bs => bs.map(b => [b.offsetWidth, b.offsetHeight])")
            assert len(sizes) == 4 and all(w >= 44 and h >= 44 for w, h in sizes), sizes
        step = page.locator("#rv-step")
        expect(step).to_contain_text(message(lang, "review.turn.first_preflop", name="nico86190"))
        expect(step.locator(".cite").first).to_have_attribute("href", "/rules#action-order")
        settled(page)
        _fits(page, VIEWS[view])
        _shot(page, f"{lang}-{view}-decision")
        # The flop: the equity of the two hands shown, as bars.
        for _ in range(6):
            page.click("#rv-next")
        expect(step.locator(".rv-street")).to_contain_text(message(lang, "review.streets.flop"))
        expect(page.locator("#rv-equity .name")).to_have_text(["nico86190", "LEROISALO"])
        expect(page.locator("#rv-equity .pct")).to_have_text(["77.0%", "23.0%"])
        settled(page)
        _fits(page, VIEWS[view])
        _shot(page, f"{lang}-{view}-flop")
        page.click("#rv-last")
        expect(step).to_contain_text(message(lang, "room.street.showdown"))
        page.click("#rv-all summary")
        settled(page)
        _fits(page, VIEWS[view])
        _shot(page, f"{lang}-{view}-showdown")
        assert not errors, errors
    finally:
        context.close()


def test_a_pasted_hand_is_reviewed_and_a_text_of_no_hand_is_refused_in_words(browser: Browser, room: Server) -> None:
    context = _context(browser, "phone", "en")
    page = context.new_page()
    try:
        page.goto(f"{room.base}/review")
        settled(page)
        page.fill("#rv-paste", "hello")
        page.click("#rv-go")
        expect(page.locator("#rv-error")).to_contain_text("neither PokerStars text nor PHH")
        page.fill("#rv-paste", WINAMAX.read_text(encoding="utf-8-sig"))
        page.click("#rv-go")
        expect(page.locator("#rv-title")).to_contain_text("Winamax")
        page.select_option("#lang", "zh-Hans")  # the review is asked again in the new language
        page.click("#rv-last")
        expect(page.locator("#rv-step")).to_contain_text("归 nico86190")
    finally:
        context.close()


def test_a_hand_of_a_tables_history_opens_in_the_review_with_only_the_readers_own_cards(
    browser: Browser, room: Server,
) -> None:
    table = room.create_table(bots=["caller", "caller"], lang="en", seats=3)
    ann = room.join(table, "Ann")
    a = Client(room, table, ann["token"])
    try:
        s = play_until([a], lambda x: x["last_hand"] is not None)
    finally:
        a.close()
    number = s["last_hand"]["number"]
    context = _context(browser, "phone", "en")
    context.add_init_script(f"localStorage.setItem('pd.seat.{table}', '{ann['token']}')")
    page = context.new_page()
    try:
        page.goto(f"{room.base}/t/{table}/hands#{number}")
        page.click("#dl-review")
        expect(page.locator("#rv-title")).to_contain_text(f"#{number}")
        own = httpx.get(f"{room.base}/api/tables/{table}/hands/{number}/phh", headers={"X-Seat-Token": ann["token"]})
        ann_cards = next(a.split()[-1] for a in own.text.split('"') if a.startswith("d dh") and "????" not in a)
        cards = page.locator("#rv-players [data-card]").evaluate_all("cs => cs.map(c => c.dataset.card).join('')")
        assert cards.startswith(ann_cards[:2]) and len(cards) in (4, 8, 12)  # hers, and any hand shown down
    finally:
        context.close()
