"""Where each rule a drill teaches is written: its Poker TDA 2026 rule and the
beginners' detail of the seed article, in one table.

A drill's explanation ends with :func:`cite` of the rules it used. Numbers
follow the TDA 2026 numbering (RULES.md §0.1's crosswalk); a beginners' detail
is one of the six "新手最容易弄错的细节" the ``/rules`` page lists. A rule the
TDA does not cover (short deck, no-limit's all-in, cash games) cites nothing
it does not have. Kept in one place so the drills can cite from the room's
one citation table once it exists.

>>> print(cite("en", "min_raise"))
(TDA 2026 45-A; beginners' detail 3)
>>> cite("zh-Hant", "side_pots", "odd_chips")
'（TDA 2026 23, 21-A；新手細節第4條）'
>>> cite("en", "short_deck")
''
"""

from __future__ import annotations

from pokerdealer.i18n import message

__all__ = ["DRILL_CITES", "cite", "with_cite"]

#: A rule a drill teaches -> (its TDA 2026 number or "", its beginners' detail or 0).
DRILL_CITES: dict[str, tuple[str, int]] = {
    "action_order": ("", 1),
    "heads_up": ("36-C", 1),
    "act_in_turn": ("", 1),
    "check": ("", 2),
    "min_raise": ("45-A", 3),
    "reopen": ("49-A", 3),
    "side_pots": ("23", 4),
    "kickers": ("", 5),
    "best_five": ("", 5),
    "play_the_board": ("20", 5),
    "show_order": ("18-A", 6),
    "protect_hand": ("14-B, 67", 6),
    "pot_limit": ("56", 0),
    "fixed_limit": ("", 0),
    "fixed_limit_cap": ("50", 0),
    "no_limit": ("", 0),
    "odd_chips": ("21-A", 0),
    "dead_button": ("34", 0),
    "hand_rankings": ("", 0),
    "short_deck": ("", 0),
    "folded_cards": ("", 0),
    "cash_game": ("", 0),
    "tournament": ("", 0),
}


def cite(lang: str, *rules: str) -> str:
    """``(TDA 2026 …; beginners' detail N)`` for ``rules``, or ``""`` when none has a number."""
    tda: list[str] = []
    details: list[int] = []
    for rule in rules:
        number, detail = DRILL_CITES[rule]
        if number and number not in tda:
            tda.append(number)
        if detail and detail not in details:
            details.append(detail)
    parts = []
    if tda:
        parts.append(message(lang, "quiz.cite.tda", numbers=", ".join(tda)))
    parts.extend(message(lang, "quiz.cite.detail", n=n) for n in details)
    if not parts:
        return ""
    return message(lang, "quiz.cite", parts=message(lang, "quiz.cite.sep").join(parts))


def with_cite(text: str, lang: str, *rules: str) -> str:
    """``text`` followed by the citation of ``rules`` (nothing when they have none).

    >>> with_cite("A raise adds at least 4.", "en", "min_raise")
    "A raise adds at least 4. (TDA 2026 45-A; beginners' detail 3)"
    """
    said = cite(lang, *rules)
    return text + message(lang, "quiz.sentence_sep") + said if said else text
