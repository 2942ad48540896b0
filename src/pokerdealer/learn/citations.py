"""The rules we cite, in one table: the coach, the drills and the ``/rules`` page
all cite from :data:`CITATIONS`, and every citation names its edition.

A topic is a rule we teach; the coach's and the page's are the anchors of
their rules on ``/rules`` (``/rules#reopen``). Each cites the Poker TDA Rules,
2026 edition (v1.1, 21 Sept 2026; the edition seed 004 is written against),
with the 2024 number where the renumbering moved it (2024 Rules 12-20 became
13-21 and 21 onwards moved by two; docs/rules.md#sources), and the beginners' detail
it answers: the six details seed 003 lists as the ones beginners most often
get wrong, shown as a numbered list on ``/rules#details`` and ``/learn``
(catalog ``rules.details.1`` to ``rules.details.6``). A topic no TDA rule
covers cites no number rather than a wrong one, and a user never reads a file
name: no "seed 003", no "docs/rules.md".

>>> cite("en", "reopen")
"TDA 2026 49-A; beginners' detail 3"
>>> cite("zh-Hant", "side-pots", "odd-chips")
'TDA 2026 23, 21-A；新手細節第4條'
>>> cite("zh-Hans", "min-raise", long=True)
'TDA 2026 45-A（2024 年版为 43-A）；新手细节第3条'
>>> cite("en", "check"), cite("en", "short-deck")
("beginners' detail 2", '')
"""

from __future__ import annotations

from dataclasses import dataclass

from pokerdealer.i18n import message

__all__ = ["BEGINNERS_DETAILS", "CITATIONS", "EDITION", "Citation", "cite", "page_citations"]

#: The TDA edition every TDA number here is from.
EDITION = "2026"

#: How many beginners' details there are (seed 003, section 8): ``rules.details.1``..
BEGINNERS_DETAILS = 6


@dataclass(frozen=True)
class Citation:
    """Where a rule is written: its TDA 2026 rule(s) (``""``: no TDA rule says
    it), the TDA 2024 number(s) where they differ, and its beginners' detail (0: none).

    >>> Citation("49-A", "47-A", 3).detail
    3
    """

    tda: str = ""
    tda_2024: str = ""
    detail: int = 0


#: Topic -> where it is written. Checked against the 2026 numbers docs/rules.md#sources
#: collects and seed 004 cites (14-A/B, 15, 17, 18-A/B, 20, 67).
CITATIONS: dict[str, Citation] = {
    # Betting: the coach's and /rules' topics, then the drills' own.
    "action-order": Citation(detail=1),  # no TDA rule states the order of action
    # The button is the small blind, first preflop, last after: 2024 34-B; the 2026 letter
    # comes from a secondary source that read the 2026 text (not readable here).
    "heads-up": Citation("36-C", "34-B", 1),
    "act-in-turn": Citation("52-A", "50-A", 1),  # act in turn; an action in turn binds
    # A bet is said or pushed, whichever first (42-A); an action in turn binds (52-A).
    "binding": Citation("42-A, 52-A", "40-A, 50-A"),
    "check": Citation(detail=2),  # no TDA rule: a check is not a fold (seeds 001, 003)
    "min-raise": Citation("45-A", "43-A", 3),
    "reopen": Citation("49-A", "47-A", 3),
    # No raise when calling takes every chip: the engine's rule (docs/rules.md#all-in-run-outs).
    "all-in": Citation(),
    "no-limit": Citation(),
    "pot-limit": Citation("56", "54"),
    "fixed-limit": Citation("50", "48"),  # the /rules section: sizes and the cap
    "fixed-limit-bets": Citation(),  # one bet size a street: no TDA rule
    # TDA 2026 50 keeps a cap in limit, even heads-up until two players are left in the event;
    # how many raises is the house's ("the house limit applies").
    "fixed-limit-cap": Citation("50", "48"),
    "dead-button": Citation("34", "32"),
    # Pots and the showdown.
    "side-pots": Citation("23", "21", 4),
    "odd-chips": Citation("21-A", "20-A"),
    # How hands compare (rankings, kickers) is no TDA rule: TDA 2026 13 is "cards speak" (the
    # dealer reads the tabled hands; what a player says does not bind), not the order.
    "kickers": Citation(detail=5),
    "best-five": Citation(detail=5),
    "hand-rankings": Citation(),
    "short-deck": Citation(),
    "show-order": Citation("18-A", "17-A", 6),
    "show-to-win": Citation("14-A", "13-A"),
    "all-in-showdown": Citation("17", "16"),
    "uncontested": Citation("18-B", "17-B"),
    "board-plays": Citation("20", "19", 5),
    "protect-hand": Citation("14-B, 67", "13-B, 65", 6),
    "folded-cards": Citation("69", "67"),  # no disclosure: nobody discusses a live or mucked hand
    # The game around the table.
    "cash-game": Citation(),
    "tournament": Citation(),
    "house-rules": Citation(),  # the TDA's scope: tournaments that adopt its rules
    "glossary": Citation(),
    "burn-card": Citation("40", "38"),  # one card burned per street, to protect the deck
    "self-limits": Citation(),
}


def cite(lang: str, *topics: str, long: bool = False) -> str:
    """Where ``topics`` are written, in ``lang``: ``TDA 2026 49-A; beginners'
    detail 3`` (numbers and details in the topics' order, each once); ``long``
    adds the 2024 numbers where they differ (``/rules``). ``""`` when none of
    the topics cites anything."""
    numbers: list[str] = []
    details: list[int] = []
    for topic in topics:
        citation = CITATIONS[topic]
        if citation.tda and citation.tda not in numbers:
            numbers.append(citation.tda)
            if long and citation.tda_2024:
                numbers[-1] += message(lang, "quiz.cite.tda_2024", numbers=citation.tda_2024)
        if citation.detail and citation.detail not in details:
            details.append(citation.detail)
    parts = [message(lang, "quiz.cite.tda", edition=EDITION, numbers=", ".join(numbers))] if numbers else []
    parts.extend(message(lang, "quiz.cite.detail", n=n) for n in details)
    return message(lang, "quiz.cite.sep").join(parts)


def page_citations(lang: str) -> dict[str, str]:
    """Every topic's long citation in ``lang`` as the pages read it, by the key
    ``rules.<topic>.cite`` (``/rules`` shows each beside its rule's title).

    >>> page_citations("en")["rules.side-pots.cite"]
    "TDA 2026 23 (2024: 21); beginners' detail 4"
    """
    return {f"rules.{topic}.cite": cite(lang, topic, long=True) for topic in CITATIONS}
