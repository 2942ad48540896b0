"""What a player sees laid out in real Chromium, desktop 1366x768 and a 390x844
phone, in each language: no text cut off by the box that holds it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.server.chromium import needs_chromium
from tests.server.conftest import Server

pytest.importorskip("playwright")
from playwright.sync_api import Browser  # noqa: E402

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
        page.wait_for_timeout(300)  # the catalog's words put in
        cut = page.evaluate(CUT_OPTIONS)
        assert cut == [], cut
    finally:
        context.close()
