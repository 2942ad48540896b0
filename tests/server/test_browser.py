"""End to end in a real browser (Debian's Chromium driven by Playwright):
a table made in the lobby, two people and a bot, hands to a showdown."""

from __future__ import annotations

import json
from pathlib import Path

import httpx
import pytest

from pokerdealer.server.fair import verify_phh_text
from tests.patience import Patience
from tests.server.chromium import fill_bots, more_settings, needs_chromium, show_when_asked
from tests.server.conftest import Server

pytest.importorskip("playwright")
from playwright.sync_api import Browser, Page, expect  # noqa: E402

pytestmark = needs_chromium


def _act_if_my_turn(page: Page) -> bool:
    """Check when free, else call (the browser proposes; the server decides); asked to show or muck, show."""
    if show_when_asked(page):
        return True
    if not page.locator("#actions").is_visible():
        return False
    check = page.locator("#btn-check")
    try:
        if check.is_visible():
            check.click(timeout=2000)
        else:
            page.locator("#btn-call").click(timeout=2000)
    except Exception:  # noqa: BLE001 - the bar re-rendered under the click; try again
        return False
    return True


def test_two_players_and_a_bot_play_to_a_showdown(browser: Browser, server: Server) -> None:
    desk = browser.new_context(viewport={"width": 1280, "height": 800})
    phone = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    desk.set_default_timeout(15_000)
    phone.set_default_timeout(15_000)
    errors: list[str] = []
    # The room's Content-Security-Policy: anything it blocks is reported on the console.
    blocked: list[str] = []
    for context in (desk, phone):
        context.on("console", lambda m: blocked.append(m.text) if "Content Security Policy" in m.text else None)
    try:
        ann = desk.new_page()
        ann.on("pageerror", lambda e: errors.append(str(e)))
        # The lobby: a private table with one bot and a 30 s clock.
        ann.goto(server.base + "/")
        ann.fill("input[name=name]", "E2E <table>")
        fill_bots(ann, caller=1)
        more_settings(ann)
        ann.fill("input[name=clock]", "30")
        ann.click("#create-btn")
        ann.wait_for_url("**/t/*")
        table_id = ann.url.split("#")[0].rsplit("/", 1)[1]
        expect(ann.locator("#title")).to_contain_text("E2E <table>")
        ann.fill("#join-name", "Ann")
        ann.click("#join-btn")
        expect(ann.locator("#you-bar")).to_contain_text("You: Ann")

        bob = phone.new_page()
        bob.on("pageerror", lambda e: errors.append(str(e)))
        bob.goto(f"{server.base}/t/{table_id}")  # the invite link
        bob.fill("#join-name", "Bob")
        bob.click("#join-btn")
        expect(bob.locator("#you-bar")).to_contain_text("You: Bob")
        # Phone-sized: nothing wider than the screen.
        assert bob.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")
        # Each player's page checks their own cards against the root, in the browser.
        expect(ann.locator("#deal-check")).to_have_text("✔ your cards match the commitment", timeout=20000)

        # Play until a hand with both people in it is decided at a showdown.
        patience = Patience(75)
        decided = None
        while not patience.over() and decided is None:
            acted = _act_if_my_turn(ann) or _act_if_my_turn(bob)
            last = ann.evaluate("state && state.last_hand")
            if last and any(a.get("explain") for a in last["awards"]):
                names = {o["name"] for o in last["order"] if o.get("cards")}
                if {"Ann", "Bob"} <= names:
                    decided = last
            if not acted:
                ann.wait_for_timeout(50)
        assert decided is not None, "no showdown between Ann and Bob"
        number = decided["number"]

        # The page shows what the server decided: pots, winners, explanation.
        summary = server.get(f"/api/tables/{table_id}/hands/{number}").json()["summary"]
        assert summary["awards"] == decided["awards"]
        panel = ann.locator("#showdown-body")
        expect(panel).to_contain_text(f"Hand #{number}")
        for award in summary["awards"]:
            for w in award["winners"]:
                expect(panel.locator(".winner-name").first).to_be_visible()
                expect(panel).to_contain_text(f"{w['name']} {w['chips']:,}")
            expect(panel).to_contain_text(f" {award['amount']:,}: ")
            if award["explain"]:
                expect(panel.locator(".explain").first).to_have_text(award["explain"]["en"])
        # Shown hands in the rules' order, best five highlighted.
        order = [o["name"] for o in summary["order"]]
        entries = panel.locator(".entry[data-seat] b").all_inner_texts()
        assert entries == order
        assert panel.locator(".card.best").count() >= 1
        # A player downloads their own proof (the seat token goes in a header).
        with ann.expect_download() as download:
            panel.locator("#dl-mine").click()
        mine = json.loads(Path(download.value.path()).read_text())
        assert mine["name"] == "Ann" and mine["hand"] >= number and len(mine["salts"]) == 2
        # The language switch: 繁體中文.
        ann.select_option("#lang", "zh-Hant")
        explained = next(a for a in summary["awards"] if a["explain"])
        expect(panel.locator(".explain").first).to_have_text(explained["explain"]["zh-Hant"])
        ann.select_option("#lang", "en")

        # Chips are conserved on the page (three buy-ins of 200).
        def page_chips(page: Page) -> int:
            return page.evaluate(
                "state.seats.filter(Boolean).reduce((t, s) => t + s.stack, 0)"
                " + (state.hand ? state.hand.pots.reduce((t, p) => t + p.amount, 0) : 0)"
            )

        assert page_chips(ann) == 600

        # A reload keeps the seat (the token is in localStorage).
        bob.reload()
        expect(bob.locator("#you-bar")).to_contain_text("You: Bob")
        expect(bob.locator("#join")).to_be_hidden()
        for _ in range(40):  # and the reloaded page can still act
            if _act_if_my_turn(bob):
                break
            _act_if_my_turn(ann)
            bob.wait_for_timeout(100)

        # A spectator sees the table but no hole cards other than shown ones.
        watcher = desk.browser.new_context().new_page()  # type: ignore[union-attr]
        watcher.goto(f"{server.base}/t/{table_id}")
        expect(watcher.locator("#you-bar")).to_contain_text("Watching")
        assert watcher.evaluate("state.you === undefined")

        # Hand history: the replayer steps through, downloads are offered, the deck checks out.
        hist = desk.new_page()
        hist.goto(f"{server.base}/t/{table_id}/hands#{number}")
        expect(hist.locator("#rp-title")).to_contain_text(f"hand #{number}")
        expect(hist.locator("#dl-phh")).to_be_visible()
        expect(hist.locator("#dl-ps")).to_be_visible()
        with hist.expect_download() as download:  # Ann's own PokerStars text deals to her
            hist.locator("#dl-ps-mine").click()
        own = Path(download.value.path()).read_text()
        assert [line[:14] for line in own.splitlines() if line.startswith("Dealt to")] == ["Dealt to Ann ["]
        # Ann's own proof and PHH of the hand, from the history page: they verify together.
        files = {}
        for link in ("#dl-mine", "#dl-my-phh"):
            with hist.expect_download() as download:
                hist.click(link)
            files[link] = Path(download.value.path()).read_text()
        verdict = verify_phh_text(files["#dl-my-phh"], mine=files["#dl-mine"])
        assert verdict.ok and any(c.startswith("Ann's hole cards") for c in verdict.checks), verdict
        hist.click("#last")
        expect(hist.locator("#rp-summary .explain").first).to_be_visible()
        check = desk.new_page()
        check.goto(f"{server.base}/verify?table={table_id}&hand={number}")
        expect(check.locator("#result")).to_contain_text("matches the commitment")
        assert not errors, errors
        assert not blocked, blocked
    finally:
        desk.close()
        phone.close()


def test_the_replayer_opens_an_uploaded_pokerstars_file(browser: Browser, server: Server) -> None:
    import httpx

    real = Path(__file__).resolve().parents[1] / "history" / "data" / "pokerstars" / "pokerregion-tournament.txt"
    side_pot_hand = real.read_text(encoding="utf-8").split("\n\n\n")[1]
    upload = Path(server.db).parent / "hand.txt"
    upload.write_text(side_pot_hand, encoding="utf-8")
    page = browser.new_context().new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.goto(f"{server.base}/")
        page.click("text=Replay a file")
        page.set_input_files("#upload", str(upload))
        expect(page.locator("#rp-title")).to_contain_text("797536898 9 · hand #105034215446")
        page.click("#last")
        # Chips are written the page language's way (Intl): 4,740 in English.
        expect(page.locator("#rp-summary")).to_contain_text("costamar 4,740")
        expect(page.locator("#rp-summary")).to_contain_text("costamar 21,570")
        bad = Path(server.db).parent / "bad.txt"
        bad.write_text("hello", encoding="utf-8")
        page.set_input_files("#upload", str(bad))
        expect(page.locator("#dl-error")).to_contain_text("neither PokerStars text nor PHH")
        assert not errors, errors
    finally:
        page.context.close()
    too_big = httpx.post(f"{server.base}/api/replay", content=b"x" * (100 * 1024), timeout=10)
    assert too_big.status_code == 413  # the room's body limit


def test_the_creator_of_a_table_keeps_its_host_token_out_of_the_address_bar(browser: Browser, server: Server) -> None:
    desk = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        page = desk.new_page()
        page.goto(server.base + "/")
        fill_bots(page, caller=1)
        page.select_option("select[name=approve_players]", "true")
        page.click("#create-btn")
        page.wait_for_url("**/t/*")
        table = page.url.split("#")[0].rsplit("/", 1)[-1]
        token = page.evaluate(f"() => localStorage.getItem('pd.host.{table}')")
        # the host link stays in the address bar (issue 37): copied to another browser, it still hosts
        assert page.evaluate("() => location.hash") == f"#host={token}"
        r = httpx.get(f"{server.base}/api/tables/{table}/host", headers={"X-Host-Token": token}, timeout=10)
        assert r.status_code == 200 and r.json()["settings"]["approve_players"] is True
    finally:
        desk.close()


def test_a_table_created_with_straddles_says_so_in_the_lobby_and_a_player_turns_theirs_on(
    browser: Browser, server: Server
) -> None:
    desk = browser.new_context(viewport={"width": 1280, "height": 800})
    desk.set_default_timeout(15_000)
    try:
        page = desk.new_page()
        page.goto(server.base + "/")
        page.fill("input[name=name]", "Straddle night")
        fill_bots(page, caller=2)
        more_settings(page)
        page.select_option("select[name=listed]", "true")
        page.select_option("select[name=straddle]", "true")
        page.click("#create-btn")
        page.wait_for_url("**/t/*")
        table = page.url.rsplit("/", 1)[-1].split("#")[0]
        assert server.get(f"/api/tables/{table}").json()["straddle"] is True
        page.fill("#join-name", "Ann")
        page.click("#join-btn")
        button = page.locator("#btn-straddle")
        expect(button).to_have_attribute("aria-pressed", "false")
        button.click()
        expect(page.locator("#btn-straddle")).to_have_attribute("aria-pressed", "true")
        expect(page.locator("#btn-straddle")).to_have_text("Straddle under the gun: on")
        page.goto(server.base + "/")
        expect(page.locator("#tables")).to_contain_text("Straddle night")
        expect(page.locator("#tables")).to_contain_text("· straddles")
    finally:
        desk.close()
