"""The host runs the game from the table page, in real Chromium (issue 14):
the host's panel, shown only to the browser holding the host token, turns
approval on, approves and refuses seat requests, pauses, changes the blinds
(the next hand posts them), stands a player up (cashed out, in the ledger),
downloads the ledger CSV and closes the table -- desktop and a 390x844 phone,
in English and Chinese; a wrong host token is refused in the
reader's language, and so is a refused setting; after a kill -9 the panel
still shows the pause, the pending settings, a pending stand-up, approval on
and the requests.

Screenshots go to ``$HOST_SHOTS`` when it is set (to look at them)."""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from pokerdealer.i18n import message
from pokerdealer.server.seat_names import bot_name
from tests.patience import Patience
from tests.server.chromium import check_or_call, fill_bots, more_settings, needs_chromium
from tests.server.conftest import Server
from tests.server.test_browser_i18n import english_left
from tests.server.test_ledger import csv_rows

pytest.importorskip("playwright")
from playwright.sync_api import Browser, BrowserContext, Page, expect  # noqa: E402

pytestmark = needs_chromium
VIEWPORTS = {
    "desktop": {"viewport": {"width": 1280, "height": 800}},
    "phone": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True},
    "laptop": {"viewport": {"width": 1366, "height": 768}},
}


@pytest.fixture(scope="module")
def room(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    s = Server(tmp_path_factory.mktemp("host") / "room.db").start()
    yield s
    s.stop()


def _shot(page: Page, name: str) -> None:
    folder = os.environ.get("HOST_SHOTS")
    if folder:
        page.screenshot(path=str(Path(folder) / f"{name}.png"), full_page=True)


def _context(browser: Browser, view: str, lang: str) -> BrowserContext:
    context = browser.new_context(**VIEWPORTS[view])
    context.set_default_timeout(15_000)
    context.add_init_script(f"localStorage.setItem('pd.lang', '{lang}')")
    return context


# Where "Last hand" starts on the page, from its rectangle (scrolled to the top).
LAST_HAND_TOP = "() => document.getElementById('last-hand').getBoundingClientRect().top + scrollY"


def _unfold(page: Page, view: str) -> None:
    """The host's panel, open: it starts folded at every width (issue 37: open, it ran a phone's page
    1,900 px long and put "Last hand" at y = 1,161 on a 1366x768 laptop), and the host opens it as a
    person does, with the header's Host button (on a phone inside the title row's menu, ☰)."""
    expect(page.locator("#host-panel")).to_be_visible()
    expect(page.locator("#host-body")).to_be_hidden()
    if view == "laptop":  # folded, the last hand is on the first screen, under the panel's title
        top = page.evaluate(LAST_HAND_TOP)
        assert top < VIEWPORTS["laptop"]["viewport"]["height"], top
    if view == "phone":
        page.click("#btn-menu")
    page.click("#btn-host")
    expect(page.locator("#host-body")).to_be_visible()


def _host_token(page: Page, table: str) -> str:
    token = page.evaluate(f"() => localStorage.getItem('pd.host.{table}')")
    assert token
    return token


def _host_view(server: Server, table: str, token: str) -> dict[str, Any]:
    r = httpx.get(f"{server.base}/api/tables/{table}/host", headers={"X-Host-Token": token}, timeout=10)
    assert r.status_code == 200, r.text
    return r.json()


def _play_until(page: Page, done: Callable[[], bool], *, timeout: float = 60) -> None:
    """Act for the player on ``page`` until ``done()`` holds."""
    patience = Patience(timeout)
    while not patience.over():
        if done():
            return
        check_or_call(page)
        page.wait_for_timeout(100)
    raise AssertionError("not reached in time")


def _ledger(text: str, lang: str) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = csv_rows(text, lang)  # its header in the host's page's language
    for row in rows:
        for k in ("buy_ins", "top_ups", "cash_outs", "on_table", "net"):
            row[k] = int(row[k])
    return rows


def _create_in_lobby(page: Page, base: str) -> str:
    """A table made in the lobby with one bot; the page ends on the table by its host link."""
    page.goto(base + "/")
    fill_bots(page, caller=1)
    more_settings(page)
    page.fill("input[name=clock]", "30")
    page.click("#create-btn")
    page.wait_for_url("**/t/*")
    page.wait_for_function("() => location.hash.startsWith('#host=')")  # the host link stays in the address bar
    return page.url.split("#")[0].rsplit("/", 1)[-1]


# Each language once, each view at least once: the flow is the same, the words and layout differ.
@pytest.mark.parametrize(("lang", "view"), [("en", "desktop"), ("zh-Hant", "phone"), ("zh-Hans", "phone")])
def test_a_host_runs_the_game_from_the_panel(browser: Browser, room: Server, lang: str, view: str) -> None:
    def said(key: str, **params: Any) -> str:  # noqa: ANN401
        return message(lang, key, **params)

    bot = bot_name("caller", lang=lang)  # the table's language is the lobby's: its bot is named in it
    host_ctx, bob_ctx, carol_ctx = (_context(browser, view, lang) for _ in range(3))
    errors: list[str] = []
    try:
        host = host_ctx.new_page()
        host.on("pageerror", lambda e: errors.append(str(e)))
        table = _create_in_lobby(host, room.base)
        token = _host_token(host, table)
        _unfold(host, view)
        # Approval on, from the panel (no hand is in play: at once).
        host.check("#host-approve")
        expect(host.locator("#host-pending")).to_be_hidden()
        patience = Patience(10)
        while not _host_view(room, table, token)["settings"]["approve_players"]:
            assert not patience.over(), "approval never came on"
            time.sleep(0.1)

        # Bob asks to sit and waits; Carol asks too.
        bob = bob_ctx.new_page()
        bob.on("pageerror", lambda e: errors.append(str(e)))
        bob.goto(f"{room.base}/t/{table}")
        expect(bob.locator("#host-panel")).to_be_hidden()  # no host token in Bob's browser
        bob.fill("#join-name", "Bob")
        bob.click("#join-btn")
        expect(bob.locator("#seat-request")).to_have_text(said("room.host.ui.waiting"))
        carol = carol_ctx.new_page()
        carol.goto(f"{room.base}/t/{table}")
        carol.fill("#join-name", "Carol")
        carol.click("#join-btn")
        expect(carol.locator("#seat-request")).to_have_text(said("room.host.ui.waiting"))
        requests = host.locator("#host-requests .host-item")
        expect(requests).to_have_count(2)
        expect(requests.first).to_contain_text(said("room.host.ui.request", name="Bob", buy_in="200"))
        _shot(host, f"{lang}-{view}-requests")
        # The panel sits beside the felt on a desktop and below it on a phone, never over it.
        felt, panel = host.locator("#felt").bounding_box(), host.locator("#host-panel").bounding_box()
        assert felt and panel
        assert panel["x"] >= felt["x"] + felt["width"] or panel["y"] >= felt["y"] + felt["height"]
        assert host.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1"), "wider than the screen"

        # The host approves Bob and refuses Carol.
        requests.filter(has_text="Bob").get_by_role("button", name=said("room.host.ui.approve")).click()
        expect(bob.locator("#you-line")).to_be_visible()
        requests.filter(has_text="Carol").get_by_role("button", name=said("room.host.ui.refuse")).click()
        expect(carol.locator("#seat-request")).to_have_text(said("room.host.ui.refused"))
        expect(host.locator("#host-requests")).to_have_text(said("room.host.ui.no_requests"))
        expect(host.locator("#host-players")).to_contain_text("Bob")

        # During Bob's hand: blinds 2/4 from the next hand (shown as pending), and a pause after it.
        _play_until(bob, lambda: bob.locator("#actions").is_visible())
        first = _host_view(room, table, token)["hand"]
        assert first is not None
        host.fill("#host-small-blind", "2")
        host.fill("#host-big-blind", "4")
        host.click("#host-apply")
        expect(host.locator("#host-pending")).to_contain_text(said("room.host.ui.big_blind"))
        expect(host.locator("#host-pending")).to_contain_text("4")
        host.check("#host-straddle")
        expect(host.locator("#host-pending")).to_contain_text(
            said("room.host.ui.change", setting=said("room.host.ui.straddle"), value=said("room.host.ui.on")))
        host.click("#host-pause")
        expect(host.locator("#host-status")).to_have_text(said("room.host.ui.paused"))
        expect(host.locator("#host-resume")).to_be_visible()
        _shot(host, f"{lang}-{view}-pending")
        if lang != "en":  # the panel in Chinese: no English left but names and the CSV format
            assert english_left(host, ("Bob", "Carol", "CSV")) == []
        # The hand is played out; then nothing is dealt and the new blinds are in force.
        _play_until(bob, lambda: bob.locator("#handinfo").inner_text() == said("room.wait.host_paused"))
        expect(host.locator("#host-pending")).to_be_hidden()
        expect(host.locator("#host-big-blind")).to_have_value("4")
        bob.wait_for_timeout(1000)
        assert _host_view(room, table, token)["hand"] is None  # paused: no new hand

        # Resumed, the next hand posts the new blinds.
        host.click("#host-resume")
        expect(host.locator("#host-status")).to_be_hidden()
        _play_until(bob, lambda: bob.locator("#actions").is_visible())
        expect(bob.locator("#log")).to_contain_text(said("room.log.post_big_blind", amount="4"))

        # Bob is stood up during that hand: after it his chips go with him, and the ledger says so.
        host.locator("#host-players .host-item", has_text="Bob").get_by_role("button", name=said("room.host.ui.stand_up")).click()
        expect(host.locator("#host-players .host-item", has_text="Bob")).to_contain_text(said("room.host.ui.standing_up"))
        _play_until(bob, lambda: bob.locator("#join").is_visible())
        expect(host.locator("#host-players .host-item", has_text="Bob")).to_have_count(0)
        bob_row = host.locator("#host-ledger tbody tr", has_text="Bob")
        expect(bob_row.locator("td").nth(4)).to_have_text("0")  # nothing left on the table

        # The ledger CSV: everyone's buy-ins and top-ups are what was cashed out or is still on the table.
        with host.expect_download() as got:
            host.click("#host-csv")
        download = got.value
        assert download.suggested_filename == f"{table}-ledger.csv"
        rows = _ledger(Path(download.path()).read_text(encoding="utf-8-sig"), lang)
        by_name = {r["name"]: r for r in rows}
        assert set(by_name) == {"Bob", bot}
        assert by_name["Bob"]["buy_ins"] == 200 and by_name["Bob"]["on_table"] == 0
        assert by_name["Bob"]["cash_outs"] > 0
        assert all(r["net"] == r["cash_outs"] + r["on_table"] - r["buy_ins"] - r["top_ups"] for r in rows)
        assert sum(r["net"] for r in rows) == 0
        # The panel's ledger is the CSV's.
        expect(bob_row.locator("td").nth(3)).to_have_text(f"{by_name['Bob']['cash_outs']:,}")

        # Closing asks first; then everyone is cashed out and the panel says the table is closed.
        host.once("dialog", lambda d: d.accept())
        host.click("#host-close")
        expect(host.locator("#host-status")).to_have_text(said("room.host.ui.closed"))
        expect(host.locator("#host-settings")).to_be_hidden()
        expect(host.locator("#host-csv")).to_be_visible()
        expect(host.locator("#host-ledger tbody tr", has_text=bot).locator("td").nth(4)).to_have_text("0")
        _shot(host, f"{lang}-{view}-closed")
        assert errors == []
    finally:
        for context in (host_ctx, bob_ctx, carol_ctx):
            context.close()


@pytest.mark.parametrize(("lang", "view"), [("en", "laptop"), ("zh-Hant", "phone"), ("zh-Hans", "laptop"), ("en", "phone")])
def test_a_closing_table_says_it_closes_and_offers_no_pause(browser: Browser, room: Server, lang: str, view: str) -> None:
    r = httpx.post(room.base + "/api/tables", json={"name": "t", "bots": ["caller"], "clock": 300}, timeout=10)
    info = r.json()
    room.join(info["id"], "Ann")  # with the bot a hand is dealt; Ann, not acting, keeps it in play
    context = _context(browser, view, lang)
    try:
        page = context.new_page()
        page.goto(room.base + info["host_url"])
        _unfold(page, view)
        expect(page.locator("#host-pause")).to_be_visible()
        # The bot's line in the host's list says it is a bot, in the host's language.
        bot_row = page.locator("#host-players .host-item").filter(has_not_text="Ann")
        expect(bot_row).to_contain_text(f" · {message(lang, 'room.seat.bot')}")
        patience = Patience(15)
        while _host_view(room, info["id"], info["host_token"])["hand"] is None:
            assert not patience.over(), "no hand was dealt"
            time.sleep(0.1)
        page.once("dialog", lambda d: d.accept())
        page.click("#host-close")
        expect(page.locator("#host-status")).to_have_text(message(lang, "room.host.ui.closing"))
        expect(page.locator("#host-pause")).to_be_hidden()
        expect(page.locator("#host-resume")).to_be_hidden()
        expect(page.locator("#host-players [data-stand-up]")).to_have_count(0)  # all stand up after it anyway
        view_now = _host_view(room, info["id"], info["host_token"])
        assert view_now["closing"] and view_now["hand"] is not None  # still closing: the hand is in play
        _shot(page, f"{lang}-{view}-closing")
    finally:
        context.close()


def test_a_refused_setting_is_said_in_the_readers_language(browser: Browser, room: Server) -> None:
    r = httpx.post(room.base + "/api/tables", json={"name": "t", "bots": ["caller"]}, timeout=10)
    context = _context(browser, "phone", "zh-Hant")
    try:
        page = context.new_page()
        page.goto(room.base + r.json()["host_url"])
        _unfold(page, "phone")
        page.fill("#host-small-blind", "5")
        page.click("#host-apply")
        expect(page.locator("#host-error")).to_have_text(message("zh-Hant", "room.settings.blinds_order"))
        expect(page.locator("#host-small-blind")).to_have_value("5")  # what the host typed stays to be corrected
        page.fill("#host-small-blind", "1")
        page.fill("#host-time-bank", "900")
        page.click("#host-apply")
        expect(page.locator("#host-error")).to_have_text("時間銀行須為 0 至 600 的整數")
    finally:
        context.close()


@pytest.mark.parametrize("lang", ["zh-Hant", "en"])
def test_a_wrong_host_token_is_refused_in_the_readers_language(browser: Browser, room: Server, lang: str) -> None:
    table = room.create_table(name="t", bots=["caller"])
    context = _context(browser, "desktop", lang)
    try:
        page = context.new_page()
        page.goto(f"{room.base}/t/{table}#host=not-the-token")
        expect(page.locator("#host-error")).to_have_text(message(lang, "room.host.not_host"))
        expect(page.locator("#host-body")).to_be_hidden()
    finally:
        context.close()


def test_after_a_kill_9_the_panel_still_shows_the_pause_pending_blinds_stand_up_and_requests(
    browser: Browser, tmp_path: Path
) -> None:
    servers = [Server(tmp_path / "room.db").start()]
    context = _context(browser, "desktop", "en")
    try:
        base = servers[0].base
        r = httpx.post(base + "/api/tables", json={"name": "Home", "bots": ["caller"], "clock": 300,
                                                   "approve_players": True}, timeout=10)
        assert r.status_code == 200, r.text
        table, token = r.json()["id"], r.json()["host_token"]
        page = context.new_page()
        page.goto(base + r.json()["host_url"])
        _unfold(page, "desktop")
        servers[0].join(table, "Ann")
        page.locator("#host-requests .host-item", has_text="Ann").get_by_role("button", name="Approve").click()
        patience = Patience(15)
        while _host_view(servers[0], table, token)["hand"] is None:  # Ann's hand, her clock five minutes
            assert not patience.over(), "no hand dealt"
            time.sleep(0.1)
        servers[0].join(table, "Carol")
        expect(page.locator("#host-requests .host-item", has_text="Carol")).to_be_visible()
        page.fill("#host-small-blind", "3")
        page.fill("#host-big-blind", "6")
        page.click("#host-apply")
        expect(page.locator("#host-pending")).to_contain_text("6")
        page.click("#host-pause")
        expect(page.locator("#host-status")).to_have_text("Paused by the host")
        ann_row = page.locator("#host-players .host-item", has_text="Ann")
        ann_row.get_by_role("button", name="Stand up").click()
        expect(ann_row).to_contain_text("stands up after this hand")

        old = servers[0]
        old.kill()
        servers.append(Server(old.db, port=old.port).start())
        page.reload()
        _unfold(page, "desktop")  # a page loaded afresh shows the panel folded again
        expect(page.locator("#host-status")).to_have_text("Paused by the host")
        expect(page.locator("#host-resume")).to_be_visible()
        expect(page.locator("#host-pending")).to_have_text(
            "From the next hand: Small blind: 3, Big blind: 6")
        expect(page.locator("#host-big-blind")).to_have_value("6")  # the form: what the next hand is played by
        expect(page.locator("#title")).to_contain_text("1/2")  # in force until the hand is over
        page.click("#host-apply")  # nothing changed: nothing sent, the pending change stays
        page.wait_for_timeout(500)
        expect(page.locator("#host-pending")).to_have_text("From the next hand: Small blind: 3, Big blind: 6")
        expect(page.locator("#host-requests .host-item")).to_have_count(1)
        expect(page.locator("#host-requests .host-item")).to_contain_text("Carol asks to sit down with 200")
        expect(ann_row).to_contain_text("stands up after this hand")
        expect(page.locator("#host-approve")).to_be_checked()
        _shot(page, "en-desktop-after-restart")
    finally:
        context.close()
        servers[-1].stop()


def test_the_panel_never_undoes_what_the_host_is_changing_when_an_older_read_arrives(browser: Browser, room: Server) -> None:
    # The panel reads the host's view after every state; a read sent before a click and answered
    # after it is older than the click. Here the reads are held back on purpose, so the order is sure.
    info = httpx.post(room.base + "/api/tables", json={"name": "t", "bots": []}, timeout=10).json()
    context = _context(browser, "desktop", "en")
    held: list[tuple[Any, Any]] = []

    def hold_reads(route: Any, request: Any) -> None:  # noqa: ANN401
        if request.method == "GET":
            held.append((route, route.fetch()))  # the server's answer now, given to the page later
        else:
            route.continue_()

    def reads_held(n: int) -> None:
        patience = Patience(10)
        while len(held) < n:
            assert not patience.over(), "the panel did not read its view"
            page.wait_for_timeout(20)

    try:
        page = context.new_page()
        page.goto(room.base + info["host_url"])
        _unfold(page, "desktop")
        page.route("**/api/tables/*/host", hold_reads)
        page.evaluate("() => { hostPanel.refresh(); }")  # not awaited: the read is held
        reads_held(1)  # straddle off, as it is before the click
        page.fill("#host-big-blind", "8")  # typed, not applied yet
        page.check("#host-straddle")
        patience = Patience(10)
        while not _host_view(room, info["id"], info["host_token"])["settings"]["straddle"]:
            assert not patience.over(), "the click never reached the server"
            time.sleep(0.05)
        route, older = held[0]
        route.fulfill(response=older)
        reads_held(2)  # the older read was taken in, and the panel asks again
        expect(page.locator("#host-straddle")).to_be_checked()
        expect(page.locator("#host-big-blind")).to_have_value("8")
        # Meanwhile the big blind is changed from elsewhere (the host's other device): the field the
        # host is typing in keeps what they typed until they apply it.
        r = httpx.post(f"{room.base}/api/tables/{info['id']}/host", headers={"X-Host-Token": info["host_token"]},
                       json={"command": "settings", "settings": {"big_blind": 6}}, timeout=10)
        assert r.status_code == 200, r.text
        route, newer = held[1]
        route.fulfill(response=newer)
        page.unroute("**/api/tables/*/host")
        with page.expect_response(lambda r: r.url.endswith("/host") and r.request.method == "GET"):
            page.evaluate("() => { hostPanel.refresh(); }")  # not awaited: the read is held
        expect(page.locator("#host-straddle")).to_be_checked()
        expect(page.locator("#host-big-blind")).to_have_value("8")  # still what the host typed
        page.click("#host-apply")
        patience = Patience(10)
        while _host_view(room, info["id"], info["host_token"])["settings"]["big_blind"] != 8:
            assert not patience.over(), "the typed big blind was not applied"
            time.sleep(0.05)
        expect(page.locator("#host-big-blind")).to_have_value("8")
    finally:
        context.close()
