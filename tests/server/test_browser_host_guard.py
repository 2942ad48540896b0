"""The host keeps strangers out from the pages, in real Chromium (issue 25): on the
tournament page the host removes a junk entry before the start (its buy-in refunded, said
in the host's language); on the table page the host mutes a player's chat and every
spectator's."""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import pytest

from pokerdealer.i18n import message
from tests.server.chromium import needs_chromium, settled
from tests.server.conftest import Server
from tests.server.test_host import create as create_table
from tests.server.test_host import host_view
from tests.server.tournaments import BUY_IN, create, register, state, until

pytest.importorskip("playwright")
from playwright.sync_api import Browser, Page, expect  # noqa: E402

pytestmark = needs_chromium


@pytest.fixture(scope="module")
def room(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    s = Server(tmp_path_factory.mktemp("guard") / "room.db").start()
    yield s
    s.stop()


def _page(browser: Browser, lang: str, url: str) -> Page:
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.set_default_timeout(15_000)
    context.add_init_script(f"localStorage.setItem('pd.lang', '{lang}')")
    page = context.new_page()
    page.goto(url)
    settled(page)
    return page


@pytest.mark.parametrize("lang", ["zh-Hant", "zh-Hans", "en"])
def test_the_host_removes_a_junk_entry_from_the_tournament_page(browser: Browser, room: Server, lang: str) -> None:
    ev = create(room, max_entrants=10)
    for name in ("Ann", "junk"):
        register(room, ev["id"], name)
    page = _page(browser, lang, f"{room.base}/e/{ev['id']}#host={ev['host_token']}")
    try:
        page.get_by_role("button", name=message(lang, "event.host.remove_who", name="junk")).click()
        expect(page.locator("#host-removed")).to_have_text(message(lang, "event.host.removed", name="junk", refund=str(BUY_IN)))
        expect(page.locator("#host-entrant-list li")).to_have_count(1)
        assert state(room, ev["id"])["registered"] == ["Ann"]
    finally:
        page.context.close()


def test_the_host_mutes_a_player_and_the_spectators_from_the_table_panel(browser: Browser, room: Server) -> None:
    table, token = create_table(room)
    room.join(table, "Ann")
    page = _page(browser, "zh-Hant", f"{room.base}/t/{table}#host={token}")
    try:
        page.click("#btn-host")  # the panel starts folded (issue 37): the header's Host button opens it
        ann = page.locator("#host-players .host-item", has_text="Ann")
        ann.get_by_role("button", name=message("zh-Hant", "room.host.ui.mute")).click()
        expect(ann.get_by_role("button", name=message("zh-Hant", "room.host.ui.unmute"))).to_have_attribute("aria-pressed", "true")
        page.get_by_label(message("zh-Hant", "room.host.ui.mute_spectators")).check()
        view = until(lambda: (v := host_view(room, table, token))["spectators_muted"] and v)
        assert [p["muted"] for p in view["players"]] == [True]
    finally:
        page.context.close()



def test_a_removed_entrants_page_says_why_their_entry_is_gone(browser: Browser, room: Server) -> None:
    ev = create(room)
    token = register(room, ev["id"], "junk")
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.set_default_timeout(15_000)
    context.add_init_script(f"localStorage.setItem('pd.lang', 'zh-Hans'); localStorage.setItem('pd.eplayer.{ev['id']}', '{token}')")
    page = context.new_page()
    try:
        page.goto(f"{room.base}/e/{ev['id']}")
        settled(page)
        expect(page.locator("#me")).to_be_visible()
        httpx.post(f"{room.base}/api/tournaments/{ev['id']}/host", json={"command": "remove", "name": "junk"},
                   headers={"X-Host-Token": ev["host_token"]}, timeout=10)
        expect(page.locator("#register-error")).to_have_text(message("zh-Hans", "event.error.removed"))
        expect(page.locator("#register")).to_be_visible()  # free to register again
    finally:
        context.close()
