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

if TYPE_CHECKING:
    from playwright.sync_api import Browser

CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run",
]

needs_chromium = pytest.mark.skipif(
    shutil.which(CHROMIUM) is None and not os.environ.get("CI"),
    reason="needs Debian's chromium (apt-get install -y chromium)",
)


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    """One Chromium for the tests of a module."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, timeout=30_000)
        yield b
        b.close()
