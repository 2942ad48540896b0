"""The replayer's frames step through a run-out street by street and end on the
awards, each pot named in words (issue 14)."""

from __future__ import annotations

from pokerdealer.cards import parse_cards
from pokerdealer.i18n import message
from pokerdealer.rules import Hand, HandConfig, deck_for_deal
from pokerdealer.server.views import hand_frames, public_pots
from pokerdealer.table import HandRecord, Positions


def _all_in_preflop() -> HandRecord:
    config = HandConfig(stacks=(100, 60), blinds=(1, 2), players=("Ann", "Bob"))
    holes = [parse_cards("As Ah"), parse_cards("Kd 9c")]
    hand = Hand(config, deck_for_deal(config, holes, parse_cards("Ad Qs 7h 3c 2d")))
    while not hand.is_complete:
        hand.all_in() if hand.legal().min_raise_to is not None else hand.call()
    return HandRecord(number=1, hand=hand, seats=(1, 2), positions=Positions(2, 2, 1))


def test_an_all_in_run_out_is_dealt_street_by_street():
    frames = hand_frames(_all_in_preflop())
    boards = [len(f["board"]) for f in frames]
    assert boards[-5:-1] == [0, 3, 4, 5]  # the call, then flop, turn and river
    dealt = [f["text"] for f in frames if f["said"]["key"] == "room.hands.dealt"]
    assert dealt == ["flop dealt: Ad Qs 7h", "turn dealt: 3c", "river dealt: 2d"]


def test_the_last_frame_awards_the_pot_in_words_in_every_language():
    last = hand_frames(_all_in_preflop())[-1]
    assert last["text"] == "Pot 120 to Ann"
    said = last["said"]
    assert message("zh-Hant", said["key"], **said["params"]) == "底池 120 歸 Ann"


def _split_pot() -> HandRecord:
    config = HandConfig(stacks=(100, 100, 100), blinds=(1, 2), players=("Ann", "Bob", "Cy"))
    holes = [parse_cards("As Kd"), parse_cards("Ah Kc"), parse_cards("7d 2c")]
    hand = Hand(config, deck_for_deal(config, holes, parse_cards("Qs Jh 9c 4d 3s")))
    while hand.actor is not None and not hand.is_complete and hand.street.value != "showdown":
        hand.check() if hand.legal().can_check else hand.call()
    hand.auto_showdown()
    return HandRecord(number=1, hand=hand, seats=(1, 2, 3), positions=Positions(3, 1, 2))


def test_a_split_pot_names_its_winners_with_the_languages_separator():
    said = hand_frames(_split_pot())[-1]["said"]
    assert message("en", said["key"], **said["params"]) == "Pot 6 to Ann, Bob"
    assert message("zh-Hant", said["key"], **said["params"]) == "底池 6 歸 Ann、Bob"
    assert message("zh-Hans", said["key"], **said["params"]) == "底池 6 归 Ann、Bob"


def test_an_open_bet_over_an_all_in_is_the_bettors_not_a_side_pot_on_the_felt():
    # Seed 003, beginners' detail 4: Ann, 10 chips left, faces Bob's 461 with Cy all-in for 30.
    config = HandConfig(stacks=(40, 1000, 30), blinds=(1, 2), players=("Ann", "Bob", "Cy"))
    holes = [parse_cards("Jc Jd"), parse_cards("Kd 9c"), parse_cards("As Ah")]
    hand = Hand(config, deck_for_deal(config, holes, parse_cards("Ad Qs 7h 3c 2d")))
    hand.all_in(), hand.call(), hand.call()  # Cy all-in 30, Ann and Bob call
    hand.check(), hand.bet(461)  # flop: Ann checks, Bob bets 461
    assert public_pots(hand, (1, 2, 3)) == [
        {"amount": 90, "seats": [1, 2, 3], "label": "pot"},
        {"amount": 461, "seats": [2], "label": "unmatched", "name": "Bob"},
    ]
    hand.call(), hand.auto_showdown()  # Ann calls all-in for 10: Bob's other 451 goes back
    record = HandRecord(number=1, hand=hand, seats=(1, 2, 3), positions=Positions(3, 1, 2))
    frames = hand_frames(record)
    bet = next(f for f in frames if f["said"]["params"].get("action", {}).get("key") == "room.log.bet")
    assert [p["label"] for p in bet["pots"]] == ["pot", "unmatched"]
    called = frames[frames.index(bet) + 1]
    assert [(p["label"], p["amount"]) for p in called["pots"]] == [("main", 90), ("side 1", 20)]
