"""The room a player picks on a phone (issue 37), in real Chromium at 360x740 and 390x844 with
touch and at 1366x768, each language once per test: the lobby's "Create table" within the
first two screens; the sit form on the first screen with the buy-in filled in and its range
said; tapping an empty seat sits you there (and again after leaving: one tap); the host sits
at once at a table that approves players, and after Create is asked to share the invite,
with the host link in the address bar; every control of the action bar a thumb's size;
all-in asked once (the menu's setting turns that off); chat behind a badge on a phone; a
notice never over a card; the look (issue 37): the avatar picked in the menu on the seat for
every reader, and the table's sounds, off until the menu turns them on, only your turn for a
reader who asked for less motion; the host's ledger CSV in the host's words, by seat and name.
Sizes are measured from element rectangles against the viewport
set here, never the window's own width. One server for the module; screenshots in $PD_SHOTS."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from pokerdealer.i18n import message
from pokerdealer.server.avatar import AVATARS
from tests.server.chromium import check_or_fold, needs_chromium, settled
from tests.server.conftest import Client, Server
from tests.server.test_browser_event_words import shot

pytest.importorskip("playwright")
from playwright.sync_api import Browser, Page, expect  # noqa: E402

pytestmark = needs_chromium

VIEWS: dict[str, dict[str, Any]] = {
    "360": {"viewport": {"width": 360, "height": 740}, "is_mobile": True, "has_touch": True},
    "390": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True},
    "1366": {"viewport": {"width": 1366, "height": 768}},
}
# Each size and each language once per test (not all nine: CI's time).
CASES = [("360", "zh-Hans"), ("390", "zh-Hant"), ("1366", "en")]
PHONES = [("360", "zh-Hans"), ("390", "zh-Hant")]
FOX = "\U0001f98a"
THUMB = 44  # CSS px: the smallest control a thumb hits (Apple's and Google's guidance)

# The visible elements of `selector` and their boxes, as the page lays them out (scrolled to the top).
BOXES = """(selector) => [...document.querySelectorAll(selector)].filter(e => e.checkVisibility())
  .map(e => { const r = e.getBoundingClientRect();
              return { what: e.id || e.className || e.tagName, top: r.top + scrollY, bottom: r.bottom + scrollY,
                       left: r.left, right: r.right, width: r.width, height: r.height }; })"""
# Every act message the page sends (a test sees whether a tap sent one).
SENT = """(() => { window.sentActs = []; const send = WebSocket.prototype.send;
  WebSocket.prototype.send = function (data) { try { const m = JSON.parse(data); if (m.type === "act") window.sentActs.push(m.kind); } catch (e) {}
    return send.call(this, data); }; })()"""


@pytest.fixture(scope="module")
def room(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    s = Server(tmp_path_factory.mktemp("phone-room") / "room.db").start()
    yield s
    s.stop()


def opened(browser: Browser, view: str, lang: str, url: str) -> Page:
    context = browser.new_context(**VIEWS[view])
    context.set_default_timeout(15_000)
    context.add_init_script(f"localStorage.setItem('pd.lang', '{lang}')")
    context.add_init_script(SENT)
    page = context.new_page()
    page.goto(url)
    return page


def tap(page: Page, selector: str) -> None:
    """A tap on a touch screen, a click elsewhere."""
    if page.evaluate("() => navigator.maxTouchPoints > 0"):
        page.tap(selector)
    else:
        page.click(selector)


def boxes(page: Page, selector: str) -> list[dict[str, Any]]:
    return page.evaluate(BOXES, selector)  # type: ignore[no-any-return]


def my_turn(page: Page) -> None:
    page.wait_for_function("() => state && state.you && state.you.legal && state.you.legal.min_raise !== null")


@pytest.mark.parametrize(("view", "lang"), CASES)
def test_the_lobbys_create_table_is_within_the_first_two_screens(browser: Browser, room: Server, view: str, lang: str) -> None:
    page = opened(browser, view, lang, room.base + "/")
    try:
        settled(page)
        (button,) = boxes(page, "#create-btn")
        assert button["bottom"] <= 2 * VIEWS[view]["viewport"]["height"], button
        expect(page.locator("#create-more > summary")).to_have_text(message(lang, "room.lobby.more"))
        assert page.evaluate("() => document.documentElement.scrollWidth") <= VIEWS[view]["viewport"]["width"]
        shot(page, f"phone-lobby-{view}-{lang}")
    finally:
        page.context.close()


@pytest.mark.parametrize(("view", "lang"), CASES)
def test_tapping_an_empty_seat_sits_you_there_and_after_leaving_one_tap_sits_you_again(
    browser: Browser, room: Server, view: str, lang: str,
) -> None:
    table = room.create_table(name="Home", bots=["caller"], seats=6)  # the bot at seat 1
    page = opened(browser, view, lang, f"{room.base}/t/{table}")
    try:
        page.locator("[data-sit='4']").wait_for()
        settled(page)
        # The sit form on the first screen, the buy-in filled in with the most, the range said.
        (sit,) = boxes(page, "#join-btn")
        assert sit["bottom"] <= VIEWS[view]["viewport"]["height"], sit
        expect(page.locator("#join-buyin")).to_have_value("200")
        expect(page.locator("#join-range")).to_have_text(message(lang, "room.join.range", min=50, max=200))
        seats = boxes(page, "[data-sit]")
        assert len(seats) == 5 and all(b["width"] >= THUMB and b["height"] >= THUMB for b in seats), seats
        shot(page, f"phone-sit-{view}-{lang}")
        tap(page, "[data-sit='4']")
        expect(page.locator("#join-btn")).to_have_text(message(lang, "room.join.sit_at", seat=4))
        page.fill("#join-name", "Ann")
        tap(page, "#join-btn")
        expect(page.locator(".seat.me[data-seat='4']")).to_be_visible()
        picks_an_avatar(page, room, table, view, lang)
        # Ann leaves (after the hand: she folds it) and one tap on seat 2 sits her there.
        page.on("dialog", lambda d: d.accept())
        tap(page, "#btn-leave")
        for _ in range(300):
            if page.locator("[data-sit='2']").count():
                break
            check_or_fold(page)
            page.wait_for_timeout(100)
        tap(page, "[data-sit='2']")
        expect(page.locator(".seat.me[data-seat='2']")).to_be_visible()
        expect(page.locator(".seat.me .avatar")).to_have_text(FOX)  # the member's: seated again, still hers
    finally:
        page.context.close()


def picks_an_avatar(page: Page, room: Server, table: str, view: str, lang: str) -> None:
    """Seated, Ann's seat shows her initials on her name's colour (the bot's, its own); the menu's
    picker offers the pictures, each a thumb's size, all on the screen; one not offered is refused
    in her words; her pick is on her seat, and every reader's state says it."""
    expect(page.locator(".seat.me .avatar")).to_have_text("A")
    expect(page.locator("#btn-sound")).to_have_text(message(lang, "room.sound.off"))  # off until turned on
    expect(page.locator("#btn-sound")).to_have_attribute("title", message(lang, "room.sound.explain"))
    bot = page.locator(".seat[data-seat='1'] .avatar")
    expect(bot).to_have_text(re.compile(r"^\S{1,2}$"))
    assert page.evaluate("() => getComputedStyle(document.querySelector('.seat.me .avatar')).backgroundColor") != \
        page.evaluate("() => getComputedStyle(document.querySelector(\".seat[data-seat='1'] .avatar\")).backgroundColor")
    page.evaluate("() => send({ type: 'avatar', emoji: 'x' })")  # not one offered (the page never sends it)
    expect(page.locator("#error")).to_have_text(message(lang, "room.avatar.refused", choices=" ".join(AVATARS)))
    if page.locator("#btn-menu").is_visible():
        tap(page, "#btn-menu")
    expect(page.locator("#btn-avatar")).to_have_text(message(lang, "room.avatar.choose"))
    tap(page, "#btn-avatar")
    expect(page.locator("#avatar-picker h3")).to_have_text(message(lang, "room.avatar.title"))
    settled(page)
    choices = boxes(page, "#avatar-picker .avatar-choice, #avatar-picker .avatar-close")
    size = VIEWS[view]["viewport"]
    assert len(choices) == len(AVATARS) + 2, choices
    assert all(c["width"] >= THUMB and c["height"] >= THUMB and c["left"] >= 0 and c["right"] <= size["width"]
               and c["top"] >= 0 and c["bottom"] <= size["height"] for c in choices), choices
    expect(page.locator("#avatar-picker [data-avatar='']")).to_have_attribute("aria-pressed", "true")
    shot(page, f"phone-avatar-picker-{view}-{lang}")
    tap(page, f"#avatar-picker [data-avatar='{FOX}']")
    expect(page.locator("#avatar-picker")).to_be_hidden()
    expect(page.locator(".seat.me .avatar")).to_have_text(FOX)
    watcher = Client(room, table)
    try:
        watcher.until(lambda s: (s["seats"][3] or {}).get("avatar") == FOX)
    finally:
        watcher.close()
    settled(page)
    shot(page, f"phone-avatar-seat-{view}-{lang}")


def test_the_host_is_asked_to_share_keeps_the_host_link_and_sits_at_once(browser: Browser, room: Server) -> None:
    """A host on a phone creates a table whose host approves players: the share banner, the host link
    in the address bar; tapping a seat seats the host at once; copying the invite closes the banner,
    and its notice covers no card."""
    page = opened(browser, "390", "zh-Hans", room.base + "/")
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=room.base)
    try:
        page.fill("#create input[name=name]", "周五")
        page.select_option("select[name=approve_players]", "true")
        tap(page, "#create-btn")
        page.wait_for_url(re.compile(r"/t/[^/#]+#host="))
        table = page.url.split("#")[0].rsplit("/", 1)[1]
        token = page.evaluate(f"() => localStorage.getItem('pd.host.{table}')")
        assert page.evaluate("() => location.hash") == f"#host={token}"
        expect(page.locator("#share-text")).to_have_text(message("zh-Hans", "room.share.ready"))
        page.fill("#join-name", "阿安")
        tap(page, "[data-sit='5']")
        expect(page.locator(".seat.me[data-seat='5']")).to_be_visible()  # never held for the host's approval
        page.locator("#felt .seat:not(.me) .cards .card").first.wait_for()  # the hand is dealt
        tap(page, "#share-go")  # no Web Share here: the invite is copied
        expect(page.locator("#error")).to_have_text(message("zh-Hans", "room.invite.copied"))
        assert page.evaluate("() => navigator.clipboard.readText()") == f"{room.base}/t/{table}"
        expect(page.locator("#share-banner")).to_be_hidden()
        settled(page)
        (notice,) = boxes(page, "#error")
        cards = boxes(page, "#felt .card")
        assert cards and not [c for c in cards if c["bottom"] > notice["top"] and c["top"] < notice["bottom"]
                              and c["right"] > notice["left"] and c["left"] < notice["right"]]
        shot(page, "phone-host-notice-390-zh-Hans")
        # The ledger the host downloads speaks the host's language and says seats and names, not ids.
        page.evaluate("() => { document.getElementById('host-panel').open = true; }")
        with page.expect_download() as got:
            tap(page, "#host-csv")
        lines = Path(got.value.path()).read_text(encoding="utf-8-sig").splitlines()
        assert lines[0] == "座位,玩家,买入,补充,已兑现,桌上筹码,净输赢"
        assert any(line.startswith("5,阿安,") for line in lines[1:]), lines
    finally:
        page.context.close()


@pytest.mark.parametrize(("view", "lang"), PHONES)
def test_every_action_bar_control_is_a_thumbs_size(browser: Browser, room: Server, view: str, lang: str) -> None:
    table = room.create_table(name="Home", bots=["caller"], seats=6)
    page = opened(browser, view, lang, f"{room.base}/t/{table}")
    try:
        page.fill("#join-name", "Ann")
        tap(page, "[data-sit='2']")
        my_turn(page)
        settled(page)
        controls = boxes(page, "#actions button, #actions input")
        assert len(controls) >= 8  # fold, call or check, slider, amount, presets, raise, all-in
        small = [c for c in controls if c["width"] < THUMB or c["height"] < THUMB]
        assert not small, small
        assert max(c["bottom"] for c in controls) <= VIEWS[view]["viewport"]["height"]  # all on the first screen
        assert max(c["right"] for c in controls) <= VIEWS[view]["viewport"]["width"]
        shot(page, f"phone-actions-{view}-{lang}")
    finally:
        page.context.close()


# Which sounds a change of the table brings (sounds.js soundsBetween), from views of it: a check and
# the flop, then your turn; the pot to its winner; a new hand dealt, a fold, your turn; a hand that
# ended between two states (all in: the board run out at once), its board, then the pot.
HEARD = """() => { const v = (n, log, board, turn, last, lastBoard) => ({ hand: n ? { number: n, board, log: log.map(k => "room.log." + k) } : null, last, lastBoard: lastBoard || 0, turn });
  return [soundsBetween(v(3, ["call"], 0, null, 2), v(3, ["call", "check"], 3, "3:2", 2)),
          soundsBetween(v(3, ["call", "check"], 3, null, 2), v(0, [], 0, null, 3, 3)),
          soundsBetween(v(0, [], 0, null, 3), v(4, ["fold"], 0, "4:1", 3)),
          soundsBetween(v(5, ["all_in"], 0, null, 4), v(0, [], 0, null, 5, 5))]; }"""
# Sounds played now (names) by a direct call, what was played before left out.
PLAYS = "(names) => { const n = soundsPlayed.length; playSounds(names); return soundsPlayed.slice(n); }"


def test_all_in_asks_once_and_the_menus_setting_turns_the_question_off(browser: Browser, room: Server) -> None:
    """And the table's sounds (the look, issue 37): silent until the menu turns them on; then the
    all-in's chips, the call's, the board dealt and the pot to its winner; for a reader who asked
    for less motion only their turn; the menu's Sound: off mutes them all."""
    table = room.create_table(name="Home", bots=["caller"], seats=6)
    page = opened(browser, "360", "zh-Hans", f"{room.base}/t/{table}")
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.fill("#join-name", "Ann")
        tap(page, "[data-sit='2']")
        my_turn(page)
        assert page.evaluate("() => soundsPlayed") == []  # sound off: the deal and the turn were silent
        tap(page, "#btn-allin")
        expect(page.locator("#btn-allin")).to_have_text(message("zh-Hans", "room.allin.again"))
        assert page.evaluate("() => window.sentActs") == []  # asked, not sent
        tap(page, "#btn-menu")
        expect(page.locator("#btn-allin-ask")).to_have_text(message("zh-Hans", "room.allin.ask_on"))
        tap(page, "#btn-allin-ask")  # off: the question asked is withdrawn
        expect(page.locator("#btn-allin")).to_have_text(message("zh-Hans", "room.act.all_in"))
        tap(page, "#btn-menu")
        tap(page, "#btn-sound")  # sound on: the tap is heard (chips)
        expect(page.locator("#btn-sound")).to_have_text(message("zh-Hans", "room.sound.on"))
        assert page.evaluate("() => soundsPlayed") == ["chips"]
        tap(page, "#btn-allin")  # one tap goes all in
        page.wait_for_function("() => window.sentActs.length === 1")
        assert page.evaluate("() => window.sentActs") == ["all_in"]
        assert page.evaluate("() => localStorage.getItem('pd.allin_ask')") == "0"
        # Her all-in's chips, the board dealt, the pot pushed to its winner.
        page.wait_for_function("() => soundsPlayed.includes('win')")
        played = page.evaluate("() => soundsPlayed")
        assert played[:2] == ["chips", "chips"] and played[-1] == "win" and "deal" in played, played
        assert page.evaluate(HEARD) == [["check", "deal", "turn"], ["win"], ["deal", "fold", "turn"], ["deal", "win"]]
        page.emulate_media(reduced_motion="reduce")  # less motion: only your turn
        assert page.evaluate(PLAYS, ["deal", "check", "chips", "win", "turn"]) == ["turn"]
        page.emulate_media(reduced_motion="no-preference")
        tap(page, "#btn-menu")
        tap(page, "#btn-sound")  # the page's mute
        expect(page.locator("#btn-sound")).to_have_text(message("zh-Hans", "room.sound.off"))
        assert page.evaluate(PLAYS, ["turn", "chips"]) == [] and page.evaluate("() => localStorage.getItem('pd.sound')") == "0"
        assert errors == []
    finally:
        page.context.close()


@pytest.mark.parametrize(("view", "lang"), CASES)
def test_chat_waits_behind_a_badge_on_a_phone(browser: Browser, room: Server, view: str, lang: str) -> None:
    table = room.create_table(name="Home", bots=[], seats=6)
    page = opened(browser, view, lang, f"{room.base}/t/{table}")
    bob = Client(room, table, room.join(table, "Bob")["token"])
    try:
        page.locator("[data-sit='3']").wait_for()
        bob.send(type="chat", text="gl all")
        if view == "1366":  # a laptop shows the chat beside the felt
            expect(page.locator("#chat")).to_contain_text("gl all")
            expect(page.locator("#btn-chat")).to_be_hidden()
            return
        expect(page.locator("#chat-badge")).to_have_text("1")
        expect(page.locator("#chat-panel")).to_be_hidden()
        assert page.get_attribute("#btn-chat", "aria-label") == (
            f"{message(lang, 'room.side.chat')} ({message(lang, 'room.chat.unread', n=1)})")
        tap(page, "#btn-chat")
        expect(page.locator("#chat-panel")).to_be_visible()
        expect(page.locator("#chat")).to_contain_text("gl all")
        expect(page.locator("#chat-badge")).to_be_hidden()
        shot(page, f"phone-chat-{view}-{lang}")
    finally:
        bob.close()
        page.context.close()
