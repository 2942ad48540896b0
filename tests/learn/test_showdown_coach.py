"""What the coach tells the learner once her hand reached the showdown (issue 22):
seed 004's procedure -- who shows first and why, an all-in turns every hand up,
a losing hand may be mucked, a winning hand shows both cards, an uncontested pot
needs no show -- and seed 000's lesson, her best five beside the hand that beat
it with the deciding card marked. Each test is one rule on a hand written out in
cards; the room's online showdown (``auto_showdown``) plays it as the room does.
"""

from __future__ import annotations

import json

import pytest

from pokerdealer.cards import parse_cards
from pokerdealer.evaluation import Step
from pokerdealer.evaluation.explain import card_label
from pokerdealer.i18n import LANGUAGES
from pokerdealer.learn.citations import cite
from pokerdealer.learn.coach import CoachLine, showdown_lesson
from pokerdealer.rules import Hand, HandConfig, Street, deck_for_deal

BOARD = "5c 5d Kh Qc 2s"


def deal(stacks: tuple[int, ...], holes: tuple[str, ...], board: str = BOARD) -> Hand:
    """Ann is the small blind (0), Bob the big blind (1), Cy the button (2); blinds 1/2.
    Heads-up, Ann is the big blind and Bob the button."""
    config = HandConfig(stacks=stacks, blinds=(1, 2), players=("Ann", "Bob", "Cy")[: len(stacks)])
    return Hand(config, deck_for_deal(config, [parse_cards(h) for h in holes], parse_cards(board)))


def to_the_river(hand: Hand) -> Hand:
    """Every player checks or calls until the river is dealt."""
    while hand.street is not Street.RIVER:
        hand.check_or_call()
    return hand


def check_down(hand: Hand) -> Hand:
    while hand.street is not Street.SHOWDOWN and not hand.is_complete:
        hand.check_or_call()
    return hand


def keys(lines: list[CoachLine]) -> list[str]:
    return [line.key for line in lines]


def test_the_last_bettor_on_the_river_shows_first_and_a_call_does_not_count() -> None:
    hand = to_the_river(deal((200, 200, 200), ("9s 3h", "Jd 3c", "7s 2d")))
    hand.check(), hand.bet(10), hand.fold(), hand.call()  # Bob bets the river, Cy folds, Ann calls last
    hand.auto_showdown()
    first = showdown_lesson(hand, 0)[0]
    assert first.key == "coach.sd.first.aggressor" and first.rule == "show-order"
    assert first.text("en").startswith("Bob was first to show: Bob made the last bet or raise on the river (a call does not count)")
    assert first.text("zh-Hant").startswith("Bob先亮牌：河牌最後一次下注或加注的是Bob（跟注不算）")
    assert first.text("zh-Hans").startswith("Bob先亮牌：河牌最后一次下注或加注的是Bob（跟注不算）")
    assert showdown_lesson(hand, 1)[0].key == "coach.sd.first.you.aggressor"  # Bob hears it of himself


def test_with_no_river_bet_the_first_player_left_of_the_button_shows_first() -> None:
    hand = check_down(deal((200, 200, 200), ("9s 3h", "Jd 3c", "7s 2d")))
    hand.auto_showdown()
    assert showdown_lesson(hand, 0)[0].key == "coach.sd.first.you.button"  # Ann, left of the button
    cy = showdown_lesson(hand, 2)[0]
    assert cy.key == "coach.sd.first.button" and dict(cy.params) == {"name": "Ann"}
    assert "按鈕左手邊第一位還有牌的人先亮" in cy.text("zh-Hant")


def test_all_in_every_hand_is_turned_up_at_once_and_none_is_mucked() -> None:
    hand = deal((50, 200, 200), ("9s 3h", "Jd 3c", "7s 2d"))
    hand.all_in(), hand.call(), hand.fold()  # Cy all-in, Ann calls all-in for 50, Bob folds
    assert hand.is_complete and hand.mucked == ()
    lines = showdown_lesson(hand, 0)
    assert keys(lines)[0] == "coach.sd.all_in" and lines[0].rule == "all-in-showdown"
    assert "coach.sd.first.you.button" not in keys(lines)  # no order: the rules turned all up
    assert "不能不亮牌就把牌丟掉" in lines[0].text("zh-Hant")
    assert showdown_lesson(hand, 1) == []  # Bob folded: he was not at the showdown


def test_her_losing_hand_is_mucked_and_compared_it_lost_on_the_third_kicker() -> None:
    # Seed 000: 5 5 K Q 9 against 5 5 K Q J.
    hand = to_the_river(deal((200, 200, 200), ("9s 3h", "Jd 3c", "7s 2d")))
    hand.check(), hand.bet(10), hand.fold(), hand.call()
    hand.auto_showdown()
    assert hand.mucked == (0,)  # the room mucks the hand that cannot beat Bob's, shown
    lines = showdown_lesson(hand, 0)
    assert keys(lines) == ["coach.sd.first.aggressor", "coach.sd.you_mucked", "coach.sd.lost"]
    lost = lines[2]
    assert lost.compare is not None
    decision = lost.compare.decision
    assert decision.step is Step.KICKER and decision.kicker_index == 3 and decision.winner == "b"
    assert lost.compare.marked == (tuple(parse_cards("9s")), tuple(parse_cards("Jd")))
    assert lost.text("en").startswith(
        "Your best five 5♦ 5♣ K♥ Q♣ [9♠] against Bob's 5♦ 5♣ K♥ Q♣ [J♦]: you lost on the third kicker"
    )
    assert "你的最強五張5♦ 5♣ K♥ Q♣ 【9♠】對上Bob的5♦ 5♣ K♥ Q♣ 【J♦】：你輸在第三張踢腳" in lost.text("zh-Hant")
    assert "你输在第三张踢脚" in lost.text("zh-Hans")
    said = lost.to_json("en")["compare"]
    assert said == {
        "hands": [
            {"name": "Ann", "you": True, "cards": ["5d", "5c", "Kh", "Qc", "9s"], "marked": ["9s"]},
            {"name": "Bob", "you": False, "cards": ["5d", "5c", "Kh", "Qc", "Jd"], "marked": ["Jd"]},
        ],
        "felt": "Lost on the third kicker",
    }
    assert "你的牌面朝下蓋掉" in lines[1].text("zh-Hant")


def test_a_winner_shows_both_cards() -> None:
    hand = check_down(deal((200, 200, 200), ("Ks 3h", "Jd 3c", "7s 8d")))
    hand.auto_showdown()  # Ann shows kings up first; Bob and Cy cannot beat them and muck
    lines = showdown_lesson(hand, 0)
    assert keys(lines) == ["coach.sd.first.you.button", "coach.sd.showed_both", "coach.sd.others_mucked"]
    assert lines[2].text("en").startswith("Bob and Cy mucked without showing: a hand that cannot win may be mucked")
    assert lines[2].text("zh-Hans").startswith("Bob和Cy没有亮牌就盖牌")


def test_playing_the_board_still_shows_both_cards_and_the_tie_is_side_by_side() -> None:
    hand = check_down(deal((200, 200, 200), ("2c 3d", "4h 6c", "6d 7h"), "As Ks Qs Js Ts"))
    hand.auto_showdown()
    lines = showdown_lesson(hand, 1)  # Bob
    assert keys(lines) == ["coach.sd.first.button", "coach.sd.board_plays", "coach.sd.tied"]
    assert lines[1].rule == "board-plays" and "只用公牌參與分池，也要把兩張底牌都攤開" in lines[1].text("zh-Hant")
    tie = lines[2]
    assert tie.compare is not None and tie.compare.decision.step is Step.IDENTICAL
    assert tie.compare.marked == ((), ())
    assert tie.text("en").startswith("A tie with Ann: your best five A♠ K♠ Q♠ J♠ 10♠ against A♠ K♠ Q♠ J♠ 10♠;")
    assert "the board plays" in tie.text("en")


def test_an_uncontested_pot_needs_no_show() -> None:
    folded = deal((200, 200, 200), ("9s 3h", "Jd 3c", "7s 2d"))
    folded.raise_to(10), folded.fold(), folded.fold()  # Cy raises, Ann and Bob fold
    (line,) = showdown_lesson(folded, 2)
    assert line.key == "coach.sd.uncontested" and line.rule == "uncontested"
    assert "沒有人爭奪的底池不必亮牌" in line.text("zh-Hant")
    assert showdown_lesson(folded, 0) == []  # she folded: no showdown for her
    # At a showdown: Ann, first to act, mucks; Bob's hand wins unseen (TDA 2026 18-B).
    mucked = check_down(deal((200, 200), ("Jd 3c", "9s 3h")))
    mucked.muck()
    bob = showdown_lesson(mucked, 1)
    assert keys(bob) == ["coach.sd.first.button", "coach.sd.won_unshown"]
    assert bob[1].text("en").startswith("Ann mucked without showing, so your hand, the last one still in, won")
    # Ann mucked the better hand: compared with nothing, Bob's cards were never shown.
    assert keys(showdown_lesson(mucked, 0)) == ["coach.sd.first.you.button", "coach.sd.you_mucked"]


def test_lost_to_two_players_she_is_compared_with_each_pot_winner() -> None:
    # Ann all-in for 50 loses the main pot to Cy's kings; Bob's side pot goes to Cy too,
    # and Bob (covering Ann) also is told why he lost it. All three hands are turned up.
    hand = deal((50, 100, 200), ("9s 3h", "Jd 3c", "Ks Kd"))
    hand.all_in(), hand.call(), hand.call()
    assert hand.is_complete and len(hand.result.awards) == 2
    ann = showdown_lesson(hand, 0)
    assert keys(ann) == ["coach.sd.all_in", "coach.sd.lost"]
    assert ann[1].compare is not None and ann[1].compare.decision.step is Step.CATEGORY
    assert "you lost on the kind of hand" in ann[1].text("en")
    assert "full house, kings full of fives beats a pair of fives (Ann)" in ann[1].text("en")


def test_she_is_compared_for_each_pot_she_lost_to_a_different_player() -> None:
    # Ann (all-in for 30) has the best hand and wins the main pot; the side pot between
    # Bob and Cy goes to Cy: Bob loses the main pot to Ann and the side pot to Cy.
    hand = deal((30, 200, 200), ("Kd Ks", "9s 3h", "Jd 3c"))
    hand.call(), hand.all_in(), hand.call(), hand.call()  # Cy calls, Ann all-in 30, Bob and Cy call
    hand.bet(20), hand.call()  # on the flop Bob bets 20 into a side pot, Cy calls
    check_down(hand)
    assert hand.is_complete
    bob = [line for line in showdown_lesson(hand, 1) if line.compare is not None]
    assert [line.compare.name for line in bob] == ["Ann", "Cy"]
    assert bob[0].text("en").startswith("For the main pot of 90: Your best five")
    assert bob[1].text("en").startswith("For side pot 1 of ")
    assert bob[1].text("zh-Hant").startswith("邊池1（")
    won = showdown_lesson(hand, 0)
    assert keys(won) == ["coach.sd.all_in", "coach.why_won"]


def test_no_card_the_rules_did_not_show_is_named() -> None:
    # Cy's 7s 2d is mucked unseen after Bob shows; nobody's lesson names those cards
    # but Cy's own.
    hand = to_the_river(deal((200, 200, 200), ("9s 3h", "Jd 3c", "Ts Tc")))
    hand.check(), hand.bet(10), hand.call(), hand.call()
    hand.auto_showdown()
    assert 0 in hand.mucked
    secret = [card for card in hand.hole_cards[0]]  # Ann's, mucked
    for player in (1, 2):
        for line in showdown_lesson(hand, player):
            for lang in LANGUAGES:
                said = json.dumps(line.to_json(lang), ensure_ascii=False)
                for card in secret:
                    assert f"\"{card}\"" not in said and card_label(card) not in said, (player, said)
    assert any(line.compare for line in showdown_lesson(hand, 0))  # Ann's own: her cards are hers


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_showdown_line_is_said_in_every_language_with_a_rule_the_page_explains(lang: str) -> None:
    hands = [
        to_the_river(deal((200, 200, 200), ("9s 3h", "Jd 3c", "7s 2d"))),
        check_down(deal((200, 200, 200), ("2c 3d", "4h 6c", "6d 7h"), "As Ks Qs Js Ts")),
    ]
    hands[0].check(), hands[0].bet(10), hands[0].fold(), hands[0].call()
    for hand in hands:
        hand.auto_showdown()
        for player in range(3):
            for line in showdown_lesson(hand, player):
                said = line.to_json(lang)
                assert "{" not in str(said["text"]) and cite(lang, line.rule) in str(said["text"])
