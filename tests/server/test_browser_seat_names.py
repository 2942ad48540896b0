"""Bots' names in their seats on a phone (360 and 390 px), at tables in each language, in real
Chromium: a bot alone of its kind is read whole in a seat of a small table ("RandomBot" was cut
to "RandomB…"), and where a name must be cut (ten seats round a phone's felt) the number that
tells bots of a kind apart stays in view ("隨機機… 2", not "隨機機器…" at three seats); nothing
runs out of the window. A bot is named in the reader's language, whatever the table's. Screenshots in $PD_SHOTS if set."""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import pytest

from pokerdealer.server.seat_names import bot_name
from tests.server.chromium import needs_chromium, settled
from tests.server.conftest import Client, Server
from tests.server.test_browser_event_words import shot
from tests.server.test_browser_phone_felt import FELT, LANGS, PHONES
from tests.server.test_host import play_until

pytest.importorskip("playwright")
from playwright.sync_api import Browser, Page, expect  # noqa: E402

pytestmark = needs_chromium

# Each seat's name as a reader sees it: whether its whole text is inside the name's box, and whether
# its last character is (a cut name hides its end under the ellipsis, laid out past the box).
NAMES = """() => [...document.querySelectorAll("#felt .seat .name")].map(n => {
  const box = n.getBoundingClientRect(), text = n.textContent, range = document.createRange();
  const inside = (r) => r.left >= box.left - 0.5 && r.right <= box.right + 0.5;
  const node = (i) => { const w = document.createTreeWalker(n, NodeFilter.SHOW_TEXT); let seen = 0;
    for (let t = w.nextNode(); t; t = w.nextNode()) { if (i < seen + t.length) return [t, i - seen]; seen += t.length; } };
  const [first, a] = node(0), [last, b] = node(text.length - 1);
  range.setStart(first, a); range.setEnd(last, b + 1);
  const whole = inside(range.getBoundingClientRect());
  range.setStart(last, b);
  return { name: text, whole, end: inside(range.getBoundingClientRect()) };
})"""


@pytest.fixture(scope="module")
def room(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    s = Server(tmp_path_factory.mktemp("seat-names") / "room.db").start()
    yield s
    s.stop()


def _seen(browser: Browser, room: Server, table: str, lang: str, name: str) -> dict[str, list[dict[str, object]]]:
    """The seats' names and the felt's measures at each phone width, a spectator reading in ``lang``."""
    context = browser.new_context(viewport=PHONES["390"], is_mobile=True, has_touch=True)
    context.set_default_timeout(30_000)
    context.add_init_script(f"localStorage.setItem('pd.lang', '{lang}')")
    seen: dict[str, list[dict[str, object]]] = {}
    try:
        page: Page = context.new_page()
        page.goto(f"{room.base}/t/{table}")
        for width, size in PHONES.items():
            page.set_viewport_size(size)
            page.locator("#felt .seat .name").first.wait_for()
            settled(page)
            felt = page.evaluate(FELT, size["width"])
            assert (felt["wider"], felt["cut"]) == (0, 0), f"{lang} {width}px: {felt}"
            seen[width] = page.evaluate(NAMES)
            shot(page, f"seat-names-{name}-{lang}-{width}")
    finally:
        context.close()
    return seen


@pytest.mark.parametrize("lang", LANGS)
def test_on_a_phone_a_bot_alone_of_its_kind_is_named_whole_in_its_seat(browser: Browser, room: Server, lang: str) -> None:
    """The table is in another language than the reader's: its bots are named in the reader's (issue 37:
    an English reader saw 爱玩机器人 / 稳健机器人 and could not tell the styles apart)."""
    kinds = ["random", "tight", "caller"]
    table_lang = LANGS[(LANGS.index(lang) + 1) % len(LANGS)]
    table = room.create_table(name="three kinds", bots=kinds, seats=4, lang=table_lang, clock=300)
    for width, names in _seen(browser, room, table, lang, "small").items():
        assert sorted(n["name"] for n in names) == sorted(bot_name(kind, lang=lang) for kind in kinds), f"{lang} {width}px"
        assert [n["name"] for n in names if not n["whole"]] == [], f"{lang} {width}px"


@pytest.mark.parametrize("lang", LANGS)
def test_on_a_phone_a_bots_number_shows_in_its_seat_round_a_full_ring(browser: Browser, room: Server, lang: str) -> None:
    table = room.create_table(name="ring", bots=["random", "tight", "caller"] * 3, seats=10, lang=lang, clock=300)
    for width, names in _seen(browser, room, table, lang, "ring").items():
        assert len(names) == 9
        assert [n["name"] for n in names if not n["end"]] == [], f"{lang} {width}px"


# Every step of the open hand in the replayer, as the page draws it: the step's words, the result under
# it and the seats' names.
REPLAYED = """() => { const out = [];
  for (step = 0; step < detail.frames.length; step++) {
    draw();
    out.push(document.getElementById("step-text").textContent, document.getElementById("rp-summary").textContent,
      [...document.querySelectorAll("#felt .seat .name")].map(n => n.textContent).join(" | "));
  }
  return out.join("\\n"); }"""


def test_the_host_panel_and_the_hand_history_name_the_bots_in_the_readers_language(browser: Browser, room: Server) -> None:
    """An English host of a zh-Hans table with two caller bots reads CallerBot 1 and CallerBot 2 in the host's
    player list and in the replayer of a hand played (issue 37: they read 跟注机器人 2); the hand keeps the
    names seated."""
    made = httpx.post(room.base + "/api/tables", json={"name": "周五", "bots": ["caller", "caller"], "lang": "zh-Hans",
                                                       "clock": 30, "seats": 4}, timeout=10).json()
    table = made["id"]
    ann = room.join(table, "Ann")
    a = Client(room, table, ann["token"])
    try:
        number = play_until([a], lambda x: x["last_hand"] is not None)["last_hand"]["number"]
    finally:
        a.close()
    context = browser.new_context(viewport={"width": 1366, "height": 768})
    context.set_default_timeout(30_000)
    context.add_init_script("localStorage.setItem('pd.lang', 'en')")
    try:
        page = context.new_page()
        page.goto(room.base + made["host_url"])
        page.click("#btn-host")  # the panel starts folded (issue 37)
        players = page.locator("#host-players")
        expect(players).to_contain_text(bot_name("caller", 2, lang="en"))
        expect(players).to_contain_text(bot_name("caller", 1, lang="en"))
        assert "跟注机器人" not in players.inner_text()
        page.goto(f"{room.base}/t/{table}/hands#{number}")
        page.locator("#felt .seat .name").first.wait_for()
        page.locator(f"#hand-list a[data-hand='{number}']").wait_for()
        assert "跟注机器人" not in page.locator("#hand-list").inner_text()  # the winners' column
        replayed = page.evaluate(REPLAYED)
        assert "CallerBot 1" in replayed and "CallerBot 2" in replayed and "跟注机器人" not in replayed, replayed
        shot(page, "seat-names-hands-en-of-zh-Hans")
    finally:
        context.close()
    frames = room.get(f"/api/tables/{table}/hands/{number}").json()["frames"]
    assert {seat["name"] for seat in frames[0]["seats"]} == {"Ann", "跟注机器人 1", "跟注机器人 2"}
