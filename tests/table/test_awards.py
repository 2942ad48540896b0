"""Why each pot was won: folded, mucked or compared (table.awards), and the
room's showdown panel and the terminal saying it (issue 14: a showdown where
the losers mucked was explained as "everyone else folded")."""

from __future__ import annotations

import pytest

from pokerdealer.cards import parse_cards
from pokerdealer.rules import Hand, HandConfig, Street, deck_for_deal
from pokerdealer.server.views import showdown_summary
from pokerdealer.table import HandRecord, Positions
from pokerdealer.table.awards import award_stories

BOARD = "Ad Qs 7h 3c 2d"


def _hand(holes: list[str], *, stacks: tuple[int, ...] | None = None) -> Hand:
    n = len(holes)
    config = HandConfig(
        stacks=stacks or (100,) * n, blinds=(1, 2), players=("Ann", "Bob", "Cat", "Dan")[:n]
    )
    return Hand(config, deck_for_deal(config, [parse_cards(h) for h in holes], parse_cards(BOARD)))


def _to_showdown(hand: Hand) -> None:
    while hand.street is not Street.SHOWDOWN:
        hand.check_or_call()


def test_a_showdown_the_loser_mucked_names_the_mucker_not_a_fold():
    hand = _hand(["As Ah", "Kd 9c"])
    _to_showdown(hand)
    hand.show()
    hand.muck()
    (story,) = award_stories(hand)
    assert story.how == "mucked"
    assert (story.contenders, story.shown, story.mucked) == ((0, 1), (0,), (1,))
    assert story.text("en") == "Ann wins with three of a kind, aces, kickers Q 7: Bob mucked without showing"
    assert story.text("zh-Hans") == "Ann以三条A，踢脚Q 7赢：Bob盖牌，没有摊开"


def test_a_winner_who_never_showed_is_said_to_win_without_showing():
    hand = _hand(["Kd 9c", "As Ah"])
    _to_showdown(hand)
    hand.muck()  # the first to show gives up
    (story,) = award_stories(hand)
    assert story.text("en") == "Bob wins without showing: Ann mucked"
    assert story.text("zh-Hant") == "Bob不必亮牌就贏：Ann蓋牌"


def test_everyone_folding_is_still_said_as_a_fold():
    hand = _hand(["Kd 9c", "As Ah"])
    folder = hand.actor
    hand.fold()
    (story,) = award_stories(hand)
    assert story.how == "folded" and story.contenders == (1 - folder,)
    assert story.text("en") == f"{('Ann', 'Bob')[1 - folder]} wins: everyone else folded"


def test_compared_hands_add_who_mucked_beside_the_comparison():
    hand = _hand(["As Ah", "Qd Qc", "Kd 9c"])
    _to_showdown(hand)
    hand.show(), hand.show(), hand.muck()  # noqa: B018 - the three showdown acts, in order
    (story,) = award_stories(hand)
    assert story.how == "showdown" and story.mucked == (2,)
    text = story.text("en")
    assert text.startswith("Ann wins: three aces beats three queens (Bob)")
    assert text.endswith("; Cat mucked")


def test_two_mucks_leave_one_live_hand_and_both_muckers_are_named():
    hand = _hand(["Kd 9c", "As Ah", "Qd Qc"])
    _to_showdown(hand)
    while not hand.is_complete:
        if hand.actor == 1:
            hand.show()
        else:
            hand.muck()
    (story,) = award_stories(hand)
    assert story.how == "mucked" and story.contenders == (0, 1, 2) and story.mucked == (0, 2)
    assert story.text("en").endswith(": Ann and Cat mucked without showing")
    assert story.text("zh-Hant").endswith("：Ann和Cat蓋牌，沒有攤開")


def test_an_all_in_showdown_tables_every_hand_and_compares_them():
    hand = _hand(["Kd 9c", "As Ah", "Qd Qc"], stacks=(20, 100, 100))
    while not hand.is_complete:
        hand.all_in() if hand.actor == 0 else hand.check_or_call()
    stories = award_stories(hand)
    assert [s.how for s in stories] == ["showdown"]
    assert stories[0].shown == (0, 1, 2) and stories[0].mucked == ()


def test_the_rooms_showdown_panel_says_who_mucked_in_every_language():
    hand = _hand(["As Ah", "Kd 9c"])
    _to_showdown(hand)
    hand.show()
    hand.muck()
    record = HandRecord(number=1, hand=hand, seats=(1, 2), positions=Positions(1, 1, 2))
    (award,) = showdown_summary(record, None)["awards"]
    assert award["uncontested"] is False and award["how"] == "mucked"
    assert award["explain"]["en"].endswith("Bob mucked without showing")
    assert award["explain"]["zh-Hant"].endswith("Bob蓋牌，沒有攤開")


def test_a_hand_not_over_has_no_stories():
    with pytest.raises(ValueError, match="not over"):
        award_stories(_hand(["As Ah", "Kd 9c"]))


def test_the_felt_is_told_the_winners_deciding_card_and_the_step_in_every_language():
    """Ann A♠ K♦ against Bob A♥ 9♣ on A♦ Q♠ 7♥ 3♣ 2♦: a pair of aces each, and the first kicker,
    Ann's K♦ against the board's Q♠, decides (seed 000: "第一張踢腳：K贏Q")."""
    hand = _hand(["As Kd", "Ah 9c"])
    _to_showdown(hand)
    hand.show(), hand.show()  # noqa: B018 - the two showdown acts, in order
    record = HandRecord(number=1, hand=hand, seats=(3, 5), positions=Positions(3, 3, 5))
    (award,) = showdown_summary(record, None)["awards"]
    assert award["decides"] == {"cards": ["Kd"], "words": {
        "en": "the first kicker: K♦ beats Q♠", "zh-Hant": "第一張踢腳：K♦贏Q♠", "zh-Hans": "第一张踢脚：K♦赢Q♠"}}


def test_no_card_is_said_to_decide_when_the_kind_of_hand_or_a_tie_or_a_muck_did():
    """Three aces beat a pair of kings (the kind of hand, no card); A♠ K♦ and A♥ K♣ split on the
    same five; Bob mucks: nothing marked, nothing said."""
    for holes, acts in ((["As Ah", "Kd Kc"], 2), (["As Kd", "Ah Kc"], 2), (["As Kd", "Ah 9c"], 1)):
        hand = _hand(holes)
        _to_showdown(hand)
        hand.show()
        hand.show() if acts == 2 else hand.muck()  # noqa: B018 - the second showdown act
        record = HandRecord(number=1, hand=hand, seats=(1, 2), positions=Positions(1, 1, 2))
        assert [a["decides"] for a in showdown_summary(record, None)["awards"]] == [None] * len(hand.result.awards), holes
