"""The documentation site builds from the repository (mkdocs.yml, docs/), and
the README stays a short first screen that points into it."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LANGUAGES = ("zh-Hant", "zh-Hans")


def test_the_site_builds_strictly(tmp_path: Path) -> None:
    """``mkdocs build --strict``: a broken link or anchor, a page left out of the
    navigation, or a docstring the API reference cannot render fails it."""
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    result = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(tmp_path / "site")],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=300,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    site = tmp_path / "site"
    assert (site / "api" / "rules" / "index.html").read_text().count('id="pokerdealer.rules.Hand"') == 1
    for lang in LANGUAGES:  # the Chinese pages, and English where a page has no translation
        assert (site / lang / "room" / "play" / "index.html").is_file()
        assert (site / lang / "cli" / "index.html").is_file()


def test_every_player_facing_page_is_in_both_chinese_scripts() -> None:
    pages = ["index", "getting-started", "room/play", "room/host", "room/learn", "room/deck-proof"]
    missing = [f"docs/{p}.{lang}.md" for p in pages for lang in LANGUAGES if not (ROOT / "docs" / f"{p}.{lang}.md").is_file()]
    assert not missing, missing


def test_the_readme_is_a_short_first_screen() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    lines = readme.splitlines()
    assert len(lines) <= 120, f"README.md has {len(lines)} lines: move the detail into docs/"
    first_screen = "\n".join(lines[:40])
    assert "## Quick start" in first_screen and "uv run --no-dev pokerdealer serve" in first_screen
    assert "](docs/index.md)" in first_screen  # where to go next
    assert "|" not in readme.replace("||", ""), "no tables in the README: figures belong in docs/benchmarks.md"


def test_the_readme_links_into_pages_that_exist() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    targets = re.findall(r"\]\((docs/[^)#]+)(?:#[^)]*)?\)", readme)
    assert len(targets) >= 10
    missing = [t for t in targets if not (ROOT / t).is_file()]
    assert not missing, missing


def test_the_chinese_getting_started_pages_link_to_the_cli_library_rules_and_development_pages() -> None:
    # They stopped at the room's pages: a reader of Chinese never learned the other pages exist.
    for lang in LANGUAGES:
        page = (ROOT / "docs" / f"getting-started.{lang}.md").read_text(encoding="utf-8")
        linked = set(re.findall(r"\]\(([a-z-]+\.md)\)", page))
        assert {"cli.md", "library.md", "rules.md", "development.md"} <= linked, (lang, sorted(linked))


def test_the_library_page_names_every_built_in_bot() -> None:
    from pokerdealer.bots import bot_names

    page = (ROOT / "docs" / "library.md").read_text(encoding="utf-8")
    missing = [name for name in bot_names() if f"`{name}`" not in page]
    assert not missing, missing


def test_every_getting_started_page_says_what_a_first_run_writes() -> None:
    # The room's database and the evaluator's 43 MB of tables: the Chinese pages did not say.
    for suffix in ("", *(f".{lang}" for lang in LANGUAGES)):
        page = (ROOT / "docs" / f"getting-started{suffix}.md").read_text(encoding="utf-8")
        for said in ("./pokerdealer.db", "~/.cache/pokerdealer", "POKERDEALER_CACHE", "43 MB"):
            assert said in page, (suffix, said)
