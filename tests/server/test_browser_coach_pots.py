"""In a real browser: the coach and the felt at a side pot and at a pot-limit
raise, in English, 繁體中文 and 简体中文 (issue 22) -- what Ann reads when, with
a few chips left, she faces a bet bigger than her stack while another player is
all-in (seed 003, beginners' detail 4), and how much she may raise in pot limit.
Screenshots go to /tmp/shots-coachfix/ (phone and laptop) for a person to look at."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.patience import Patience
from tests.server.chromium import choose_language, needs_chromium, settled
from tests.server.conftest import Client, Server

pytest.importorskip("playwright")
from playwright.sync_api import Browser, Page, expect  # noqa: E402

pytestmark = needs_chromium

SHOTS = Path("/tmp/shots-coachfix")
PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1366, "height": 768}
#: What the coach and the felt say at the spot, in each language (the page switches language in place).
SAID = {
    "en": ("If you call all-in for", "of Bob's bet is more than you can match", "Bob's uncalled bet"),
    "zh-Hant": ("如果你全下跟注", "超過你能跟的數額", "Bob的未跟注部分"),
    "zh-Hans": ("如果你全下跟注", "超过你能跟的数额", "Bob的未跟注部分"),
}


def _shoot(page: Page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    for label, size in (("laptop", LAPTOP), ("phone", PHONE)):
        page.set_viewport_size(size)
        settled(page)
        page.screenshot(path=str(SHOTS / f"{name}-{label}.png"), full_page=True)


def _three_in(state: dict[str, Any]) -> bool:
    """A hand Ann, Bob and Cy were all dealt into."""
    return bool(state.get("hand")) and sum(1 for row in state["seats"] if row and row["in_hand"]) == 3


def _act(client: Client, name: str) -> None:
    """Bob and Cy, when it is their turn: in a hand with all three, Cy moves all-in
    preflop and Bob calls, then bets all-in on the flop; in any other hand they
    check or fold, so the stacks stay what they bought in for, less some blinds."""
    state = client.poll(0.05)
    legal = (state.get("you") or {}).get("legal")
    if not legal:
        return
    hand = state["hand"]
    at = {"hand": hand["number"], "at": hand["actions"]}
    if not _three_in(state):
        client.send(type="act", kind="check" if legal["check"] else "fold", **at)
    elif name == "Cy" and legal["max_raise"] is not None:
        client.send(type="act", kind="raise", amount=legal["max_raise"], **at)
    elif name == "Bob" and hand["street"] != "preflop" and legal["max_raise"] is not None:
        client.send(type="act", kind="raise", amount=legal["max_raise"], **at)
    else:
        client.send(type="act", kind="check" if legal["check"] else "call", **at)


def _ann(page: Page) -> str:
    """Ann's turn, in words: ``spot`` (after the flop of a hand all three are in, she
    faces a bet bigger than her stack), else what she does: ``wait``, ``check``,
    ``call`` (preflop, all three in) or ``fold``."""
    return str(page.evaluate(
        """() => { const you = state.you || {}, l = you.legal, h = state.hand;
                   if (!l || !h) return "wait";
                   const three = state.seats.filter(r => r && r.in_hand).length === 3;
                   const mine = state.seats.find(r => r && r.seat === you.seat);
                   if (l.check) return "check";
                   if (!three) return "fold";
                   if (h.street === "preflop") return "call";
                   return l.call >= mine.stack ? "spot" : "fold"; }"""
    ))


def test_at_a_side_pot_the_felt_and_the_coach_name_only_what_ann_can_win(browser: Browser, server: Server) -> None:
    table = server.create_table(name="Side pots", stack=400, clock=120)
    bob = Client(server, table, server.join(table, "Bob", 400)["token"])
    cy = Client(server, table, server.join(table, "Cy", 100)["token"])
    context = browser.new_context(viewport=LAPTOP)
    context.set_default_timeout(15_000)
    try:
        ann = context.new_page()
        ann.goto(f"{server.base}/t/{table}")
        ann.fill("#join-name", "Ann")
        ann.fill("#join-buyin", "160")
        ann.click("#join-btn")
        ann.locator("#coach-toggle").check()  # no bot at this table: the coach is asked for
        patience = Patience(120)
        while (turn := _ann(ann)) != "spot":
            assert not patience.over(), "the spot never came"
            _act(bob, "Bob")
            _act(cy, "Cy")
            if turn != "wait":
                button = ann.locator(f"#btn-{turn}")
                number = ann.evaluate("() => state.hand.actions")
                button.click()
                # Her action is in once the hand has moved on (or a new hand began).
                ann.wait_for_function(f"() => !state.hand || state.hand.actions !== {number}")
        for lang, (coach_if, coach_rest, felt) in SAID.items():
            choose_language(ann, lang)
            expect(ann.locator("#coach-lines")).to_contain_text(coach_if)
            expect(ann.locator("#coach-lines")).to_contain_text(coach_rest)
            expect(ann.locator("#pots")).to_contain_text(felt)
            _shoot(ann, f"side-pot-{lang}")
        # The felt's pots name no side pot Ann cannot reach: one pot, then Bob's unmatched bet.
        labels = ann.evaluate("() => state.hand.pots.map(p => p.label)")
        assert labels == ["pot", "unmatched"]
    finally:
        context.close()
        bob.close()
        cy.close()


def test_in_pot_limit_the_coach_shows_the_raise_by_the_pot_after_the_call(browser: Browser, server: Server) -> None:
    table = server.create_table(name="Pot limit", structure="pot_limit", bots=["caller"], stack=200, clock=120)
    context = browser.new_context(viewport=LAPTOP)
    context.set_default_timeout(15_000)
    said = {"en": "In pot limit you may raise at most by the pot", "zh-Hant": "底池限注下，加注最多只能加上",
            "zh-Hans": "底池限注下，加注最多只能加上"}
    try:
        ann = context.new_page()
        ann.goto(f"{server.base}/t/{table}")
        ann.fill("#join-name", "Ann")
        ann.click("#join-btn")
        expect(ann.locator("#coach-toggle")).to_be_checked()  # a bot is seated: the coach is on
        for lang, words in said.items():
            choose_language(ann, lang)
            expect(ann.locator("#coach-lines")).to_contain_text(words, timeout=60_000)
            _shoot(ann, f"pot-limit-{lang}")
        line = ann.evaluate("() => state.you.coach.lines.find(l => l.rule === 'pot-limit')")
        legal = ann.evaluate("() => state.you.legal")
        assert line["params"]["high"] == legal["max_raise"]
    finally:
        context.close()


def test_the_rules_page_and_the_drills_show_the_beginners_details_the_citations_number(
    browser: Browser, server: Server
) -> None:
    context = browser.new_context(viewport=LAPTOP)
    context.set_default_timeout(15_000)
    cites = {
        "en": ("TDA 2026 45-A (2024: 43-A); beginners' detail 3", "Who can win a side pot"),
        "zh-Hant": ("TDA 2026 45-A（2024 年版為 43-A）；新手細節第3條", "邊池歸屬"),
        "zh-Hans": ("TDA 2026 45-A（2024 年版为 43-A）；新手细节第3条", "边池归属"),
    }
    try:
        page = context.new_page()
        page.goto(f"{server.base}/rules#details")
        for lang, (cite, detail) in cites.items():
            page.select_option("#lang", lang)
            expect(page.locator("#min-raise .cite")).to_have_text(cite)
            expect(page.locator("#details-list li")).to_have_count(6)
            expect(page.locator("#detail-4")).to_contain_text(detail)
            _shoot(page, f"rules-{lang}")
        page.goto(f"{server.base}/learn?topic=side_pots")
        for lang, (_cite, detail) in cites.items():
            page.select_option("#lang", lang)
            expect(page.locator("#details-list #detail-4")).to_contain_text(detail)
            first = page.locator("#choices button").first
            if first.is_enabled():  # answered once, the question stays answered in every language
                first.click()  # answered: the explanation shows
            expect(page.locator("#explanation")).to_contain_text("TDA 2026 23")
            _shoot(page, f"learn-{lang}")
    finally:
        context.close()
