"""Nothing on the felt covers a card (issue 23), in real Chromium, from element rectangles: no seat's
box, its button or blind, its bet and the chips drawn at it, or the amount it won, nor a pot and its
chips (issue 37), covers a board card or another seat's cards,
on 360 and 390 px phones and a 1366 px laptop, at tables of three to ten seats, in each language;
the hand replayer's felt on a phone too. (At 390 px a side seat covered 38 % of the first and fifth
board cards at three and six seats, about 90 % at 360 px; bets covered them at nine and ten.)

The river is reached by play (every seat holds cards, the board its five); then every seat is given a
bet of 12,345 in the page's state and the felt drawn again: in play no street has a bet at every
seat and a full board at once, and a felt that holds them all holds any hand's. Screenshots in
$PD_SHOTS if set."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from tests.server.chromium import check_or_call_until, needs_chromium, settled
from tests.server.conftest import Server
from tests.server.test_browser_event_words import shot
from tests.server.test_browser_phone_felt import LANGS, LONG_NAME, sit
from tests.server.test_browser_table_screen import choose_language

pytest.importorskip("playwright")
from playwright.sync_api import Browser, BrowserContext, Page, expect  # noqa: E402

pytestmark = needs_chromium
SIZES = {"360": {"width": 360, "height": 740}, "390": {"width": 390, "height": 844}, "1366": {"width": 1366, "height": 768}}
BET = 12345  # five digits and a separator: a wide chip

# Each covering of a card: what covers it (a seat's box, its button or blind, its bet, the amount it
# won) and which card (the board's, or another seat's), with the share of the card covered.
# With `bet`, every seat is first given a bet of that many chips and the felt drawn again; measured
# once its animations are over.
COVERS = """async (bet) => {
  if (bet && typeof state !== "undefined") { state.seats.forEach(s => { if (s) s.bet = bet; }); render(); }
  // A new bet's bump, a card's deal: laid out at rest. An animation cancelled meanwhile (its node drawn
  // anew by the next state, the winner's glow on a seat redrawn) is at rest too: its promise rejects.
  await Promise.all(document.getAnimations().map(a => a.finished.catch(() => null)));
  const area = (a, b) => Math.max(0, Math.min(a.right, b.right) - Math.max(a.left, b.left))
    * Math.max(0, Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top));
  const seatOf = (e) => { const seat = e.closest("[data-seat]"); return seat ? seat.dataset.seat : "pots"; };
  const felt = document.getElementById("felt");
  const covers = [...felt.querySelectorAll(".seat .box, .seat .dealer, .seat .blind, .seat .bet, .seat .won, .seat .chips, #pots .pot, #pots .chips")]
    .filter(e => e.checkVisibility());
  const board = [...document.querySelectorAll("#board .card")];
  const held = [...felt.querySelectorAll(".seat .cards .card")];
  const out = [];
  for (const c of covers) {
    const r = c.getBoundingClientRect(), who = seatOf(c);
    for (const card of [...board, ...held]) {
      const owner = card.closest("#board") ? "board" : "seat " + seatOf(card);
      if (owner === "seat " + who) continue;
      const b = card.getBoundingClientRect(), a = area(r, b);
      if (a > 0) out.push(`${who === "pots" ? "the" : "seat " + who + "'s"} ${c.className.baseVal ?? c.className} covers ${Math.round(100 * a / (b.width * b.height))} % of ${owner}'s ${card.dataset.card}`);
    }
  }
  // A seat's button or blind over a bet (its own or another's): which label is whose is not to be guessed.
  const labels = [...felt.querySelectorAll(".seat .dealer, .seat .blind")];
  const chips = [...felt.querySelectorAll(".seat .bet")];
  const mixed = [];
  for (const l of labels) for (const c of chips) {
    if (area(l.getBoundingClientRect(), c.getBoundingClientRect()) > 0) mixed.push(`seat ${seatOf(l)}'s ${l.textContent} on seat ${seatOf(c)}'s bet`);
  }
  const stacks = [...felt.querySelectorAll(".seat .bet .chips")].map(e => e.dataset.chips);
  const potStacks = felt.querySelectorAll("#pots .pot .chips").length;
  return { out, mixed, labels: labels.length, board: board.length, held: held.length, bets: chips.length, stacks, potStacks };
}"""


@pytest.fixture(scope="module")
def room(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    s = Server(tmp_path_factory.mktemp("felt-cover") / "room.db").start()
    yield s
    s.stop()


def phone(browser: Browser, lang: str) -> BrowserContext:
    context = browser.new_context(viewport=SIZES["390"], is_mobile=True, has_touch=True)
    context.set_default_timeout(30_000)
    context.add_init_script(f"localStorage.setItem('pd.lang', {lang!r})")
    return context


def at_the_river(room: Server, context: BrowserContext, seats: int) -> Page:
    """A player with a long name and callers in every other seat, at the river, the player to act."""
    table = room.create_table(name=f"cover {seats}", bots=["caller"] * (seats - 1), seats=seats, clock=300)
    page = context.new_page()
    sit(page, f"{room.base}/t/{table}", LONG_NAME)
    check_or_call_until(page, "#board .card:nth-child(5)")
    page.locator("#actions").wait_for(state="visible")
    return page


def covered(page: Page, *, name: str, sizes: dict[str, dict[str, int]], what: str = "out") -> list[str]:
    """Each card covered (``what="out"``), or each label on a bet (``"mixed"``), at each window size,
    every seat betting."""
    faults = []
    for size_name, size in sizes.items():
        page.set_viewport_size(size)
        settled(page)
        seen = page.evaluate(COVERS, BET)
        assert seen["board"] == 5 and seen["bets"] >= 2 and seen["labels"] >= 2, seen
        # Chips drawn at each bet and pot, a bet of 12,345 as its two largest denominations: 2 x 5,000, 2 x 1,000.
        assert seen["stacks"] == ["2x5000 2x1000"] * seen["bets"] and seen["potStacks"] >= 1, seen
        faults += [f"{size_name}px: {f}" for f in seen[what]]
        shot(page, f"cover-{name}-{size_name}")
    return faults


@pytest.mark.parametrize(("seats", "lang"), [(3, "en"), (4, "zh-Hant"), (6, "zh-Hans"), (9, "en"), (10, "zh-Hans")])
def test_no_seat_bet_or_label_covers_a_board_card_or_another_seats_cards(
    browser: Browser, room: Server, seats: int, lang: str
) -> None:
    context = phone(browser, lang)
    try:
        page = at_the_river(room, context, seats)
        assert covered(page, name=f"{seats}-{lang}", sizes=SIZES) == []
    finally:
        context.close()


@pytest.mark.parametrize(("seats", "lang"), [(4, "en"), (10, "zh-Hant")])
def test_no_button_or_blind_lies_on_a_bet(browser: Browser, room: Server, seats: int, lang: str) -> None:
    """A blind's label lay on a bet on a phone: whose blind, and how much bet, could not be read."""
    context = phone(browser, lang)
    try:
        page = at_the_river(room, context, seats)
        assert covered(page, name=f"labels-{seats}-{lang}", sizes=SIZES, what="mixed") == []
    finally:
        context.close()


def test_in_each_language_no_seat_covers_a_card_round_a_full_ring_on_a_small_phone(browser: Browser, room: Server) -> None:
    """Ten seats at 360 px, the page read in each language in turn (longer or taller words)."""
    context = phone(browser, "en")
    try:
        page = at_the_river(room, context, 10)
        faults = []
        for lang in LANGS:
            choose_language(page, lang)
            faults += [f"{lang} {f}" for f in covered(page, name=f"ring-{lang}", sizes={"360": SIZES["360"]})]
        assert faults == []
    finally:
        context.close()


# What of the replayer is in the window: the board, the step's words and the controls, from their
# rectangles against the viewport the test set (not the window's own size).
IN_VIEW = """(height) => Object.fromEntries(["board", "step-text", "first", "last"].map(id => {
  const r = document.getElementById(id).getBoundingClientRect();
  return [id, r.top >= 0 && r.bottom <= height && r.height > 0];
}))"""


def test_on_a_phone_the_replayers_seats_cover_no_card(browser: Browser, room: Server) -> None:
    """A hand of six seats at its last step, shown cards up (at 360 px a side seat covered the board);
    the hand picked from the list under the replayer (a phone's) opens with the board, the step's words
    and the controls in the window, and its last step marks the winners and says why."""
    context = phone(browser, "en")
    try:
        page = at_the_river(room, context, 6)
        check_or_call_until(page, "#showdown-body .entry")
        page.set_viewport_size(SIZES["360"])
        page.goto(page.url + "/hands#1")
        page.locator("#felt .seat").first.wait_for()
        page.tap("#last")  # the result and the shown hands under the felt: a long page
        # The list is under the replayer: a person scrolls down to it and picks the hand.
        page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
        page.tap("a[data-hand='1']")
        expect(page.locator("#step-no")).to_have_text(re.compile(r"^1 / "))
        settled(page)
        assert page.evaluate(IN_VIEW, SIZES["360"]["height"]) == {"board": True, "step-text": True, "first": True, "last": True}
        # The step buttons are a thumb's size (44 CSS px, as the table's action bar).
        sizes = page.eval_on_selector_all("#replayer .you-bar button", "bs => bs.map(b => [b.offsetWidth, b.offsetHeight])")
        assert len(sizes) == 4 and all(w >= 44 and h >= 44 for w, h in sizes), sizes
        page.tap("#last")
        settled(page)
        assert page.evaluate(IN_VIEW, SIZES["360"]["height"]) == {"board": True, "step-text": True, "first": True, "last": True}
        summary = page.evaluate("detail.summary")
        winners = sorted({w["seat"] for a in summary["awards"] for w in a["winners"]})
        assert sorted(int(s) for s in page.locator("#felt .seat.winner").evaluate_all("e => e.map(x => x.dataset.seat)")) == winners
        why = summary["awards"][0]["explain"]["en"]
        expect(page.locator("#step-text .explain").first).to_have_text(why)
        faults = []
        for size_name in ("360", "390"):
            page.set_viewport_size(SIZES[size_name])
            settled(page)
            seen = page.evaluate(COVERS, 0)
            assert seen["board"] == 5 and seen["held"] >= 4, seen
            faults += [f"{size_name}px: {f}" for f in seen["out"]]
            shot(page, f"cover-replayer-{size_name}")
        assert faults == []
    finally:
        context.close()
