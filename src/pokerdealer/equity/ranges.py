"""Hand ranges in the notation players write (PokerStove style).

A range is a comma-separated union of tokens; each token may carry a weight
after a colon (``AKs:0.5`` keeps each AKs combo half the time).

=================  ==========================================================
``AA``, ``72``     a pocket pair; both suited and offsuit combos of two ranks
``AKs``, ``AKo``   suited (4 combos) or offsuit (12 combos) only
``QQ+``            that pair and every higher pair: QQ, KK, AA
``KTo+``           raise the kicker up to one below the top card: KTo KJo KQo
``T9s+``           a connector's kicker cannot rise, so ``+`` walks both cards
                   up together: T9s JTs QJs KQs AKs (likewise ``KQs+`` is KQs
                   AKs, and ``AKs+`` is AKs)
``A5s-A2s``        same top card: every kicker between the two (either order)
``T9s-54s``        same gap: every hand between, both cards stepping together
                   (``J9s-64s`` walks one-gappers)
``TT-77``          every pair between
``AhKh``           one exact combo (any card spelling :func:`parse_cards` reads)
``random``         every one of the 1,326 combos (also ``any``, ``100%``)
``top 15%``        the strongest hand classes, in :data:`PREFLOP_ORDER`, until
                   they hold 15% of the 1,326 combos (also ``15%``); the last
                   class is taken whole, so the range may overshoot by up to
                   one class
=================  ==========================================================

When two tokens give the same combo, the later token's weight wins
(``QQ+, KK:0.5`` plays KK half the time). Weights are numbers from 0 to 1;
a weight of 0 removes the combo.

>>> len(parse_range("QQ+, AKs"))
22
>>> parse_range("T9s+").classes()
('AKs', 'KQs', 'QJs', 'JTs', 'T9s')
>>> parse_range("AKx")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
pokerdealer.equity.errors.RangeParseError: 'AKx' is not a range: expected a hand class like ...
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Union

from pokerdealer.cards import CARDS, RANKS, Card, CardsLike, format_cards, parse_cards
from pokerdealer.equity._preflop_order import PREFLOP_ORDER
from pokerdealer.equity.errors import RangeParseError
from pokerdealer.errors import CardParseError

__all__ = [
    "HAND_CLASSES",
    "PREFLOP_ORDER",
    "Range",
    "RangeLike",
    "class_combos",
    "parse_range",
]

_EXPECTED = (
    "expected a hand class like 'AKs', 'AKo', 'AK' or 'QQ', a plus range like 'QQ+' or "
    "'KTo+', a dash range like 'A5s-A2s', exact cards like 'AhKh', 'random' or a percentage "
    "like 'top 15%'"
)
_RANK = r"[2-9TJQKA]"
_CLASS = rf"({_RANK})({_RANK})([SO]?)"
_CLASS_TOKEN = re.compile(rf"{_CLASS}(\+?)", re.IGNORECASE)
_DASH_TOKEN = re.compile(rf"{_CLASS}\s*-\s*{_CLASS}", re.IGNORECASE)
_PERCENT_TOKEN = re.compile(r"(?:top\s*)?(\d+(?:\.\d*)?|\.\d+)\s*%", re.IGNORECASE)
_CARD = r"(?:10|[2-9TJQKA])[CDHS♣♦♥♠♧♢♡♤]"
_EXACT_TOKEN = re.compile(rf"{_CARD}\s*{_CARD}", re.IGNORECASE)
_RANDOM_WORDS = frozenset({"random", "any", "all"})

#: One hold'em combo as card indices, higher index first.
Combo = tuple[int, int]


def _class_name(high: int, low: int, shape: str) -> str:
    """``AA``, ``AKs`` or ``AKo`` from two rank indices (high >= low) and ``s``/``o``/``''``."""
    if high == low:
        return RANKS[high] * 2
    return RANKS[high] + RANKS[low] + shape


def class_combos(name: str) -> tuple[Combo, ...]:
    """The combos of a hand class (``AA``: 6, ``AKs``: 4, ``AKo``: 12, ``AK``: 16).

    >>> [format_cards(c) for c in class_combos("AKs")]
    ['As Ks', 'Ah Kh', 'Ad Kd', 'Ac Kc']
    """
    match = re.fullmatch(_CLASS, name, re.IGNORECASE)
    if match is None:
        raise RangeParseError(f"{name!r} is not a hand class: {_EXPECTED}", token=name)
    first, second, shape = (
        RANKS.index(match.group(1).upper()),
        RANKS.index(match.group(2).upper()),
        match.group(3).lower(),
    )
    high, low = max(first, second), min(first, second)
    if high == low and shape:
        raise RangeParseError(
            f"{name!r} is not a hand class: a pair is neither suited nor offsuit, write "
            f"{RANKS[high] * 2!r}",
            token=name,
        )
    combos = []
    for a in range(3, -1, -1):
        for b in range(3, -1, -1):
            x, y = high * 4 + a, low * 4 + b
            if x <= y:
                continue
            if high != low and shape == "s" and a != b:
                continue
            if high != low and shape == "o" and a == b:
                continue
            combos.append((x, y))
    return tuple(combos)


def _all_classes() -> tuple[str, ...]:
    names = []
    for high in range(12, -1, -1):
        for low in range(high, -1, -1):
            if high == low:
                names.append(RANKS[high] * 2)
            else:
                names.extend((RANKS[high] + RANKS[low] + "s", RANKS[high] + RANKS[low] + "o"))
    return tuple(names)


#: The 169 hand classes: pairs, suited and offsuit hands, highest cards first.
HAND_CLASSES: tuple[str, ...] = _all_classes()
_ALL_COMBOS: tuple[Combo, ...] = tuple(
    (x, y) for x in range(51, -1, -1) for y in range(x - 1, -1, -1)
)


@dataclass(frozen=True)
class Range:
    """A weighted set of two-card combos, as parsed from ``text``.

    ``combos`` are pairs of :class:`~pokerdealer.cards.Card` (higher card
    first) and ``weights`` their weights, in the same order.

    >>> r = Range.parse("AKs:0.5, AhKh")
    >>> len(r), r.weights[:2]
    (4, (0.5, 1.0))
    """

    text: str
    combos: tuple[tuple[Card, Card], ...]
    weights: tuple[float, ...]

    @classmethod
    def parse(cls, text: str) -> Range:
        """Read a range; see :func:`parse_range`."""
        return parse_range(text)

    @classmethod
    def from_combos(
        cls, combos: Iterable[Combo], weights: Iterable[float] | None = None, *, text: str = ""
    ) -> Range:
        """A range of explicit combos (card index pairs), weight 1 unless given."""
        pairs = [(max(a, b), min(a, b)) for a, b in combos]
        given = [1.0] * len(pairs) if weights is None else [float(w) for w in weights]
        ordered = sorted(zip(pairs, given), key=lambda item: item[0], reverse=True)
        cards = tuple((CARDS[a], CARDS[b]) for (a, b), _ in ordered)
        if not text:
            text = ",".join(format_cards(c).replace(" ", "") for c in cards)
        return cls(text=text, combos=cards, weights=tuple(w for _, w in ordered))

    def indices(self) -> tuple[Combo, ...]:
        """The combos as card index pairs (higher index first)."""
        return tuple((a.index, b.index) for a, b in self.combos)

    def classes(self) -> tuple[str, ...]:
        """The hand classes with at least one combo in the range, in :data:`HAND_CLASSES` order."""
        present = set()
        for a, b in self.combos:
            if a.rank == b.rank:
                present.add(_class_name(a.rank, b.rank, ""))
            else:
                high, low = max(a.rank, b.rank), min(a.rank, b.rank)
                present.add(_class_name(high, low, "s" if a.suit == b.suit else "o"))
        return tuple(name for name in HAND_CLASSES if name in present)

    def without(self, cards: Iterable[Card | int]) -> Range:
        """The range less every combo that uses one of ``cards``."""
        gone = {c if isinstance(c, int) else c.index for c in cards}
        kept = [
            (combo, w)
            for combo, w in zip(self.combos, self.weights)
            if combo[0].index not in gone and combo[1].index not in gone
        ]
        return Range(self.text, tuple(c for c, _ in kept), tuple(w for _, w in kept))

    def __len__(self) -> int:
        return len(self.combos)

    def __str__(self) -> str:
        return self.text


RangeLike = Union[str, Range, CardsLike]


def _bad(token: str, why: str = "") -> RangeParseError:
    reason = why or _EXPECTED
    return RangeParseError(f"{token!r} is not a range: {reason}", token=token)


def _ranks(match: re.Match[str], offset: int = 0) -> tuple[int, int, str]:
    first = RANKS.index(match.group(offset + 1).upper())
    second = RANKS.index(match.group(offset + 2).upper())
    shape = match.group(offset + 3).lower()
    return max(first, second), min(first, second), shape


def _plus(token: str, high: int, low: int, shape: str) -> list[str]:
    if high == low:
        return [RANKS[r] * 2 for r in range(high, 13)]
    if low < high - 1:  # raise the kicker up to one below the top card
        return [_class_name(high, kicker, shape) for kicker in range(low, high)]
    return [_class_name(top, top - 1, shape) for top in range(high, 13)]  # connectors walk up


def _dash(token: str, match: re.Match[str]) -> list[str]:
    high1, low1, shape1 = _ranks(match)
    high2, low2, shape2 = _ranks(match, 3)
    if (high1 == low1) != (high2 == low2):
        raise _bad(token, "a dash range joins two pairs (TT-77) or two non-pairs (A5s-A2s)")
    if shape1 != shape2:
        raise _bad(
            token, "both ends of a dash range must be alike: both suited, both offsuit, or neither"
        )
    if high1 == low1:
        lo, hi = sorted((high1, high2))
        return [RANKS[r] * 2 for r in range(lo, hi + 1)]
    if high1 == high2:
        lo, hi = sorted((low1, low2))
        return [_class_name(high1, kicker, shape1) for kicker in range(lo, hi + 1)]
    if high1 - low1 == high2 - low2:
        gap = high1 - low1
        lo, hi = sorted((high1, high2))
        return [_class_name(top, top - gap, shape1) for top in range(lo, hi + 1)]
    raise _bad(
        token,
        "the two ends of a dash range must share the top card (A5s-A2s) or the gap between "
        "the cards (T9s-54s)",
    )


def _percent(token: str, value: str) -> list[str]:
    percent = float(value)
    if not 0 < percent <= 100:
        raise _bad(token, "a percentage must be above 0 and at most 100")
    target = percent / 100 * len(_ALL_COMBOS)
    names: list[str] = []
    count = 0
    for name in PREFLOP_ORDER:
        if count >= target - 1e-9:
            break
        names.append(name)
        count += len(class_combos(name))
    return names


def _token_combos(token: str) -> tuple[Combo, ...]:
    """The combos of one token (without its weight)."""
    compact = token.strip()
    if compact.lower() in _RANDOM_WORDS:
        return _ALL_COMBOS
    match = _PERCENT_TOKEN.fullmatch(compact)
    if match:
        names = _percent(token, match.group(1))
        return tuple(c for name in names for c in class_combos(name))
    if _EXACT_TOKEN.fullmatch(compact):
        try:
            a, b = parse_cards(compact, count=2, what="combo")
        except CardParseError as error:
            raise _bad(token, str(error)) from None
        return ((max(a.index, b.index), min(a.index, b.index)),)
    match = _CLASS_TOKEN.fullmatch(compact)
    if match:
        high, low, shape = _ranks(match)
        if high == low and shape:
            raise _bad(token, f"a pair is neither suited nor offsuit, write {RANKS[high] * 2!r}")
        names = (
            _plus(token, high, low, shape) if match.group(4) else [_class_name(high, low, shape)]
        )
        return tuple(c for name in names for c in class_combos(name))
    match = _DASH_TOKEN.fullmatch(compact)
    if match:
        return tuple(c for name in _dash(token, match) for c in class_combos(name))
    raise _bad(token)


def _weight(token: str, text: str) -> float:
    try:
        weight = float(text)
    except ValueError:
        raise _bad(
            token, f"the weight after ':' must be a number from 0 to 1, got {text.strip()!r}"
        ) from None
    if not 0 <= weight <= 1:
        raise _bad(
            token, f"the weight after ':' must be a number from 0 to 1, got {text.strip()!r}"
        )
    return weight


def parse_range(text: str | Range) -> Range:
    """Read a range such as ``"QQ+, AKs, A5s-A2s:0.5"`` (see the module docstring).

    >>> parse_range("AK").classes(), len(parse_range("AK"))
    (('AKs', 'AKo'), 16)
    >>> len(parse_range("random")), len(parse_range("top 10%"))
    (1326, 134)
    """
    if isinstance(text, Range):
        return text
    if not isinstance(text, str):
        raise RangeParseError(f"a range is text like 'QQ+, AKs', got {text!r}", token=repr(text))
    return _parse_text(text)


@functools.lru_cache(maxsize=256)
def _parse_text(text: str) -> Range:
    """:func:`parse_range` of text, kept: a Range never changes, and six ``random``
    players would otherwise build the same 1,326 combos six times per question."""
    weights: dict[Combo, float] = {}
    tokens = text.split(",")
    if not text.strip():
        raise RangeParseError(f"the range is empty: {_EXPECTED}", token=text)
    for raw in tokens:
        token = raw.strip()
        if not token:
            raise RangeParseError(
                f"{text!r} has an empty part between commas: {_EXPECTED}", token=text
            )
        body, weight = token, 1.0
        if ":" in token:
            body, weight_text = token.rsplit(":", 1)
            weight = _weight(token, weight_text)
        for combo in _token_combos(body):
            weights.pop(combo, None)  # re-insert so the later token's weight wins
            weights[combo] = weight
    kept = [(combo, w) for combo, w in weights.items() if w > 0]
    kept.sort(key=lambda item: item[0], reverse=True)
    return Range(
        text=text.strip(),
        combos=tuple((CARDS[a], CARDS[b]) for (a, b), _ in kept),
        weights=tuple(w for _, w in kept),
    )
