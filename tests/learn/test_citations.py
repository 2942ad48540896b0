"""One table of citations: every rule a user reads is cited with its edition
("TDA 2026 49-A"), never by a file they do not have ("RULES.md §5.2", "seed
001"); "beginners' detail N" points to the numbered list the pages show."""

from __future__ import annotations

import re

import pytest

from pokerdealer.i18n import CATALOGS, LANGUAGES, message
from pokerdealer.learn import drills
from pokerdealer.learn.citations import BEGINNERS_DETAILS, CITATIONS, EDITION, cite, page_citations

#: What no text a user reads may say: a file of ours, a section sign, a TDA
#: number without its edition (in English or Chinese: "TDA 23", "TDA 第23条").
FORBIDDEN = (
    re.compile(r"RULES\.md"),
    re.compile(r"seeds? 0\d\d", re.IGNORECASE),
    re.compile(r"种子文章|種子文章|seed articles?", re.IGNORECASE),
    re.compile(r"§"),
    re.compile(rf"TDA(?!\s+{EDITION}\b)\s*(?:第\s*)?\d"),
)


def _bad(text: str) -> list[str]:
    return [pattern.pattern for pattern in FORBIDDEN if pattern.search(text)]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_catalog_string_cites_a_file_or_a_tda_number_without_its_edition(lang: str) -> None:
    found = {key: _bad(text) for key, text in CATALOGS[lang].items() if _bad(text)}
    assert not found


def test_the_check_catches_what_the_catalogs_said_before() -> None:
    for said in ("(seeds 001 and 003; RULES.md §5.2)", "(TDA 23)", "（TDA 第45条A）", "seed 001", "种子文章"):
        assert _bad(said), said
    assert not _bad("TDA 2026 49-A") and not _bad("(2024: 47-A)") and not _bad("seed {seed}")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_drill_explanation_cites_with_the_edition(lang: str) -> None:
    questions = drills("all", count=60, seed=5, lang=lang)
    for q in questions:
        assert not _bad(q.explanation) and not _bad(q.prompt), q.explanation
    assert any(f"TDA {EDITION} " in q.explanation for q in questions)
    detail = message(lang, "quiz.cite.detail", n=4)
    assert all(detail in q.explanation for q in questions if q.topic == "side_pots")


def _renumbered(rules_2024: str) -> str:
    """The 2026 numbers of 2024 rules (RULES.md §0.1): 12-20 moved up one, 21 on up two."""
    out = []
    for rule in rules_2024.split(", "):
        number, _, letter = rule.partition("-")
        n = int(number)
        new = n + 1 if 12 <= n <= 20 else n + 2 if n >= 21 else n
        out.append(f"{new}-{letter}" if letter else str(new))
    return ", ".join(out)


def test_every_tda_2026_number_is_its_2024_number_renumbered() -> None:
    for topic, citation in CITATIONS.items():
        if not citation.tda:
            assert not citation.tda_2024, topic
            continue
        assert citation.tda_2024, f"{topic}: every rule cited was renumbered in 2026"
        expected = _renumbered(citation.tda_2024)
        if topic == "heads-up":
            expected = "36-C"  # 2024 34-B (heads-up button) is 36-C in 2026: a paragraph was added
        assert citation.tda == expected, topic


def test_the_citations_name_the_edition_and_the_details_are_the_six_of_the_list() -> None:
    assert cite("en", "side-pots") == "TDA 2026 23; beginners' detail 4"
    assert cite("zh-Hant", "side-pots", long=True) == "TDA 2026 23（2024 年版為 21）；新手細節第4條"
    assert cite("en", "all-in") == ""  # no TDA rule says it: nothing is cited, not a wrong number
    assert {c.detail for c in CITATIONS.values()} - {0} == set(range(1, BEGINNERS_DETAILS + 1))
    for lang in LANGUAGES:
        details = [key for key in CATALOGS[lang] if key.startswith("rules.details.") and key[-1].isdigit()]
        assert sorted(details) == [f"rules.details.{n}" for n in range(1, BEGINNERS_DETAILS + 1)]
        assert all(not _bad(text) for text in page_citations(lang).values())


def test_the_tournament_page_cites_the_tda_with_its_edition() -> None:
    # Issue 38: docs/tournaments.md said "TDA 23" (the 2024 number of the new-level rule, 25 in 2026).
    from pathlib import Path

    page = (Path(__file__).parents[2] / "docs/tournaments.md").read_text(encoding="utf-8")
    assert not re.search(r"TDA(?!\s+20(?:24|26)\b)(?:'s)?\s*(?:\d|RP)", page)
    assert "TDA 2026 25" in page


def test_what_no_tda_rule_says_cites_no_tda_number() -> None:
    # How two hands compare is no TDA rule (TDA 13 is "cards speak"); fixed limit's bet sizes
    # neither; its cap is TDA 50, the number of raises the house's.
    assert CITATIONS["kickers"].tda == "" and CITATIONS["hand-rankings"].tda == ""
    assert CITATIONS["fixed-limit-bets"].tda == "" and CITATIONS["fixed-limit-cap"].tda == "50"
    assert CITATIONS["folded-cards"].tda == "69"  # no disclosure of a live or mucked hand (2024: 67)
    assert CITATIONS["act-in-turn"].tda == "52-A"  # act in turn; an action in turn binds (2024: 50-A)


def test_a_fixed_limit_bet_line_cites_no_number_and_the_cap_line_cites_tda_50() -> None:
    from pokerdealer.cards import deck_cards
    from pokerdealer.learn.coach import coach_lines
    from pokerdealer.rules import Hand, HandConfig, Structure

    hand = Hand(HandConfig(stacks=(200, 200, 200), blinds=(1, 2), structure=Structure.FIXED_LIMIT), deck_cards())
    (raise_line,) = [line for line in coach_lines(hand, hand.actor) if line.key == "coach.raise.fixed"]
    assert raise_line.cite("en") == "Fixed limit"
    for to in (4, 6, 8, 10):
        hand.raise_to(to)
    (capped,) = [line for line in coach_lines(hand, hand.actor) if line.key == "coach.capped"]
    assert capped.cite("en") == "Fixed limit: TDA 2026 50"
    assert "a bet and 4 raises" in capped.body("en") and "house" in capped.body("en")
