"""showdown(): validation, several players, splits, short deck."""

from __future__ import annotations

import pytest

from pokerdealer.cards import parse_cards
from pokerdealer.errors import CardParseError, PokerDealerError
from pokerdealer.evaluation import Category
from pokerdealer.evaluation.explain import Step
from pokerdealer.evaluation.showdown import DecidedBy, ShowdownResult, showdown

BOARD = "Ad Qs 7h 3c 2d"


def test_result_fields() -> None:
    result = showdown(BOARD, {"A": "As Kd", "B": "Ah 9c"}, lang="zh-Hans")
    assert isinstance(result, ShowdownResult)
    assert result.winners == ["A"] and result.split is False
    assert set(result.hands) == {"A", "B"}
    assert result.losers == ["B"]
    assert result.decided_by == DecidedBy(Step.KICKER, 1, result.explain("zh-Hans"))
    assert result.decided_by.explanation.startswith("A赢")
    assert result.board == parse_cards(BOARD)
    with pytest.raises(AttributeError):
        result.split = True  # type: ignore[misc]


def test_cards_may_be_card_objects() -> None:
    result = showdown(parse_cards(BOARD), {"A": parse_cards("As Kd"), "B": ["Ah", "9c"]})
    assert result.winners == ["A"]


def test_board_of_three_or_four_cards() -> None:
    assert showdown("Ad Qs 7h", {"A": "As Kd", "B": "Ah 9c"}).winners == ["A"]
    assert showdown("Ad Qs 7h 3c", {"A": "As Kd", "B": "Ah 9c"}).winners == ["A"]


@pytest.mark.parametrize(
    ("board", "players", "error"),
    [
        ("Ad Qs", {"A": "As Kd", "B": "Ah 9c"}, "board need 3 or 4 or 5 cards, got 2"),
        ("Ad Qs 7h 3c 2d 4d", {"A": "As Kd", "B": "Ah 9c"}, "got 6"),
        (BOARD, {"A": "As Kd Kh", "B": "Ah 9c"}, "A's hole cards need 2 cards, got 3"),
        (BOARD, {"A": "As", "B": "Ah 9c"}, "A's hole cards need 2 cards, got 1"),
        (BOARD, {"A": "As Kd"}, "at least 2 players, got 1"),
        (BOARD, {}, "at least 2 players, got 0"),
        (BOARD, {"A": "Ad Kd", "B": "Ah 9c"}, "'Ad' appears twice: in the board and in A's"),
        (BOARD, {"A": "As Kd", "B": "Ah Kd"}, "'Kd' appears twice: in A's hole cards and in B's"),
        (BOARD, {"A": "As Kx", "B": "Ah 9c"}, "'Kx' is not a card"),
    ],
)
def test_bad_input_is_rejected_with_a_clear_message(
    board: str, players: dict[str, str], error: str
) -> None:
    with pytest.raises(PokerDealerError, match=error):
        showdown(board, players)


def test_duplicate_error_names_the_card() -> None:
    with pytest.raises(CardParseError) as info:
        showdown(BOARD, {"A": "As Kd", "B": "Qs 9c"})
    assert info.value.token == "Qs"


def test_unknown_language_and_variant() -> None:
    with pytest.raises(PokerDealerError, match="unknown language"):
        showdown(BOARD, {"A": "As Kd", "B": "Ah 9c"}, lang="fr")
    with pytest.raises(PokerDealerError, match="unknown variant"):
        showdown(BOARD, {"A": "As Kd", "B": "Ah 9c"}, variant="omaha")  # type: ignore[arg-type]


def test_three_players_explains_winner_against_best_loser() -> None:
    """The explanation is about the winner against the next best hand only."""
    result = showdown(BOARD, {"C": "2c 2h", "A": "As Kd", "B": "Ah 9c"})
    assert result.hands["C"].category is Category.THREE_OF_A_KIND
    assert result.winners == ["C"]
    assert result.decided_by.step is Step.CATEGORY
    assert result.decided_by.explanation == "C wins: three twos beats a pair of aces (A)"

    result = showdown(BOARD, {"C": "2c 2h", "A": "As Kd", "B": "Ac Kh"})
    assert result.decided_by.explanation == "C wins: three twos beats a pair of aces (A and B)"

    result = showdown(BOARD, {"A": "As Kd", "B": "Ah 9c", "C": "Kc Jc"})
    assert result.winners == ["A"]
    assert (result.decided_by.step, result.decided_by.kicker_index) == (Step.KICKER, 1)
    assert "B's Q♠" in result.decided_by.explanation


def test_two_winners_split_against_a_loser() -> None:
    result = showdown(BOARD, {"A": "As Kd", "B": "Ac Kh", "C": "Ah 9c"})
    assert result.winners == ["A", "B"] and result.split
    assert result.decided_by.step is Step.KICKER
    assert result.decided_by.explanation.startswith("A and B split the pot")
    assert result.explain("zh-Hant").startswith("A和B平分底池")


def test_short_deck_flush_beats_full_house() -> None:
    result = showdown(
        "Ah 9h 6h 9c 6d", {"flush": "Kh 7h", "boat": "9d Ac"}, variant="shortdeck"
    )
    assert result.hands["flush"].category is Category.FLUSH
    assert result.hands["boat"].category is Category.FULL_HOUSE
    assert result.winners == ["flush"]
    assert result.decided_by.step is Step.CATEGORY


def test_short_deck_trips_against_straight_follows_the_option() -> None:
    players = {"trips": "Kc Kd", "straight": "Tc Jd"}
    board = "Ks 9h 8c 7d Ah"
    assert showdown(board, players, variant="shortdeck").winners == ["trips"]
    assert showdown(
        board, players, variant="shortdeck", trips_beat_straight=False
    ).winners == ["straight"]


def test_short_deck_rejects_low_cards() -> None:
    with pytest.raises(CardParseError, match="short deck"):
        showdown(BOARD, {"A": "As Kd", "B": "Ah 9c"}, variant="shortdeck")


def test_a_counterfeited_two_pair_is_named_as_seed_000_names_it() -> None:
    # Seed 000: 5♠4♠ against A♣K♦ on 5♦ 4♥ K♣ 9♠ 9♥ -- the board's nines push the fours out.
    players = {"你": "5s 4s", "對手": "Ac Kd"}
    result = showdown("5d 4h Kc 9s 9h", players, lang="zh-Hant")
    assert result.winners == ["對手"]
    assert "疊牌（被公牌反做）" in result.decided_by.explanation and "你的4被疊掉了" in result.decided_by.explanation
    assert "叠牌（被公共牌反做）" in result.explain("zh-Hans")
    assert "your fours are counterfeited" in showdown("5d 4h Kc 9s 9h", {"You": "5s 4s", "B": "Ac Kd"}).explain("en")


def test_a_counterfeit_where_the_lower_pair_decides_says_so_not_that_the_top_pairs_compare() -> None:
    # Issue 38: 6♠2♦ had sixes and twos on 6♥ 2♠ 8♠; the aces pair on the board, the
    # aces tie, and B's eights beat A's sixes as the lower pair.
    result = showdown("6h 2s 8s Ad As", {"A": "6s 2d", "B": "8c Jc"})
    assert result.winners == ["B"] and result.decision.made_index == 2
    assert result.explain("en") == (
        "B wins: two pair of aces and eights beats two pair of aces and sixes (A); the lower pair "
        "8♠ 8♣ beats 6♠ 6♥; A's twos are counterfeited: every hand has the board's pair of aces, so "
        "A's pair of twos no longer plays (with one ace on the board, A's two pair of sixes and twos "
        "would have beaten B)"
    )
    assert result.explain("zh-Hans").endswith(
        "；小对8♠ 8♣大过6♠ 6♥；叠牌（被公共牌反做）：公共牌的一对A人人都有，A的2被叠掉了"
        "（公共牌上只有一张A的话，A的两对6和2会赢B）"
    )
    assert result.explain("zh-Hant").endswith(
        "；小對8♠ 8♣大過6♠ 6♥；疊牌（被公牌反做）：公牌的一對A人人都有，A的2被疊掉了"
        "（公牌上只有一張A的話，A的兩對6和2會贏B）"
    )
    assert "top pair" not in result.explain("en") and "顶对" not in result.explain("zh-Hans")


def test_a_pair_pushed_out_that_would_have_lost_anyway_is_not_called_counterfeited() -> None:
    # B's eights and sixes beat A's sixes and twos with or without the board's aces.
    result = showdown("6h 2s 8s Ad As", {"A": "6s 2d", "B": "8c 6c"})
    assert result.winners == ["B"]
    for lang, word in (("en", "counterfeit"), ("zh-Hans", "叠牌"), ("zh-Hant", "疊牌")):
        assert word not in result.explain(lang)


def test_a_counterfeit_the_kicker_decides_is_said_to_the_default_name_as_you() -> None:
    # 4♠2♦ on 4♥ 2♠ T♦ T♣ 9♠: tens and fours, nine; B's 4♣Q♣: tens and fours, queen.
    result = showdown("4h 2s Td Tc 9s", {"You": "4s 2d", "B": "4c Qc"})
    assert result.winners == ["B"]
    assert result.explain("en").endswith(
        "your twos are counterfeited: every hand has the board's pair of tens, so your pair of twos "
        "no longer plays (with one ten on the board, your two pair of fours and twos would have beaten B)"
    )
    assert "你的2被叠掉了" in result.explain("zh-Hans") and "You" not in result.explain("zh-Hans").split("；", 2)[2]


def test_a_counterfeit_note_names_every_winner_it_would_have_beaten() -> None:
    # Three players: B and C split with tens and fours, queen kicker; A's twos counterfeited.
    result = showdown("4h 2s Td Tc 9s", {"A": "4s 2d", "B": "4c Qc", "C": "4d Qd"})
    assert result.winners == ["B", "C"]
    assert result.explain("en").endswith("A's two pair of fours and twos would have beaten B and C)")


def test_a_short_deck_flush_over_a_full_house_says_why_and_the_tables_order() -> None:
    # 36 cards: nine of a suit, so a flush is rarer than a full house and ranks above it;
    # trips against a straight say which of the two orders this table plays.
    flush = showdown("Kh Kd 8h 7c Th", {"A": "Ah Jh", "B": "Ks 7d"}, variant="shortdeck")
    assert flush.winners == ["A"] and "a flush beats a full house: the 36-card deck" in flush.decided_by.explanation
    trips = showdown("9c 8d 7h Ks Kd", {"A": "Ts 6c", "B": "Kc 6d"}, variant="shortdeck")
    assert "this table ranks three of a kind above a straight" in trips.decided_by.explanation
    straight = showdown(
        "9c 8d 7h Ks Kd", {"A": "Ts 6c", "B": "Kc 6d"}, variant="shortdeck", trips_beat_straight=False
    )
    assert "this table ranks a straight above three of a kind" in straight.decided_by.explanation


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("en", "the first kicker K♦ beats 小美's 7♠ and Bob's 7♥"),
        ("zh-Hans", "第一张踢脚K♦大过小美的7♠和Bob的7♥"),
        ("zh-Hant", "第一張踢腳K♦大過小美的7♠和Bob的7♥"),
    ],
)
def test_several_losers_kickers_are_each_named_with_their_own_card(lang: str, expected: str) -> None:
    # Issue 23: "小美 and Bob's 7♥" when 小美's kicker was the 7♠.
    result = showdown("Ad 6s 5h 3c 2d", {"Ann": "As Kd", "小美": "Ah 7s", "Bob": "Ac 7h"})
    assert result.explain(lang).endswith(expected)


def test_losers_playing_one_board_card_are_named_together() -> None:
    result = showdown("Ad Qs 5h 3c 2d", {"Ann": "As Kd", "小美": "Ah 7s", "Bob": "Ac 7h"})
    assert result.explain().endswith("the first kicker K♦ beats 小美 and Bob's Q♠ (from the board)")


def test_split_winners_kickers_are_each_named_with_their_own_card() -> None:
    result = showdown("Ad 6s 5h 3c 2d", {"Ann": "As Kd", "Bob": "Ah Kc", "You": "Ac 7h"})
    assert result.explain() == (
        "Ann and Bob split the pot: all have a pair of aces; "
        "the first kicker: Ann's K♦ and Bob's K♣ beat your 7♥"
    )


def test_several_losers_pairs_are_each_named_with_their_own_cards() -> None:
    result = showdown("Kd Qs 3h 7c 2d", {"Ann": "As Ad", "小美": "9h 9s", "Bob": "9c 9d", "Cy": "4c 5d"})
    assert result.explain("zh-Hant").endswith("對子A♠ A♦大過小美的9♠ 9♥和Bob的9♦ 9♣")
