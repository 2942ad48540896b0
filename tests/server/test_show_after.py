"""Showing cards after the hand and the rabbit hunt in the room (issue 39,
server/show_after.py and rabbit_hunt.py), without a server: the table's events
reduced, the hands written out in cards."""

from __future__ import annotations

import pytest

from pokerdealer.errors import PokerDealerError
from pokerdealer.server import rabbit_hunt, show_after
from pokerdealer.server.fair import DeckCommitment, public_positions
from pokerdealer.server.hand_book import HandBook
from pokerdealer.server.history_store import Rebuilt
from pokerdealer.server.proofs import hand_phh, hand_reveal
from pokerdealer.server.settings import TableSettings
from pokerdealer.server.views import hand_frames
from pokerdealer.server.words import Said
from tests.server.home_rules import act, apply, dealt, end, hand_of, member

TWO = {"Ann": 100, "Bob": 100}  # Ann's button and small blind, Bob's big blind


def _folded_on_the_flop(**options: object) -> object:
    """Ann (7♣2♦) bets the flop K♥ 8♦ 3♣, Bob (A♠Q♠) folds: the hand is over before the
    turn (9♥) and the river (2♠), which the deal would have put out behind their burns."""
    state = dealt(TableSettings(**options), TWO, {"Ann": "7c 2d", "Bob": "As Qs"}, "Kh 8d 3c 9h 2s")
    return end(act(state, "p1 cc", "p2 cc", "p2 cc", "p1 cbr 4", "p2 f"))


def _deck(state: object) -> list[str]:
    return [str(c) for c in hand_of(state).deck]  # type: ignore[arg-type]


def test_a_player_shows_one_card_after_the_hand_and_every_reader_sees_it() -> None:
    state = _folded_on_the_flop()
    assert show_after.public(state) == {"shown_after": None}
    state = apply(state, show_after.message(state, member(state, "Bob"), {"cards": "second"}))
    assert show_after.public(state) == {"shown_after": {"hand": 1, "seats": {"2": ["Qs"]}}}
    hand = hand_of(state)
    # The deck proof opens that card's position alone; the frames say the show.
    assert {_deck(state)[p] for p in public_positions(hand)} == {"Kh", "8d", "3c", "Qs"}
    said = [f["said"]["params"] for f in hand_frames(state.table.hands[-1]) if f["said"]["key"] == "room.log.line"]
    assert said[-1] == {"name": "Bob", "action": {"key": "room.log.show", "params": {"cards": "Qs"}}}
    state = apply(state, show_after.message(state, member(state, "Bob"), {"cards": "both"}))
    assert show_after.public(state)["shown_after"]["seats"] == {"2": ["As", "Qs"]}
    # The hand's PHH writes the shows after the hand as our field (PHH's players in the deal's order: Bob first).
    assert '_shows_after_hand = ["p1 sm Qs", "p1 sm AsQs"]' in hand_phh(hand, None, metadata={})


def test_a_show_is_refused_during_a_hand_by_a_player_not_dealt_in_and_for_cards_shown() -> None:
    state = dealt(TableSettings(), TWO, {})
    with pytest.raises(Said, match="no hand is over to show your cards from"):
        show_after.message(state, member(state, "Ann"), {"cards": "both"})
    state = _folded_on_the_flop()
    state = apply(state, show_after.message(state, member(state, "Ann"), {"cards": "both"}))
    with pytest.raises(PokerDealerError, match="already"):
        show_after.message(state, member(state, "Ann"), {"cards": "first"})
    with pytest.raises(PokerDealerError, match="say first, second or both"):
        show_after.message(state, member(state, "Bob"), {"cards": "third"})


def test_the_rabbit_hunt_shows_the_turn_and_river_the_deal_would_have_put_out() -> None:
    state = _folded_on_the_flop(rabbit_hunt=True)
    assert rabbit_hunt.public(state) == {"rabbit": None}
    state = apply(state, rabbit_hunt.message(state, member(state, "Bob"), {}))
    assert rabbit_hunt.public(state) == {"rabbit": {"hand": 1, "name": "Bob", "cards": ["9h", "2s"]}}
    record = state.table.hands[-1]
    assert [str(c) for c in record.hand.board] == ["Kh", "8d", "3c"]  # not part of the hand
    # The deck proof opens exactly those two positions besides the hand's own (the burns stay shut).
    reveal = hand_reveal(Rebuilt("t", state, HandBook()), record)
    assert reveal is not None
    opened = {leaf.split(":")[0] for leaf in reveal["reveal"] if ":" in leaf}
    assert opened == {"Kh", "8d", "3c", "9h", "2s"}
    with pytest.raises(Said, match="have been shown already"):
        rabbit_hunt.message(state, member(state, "Ann"), {})


def test_the_rabbit_hunt_is_refused_without_the_option_during_a_hand_and_after_the_river() -> None:
    state = _folded_on_the_flop()
    with pytest.raises(Said, match="does not allow rabbit hunting"):
        rabbit_hunt.message(state, member(state, "Bob"), {})
    state = dealt(TableSettings(rabbit_hunt=True), TWO, {}, "Kh 8d 3c 9h 2s")
    with pytest.raises(Said, match="before the next one is dealt"):
        rabbit_hunt.message(state, member(state, "Bob"), {})
    state = end(act(state, *["p1 cc", "p2 cc"] + ["p2 cc", "p1 cc"] * 3))  # checked down: the board is complete
    with pytest.raises(PokerDealerError, match="no card left to hunt"):
        rabbit_hunt.message(state, member(state, "Bob"), {})


def test_the_rabbit_hunt_ends_at_the_next_deal() -> None:
    state = _folded_on_the_flop(rabbit_hunt=True)
    state = apply(state, rabbit_hunt.message(state, member(state, "Ann"), {}))
    committed = DeckCommitment.draw(hand_of(state).deck)
    state = apply(state, [("hand_start", {"number": 2, "deck": committed.deck_text, "salts": committed.salts_text,
                                          "commitment": committed.root})])
    assert rabbit_hunt.public(state) == {"rabbit": None} and rabbit_hunt.positions(state, 1) == ()
