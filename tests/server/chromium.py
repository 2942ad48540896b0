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
from typing import TYPE_CHECKING, Any, cast

import pytest

from tests.patience import stretch

if TYPE_CHECKING:
    from playwright.sync_api import Browser, BrowserContext, Page

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
    """One Chromium for the tests of a module, lending its contexts (:class:`LendingBrowser`)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, timeout=round(30_000 * stretch()))
        expect.set_options(timeout=round(EXPECT_TIMEOUT_MS * stretch()))
        yield cast("Browser", LendingBrowser(b))  # a Browser to every test, but for new_context
        b.close()


PLAYWRIGHT_DEFAULT_TIMEOUT_MS = 30_000
"""Playwright's own default wait, put back on a lent context whose test changed it."""

# What a test may change on a context or page that a later test must not inherit and that cannot be
# put back: such a context (page) is closed at the end of the test, as before. (``once`` too: a
# handler left unfired, e.g. a dialog's, would answer for the next test.)
_CONTEXT_FOR_GOOD = (
    "add_cookies", "add_init_script", "expose_binding", "expose_function", "grant_permissions", "once",
    "route", "route_from_har", "route_web_socket", "set_default_navigation_timeout", "set_extra_http_headers",
    "set_geolocation", "set_offline", "set_storage_state",
)
_PAGE_FOR_GOOD = (
    "add_init_script", "emulate_media", "expose_binding", "expose_function", "go_back", "go_forward", "once",
    "route", "route_from_har", "route_web_socket", "set_default_navigation_timeout", "set_default_timeout",
    "set_extra_http_headers", "set_viewport_size",
)
_PAGE_EVENTS_FOR_GOOD = ("dialog", "filechooser")  # a handler there changes what the page does


def _origin(url: str) -> str | None:
    """``http://127.0.0.1:8123`` of a page's address (None for about:blank, data: ...).

    >>> _origin("http://127.0.0.1:8123/t/abc#host=x"), _origin("about:blank")
    ('http://127.0.0.1:8123', None)
    """
    from urllib.parse import urlsplit

    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}" if parts.scheme in ("http", "https") else None


class LendingBrowser:
    """The module's Chromium as its tests see it, but ``new_context`` lends a context: one a test
    closes goes back to the next test asking for one with the same options (and init scripts).

    A new context and its first page cost about 1 s of CPU more than a page kept open (Chromium
    starts a renderer and loads the room's scripts, fonts and words afresh: 1.9-2.0 s against
    0.9-1.1 s for a lobby and a table page, load 10-18); a module's tests make one or more each.
    Returned, a context keeps one page (the renderer stays warm), its session storage cleared and
    moved to about:blank, the rest closed, the handlers the test added removed; lent again, its
    cookies and the local storage, IndexedDB and caches of every origin its pages visited are
    cleared first (CDP Storage.clearDataForOrigin): the next test finds what a new context has. A
    context or page the test changed in a way that cannot be put back (a route, a dialog handler,
    an init script added after its first page ...) is closed instead, as is one whose emptying
    fails, and the least recently returned beyond :data:`IDLE_CONTEXTS`.
    """

    IDLE_CONTEXTS = 8
    """Contexts kept for later tests at most (each keeps a renderer, some 60 MB)."""

    def __init__(self, browser: Browser) -> None:
        self._browser = browser
        self._idle: list[tuple[BrowserContext, _Lent]] = []  # least recently returned first

    def __getattr__(self, name: str) -> Any:  # noqa: ANN401 - everything else is the Browser's
        return getattr(self._browser, name)

    def new_context(self, **options: Any) -> BrowserContext:  # noqa: ANN401 - Playwright's options
        return cast("BrowserContext", _LazyContext(self, options))

    def _lend(self, options: dict[str, Any], scripts: list[str]) -> BrowserContext:
        """A context made with ``options`` whose every page runs ``scripts`` first: an idle one, or new."""
        key = repr((sorted(options.items()), scripts))
        for k in range(len(self._idle) - 1, -1, -1):
            context, lent = self._idle[k]
            if lent.key == key:
                del self._idle[k]
                try:
                    _clear_storage(context, lent)
                except Exception:  # noqa: BLE001 - then a new one, as before
                    _close(lent)
                    break
                lent.lent = True
                return context
        context = self._browser.new_context(**options)
        for script in scripts:
            context.add_init_script(script)
        self._watch(context, _Lent(key, context.close))
        return context

    # ---------------------------------------------------------------- watching what a test changes
    def _watch(self, context: BrowserContext, lent: _Lent) -> None:
        real_new_page, real_on = context.new_page, cast(Any, context.on)
        real_set_default_timeout = context.set_default_timeout
        _changes_for_good(context, _CONTEXT_FOR_GOOD, lent)

        def on(event: str, handler: Any) -> None:  # noqa: ANN401
            lent.listeners.append((event, handler))
            real_on(event, handler)

        def set_default_timeout(timeout: float) -> None:
            lent.timeout_set = True
            real_set_default_timeout(timeout)

        def new_page() -> Page:
            if lent.keeper is not None and not lent.keeper.is_closed():
                page, lent.keeper = lent.keeper, None
                return page
            page = real_new_page()
            lent.pages[id(page)] = self._watch_page(page, lent)
            return page

        def close(**kwargs: Any) -> None:  # noqa: ANN401
            if lent.lent:
                lent.lent = False
                self._give_back(context, lent)

        for name, replacement in (("on", on), ("set_default_timeout", set_default_timeout), ("new_page", new_page), ("close", close)):
            setattr(context, name, replacement)
        # Pages opened otherwise (a popup) are seen too: their origins are cleared, they are never kept.
        # (The Page class's own ``on``: a lent page's is the test's, whose handlers are removed.)
        real_on("page", lambda page: type(page).on(page, "framenavigated", lambda frame: _visited(frame, lent, None)))

    def _watch_page(self, page: Page, lent: _Lent) -> _PageState:
        state = _PageState()
        _changes_for_good(page, _PAGE_FOR_GOOD, state)
        real_on = cast(Any, page.on)

        def on(event: str, handler: Any) -> None:  # noqa: ANN401
            if event in _PAGE_EVENTS_FOR_GOOD:
                state.for_good = True
            state.listeners.append((event, handler))
            real_on(event, handler)

        setattr(page, "on", on)  # noqa: B010 - on the instance, the class's own stays
        real_on("framenavigated", lambda frame: _visited(frame, lent, state))
        return state

    # ---------------------------------------------------------------- giving a context back
    def _give_back(self, context: BrowserContext, lent: _Lent) -> None:
        try:
            lent.keeper = _empty(context, lent)
        except Exception:  # noqa: BLE001 - a context that cannot be emptied is closed, as before
            lent.keeper = None
        if lent.keeper is None:
            _close(lent)
            return
        self._idle.append((context, lent))
        while len(self._idle) > self.IDLE_CONTEXTS:
            _close(self._idle.pop(0)[1])


class _Lent:
    """What the pool knows of one context: who changed what, and where its pages have been."""

    def __init__(self, key: str, close: Any) -> None:  # noqa: ANN401 - the context's own close
        self.key = key
        self.close = close
        self.lent = True
        self.for_good = False  # changed beyond putting back: closed when returned
        self.timeout_set = False
        self.listeners: list[tuple[str, Any]] = []
        self.origins: set[str] = set()  # every origin any of its pages went to (its storage is cleared)
        self.pages: dict[int, _PageState] = {}  # the pages made by new_page (only they are kept)
        self.keeper: Page | None = None  # the page kept open for the next test, at about:blank
        self.cdp: Any = None  # a CDP session on the keeper, to clear storage


class _PageState:
    def __init__(self) -> None:
        self.for_good = False
        self.origins: set[str] = set()
        self.listeners: list[tuple[str, Any]] = []


def _empty(context: BrowserContext, lent: _Lent) -> Page | None:
    """Close all of ``context`` but one page, left at about:blank: that page, or None (close it all)."""
    if lent.for_good:
        return None
    pages = [p for p in context.pages if not p.is_closed()]
    keeper = next((p for p in pages if _keepable(p, lent)), None)
    if keeper is None:
        return None
    for page in pages:
        if page is not keeper:
            page.close()
            lent.pages.pop(id(page), None)
    state = lent.pages[id(keeper)]
    if _origin(keeper.url) is not None:  # session storage lives in the tab: cleared where the tab is
        keeper.evaluate("() => sessionStorage.clear()")
    for event, handler in state.listeners:
        _forget(keeper, event, handler)
    state.listeners.clear()
    keeper.goto("about:blank")
    state.origins.clear()
    for event, handler in lent.listeners:
        _forget(context, event, handler)
    lent.listeners.clear()
    return keeper


def _clear_storage(context: BrowserContext, lent: _Lent) -> None:
    """What a new context has: no cookies, no stored data at any origin its pages went to."""
    if lent.keeper is None or lent.keeper.is_closed():
        raise RuntimeError("no page kept")
    if lent.origins:
        if lent.cdp is None:
            lent.cdp = context.new_cdp_session(lent.keeper)
        for origin in sorted(lent.origins):
            lent.cdp.send("Storage.clearDataForOrigin", {"origin": origin, "storageTypes": "all"})
        lent.origins.clear()
    context.clear_cookies()
    if lent.timeout_set:
        context.set_default_timeout(PLAYWRIGHT_DEFAULT_TIMEOUT_MS)
        lent.timeout_set = False


def _close(lent: _Lent) -> None:
    try:
        lent.close()
    except Exception:  # noqa: BLE001 - already gone with its browser
        pass


class _LazyContext:
    """The context a test asked for, made (or lent) when first used: the init scripts the test adds
    before its first page (a language, a token in local storage) are then part of what is lent."""

    def __init__(self, lender: LendingBrowser, options: dict[str, Any]) -> None:
        self._lender = lender
        self._options = options
        self._scripts: list[str] = []
        self._timeout: float | None = None
        self._context: BrowserContext | None = None

    def add_init_script(self, script: str | None = None, path: str | None = None) -> None:
        if self._context is not None or script is None or path is not None:
            self._made().add_init_script(script=script, path=path)
        else:
            self._scripts.append(script)

    def set_default_timeout(self, timeout: float) -> None:
        if self._context is None:
            self._timeout = timeout
        else:
            self._context.set_default_timeout(timeout)

    def close(self, **kwargs: Any) -> None:  # noqa: ANN401
        if self._context is not None:
            self._context.close(**kwargs)

    def _made(self) -> BrowserContext:
        if self._context is None:
            self._context = self._lender._lend(self._options, self._scripts)
            if self._timeout is not None:
                self._context.set_default_timeout(self._timeout)
        return self._context

    def __getattr__(self, name: str) -> Any:  # noqa: ANN401 - the rest is the context's
        return getattr(self._made(), name)


def _keepable(page: Page, lent: _Lent) -> bool:
    """A page made by new_page, unchanged, whose tab's session storage is all where it is now."""
    state = lent.pages.get(id(page))
    if state is None or state.for_good:
        return False
    here = _origin(page.url)
    return state.origins <= ({here} if here else set())


def _visited(frame: Any, lent: _Lent, state: _PageState | None) -> None:  # noqa: ANN401 - a Frame
    if frame.parent_frame is None:
        origin = _origin(frame.url)
        if origin is not None:
            lent.origins.add(origin)
            if state is not None:
                state.origins.add(origin)


def _changes_for_good(target: Any, names: tuple[str, ...], state: Any) -> None:  # noqa: ANN401
    """Mark ``state`` changed for good when the test calls any of ``names`` on ``target``."""
    import functools

    for name in names:
        real = getattr(target, name, None)
        if real is None:
            continue

        @functools.wraps(real)
        def marked(*args: Any, _real: Any = real, **kwargs: Any) -> Any:  # noqa: ANN401
            state.for_good = True
            return _real(*args, **kwargs)

        setattr(target, name, marked)


def _forget(target: Any, event: str, handler: Any) -> None:  # noqa: ANN401
    try:
        target.remove_listener(event, handler)
    except Exception:  # noqa: BLE001 - the test removed it already
        pass


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
