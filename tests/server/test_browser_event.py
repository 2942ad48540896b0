"""The tournament pages in real Chromium: the lobby creates a tournament and opens its page as
host, an invitee registers on a phone and is taken to their seat when the host starts, the TV
page and the standings page in English and 繁體中文 at desktop and phone size (screenshots in
$PD_SHOTS if set), the standings' CSV."""

from __future__ import annotations

import csv
import io
import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from pokerdealer.server.seat_names import bot_name
from tests.server.chromium import needs_chromium
from tests.server.conftest import Server
from tests.server.test_browser_i18n import english_left
from tests.server.tournaments import post_tournament, until

pytest.importorskip("playwright")
from playwright.sync_api import Browser, Page, expect  # noqa: E402

pytestmark = needs_chromium

DESKTOP = {"width": 1600, "height": 900}
PHONE = {"width": 390, "height": 844}
BOTS = ["caller", "tight", "caller", "random", "caller"]


@pytest.fixture(scope="module")
def room(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    s = Server(tmp_path_factory.mktemp("room") / "room.db").start()
    yield s
    s.stop()


def create(room: Server, **spec: Any) -> dict[str, Any]:
    return post_tournament(room, {"name": "Friday", "max_entrants": 12, "starting_stack": 1000, "level_seconds": 2,
                                  "seats": 3, "bots": BOTS, "clock": 1, **spec})


def state(room: Server, event_id: str) -> dict[str, Any]:
    return httpx.get(f"{room.base}/api/tournaments/{event_id}", timeout=10).json()


@pytest.fixture(scope="module")
def running(room: Server) -> dict[str, Any]:
    """An event started with bots only, played for a while (some out, so standings exist)."""
    made = create(room, max_entrants=12, seats=4, level_seconds=6, bots=(BOTS * 3)[:12])
    r = httpx.post(f"{room.base}/api/tournaments/{made['id']}/host", json={"command": "start"},
                   headers={"X-Host-Token": made["host_token"]}, timeout=20)
    assert r.status_code == 200, r.text
    until(lambda: state(room, made["id"])["standings"], timeout=120)
    return made


def shots() -> Path | None:
    folder = os.environ.get("PD_SHOTS")
    return Path(folder) if folder else None


def bots_as_read(s: dict[str, Any], lang: str) -> set[str]:
    """Every bot of the event as a reader of ``lang`` reads it (the event's bots are named in its own)."""
    return {bot_name(bot["kind"], bot["n"], lang=lang) for bot in s["bots"].values()}


def open_page(browser: Browser, url: str, *, viewport: dict[str, int], accept: str) -> Page:
    ctx = browser.new_context(viewport=viewport, extra_http_headers={"Accept-Language": accept})
    page = ctx.new_page()
    page.goto(url)
    return page


def test_the_lobby_creates_a_tournament_and_opens_its_page_as_host(room: Server, browser: Browser) -> None:
    page = open_page(browser, room.base + "/", viewport=DESKTOP, accept="en")
    form = page.locator("#create-event")
    expect(form.locator("input[name=name]")).to_have_value("Tournament")
    form.locator("input[name=name]").fill("Club night")
    form.locator("input[name=max_entrants]").fill("9")
    form.locator("input[name=starting_stack]").fill("2000")
    form.locator("select[name=structure]").select_option("custom")
    form.locator("input[name=level_minutes]").fill("0.5")
    form.locator("textarea[name=levels]").fill("10/20\n20／40\nbreak 1\n30/60/60")  # a full-width slash too
    form.locator("select[name=payouts]").select_option("custom")
    form.locator("input[name=percents]").fill("70, 30")
    form.locator("input[name=bot_count]").fill("2")
    form.locator("#create-event-btn").click()
    page.wait_for_url(re.compile(r"/e/[^/#]+$"))
    expect(page.locator("#ev-name")).to_have_text("Club night")
    expect(page.locator("#host-start")).to_be_visible()
    assert "#host=" not in page.url  # the host token left the address bar
    event_id = page.url.rsplit("/", 1)[1]
    s = state(room, event_id)
    assert [r["level"] for r in s["structure"]] == [1, 2, None, 3]
    assert s["structure"][3]["ante"] == 60 and s["structure"][2]["minutes"] == 1
    assert len(s["payouts"]) == 2 and s["starting_stack"] == 2000
    page.context.close()


def test_a_bad_custom_level_is_refused_in_the_form_with_its_line(room: Server, browser: Browser) -> None:
    page = open_page(browser, room.base + "/", viewport=DESKTOP, accept="en")
    form = page.locator("#create-event")
    form.locator("select[name=structure]").select_option("custom")
    form.locator("input[name=level_minutes]").fill("1")
    form.locator("textarea[name=levels]").fill("10/20\nten/twenty")
    form.locator("#create-event-btn").click()
    expect(page.locator("#create-event-error")).to_contain_text("ten/twenty")
    assert page.url.endswith("/")
    page.context.close()


def test_an_invitee_registers_on_a_phone_and_is_taken_to_their_seat_at_the_start(room: Server, browser: Browser) -> None:
    made = create(room)
    host = open_page(browser, room.base + made["host_url"], viewport=DESKTOP, accept="en")
    ann = open_page(browser, f"{room.base}/e/{made['id']}", viewport=PHONE, accept="zh-TW")
    ann.locator("#register-name").fill("Ann")
    sent: list[str] = []
    ann.on("request", lambda r: sent.append(r.url) if r.method == "POST" and r.url.endswith("/register") else None)
    # Two taps, the second before the first is answered: registered once, and not told the name is taken.
    ann.evaluate("() => { const b = document.getElementById('register-btn'); b.click(); b.click(); }")
    expect(ann.locator("#me-text")).to_contain_text("Ann")
    expect(ann.locator("#register")).to_be_hidden()
    expect(host.locator("#registered")).to_contain_text("Ann")
    assert (len(sent), ann.locator("#register-error").text_content()) == (1, "")
    host.locator("#host-start").click()
    ann.wait_for_url(re.compile(r"/t/[^/]+$"), timeout=30_000)
    table = ann.url.rsplit("/", 1)[1]
    # The seat opened by the token the tournament gave: Ann is seated, not asked to sit down.
    assert ann.evaluate(f"localStorage.getItem('pd.seat.{table}')")
    expect(ann.locator("#join")).to_be_hidden()
    expect(host.locator("#ev-status")).to_have_text("Running")
    expect(host.locator("#tables")).to_contain_text("Ann")
    expect(host.locator("#host-pause")).to_be_visible()
    host.context.close()
    ann.context.close()


def test_a_late_registrant_is_taken_to_their_seat_at_once(room: Server, browser: Browser) -> None:
    made = create(room, late_registration=3, level_seconds=60)
    r = httpx.post(f"{room.base}/api/tournaments/{made['id']}/host", json={"command": "start"},
                   headers={"X-Host-Token": made["host_token"]}, timeout=20)
    assert r.status_code == 200, r.text
    bea = open_page(browser, f"{room.base}/e/{made['id']}", viewport=PHONE, accept="en")
    expect(bea.locator("#ev-status")).to_have_text("Running")
    bea.locator("#register-name").fill("Bea")
    bea.locator("#register-btn").click()
    bea.wait_for_url(re.compile(r"/t/[^/]+$"), timeout=30_000)
    expect(bea.locator("#join")).to_be_hidden()
    bea.context.close()


@pytest.mark.parametrize(("lang", "accept"), [("en", "en"), ("zh-Hant", "zh-TW")])
@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_the_tv_page_shows_the_clock_the_field_and_the_tables(
    room: Server, browser: Browser, running: dict[str, Any], lang: str, accept: str, size: str
) -> None:
    viewport = DESKTOP if size == "desktop" else PHONE
    page = open_page(browser, f"{room.base}/e/{running['id']}", viewport=viewport, accept=accept)
    expect(page.locator("#time")).to_have_text(re.compile(r"^\d\d:\d\d$|^\S+$"))
    expect(page.locator("#counts tbody tr").first).to_be_visible()
    s = state(room, running["id"])
    names = tuple(p["name"] for p in s["standings"]) + tuple(p["name"] for t in s["tables"] for p in t["players"])
    expect(page.locator("#payouts tbody tr")).to_have_count(len(s["payouts"]))
    # The bots (named in the event's English) are said in the reader's language, in every list.
    assert len(s["bots"]) == 12 and set(s["bots"]) >= set(names)  # the running event: twelve bots, nobody else
    shown = page.locator("#tables .name, #counts td.name, #standings td.name").all_text_contents()
    assert shown and set(shown) <= bots_as_read(s, lang), shown
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
    if lang != "en":
        assert english_left(page, names + (running.get("name", "Friday"), "Friday")) == []
    folder = shots()
    if folder:
        page.screenshot(path=str(folder / f"event-tv-{lang}-{size}.png"), full_page=True)
    page.context.close()


@pytest.mark.parametrize(("lang", "accept"), [("en", "en"), ("zh-Hant", "zh-TW")])
@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_the_standings_page_lists_the_places_and_links_the_csv(
    room: Server, browser: Browser, running: dict[str, Any], lang: str, accept: str, size: str
) -> None:
    viewport = DESKTOP if size == "desktop" else PHONE
    page = open_page(browser, f"{room.base}/e/{running['id']}/standings", viewport=viewport, accept=accept)
    expect(page.locator("#standings tbody tr td.name").first).to_be_visible()
    href = page.locator("#csv").get_attribute("href")
    rows = list(csv.reader(io.StringIO(httpx.get(room.base + href, timeout=10).content.decode("utf-8-sig"), newline="")))
    # The file's header is in the page's language (the link says it), whatever the fetch's own.
    assert rows[0] == {"en": ["Place", "Player", "Prize"], "zh-Hant": ["名次", "玩家", "獎金"]}[lang] and len(rows) > 1
    shown = page.locator("#standings tbody td.name").all_text_contents()
    # The CSV keeps each name as the event gave it; the page says a bot in the reader's language.
    s = state(room, running["id"])
    assert {r[1] for r in rows[1:]} <= set(s["bots"])
    assert shown and set(shown) <= bots_as_read(s, lang), shown
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
    if lang != "en":
        assert english_left(page, tuple(shown) + ("Friday", "CSV")) == []
    folder = shots()
    if folder:
        page.screenshot(path=str(folder / f"event-standings-{lang}-{size}.png"), full_page=True)
    page.context.close()


def test_the_clock_glows_when_the_level_changes(room: Server, browser: Browser) -> None:
    made = create(room, level_seconds=3, bots=["caller"] * 4)
    r = httpx.post(f"{room.base}/api/tournaments/{made['id']}/host", json={"command": "start"},
                   headers={"X-Host-Token": made["host_token"]}, timeout=20)
    assert r.status_code == 200, r.text
    page = open_page(browser, f"{room.base}/e/{made['id']}", viewport=DESKTOP, accept="en")
    expect(page.locator("#level")).to_have_text(re.compile(r"Level \d+"))
    expect(page.locator("#clock")).to_have_class(re.compile(r"\blevel-up\b"), timeout=15_000)
    page.context.close()


def test_a_player_sees_their_place_on_the_tournament_page_once_out(room: Server, browser: Browser) -> None:
    # Ann registers and never acts: the action clock folds her hand after hand until the event is over.
    # Blinds that rise steeply, 3 s a level: two callers heads-up only bust each other when the
    # blinds are a good part of the stacks (the turbo's levels took some 20 s to get there).
    levels = [{"small_blind": sb, "big_blind": 2 * sb, "ante": 2 * sb, "seconds": 3} for sb in (10, 50, 150, 500)]
    made = create(room, bots=["caller", "caller"], levels=levels)
    ann = open_page(browser, f"{room.base}/e/{made['id']}", viewport=PHONE, accept="en")
    ann.locator("#register-name").fill("Ann")
    ann.locator("#register-btn").click()
    expect(ann.locator("#me-text")).to_contain_text("registered")
    httpx.post(f"{room.base}/api/tournaments/{made['id']}/host", json={"command": "start"},
               headers={"X-Host-Token": made["host_token"]}, timeout=20)
    ann.wait_for_url(re.compile(r"/t/[^/]+$"), timeout=30_000)
    until(lambda: state(room, made["id"])["status"] == "finished", timeout=180)
    ann.goto(f"{room.base}/e/{made['id']}")
    place = next(p["place"] for p in state(room, made["id"])["standings"] if p["name"] == "Ann")
    expect(ann.locator("#me-text")).to_contain_text(f"you finished {place}")
    expect(ann.locator("#me-go")).to_be_hidden()
    ann.context.close()


def test_a_player_out_reenters_with_one_click_on_the_tournament_page_and_is_taken_to_their_seat(room: Server, browser: Browser) -> None:
    from tests.server.tournaments import (  # Ann plays junk all in until out
        ENTRANTS,
        reentry_event,
        shove_until_out,
    )

    made = reentry_event(room)
    r = httpx.post(f"{room.base}/api/tournaments/{made['id']}/register", json={"name": "Ann"}, timeout=20)
    token = r.json()["player_token"]
    httpx.post(f"{room.base}/api/tournaments/{made['id']}/host", json={"command": "start"},
               headers={"X-Host-Token": made["host_token"]}, timeout=20)
    shove_until_out(room, made["id"], token)
    ann = open_page(browser, f"{room.base}/e/{made['id']}", viewport=PHONE, accept="zh-TW")
    ann.evaluate("([k, v]) => localStorage.setItem(k, v)", [f"pd.eplayer.{made['id']}", token])
    ann.reload()
    expect(ann.locator("#me-reenter")).to_have_text("重新進場")
    ann.locator("#me-reenter").click()
    ann.wait_for_url(re.compile(r"/t/[^/]+$"), timeout=30_000)
    expect(ann.locator("#join")).to_be_hidden()  # seated by the token: not asked to sit down
    s = state(room, made["id"])
    assert s["entries"] == ENTRANTS + 1 and s["prize_pool"] == (ENTRANTS + 1) * 100
    assert any(p["name"] == "Ann" for t in s["tables"] for p in t["players"])
    ann.context.close()


def test_a_player_out_reenters_with_one_click_under_their_table_strip(room: Server, browser: Browser) -> None:
    from tests.server.tournaments import ENTRANTS, reentry_event, shove_until_out

    made = reentry_event(room)
    r = httpx.post(f"{room.base}/api/tournaments/{made['id']}/register", json={"name": "Ann"}, timeout=20)
    token = r.json()["player_token"]
    httpx.post(f"{room.base}/api/tournaments/{made['id']}/host", json={"command": "start"},
               headers={"X-Host-Token": made["host_token"]}, timeout=20)
    where = shove_until_out(room, made["id"], token)["last_table"]
    # The table page where she busted: her place, and the button while re-entries are taken.
    ann = open_page(browser, f"{room.base}/", viewport=PHONE, accept="en")
    ann.evaluate("([k, v]) => localStorage.setItem(k, v)", [f"pd.seat.{where}", token])
    ann.goto(f"{room.base}/t/{where}")
    expect(ann.locator("#event-reenter")).to_have_text("Re-enter")
    ann.locator("#event-reenter").click()
    until(lambda: state(room, made["id"])["entries"] == ENTRANTS + 1, timeout=20)
    # Taken to the seat drawn (maybe another table), the same token opening it.
    ann.wait_for_function("() => state && state.you && state.you.seat && state.you.name === 'Ann'", timeout=20_000)
    expect(ann.locator("#event-result")).to_have_count(0)
    ann.context.close()
