"""Finding cards in any text a reader receives, in every common spelling.

A card is found wherever it is written as a rank and a suit: ``As``, ``AS``,
``as``, ``A♠``, ``10s``, alone or glued to other cards (``AsKd``, PHH's
``AsKd2c``), between any characters that are not letters or digits (JSON
quotes, spaces, brackets, HTML tags). JSON ``\\u2660`` escapes and HTML
entities are decoded first. What counts as a rank and a suit is the card
reader's own rule (:func:`pokerdealer.cards.parse_card`).

>>> sorted(cards_named('{"deck": "AsKd 10h", "x": "a\\\\u2660", "y": "<b>AS&nbsp;</b>"}').elements())
['As', 'As', 'As', 'Kd', 'Th']

A card inside a longer word or number is not a card (``Ask``, ``a2c``, ``x9d``):

>>> cards_named("Ask for a2c and x9d") == Counter()
True
"""

from __future__ import annotations

import html
import re
from collections import Counter

from pokerdealer.cards import parse_card

__all__ = ["cards_named"]

_RANK = r"(?:10|[2-9tjqka])"
_SUIT = r"[cdhs♣♦♥♠♧♢♡♤]"
_CARD = re.compile(_RANK + _SUIT, re.IGNORECASE)
# A run of glued cards, not part of a longer word or number.
_RUN = re.compile(rf"(?<![0-9A-Za-z])(?:{_RANK}{_SUIT})+(?![0-9A-Za-z])", re.IGNORECASE)
_JSON_ESCAPE = re.compile(r"\\u([0-9a-fA-F]{4})")


def _decoded(text: str) -> str:
    """The text with JSON ``\\uXXXX`` escapes and HTML entities decoded."""
    return html.unescape(_JSON_ESCAPE.sub(lambda m: chr(int(m.group(1), 16)), text))


def cards_named(text: str) -> Counter[str]:
    """Every card written in ``text``, as canonical names (``As``), with how often."""
    found: Counter[str] = Counter()
    for run in _RUN.finditer(_decoded(text)):
        for token in _CARD.finditer(run.group(0)):
            found[str(parse_card(token.group(0)))] += 1
    return found
