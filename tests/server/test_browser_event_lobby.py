"""The lobby's tournaments in real Chromium: a listed tournament is shown in its own section
(name, buy-in, stack, status, entrants, start time in the reader's own time zone) in English,
繁體中文 and 简体中文, at laptop and phone size without scrolling sideways (screenshots in
$PD_SHOTS if set); its link leads to its page, where a player registers; an unlisted one is
not shown; the lobby's form lists the tournament it creates when asked to."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from pokerdealer.i18n import message
from tests.server.chromium import needs_chromium
from tests.server.conftest import Server
from tests.server.test_browser_event import open_page, shots
from tests.server.test_browser_i18n import english_left
from tests.server.tournaments import post_tournament

pytest.importorskip("playwright")
from playwright.sync_api import Browser, expect  # noqa: E402

pytestmark = needs_chromium

LAPTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}
START_AT = (time.time() // 86400 + 20) * 86400 + 3 * 3600 + 4 * 60  # 03:04 UTC in 20 days: 11:04 in Taipei
NAME = "Open Cup"


@pytest.fixture(scope="module")
def room(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    s = Server(tmp_path_factory.mktemp("event-lobby-browser") / "room.db").start()
    yield s
    s.stop()


def create(room: Server, **spec: Any) -> dict[str, Any]:
    return post_tournament(room, {"name": NAME, "max_entrants": 18, "starting_stack": 2500, "buy_in": 50, "seats": 6,
                                  "level_seconds": 600, "structure": "deep", **spec})


@pytest.fixture(scope="module")
def listed(room: Server) -> dict[str, Any]:
    """A listed tournament taking registrations (one in), a running one, and an unlisted one."""
    made = create(room, listed=True, start_at=START_AT)
    r = httpx.post(f"{room.base}/api/tournaments/{made['id']}/register", json={"name": "Ann"}, timeout=10)
    assert r.status_code == 200, r.text
    running = create(room, name="Night Turbo", listed=True, structure="turbo", bots=["caller", "tight", "caller"])
    r = httpx.post(f"{room.base}/api/tournaments/{running['id']}/host", json={"command": "start"},
                   headers={"X-Host-Token": running["host_token"]}, timeout=20)
    assert r.status_code == 200, r.text
    create(room, name="Hidden Game")
    return {"open": made, "running": running}


@pytest.mark.parametrize(("lang", "accept"), [("en", "en"), ("zh-Hant", "zh-TW"), ("zh-Hans", "zh-CN")])
@pytest.mark.parametrize("size", ["laptop", "phone"])
def test_the_lobby_shows_the_listed_tournaments_in_the_readers_language(
    room: Server, browser: Browser, listed: dict[str, Any], lang: str, accept: str, size: str
) -> None:
    viewport = LAPTOP if size == "laptop" else PHONE
    ctx = browser.new_context(viewport=viewport, extra_http_headers={"Accept-Language": accept}, timezone_id="Asia/Taipei")
    page = ctx.new_page()
    page.goto(room.base + "/")
    row = page.locator(f"#events tr[data-event='{listed['open']['id']}']")
    expect(row).to_be_visible()
    expect(row.locator("td.lobby-status .value")).to_have_text(message(lang, "event.status.registering"))
    text = row.inner_text()
    assert NAME in text and "50" in text and re.search(r"2[,.]?500", text)
    assert message(lang, "event.lobby.entrants", entries=1, max=18) in text
    assert "11:04" in text  # the start time in the reader's time zone (03:04 UTC)
    assert message(lang, "event.preset.deep") in text
    other = page.locator(f"#events tr[data-event='{listed['running']['id']}']")
    expect(other.locator("td.lobby-status .value")).to_have_text(message(lang, "event.status.running"))
    # Entries taken: its link says register; a running one without late registration is only watched.
    expect(row.locator("td.ev-go a")).to_have_text(message(lang, "event.lobby.open"))
    expect(other.locator("td.ev-go a")).to_have_text(message(lang, "event.lobby.watch"))
    expect(page.locator("#events")).not_to_contain_text("Hidden Game")
    # A table on a laptop; a card each on a phone, its cells labelled.
    head = expect(page.locator("#events thead"))
    head.to_be_visible() if size == "laptop" else head.to_be_hidden()
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
    if lang != "en":
        assert english_left(page, (NAME, "Night Turbo", "English")) == []
    folder = shots()
    if folder:
        page.locator("#events-panel").screenshot(path=str(folder / f"lobby-events-{lang}-{size}.png"))
        page.screenshot(path=str(folder / f"lobby-{lang}-{size}.png"))  # what the reader sees first
    # Its link opens its page, where a player registers.
    row.locator("td.ev-go a").click()
    page.wait_for_url(re.compile(rf"/e/{re.escape(listed['open']['id'])}$"))
    expect(page.locator("#ev-name")).to_have_text(NAME)
    expect(page.locator("#register-name")).to_be_visible()
    ctx.close()


def test_the_lobbys_form_lists_the_tournament_when_asked(room: Server, browser: Browser) -> None:
    page = open_page(browser, room.base + "/", viewport=LAPTOP, accept="en")
    form = page.locator("#create-event")
    expect(form.locator("select[name=listed]")).to_have_value("false")  # as a cash table: invite link only
    form.locator("input[name=name]").fill("Listed Sunday")
    form.locator("select[name=listed]").select_option("true")
    folder = shots()
    if folder:
        page.locator("#event-panel").screenshot(path=str(folder / "lobby-event-form-en-laptop.png"))
    form.locator("#create-event-btn").click()
    page.wait_for_url(re.compile(r"/e/[^/#]+$"))
    event_id = page.url.rsplit("/", 1)[1]
    rows = {e["id"]: e for e in httpx.get(room.base + "/api/tournaments", timeout=10).json()}
    assert rows[event_id]["name"] == "Listed Sunday"
    page.goto(room.base + "/")
    expect(page.locator(f"#events tr[data-event='{event_id}']")).to_be_visible()
    page.context.close()
