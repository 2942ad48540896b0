"""describe_hand, compare_hands and the message catalogs."""

from __future__ import annotations

import random

import pytest

from pokerdealer.cards import deck_cards, parse_cards
from pokerdealer.errors import PokerDealerError
from pokerdealer.evaluation import evaluate
from pokerdealer.evaluation.explain import Step, card_label, compare_hands, describe_hand
from pokerdealer.i18n import CATALOGS, LANGUAGES, message, rank_name

DESCRIPTIONS = [
    # cards, en, zh-Hant, zh-Hans
    ("As Ks Qs Js Ts", "royal flush", "皇家同花順", "皇家同花顺"),
    ("9h 8h 7h 6h 5h", "straight flush, nine high", "同花順，9高", "同花顺，9高"),
    (
        "Ad 2d 3d 4d 5d",
        "straight flush, five high (the wheel: A-2-3-4-5, the lowest straight)",
        "同花順，5高（輪子：A-2-3-4-5，最小的順子）",
        "同花顺，5高（轮子：A-2-3-4-5，最小的顺子）",
    ),
    ("Qs Qh Qd Qc 7s", "four of a kind, queens, kicker 7", "四條Q，踢腳7", "四条Q，踢脚7"),
    (
        "Ts Th Td 7c 7s",
        "full house, tens full of sevens",
        "葫蘆，三條10帶一對7",
        "葫芦，三条10带一对7",
    ),
    (
        "Ad Jd 8d 5d 2d",
        "flush, ace high (A J 8 5 2)",
        "同花，A高（A J 8 5 2）",
        "同花，A高（A J 8 5 2）",
    ),
    ("9c 8d 7s 6h 5c", "straight, nine high", "順子，9高", "顺子，9高"),
    ("8s 8h 8d Ac 4s", "three of a kind, eights, kickers A 4", "三條8，踢腳A 4", "三条8，踢脚A 4"),
    ("Ks Kd 6c 6h As", "two pair, kings and sixes, kicker A", "兩對，K和6，踢腳A", "两对，K和6，踢脚A"),
    ("Js Jh Ad 9c 3s", "pair of jacks, kickers A 9 3", "一對J，踢腳A 9 3", "一对J，踢脚A 9 3"),
    ("6s 6h Ad Tc 3s", "pair of sixes, kickers A 10 3", "一對6，踢腳A 10 3", "一对6，踢脚A 10 3"),
    ("As Jd 9c 6h 2s", "ace high, kickers J 9 6 2", "高牌A，踢腳J 9 6 2", "高牌A，踢脚J 9 6 2"),
]


@pytest.mark.parametrize(("cards", "en", "hant", "hans"), DESCRIPTIONS)
def test_describe_hand_in_three_languages(cards: str, en: str, hant: str, hans: str) -> None:
    value = evaluate(cards)
    assert describe_hand(value) == en == value.describe("en")
    assert describe_hand(value, "zh-Hant") == hant
    assert describe_hand(value, "zh-Hans") == hans


def test_short_deck_lowest_straight_is_ace_six_seven_eight_nine() -> None:
    value = evaluate("As 6d 7c 8h 9s Kd Kh", "shortdeck")
    assert value.describe() == "straight, nine high (A-6-7-8-9, the lowest straight)"
    assert value.describe("zh-Hans") == "顺子，9高（A-6-7-8-9，最小的顺子）"


def test_english_rank_names_have_plurals() -> None:
    assert [rank_name(r, "en", plural=True) for r in (0, 4, 8, 12)] == [
        "twos", "sixes", "tens", "aces",
    ]
    assert rank_name(4, "en") == "six"


def test_catalogs_have_the_same_keys() -> None:
    keys = set(CATALOGS["en"])
    for lang in LANGUAGES:
        assert set(CATALOGS[lang]) == keys, lang


def test_unknown_language_lists_the_valid_ones() -> None:
    with pytest.raises(PokerDealerError, match="'de'.*en, zh-Hant, zh-Hans"):
        message("de", "category.flush")
    with pytest.raises(PokerDealerError):
        describe_hand(evaluate("As Ks Qs Js Ts"), "zh")


def test_ten_is_written_10_in_explanations() -> None:
    assert card_label(parse_cards("Td")[0]) == "10♦"


def test_step_values_are_the_json_names() -> None:
    assert [step.value for step in Step] == ["category", "made_cards", "kicker", "identical"]


def test_category_decides_flush_over_straight() -> None:
    decision = compare_hands(evaluate("2h 5h 8h Jh Kh"), evaluate("9c 8d 7s 6h 5c"))
    assert (decision.step, decision.winner, decision.kicker_index) == (Step.CATEGORY, "a", None)
    assert decision.explain() == (
        "A wins: flush, king high (K J 8 5 2) beats straight, nine high (B)"
    )
    assert decision.explain("zh-Hant", names=("甲", "乙")) == (
        "甲贏：同花，K高（K J 8 5 2），大過乙的順子，9高"
    )


def test_made_cards_pair_of_kings_beats_pair_of_queens() -> None:
    decision = compare_hands(evaluate("Qs Qh Ad 9c 3s"), evaluate("Ks Kh 2d 4c 6s"))
    assert (decision.step, decision.winner, decision.made_index) == (Step.MADE_CARDS, "b", 1)
    assert decision.explain() == (
        "B wins: a pair of kings beats a pair of queens (A); the pair K♠ K♥ beats Q♠ Q♥"
    )
    assert decision.explain("zh-Hans") == (
        "B赢：一对K，大过A的一对Q；对子K♠ K♥大过Q♠ Q♥"
    )


def test_two_pair_lower_pair_decides_after_the_higher_pair_ties() -> None:
    decision = compare_hands(evaluate("As Ah 9d 9c 2s"), evaluate("Ad Ac 8s 8h Ks"))
    assert (decision.step, decision.winner, decision.made_index) == (Step.MADE_CARDS, "a", 2)
    assert "the lower pair 9♦ 9♣ beats 8♠ 8♥" in decision.explain()
    assert "小對9♦ 9♣大過8♠ 8♥" in decision.explain("zh-Hant")


def test_identical_five_cards_split() -> None:
    decision = compare_hands(evaluate("As Kd Qh Jc 9s"), evaluate("Ad Kh Qc Js 9d"))
    assert (decision.step, decision.winner) == (Step.IDENTICAL, None)
    assert decision.explain().startswith("identical five cards: split")


def test_hands_of_different_variants_are_not_compared() -> None:
    with pytest.raises(PokerDealerError, match="shortdeck"):
        compare_hands(evaluate("As Ks Qs Js Ts"), evaluate("As Ks Qs Js Ts", "shortdeck"))


@pytest.mark.parametrize("variant", ["holdem", "shortdeck"])
def test_decision_always_agrees_with_rank_and_deciding_cards(variant: str) -> None:
    """On random seven-card pairs the winner follows the rank and the step is consistent."""
    rng = random.Random(20261129)
    deck = list(deck_cards(variant))  # type: ignore[arg-type]
    for _ in range(3000):
        dealt = rng.sample(deck, 9)
        board = dealt[4:]
        a = evaluate(dealt[:2] + board, variant)  # type: ignore[arg-type]
        b = evaluate(dealt[2:4] + board, variant)  # type: ignore[arg-type]
        decision = compare_hands(a, b)
        expected = None if a.rank == b.rank else "a" if a.rank > b.rank else "b"
        assert decision.winner == expected
        assert (decision.step is Step.IDENTICAL) == (a.rank == b.rank)
        if decision.step is Step.CATEGORY:
            assert a.category != b.category
        else:
            assert a.category == b.category
        if decision.step in (Step.MADE_CARDS, Step.KICKER):
            (card_a,), (card_b,) = ({c.rank for c in side} for side in decision.deciding_cards)
            assert (card_a > card_b) == (expected == "a")
        assert (decision.kicker_index is not None) == (decision.step is Step.KICKER)
        for lang in LANGUAGES:
            assert decision.explain(lang, board=board)
