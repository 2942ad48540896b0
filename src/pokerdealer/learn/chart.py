"""The hand-ranking chart: the ten hands from the highest, each with an example
in cards and how two of its kind compare, in a reader's language.

The order is the evaluator's (:func:`~pokerdealer.learn.rankings.category_order`),
so a short-deck table's chart shows its own: a flush above a full house, and
three of a kind against a straight as the table's rules say. The tests read
each example back with the evaluator, in both decks. The room's table page opens it
from a button (``GET /api/rankings``); seed articles 001 and 003 teach the
order first of all.

>>> chart = ranking_chart("en")
>>> [row["name"] for row in chart["rows"]][:3]
['royal flush', 'straight flush', 'four of a kind']
>>> chart["rows"][5]["cards"], chart["rows"][5]["note"]
(['Tc', '9d', '8s', '7h', '6c'], 'Five in a row; A-2-3-4-5 is the lowest, and Q-K-A-2-3 is no straight.')
>>> [row["category"] for row in ranking_chart("zh-Hant", "shortdeck")["rows"]][3:7]
['flush', 'full_house', 'three_of_a_kind', 'straight']
>>> ranking_chart("en", "omaha")
Traceback (most recent call last):
...
pokerdealer.errors.PokerDealerError: unknown variant 'omaha': expected holdem or shortdeck
"""

from __future__ import annotations

from typing import Any

from pokerdealer.cards import parse_cards
from pokerdealer.errors import PokerDealerError
from pokerdealer.evaluation import Category
from pokerdealer.i18n import check_lang, message
from pokerdealer.learn.rankings import category_order

__all__ = ["EXAMPLES", "VARIANTS", "ranking_chart"]

#: The variants a chart is drawn for.
VARIANTS = ("holdem", "shortdeck")

#: One hand of each kind, every card a 6 or higher so that it is the same hand in
#: short deck (36 cards, 6 to A) as in hold'em.
EXAMPLES: dict[Category, str] = {
    Category.ROYAL_FLUSH: "As Ks Qs Js Ts",
    Category.STRAIGHT_FLUSH: "Th 9h 8h 7h 6h",
    Category.FOUR_OF_A_KIND: "Qc Qd Qh Qs 7c",
    Category.FULL_HOUSE: "Jh Jc Js 8d 8h",
    Category.FLUSH: "Ad Jd 9d 7d 6d",
    Category.STRAIGHT: "Tc 9d 8s 7h 6c",
    Category.THREE_OF_A_KIND: "8c 8h 8s Kd 6h",
    Category.TWO_PAIR: "Ah Ac 9s 9d Kh",
    Category.ONE_PAIR: "Kc Kh Js 8d 7c",
    Category.HIGH_CARD: "Ad Qc 9h 7s 6d",
}

# Notes whose examples hold a 2 to 5 (none in a short deck) have a short-deck form.
_SHORT_DECK_NOTES = frozenset({Category.STRAIGHT, Category.FULL_HOUSE, Category.TWO_PAIR})


def ranking_chart(lang: str, variant: str = "holdem", *, trips_beat_straight: bool = True) -> dict[str, Any]:
    """``{"variant", "rows": [{"category", "name", "note", "cards"}], "notes": [...]}``:
    the ten hands from the highest in ``variant``'s order (``trips_beat_straight``:
    the short-deck rule set), in ``lang``; ``notes``: what holds for every hand."""
    check_lang(lang)
    if variant not in VARIANTS:
        raise PokerDealerError.said("rankings.error.variant", variant=variant)
    rows = []
    for category in category_order(variant, trips_beat_straight=trips_beat_straight):  # type: ignore[arg-type]
        cards = parse_cards(EXAMPLES[category])  # each read back by the evaluator in the tests
        short = variant == "shortdeck" and category in _SHORT_DECK_NOTES
        note = f"rankings.note.short_deck.{category.value}" if short else f"rankings.note.{category.value}"
        rows.append({
            "category": category.value,
            "name": message(lang, f"category.{category.value}"),
            "note": message(lang, note),
            "cards": [str(card) for card in cards],
        })
    notes = [message(lang, "rankings.suits")]
    if variant == "shortdeck":
        notes.append(message(lang, "rankings.short_deck"))
    return {"variant": variant, "rows": rows, "notes": notes}
