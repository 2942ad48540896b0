"""The lobby's "create a tournament" form offers exactly the presets the event knows, and
has no inline script (its words are checked with every page's in test_i18n)."""

from __future__ import annotations

import re
from pathlib import Path

from pokerdealer.table import HandForHandBusts
from pokerdealer.table.payouts import PAYOUT_PRESETS
from pokerdealer.table.structures import STRUCTURE_PRESETS

STATIC = Path(__file__).parents[2] / "src" / "pokerdealer" / "server" / "static"


def _options(select_id: str) -> list[tuple[str, str]]:
    html = (STATIC / "lobby.html").read_text(encoding="utf-8")
    select = re.search(rf'<select[^>]*id="{select_id}"[^>]*>(.*?)</select>', html, flags=re.S)
    assert select, select_id
    return re.findall(r'<option value="([^"]+)" data-i18n="([^"]+)"', select.group(1))




def test_the_lobby_offers_exactly_the_structure_presets_and_custom_levels() -> None:
    assert [v for v, _ in _options("ev-structure")] == [*STRUCTURE_PRESETS, "custom"]


def test_the_lobby_offers_exactly_the_payout_presets_and_custom_percentages() -> None:
    assert [v for v, _ in _options("ev-payouts")] == [*PAYOUT_PRESETS, "custom"]


def test_the_lobby_offers_both_rankings_of_hand_for_hand_busts_the_tie_first() -> None:
    # The first option is the one a new form shows: the TDA's tie, the event's default.
    assert [v for v, _ in _options("ev-hfh-busts")] == list(HandForHandBusts) == ["tie", "chips"]


def test_the_lobby_has_no_inline_script_or_handler() -> None:
    html = (STATIC / "lobby.html").read_text(encoding="utf-8")
    scripts = re.findall(r"<script([^>]*)>(.*?)</script>", html, flags=re.S)
    assert scripts and all('src="/static/' in attrs and not body.strip() for attrs, body in scripts)
    assert not re.search(r"\son[a-z]+=", html)
    assert "innerHTML" not in (STATIC / "lobby_event.js").read_text(encoding="utf-8")
