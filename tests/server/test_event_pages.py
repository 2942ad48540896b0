"""The tournament pages' words and markup: every status, move and ante they can show has its
words in every catalog and is served to the pages; no inline script."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from pokerdealer.i18n import CATALOGS
from pokerdealer.rules import AnteType
from pokerdealer.server.event_views import STATUSES
from pokerdealer.server.words import page_catalog
from tests.server.test_i18n import _page_keys

STATIC = Path(__file__).parents[2] / "src" / "pokerdealer" / "server" / "static"
PAGES = ("event.html", "standings.html")
MOVE_REASONS = ("balance", "break", "final_table")  # Move.reason


@pytest.mark.parametrize("lang", list(CATALOGS))
def test_every_status_move_and_ante_the_pages_build_a_key_for_has_words(lang: str) -> None:
    catalog = CATALOGS[lang]
    keys = [f"event.status.{s}" for s in STATUSES] + [f"event.move.{r}" for r in MOVE_REASONS]
    keys += [f"event.ante.{a.value}" for a in AnteType]
    assert [k for k in keys if k not in catalog] == []


@pytest.mark.parametrize("lang", ["zh-Hant", "zh-Hans"])
def test_the_tournament_words_use_the_seed_terms(lang: str) -> None:
    c = CATALOGS[lang]
    tournament, pool = ("錦標賽", "獎池") if lang == "zh-Hant" else ("锦标赛", "奖池")
    assert c["event.title"] == tournament and c["event.stat.prize_pool"] == pool
    assert c["event.ante.big_blind"].startswith("大盲前注") and c["event.col.ante"] == "前注"
    assert c["event.structure.title"] == ("盲注結構" if lang == "zh-Hant" else "盲注结构")


@pytest.mark.parametrize("page", PAGES)
def test_the_tournament_pages_have_no_inline_script_or_handler(page: str) -> None:
    html = (STATIC / page).read_text(encoding="utf-8")
    scripts = re.findall(r"<script([^>]*)>(.*?)</script>", html, flags=re.S)
    assert scripts and all('src="/static/' in attrs and not body.strip() for attrs, body in scripts)
    assert not re.search(r"\son[a-z]+=", html)


@pytest.mark.parametrize("script", ["event.js", "standings.js", "event_common.js"])
def test_the_tournament_scripts_put_text_in_the_page_only_as_text(script: str) -> None:
    js = (STATIC / script).read_text(encoding="utf-8")
    assert "innerHTML" not in js and "insertAdjacentHTML" not in js and "document.write" not in js


@pytest.mark.parametrize("lang", list(CATALOGS))
def test_every_key_the_pages_use_is_served_to_the_pages(lang: str) -> None:
    """In the catalog is not enough: /api/i18n sends the page prefixes only."""
    served = page_catalog(lang)
    keys = _page_keys() | {f"event.status.{s}" for s in STATUSES} | {f"event.move.{r}" for r in MOVE_REASONS}
    assert sorted(keys - set(served)) == []
