"""A tournament whose two tables are played by two server processes on one
PostgreSQL database (server/tournament.py, "Several processes, one event"),
played by a person in real Chromium (Debian's, driven by Playwright) at process
A, with no proxy in front: what their strip and the tournament page at A say of
the field is what B says; moved to the table B plays, their browser is taken
there with the notice of the move, A asks B for the table and B hands it over
(the page reconnecting by itself if its websocket came first), and they play on to
their place and prize.
Screenshots in $PD_SHOTS if set."""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.patience import Patience
from tests.server.chromium import check_or_call, check_or_fold, needs_chromium
from tests.server.conftest import Server, new_pg_database
from tests.server.test_browser_event_words import shot
from tests.server.test_tournament_shared import hand_table_to, lease_owners, two_processes
from tests.server.tournaments import chips, create, host, state

pytest.importorskip("playwright")
from playwright.sync_api import Browser, Page, WebSocket, expect  # noqa: E402

pytestmark = needs_chromium

ENTRANTS = 10  # the person and nine bots on three tables of four
SEATS = 4
STACK = 300
PERSON = "Ann"
# As drawn (the room's test seed): Ann at table 3, the first to break (once 8 are left, two busts in);
# tables 1 and 2 are handed to B before any hand is dealt, so Ann's first move -- the break, or a balance
# before it -- takes her to a table B plays. She checks or folds until then: she loses only blinds while
# the callers and random bots bust each other.
BOTS = ["caller", "random"] * 4 + ["caller"]
FIRST_TO_BREAK = 3
# A break first: the tables are drawn at the start, the host pauses before any hand, the tables go to B.
# The first level is cheap and long enough for two busts at any load (at rest the move came 12 s after the
# resume); then the levels rise fast, as callers left alone check it down until the blinds take them.
LEVELS = [{"break_seconds": 8}, {"small_blind": 5, "big_blind": 10, "seconds": 45}] + [
    {"small_blind": sb, "big_blind": 2 * sb, "seconds": 4} for sb in (15, 25, 50, 75, 100, 150, 200, 300, 500)
]
MOVED = re.compile(r"^(You are moved to table \d+ to balance the tables|Your table is broken up: you are moved "
                   r"to table \d+|The final table is drawn: you play at table \d+)$")

# Every line the page's message box (#error) shows, and whether as news or as an error, kept in the
# tab's sessionStorage across the pages the player is taken to.
KEEP_SAID = """addEventListener("DOMContentLoaded", () => {
  const box = document.getElementById("error");
  if (!box) return;
  new MutationObserver(() => {
    if (box.classList.contains("hidden") || !box.textContent) return;
    const said = JSON.parse(sessionStorage.getItem("test.said") || "[]");
    said.push({ text: box.textContent, note: box.classList.contains("note") });
    sessionStorage.setItem("test.said", JSON.stringify(said));
  }).observe(box, { childList: true, characterData: true, subtree: true, attributes: true });
});
// What the tournament strip's move notice said as each page left (null: none shown then).
addEventListener("pagehide", () => {
  const left = JSON.parse(sessionStorage.getItem("test.left") || "[]");
  const moved = document.getElementById("event-moved");
  left.push({ path: location.pathname, moved: moved ? moved.textContent : null });
  sessionStorage.setItem("test.left", JSON.stringify(left));
});"""


@pytest.fixture
def pg_url(pg_admin: str) -> Iterator[str]:
    url, drop = new_pg_database(pg_admin)
    yield url
    drop()


def field(s: dict[str, Any]) -> tuple[str, str]:
    """Players left and the average stack, in the strip's words (en)."""
    return f"{s['players_left']} of {s['entries']} left", f"average {s['average_stack']:,}"


def says_as_b(b: Server, event: str, read: Callable[[], tuple[str, str]]) -> None:
    """``read()`` (what a page at A shows) is what B's API says, at a moment the field stood still
    around the read (a bust between the two looks is no disagreement)."""
    patience = Patience(15)
    while True:
        before, shown, after = field(state(b, event)), read(), field(state(b, event))
        if before == after == shown:
            return
        assert not patience.over(), f"A's page says {shown}, B says {after}"
        time.sleep(0.3)


def strip(page: Page) -> tuple[str, str]:
    return page.locator("#event-left").inner_text(), page.locator("#event-average").inner_text()


def conserved(a: Server, b: Server, event: str) -> None:
    assert chips(state(a, event)) == ENTRANTS * STACK
    assert chips(state(b, event)) == ENTRANTS * STACK


def test_a_person_at_one_process_is_moved_to_the_table_another_plays_and_plays_on_to_their_prize(
    browser: Browser, pg_url: str, tmp_path: Path
) -> None:
    a, b = two_processes(pg_url, tmp_path)
    ctx = browser.new_context(viewport={"width": 1366, "height": 768}, extra_http_headers={"Accept-Language": "en"})
    ctx.set_default_timeout(15_000)
    ctx.add_init_script(KEEP_SAID)
    errors: list[str] = []
    served: set[str] = set()  # the tables A's websocket sent the state of
    try:
        ev = create(a, max_entrants=ENTRANTS, starting_stack=STACK, seats=SEATS, levels=LEVELS, clock=8, bots=BOTS)
        eid = ev["id"]
        page = ctx.new_page()
        page.on("pageerror", lambda e: errors.append(str(e)))

        def watch(ws: WebSocket) -> None:
            table = ws.url.rsplit("/", 1)[1]

            def seen(frame: str | bytes) -> None:
                if str(frame).startswith('{"type":"state"'):
                    served.add(table)

            ws.on("framereceived", seen)

        page.on("websocket", watch)
        # The person registers on the tournament page at A; the host starts it (and pauses it in the opening
        # break, before any hand); the page takes them to their seat.
        page.goto(f"{a.base}/e/{eid}")
        page.locator("#register-name").fill(PERSON)
        page.locator("#register-btn").click()
        expect(page.locator("#me-text")).to_contain_text(PERSON)
        assert host(a, ev, "start").status_code == 200
        assert host(a, ev, "pause").status_code == 200
        assert state(a, eid)["hands"] == 0
        page.wait_for_url(re.compile(r"/t/[^/]+$"), timeout=30_000)
        first = page.url.rsplit("/", 1)[1]
        # The strip in the opening break names no level yet.
        expect(page.locator("#event-strip")).to_contain_text("Paused")
        expect(page.locator("#event-strip")).not_to_contain_text("Level")
        tables = state(a, eid)["room_tables"]
        assert tables[str(FIRST_TO_BREAK)] == first, f"the draw changed: {PERSON} is not at table {FIRST_TO_BREAK}"
        # Every other table goes to B: a reader asks B for it (as a proxy would route it there) and A hands it
        # over at its next renewal. Then the host resumes.
        others = set(tables.values()) - {first}
        for other in others:
            hand_table_to(b, other)
        owners = lease_owners(pg_url)
        a_owner = owners[eid]
        assert owners[first] == a_owner and all(owners[t] != a_owner for t in others)
        assert host(a, ev, "resume").status_code == 200
        # (1) The person's strip at A, and the tournament page at A, say what B says of the field.
        tv = ctx.new_page()
        tv.goto(f"{a.base}/e/{eid}")
        says_as_b(b, eid, lambda: strip(page))
        says_as_b(b, eid, lambda: (f"{tv.locator('#players-left').inner_text()} of {ENTRANTS} left",
                                   f"average {tv.locator('#average').inner_text()}"))
        shot(page, "shared-event-first-table")
        shot(tv, "shared-event-tv")
        tv.close()
        conserved(a, b, eid)
        # (2) Play on until moved to a table B plays (any table but hers: B held them all when play resumed).
        here, moved_to, looked = first, None, time.monotonic()
        patience = Patience(150)
        while moved_to is None:
            assert not patience.over(), f"never moved to a table B played (at {here})"
            assert state(a, eid)["status"] != "finished", "the event ended before the person was moved to B's table"
            check_or_fold(page)
            here = page.url.rsplit("/", 1)[1]
            if here in others:
                moved_to = here
            if time.monotonic() - looked > 2:
                conserved(a, b, eid)
                looked = time.monotonic()
            page.wait_for_timeout(100)
        # B hands it over (nobody reads it there) and A plays it for its reader. The page's own GET /t/ID asked
        # A for it; whether B has handed it over by the time the page's websocket comes is a race (a third of a
        # lease): if not, A refuses the websocket and the page reconnects by itself.
        patience = Patience(30)
        while moved_to not in served or lease_owners(pg_url)[moved_to] != a_owner:
            assert not patience.over(), "A never took the table from B"
            check_or_call(page)
            page.wait_for_timeout(100)
        expect(page.locator("#conn")).to_have_text("connected")
        shot(page, "shared-event-arrived")
        # The notice of the move was shown on arrival, as news; the hand-over was no error to them.
        said = json.loads(page.evaluate("sessionStorage.getItem('test.said') || '[]'"))
        assert any(MOVED.match(s["text"]) and s["note"] for s in said), said
        assert not [s for s in said if "another server process" in s["text"]], said
        # The table they left said so until they left it ("... Taking you to your new table..."), though
        # its next states redrew the strip meanwhile.
        left = json.loads(page.evaluate("sessionStorage.getItem('test.left') || '[]'"))
        (leaving,) = [x for x in left if x["path"] == f"/t/{first}"]
        # ... and offered the way there by hand ("Go to table N", the table it names).
        going = re.fullmatch(r"(.+) Taking you to your new table… Go to table (\d+)", leaving["moved"] or "")
        assert going, left
        assert MOVED.match(going[1]) and going[1].endswith(f" table {going[2]}"), left
        says_as_b(b, eid, lambda: strip(page))
        # They play on: their turn comes and they act (there, or at the final table after it), to the end.
        acted = False
        patience = Patience(120)
        while (s := state(a, eid))["status"] != "finished":
            assert not patience.over(), "the tournament did not finish"
            if page.locator("#actions").is_visible():
                acted = True
            check_or_call(page)
            page.wait_for_timeout(100)
        assert acted
        conserved(a, b, eid)
        # (3) Their place and prize, under their table's strip.
        place = next(p for p in s["standings"] if p["name"] == PERSON)
        result = page.locator("#event-result")
        expect(result).to_be_visible()
        shot(page, "shared-event-result")
        if place["place"] == 1:
            expect(result).to_have_text(f"You won the tournament! Prize: {place['prize']:,}")
        elif place["prize"]:
            expect(result).to_have_text(f"You finished in place {place['place']}. Prize: {place['prize']:,}")
        else:
            expect(result).to_have_text(f"You finished in place {place['place']}.")
        assert errors == []
    finally:
        ctx.close()
        a.stop()
        b.stop()
