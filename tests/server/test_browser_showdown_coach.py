"""In real Chromium, on a laptop and on 390 and 360 px phones, in each language:
Ann turns the coach on and plays heads-up against Bob to showdowns, one hand at a
time (the host pauses the table after each); once her hand has lost on a card
against Bob's, shown, the coach's panel says how the showdown went by the rules
and draws her best five beside the hand that beat it, the deciding cards marked,
and her seat on the felt says in a few words what decided (issue 22).

Bob (a second player, on a websocket) and a spectator listen all along: no frame
either receives names a card of Ann's the rules did not show, nor any of her
coach's words (tests/server/security shows how to listen).

Screenshots go to ``$SHOWDOWN_SHOTS`` when it is set (to look at them).
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from pokerdealer.cards import parse_cards
from pokerdealer.evaluation.explain import card_label
from pokerdealer.i18n import message
from pokerdealer.learn.citations import cite
from tests.patience import Patience
from tests.server.chromium import check_or_call, needs_chromium
from tests.server.conftest import Client, Server
from tests.server.security.listening import SPECTATOR, Listening, Secret, _record_frames, find_leaks

pytest.importorskip("playwright")
from playwright.sync_api import Browser, Page, expect  # noqa: E402

pytestmark = needs_chromium
BOB = "Bob the Steady Rock"  # a long name, as a bot's "稳健机器人 2" is in its column

VIEWS = {
    "laptop": {"viewport": {"width": 1366, "height": 768}},
    "phone390": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True},
    "phone360": {"viewport": {"width": 360, "height": 740}, "is_mobile": True, "has_touch": True},
}
#: The words of a hand lost, in each language ("you lost on the third kicker").
LOST = {"en": "you lost on the", "zh-Hant": "你輸在", "zh-Hans": "你输在"}


@pytest.fixture(scope="module")
def room(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    s = Server(tmp_path_factory.mktemp("showdown-coach") / "room.db").start()
    yield s
    s.stop()


def _shot(page: Page, name: str) -> None:
    folder = os.environ.get("SHOWDOWN_SHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / f"{name}.png"), full_page=True)


def _host(room: Server, table: str, token: str, command: str) -> None:
    r = httpx.post(f"{room.base}/api/tables/{table}/host", json={"command": command},
                   headers={"X-Host-Token": token}, timeout=10)
    assert r.status_code == 200, r.text


def _drain(client: Client) -> None:
    """Read what has arrived, without waiting long."""
    while True:
        try:
            client.recv(timeout=0.01)
        except TimeoutError:
            return


def _ann_cards(frames: list[str], seat: int) -> dict[int, tuple[str, ...]]:
    """Hand number -> Ann's hole cards, from the states her page received."""
    out: dict[int, tuple[str, ...]] = {}
    for text in frames:
        msg = json.loads(text)
        if msg.get("type") == "state" and msg.get("hand") and (msg["seats"][seat - 1] or {}).get("cards"):
            out[msg["hand"]["number"]] = tuple(msg["seats"][seat - 1]["cards"])
    return out


def _check_question(page: Page, frames: list[str], lang: str) -> None:
    """Ann's turn at a showdown that leaves her the choice: the question and the
    coach's lines (who shows first and why, TDA 2026 18-A; a mucked hand gives up
    the pot) in her language, inside the window; then she shows."""
    box = page.locator("#show-or-muck")
    asked = next(msg["you"]["show_or_muck"] for msg in map(json.loads, reversed(frames))
                 if msg.get("type") == "state" and (msg.get("you") or {}).get("show_or_muck"))
    expect(page.locator("#show-or-muck-ask")).to_have_text(message(lang, "room.act.show_or_muck"))
    items = box.locator("li")
    expect(items).to_have_count(len(asked["lines"]))
    for item, line in zip(items.all(), asked["lines"], strict=True):
        assert item.inner_text().startswith(line["text"]), (item.inner_text(), line["text"])
    assert asked["lines"][-1]["text"].startswith(message(lang, "coach.show.or_muck"))
    expect(page.locator("#btn-show")).to_have_text(message(lang, "room.act.show"))
    expect(page.locator("#btn-muck")).to_have_text(message(lang, "room.act.muck"))
    width = page.evaluate("window.innerWidth")
    assert page.evaluate("document.scrollingElement.scrollWidth") <= width
    for part in (box, page.locator("#btn-show"), page.locator("#btn-muck")):
        rect = part.bounding_box()
        assert rect and 0 <= rect["x"] and rect["x"] + rect["width"] <= width, rect
    _shot(page, f"{lang}-show-or-muck")


@pytest.mark.parametrize(("lang", "view"), [("en", "laptop"), ("zh-Hans", "phone390"), ("zh-Hant", "phone360")])
def test_the_coach_says_her_showdown_to_her_alone(browser: Browser, room: Server, lang: str, view: str) -> None:
    created = httpx.post(f"{room.base}/api/tables", json={
        "name": f"showdown {lang} {view}", "bots": [], "clock": 30, "lang": lang,
    }, timeout=10)
    assert created.status_code == 200, created.text
    table, host_token = created.json()["id"], created.json()["host_token"]
    _host(room, table, host_token, "pause")  # one hand at a time: the table waits after each
    context = browser.new_context(**VIEWS[view])
    context.set_default_timeout(15_000)
    context.add_init_script(f"localStorage.setItem('pd.lang', '{lang}')")
    errors: list[str] = []
    frames: list[str] = []  # what Ann's page received (filled while Playwright is called)
    bob = spectator = None
    try:
        page = context.new_page()
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.on("websocket", lambda ws: ws.on("framereceived", lambda payload: frames.append(payload) if isinstance(payload, str) else None))
        page.goto(f"{room.base}/t/{table}")
        page.fill("#join-name", "Ann")
        page.click("#join-btn")
        expect(page.locator("#you-line")).to_be_visible()
        expect(page.locator("#coach-toggle")).not_to_be_checked()  # no bot at the table: she asks for it
        page.click("#coach-toggle")
        expect(page.locator("#coach-toggle")).to_be_checked()
        joined = room.join(table, BOB)
        bob, spectator = Client(room, table, joined["token"]), Client(room, table)
        ann_seat = int(page.locator(".seat.me").get_attribute("data-seat"))
        compared, questioned = None, False
        for _ in range(10):  # hands, until one is lost on a card (a kicker, a pair): the cards are marked
            number = (spectator.poll()["last_hand"] or {}).get("number", 0) + 1
            _host(room, table, host_token, "resume")
            spectator.until(lambda s, n=number: s["hand"] is not None and s["hand"]["number"] == n, timeout=30)
            _host(room, table, host_token, "pause")  # after this hand
            patience = Patience(90)
            while (spectator.last_hand or {}).get("number") != number:
                assert not patience.over(), "the hand did not end"
                _drain(bob), _drain(spectator)
                if bob.state and bob.my_turn(bob.state):
                    bob.act_passive(bob.state)
                if not questioned and page.locator("#show-or-muck").is_visible():
                    _check_question(page, frames, lang)
                    questioned = True
                check_or_call(page)  # asked to show or muck, she shows
                page.wait_for_timeout(100)
            panel = page.locator(f"#coach-showdown[data-hand='{number}']")
            expect(panel).to_be_visible()
            if panel.locator(".sd-compare .card.decides").count():
                compared = number
                break
        assert compared is not None, "Ann never lost on a card against a shown hand"
        assert questioned, "Ann was never asked to show or muck"
        _drain(bob), _drain(spectator)
        summary = spectator.last_hand
        shown = {o["name"]: o["cards"] for o in summary["order"] if o.get("cards")}
        panel = page.locator("#coach-showdown")
        coach = next(msg["you"]["coach_showdown"] for msg in map(json.loads, reversed(frames))
                     if msg.get("type") == "state" and (msg.get("you") or {}).get("coach_showdown"))
        assert coach["hand"] == compared
        # What it says, in her language: the title, then how the showdown went by the rules (who
        # was first to show and why, or the all-in), then her hand beside the one that beat it.
        expect(panel.locator("h3")).to_have_text(message(lang, "room.coach.showdown.title", n=compared))
        items = panel.locator("li")
        expect(items).to_have_count(len(coach["lines"]))
        for item, line in zip(items.all(), coach["lines"], strict=True):
            assert item.locator(".sd-text").inner_text() == line["text"]
            # Each line cites its rule from the one table: a TDA number with its edition (who
            # shows first: TDA 2026 18-A), or the beginners' detail where no TDA rule says it
            # (how hands compare, a kicker or a pair: beginners' detail 5).
            numbers = cite(lang, line["rule"])
            assert numbers, f"{line['rule']} cites nothing"
            title = message(lang, f"rules.{line['rule']}.title")
            assert line["cite"] == message(lang, "coach.cite", title=title, numbers=numbers)
            assert line["text"].endswith(message(lang, "coach.line", body="", cite=line["cite"])), line["text"]
        first, key = summary["order"][0]["name"], coach["lines"][0]["key"]
        assert key == "coach.sd.all_in" or key == f"coach.sd.first.{'you.' if first == 'Ann' else ''}" + key.split(".")[-1]
        assert coach["lines"][0]["text"].startswith(message(lang, key, name=first))
        lost = LOST[lang]
        line = next(line for line in coach["lines"] if "compare" in line)
        assert lost in line["text"], line["text"]
        # The two hands drawn as cards: hers from her cards and the board, the other's as shown.
        mine = _ann_cards(frames, ann_seat)[compared]
        board = set(summary["board"])
        rows = panel.locator(".sd-compare").first.locator(".sd-hand")
        expect(rows).to_have_count(2)
        for row, hand in zip(rows.all(), line["compare"]["hands"], strict=True):
            assert [c.get_attribute("data-card") for c in row.locator(".card").all()] == hand["cards"]
            assert [c.get_attribute("data-card") for c in row.locator(".card.decides").all()] == hand["marked"]
        hers, theirs = line["compare"]["hands"]
        expect(rows.nth(0).locator(".sd-who")).to_have_text(message(lang, "room.coach.showdown.you"))
        # His name whole, not cut to "Bob the St…" (a bot's "稳健机器人 2" was cut to "稳健机…").
        who = rows.nth(1).locator(".sd-who")
        expect(who).to_have_text(BOB)
        assert who.evaluate("e => e.scrollWidth <= e.clientWidth && getComputedStyle(e).textOverflow !== 'ellipsis'")
        assert set(hers["cards"]) <= set(mine) | board and set(theirs["cards"]) <= set(shown[theirs["name"]]) | board
        assert hers["marked"] and theirs["marked"], "no deciding card marked"
        for card in hers["marked"] + theirs["marked"]:  # marked in the words too
            assert message(lang, "coach.sd.mark", card=card_label(parse_cards(card)[0])) in line["text"]
        # At her seat on the felt, while the hand is on it: the few words of the comparison.
        felt = page.locator(".seat.me #coach-felt")
        expect(felt).to_have_text(line["compare"]["felt"])
        assert line["compare"]["felt"].startswith(message(lang, "coach.sd.felt.lost", part=""))
        # Her own cards that decided are marked at her seat too.
        own_marked = sorted(set(hers["marked"]) & set(mine))
        assert sorted(c.get_attribute("data-card") for c in page.locator(".seat.me .card.decides").all()) == own_marked
        # It fits: nothing wider than the window, the hands' cards inside it.
        width = page.evaluate("window.innerWidth")
        assert page.evaluate("document.scrollingElement.scrollWidth") <= width
        for card in panel.locator(".sd-compare .card").all() + felt.all():
            box = card.bounding_box()
            assert box and 0 <= box["x"] and box["x"] + box["width"] <= width, box
        page.wait_for_function("document.fonts.status === 'loaded'")
        _shot(page, f"{lang}-{view}-felt")
        panel.scroll_into_view_if_needed()
        _shot(page, f"{lang}-{view}-panel")
        # Nobody else heard it: no card of Ann's the rules did not show, none of her coach's words.
        _drain(bob), _drain(spectator)
        listening = Listening(table, {"Ann": ann_seat, BOB: joined["seat"]}, {}, [])
        for name, client in ((SPECTATOR, spectator), (BOB, bob)):
            _record_frames(listening, name, client)
        listening.own["Ann"] = _ann_cards(frames, ann_seat)
        secrets = [
            Secret("Ann", n, card, "unshown")
            for n in sorted(listening.hands) for card in listening.unshown("Ann", n)
        ]
        assert any(s.hand == compared for s in secrets) or "Ann" in shown, "Ann's cards were shown: nothing to keep"
        assert find_leaks(listening, secrets) == []
        # Bob, who never turned his coach on, is told nothing of his showdowns either.
        assert not any((msg.get("you") or {}).get("coach_showdown") for msg in bob.messages if msg["type"] == "state")
        # Her comparison is hers alone (the other lines may be said alike to Bob of his showdown).
        for heard in listening.heard:
            assert json.dumps(line["text"], ensure_ascii=False) not in heard.text, heard.reader
            assert heard.reader != SPECTATOR or '"you"' not in heard.text
        assert errors == []
    finally:
        for client in (bob, spectator):
            if client is not None:
                client.close()
        context.close()
