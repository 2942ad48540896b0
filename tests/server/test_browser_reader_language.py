"""Each reader in their own language (issue 23), in real Chromium: an invitee's table page
speaks their language -- the one chosen in this browser, else the browser's, and the table's
only for a browser that reads none of the room's -- not the host's; the table's language
stays its bots' names. Browsers in en-US, zh-TW and zh-CN open tables of another language."""

from __future__ import annotations

import re
from collections.abc import Iterator

import httpx
import pytest

from pokerdealer.i18n import CATALOGS, message
from pokerdealer.server.seat_names import bot_name
from tests.server.chromium import check_or_call_until, needs_chromium, settled
from tests.server.conftest import Server
from tests.server.test_browser_i18n import VISIBLE_TEXT

pytest.importorskip("playwright")
from playwright.sync_api import Browser, Page, expect  # noqa: E402

pytestmark = needs_chromium

CJK = re.compile(r"[\u3400-\u9fff]")


def _only_in(lang: str, other: str) -> frozenset[str]:
    """The Chinese characters the room writes in ``lang`` and never in ``other`` (这 in 简体, 這 in 繁體)."""
    def chars(of: str) -> set[str]:
        return {c for text in CATALOGS[of].values() for c in text if CJK.match(c)}
    return frozenset(chars(lang) - chars(other))


#: What tells a page in one language from the others: no Chinese in English, no character only
#: the other script writes in Chinese.
FOREIGN = {"en": CJK, "zh-Hant": re.compile("[" + "".join(sorted(_only_in("zh-Hans", "zh-Hant"))) + "]"),
           "zh-Hans": re.compile("[" + "".join(sorted(_only_in("zh-Hant", "zh-Hans"))) + "]")}


def foreign_words(page: Page, lang: str, names: tuple[str, ...]) -> list[str]:
    """The page's visible texts (names aside) written in another language than ``lang``."""
    bad = []
    for text in page.evaluate(VISIBLE_TEXT):
        rest = text
        for name in names:
            rest = rest.replace(name, " ")
        if FOREIGN[lang].search(rest):
            bad.append(text)
    return bad


@pytest.fixture(scope="module")
def room(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    s = Server(tmp_path_factory.mktemp("readers") / "room.db").start()
    yield s
    s.stop()


def open_table(browser: Browser, room: Server, table: str, locale: str) -> Page:
    context = browser.new_context(locale=locale, viewport={"width": 1280, "height": 800})
    context.set_default_timeout(15_000)
    page = context.new_page()
    page.goto(f"{room.base}/t/{table}")
    settled(page)
    return page


@pytest.mark.parametrize(
    ("locale", "table_lang", "reader"),
    [("en-US", "zh-Hans", "en"), ("zh-TW", "zh-Hans", "zh-Hant"), ("zh-CN", "en", "zh-Hans"), ("zh-CN", "zh-Hant", "zh-Hans")],
)
def test_an_invitees_table_page_speaks_their_browsers_language_not_the_hosts(
    browser: Browser, room: Server, locale: str, table_lang: str, reader: str
) -> None:
    table = room.create_table(name="invite", lang=table_lang)
    page = open_table(browser, room, table, locale)
    try:
        expect(page.locator("html")).to_have_attribute("lang", reader)
        expect(page.locator("#join-btn")).to_have_text(message(reader, "room.join.sit"))
    finally:
        page.context.close()


def test_a_browser_reading_none_of_the_rooms_languages_reads_the_tables(browser: Browser, room: Server) -> None:
    table = room.create_table(name="fr", lang="zh-Hant")
    page = open_table(browser, room, table, "fr-FR")
    try:
        expect(page.locator("html")).to_have_attribute("lang", "zh-Hant")
    finally:
        page.context.close()


def test_a_language_chosen_in_this_browser_beats_the_browsers_and_is_remembered(browser: Browser, room: Server) -> None:
    table = room.create_table(name="chosen", lang="zh-Hant")
    page = open_table(browser, room, table, "en-US")
    try:
        expect(page.locator("html")).to_have_attribute("lang", "en")
        page.select_option("#lang", "zh-Hans")
        expect(page.locator("#join-btn")).to_have_text(message("zh-Hans", "room.join.sit"))
        page.goto(f"{room.base}/t/{table}")
        expect(page.locator("html")).to_have_attribute("lang", "zh-Hans")
        page.goto(room.base + "/")
        expect(page.locator("#create-btn")).to_have_text(message("zh-Hans", "room.form.create"))
    finally:
        page.context.close()


@pytest.mark.parametrize(
    ("locale", "table_lang", "reader"), [("en-US", "zh-Hans", "en"), ("zh-TW", "zh-Hans", "zh-Hant"), ("zh-CN", "zh-Hant", "zh-Hans")]
)
def test_a_players_own_words_are_in_their_language_at_a_table_of_another(
    browser: Browser, room: Server, locale: str, table_lang: str, reader: str
) -> None:
    # Controls, the hand's strength, the coach (on by default at a table with bots), the
    # showdown's explanation: the player's words. The bot is named in the reader's words too (issue 37:
    # an English reader read 跟注机器人); its name at the table, the log's, may still be read beside.
    table = room.create_table(name="家庭局", bots=["caller"], clock=60, lang=table_lang)
    bot = bot_name("caller", lang=table_lang)
    page = open_table(browser, room, table, locale)
    try:
        page.fill("#join-name", "Ann")
        page.click("#join-btn")
        expect(page.locator("#coach-lines")).to_be_visible()
        check_or_call_until(page, "#strength")  # said from the flop on
        expect(page.locator("#btn-fold")).to_have_text(message(reader, "room.act.fold"))
        expect(page.locator(".seat:not(.me) .name")).to_have_text(bot_name("caller", lang=reader))
        assert foreign_words(page, reader, ("家庭局", bot)) == [], "in the hand"
        check_or_call_until(page, "#showdown-body .explain", timeout_ms=90_000)
        settled(page)
        assert foreign_words(page, reader, ("家庭局", bot)) == [], "after the showdown"
    finally:
        page.context.close()


def test_a_player_registered_on_a_tournament_page_is_seated_in_its_language(browser: Browser, room: Server) -> None:
    # A 简体 tournament; Ann's browser reads 繁體: she registers on its page in 繁體 and her
    # table, made in the tournament's language, is in 繁體 too.
    r = httpx.post(room.base + "/api/tournaments", json={"name": "週五", "max_entrants": 4, "starting_stack": 1000,
                                                         "seats": 3, "bots": ["caller"], "clock": 30, "lang": "zh-Hans"}, timeout=20)
    assert r.status_code == 200, r.text
    made = r.json()
    context = browser.new_context(locale="zh-TW", viewport={"width": 390, "height": 844})
    context.set_default_timeout(15_000)
    page = context.new_page()
    try:
        page.goto(f"{room.base}/e/{made['id']}")
        expect(page.locator("html")).to_have_attribute("lang", "zh-Hant")
        page.fill("#register-name", "阿安")
        page.click("#register-btn")
        expect(page.locator("#register")).to_be_hidden()
        r = httpx.post(f"{room.base}/api/tournaments/{made['id']}/host", json={"command": "start"},
                       headers={"X-Host-Token": made["host_token"]}, timeout=20)
        assert r.status_code == 200, r.text
        page.wait_for_url(re.compile(r"/t/[^/]+$"), timeout=30_000)
        table = page.url.rsplit("/", 1)[1]
        assert httpx.get(f"{room.base}/api/tables/{table}", timeout=10).json()["lang"] == "zh-Hans"
        settled(page)
        expect(page.locator("html")).to_have_attribute("lang", "zh-Hant")
        expect(page.locator("#you-bar")).to_contain_text("阿安")
        assert foreign_words(page, "zh-Hant", ("週五", "阿安", bot_name("caller", lang="zh-Hans"))) == []
    finally:
        context.close()


# Switch the language and read, at every frame drawn until the switch is done, the page's own
# words (a button) beside the words the server made for this reader (the hand's strength, the
# coach's lines, the coach's words on the last showdown): Chinese or not, each.
SWITCH_FRAMES = """async ([lang, parts]) => {
  const sel = document.getElementById("lang");
  sel.value = lang; sel.dispatchEvent(new Event("change"));
  const frames = [];
  for (let i = 0; i < 600 && document.documentElement.dataset.words !== lang; i++) {
    frames.push(Object.fromEntries(parts.map(p => { const n = document.querySelector(p); return [p, n ? /[\\u3400-\\u9fff]/.test(n.textContent) : null]; })));
    await new Promise(r => requestAnimationFrame(r));
  }
  await new Promise(r => requestAnimationFrame(r));
  frames.push(Object.fromEntries(parts.map(p => { const n = document.querySelector(p); return [p, n ? /[\\u3400-\\u9fff]/.test(n.textContent) : null]; })));
  return frames;
}"""


def one_language_each_frame(frames: list[dict[str, bool | None]]) -> list[dict[str, bool | None]]:
    """The frames that showed some of the parts in Chinese and some not."""
    return [f for f in frames if len({v for v in f.values() if v is not None}) > 1]


def test_a_language_switch_at_the_table_redraws_the_players_own_words_with_the_pages(browser: Browser, room: Server) -> None:
    table = room.create_table(name="switch", bots=["caller"], clock=60, lang="en")
    page = open_table(browser, room, table, "en-US")
    try:
        page.fill("#join-name", "Ann")
        page.click("#join-btn")
        for _ in range(600):  # her turn after the flop: her hand's strength and the coach's lines are out
            if page.locator("#strength").count() and page.locator("#coach-lines").count() and page.locator("#actions").is_visible():
                break
            check_or_call_until(page, "#strength")
            page.locator("#actions").wait_for(state="visible")
        in_hand = ["#btn-fold", "#strength", "#coach-lines"]
        frames = page.evaluate(SWITCH_FRAMES, ["zh-Hant", in_hand])
        assert frames[-1] == dict.fromkeys(in_hand, True)
        assert one_language_each_frame(frames) == []
        check_or_call_until(page, "#coach-sd-lines li", timeout_ms=90_000)
        after = ["#showdown h3", "#showdown-body .explain", "#coach-sd-lines"]
        frames = page.evaluate(SWITCH_FRAMES, ["en", after])
        assert frames[-1] == dict.fromkeys(after, False)
        assert one_language_each_frame(frames) == []
    finally:
        page.context.close()
