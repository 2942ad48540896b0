"""The tournament host's chat mutes on the tournament page (issue 25), in real Chromium on a
phone: each person entered with a mute button, as at a cash table's host panel, and the
spectators' switch; a click is a command the server keeps."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from pokerdealer.i18n import message
from tests.server.chromium import needs_chromium
from tests.server.conftest import Server
from tests.server.tournaments import create, register, until

pytest.importorskip("playwright")
from playwright.sync_api import Browser, expect  # noqa: E402

pytestmark = needs_chromium

PHONE = {"width": 390, "height": 844}


@pytest.fixture
def room(tmp_path: Path) -> Iterator[Server]:
    s = Server(tmp_path / "room.db").start()
    yield s
    s.stop()


def test_the_host_mutes_an_entrant_and_the_spectators_from_the_tournament_page_on_a_phone(browser: Browser, room: Server) -> None:
    ev = create(room, bots=["caller"])
    register(room, ev["id"], "Ann")
    ctx = browser.new_context(viewport=PHONE, locale="zh-TW", extra_http_headers={"Accept-Language": "zh-TW"})
    ctx.set_default_timeout(15_000)
    page = ctx.new_page()

    def chat() -> dict[str, object]:
        return httpx.get(f"{room.base}/api/tournaments/{ev['id']}/host", headers={"X-Host-Token": ev["host_token"]}, timeout=10).json()

    try:
        page.goto(room.base + ev["host_url"])
        expect(page.locator("#host-chat h3")).to_have_text(message("zh-Hant", "event.host.chat"))
        ann = page.locator('#host-chat-list button[data-mute="Ann"]')
        expect(ann).to_have_text(message("zh-Hant", "room.host.ui.mute"))
        ann.click()
        expect(ann).to_have_attribute("aria-pressed", "true")
        expect(ann).to_have_text(message("zh-Hant", "room.host.ui.unmute"))
        assert chat()["entrants"] == [{"name": "Ann", "muted": True}]
        page.locator("#host-mute-spectators").check()
        until(lambda: chat()["spectators_muted"], timeout=15)
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    finally:
        ctx.close()
