"""Practice drills in the room: ``GET /api/quiz`` and the ``/learn`` page
(Chromium: drills that grow -- a missed question comes back, a level answered
well goes up and stays in the browser -- each drawn as a small table with cards),
and the hand-ranking chart one click from every table (``GET /api/rankings``)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from pokerdealer.learn import drills
from pokerdealer.learn.chart import ranking_chart
from pokerdealer.learn.drills import TOPIC_LEVELS
from tests.server.chromium import needs_chromium, settled
from tests.server.conftest import HTTP, Client, Server

pytest.importorskip("playwright")
from playwright.sync_api import Browser, Page, expect  # noqa: E402

SHOTS = Path("/tmp/shots-learn")
PHONE, LAPTOP = {"width": 390, "height": 844}, {"width": 1366, "height": 768}


@pytest.fixture(scope="module")
def room(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    s = Server(tmp_path_factory.mktemp("learn") / "room.db").start()
    yield s
    s.stop()


def _one(topic: str, level: int, seed: int, lang: str = "en") -> dict[str, Any]:
    """The question of item topic:level:seed, as the page gets it."""
    (q,) = drills(topic, count=1, seed=seed, lang=lang, level=level)
    return {**q.to_json(), "seed": seed}


def test_api_quiz_gives_the_drills_of_the_quiz_command(room: Server) -> None:
    got = HTTP.get(f"{room.base}/api/quiz", params={"topic": "side_pots", "count": 3, "seed": 5, "lang": "zh-Hant"}, timeout=30)
    assert got.status_code == 200
    expected = [q.to_json() for q in drills("side_pots", count=3, seed=5, lang="zh-Hant")]
    assert got.json() == {"questions": expected, "seed": 5}


def test_an_item_is_the_question_of_its_topic_level_and_seed(room: Server) -> None:
    got = HTTP.get(f"{room.base}/api/quiz", params={"items": "limits:2:17,showdown:0:5", "lang": "zh-Hans"}, timeout=30)
    assert got.status_code == 200
    assert got.json() == {"questions": [_one("limits", 2, 17, "zh-Hans"), _one("showdown", 0, 5, "zh-Hans")]}


def test_the_topics_are_the_engines_with_how_many_levels_each_has(room: Server) -> None:
    got = HTTP.get(f"{room.base}/api/quiz/topics", timeout=30)
    assert got.status_code == 200
    assert list(got.json()["levels"].items()) == list(TOPIC_LEVELS.items())


@pytest.mark.parametrize(
    ("params", "message"),
    [
        ({"topic": "poker"}, "unknown topic 'poker'"),
        ({"count": 50}, "count 50 is out of range: expected 1 to 20"),
        ({"lang": "fr"}, "unknown language 'fr'"),
        ({"items": "limits-2-17"}, "'limits-2-17' is not a drill: expected topic:level:seed, e.g. min_raise:2:17"),
        ({"items": "all:0:1"}, "unknown topic 'all': expected one of showdown, "),
        ({"items": "limits:5:1"}, "level 5 is out of range: expected 0 to 4"),
        ({"items": ",".join(["limits:0:1"] * 21)}, "count 21 is out of range: expected 1 to 20"),
        ({"items": "limits:0:1", "lang": "fr"}, "unknown language 'fr'"),
    ],
)
def test_api_quiz_refuses_bad_values_in_one_line(room: Server, params: dict, message: str) -> None:
    got = HTTP.get(f"{room.base}/api/quiz", params=params, timeout=30)
    assert got.status_code == 400 and got.json()["detail"].startswith(message)


# ------------------------------------------------------------------ the page
def _page(browser: Browser, room: Server, lang: str, errors: list[str]) -> Page:
    """A new browser (nothing learnt yet) reading the room in ``lang``; anything the page
    or the room's Content-Security-Policy reports, and any failed request, goes to ``errors``."""
    context = browser.new_context(viewport=LAPTOP)
    context.set_default_timeout(15_000)
    page = context.new_page()
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if "Content Security Policy" in m.text else None)
    page.on("response", lambda r: errors.append(f"{r.status} {r.url}") if r.status >= 400 and "favicon" not in r.url else None)
    page.goto(f"{room.base}/rules")  # the origin, to write its storage
    page.evaluate("(lang) => localStorage.setItem('pd.lang', lang)", lang)
    return page


def _answer(page: Page, q: dict[str, Any], *, right: bool) -> None:
    """Answer the drill on the page, ``q``, rightly or not."""
    expect(page.locator("#prompt")).to_have_text(q["ask"] if q["diagram"] else q["prompt"])
    if q["choices"] is not None:
        pick = q["answer_index"] if right else (q["answer_index"] + 1) % len(q["choices"])
        page.click(f'#choices button[data-choice="{pick}"]')
    else:
        value = q["answer"]["min_raise_to"]
        value = (0 if value is None else value) if right else (value or 0) + 1
        page.fill("#amount", str(value))
        page.click("#answer")
    expect(page.locator("#verdict")).to_have_class("ok" if right else "bad")
    expect(page.locator("#explanation")).to_have_text(q["explanation"])
    if q["choices"] is not None:  # the right choice marked, and the pick apart when it was another
        expect(page.locator("#choices button.right")).to_have_attribute("data-choice", str(q["answer_index"]))
        expect(page.locator("#choices button.picked")).to_have_attribute("data-choice", str(pick))
        expect(page.locator("#choices button.wrong")).to_have_count(0 if right else 1)


def _shoot(page: Page, name: str) -> None:
    """The page on a laptop and on a 390 px phone, for a person to look at."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    for label, size in (("laptop", LAPTOP), ("phone", PHONE)):
        page.set_viewport_size(size)
        settled(page)
        page.screenshot(path=str(SHOTS / f"{name}-{label}.png"), full_page=True)
    page.set_viewport_size(LAPTOP)


@needs_chromium
def test_a_missed_drill_comes_back_three_questions_later_drawn_with_its_cards(browser: Browser, room: Server) -> None:
    errors: list[str] = []
    page = _page(browser, room, "en", errors)
    try:
        page.goto(f"{room.base}/learn?topic=all&seed=7")
        # "All topics" takes the topics in turn, each at the learner's level (0: nothing learnt
        # yet), from the seed in the address and the next ones.
        asked = [_one(topic, 0, 7 + k) for k, topic in enumerate(list(TOPIC_LEVELS)[:4])]
        missed = asked[0]
        # The first, a showdown: the hands and the board drawn as cards, face up.
        cards = [c for hand in missed["diagram"]["hands"] for c in hand["cards"]] + missed["diagram"]["board"]
        expect(page.locator("#diagram .card")).to_have_count(len(cards))
        for card in cards:
            expect(page.locator(f'#diagram .card[data-card="{card}"]')).to_be_visible()
        _answer(page, missed, right=False)
        expect(page.locator("#progress")).to_have_text("0 of 1 right · 1 to try again")
        for q in asked[1:]:
            page.click("#next")
            expect(page.locator("#review")).to_be_hidden()
            _answer(page, q, right=True)
        # Three questions later, the one missed, marked so, the same hand drawn again.
        page.click("#next")
        expect(page.locator("#review")).to_have_text("Again, one you missed")
        _shoot(page, "review-en")
        for card in cards:
            expect(page.locator(f'#diagram .card[data-card="{card}"]')).to_be_visible()
        _answer(page, missed, right=True)
        expect(page.locator("#verdict")).to_contain_text("Done: 4 of 5 right.")
        # Answered right once, it comes back once more, later: it stays in the browser till then.
        state = json.loads(page.evaluate("localStorage.getItem('pd.learn.state')"))
        assert state["reviews"] == [{"topic": "showdown", "level": 0, "seed": 7, "step": 1, "due": 5 + 8}]
        assert state["asked"] == 5 and state["turn"] == 4  # the next set goes on with the fifth topic
        assert errors == []
    finally:
        page.context.close()


@needs_chromium
def test_a_level_answered_well_goes_up_and_stays_after_a_reload(browser: Browser, room: Server) -> None:
    errors: list[str] = []
    page = _page(browser, room, "zh-Hant", errors)
    try:
        page.goto(f"{room.base}/learn?topic=limits&seed=3")
        first, second = _one("limits", 0, 3, "zh-Hant"), _one("limits", 0, 4, "zh-Hant")
        expect(page.locator("#heading")).to_have_text("第1/5題 · 最多能下注多少：第1/5級")
        # A table: every seat drawn, the button and the blinds on theirs, the player asked marked.
        seats = first["diagram"]["seats"]
        expect(page.locator("#diagram .dg-seat")).to_have_count(len(seats))
        expect(page.locator('#diagram .dg-seat.you')).to_have_attribute("data-name", next(s["name"] for s in seats if s["mark"] == "you"))
        for s in seats:
            for role in s["roles"]:
                expect(page.locator(f'#diagram .dg-seat[data-name="{s["name"]}"] [data-role="{role}"]')).to_be_visible()
        _answer(page, first, right=True)
        expect(page.locator("#level-up")).to_be_empty()
        page.click("#next")
        _answer(page, second, right=True)
        expect(page.locator("#level-up")).to_have_text("升級了：最多能下注多少，第2/5級。")
        _shoot(page, "level-up-zh-Hant")
        # A new visit: the level is kept, the questions are level 2's.
        page.reload()
        expect(page.locator("#heading")).to_have_text("第1/5題 · 最多能下注多少：第2/5級")
        _answer(page, _one("limits", 1, 3, "zh-Hant"), right=True)
        # A choice missed: the verdict is one Chinese sentence, "答案是第 3 項「p3」。", not "答案是3. p3。".
        page.goto(f"{room.base}/learn?topic=showdown&seed=7")
        missed = _one("showdown", 0, 7, "zh-Hant")
        _answer(page, missed, right=False)
        k = missed["answer_index"]
        expect(page.locator("#verdict")).to_have_text(f"不對：答案是第 {k + 1} 項「{missed['choices'][k]}」。")
        _shoot(page, "missed-zh-Hant")
        assert errors == []
    finally:
        page.context.close()


# ------------------------------------------------------- the hand-ranking chart
def test_the_chart_is_served_in_the_order_asked_and_a_bad_variant_is_refused(room: Server) -> None:
    got = HTTP.get(f"{room.base}/api/rankings", params={"variant": "shortdeck", "trips_beat_straight": "false", "lang": "zh-Hans"}, timeout=30)
    assert got.status_code == 200
    assert got.json() == ranking_chart("zh-Hans", "shortdeck", trips_beat_straight=False)
    bad = HTTP.get(f"{room.base}/api/rankings", params={"variant": "omaha"}, timeout=30)
    assert bad.status_code == 400 and bad.json()["detail"] == "unknown variant 'omaha': expected holdem or shortdeck"


def test_a_tables_state_says_the_order_of_hands_it_plays_by(room: Server) -> None:
    reader = Client(room, room.create_table(name="order"))
    try:
        state = reader.until(lambda s: s.get("type") == "state")
        assert (state["table"]["variant"], state["table"]["trips_beat_straight"]) == ("holdem", True)
    finally:
        reader.close()


#: The chart's title, its first hand and the note under the list, in each language.
CHART = {
    "en": ("Hand rankings, from the highest", "royal flush", "Suits never count."),  # capitalised by CSS
    "zh-Hant": ("牌型大小，由強到弱", "皇家同花順", "花色不分大小。"),
    "zh-Hans": ("牌型大小，由强到弱", "皇家同花顺", "花色不分大小。"),
}


@needs_chromium
def test_the_hand_ranking_chart_is_one_click_from_a_table_in_each_language(browser: Browser, room: Server) -> None:
    errors: list[str] = []
    page = _page(browser, room, "en", errors)
    try:
        # The lobby leads to the drills and to the rules.
        page.goto(room.base)
        expect(page.locator('header a[href="/learn"]')).to_have_text("Practice drills")
        expect(page.locator('header a[href="/rules"]')).to_have_text("The rules")
        table = room.create_table(name="chart")
        page.goto(f"{room.base}/t/{table}")
        chart = page.locator("#rankings")
        for lang, (title, first, suits) in CHART.items():
            page.select_option("#lang", lang)
            expect(page.locator("html")).to_have_attribute("data-words", lang)
            page.click("#btn-rankings")
            expect(chart).to_be_visible()
            expect(chart.locator("h3")).to_have_text(title)
            rows = chart.locator("li")
            expect(rows).to_have_count(10)
            expect(rows.first.locator(".rank-name")).to_have_text(first)
            for k, card in enumerate(["As", "Ks", "Qs", "Js", "Ts"]):
                expect(rows.first.locator(".card").nth(k)).to_have_attribute("data-card", card)
            expect(chart.locator(".card")).to_have_count(50)
            expect(chart.locator(".rank-foot")).to_contain_text(suits)
            _shoot(page, f"chart-{lang}")
            page.click("#rankings-close")
            expect(chart).to_be_hidden()
        assert errors == []
    finally:
        page.context.close()
