"""A tournament played to its winner in real Chromium (Debian's, driven by
Playwright): three people, each in their own browser, and three bots on two
tables; levels of a few seconds; the final table drawn anew takes each
browser still in to its new table, and points one reopening their broken table there;
everyone's page ends on their place under the winner's name."""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.patience import Patience
from tests.server.chromium import needs_chromium, show_when_asked
from tests.server.conftest import Server

pytest.importorskip("playwright")
from playwright.sync_api import Browser, Page, expect  # noqa: E402

pytestmark = needs_chromium

PEOPLE = ("Ann", "Bob", "Cy")


def _act_if_my_turn(page: Page) -> None:
    """Check when free, else call (the browser proposes; the server decides); asked to show or muck, show."""
    try:
        if show_when_asked(page) or not page.locator("#actions").is_visible():
            return
        check = page.locator("#btn-check")
        (check if check.is_visible() else page.locator("#btn-call")).click(timeout=1000)
    except Exception:  # noqa: BLE001 - the bar re-rendered under the click, or the page is moving: next round
        return


def _pointed_from_a_broken_table(s: dict[str, Any], pages: dict[str, Page], first: dict[str, str]) -> bool:
    """The final table is drawn: a person still in opens the table they first sat at (broken
    now) in another tab, and is pointed to the final table -- the move said, the table linked --
    before the page takes them there. False if nobody is in to try (no person reached it)."""
    (final,) = s["tables"]
    final_room = s["room_tables"][str(final["table"])]
    name = next((p["name"] for p in final["players"] if p["name"] in pages), None)
    if name is None:
        return False
    tab = pages[name].context.new_page()
    try:
        tab.goto(f"{pages[name].url.split('/t/')[0]}/t/{first[name]}")
        go = tab.locator("#event-moved #event-go")
        expect(go).to_have_attribute("href", f"/t/{final_room}")
        expect(go).to_have_text(f"Go to table {final['table']}")
        expect(tab.locator("#event-moved")).to_contain_text(f"you play at table {final['table']}")
        tab.wait_for_url(f"**/t/{final_room}")
    finally:
        tab.close()
    return True


def test_six_people_and_bots_play_a_tournament_to_its_winner_in_chromium(browser: Browser, tmp_path: Path) -> None:
    server = Server(tmp_path / "room.db").start()
    contexts = []
    errors: list[str] = []
    try:
        body = {"name": "Browser Cup", "max_entrants": 6, "starting_stack": 300, "buy_in": 50, "seats": 4,
                "level_seconds": 4, "clock": 8, "bots": ["caller", "caller", "random"]}
        ev = httpx.post(server.base + "/api/tournaments", json=body, timeout=10).json()
        tokens = {}
        for name in PEOPLE:
            r = httpx.post(f"{server.base}/api/tournaments/{ev['id']}/register", json={"name": name}, timeout=10)
            tokens[name] = r.json()["player_token"]
        r = httpx.post(f"{server.base}/api/tournaments/{ev['id']}/host", json={"command": "start"},
                       headers={"X-Host-Token": ev["host_token"]}, timeout=10)
        assert r.status_code == 200, r.text
        pages: dict[str, Page] = {}
        first: dict[str, str] = {}
        for name in PEOPLE:
            me = httpx.get(f"{server.base}/api/tournaments/{ev['id']}/me", headers={"X-Player-Token": tokens[name]}).json()
            ctx = browser.new_context(viewport={"width": 1100, "height": 800})
            ctx.set_default_timeout(15_000)
            ctx.add_init_script("localStorage.setItem('pd.avatar', '\U0001f98a')")  # picked at a cash table
            contexts.append(ctx)
            page = ctx.new_page()
            page.on("pageerror", lambda e: errors.append(str(e)))
            # The seat link: the token rides in the fragment and is kept in this browser.
            page.goto(f"{server.base}/t/{me['table']}#seat={me['seat_token']}")
            first[name] = me["table"]
            pages[name] = page
        for name, page in pages.items():
            # The strip: the level (they run every 4 s), players left of the entries, the time left.
            expect(page.locator("#event-level")).to_have_text(re.compile(r"Level \d+"))
            expect(page.locator("#event-left")).to_contain_text("of 6 left")
            expect(page.locator("#event-time")).to_have_text(re.compile(r"\d:\d\d left"))
            expect(page.locator("#event-rank")).to_have_text(re.compile(r"your chips rank \d of \d"))
            assert "#seat=" not in page.url
            # No cash controls at a tournament table: no join, top-up or leave, no buy-in limits.
            expect(page.locator("#join")).to_be_hidden()
            expect(page.locator("#btn-leave")).to_have_count(0)
            expect(page.locator("#coach-panel")).to_be_hidden()
            # Nor an avatar's pick (its players move between tables): initials, and the pick never sent.
            expect(page.locator("#btn-avatar")).to_be_hidden()
            expect(page.locator(".seat.me .avatar")).to_have_text(name[0].upper())
            assert page.evaluate("() => avatarPick.synced") is None
        patience = Patience(300)
        pointed = False
        while (now := httpx.get(f"{server.base}/api/tournaments/{ev['id']}", timeout=10).json())["status"] != "finished":
            assert not patience.over(), "the tournament did not finish"
            if not pointed and len(now["tables"]) == 1:
                pointed = _pointed_from_a_broken_table(now, pages, first)
            for page in pages.values():
                _act_if_my_turn(page)
            time.sleep(0.1)
        s = httpx.get(f"{server.base}/api/tournaments/{ev['id']}", timeout=10).json()
        assert pointed, "nobody in at the final table was pointed there from their broken table"
        assert sorted(p["place"] for p in s["standings"]) == [1, 2, 3, 4, 5, 6]
        assert sum(p["prize"] for p in s["standings"]) == s["prize_pool"] == 300
        # Whoever of the people reached the final table was taken there by their browser.
        finalists = {m["player"] for m in s["moves"] if m["reason"] == "final_table"} & set(PEOPLE)
        assert finalists, "no person reached the final table"
        (final,) = s["tables"]
        final_room = s["room_tables"][str(final["table"])]  # drawn anew: a room table of its own
        assert final_room not in first.values()
        for name in finalists:
            pages[name].wait_for_url(f"**/t/{final_room}", timeout=15_000)
        # Every page ends on its player's place (and prize), under the winner's name, not a level's clock.
        winner = next(p["name"] for p in s["standings"] if p["place"] == 1)
        for name, page in pages.items():
            place = next(p for p in s["standings"] if p["name"] == name)
            result = page.locator("#event-result")
            expect(result).to_be_visible(timeout=15_000)
            expect(page.locator("#event-finished")).to_have_text(f"Finished — winner {winner}")
            expect(page.locator("#event-time")).to_have_count(0)
            if place["prize"]:
                expect(result).to_contain_text(str(place["prize"]))
            else:  # out of the money: the place alone, no "Prize: 0"
                expect(result).not_to_contain_text("Prize")
            if place["place"] > 1:
                expect(result).to_contain_text(str(place["place"]))
        assert errors == []
    finally:
        for ctx in contexts:
            ctx.close()
        server.stop()
