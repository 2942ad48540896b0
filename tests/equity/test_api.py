"""The public surface of pokerdealer.equity and its errors."""

from __future__ import annotations

import dataclasses
import importlib

import pytest

from pokerdealer.cards import parse_cards
from pokerdealer.equity import EquityError, EquityResult, RangeParseError, equity
from pokerdealer.errors import PokerDealerError

# Not ``import pokerdealer.equity as package``: that reads the attribute
# ``pokerdealer.equity``, which the flat top-level API binds to the function.
package = importlib.import_module("pokerdealer.equity")


def test_exported_names() -> None:
    assert sorted(package.__all__) == [
        "CategoryStats",
        "DEFAULT_SAMPLES",
        "EXACT_LIMIT",
        "EquityError",
        "EquityResult",
        "EquityTable",
        "HAND_CLASSES",
        "PREFLOP_ORDER",
        "PlayerEquity",
        "Range",
        "RangeLike",
        "RangeParseError",
        "class_combos",
        "equity",
        "equity_table",
        "load_equity_table",
        "parse_range",
    ]
    for name in package.__all__:
        assert hasattr(package, name)


def test_errors_belong_to_the_family() -> None:
    assert issubclass(EquityError, PokerDealerError)
    assert issubclass(RangeParseError, EquityError)


def test_results_are_frozen_and_serialise() -> None:
    result = equity(["AsKs", "QhQd"], board="2c 7d 9h")
    assert isinstance(result, EquityResult)
    with pytest.raises(dataclasses.FrozenInstanceError):
        result.method = "monte_carlo"  # type: ignore[misc]
    data = result.to_dict()
    assert data["method"] == "exact" and data["std_error"] is None
    assert data["boards"] == 990
    assert data["board"] == "2c 7d 9h"
    assert [p["input"] for p in data["players"]] == ["AsKs", "QhQd"]
    assert {"input", "win", "tie", "equity"} <= set(data["players"][0])


def test_players_may_be_cards_ranges_or_text() -> None:
    from pokerdealer.equity import Range

    a = equity([parse_cards("As Ks"), Range.parse("QhQd")], board="2c 7d 9h")
    b = equity([[51, 47], "Qh Qd"], board="2c 7d 9h")
    assert a.players[0].equity == b.players[0].equity
    assert a.players[0].input == "AsKs"


def test_dead_cards_remove_combos() -> None:
    result = equity(["AA", "KK"], dead="As Ah", board="2c 7d 9h")
    assert result.players[0].combos == 1
    assert result.dead == parse_cards("As Ah")


@pytest.mark.parametrize(
    ("players", "options", "says"),
    [
        (["AsKs"], {}, "2 to 10 players"),
        ("AsKs QhQd", {}, "2 to 10 players"),
        (["AA"] * 11, {}, "2 to 10 players"),
        (["AsKs", "QhQd"], {"board": "2c 7d"}, "board need 0 or 3 or 4 or 5 cards"),
        (["AsKs", "QhQd"], {"board": "2c 7d 9h", "dead": "9h"}, "both on the board and"),
        (["AsKs", "QhQd"], {"board": "As 7d 9h"}, "player 1 ('AsKs') has no combos left"),
        (["AsKs", "AsQd"], {}, "cannot be dealt"),
        (["AA", "AA", "AA"], {}, "cannot all be dealt"),
        (["AsKs", "QhQd"], {"exact": True, "samples": 10}, "no sample count"),
        (["AsKs", "QhQd"], {"samples": 0}, "at least 1"),
        (["AsKs", "QhQd"], {"seconds": 0}, "positive"),
        (["AsKs", "QQx"], {}, "'QQx' is not a range"),
        (["AsKs", [1, 2, 3]], {}, "need 2 cards"),
    ],
)
def test_bad_questions_raise_equity_errors(players, options, says) -> None:
    with pytest.raises(PokerDealerError) as caught:  # EquityError, or CardParseError for cards
        equity(players, **options)
    assert says in str(caught.value)
