"""Bots' names in their seats on a phone (360 and 390 px), at tables in each language, in real
Chromium: a bot alone of its kind is read whole in a seat of a small table ("RandomBot" was cut
to "RandomB…"), and where a name must be cut (ten seats round a phone's felt) the number that
tells bots of a kind apart stays in view ("隨機機… 2", not "隨機機器…" at three seats); nothing
runs out of the window. A bot is named in the reader's language, whatever the table's. Screenshots in $PD_SHOTS if set."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from pokerdealer.server.seat_names import bot_name
from tests.server.chromium import needs_chromium, settled
from tests.server.conftest import Server
from tests.server.test_browser_event_words import shot
from tests.server.test_browser_phone_felt import FELT, LANGS, PHONES

pytest.importorskip("playwright")
from playwright.sync_api import Browser, Page  # noqa: E402

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
