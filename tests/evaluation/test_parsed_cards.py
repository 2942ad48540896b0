"""evaluate() takes a tuple of Card objects as they are, and still refuses bad ones
with parse_cards' own message."""

from __future__ import annotations

import pytest

from pokerdealer import Card, evaluate, parse_cards
from pokerdealer.errors import CardParseError


def test_parsed_cards_give_the_same_value_as_text():
    text = "Ah 9c Ad Qs 7h 3c 2d"
    assert evaluate(parse_cards(text)) == evaluate(text)


def test_a_card_twice_in_a_parsed_hand_is_refused():
    with pytest.raises(CardParseError, match="'As' appears twice"):
        evaluate(parse_cards("As Kd Qh Jc 9s") + (Card.parse("As"),))


def test_a_deuce_in_a_parsed_short_deck_hand_is_refused():
    with pytest.raises(CardParseError):
        evaluate(parse_cards("As Kd Qh Jc 2s"), "shortdeck")


def test_the_best_five_of_a_flush_are_the_flush_suits_highest():
    value = evaluate("Ah 9h 2h Kh 5h 3h Ad")
    assert [str(c) for c in value.best_five] == ["Ah", "Kh", "9h", "5h", "3h"]
