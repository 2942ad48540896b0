"""Debian's Chromium, driven by Playwright, for the room's browser tests.

The ``browser`` fixture reaches every test under ``tests/server`` through its
conftest; a module marks itself ``pytestmark = needs_chromium``.

On a developer's machine without Chromium the browser tests are skipped; in
CI (which installs it) a missing browser is a failure, not a skip.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from typing import TYPE_CHECKING

import pytest

from tests.patience import stretch

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run",
]

EXPECT_TIMEOUT_MS = 15_000
"""How long Playwright's assertions wait for what they expect: as long as the tests' pages wait
(``context.set_default_timeout(15_000)``). Its own default, 5 s, failed on a loaded CI machine
whose Chromium drew the awaited words later (ci2: the flooded page's notice; a host's refusal).
A passing assertion still returns as soon as the page shows it. Stretched by the load as each
module's Chromium starts (tests/patience.py): the same 15 s at rest."""

try:
    from playwright.sync_api import expect
except ImportError:  # without Playwright there are no browser tests to wait in
    pass
else:
    expect.set_options(timeout=EXPECT_TIMEOUT_MS)

needs_chromium = pytest.mark.skipif(
    shutil.which(CHROMIUM) is None and not os.environ.get("CI"),
    reason="needs Debian's chromium (apt-get install -y chromium)",
)


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    """One Chromium for the tests of a module."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, timeout=round(30_000 * stretch()))
        expect.set_options(timeout=round(EXPECT_TIMEOUT_MS * stretch()))
        yield b
        b.close()


BOT_KINDS = ("tight", "caller", "random")


def fill_bots(page: Page, **counts: int) -> None:
    """The lobby's table form: so many bots of each kind (a kind not named: none),
    e.g. ``fill_bots(page, caller=2)``."""
    unknown = set(counts) - set(BOT_KINDS)
    assert not unknown, f"no bot kind {sorted(unknown)} in the form"
    for kind in BOT_KINDS:
        page.fill(f"#create input[data-bot-kind={kind}]", str(counts.get(kind, 0)))


def more_settings(page: Page) -> None:
    """Unfold the lobby's table form's rarely changed settings, as a person does to change one."""
    if not page.locator("#create-more[open]").count():
        page.click("#create-more > summary")


def choose_language(page: Page, lang: str) -> None:
    """Choose the page's language as a person does: the language menu is in the
    title row's menu (☰) where the page has one; then wait for the page's words."""
    if page.locator("#btn-menu").is_visible() and not page.locator("#top.open").count():
        page.click("#btn-menu")
    page.select_option("#lang", lang)
    page.locator(f"html[data-words='{lang}']").wait_for(state="attached")


def settled(page: Page) -> None:
    """Wait until the page is in its words (the catalog loaded and put in), its fonts are
    loaded and a frame has been drawn since: what a test measures is then what a person sees.
    The felt is laid out by CSS alone, so a resize is drawn by that frame too."""
    page.locator("html[data-words]").wait_for(state="attached")
    page.evaluate("() => document.fonts.ready.then(() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r))))")


def show_when_asked(page: Page) -> bool:
    """Show at a showdown that asks (the coach on), as a player who always shows; True if asked."""
    if not page.locator("#show-or-muck").is_visible():
        return False
    try:
        page.locator("#btn-show").click(timeout=2000)
    except Exception:  # noqa: BLE001 - re-rendered under the click: look again
        pass
    return True


def check_or_call(page: Page) -> None:
    """Check when free, else call; nothing when it is not our turn (the action
    bar may re-render under the click: then nothing either, look again later).
    Asked to show or muck, show."""
    if show_when_asked(page) or not page.locator("#actions").is_visible():
        return
    try:
        if page.locator("#btn-check").is_visible():
            page.locator("#btn-check").click(timeout=2000)
        else:
            page.locator("#btn-call").click(timeout=2000)
    except Exception:  # noqa: BLE001 - re-rendered under the click: look again
        pass


def check_or_fold(page: Page) -> None:
    """Check when free, else fold: a player who only ever loses their blinds (asked to show or muck, show)."""
    if show_when_asked(page) or not page.locator("#actions").is_visible():
        return
    check = page.locator("#btn-check")
    try:
        (check if check.is_visible() else page.locator("#btn-fold")).click(timeout=2000)
    except Exception:  # noqa: BLE001 - re-rendered under the click: look again
        pass


def fold_at_every_turn(page: Page) -> None:
    """Fold whenever it is our turn (the room offers a fold when a check is free): a player who
    loses their blinds and nothing else, every hand (asked to show or muck, show)."""
    if show_when_asked(page) or not page.locator("#actions").is_visible():
        return
    try:
        page.locator("#btn-fold").click(timeout=2000)
    except Exception:  # noqa: BLE001 - re-rendered under the click: look again
        pass


# Looking for ``done`` and clicking are one step of the page's own thread: a click Playwright
# retries could land on the next street's button, after ``done`` had come (at the river: the
# river checked through, and the player, asked to show or muck, never to act there again).
_CHECK_OR_CALL_UNLESS = """(done) => {
  if (document.querySelector(done)) return true;
  const bar = document.getElementById("actions");
  if (!bar || !bar.checkVisibility()) return false;
  const check = document.getElementById("btn-check");
  const button = check && check.checkVisibility() ? check : document.getElementById("btn-call");
  if (button && button.checkVisibility()) button.click();
  return false;
}"""


def check_or_call_until(page: Page, done: str, *, timeout_ms: int = 60_000) -> None:
    """Check or call at every turn until ``done`` (a selector) is on the page; never once it is."""
    for _ in range(timeout_ms // 100):
        show_when_asked(page)
        if page.evaluate(_CHECK_OR_CALL_UNLESS, done):
            return
        page.wait_for_timeout(100)
    raise AssertionError(f"{done} never appeared")
