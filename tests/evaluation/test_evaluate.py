"""The rich evaluation: category, best five in order, made cards and kickers."""

from __future__ import annotations

import pytest

from pokerdealer import evaluation
from pokerdealer.cards import format_cards
from pokerdealer.errors import EvaluationError
from pokerdealer.evaluation import Category, evaluate, evaluate_rank


def best(cards: str, variant: str = "holdem", **options) -> str:
    return format_cards(evaluate(cards, variant, **options).best_five)


def test_a_kicker_counts_only_when_it_is_in_the_best_five():
    # The board queen outranks B's nine, so B's first kicker is the queen.
    assert best("Ah 9c Ad Qs 7h 3c 2d") == "Ah Ad Qs 9c 7h"
    assert format_cards(evaluate("Ah 9c Ad Qs 7h 3c 2d").kickers) == "Qs 9c 7h"


def test_the_wheel_is_the_lowest_straight_and_plays_five_high():
    wheel = evaluate("Ah 2d 3c 4s 5h Kd Kc")
    assert wheel.category is Category.STRAIGHT
    assert format_cards(wheel.best_five) == "5h 4s 3c 2d Ah"
    six_high = evaluate("6h 2d 3c 4s 5h Kd Kc")
    assert wheel.rank < six_high.rank


def test_straights_do_not_wrap_around_the_ace():
    assert evaluate("Qh Kd Ac 2s 3h 8d 9c").category is Category.HIGH_CARD


def test_flushes_are_compared_card_by_card_never_by_suit():
    spades = evaluate("As Js 9s 6s 4s")
    hearts = evaluate("Ah Jh 9h 6h 3h")
    assert spades.rank > hearts.rank  # the fifth card, 4 over 3, decides
    assert evaluate("As Js 9s 6s 4s").rank == evaluate("Ad Jd 9d 6d 4d").rank


def test_the_best_of_seven_uses_the_higher_two_pairs_when_there_are_three():
    value = evaluate("Kh Kd 8c 8s 3h 3d 2c")
    assert value.category is Category.TWO_PAIR
    assert format_cards(value.best_five) == "Kh Kd 8s 8c 3h"


def test_a_sixth_or_seventh_card_never_breaks_a_tie():
    assert evaluate_rank("As Ad Kc Qd Jh 3c 2d") == evaluate_rank("As Ad Kc Qd Jh 4c 3d")


def test_royal_flush_is_its_own_category_and_the_top_rank():
    value = evaluate("As Ks Qs Js Ts 2c 2d")
    assert value.category is Category.ROYAL_FLUSH
    assert value.rank == 7_462


def test_full_house_uses_the_higher_trips_when_there_are_two():
    value = evaluate("Qh Qd Qc 9s 9h 9d 2c")
    assert value.category is Category.FULL_HOUSE
    assert format_cards(value.best_five) == "Qh Qd Qc 9s 9h"


def test_made_cards_and_kickers_split_the_best_five_by_category():
    cases = {
        "As Ad Kc Qd Jh": (2, 3),
        "As Ad Kc Kd Jh": (4, 1),
        "As Ad Ac Kd Jh": (3, 2),
        "As Ad Ac Ah Jh": (4, 1),
        "As Ad Ac Kh Kd": (5, 0),
        "As Js 9s 6s 4s": (5, 0),
        "Ts 9d 8c 7h 6s": (5, 0),
        "As Jd 9s 6s 4s": (1, 4),
    }
    for cards, (made, kickers) in cases.items():
        value = evaluate(cards)
        assert (len(value.made), len(value.kickers)) == (made, kickers), cards


@pytest.mark.parametrize("cards", ["As Kd Qh Jc", "As Kd Qh Jc Tc 9c 8c 7c", "As As Kd Qh Jc"])
def test_evaluate_rejects_wrong_counts_and_duplicates(cards):
    with pytest.raises(EvaluationError if cards.count("As") < 2 else ValueError):
        evaluate(cards)


def test_short_deck_flush_beats_full_house():
    flush = evaluate("As Js 9s 7s 6s", "shortdeck")
    full_house = evaluate("Ah Ad Ac Kh Kd", "shortdeck")
    assert flush.rank > full_house.rank


def test_short_deck_a6789_is_the_lowest_straight():
    lowest = evaluate("Ah 6d 7c 8s 9h", "shortdeck")
    assert lowest.category is Category.STRAIGHT
    assert format_cards(lowest.best_five) == "9h 8s 7c 6d Ah"
    assert lowest.rank < evaluate("6h 7d 8c 9s Th", "shortdeck").rank


def test_short_deck_trips_versus_straight_is_an_option():
    trips = "Qh Qd Qc 7s 6h"
    straight = "Th 9d 8c 7s 6h"
    triton = dict(trips_beat_straight=True)
    wsop = dict(trips_beat_straight=False)
    assert evaluate(trips, "shortdeck", **triton).rank > evaluate(straight, "shortdeck", **triton).rank
    assert evaluate(trips, "shortdeck", **wsop).rank < evaluate(straight, "shortdeck", **wsop).rank


def test_short_deck_rejects_cards_below_six():
    with pytest.raises(ValueError, match="short deck"):
        evaluate("As Ks Qs Js 5s", "shortdeck")


def test_holdem_wheel_is_not_a_short_deck_straight():
    # In hold'em A-6-7-8-9 is just ace high.
    assert evaluate("Ah 6d 7c 8s 9h").category is Category.HIGH_CARD


def test_public_names_of_the_evaluation_package():
    assert set(evaluation.__all__) == {
        "Category",
        "DecidedBy",
        "Decision",
        "HandValue",
        "Ranking",
        "ShowdownResult",
        "Step",
        "compare_hands",
        "describe_hand",
        "showdown",
        "evaluate",
        "evaluate_many",
        "evaluate_rank",
        "rank_function",
        "rank_of_indices",
    }


def test_two_pair_decided_by_its_kicker_says_the_kicker_not_the_first() -> None:
    # Two pair has one kicker: there is no "first" where there is no second (issue 23).
    from pokerdealer.evaluation import compare_hands, evaluate
    from pokerdealer.evaluation.explain import deciding_part, explain_decision

    board = "9c 7h 7c 2d 3s"
    decision = compare_hands(evaluate(f"9h Ac {board}"), evaluate(f"9d Kd {board}"))
    assert [deciding_part(decision, lang) for lang in ("en", "zh-Hant", "zh-Hans")] == ["the kicker", "踢腳", "踢脚"]
    assert "; the kicker A♣ beats B's K♦" in explain_decision(decision, "en", winners=["A"], losers=["B"])
