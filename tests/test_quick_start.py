"""The README's quick start stays light: serving installs the runtime dependencies only."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TEST_STACK = {"pytest", "playwright", "ray", "pyarrow", "pokerkit", "pygame", "matplotlib", "httpx"}


def _quick_start() -> list[str]:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    block = readme.split("## Quick start", 1)[1].split("```sh", 1)[1].split("```", 1)[0]
    return [line.strip() for line in block.strip().splitlines()]


def test_the_quick_start_serves_without_the_dev_group_and_tests_with_it():
    assert _quick_start() == ["uv run --no-dev pokerdealer serve", "uv run pytest"]


def test_no_test_only_package_is_a_runtime_dependency():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    names = {re.split(r"[\[<>=!~ ]", dep, maxsplit=1)[0].lower() for dep in project["dependencies"]}
    assert names.isdisjoint(TEST_STACK)
