"""Every rule a regular or loose bot can give as its reason is said in every
language the room speaks (the table page's "why did the bot do that?" panel
reads ``room.why.rule.<rule>``; a missing one would show the bare key)."""

from __future__ import annotations

import re
from pathlib import Path

import pokerdealer.bots.sensible as sensible
from pokerdealer.i18n import CATALOGS


def _rules() -> set[str]:
    """The rule names the bots' decisions carry: ``self.thought(view, spot, action, "rule", ...)``."""
    source = Path(sensible.__file__).read_text(encoding="utf-8")
    return set(re.findall(r"self\.thought\(\s*view,\s*spot,\s*.+?,\s*\"(\w+)\"", source))


def test_every_rule_a_bot_gives_is_said_in_every_language() -> None:
    rules = _rules()
    assert {"open", "call_odds", "fold_odds", "limp", "value_bet"} <= rules  # the parse found them
    for lang, catalog in CATALOGS.items():
        assert sorted(r for r in rules if f"room.why.rule.{r}" not in catalog) == [], lang
