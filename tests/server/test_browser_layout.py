"""What a player sees laid out in real Chromium, desktop 1366x768 and a 390x844
phone, in each language: no text cut off by the box that holds it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from pokerdealer.i18n import message
from tests.server.chromium import needs_chromium, settled, show_when_asked
from tests.server.conftest import Server

pytest.importorskip("playwright")
from playwright.sync_api import Browser, expect  # noqa: E402

pytestmark = needs_chromium
VIEWPORTS = {
    "desktop": {"viewport": {"width": 1366, "height": 768}},
    "phone": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True},
}

# Each visible select's options that are wider than the select shows them (its
# padding and the arrow taken off): measured in a span with the select's font.
CUT_OPTIONS = """() => {
  const out = [];
  for (const s of document.querySelectorAll("select")) {
    if (!s.checkVisibility()) continue;
    const cs = getComputedStyle(s);
    const room = s.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight) - 16;
    for (const o of s.options) {
      const span = document.createElement("span");
      span.style.cssText = `position:absolute;visibility:hidden;white-space:pre;font:${cs.font}`;
      span.textContent = o.text;
      document.body.append(span);
      if (span.getBoundingClientRect().width > room) out.push(`${s.name}: ${o.text}`);
      span.remove();
    }
  }
  return out;
}"""


@pytest.fixture(scope="module")
def room(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    s = Server(tmp_path_factory.mktemp("layout") / "room.db").start()
    yield s
    s.stop()


@pytest.mark.parametrize("view", list(VIEWPORTS))
@pytest.mark.parametrize("lang", ["en", "zh-Hant", "zh-Hans"])
def test_the_lobby_forms_show_every_choice_of_a_select_whole(
    browser: Browser, room: Server, lang: str, view: str
) -> None:
    context = browser.new_context(**VIEWPORTS[view])
    context.add_init_script(f"localStorage.setItem('pd.lang', '{lang}')")
    try:
        page = context.new_page()
        page.goto(room.base + "/")
        page.locator("#create-btn").wait_for()
        settled(page)
        cut = page.evaluate(CUT_OPTIONS)
        assert cut == [], cut
    finally:
        context.close()


def _overlap(a: dict[str, float] | None, b: dict[str, float] | None) -> float:
    """How many pixels of height two boxes share (0: none)."""
    if not a or not b or a["x"] + a["width"] <= b["x"] or b["x"] + b["width"] <= a["x"]:
        return 0.0
    return max(0.0, min(a["y"] + a["height"], b["y"] + b["height"]) - max(a["y"], b["y"]))


@pytest.mark.parametrize("size", [(1366, 768), (1280, 720)])
def test_on_a_laptop_screen_the_action_bar_leaves_your_seat_bar_in_sight(
    browser: Browser, room: Server, size: tuple[int, int]
) -> None:
    """The action bar sticks to the bottom of the window: at the top of the page,
    your seat, your line (stack, sit out, leave) and the bar all show at once."""
    context = browser.new_context(viewport={"width": size[0], "height": size[1]})
    context.set_default_timeout(15_000)
    try:
        table = room.create_table(name="laptop", bots=["caller"], clock=60)
        page = context.new_page()
        page.goto(f"{room.base}/t/{table}")
        page.fill("#join-name", "Ann")
        page.click("#join-btn")
        page.locator("#actions").wait_for(state="visible", timeout=30_000)
        page.evaluate("() => window.scrollTo(0, 0)")
        settled(page)
        bar = page.locator("#actions").bounding_box()
        for what in ("#you-line", ".seat.me"):
            assert _overlap(page.locator(what).first.bounding_box(), bar) == 0, what
    finally:
        context.close()


# The pixels where the hand line's words (not its box) run under a seat.
HANDINFO_UNDER_SEAT = """() => {
  const h = document.getElementById("handinfo");
  const r = document.createRange(); r.selectNodeContents(h);
  const words = [...r.getClientRects()];
  const out = [];
  for (const s of document.querySelectorAll("#felt .seat .box")) {
    const b = s.getBoundingClientRect();
    for (const w of words) {
      if (w.right > b.left && b.right > w.left && w.bottom > b.top && b.bottom > w.top) out.push(h.textContent);
    }
  }
  return out;
}"""


@pytest.mark.parametrize("lang", ["en", "zh-Hans"])
def test_on_a_phone_the_hand_line_runs_under_no_seat(browser: Browser, room: Server, lang: str) -> None:
    """"Hand #2 is over · next hand soon" is read whole: no seat box covers its words."""
    context = browser.new_context(**VIEWPORTS["phone"])
    context.set_default_timeout(15_000)
    context.add_init_script(f"localStorage.setItem('pd.lang', '{lang}')")
    try:
        table = room.create_table(name="phone line", bots=["caller", "caller"], clock=60, lang=lang)
        page = context.new_page()
        page.goto(f"{room.base}/t/{table}")
        page.fill("#join-name", "Ann")
        page.click("#join-btn")
        page.locator("#you-line").wait_for()
        covered: list[str] = []
        over = 0
        for _ in range(900):
            covered += page.evaluate(HANDINFO_UNDER_SEAT)
            show_when_asked(page)  # the coach on (a bot at the table): she shows at the showdown
            if page.locator("#actions").is_visible():
                try:
                    page.locator("#btn-check:visible, #btn-call:visible").first.click(timeout=2000)
                except Exception:  # noqa: BLE001 - re-rendered under the click: look again
                    pass
            if page.locator(".seat.winner").count():
                over += 1
                if over > 5:
                    break
            page.wait_for_timeout(100)
        assert over, "no hand ended"
        assert covered == []
    finally:
        context.close()


@pytest.mark.parametrize("view", list(VIEWPORTS))
def test_the_replay_page_is_no_wider_than_the_window(browser: Browser, room: Server, view: str) -> None:
    """The file picker stays in its panel: no sideways scrolling."""
    context = browser.new_context(**VIEWPORTS[view])
    try:
        page = context.new_page()
        page.goto(room.base + "/replay")
        page.locator("#upload").wait_for(state="attached")
        assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")
    finally:
        context.close()


@pytest.mark.parametrize("lang", ["zh-Hant", "zh-Hans"])
def test_the_replay_file_picker_speaks_the_page_language(browser: Browser, room: Server, lang: str) -> None:
    """Chromium's own "Choose File / No file chosen" is hidden behind a button in the page's words."""
    context = browser.new_context(**VIEWPORTS["desktop"])
    context.add_init_script(f"localStorage.setItem('pd.lang', '{lang}')")
    try:
        page = context.new_page()
        page.goto(room.base + "/replay")
        page.locator("#upload").wait_for(state="attached")
        assert not page.locator("#upload").evaluate("e => e.checkVisibility({ opacityProperty: true })")
        picker = page.locator("label[for=upload], label:has(#upload)").first
        assert picker.is_visible()
        assert message(lang, "room.replay.choose") in picker.inner_text()
        assert message(lang, "room.replay.no_file") in picker.inner_text()
        page.locator("#upload").set_input_files(files=[{"name": "mine.phh", "mimeType": "text/plain", "buffer": b"x"}])
        expect(picker).to_contain_text("mine.phh")
    finally:
        context.close()


# Pairs of taken seats whose boxes overlap, and how far the page runs past the window's right edge.
SEATS_CROWDED = """() => {
  const boxes = [...document.querySelectorAll("#felt .seat:not(.empty-seat) .box")].map(b => b.getBoundingClientRect());
  const pairs = [];
  for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
    const a = boxes[i], b = boxes[j];
    if (a.right > b.left + 1 && b.right > a.left + 1 && a.bottom > b.top + 1 && b.bottom > a.top + 1) pairs.push([i, j]);
  }
  return { pairs, seats: boxes.length, past: document.documentElement.scrollWidth - window.innerWidth, rects: boxes.map(b => [Math.round(b.left), Math.round(b.top), Math.round(b.width), Math.round(b.height)]) };
}"""


@pytest.mark.parametrize("seats", [9, 10])
def test_on_a_phone_a_full_ring_of_seats_fits_the_window_without_overlapping(
    browser: Browser, room: Server, seats: int
) -> None:
    """Nine or ten players at a phone's felt: every seat in the window, none over another."""
    context = browser.new_context(**VIEWPORTS["phone"])
    context.set_default_timeout(15_000)
    try:
        table = room.create_table(name=f"ring {seats}", bots=["caller"] * (seats - 1), seats=seats, clock=60)
        page = context.new_page()
        page.goto(f"{room.base}/t/{table}")
        page.fill("#join-name", "Ann")
        page.click("#join-btn")
        page.locator("#you-line").wait_for()
        settled(page)
        crowded = page.evaluate(SEATS_CROWDED)
        assert crowded["seats"] == seats
        assert crowded["past"] <= 0, crowded
        assert crowded["pairs"] == [], str(crowded)
    finally:
        context.close()
