"""The hand-ranking chart the table page opens: the evaluator's order, an
example of each hand that the evaluator reads as that hand, in both decks."""

from __future__ import annotations

import re

import pytest

from pokerdealer.errors import PokerDealerError
from pokerdealer.evaluation import evaluate
from pokerdealer.learn.chart import EXAMPLES, ranking_chart
from pokerdealer.learn.rankings import category_order

DECKS = [("holdem", True), ("shortdeck", True), ("shortdeck", False)]


@pytest.mark.parametrize(("variant", "trips"), DECKS)
def test_the_chart_lists_the_ten_hands_in_the_evaluators_order(variant: str, trips: bool) -> None:
    chart = ranking_chart("en", variant, trips_beat_straight=trips)
    order = [c.value for c in category_order(variant, trips_beat_straight=trips)]  # type: ignore[arg-type]
    assert [row["category"] for row in chart["rows"]] == order and len(order) == 10


@pytest.mark.parametrize("variant", ["holdem", "shortdeck"])
def test_each_example_is_the_hand_it_shows(variant: str) -> None:
    for row in ranking_chart("en", variant)["rows"]:
        assert evaluate(" ".join(row["cards"]), variant).category.value == row["category"]  # type: ignore[arg-type]
    assert len({EXAMPLES[c] for c in EXAMPLES}) == 10


def test_a_short_deck_chart_puts_the_flush_above_the_full_house_and_says_the_house_rule() -> None:
    rows = [row["category"] for row in ranking_chart("en", "shortdeck")["rows"]]
    assert rows.index("flush") < rows.index("full_house")
    assert rows.index("three_of_a_kind") < rows.index("straight")  # Triton, the room's default
    wsop = [row["category"] for row in ranking_chart("en", "shortdeck", trips_beat_straight=False)["rows"]]
    assert wsop.index("straight") < wsop.index("three_of_a_kind")
    assert any("A-6-7-8-9" in note for note in ranking_chart("en", "shortdeck")["notes"])


def test_a_short_deck_chart_never_shows_a_card_its_deck_has_not() -> None:
    chart = ranking_chart("en", "shortdeck")
    for row in chart["rows"]:
        # No example with a 2 to 5 in it ("A A 2 2", "AA22K", "A-2-3-4-5"): 36 cards, 6 to A.
        assert not re.search(r"[2-5](?:[ -][2-5AKQJ]|[2-5])", row["note"]), row["note"]
        assert all(card[0] not in "2345" for card in row["cards"])


@pytest.mark.parametrize("lang", ["zh-Hant", "zh-Hans"])
def test_the_chart_is_in_the_readers_language(lang: str) -> None:
    chart = ranking_chart(lang)
    assert chart["rows"][0]["name"] == {"zh-Hant": "皇家同花順", "zh-Hans": "皇家同花顺"}[lang]
    assert all(re.search(r"[\u4e00-\u9fff]", row["note"]) for row in chart["rows"])


def test_an_unknown_variant_is_refused_saying_which_are_known() -> None:
    with pytest.raises(PokerDealerError, match="unknown variant 'omaha': expected holdem or shortdeck"):
        ranking_chart("en", "omaha")
