"""A table's felt on a laptop (1366x768 and 1280x720), in real Chromium, in each language: a
seat at the top of the felt leaves at least 8 px between itself (its box, cards, button or
blind) and the lines above it (the title bar, a tournament table's strip), at every seat count
and at its tallest -- a player away, on the clock and into their time bank. The felt's phone
layout has its own tests (``test_browser_phone_felt.py``, whose measures these are)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.server.chromium import needs_chromium
from tests.server.conftest import Server
from tests.server.test_browser_phone_felt import (
    LANGS,
    LONG_NAME,
    at_a_tournament_table,
    heads_up_until_their_turn,
    measure,
    sit,
)

pytest.importorskip("playwright")
from playwright.sync_api import Browser, BrowserContext  # noqa: E402

pytestmark = needs_chromium
LAPTOPS = {"1366": {"width": 1366, "height": 768}, "1280": {"width": 1280, "height": 720}}
CLEAR = 8  # pixels between a seat and the lines above the felt


@pytest.fixture(scope="module")
def room(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    s = Server(tmp_path_factory.mktemp("desktop-felt") / "room.db").start()
    yield s
    s.stop()


def laptop(browser: Browser) -> BrowserContext:
    context = browser.new_context(viewport=LAPTOPS["1366"])
    context.set_default_timeout(30_000)
    return context


def faults_in_each_language(page: Any, *, name: str, ready: str) -> list[str]:  # noqa: ANN401
    return [f for lang in LANGS for f in measure(page, lang=lang, name=name, ready=ready, sizes=LAPTOPS, clear=CLEAR)]


# My seat at the bottom, every other seat a bot's with its cards face down (a seat at the top with 2, 4, 6,
# 8 and 10 seats, near it with the others), under a long table name.
@pytest.mark.parametrize("seats", range(2, 11))
def test_on_a_laptop_a_cash_tables_top_seats_stay_clear_of_the_title_bar(
    browser: Browser, room: Server, seats: int
) -> None:
    table = room.create_table(name=f"{LONG_NAME}'s Friday game {seats}", bots=["caller"] * (seats - 1),
                              seats=seats, clock=300)
    context = laptop(browser)
    try:
        page = context.new_page()
        sit(page, f"{room.base}/t/{table}", LONG_NAME)
        assert faults_in_each_language(page, name=f"laptop-cash-{seats}", ready="#actions:visible") == []
    finally:
        context.close()


def test_on_a_laptop_an_opponent_away_and_into_the_time_bank_at_the_top_stays_clear_of_the_title_bar(
    browser: Browser, room: Server
) -> None:
    """Heads-up, the other player sits at the top of your felt: gone and thinking into their time bank,
    their seat is at its tallest (cards, name, stack, "away", the clock's bar, the bank's bar, the
    seconds; 160 px, where a seat is 123) and its blind above it. Centred on its place it rose 18 px
    over the window's top bar."""
    table = room.create_table(name="heads-up", bots=[], seats=2, clock=2, time_bank=120)
    ann, bob = laptop(browser), laptop(browser)
    try:
        mine = heads_up_until_their_turn(ann, bob, f"{room.base}/t/{table}")
        bob.close()  # away: their seat says so
        ready = ".seat:not(.me) #bank-bar"  # their clock ran out into their time bank
        mine.locator(ready).wait_for()
        assert faults_in_each_language(mine, name="laptop-heads-up", ready=ready) == []
    finally:
        ann.close()


def test_on_a_laptop_a_tournament_tables_top_seat_stays_clear_of_the_strip(browser: Browser, room: Server) -> None:
    context = laptop(browser)
    try:
        page = at_a_tournament_table(room, context)
        assert faults_in_each_language(page, name="laptop-tournament", ready="#actions:visible") == []
    finally:
        context.close()
