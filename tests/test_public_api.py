"""The public API is exactly what ``pokerdealer.__all__`` promises."""

from __future__ import annotations

import pokerdealer

EXPECTED = {
    "CARDS",
    "Card",
    "CardParseError",
    "Category",
    "Deck",
    "EvaluationError",
    "HandValue",
    "PokerDealerError",
    "Ranking",
    "evaluate",
    "evaluate_many",
    "evaluate_rank",
    "format_cards",
    "parse_card",
    "parse_cards",
    "rank_function",
}


def test_the_package_exports_exactly_its_public_names():
    assert set(pokerdealer.__all__) == EXPECTED
    assert sorted(pokerdealer.__all__) == pokerdealer.__all__


def test_every_exported_name_exists():
    for name in pokerdealer.__all__:
        assert getattr(pokerdealer, name) is not None, name
