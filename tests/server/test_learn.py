"""Practice drills in the room: ``GET /api/quiz`` and the ``/learn`` page
(Chromium: five drills answered, progress kept per topic in the browser)."""

from __future__ import annotations

import json
import re

import httpx
import pytest

from pokerdealer.learn import drills
from tests.server.chromium import needs_chromium
from tests.server.conftest import Server

pytest.importorskip("playwright")
from playwright.sync_api import Browser, expect  # noqa: E402


def test_api_quiz_gives_the_drills_of_the_quiz_command(server: Server) -> None:
    got = httpx.get(f"{server.base}/api/quiz", params={"topic": "side_pots", "count": 3, "seed": 5, "lang": "zh-Hant"}, timeout=30)
    assert got.status_code == 200
    expected = [q.to_json() for q in drills("side_pots", count=3, seed=5, lang="zh-Hant")]
    assert got.json() == {"questions": expected, "seed": 5}


@pytest.mark.parametrize(
    ("params", "message"),
    [
        ({"topic": "poker"}, "unknown topic 'poker'"),
        ({"count": 50}, "count 50 is out of range: expected 1 to 20"),
        ({"lang": "fr"}, "unknown language 'fr'"),
    ],
)
def test_api_quiz_refuses_bad_values_in_one_line(server: Server, params: dict, message: str) -> None:
    got = httpx.get(f"{server.base}/api/quiz", params=params, timeout=30)
    assert got.status_code == 400 and got.json()["detail"].startswith(message)


@needs_chromium
def test_learn_page_five_drills_answered_with_explanations_and_progress(browser: Browser, server: Server) -> None:
    expected = [q.to_json() for q in drills("all", count=5, seed=7, lang="en")]
    page = browser.new_context().new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    # Anything the room's Content-Security-Policy blocks is reported on the console;
    # any request of the page that fails (but the browser's own favicon) is an error too.
    page.on("console", lambda m: errors.append(m.text) if "Content Security Policy" in m.text else None)
    page.on(
        "response",
        lambda r: errors.append(f"{r.status} {r.url}") if r.status >= 400 and "favicon" not in r.url else None,
    )
    try:
        page.goto(f"{server.base}/learn?topic=all&seed=7")
        for k, q in enumerate(expected):
            expect(page.locator("#prompt")).to_have_text(q["prompt"])
            right = k != 2  # one wrong answer
            if q["choices"] is not None:
                pick = q["answer_index"] if right else (q["answer_index"] + 1) % len(q["choices"])
                page.click(f'#choices button[data-choice="{pick}"]')
            else:
                value = q["answer"]["min_raise_to"]
                value = (0 if value is None else value) if right else (value or 0) + 1
                page.fill("#amount", str(value))
                page.click("#answer")
            expect(page.locator("#verdict")).to_contain_text("Right." if right else "Not quite: the answer is")
            expect(page.locator("#explanation")).to_have_text(q["explanation"])
            if k < 4:
                page.click("#next")
        expect(page.locator("#verdict")).to_contain_text("Done: 4 of 5 right.")
        progress = json.loads(page.evaluate("localStorage.getItem('pd.learn.progress')"))
        assert progress["all"] == {"right": 4, "total": 5}
        for k, q in enumerate(expected):
            assert progress[q["topic"]] == {"right": 0 if k == 2 else 1, "total": 1}
        expect(page.locator("#progress")).to_have_text("4 of 5 right")
        # Another language: the words and the drills change, the progress stays.
        page.select_option("#lang", "zh-Hant")
        expect(page.locator("h1")).to_have_text("練習題")
        expect(page.locator("#prompt")).to_have_text(re.compile(r"[\u4e00-\u9fff]"))
        expect(page.locator("#progress")).to_have_text("答對4/5")
        assert not errors, errors
    finally:
        page.context.close()
