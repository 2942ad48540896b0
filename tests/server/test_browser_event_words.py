"""What the tournament page (the TV, /e/{id}) says, read in real Chromium at desktop
(1366x768) and phone (390x844) size, in English and 繁體中文 (screenshots in $PD_SHOTS
if set): the next level's ante within its sentence, and the tiles before the start."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.server.chromium import needs_chromium
from tests.server.conftest import Server
from tests.server.test_browser_event import shots
from tests.server.tournaments import create, host, register

pytest.importorskip("playwright")
from playwright.sync_api import Browser, Page, expect  # noqa: E402

pytestmark = needs_chromium

SIZES = {"desktop": {"width": 1366, "height": 768}, "phone": {"width": 390, "height": 844}}
LANGS = [("en", "en"), ("zh-Hant", "zh-TW")]


@pytest.fixture(scope="module")
def room(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    s = Server(tmp_path_factory.mktemp("event-words") / "room.db").start()
    yield s
    s.stop()


def open_page(browser: Browser, url: str, *, size: str, lang: str, accept: str) -> Page:
    """A reader who chose ``lang`` (a table page otherwise speaks its table's language)."""
    ctx = browser.new_context(viewport=SIZES[size], extra_http_headers={"Accept-Language": accept})
    ctx.add_init_script(f"localStorage.setItem('pd.lang', {lang!r})")
    page = ctx.new_page()
    page.goto(url)
    return page


def shot(page: Page, name: str) -> None:
    folder = shots()
    if folder:
        page.screenshot(path=str(folder / f"{name}.png"), full_page=True)


def fits(page: Page, size: str) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= SIZES[size]["width"]


NEXT = {
    # The turbo preset's level 2 has no ante; the custom one has a big-blind ante.
    ("turbo", "en"): "Next: level 2, 15/30, no ante",
    ("turbo", "zh-Hant"): "下一級別：第2級，15／30，無前注",
    ("ante", "en"): "Next: level 2, 20/40, big-blind ante 40",
    ("ante", "zh-Hant"): "下一級別：第2級，20／40，大盲前注 40",
}


@pytest.mark.parametrize(("lang", "accept"), LANGS)
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("levels", ["turbo", "ante"])
def test_the_next_level_says_its_ante_in_lower_case_within_its_sentence(
    room: Server, browser: Browser, levels: str, lang: str, accept: str, size: str
) -> None:
    spec: dict[str, Any] = {"level_seconds": 60}
    if levels == "ante":
        spec = {"levels": [{"small_blind": 10, "big_blind": 20, "seconds": 60}, {"small_blind": 20, "big_blind": 40, "ante": 40, "seconds": 60}]}
    ev = create(room, max_entrants=6, bots=["caller"], **spec)
    page = open_page(browser, f"{room.base}/e/{ev['id']}", size=size, lang=lang, accept=accept)
    expect(page.locator("#next")).to_have_text(NEXT[levels, lang])
    fits(page, size)
    shot(page, f"event-next-{levels}-{lang}-{size}")
    page.context.close()


TILES = {
    "en": {"before": ["Registered", "Starting stack", "Prize pool", "Buy-in"],
           "started": ["Players left", "Average stack", "Prize pool", "Entries"]},
    "zh-Hant": {"before": ["已報名", "起始籌碼", "獎池", "買入"], "started": ["剩餘玩家", "平均籌碼", "獎池", "參賽人次"]},
}


def tiles(page: Page) -> list[tuple[str, str]]:
    """The TV's tiles as (label, number), as a reader sees them."""
    return [tuple(t.inner_text().split("\n")) for t in page.locator("#stats .tile").all()]  # type: ignore[misc]


@pytest.mark.parametrize(("lang", "accept"), LANGS)
@pytest.mark.parametrize("size", SIZES)
def test_before_the_start_the_tv_tiles_say_who_registered_not_an_empty_field(
    room: Server, browser: Browser, lang: str, accept: str, size: str
) -> None:
    ev = create(room, max_entrants=8, starting_stack=1000, buy_in=50, level_seconds=600, bots=["caller"] * 2)
    page = open_page(browser, f"{room.base}/e/{ev['id']}", size=size, lang=lang, accept=accept)
    labels = TILES[lang]["before"]
    expect(page.locator("#stats .tile").first.locator(".muted:visible")).to_have_text(labels[0])
    assert tiles(page) == list(zip(labels, ["0", "1,000", "0", "50"], strict=True))
    register(room, ev["id"], "Ann")
    register(room, ev["id"], "Bob")
    expect(page.locator("#players-left")).to_have_text("2")
    assert tiles(page) == list(zip(labels, ["2", "1,000", "100", "50"], strict=True))
    fits(page, size)
    shot(page, f"event-tiles-before-{lang}-{size}")
    # Started (two bots fill in): the field, its average and the entries.
    assert host(room, ev, "start").status_code == 200
    labels = TILES[lang]["started"]
    expect(page.locator("#stats .tile").first.locator(".muted:visible")).to_have_text(labels[0])
    assert [label for label, _ in tiles(page)] == labels
    expect(page.locator("#entries")).to_have_text("4")
    page.context.close()


NO_PRIZES = {"en": "No prizes yet.", "zh-Hant": "還沒有獎金。"}


@pytest.mark.parametrize(("lang", "accept"), LANGS)
def test_before_anyone_registers_the_payouts_list_no_prize_of_nothing(room: Server, browser: Browser, lang: str, accept: str) -> None:
    ev = create(room, max_entrants=8, buy_in=50, level_seconds=600, bots=["caller"] * 2)
    page = open_page(browser, f"{room.base}/e/{ev['id']}", size="phone", lang=lang, accept=accept)
    # Nobody in, nothing in the pool: "No prizes yet.", not "1st place: 0".
    expect(page.locator("#payouts tbody")).to_have_text(NO_PRIZES[lang])
    register(room, ev["id"], "Ann")
    expect(page.locator("#payouts tbody tr")).to_have_count(1)
    expect(page.locator("#payouts tbody td.num")).to_have_text("50")
    page.context.close()
