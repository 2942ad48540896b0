"""The lobby in the reader's language, in real Chromium (issue 14's leftovers):
the demo table a room makes on an empty database is named in each reader's
words -- stored as its catalog key, so another process sharing the database
lists it alike -- and the bot fields of both forms say the kinds in words while
the API gets their ids; the table form sends every setting, so what it makes
never rests on TableSettings' defaults. A 1366x768 laptop and a 390x844 phone,
en, zh-Hant and zh-Hans.

Screenshots go to ``$LOBBY_SHOTS`` when it is set (to look at them)."""

from __future__ import annotations

import os
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from pokerdealer.i18n import message
from pokerdealer.server.settings import TableSettings
from tests.server.chromium import BOT_KINDS, fill_bots, needs_chromium, settled
from tests.server.conftest import Server
from tests.server.test_browser_i18n import english_left

pytest.importorskip("playwright")
from playwright.sync_api import Browser, BrowserContext, Page, expect  # noqa: E402

pytestmark = needs_chromium
VIEWPORTS = {
    "laptop": {"viewport": {"width": 1366, "height": 768}},
    "phone": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True},
}
CASES = [("en", "laptop"), ("zh-Hant", "phone"), ("zh-Hans", "laptop"), ("zh-Hant", "laptop"), ("zh-Hans", "phone")]
DEMO_KEY = "room.table.name.demo"


@pytest.fixture(scope="module")
def room(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A room started on an empty database with its demo table (``--demo``)."""
    s = Server(tmp_path_factory.mktemp("lobby") / "room.db", extra=("--demo",)).start()
    yield s
    s.stop()


def _shot(page: Page, name: str) -> None:
    folder = os.environ.get("LOBBY_SHOTS")
    if folder:
        page.screenshot(path=str(Path(folder) / f"{name}.png"), full_page=True)


def _context(browser: Browser, view: str, lang: str) -> BrowserContext:
    context = browser.new_context(**VIEWPORTS[view])
    context.set_default_timeout(15_000)
    context.add_init_script(f"localStorage.setItem('pd.lang', '{lang}')")
    return context


def _lobby(context: BrowserContext, base: str) -> Page:
    page = context.new_page()
    page.goto(base + "/")
    expect(page.locator("#tables tbody a").first).to_be_visible()  # the words are in, the list read
    return page


@pytest.mark.parametrize(("lang", "view"), CASES)
def test_the_demo_table_is_named_in_the_readers_language(browser: Browser, room: Server, lang: str, view: str) -> None:
    name = message(lang, DEMO_KEY)
    context = _context(browser, view, lang)
    try:
        page = _lobby(context, room.base)
        link = page.locator("#tables tbody tr").first.locator("a").first
        expect(link).to_have_text(name)
        if lang != "en":
            assert english_left(page, ("TightBot", "CallerBot", "RandomBot")) == []
        _shot(page, f"{lang}-{view}-lobby")
        link.click()
        page.wait_for_url("**/t/*")
        expect(page.locator("#title")).to_contain_text(name)
        assert page.title().startswith(name)
        _shot(page, f"{lang}-{view}-demo")
    finally:
        context.close()


@pytest.mark.parametrize(("lang", "view"), [("zh-Hant", "phone"), ("en", "laptop")])
def test_the_demo_tables_bots_are_not_said_to_wait_for_the_big_blind(
    browser: Browser, room: Server, lang: str, view: str,
) -> None:
    # Nobody has played yet: the first hand deals in everyone ready, none waits for the big blind.
    context = _context(browser, view, lang)
    try:
        page = _lobby(context, room.base)
        page.locator("#tables tbody tr").first.locator("a").first.click()
        expect(page.locator("#felt")).to_contain_text(message(lang, "room.bot.name.caller"))  # in the reader's words
        expect(page.locator("#felt")).to_contain_text(message(lang, "room.wait.bots_only"))
        expect(page.get_by_text(message(lang, "room.status.waiting"), exact=True)).to_have_count(0)
    finally:
        context.close()


@pytest.mark.parametrize(("accept", "lang", "view"), [("zh-TW", "zh-Hant", "phone"), ("zh-CN", "zh-Hans", "laptop")])
def test_a_first_visitor_opens_the_demo_table_from_the_lobby_in_the_lobbys_language(
    browser: Browser, room: Server, accept: str, lang: str, view: str,
) -> None:
    # No language chosen in this browser: the lobby's comes from Accept-Language, the
    # demo table's own is English; the table opened from the lobby stays in the reader's.
    context = browser.new_context(**VIEWPORTS[view], locale=accept, extra_http_headers={"Accept-Language": accept})
    context.set_default_timeout(15_000)
    try:
        page = _lobby(context, room.base)
        page.locator("#tables tbody tr").first.locator("a").first.click()
        page.wait_for_url("**/t/*")
        expect(page.locator("#title")).to_contain_text(message(lang, DEMO_KEY))
        assert page.evaluate("document.documentElement.lang") == lang
        assert english_left(page, ("TightBot", "CallerBot", "RandomBot")) == []
        _shot(page, f"{lang}-{view}-first-visit")
    finally:
        context.close()


def test_another_process_lists_the_demo_table_by_its_stored_key(browser: Browser, room: Server) -> None:
    other = Server(room.db).start()  # shares the database; the demo table stays the first's
    context = _context(browser, "phone", "zh-Hant")
    try:
        listed = other.get("/api/tables").json()
        assert [t["name"] for t in listed] == [DEMO_KEY]
        page = _lobby(context, other.base)
        expect(page.locator("#tables tbody a").first).to_have_text(message("zh-Hant", DEMO_KEY))
    finally:
        context.close()
        other.stop()


def _sent(page: Page, path: str, button: str) -> dict:
    """Click ``button`` and return the JSON body the page posts to ``path`` (a busy
    machine's Chromium can take a while; a refusal the form shows is said)."""
    settled(page)
    try:
        with page.expect_request(lambda r: r.method == "POST" and r.url.endswith(path), timeout=40_000) as got:
            page.click(button)
    except Exception as error:
        said = page.evaluate("[...document.querySelectorAll('.error')].map(e => e.textContent).join(' | ')")
        raise AssertionError(f"no POST {path} after clicking {button}; the page says: {said!r}") from error
    return got.value.post_data_json


@pytest.mark.parametrize(("lang", "view"), CASES)
def test_the_table_forms_bots_are_kinds_in_words_and_sent_as_ids(
    browser: Browser, room: Server, lang: str, view: str,
) -> None:
    context = _context(browser, view, lang)
    try:
        page = _lobby(context, room.base)
        bots = page.locator("#bots")
        expect(bots.locator("legend")).to_have_text(message(lang, "room.form.bots"))
        for kind in BOT_KINDS:
            expect(bots.locator(f"label:has(input[data-bot-kind={kind}]) span")).to_have_text(
                message(lang, f"room.bot.kind.{kind}"))
        # The prefill is the old text field's "tight, caller": one of each.
        assert [bots.locator(f"input[data-bot-kind={k}]").input_value() for k in BOT_KINDS] == ["1", "1", "0"]
        if lang != "en":  # no English in a label nor in a prefilled value
            shown = ":is(#create, #create-event) input:not([type=checkbox], [type=radio], [type=hidden])"  # a tick shows no value
            values = page.eval_on_selector_all(shown, "ns => ns.map(n => n.value)")
            assert [v for v in values if re.search(r"[A-Za-z]{2,}", v)] == []
        _shot(page, f"{lang}-{view}-form")
        fill_bots(page, caller=2, random=1)
        body = _sent(page, "/api/tables", "#create-btn")
        assert body["bots"] == ["caller", "caller", "random"]
        assert set(body) == set(TableSettings().to_dict())  # every setting: no default decides
        page.wait_for_url("**/t/*")
    finally:
        context.close()


def test_the_table_forms_prefill_makes_a_tight_and_a_caller_bot(browser: Browser, room: Server) -> None:
    context = _context(browser, "laptop", "en")
    try:
        page = _lobby(context, room.base)
        body = _sent(page, "/api/tables", "#create-btn")
        page.wait_for_url("**/t/*")
        table = page.url.rsplit("/", 1)[-1].split("#")[0]
        assert body["bots"] == ["tight", "caller"]
        assert room.get(f"/api/tables/{table}").json()["bots"] == 2
    finally:
        context.close()


@pytest.mark.parametrize(("lang", "view"), [("zh-Hans", "phone"), ("en", "laptop"), ("zh-Hant", "laptop")])
def test_the_tournament_forms_bot_kinds_are_ticked_in_words_and_sent_as_ids(
    browser: Browser, room: Server, lang: str, view: str,
) -> None:
    context = _context(browser, view, lang)
    try:
        page = _lobby(context, room.base)
        kinds = page.locator("#ev-bot-kinds")
        expect(kinds.locator("legend")).to_have_text(message(lang, "event.form.bot_kinds"))
        for kind in BOT_KINDS:
            box = kinds.locator(f"input[value={kind}]")
            expect(box).to_be_checked()  # all three, taken in turn: the old "tight, caller, random"
            expect(kinds.locator(f"label:has(input[value={kind}]) span")).to_have_text(
                message(lang, f"room.bot.kind.{kind}"))
        form = page.locator("#create-event")
        form.locator("input[name=bot_count]").fill("3")
        for kind in BOT_KINDS:
            kinds.locator(f"input[value={kind}]").uncheck()
        page.click("#create-event-btn")
        expect(page.locator("#create-event-error")).to_have_text(message(lang, "event.form.need_bot_kinds"))
        kinds.locator("input[value=caller]").check()
        kinds.locator("input[value=random]").check()
        _shot(page, f"{lang}-{view}-event-form")
        body = _sent(page, "/api/tournaments", "#create-event-btn")
        assert body["bots"] == ["caller", "random", "caller"]
        page.wait_for_url(re.compile(r"/e/[^/#]+$"))
    finally:
        context.close()



@pytest.mark.parametrize("lang", ["en", "zh-Hans"])
def test_on_a_360px_phone_the_lobby_is_no_wider_than_the_screen(browser: Browser, room: Server, lang: str) -> None:
    # A phone's browser widens its layout to fit what overflows (window.innerWidth grows with it):
    # the page is measured against the screen's 360 px.
    context = browser.new_context(viewport={"width": 360, "height": 780}, is_mobile=True, has_touch=True)
    context.add_init_script(f"localStorage.setItem('pd.lang', '{lang}')")
    try:
        page = _lobby(context, room.base)
        settled(page)
        _shot(page, f"{lang}-phone360-lobby")
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
    finally:
        context.close()


def test_the_tournament_form_is_named_when_the_words_arrive_before_its_script(browser: Browser, room: Server) -> None:
    # On a busy machine the words can come in while lobby_event.js is still downloading: the
    # required name must still be filled, or the form would never send.
    context = _context(browser, "phone", "zh-Hans")

    def late(route: Any) -> None:
        time.sleep(1.5)  # the browser meanwhile has the words (they are asked for by lobby.js)
        route.continue_()

    context.route("**/static/lobby_event.js", late)
    try:
        page = _lobby(context, room.base)
        settled(page)
        expect(page.locator("#create-event input[name=name]")).to_have_value(message("zh-Hans", "event.form.default_name"))
        expect(page.locator("#create-event select[name=lang]")).to_have_value("zh-Hans")
        body = _sent(page, "/api/tournaments", "#create-event-btn")
        assert body["name"] == message("zh-Hans", "event.form.default_name")
    finally:
        context.close()


@pytest.mark.parametrize(("lang", "view"), [("zh-Hant", "phone"), ("en", "laptop"), ("zh-Hans", "laptop")])
def test_the_tournament_form_sends_how_hand_for_hand_busts_rank_in_words_and_as_ids(
    browser: Browser, room: Server, lang: str, view: str,
) -> None:
    context = _context(browser, view, lang)
    try:
        page = _lobby(context, room.base)
        form = page.locator("#create-event")
        choice = form.locator("select[name=hand_for_hand_busts]")
        expect(form.locator("label:has(#ev-hfh-busts) > span")).to_have_text(message(lang, "event.form.hfh_busts"))
        assert choice.locator("option").all_inner_texts() == [
            message(lang, "event.form.hfh_busts.tie"), message(lang, "event.form.hfh_busts.chips")]
        expect(choice).to_have_value("tie")  # the TDA's rule unless the host chooses otherwise
        choice.select_option("chips")
        _shot(page, f"{lang}-{view}-event-form-hfh")
        body = _sent(page, "/api/tournaments", "#create-event-btn")
        assert body["hand_for_hand_busts"] == "chips"
        page.wait_for_url(re.compile(r"/e/[^/#]+$"))
    finally:
        context.close()


@pytest.mark.parametrize(("lang", "view"), [("zh-Hant", "phone"), ("en", "laptop"), ("zh-Hans", "laptop")])
def test_the_tournament_form_sends_a_final_table_size_only_when_one_is_given(
    browser: Browser, room: Server, lang: str, view: str,
) -> None:
    context = _context(browser, view, lang)
    try:
        page = _lobby(context, room.base)
        form = page.locator("#create-event")
        expect(form.locator("label:has(input[name=final_table_seats]) > span")).to_have_text(
            message(lang, "event.form.final_seats"))
        body = _sent(page, "/api/tournaments", "#create-event-btn")
        assert "final_table_seats" not in body  # empty: TDA RP-9's size
        page.wait_for_url(re.compile(r"/e/[^/#]+$"))
        page = _lobby(context, room.base)
        page.locator("#create-event input[name=seats]").fill("6")
        page.locator("#create-event input[name=final_table_seats]").fill("6")
        body = _sent(page, "/api/tournaments", "#create-event-btn")
        assert (body["seats"], body["final_table_seats"]) == (6, 6)
        page.wait_for_url(re.compile(r"/e/[^/#]+$"))
    finally:
        context.close()


def test_a_table_name_typed_before_the_words_arrive_is_kept(browser: Browser, room: Server) -> None:
    # On a slow line the catalog comes late; the lobby then fills in its default name only where
    # nobody typed (it overwrote what was typed, and the table was made as "Home game").
    context = browser.new_context(**VIEWPORTS["laptop"])
    try:
        page = context.new_page()
        held: list[Any] = []
        page.route("**/api/i18n*", lambda route: held.append(route))  # the words wait until the name is typed
        page.goto(room.base + "/", wait_until="domcontentloaded")
        page.fill("input[name=name]", "Friday game")
        for _ in range(100):
            if held:
                break
            page.wait_for_timeout(50)
        assert held, "the lobby did not ask for its words"
        for route in held:
            route.continue_()
        expect(page.get_by_text(message("en", DEMO_KEY)).first).to_be_visible(timeout=15_000)  # words in, lobby drawn
        assert page.input_value("input[name=name]") == "Friday game"
    finally:
        context.close()


@pytest.mark.parametrize(("button", "path", "default_name"), [
    ("#create-btn", "/api/tables", "room.form.default_name"),
    ("#create-event-btn", "/api/tournaments", "event.form.default_name"),
])
def test_a_form_sent_before_the_words_arrive_waits_for_them_and_is_sent_once(
    browser: Browser, room: Server, button: str, path: str, default_name: str,
) -> None:
    # A quick tap on a slow line: the name, a word, was still empty, so the browser refused to send
    # and nothing said why. Now the form waits for the words and is sent named in the reader's.
    context = _context(browser, "phone", "zh-Hant")
    try:
        page = context.new_page()
        held: list[Any] = []
        page.route("**/api/i18n*", lambda route: held.append(route))
        page.goto(room.base + "/", wait_until="domcontentloaded")
        for _ in range(200):
            if held:
                break
            page.wait_for_timeout(50)
        assert held, "the lobby did not ask for its words"
        assert page.input_value(f"{button.replace('-btn', '')} input[name=name]") == ""  # no words yet
        posts: list[Any] = []
        page.on("request", lambda r: posts.append(r) if r.method == "POST" and r.url.endswith(path) else None)
        with page.expect_request(lambda r: r.method == "POST" and r.url.endswith(path), timeout=40_000) as got:
            page.click(button)
            page.click(button)  # nothing happened: an impatient second tap
            page.wait_for_timeout(200)  # the taps are taken before the words come
            for route in held:
                route.continue_()
        body = got.value.post_data_json
        assert (body["name"], body["lang"]) == (message("zh-Hant", default_name), "zh-Hant")
        page.wait_for_url(re.compile(r"/[te]/[^/#]+#host="))
        assert len(posts) == 1, "two taps made two"
    finally:
        context.close()


NEW_KINDS = ("regular", "loose")


@pytest.mark.parametrize(("lang", "view"), [("en", "laptop"), ("zh-Hant", "phone"), ("zh-Hans", "laptop")])
def test_the_forms_offer_the_regular_and_the_loose_bot_in_words(
    browser: Browser, room: Server, lang: str, view: str,
) -> None:
    context = _context(browser, view, lang)
    try:
        page = _lobby(context, room.base)
        kinds = page.locator("#ev-bot-kinds")
        for kind in NEW_KINDS:  # the tournament's: offered, not ticked (its old three are)
            expect(kinds.locator(f"label:has(input[value={kind}]) span")).to_have_text(
                message(lang, f"room.bot.kind.{kind}"))
            expect(kinds.locator(f"input[value={kind}]")).not_to_be_checked()
        bots = page.locator("#bots")
        for kind in NEW_KINDS:
            expect(bots.locator(f"label:has(input[data-bot-kind={kind}]) span")).to_have_text(
                message(lang, f"room.bot.kind.{kind}"))
        fill_bots(page)  # none of the old kinds
        page.fill("#create input[data-bot-kind=regular]", "1")
        page.fill("#create input[data-bot-kind=loose]", "2")
        _shot(page, f"{lang}-{view}-form-new-bots")
        body = _sent(page, "/api/tables", "#create-btn")
        assert body["bots"] == ["regular", "loose", "loose"]
        page.wait_for_url("**/t/*")
        names = [message(lang, "room.bot.name.regular"), message(lang, "room.bot.name.loose")]
        for name in names:  # seated under the table's language's names
            expect(page.locator(f".seat .name[title^='{name}']").first).to_be_visible()
    finally:
        context.close()
