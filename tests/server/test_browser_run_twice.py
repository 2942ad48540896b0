"""Agreeing to run it twice on a phone (issue 39), in real Chromium at 390 px: the
question and its buttons in each language, inside the window; agreed, both boards
on the felt, each marked with its run, five cards each, nothing sideways; no show after
the hand offered for cards the all-in showdown turned up, and one tap to show them after a
hand folded."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from pokerdealer.i18n import message
from tests.server.chromium import needs_chromium, settled
from tests.server.conftest import Server
from tests.server.test_browser_event_words import shot
from tests.server.test_host import create, host

pytest.importorskip("playwright")
from playwright.sync_api import Browser, expect  # noqa: E402

pytestmark = needs_chromium
PHONE = {"width": 390, "height": 844}

# How far the page and the question's box run past the window's right edge.
FITS = """() => ({ wider: document.documentElement.scrollWidth - innerWidth,
  out: Math.max(0, ...[...document.querySelectorAll("#run-twice, #run-twice *, #board, #board2, #board2 *")]
    .map(e => e.getBoundingClientRect()).filter(r => r.width).map(r => r.right - innerWidth)) })"""


@pytest.fixture(scope="module")
def room(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    s = Server(tmp_path_factory.mktemp("run-twice") / "room.db").start()
    yield s
    s.stop()


def test_a_player_agrees_to_run_it_twice_on_a_phone_in_each_language_and_sees_both_boards(
    room: Server, browser: Browser,
) -> None:
    table, token = create(room, bots=["caller"], run_it_twice=True, clock=300)
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    context.set_default_timeout(30_000)
    page = context.new_page()
    page.goto(f"{room.base}/t/{table}")
    page.fill("#join-name", "Ann")
    page.click("#join-btn")
    page.locator("#btn-allin").click()  # the first hand: Ann shoves (a phone asks once), the caller calls
    expect(page.locator("#btn-allin")).to_have_text(message("en", "room.allin.again"))
    page.locator("#btn-allin").click()
    page.locator("#btn-run-twice").wait_for()
    for lang in ("zh-Hant", "zh-Hans", "en"):
        page.click("#btn-menu")
        page.select_option("#lang", lang)
        expect(page.locator("#run-twice-question")).to_have_text(message(lang, "room.run_twice.question"))
        expect(page.locator("#btn-run-twice")).to_have_text(message(lang, "room.run_twice.yes"))
        expect(page.locator("#btn-run-once")).to_have_text(message(lang, "room.run_twice.no"))
        settled(page)
        assert page.evaluate(FITS) == {"wider": 0, "out": 0}, lang
        shot(page, f"run-twice-question-{lang}")
    assert host(room, table, token, "pause").status_code == 200  # no deal after this hand: time to show
    page.click("#btn-run-twice")
    expect(page.locator("#board2 .card")).to_have_count(5)
    expect(page.locator("#board .card")).to_have_count(5)
    assert page.locator("#board").get_attribute("data-run") == message("en", "room.board.run", n=1)
    assert page.locator("#board2").get_attribute("data-run") == message("en", "room.board.run", n=2)
    settled(page)
    assert page.evaluate(FITS) == {"wider": 0, "out": 0}
    shot(page, "run-twice-boards")
    first, second = page.locator("#board").bounding_box(), page.locator("#board2").bounding_box()
    assert first is not None and second is not None and second["y"] >= first["y"] + first["height"] - 1
    # After the hand: Ann shows her cards (they were turned up all in: the buttons say nothing is left to show).
    expect(page.locator("#btn-show-both")).to_have_count(0)
    # The next hand Ann folds; after it she shows both cards with a tap, and the offer goes.
    if page.locator("#join-btn").is_visible():  # busted by both runs: she buys in again
        page.click("#join-btn")
        page.locator("#you-line").wait_for()
    assert host(room, table, token, "resume").status_code == 200
    page.locator("#btn-fold").wait_for()
    assert host(room, table, token, "pause").status_code == 200
    page.click("#btn-fold")
    page.click("#btn-show-both")
    expect(page.locator("#btn-show-first")).to_have_count(0)
    shot(page, "run-twice-shown-after")
    context.close()
