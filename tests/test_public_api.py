"""The public API is exactly what ``pokerdealer.__all__`` promises."""

from __future__ import annotations

import pokerdealer

EXPECTED = {
    "CARDS",
    "Action",
    "AnteType",
    "Bot",
    "Card",
    "CardParseError",
    "CashGameSettings",
    "CashTable",
    "Category",
    "Deck",
    "EquityResult",
    "EvaluationError",
    "Hand",
    "HandConfig",
    "HandHistory",
    "HandResult",
    "HandValue",
    "IllegalActionError",
    "LegalActions",
    "Level",
    "PlayerView",
    "PokerDealerError",
    "Range",
    "Ranking",
    "RuleOptions",
    "ShowdownResult",
    "Street",
    "Structure",
    "Tournament",
    "TournamentSettings",
    "compare_hands",
    "describe_hand",
    "evaluate",
    "evaluate_many",
    "evaluate_rank",
    "format_cards",
    "hand_to_history",
    "history_to_hand",
    "make_bot",
    "parse_card",
    "parse_cards",
    "parse_range",
    "rank_function",
    "replay",
    "showdown",
}


def test_the_package_exports_exactly_its_public_names():
    assert set(pokerdealer.__all__) == EXPECTED
    assert sorted(pokerdealer.__all__) == pokerdealer.__all__


def test_every_exported_name_exists():
    for name in pokerdealer.__all__:
        assert getattr(pokerdealer, name) is not None, name


def test_subpackage_names_are_not_shadowed_by_exports():
    import pokerdealer.equity as equity_package

    assert hasattr(equity_package, "__all__")
    assert callable(equity_package.equity)
