"""The showdown told on the felt (issue 23), in real Chromium on a phone: at the winner's seat the
chips it took and its hand's name in the reader's language ("+6 · 两对"), the five cards that made
the hand raised (its other cards and the board's others dimmed), and the pot's chips flying to the
winner -- not for a reader who asked for less motion. (The winner's hand and amount were only in
the side panel, below the felt on a phone.) The room waits 30 s between hands: the showdown stays
on the felt while it is read. Screenshots in $PD_SHOTS if set."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from pokerdealer.i18n import message
from tests.server.chromium import check_or_call_until, needs_chromium, settled
from tests.server.conftest import Server
from tests.server.test_browser_event_words import shot
from tests.server.test_browser_phone_felt import LONG_NAME

pytest.importorskip("playwright")
from playwright.sync_api import Browser, BrowserContext, Page  # noqa: E402

pytestmark = needs_chromium

# Each chip that flew over the page (table.js flyChips), from the page's first script on: its kind
# (a bet to the pot, the pot to a winner) and the seat it flew to.
FLOWN = """window.__flown = [];
new MutationObserver(ms => ms.forEach(m => m.addedNodes.forEach(n => {
  if (n.classList && n.classList.contains("chip-fly")) window.__flown.push({ kind: n.dataset.kind, seat: n.dataset.toSeat || null });
}))).observe(document, { subtree: true, childList: true });"""

# The winners' seats as drawn: what each says it won, its cards raised and dimmed; the board's.
AT_THE_SEATS = """() => {
  const cards = (root, kind) => [...root.querySelectorAll(`.card.${kind}`)].map(c => c.dataset.card).sort();
  const seats = [...document.querySelectorAll("#felt .seat.winner")].map(s => ({
    seat: +s.dataset.seat, won: (s.querySelector(".won") || {}).textContent || null,
    best: cards(s, "best"), dim: cards(s, "dim") }));
  const board = document.getElementById("board");
  return { seats, board: { best: cards(board, "best"), dim: cards(board, "dim") }, last: state.last_hand };
}"""


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
    context.add_init_script(f"localStorage.setItem('pd.lang', {lang!r});\n{FLOWN}")
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
    finally:
        context.close()
