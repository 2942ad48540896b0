"""What the server redraws never undoes what the person just did (issue 27): a state sent
before a click, and arriving after it, leaves the coach switch as clicked and the limits
form as typed (and the cursor where it was). The late state is handed to the page's own
websocket handler by the test, so it arrives exactly when the test says (the host panel's forms: test_browser_host.py)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from tests.server.chromium import needs_chromium
from tests.server.conftest import Server

pytest.importorskip("playwright")
from playwright.sync_api import Browser, Page, expect  # noqa: E402

pytestmark = needs_chromium


@pytest.fixture(scope="module")
def room(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    s = Server(tmp_path_factory.mktemp("forms") / "room.db").start()
    yield s
    s.stop()


def state_now(page: Page) -> dict[str, Any]:
    """The last state the page was sent (table.js keeps it as ``state``)."""
    return json.loads(page.evaluate("() => JSON.stringify(state)"))


@contextmanager
def frames_held(page: Page) -> Iterator[None]:
    """The server's frames wait at the page's door meanwhile, then come in in their order (so
    what the test hands in is surely before the server's answer to a click, as on a slow line)."""
    page.evaluate("() => { window.heldFrames = []; window.takeFrame = ws.onmessage; ws.onmessage = (ev) => heldFrames.push(ev); }")
    try:
        yield
    finally:
        page.evaluate("() => { ws.onmessage = takeFrame; heldFrames.forEach((ev) => takeFrame(ev)); }")


def arrives_late(page: Page, state: dict[str, Any], *, then_read: str) -> Any:  # noqa: ANN401
    """``state`` arrives now (inside :func:`frames_held`); what the expression ``then_read``
    reads on the page right after it is drawn."""
    return page.evaluate(f"(text) => {{ takeFrame({{ data: text }}); return {then_read}; }}", json.dumps(state))


def sit_at_a_bot_table(page: Page, room: Server) -> None:
    table = room.create_table(name="forms", bots=["caller"], clock=60)
    page.goto(f"{room.base}/t/{table}")
    page.fill("#join-name", "Ann")
    page.click("#join-btn")
    expect(page.locator("#coach-toggle")).to_be_checked()


def test_a_state_sent_before_the_coach_switch_was_clicked_does_not_undo_the_click(browser: Browser, room: Server) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.set_default_timeout(15_000)
    try:
        page = context.new_page()
        sit_at_a_bot_table(page, room)
        before = state_now(page)
        assert before["you"]["coach"]["on"] is True
        with frames_held(page):
            page.locator("#coach-toggle").uncheck()
            # The coach still on, as the server saw it before the click:
            assert arrives_late(page, before, then_read="document.getElementById('coach-toggle').checked") is False
        # The server's own answer agrees; it stays off.
        page.wait_for_function("() => state.you.coach.on === false")
        expect(page.locator("#coach-toggle")).not_to_be_checked()
    finally:
        context.close()


def test_a_limits_form_being_typed_in_keeps_what_is_typed_when_the_settings_change(browser: Browser, room: Server) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.set_default_timeout(15_000)
    try:
        page = context.new_page()
        sit_at_a_bot_table(page, room)
        page.click("#limits summary")
        page.fill("#limit-loss", "40")  # typing, not saved yet; the cursor still in the field
        changed = state_now(page)
        changed["you"]["limits"] = {**changed["you"]["limits"], "loss": 25}  # set meanwhile from another tab
        read = "[document.getElementById('limit-loss').value, document.activeElement.id]"
        with frames_held(page):
            assert arrives_late(page, changed, then_read=read) == ["40", "limit-loss"]  # kept, and still typing there
        page.click("#btn-limits-save")
        page.wait_for_function("() => state.you.limits.loss === 40")
        expect(page.locator("#limit-loss")).to_have_value("40")
    finally:
        context.close()


def test_two_taps_on_sit_down_seat_the_player_once(browser: Browser, room: Server) -> None:
    # The join is a request to the room: a second tap while it was on its way sat the same person
    # again as "Ann 2" (the room tells two people of one name apart).
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    try:
        page = context.new_page()
        table = room.create_table(name="two taps", bots=["caller"], clock=60)
        page.goto(f"{room.base}/t/{table}")
        page.fill("#join-name", "Ann")
        joins: list[Any] = []
        page.on("request", lambda r: joins.append(r) if r.method == "POST" and r.url.endswith("/join") else None)
        # Two taps, the second before the first is answered (as on any line, however fast).
        page.evaluate("() => { const b = document.getElementById('join-btn'); b.click(); b.click(); }")
        expect(page.locator("#you-line")).to_be_visible()
        page.wait_for_timeout(500)  # a second join, had it gone, would be answered by now
        names = page.evaluate("() => state.seats.filter(Boolean).map(s => s.name)")
        assert len(joins) == 1 and names.count("Ann") == 1 and "Ann 2" not in names, (len(joins), names)
    finally:
        context.close()
