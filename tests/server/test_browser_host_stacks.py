"""The host's panel follows the felt (issue 23), in real Chromium: at every frame drawn while
bots play, each player's stack in the host's list is the one on their seat."""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import pytest

from tests.server.chromium import needs_chromium, settled
from tests.server.conftest import Server

pytest.importorskip("playwright")
from playwright.sync_api import Browser, expect  # noqa: E402

pytestmark = needs_chromium

# For 240 frames (checking or calling for the host at her turn): the seats whose stack on the felt is not the one the host's list says.
LAGGING = """async () => {
  const out = [];
  for (let i = 0; i < 240; i++) {
    for (const item of document.querySelectorAll("#host-players .host-item")) {
      const seat = [...document.querySelectorAll("#felt .seat[data-seat]")].find(s => s.querySelector(".name") && s.querySelector(".name").title === item.dataset.name);
      const stack = seat && seat.querySelector(".stack");
      if (stack && !item.querySelector(".host-what").textContent.includes(` ${stack.textContent} `)) out.push([item.dataset.name, stack.textContent, item.textContent]);
    }
    for (const id of ["btn-check", "btn-call"]) {
      const b = document.getElementById(id);
      if (b && b.checkVisibility() && !b.disabled) { b.click(); break; }
    }
    await new Promise(r => requestAnimationFrame(r));
  }
  return out;
}"""


@pytest.fixture(scope="module")
def room(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    s = Server(tmp_path_factory.mktemp("host-stacks") / "room.db").start()
    yield s
    s.stop()


def test_the_host_panels_stacks_follow_the_felt_at_every_frame(browser: Browser, room: Server) -> None:
    made = httpx.post(room.base + "/api/tables", json={"name": "stacks", "bots": ["caller", "random"], "clock": 30},
                      timeout=10).json()
    context = browser.new_context(locale="en-US", viewport={"width": 1366, "height": 900})
    page = context.new_page()
    try:
        page.goto(room.base + made["host_url"])
        settled(page)
        page.fill("#join-name", "Ann")  # the host plays too (bots alone deal no hand): checks or calls below
        page.click("#join-btn")
        expect(page.locator("#host-players .host-item")).to_have_count(3, timeout=15_000)
        page.locator("#felt .bet").first.wait_for()  # the blinds are in: stacks move
        assert page.evaluate(LAGGING) == []
    finally:
        context.close()
