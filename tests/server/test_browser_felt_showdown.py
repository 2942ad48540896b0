"""The showdown told on the felt (issue 23), in real Chromium on a phone: at the winner's seat the
chips it took and its hand's name in the reader's language ("+6 · 两对"), under the pots the whole
hand and what decided it ("Ann: two pair, nines and eights, kicker Q" / "the kicker: Q♠ beats J♦",
issue 37), the deciding card marked, the five cards that made the hand raised (its other cards and the board's others dimmed), and the pot's chips flying to the
winner -- not for a reader who asked for less motion. (The winner's hand and amount were only in
the side panel, below the felt on a phone.) The room waits 30 s between hands: the showdown stays
on the felt while it is read. Screenshots in $PD_SHOTS if set."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from pokerdealer.i18n import message
from tests.server.chromium import check_or_call_until, choose_language, needs_chromium, settled
from tests.server.conftest import Server
from tests.server.test_browser_event_words import shot
from tests.server.test_browser_phone_felt import LONG_NAME

pytest.importorskip("playwright")
from playwright.sync_api import Browser, BrowserContext, Page, expect  # noqa: E402

pytestmark = needs_chromium

# Each chip that flew over the page (table.js flyChips), from the page's first script on: its kind
# (a bet to the pot, the pot to a winner) and the seat it flew to.
FLOWN = """window.__flown = [];
new MutationObserver(ms => ms.forEach(m => m.addedNodes.forEach(n => {
  if (n.classList && n.classList.contains("chip-fly")) window.__flown.push({ kind: n.dataset.kind, seat: n.dataset.toSeat || null });
}))).observe(document, { subtree: true, childList: true });"""

# Every animation and transition the page started, from its first script on: its name (a
# transition: "transition:" and its property), and the properties each animation's keyframes move.
ANIMATED = """window.__animated = new Set();
addEventListener("animationstart", e => window.__animated.add(e.animationName), true);
addEventListener("transitionstart", e => window.__animated.add("transition:" + e.propertyName), true);"""
MOVED = """() => {
  const moves = {};
  const walk = (rules) => { for (const r of rules) {
    if (r instanceof CSSKeyframesRule) moves[r.name] = [...new Set([...r.cssRules].flatMap(k => [...k.style]))];
    else if (r.cssRules) walk(r.cssRules);
  } };
  for (const sheet of document.styleSheets) walk(sheet.cssRules);
  return Object.fromEntries([...window.__animated].map(n => [n, n.startsWith("transition:") ? [n.slice(11)] : moves[n] || ["?"]]));
}"""
# What a browser moves by blending what it drew once: anything else is painted anew at every frame.
BLENDED = {"opacity", "transform", "scale", "translate", "rotate"}

# The winners' seats as drawn: what each says it won, its cards raised and dimmed; the board's.
AT_THE_SEATS = """() => {
  const cards = (root, kind) => [...root.querySelectorAll(`.card.${kind}`)].map(c => c.dataset.card).sort();
  const seats = [...document.querySelectorAll("#felt .seat.winner")].map(s => ({
    seat: +s.dataset.seat, won: (s.querySelector(".won") || {}).textContent || null,
    best: cards(s, "best"), dim: cards(s, "dim") }));
  const board = document.getElementById("board");
  return { seats, board: { best: cards(board, "best"), dim: cards(board, "dim") }, last: state.last_hand };
}"""


# The result said under the pots (table.js feltResult): its lines, the cards marked as deciding, and
# what of the seats (a box, a card) its rectangle overlaps, against the window set.
RESULT = """() => {
  const area = (a, b) => Math.max(0, Math.min(a.right, b.right) - Math.max(a.left, b.left))
    * Math.max(0, Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top));
  const felt = document.getElementById("sd-felt"), r = felt.getBoundingClientRect();
  const covers = [...document.querySelectorAll("#felt .seat .box, #felt .seat .cards .card, #board .card")]
    .filter(e => e.checkVisibility() && area(r, e.getBoundingClientRect()) > 0)
    .map(e => `${e.className} of ${(e.closest("[data-seat]") || { dataset: { seat: "board" } }).dataset.seat}`);
  return { lines: [...felt.querySelectorAll(".sd-line")].map(l => [...l.children].map(c => c.textContent)),
           marked: [...document.querySelectorAll("#felt .card.decides")].map(c => c.dataset.card).sort(),
           covers, rect: { left: r.left, right: r.right, top: r.top, bottom: r.bottom, height: r.height } };
}"""


def said_on_the_felt(last: dict[str, Any], lang: str) -> list[list[str]]:
    """The result's lines as the felt should say them: each pot won at a showdown, its winners' whole
    hand in the reader's language, and what decided it (when a card did); a line said once."""
    lines: list[list[str]] = []
    for award in last["awards"]:
        shown = [o for w in award["winners"] for o in last["order"] if o["seat"] == w["seat"] and o.get("describe")]
        if award["uncontested"] or not shown:
            continue
        names = message(lang, "list.separator").join(o["name"] for o in shown)
        line = [message(lang, "room.sd.felt.hand", names=names, hand=shown[0]["describe"][lang])]
        if award["decides"]:
            line.append(award["decides"]["words"][lang])
        if line not in lines:
            lines.append(line)
    return lines


@pytest.fixture(scope="module")
def room(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    s = Server(tmp_path_factory.mktemp("felt-showdown") / "room.db", extra=("--pause", "30")).start()
    yield s
    s.stop()


def at_a_showdown(browser: Browser, room: Server, *, lang: str, motion: str) -> tuple[BrowserContext, Page]:
    """A player and two callers play a hand to its showdown (the callers never fold), on a 390 px phone."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True,
                                  reduced_motion=motion)  # type: ignore[arg-type]
    context.set_default_timeout(30_000)
    context.add_init_script(f"localStorage.setItem('pd.lang', {lang!r});\n{FLOWN}\n{ANIMATED}")
    table = room.create_table(name=f"showdown {lang} {motion}", bots=["caller", "caller"], seats=3, clock=300)
    page = context.new_page()
    page.goto(f"{room.base}/t/{table}")
    page.fill("#join-name", LONG_NAME)
    page.click("#join-btn")
    check_or_call_until(page, "#felt .seat.winner")
    settled(page)
    return context, page


def won_by_seat(last: dict[str, Any]) -> dict[int, int]:
    out: dict[int, int] = {}
    for award in last["awards"]:
        for w in award["winners"]:
            out[w["seat"]] = out.get(w["seat"], 0) + w["chips"]
    return out


@pytest.mark.parametrize("lang", ["en", "zh-Hans"])
def test_the_winners_seat_says_the_chips_won_and_the_hands_name_and_raises_its_five(
    browser: Browser, room: Server, lang: str
) -> None:
    context, page = at_a_showdown(browser, room, lang=lang, motion="no-preference")
    try:
        seen = page.evaluate(AT_THE_SEATS)
        last, won = seen["last"], won_by_seat(seen["last"])
        shows = {o["seat"]: o for o in last["order"] if o["cards"]}
        assert sorted(s["seat"] for s in seen["seats"]) == sorted(won)
        board_best: set[str] = set()
        for seat in seen["seats"]:
            shown = shows[seat["seat"]]
            name = message(lang, f"category.{shown['category']}")
            assert seat["won"] == message(lang, "room.sd.won_hand", amount=f"{won[seat['seat']]:,}", hand=name)
            five = set(shown["best_five"])
            assert seat["best"] == sorted(five & set(shown["cards"]))
            assert seat["dim"] == sorted(set(shown["cards"]) - five)
            board_best |= five & set(last["board"])
        assert seen["board"]["best"] == sorted(board_best)
        assert seen["board"]["dim"] == sorted(set(last["board"]) - board_best)
        shot(page, f"showdown-felt-{lang}")
        # The whole hand and what decided it, said under the pots (they were only in "Last hand"),
        # the deciding cards marked; over no seat and no card, on either phone and a laptop.
        for size in ({"width": 390, "height": 844}, {"width": 360, "height": 740}, {"width": 1366, "height": 768}):
            page.set_viewport_size(size)
            settled(page)
            result = page.evaluate(RESULT)
            assert result["lines"] == said_on_the_felt(last, lang) != [], result
            deciding = {c for award in last["awards"] if award["decides"] for c in award["decides"]["cards"]}
            assert deciding <= set(result["marked"]), result
            assert result["covers"] == [], (size, result)
            assert 0 <= result["rect"]["left"] and result["rect"]["right"] <= size["width"], (size, result)
            shot(page, f"showdown-felt-result-{lang}-{size['width']}")
        if lang == "zh-Hans":  # the third language, read at the same table by a reader choosing it
            choose_language(page, "zh-Hant")
            settled(page)
            assert page.evaluate(RESULT)["lines"] == said_on_the_felt(last, "zh-Hant")
            choose_language(page, lang)
        page.set_viewport_size({"width": 390, "height": 844})
        settled(page)
        # The last hand's links on the 390 px phone, each whole on its line ("downlo" / "ad my proof" broke).
        page.tap("#btn-last")
        links = page.locator("#showdown .fair a")
        expect(links.last).to_be_visible()
        assert page.evaluate("() => [...document.querySelectorAll('#showdown .fair a')].filter(a => a.getClientRects().length > 1).map(a => a.textContent)") == []
        shot(page, f"showdown-last-hand-links-{lang}")
    finally:
        context.close()


@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
def test_the_pots_chips_fly_to_the_winner_unless_the_reader_asked_for_less_motion(
    browser: Browser, room: Server, motion: str
) -> None:
    context, page = at_a_showdown(browser, room, lang="en", motion=motion)
    try:
        flown = page.evaluate("window.__flown")
        winners = won_by_seat(page.evaluate("state.last_hand"))
        if motion == "reduce":
            assert flown == []
        else:
            assert sorted(int(f["seat"]) for f in flown if f["kind"] == "win") == sorted(winners)
            assert [f for f in flown if f["kind"] == "pot"], "no bet flew into the pot between the streets"
            # Each thing that moved is only blended: the winner's glow flaring was a box-shadow
            # painted anew each frame, a third of the phone browser's work while a hand was played.
            moved = page.evaluate(MOVED)
            assert {"win", "deal", "transition:transform"} <= set(moved), moved
            assert {name: props for name, props in moved.items() if not set(props) <= BLENDED} == {}, moved
    finally:
        context.close()


# Every seat of the last hand, as drawn: its cards (faces or backs), and what it says where a hand
# was folded or mucked (data-gone and the word over the greyed backs).
SEATS_OF_THE_HAND = """() => state.last_hand.payoffs.map(p => {
  const box = document.querySelector(`#felt .seat[data-seat="${p.seat}"] .cards`);
  return { seat: p.seat, cards: box.querySelectorAll(".card").length, faces: box.querySelectorAll(".card:not(.back)").length,
           gone: box.dataset.gone || null, mark: (box.querySelector(".gone-mark") || {}).textContent || null,
           mucked: !!(state.last_hand.order.find(o => o.seat === p.seat) || {}).mucked };
})"""


@pytest.mark.parametrize(("lang", "width"), [("en", 1366), ("zh-Hans", 360), ("zh-Hant", 390)])
def test_a_folded_or_mucked_seat_shows_its_greyed_backs_and_says_so_never_an_empty_space(
    browser: Browser, room: Server, lang: str, width: int
) -> None:
    """The player folds; two callers show down. At the showdown the folder's seat (and a mucked
    hand's) showed nothing where its cards had been."""
    context = browser.new_context(viewport={"width": width, "height": 844 if width < 900 else 768})
    context.set_default_timeout(30_000)
    context.add_init_script(f"localStorage.setItem('pd.lang', {lang!r})")
    table = room.create_table(name=f"folded {lang}", bots=["caller", "caller"], seats=3, clock=300)
    page = context.new_page()
    try:
        page.goto(f"{room.base}/t/{table}")
        page.fill("#join-name", "Ann")
        page.click("#join-btn")
        page.locator("#btn-fold:visible").click()
        page.locator("#felt .seat.winner").first.wait_for()
        settled(page)
        seats = page.evaluate(SEATS_OF_THE_HAND)
        mine = page.evaluate("state.you.seat")
        assert len(seats) == 3
        for seat in seats:
            assert seat["cards"] == 2, seats  # never an empty space where the cards were
            if seat["faces"] == 0:
                assert seat["gone"] in ("folded", "mucked") and seat["mark"] == message(lang, f"room.seat.{seat['gone']}"), seats
                assert (seat["gone"] == "mucked") == seat["mucked"], seats
        # Your own folded cards: yours to read, greyed as a folded hand.
        assert {k: v for k, v in next(s for s in seats if s["seat"] == mine).items() if k in ("faces", "gone")} == {
            "faces": 2, "gone": "folded"}, (mine, seats)
        shot(page, f"showdown-folded-{lang}-{width}")
    finally:
        context.close()
