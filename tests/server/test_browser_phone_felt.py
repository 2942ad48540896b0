"""A table's felt on a phone (360 and 390 px wide), in real Chromium, in each language:
the page never scrolls sideways and no seat runs out of the window, at every seat count,
with cards showing and long names; no seat at the top of the felt covers the lines
above it (the title, a tournament table's strip); and the hand line in its middle wraps
between words. Screenshots in $PD_SHOTS if set."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.server.chromium import check_or_call, needs_chromium, settled
from tests.server.conftest import Server
from tests.server.test_browser_event_words import shot
from tests.server.tournaments import create, host, me, register

pytest.importorskip("playwright")
from playwright.sync_api import Browser, BrowserContext, Page  # noqa: E402

pytestmark = needs_chromium
PHONES = {"390": {"width": 390, "height": 844}, "360": {"width": 360, "height": 780}}
DESKTOP = {"width": 1366, "height": 768}
LANGS = ["en", "zh-Hant", "zh-Hans"]
LONG_NAME = "Maximiliana Longnameson"  # 23 of the 24 characters a name may have

# How the seats sit in the window: how far the page runs past its right edge (`wider`), how far
# a seat (its box, cards, button or blind) runs past its left edge, which scrolls nowhere
# (`cut`), how many pixels of height a seat shares with a line above the felt (`over`), and how
# many pixels a seat leaves between itself and the lowest line above it (`clear`).
FELT = """(width) => {
  const parts = [...document.querySelectorAll("#felt .seat")].flatMap(s => [s, ...s.querySelectorAll("*")])
    .map(e => e.getBoundingClientRect()).filter(r => r.width && r.height);
  const above = [...document.querySelectorAll("header.top, #event-strip")].filter(e => e.checkVisibility())
    .map(e => e.getBoundingClientRect());
  let over = 0, clear = Infinity;
  for (const a of above) for (const r of parts) {
    if (r.right > a.left && a.right > r.left) {
      over = Math.max(over, Math.min(a.bottom, r.bottom) - Math.max(a.top, r.top));
      clear = Math.min(clear, r.top - a.bottom);
    }
  }
  return { wider: document.documentElement.scrollWidth - width, cut: Math.max(0, ...parts.map(r => -r.left)), over, clear,
           seats: document.querySelectorAll("#felt .seat .box").length };
}"""


@pytest.fixture(scope="module")
def room(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    s = Server(tmp_path_factory.mktemp("phone-felt") / "room.db").start()
    yield s
    s.stop()


def phone(browser: Browser) -> BrowserContext:
    context = browser.new_context(viewport=PHONES["390"], is_mobile=True, has_touch=True)
    context.set_default_timeout(30_000)
    return context


def sit(page: Page, url: str, name: str) -> None:
    page.goto(url)
    page.fill("#join-name", name)
    page.click("#join-btn")
    page.locator("#you-line").wait_for()


def at_a_tournament_table(room: Server, context: BrowserContext) -> Page:
    """A player with a long name and three caller bots start a tournament of one table of four (levels
    of ten minutes); a page of ``context`` at the player's seat."""
    ev: dict[str, Any] = create(room, max_entrants=4, seats=4, level_seconds=600, clock=300, bots=["caller"] * 3)
    token = register(room, ev["id"], LONG_NAME)
    assert host(room, ev, "start").status_code == 200
    seat = me(room, ev["id"], token)
    page = context.new_page()
    page.goto(room.base + "/")
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [f"pd.seat.{seat['table']}", token])
    page.goto(f"{room.base}/t/{seat['table']}")
    return page


def heads_up_until_their_turn(ann: BrowserContext, other: BrowserContext, url: str) -> Page:
    """Ann and a player with a long name sit heads-up; Ann checks or calls until the other is on the
    clock (their seat at the top of her felt, at its tallest). Ann's page."""
    mine, theirs = ann.new_page(), other.new_page()
    sit(mine, url, "Ann")
    sit(theirs, url, LONG_NAME)
    for _ in range(300):
        if mine.locator(".seat:not(.me) .clockbar").count():
            break
        check_or_call(mine)
        mine.wait_for_timeout(100)
    return mine


def measure(
    page: Page, *, lang: str, name: str, ready: str, sizes: dict[str, dict[str, int]] = PHONES, clear: float = 0,
) -> list[str]:
    """The page in ``lang`` at each window size (a phone's): what runs out of the window, or over the
    lines above or closer to them than ``clear`` pixels."""
    page.evaluate("(lang) => localStorage.setItem('pd.lang', lang)", lang)
    page.reload()
    faults = []
    for size_name, size in sizes.items():
        page.set_viewport_size(size)
        page.locator(ready).first.wait_for()
        settled(page)
        felt = page.evaluate(FELT, size["width"])
        assert felt["seats"], "no seat drawn"
        if felt["wider"] > 0 or felt["cut"] > 0 or felt["over"] > 0 or felt["clear"] < clear:
            faults.append(f"{lang} {size_name}px: {felt}")
        shot(page, f"felt-{name}-{lang}-{size_name}")
    return faults


# My seat at the bottom (long name, cards face up), every other seat a bot's with its cards face down:
# a seat at each side of the felt with 4 and 8 seats, one at its top with 2, 4, 6, 8 and 10.
@pytest.mark.parametrize("seats", range(2, 11))
def test_on_a_phone_a_cash_tables_seats_stay_in_the_window_and_under_the_title(
    browser: Browser, room: Server, seats: int
) -> None:
    table = room.create_table(name=f"phone {seats}", bots=["caller"] * (seats - 1), seats=seats, clock=300)
    context = phone(browser)
    try:
        page = context.new_page()
        sit(page, f"{room.base}/t/{table}", LONG_NAME)
        faults = [f for lang in LANGS for f in measure(page, lang=lang, name=f"cash-{seats}", ready="#actions:visible")]
        assert faults == []
    finally:
        context.close()


# Me and one bot: the other seats empty ("Seat 3 (empty)" on one line, as wide as its words), at the sides too.
@pytest.mark.parametrize("seats", [4, 8])
def test_on_a_phone_a_tables_empty_seats_stay_in_the_window(browser: Browser, room: Server, seats: int) -> None:
    table = room.create_table(name=f"empty {seats}", bots=["caller"], seats=seats, clock=300)
    context = phone(browser)
    try:
        page = context.new_page()
        sit(page, f"{room.base}/t/{table}", LONG_NAME)
        faults = [f for lang in LANGS for f in measure(page, lang=lang, name=f"empty-{seats}", ready="#actions:visible")]
        assert faults == []
    finally:
        context.close()


def test_on_a_phone_an_opponent_on_the_clock_at_the_top_covers_not_the_title(browser: Browser, room: Server) -> None:
    """Heads-up, the other player sits at the top of your felt: while they think, their seat is at its
    tallest (cards, a long name, stack, last action, the clock's bar and seconds) and still under the title."""
    table = room.create_table(name="heads-up", bots=[], seats=2, clock=300)
    ann, bob = phone(browser), phone(browser)
    try:
        mine = heads_up_until_their_turn(ann, bob, f"{room.base}/t/{table}")
        faults = [f for lang in LANGS for f in measure(mine, lang=lang, name="heads-up", ready=".seat:not(.me) .clockbar")]
        assert faults == []
    finally:
        ann.close()
        bob.close()


def test_on_a_phone_a_tournament_tables_seats_stay_in_the_window_and_under_the_strip(
    browser: Browser, room: Server
) -> None:
    """Four seats (one at each side, one at the top) under the event's strip."""
    context = phone(browser)
    try:
        page = at_a_tournament_table(room, context)
        faults = [f for lang in LANGS for f in measure(page, lang=lang, name="tournament", ready="#actions:visible")]
        assert faults == []
    finally:
        context.close()


# The hand line in the middle of the felt, saying each thing it says in the page's language (a hand's
# number and street, a hand over, the notes of a table waiting; from the page's own catalog): the words
# it splits across lines though they would fit on one (a space-separated word whose pieces sit on
# different lines: "prefl" and "op", "翻牌" and "前"), how far it runs out of its box, and how far the
# page runs past the window's right edge.
HAND_LINE = r"""(width) => {
  const line = document.getElementById("handinfo");
  const said = [...["preflop", "flop", "turn", "river", "showdown"].map(s => `${t("room.hand.number", { n: 1234 })} · ${t("room.street." + s)}`),
                t("room.hand.over", { n: 1234 }), t("room.hand.waiting")];
  // Why no hand is dealt: a sentence, said as the page says it (class "paused").
  const waits = Object.keys(WORDS).filter(k => k.startsWith("room.wait.")).map(k => t(k, { n: 1 }));
  const out = { split: [], opens: [], out: 0, wider: 0, said: said.length + waits.length };
  for (const text of [...said, ...waits]) {
    line.textContent = text;  // laid out at once by the measures below, before the page draws again
    line.classList.toggle("paused", waits.includes(text));
    // No line opens with a closing mark (a lone "。" on the last line).
    let top = null;
    for (let i = 0; i < text.length; i++) {
      const r = document.createRange();
      r.setStart(line.firstChild, i);
      r.setEnd(line.firstChild, i + 1);
      const box = r.getBoundingClientRect();
      if (!box.width) continue;
      if (top !== null && box.top > top + 2 && "。，、：；）」』！？.,:;)!?".includes(text[i])) out.opens.push(`${text[i]} in "${text}"`);
      top = box.top;
    }
    for (const m of text.matchAll(/\S+/g)) {
      const r = document.createRange();
      r.setStart(line.firstChild, m.index);
      r.setEnd(line.firstChild, m.index + m[0].length);
      const rects = [...r.getClientRects()];
      const lines = new Set(rects.map(x => Math.round(x.top))).size;
      // A word as wide as the line or wider (a long Chinese sentence has no space in it) must wrap.
      const wide = rects.reduce((w, x) => w + x.width, 0);  // against the line's width unrounded
      if (lines > 1 && wide <= line.getBoundingClientRect().width) out.split.push(`${m[0]} in "${text}"`);
    }
    out.out = Math.max(out.out, line.scrollWidth - line.clientWidth);
    out.wider = Math.max(out.wider, document.documentElement.scrollWidth - width);
  }
  return out;
}"""
HAND_LINE_PHONES = {"360": {"width": 360, "height": 640}, "390": {"width": 390, "height": 844}}


@pytest.mark.parametrize("lang", LANGS)
def test_on_a_phone_the_hand_line_wraps_between_words_and_scrolls_nowhere(
    browser: Browser, room: Server, lang: str
) -> None:
    """The line wraps at its spaces (it broke "preflop" into "prefl" and "op", "翻牌前" into "翻牌" and
    "前"); a Chinese sentence wider than the line, with no space in it, still wraps, and no line opens
    with a closing mark (a lone "。" did); in no language does the line or the page run wider than
    the window."""
    table = room.create_table(name=f"hand line {lang}", bots=["caller", "caller"], clock=300)
    context = phone(browser)
    try:
        page = context.new_page()
        sit(page, f"{room.base}/t/{table}", "Ann")
        page.evaluate("(lang) => localStorage.setItem('pd.lang', lang)", lang)
        page.reload()
        faults = []
        for phone_name, size in HAND_LINE_PHONES.items():
            page.set_viewport_size(size)
            page.locator("#actions:visible").wait_for()
            settled(page)
            line = page.evaluate(HAND_LINE, size["width"])
            assert line["said"] >= 10, line
            if line["split"] or line["opens"] or line["out"] > 0 or line["wider"] > 0:
                faults.append(f"{lang} {phone_name}px: {line}")
            shot(page, f"phone-hand-line-{lang}-{phone_name}")
        assert faults == []
    finally:
        context.close()
