"""A drill's explanation ends with where its rules are written, in brackets:
``(TDA 2026 45-A; beginners' detail 3)``, from the one table of citations
(:data:`pokerdealer.learn.citations.CITATIONS`). A drill names its rules as
Python names (``min_raise``); they are the table's topics (``min-raise``).

>>> print(cite("en", "min_raise"))
(TDA 2026 45-A; beginners' detail 3)
>>> cite("zh-Hant", "side_pots", "odd_chips")
'（TDA 2026 23, 21-A；新手細節第4條）'
>>> cite("en", "short_deck")
''
"""

from __future__ import annotations

from pokerdealer.i18n import message
from pokerdealer.learn import citations

__all__ = ["cite", "with_cite"]


def cite(lang: str, *rules: str) -> str:
    """``(TDA 2026 …; beginners' detail N)`` for ``rules``, or ``""`` when none has a number."""
    said = citations.cite(lang, *(rule.replace("_", "-") for rule in rules))
    return message(lang, "quiz.cite", parts=said) if said else ""


def with_cite(text: str, lang: str, *rules: str) -> str:
    """``text`` followed by the citation of ``rules`` (nothing when they have none).

    >>> with_cite("A raise adds at least 4.", "en", "min_raise")
    "A raise adds at least 4. (TDA 2026 45-A; beginners' detail 3)"
    """
    said = cite(lang, *rules)
    return text + message(lang, "quiz.sentence_sep") + said if said else text
