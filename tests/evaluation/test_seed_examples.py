"""Every hand comparison worked through in the seed articles (four Chinese articles on the rules).

Each test is named after what the example shows and checks the facts the
article states: who wins, the best five, the deciding step and kicker, and
that the explanation names the deciding cards in English, 繁體中文 and 简体中文.

Sources: 000 = "同樣是一對，你怎麼會輸？" (tie-breaks), 001 = 德州撲克規則完整教學,
003 = 德州扑克规则：从发牌到摊牌的完整流程, 004 = 誰先攤牌 (card 6).
"""

from __future__ import annotations

from pokerdealer.cards import parse_cards
from pokerdealer.evaluation import Category, evaluate
from pokerdealer.evaluation.explain import Step, compare_hands
from pokerdealer.evaluation.showdown import ShowdownResult, showdown

LANGS = ("en", "zh-Hant", "zh-Hans")
BOARD_MARK = {"en": "{} (from the board)", "zh-Hant": "{}（公牌）", "zh-Hans": "{}（公共牌）"}


def cards(text: str) -> list[str]:
    return [str(card) for card in parse_cards(text)]


def best_five(result: ShowdownResult, name: str) -> list[str]:
    return [str(card) for card in result.hands[name].best_five]


def assert_explained(result: ShowdownResult, *mentions: str | dict[str, str]) -> None:
    """The explanation names every mention (a card like ``K♦``, or a per-language word)."""
    assert result.decided_by.explanation == result.explain("en")
    for lang in LANGS:
        text = result.explain(lang)
        for mention in mentions:
            wanted = mention[lang] if isinstance(mention, dict) else mention
            assert wanted in text, (lang, wanted, text)


# --- 000: the three steps --------------------------------------------------------------


def test_same_pair_of_aces_first_kicker_decides_and_board_queen_is_b_top_kicker() -> None:
    """000, the photo hand: A♠K♦ vs A♥9♣ on A♦ Q♠ 7♥ 3♣ 2♦ — K beats the board's Q."""
    result = showdown("Ad Qs 7h 3c 2d", {"A": "As Kd", "B": "Ah 9c"})
    assert result.winners == ["A"] and not result.split
    assert best_five(result, "A") == cards("As Ad Kd Qs 7h")
    assert best_five(result, "B") == cards("Ah Ad Qs 9c 7h")
    assert cards("Qs 9c 7h") == [str(c) for c in result.hands["B"].kickers]
    assert result.decided_by.step is Step.KICKER
    assert result.decided_by.kicker_index == 1
    assert_explained(result, "K♦", "Q♠")
    for lang in LANGS:  # B's top kicker is the board's Q, not the 9 in B's hand
        assert BOARD_MARK[lang].format("Q♠") in result.explain(lang)
        assert "9♣" not in result.explain(lang)


def test_three_of_a_kind_first_kicker_jack_beats_ten_shared_seven_never_compared() -> None:
    """000: board A♣ A♥ 7♦ 5♣ 2♠, A♠J♠ makes A-A-A-J-7 and beats A♦10♦'s A-A-A-10-7."""
    result = showdown("Ac Ah 7d 5c 2s", {"A": "As Js", "B": "Ad Td"})
    assert result.winners == ["A"]
    assert [c.rank_char for c in result.hands["A"].best_five] == list("AAAJ7")
    assert [c.rank_char for c in result.hands["B"].best_five] == list("AAAT7")
    assert (result.decided_by.step, result.decided_by.kicker_index) == (Step.KICKER, 1)
    assert_explained(result, "J♠", "10♦")
    assert "7♦" not in result.explain("en")


def test_full_house_has_no_kicker_kings_full_of_aces_beat_kings_full_of_queens_on_the_pair() -> None:
    """000: K-K-K-A-A beats K-K-K-Q-Q, decided by the pair."""
    result = showdown("Ks Kh Ah Qc 2d", {"A": "Kd Ac", "B": "Kc Qd"})
    assert result.winners == ["A"]
    assert result.hands["A"].category is Category.FULL_HOUSE
    assert result.hands["A"].kickers == () and result.hands["B"].kickers == ()
    assert result.decided_by.step is Step.MADE_CARDS
    assert result.decided_by.kicker_index is None
    assert result.decision.made_index == 2  # the pair, after the tied three of a kind
    assert_explained(result, "A♣", "Q♦", {"en": "the pair", "zh-Hant": "對子", "zh-Hans": "对子"})


def test_flush_ace_high_beats_king_high_flush_card_by_card() -> None:
    """000: an A-high flush beats a K-high flush (first card of the flush)."""
    result = showdown("9h 6h 2h Kc 4d", {"A": "Ah 3h", "B": "Kh Qh"})
    assert result.winners == ["A"]
    assert result.decided_by.step is Step.MADE_CARDS
    assert result.decision.made_index == 1
    assert_explained(result, "A♥", "K♥")


def test_flush_compared_card_by_card_down_to_the_fourth_card() -> None:
    """000/001: flushes are compared from the top card down until one differs."""
    result = showdown("Ah Qh 9h 2c 3d", {"A": "7h 5h", "B": "6h 4h"})
    assert result.winners == ["A"]
    assert result.hands["B"].category is Category.FLUSH
    assert result.decision.made_index == 4  # A Q 9 tie, then 7 beats 6
    assert_explained(result, "7♥", "6♥", {"en": "fourth card", "zh-Hant": "第四張", "zh-Hans": "第四张"})


def test_flush_suits_never_break_a_tie_same_ranks_split() -> None:
    """000/001/003: spades do not beat hearts; equal flush ranks split."""
    spades, hearts = evaluate("As Js 8s 5s 2s"), evaluate("Ah Jh 8h 5h 2h")
    decision = compare_hands(spades, hearts)
    assert decision.step is Step.IDENTICAL and decision.winner is None
    assert "split" in decision.explain()


def test_two_pair_same_pairs_single_kicker_queen_beats_jack() -> None:
    """000: board K♦ 9♣ 9♠ 5♦ 2♥, K♠Q♦ vs K♥J♥: kings and nines each, Q beats J."""
    result = showdown("Kd 9c 9s 5d 2h", {"A": "Ks Qd", "B": "Kh Jh"})
    assert result.winners == ["A"]
    assert best_five(result, "A") == cards("Ks Kd 9s 9c Qd")
    assert best_five(result, "B") == cards("Kh Kd 9s 9c Jh")
    assert (result.decided_by.step, result.decided_by.kicker_index) == (Step.KICKER, 1)
    assert_explained(result, "Q♦", "J♥")


def test_counterfeited_two_pair_board_nines_push_out_your_fours() -> None:
    """000: 5♠4♠ leads A♣K♦ on 5♦ 4♥ K♣, then 9♠ 9♥ counterfeits the fours; kings win."""
    flop = showdown("5d 4h Kc", {"you": "5s 4s", "opponent": "Ac Kd"})
    assert flop.winners == ["you"]
    assert flop.decided_by.step is Step.CATEGORY
    assert_explained(flop, {"en": "two pair", "zh-Hant": "兩對", "zh-Hans": "两对"})

    river = showdown("5d 4h Kc 9s 9h", {"you": "5s 4s", "opponent": "Ac Kd"})
    assert river.winners == ["opponent"]
    assert sorted(best_five(river, "you")) == sorted(cards("9s 9h 5s 5d Kc"))
    assert "4s" not in best_five(river, "you")
    assert sorted(best_five(river, "opponent")) == sorted(cards("Kd Kc 9s 9h Ac"))
    assert river.decided_by.step is Step.MADE_CARDS
    assert river.decision.made_index == 1  # the higher pair: kings over nines
    assert_explained(river, "K♦", "9♠", {"en": "higher pair", "zh-Hant": "大對", "zh-Hans": "大对"})
    assert river.explain("en") == (
        "opponent wins: two pair of kings and nines beats two pair of nines and fives (you); "
        "the higher pair K♦ K♣ beats 9♠ 9♥; your fours are counterfeited: every hand has the board's "
        "pair of nines, so your pair of fours no longer plays (with one nine on the board, your two "
        "pair of fives and fours would have beaten opponent)"
    )


def test_wheel_is_the_lowest_straight_six_high_beats_five_high() -> None:
    """000: board 4♦ 3♣ 2♠ K♦ Q♥: A♠5♠ makes the wheel 5-4-3-2-A, 6♥5♥ makes 6-high and wins."""
    result = showdown("4d 3c 2s Kd Qh", {"A": "As 5s", "B": "6h 5h"})
    assert result.winners == ["B"]
    assert best_five(result, "A") == cards("5s 4d 3c 2s As")  # five high, ace last
    assert best_five(result, "B") == cards("6h 5h 4d 3c 2s")
    assert result.decided_by.step is Step.MADE_CARDS
    assert_explained(
        result, "6♥", "5♠", {"en": "the wheel", "zh-Hant": "輪子", "zh-Hans": "轮子"}
    )
    assert result.explain("zh-Hant") == (
        "B贏：順子，6高，大過A的順子，5高（輪子：A-2-3-4-5，最小的順子）；最大張6♥大過5♠"
    )


def test_straights_with_the_same_top_card_split() -> None:
    """000: two straights with the same top card are identical."""
    result = showdown("9c 8d 7s 2h 2d", {"A": "6h 5c", "B": "6d 5s"})
    assert result.winners == ["A", "B"] and result.split
    assert result.decided_by.step is Step.IDENTICAL


def test_queen_king_ace_two_three_is_not_a_straight() -> None:
    """000/001: the ace does not wrap around: Q-K-A-2-3 is nothing."""
    value = evaluate("Qs Kd Ah 2c 3d 7h 9s")
    assert value.category is Category.HIGH_CARD
    assert value.describe() == "ace high, kickers K Q 9 7"


def test_fifth_card_third_kicker_eight_beats_seven() -> None:
    """000: board A♥ K♣ Q♦ 4♣ 2♥, A♠8♠ vs A♦7♦: K and Q tie, the 8 beats the 7."""
    result = showdown("Ah Kc Qd 4c 2h", {"A": "As 8s", "B": "Ad 7d"})
    assert result.winners == ["A"]
    assert (result.decided_by.step, result.decided_by.kicker_index) == (Step.KICKER, 3)
    assert_explained(
        result, "8♠", "7♦", "K♣ Q♦",
        {"en": "third kicker", "zh-Hant": "第三張踢腳", "zh-Hans": "第三张踢脚"},
    )


def test_four_of_a_kind_on_board_the_fifth_card_is_the_whole_showdown() -> None:
    """000/001: quads on the board — the hole-card kicker decides."""
    result = showdown("9s 9h 9d 9c 2h", {"A": "As 3d", "B": "Kh Qh"})
    assert result.winners == ["A"]
    assert (result.decided_by.step, result.decided_by.kicker_index) == (Step.KICKER, 1)
    assert_explained(result, "A♠", "K♥")


def test_board_broadway_plays_for_everyone_split() -> None:
    """000: board A♠ K♥ Q♣ J♦ 10♠: 9♥7♠'s K-high straight is smaller; the board plays."""
    result = showdown("As Kh Qc Jd Ts", {"you": "9h 7s", "other": "2c 3d"})
    assert result.winners == ["you", "other"] and result.split
    assert best_five(result, "you") == cards("As Kh Qc Jd Ts")
    assert result.decided_by.step is Step.IDENTICAL
    assert result.decided_by.kicker_index is None
    assert_explained(
        result,
        "9♥",
        {"en": "the board plays", "zh-Hant": "公牌就是最強五張", "zh-Hans": "公共牌就是最强五张"},
    )


def test_pair_of_aces_with_board_kickers_three_and_two_do_not_play_split() -> None:
    """000: board A♥ K♣ Q♦ J♠ 9♥, A♠3♠ vs A♦2♦: both A-A-K-Q-J, the 3 and 2 are dead."""
    result = showdown("Ah Kc Qd Js 9h", {"A": "As 3s", "B": "Ad 2d"})
    assert result.winners == ["A", "B"] and result.split
    assert [c.rank_char for c in result.hands["A"].best_five] == list("AAKQJ")
    assert result.hands["A"].rank == result.hands["B"].rank
    assert result.decided_by.step is Step.IDENTICAL
    assert_explained(
        result, "3♠", "2♦", {"en": "do not play", "zh-Hant": "不算數", "zh-Hans": "不算数"}
    )


# --- 001: rankings table and best-five examples ----------------------------------------


def test_ten_categories_from_royal_flush_down_to_high_card() -> None:
    """001: the ten example hands, strongest first; each beats the next on category."""
    examples = [
        ("As Ks Qs Js Ts", Category.ROYAL_FLUSH),
        ("9h 8h 7h 6h 5h", Category.STRAIGHT_FLUSH),
        ("Qs Qh Qd Qc 7s", Category.FOUR_OF_A_KIND),
        ("Ts Th Td 7c 7s", Category.FULL_HOUSE),
        ("Ad Jd 8d 5d 2d", Category.FLUSH),
        ("9c 8d 7s 6h 5c", Category.STRAIGHT),
        ("8s 8h 8d Ac 4s", Category.THREE_OF_A_KIND),
        ("Ks Kd 6c 6h As", Category.TWO_PAIR),
        ("Js Jh Ad 9c 3s", Category.ONE_PAIR),
        ("As Jd 9c 6h 2s", Category.HIGH_CARD),
    ]
    values = [evaluate(text) for text, _ in examples]
    assert [value.category for value in values] == [category for _, category in examples]
    for stronger, weaker in zip(values, values[1:]):
        decision = compare_hands(stronger, weaker)
        assert (decision.step, decision.winner) == (Step.CATEGORY, "a")


def test_trips_decide_a_full_house_before_the_pair_aces_full_of_twos_beat_kings_full_of_aces() -> None:
    """001: AAA22 beats KKKAA — the three of a kind is compared first."""
    decision = compare_hands(evaluate("As Ah Ad 2c 2s"), evaluate("Ks Kh Kd Ac Ad"))
    assert (decision.step, decision.winner, decision.made_index) == (Step.MADE_CARDS, "a", 1)


def test_two_pair_higher_pair_first_aces_and_twos_beat_kings_and_queens() -> None:
    """001: AA22K beats KKQQA — the higher pair is compared first."""
    decision = compare_hands(evaluate("As Ah 2d 2c Ks"), evaluate("Kh Kd Qs Qc Ad"))
    assert (decision.step, decision.winner, decision.made_index) == (Step.MADE_CARDS, "a", 1)
    assert "A♠ A♥" in decision.explain() and "K♥ K♦" in decision.explain()


def test_royal_flush_with_both_hole_cards() -> None:
    """001: A♠K♠ with Q♠ J♠ 10♠ 4♦ 2♣ uses both hole cards and three board cards."""
    value = evaluate("As Ks Qs Js Ts 4d 2c")
    assert value.category is Category.ROYAL_FLUSH
    assert sorted(map(str, value.best_five)) == sorted(cards("As Ks Qs Js Ts"))
    assert [value.describe(lang) for lang in LANGS] == ["royal flush", "皇家同花順", "皇家同花顺"]


def test_best_five_uses_one_hole_card_seven_does_not_play() -> None:
    """001: A♣7♦ on A♠ K♥ K♣ 9♦ 3♠ plays A A K K 9; the 7♦ is not in the best five."""
    value = evaluate("Ac 7d As Kh Kc 9d 3s")
    assert value.category is Category.TWO_PAIR
    assert [c.rank_char for c in value.best_five] == list("AAKK9")
    assert "7d" not in map(str, value.best_five)


def test_board_ace_high_straight_is_shared_split() -> None:
    """001: board 10♣ J♦ Q♠ K♥ A♣ — everyone has at least the board's straight."""
    result = showdown("Tc Jd Qs Kh Ac", {"A": "2c 3d", "B": "7h 7s", "C": "4h 4d"})
    assert result.winners == ["A", "B", "C"] and result.split
    assert result.decided_by.step is Step.IDENTICAL
    assert_explained(result, "A♣", {"en": "all play", "zh-Hant": "都是", "zh-Hans": "都是"})


def test_pair_of_aces_king_kicker_beats_queen_kicker_with_board_jack_and_eight() -> None:
    """001: A♠K♣ vs A♥Q♣ on A♦ 8♠ 5♣ 2♥ J♦: A-A-K-J-8 beats A-A-Q-J-8."""
    result = showdown("Ad 8s 5c 2h Jd", {"A": "As Kc", "B": "Ah Qc"})
    assert result.winners == ["A"]
    assert [c.rank_char for c in result.hands["A"].best_five] == list("AAKJ8")
    assert [c.rank_char for c in result.hands["B"].best_five] == list("AAQJ8")
    assert (result.decided_by.step, result.decided_by.kicker_index) == (Step.KICKER, 1)
    assert_explained(result, "K♣", "Q♣")


def test_full_hand_example_king_kicker_beats_queen_kicker_at_the_river() -> None:
    """001 full-hand example: A♠K♠ ends with A♠ A♦ K♠ J♥ 7♣ against A♥Q♥.

    The article names A♦ and 7♣ on the flop, J♥ on the turn and 4♣ on the
    river; the third flop card is not named, 2♦ stands in for it.
    """
    result = showdown("Ad 7c 2d Jh 4c", {"you": "As Ks", "opponent": "Ah Qh"})
    assert result.winners == ["you"]
    assert best_five(result, "you") == cards("As Ad Ks Jh 7c")
    assert (result.decided_by.step, result.decided_by.kicker_index) == (Step.KICKER, 1)
    assert_explained(result, "K♠", "Q♥")


def test_board_three_of_a_kind_both_hole_cards_are_kickers_second_kicker_decides() -> None:
    """001: with trips on the board both hole cards can be kickers."""
    result = showdown("8s 8h 8d 4c 2h", {"A": "Kc Qd", "B": "Kd Jc"})
    assert result.winners == ["A"]
    assert [str(c) for c in result.hands["A"].kickers] == cards("Kc Qd")
    assert (result.decided_by.step, result.decided_by.kicker_index) == (Step.KICKER, 2)
    assert_explained(result, "Q♦", "J♣")


def test_high_card_ace_high_is_not_enough_later_cards_decide() -> None:
    """001: "都是 A 高" is not enough — high card hands compare down to the fifth card."""
    result = showdown("Ac Jd 9s 8h 2c", {"A": "6d 3c", "B": "5s 3d"})
    assert result.hands["A"].category is Category.HIGH_CARD
    assert result.winners == ["A"]
    assert (result.decided_by.step, result.decided_by.kicker_index) == (Step.KICKER, 4)
    assert_explained(result, "6♦", "5♠", "J♦ 9♠ 8♥")


# --- 003 ----------------------------------------------------------------------------------


def test_pair_of_aces_king_beats_queen_kicker_five_cards() -> None:
    """003: A♠A♦K♣7♥5♠ vs A♥A♣Q♦7♠5♥ — both a pair of aces, K beats Q."""
    decision = compare_hands(evaluate("As Ad Kc 7h 5s"), evaluate("Ah Ac Qd 7s 5h"))
    assert (decision.step, decision.winner, decision.kicker_index) == (Step.KICKER, "a", 1)
    for lang in LANGS:
        text = decision.explain(lang)
        assert "K♣" in text and "Q♦" in text


def test_wheel_is_smaller_than_six_high_straight_five_cards() -> None:
    """003: A2345 is the smallest straight, smaller than 23456."""
    decision = compare_hands(evaluate("Ac 2d 3h 4s 5c"), evaluate("2c 3d 4h 5s 6c"))
    assert (decision.step, decision.winner) == (Step.MADE_CARDS, "b")
    assert decision.deciding_cards == (tuple(parse_cards("5c")), tuple(parse_cards("6c")))


# --- 004 ----------------------------------------------------------------------------------


def test_royal_flush_on_board_both_players_play_the_board_split() -> None:
    """004 card 6: board A♠ K♠ Q♠ J♠ T♠, 2♣3♦ vs 4♥5♣ — both play the board and split."""
    result = showdown("As Ks Qs Js Ts", {"甲": "2c 3d", "乙": "4h 5c"})
    assert result.winners == ["甲", "乙"] and result.split
    assert result.hands["甲"].category is Category.ROYAL_FLUSH
    assert result.decided_by.step is Step.IDENTICAL
    assert_explained(
        result,
        {"en": "the board plays", "zh-Hant": "公牌就是最強五張", "zh-Hans": "公共牌就是最强五张"},
    )
