"""The table page's screen (issue 23), in real Chromium: the title row says the connection as it is,
through a language switch too; on a phone (360x740 and 390x844) the title is one row, the felt,
your cards and your actions fit one screen, the action bar covers nothing of your line, and the
last hand's story is one tap away. Screenshots in $PD_SHOTS if set."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from pokerdealer.i18n import message
from tests.server.chromium import check_or_call_until, choose_language, needs_chromium, settled
from tests.server.conftest import Server
from tests.server.test_browser_event_words import shot
from tests.server.test_browser_phone_felt import LONG_NAME, at_a_tournament_table

pytest.importorskip("playwright")
from playwright.sync_api import Browser, BrowserContext, Page, expect  # noqa: E402

pytestmark = needs_chromium


@pytest.fixture(scope="module")
def room(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    s = Server(tmp_path_factory.mktemp("table-screen") / "room.db").start()
    yield s
    s.stop()


def test_a_language_switch_keeps_the_connection_said_connected(browser: Browser, room: Server) -> None:
    """The switch put the page's words in again, the title row's "connecting…" with them, while
    the page stayed connected."""
    table = room.create_table(name="conn", bots=["caller"], clock=300)
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    context.add_init_script("localStorage.setItem('pd.lang', 'en')")
    try:
        page = context.new_page()
        page.goto(f"{room.base}/t/{table}")
        expect(page.locator("#conn")).to_have_text(message("en", "room.conn.connected"))
        for lang in ("zh-Hant", "zh-Hans"):
            choose_language(page, lang)
            assert page.locator("#conn").text_content() == message(lang, "room.conn.connected")
    finally:
        context.close()


PHONES = {"360": {"width": 360, "height": 740}, "390": {"width": 390, "height": 844}}

# The screen at the top of the page: the title row's height and any of its items outside it, how far
# the action bar runs past the window's bottom, and the seats (yours with your cards) not wholly
# between the title row and the action bar.
SCREEN = """() => {
  const top = document.getElementById("top").getBoundingClientRect();
  // A tournament table's strip is under the title row: the felt starts below it.
  const strip = document.getElementById("event-strip");
  const above = strip && strip.checkVisibility() ? Math.max(top.bottom, strip.getBoundingClientRect().bottom) : top.bottom;
  const bar = document.getElementById("actions").getBoundingClientRect();
  const out = [...document.querySelectorAll("#top > *")].filter(e => e.checkVisibility())
    .map(e => [e.id || e.tagName, e.getBoundingClientRect()]).filter(([, r]) => r.top < top.top || r.bottom > top.bottom)
    .map(([what]) => what);
  const seats = [...document.querySelectorAll("#felt .seat .box, .seat.me .cards")].map(e => [e.closest(".seat").dataset.seat, e.getBoundingClientRect()]);
  const hidden = seats.filter(([, r]) => r.top < above || r.bottom > bar.top).map(([s, r]) => `seat ${s}: ${Math.round(r.top)}..${Math.round(r.bottom)}`);
  return { title: top.height, strip: above - top.bottom, out, below: bar.bottom - innerHeight, hidden, seats: seats.length, mine: document.querySelectorAll(".seat.me .cards .card").length };
}"""


def phone(browser: Browser, lang: str) -> BrowserContext:
    context = browser.new_context(viewport=PHONES["390"], is_mobile=True, has_touch=True)
    context.set_default_timeout(30_000)
    context.add_init_script(f"localStorage.setItem('pd.lang', {lang!r})")
    return context


def seated(room: Server, context: BrowserContext, *, seats: int, buy_in: int | None = None) -> Page:
    """A player with a long name at a table of callers, on their turn."""
    table = room.create_table(name="Friday night at Maximiliana's", bots=["caller"] * (seats - 1), seats=seats, clock=300)
    page = context.new_page()
    page.goto(f"{room.base}/t/{table}")
    page.fill("#join-name", LONG_NAME)
    if buy_in:
        page.fill("#join-buyin", str(buy_in))
    page.click("#join-btn")
    page.locator("#actions").wait_for(state="visible")
    return page


@pytest.mark.parametrize(("seats", "lang"), [(6, "en"), (10, "zh-Hant")])
def test_on_a_phone_one_title_row_and_the_felt_your_cards_and_your_actions_fit_one_screen(
    browser: Browser, room: Server, seats: int, lang: str
) -> None:
    """The title row took three rows (about 240 of 844 px) and the action bar covered your seat."""
    context = phone(browser, lang)
    try:
        page = seated(room, context, seats=seats)
        faults = []
        for name, size in PHONES.items():
            page.set_viewport_size(size)
            page.evaluate("() => window.scrollTo(0, 0)")
            settled(page)
            screen = page.evaluate(SCREEN)
            assert screen["seats"] == seats + 1 and screen["mine"] == 2, screen
            if screen["title"] > 48 or screen["out"] or screen["below"] > 0 or screen["hidden"]:
                faults.append(f"{name}px: {screen}")
            shot(page, f"screen-{seats}-{lang}-{name}")
        assert faults == []
    finally:
        context.close()


# The page scrolled from its top to its bottom, 10 px at a time: where the action bar, stuck to the
# window's bottom, covers the top-up's amount or button.
UNDER_THE_BAR = """() => {
  const bar = document.getElementById("actions"), out = [];
  for (let y = 0; y <= document.documentElement.scrollHeight; y += 10) {
    window.scrollTo(0, y);
    const b = bar.getBoundingClientRect();
    for (const id of ["topup-amount", "btn-topup"]) {
      const r = document.getElementById(id).getBoundingClientRect();
      if (r.top < b.bottom && b.top < r.bottom && r.bottom > 0 && r.top < innerHeight) out.push(`${id} at scroll ${scrollY}`);
    }
  }
  window.scrollTo(0, 0);
  return out;
}"""


def test_on_a_phone_the_action_bar_never_covers_the_top_up_row(browser: Browser, room: Server) -> None:
    """The bar sticks to the window's bottom; at 390 px it covered the top-up (a player bought in for
    less than the most may add chips) at the top of the page and as it scrolled."""
    context = phone(browser, "en")
    try:
        page = seated(room, context, seats=6, buy_in=100)
        page.locator("#btn-topup").wait_for()
        faults = []
        for name, size in PHONES.items():
            page.set_viewport_size(size)
            settled(page)
            faults += [f"{name}px: {f}" for f in page.evaluate(UNDER_THE_BAR)]
        assert faults == []
    finally:
        context.close()


def test_on_a_phone_the_last_hands_story_is_one_tap_away(browser: Browser, room: Server) -> None:
    """It was only in the panel far below the felt: now a button in the title row opens it over the page."""
    context = phone(browser, "zh-Hans")
    try:
        page = seated(room, context, seats=3)
        check_or_call_until(page, "#showdown-body .award .explain")
        page.evaluate("() => window.scrollTo(0, 0)")
        page.click("#btn-last")
        story = page.locator("#showdown-body .award .explain").first
        expect(story).to_be_in_viewport(ratio=1)
        assert story.inner_text().strip()
        page.click("#last-close")
        expect(story).not_to_be_in_viewport()
    finally:
        context.close()


def test_on_a_phone_at_a_tournament_table_the_felt_your_cards_and_your_actions_fit_one_screen_under_the_strip(
    browser: Browser, room: Server
) -> None:
    """The fit measured with the tournament's strip shown under the title row (the check above
    ignored it): every seat, your cards and the action bar between the strip and the window's bottom."""
    context = phone(browser, "zh-Hans")
    try:
        page = at_a_tournament_table(room, context)
        page.locator("#actions").wait_for(state="visible")
        faults = []
        for name, size in PHONES.items():
            page.set_viewport_size(size)
            page.evaluate("() => window.scrollTo(0, 0)")
            settled(page)
            screen = page.evaluate(SCREEN)
            assert screen["strip"] > 0 and screen["seats"] == 4 + 1 and screen["mine"] == 2, screen
            if screen["title"] > 48 or screen["out"] or screen["below"] > 0 or screen["hidden"]:
                faults.append(f"{name}px: {screen}")
            shot(page, f"screen-tournament-{name}")
        assert faults == []
    finally:
        context.close()
