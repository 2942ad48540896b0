"""In real Chromium, on a laptop (1366 px) and a 390 px phone, in English and in
Chinese: Ann plays a hand against a regular and a loose bot; once it is over one
tap on "Why did the bot do that?" under the felt opens, for each of the bots'
decisions, its street, its action, the equity and pot odds it used and the rule
that decided, in her language -- exactly what GET .../hands/N/why gives, so a
bot whose cards were not shown is said to keep its equity (issue 26).

Screenshots go to ``$WHY_SHOTS`` when it is set (to look at them).
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path

import httpx
import pytest

from pokerdealer.i18n import message
from tests.patience import Patience
from tests.server.chromium import check_or_call, needs_chromium, settled
from tests.server.conftest import Client, Server

pytest.importorskip("playwright")
from playwright.sync_api import Browser, Page, expect  # noqa: E402

pytestmark = needs_chromium
VIEWS = {
    "laptop": {"viewport": {"width": 1366, "height": 768}},
    "phone390": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True},
}


@pytest.fixture(scope="module")
def room(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    s = Server(tmp_path_factory.mktemp("why-bot") / "room.db").start()
    yield s
    s.stop()


def _shot(page: Page, name: str) -> None:
    folder = os.environ.get("WHY_SHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / f"{name}.png"))


def _host(room: Server, table: str, token: str, command: str) -> None:
    r = httpx.post(f"{room.base}/api/tables/{table}/host", json={"command": command},
                   headers={"X-Host-Token": token}, timeout=10)
    assert r.status_code == 200, r.text


def _pct(share: float) -> str:
    """A share as the page writes it: a whole percent, halves up (Intl.NumberFormat)."""
    return f"{(Decimal(str(share)) * 100).quantize(Decimal(1), rounding=ROUND_HALF_UP)}%"


@pytest.mark.parametrize(("lang", "view"), [("en", "laptop"), ("zh-Hant", "phone390")])
def test_one_tap_after_the_hand_says_each_bot_decisions_equity_and_pot_odds(
    browser: Browser, room: Server, lang: str, view: str
) -> None:
    created = httpx.post(f"{room.base}/api/tables", json={
        "name": f"why {lang} {view}", "bots": ["regular", "loose"], "seats": 3, "clock": 30, "lang": lang,
    }, timeout=10)
    assert created.status_code == 200, created.text
    table, host_token = created.json()["id"], created.json()["host_token"]
    _host(room, table, host_token, "pause")  # one hand at a time: the table waits after each
    spectator = Client(room, table)
    context = browser.new_context(**VIEWS[view])
    context.set_default_timeout(15_000)
    context.add_init_script(f"localStorage.setItem('pd.lang', '{lang}')")
    errors: list[str] = []
    try:
        page = context.new_page()
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(f"{room.base}/t/{table}")
        page.fill("#join-name", "Ann")
        page.click("#join-btn")
        expect(page.locator("#you-line")).to_be_visible()
        spectator.until(lambda s: s["hand"] is None, timeout=30)  # the bots' first hand, if dealt, is over
        number = (spectator.poll()["last_hand"] or {}).get("number", 0) + 1
        _host(room, table, host_token, "resume")
        spectator.until(lambda s: s["hand"] is not None and s["hand"]["number"] == number, timeout=30)
        _host(room, table, host_token, "pause")  # after this hand
        patience = Patience(90)
        button = page.locator(f"#btn-why[data-hand='{number}']")
        while not button.is_visible():
            assert not patience.over(), "no 'why' button after the hand"
            check_or_call(page)
            page.wait_for_timeout(100)
        reasons = room.get(f"/api/tables/{table}/hands/{number}/why").json()["reasons"]
        assert reasons, "the bots made no decision in the hand"
        expect(button).to_have_text(message(lang, "room.why.open", n=number))
        settled(page)
        _shot(page, f"{lang}-{view}-button")

        # One tap (a click on the laptop) opens the panel.
        button.tap() if view.startswith("phone") else button.click()
        panel = page.locator("dialog#why[open]")
        expect(panel).to_be_visible()
        expect(panel.locator("#why-title")).to_have_text(message(lang, "room.why.title", n=number))
        rows = panel.locator(".why-line")
        expect(rows).to_have_count(len(reasons))
        for row, line in zip(rows.all(), reasons, strict=True):
            assert (row.get_attribute("data-seat"), row.get_attribute("data-action")) == (str(line["seat"]), line["action"])
            expect(row.locator(".why-street")).to_have_text(message(lang, f"room.street.{line['street']}"))
            expect(row.locator(".why-act")).to_contain_text(line["name"])
            if line["equity"] is None:  # withheld by the room: its cards were not shown
                expect(row.locator(".why-equity")).to_have_text(message(lang, "room.why.equity_hidden"))
            else:
                expect(row.locator(".why-equity")).to_have_text(message(lang, "room.why.equity", pct=_pct(line["equity"])))
            if line["pot_odds"] is None:
                expect(row.locator(".why-odds")).to_have_text(message(lang, "room.why.no_price"))
            else:
                expect(row.locator(".why-odds")).to_have_text(message(
                    lang, "room.why.pot_odds", pct=_pct(line["pot_odds"]), amount=f"{line['price']:,}", pot=f"{line['pot']:,}"))
            if line["rule"] is None:  # withheld with the equity
                expect(row.locator(".why-rule")).to_have_text(message(lang, "room.why.rule_hidden"))
            else:
                expect(row.locator(".why-rule")).to_have_text(message(lang, f"room.why.rule.{line['rule']}"))
            expect(row.locator(".why-ranges")).to_have_count(1 if line["ranges"] else 0)
        # In her language: in Chinese no English word but her own name.
        text = panel.inner_text()
        if lang != "en":
            assert set(re.findall(r"[A-Za-z]+", text)) <= {"Ann"}, text
        # It fits the window: nothing wider than it, the panel inside it.
        width = page.evaluate("window.innerWidth")
        box = panel.bounding_box()
        assert box and 0 <= box["x"] and box["x"] + box["width"] <= width, box
        assert page.evaluate("document.getElementById('why').scrollWidth <= document.getElementById('why').clientWidth")
        settled(page)
        _shot(page, f"{lang}-{view}-panel")
        panel.locator("#why-close").click()
        expect(page.locator("dialog#why")).not_to_be_visible()
        assert errors == []
    finally:
        spectator.close()
        context.close()


def test_a_hand_of_bots_that_give_no_reasons_leaves_no_why_button(browser: Browser, room: Server) -> None:
    """The tight bot and the calling station say no why: after Ann's hand
    against them the page asks, hears none, and shows no button (nor its
    row's gap)."""
    created = httpx.post(f"{room.base}/api/tables", json={
        "name": "no why", "bots": ["tight", "caller"], "seats": 3, "clock": 30, "lang": "en",
    }, timeout=10)
    assert created.status_code == 200, created.text
    table = created.json()["id"]
    context = browser.new_context(**VIEWS["laptop"])
    context.set_default_timeout(15_000)
    answers: list[dict[str, object]] = []
    try:
        page = context.new_page()
        page.on("response", lambda r: answers.append(r.json()) if re.search(rf"/api/tables/{table}/hands/\d+/why$", r.url) else None)
        page.goto(f"{room.base}/t/{table}")
        page.fill("#join-name", "Ann")
        page.click("#join-btn")
        expect(page.locator("#you-line")).to_be_visible()
        patience = Patience(90)
        while not answers:  # her hand is over when the page asks why
            assert not patience.over(), "the page never asked why"
            check_or_call(page)
            page.wait_for_timeout(100)
        assert answers[0]["reasons"] == []
        settled(page)
        expect(page.locator("#why-row")).to_be_hidden()
    finally:
        context.close()
