"""``evaluate`` works out the rank at once and the best five when first read: the value
is the same, whichever field is read first, and copies, pickles and prints as the plain
``HandValue``."""

from __future__ import annotations

import copy
import pickle

import pytest

from pokerdealer.cards import parse_cards
from pokerdealer.evaluation import HandValue, evaluate

HAND = "As Ad Kc Qd 7h 3c 2d"


def plain(value: HandValue) -> HandValue:
    return HandValue(value.category, value.rank, value.best_five, value.made, value.kickers, value.variant)


def test_the_cards_that_play_are_worked_out_only_when_first_read() -> None:
    value = evaluate(HAND)
    assert value.rank and value.category == "one_pair"
    assert value._hand >= 0  # type: ignore[attr-defined]  # not yet: rank and category are the class's
    assert [str(c) for c in value.kickers] == ["Kc", "Qd", "7h"]
    assert value._hand == -1  # type: ignore[attr-defined]  # read once, then kept


@pytest.mark.parametrize("first", ["best_five", "made", "kickers", "category", "rank", "variant"])
def test_a_value_is_the_same_whichever_field_is_read_first(first: str) -> None:
    value = evaluate(parse_cards(HAND))
    getattr(value, first)
    reference = evaluate(HAND)
    assert plain(value) == plain(reference) and value == reference


def test_a_flush_of_seven_parsed_cards_plays_its_suit_only() -> None:
    # As and Ks are higher suits than the hearts: read from all seven cards, the best
    # five would take them (a flush's value keeps only its suit's cards).
    cards = parse_cards("Ah 9h 2h Kh 5h As Ks")
    evaluate(cards)  # the rank class made: the second value is the fast path's
    value = evaluate(cards)
    assert [str(c) for c in value.best_five] == ["Ah", "Kh", "9h", "5h", "2h"]
    assert value.category == "flush" and value == evaluate("Ah 9h 2h Kh 5h As Ks")


def test_a_value_copies_pickles_prints_and_hashes_as_the_plain_value() -> None:
    value = evaluate(HAND)
    expected = plain(evaluate(HAND))
    assert repr(value) == repr(expected)
    assert value == expected and expected == value and hash(value) == hash(expected)
    for twin in (copy.copy(value), copy.deepcopy(value), pickle.loads(pickle.dumps(value))):
        assert type(twin) is HandValue and twin == expected


@pytest.mark.parametrize("field", ["category", "rank", "best_five", "made", "kickers", "variant"])
def test_every_field_of_an_evaluated_hand_refuses_a_new_value_and_a_delete(field: str) -> None:
    import dataclasses

    value = evaluate(parse_cards("As Ad Kc Qd 7h 3c 2d"))  # the fast path's value
    before = plain(value)
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(value, field, None)
    with pytest.raises(dataclasses.FrozenInstanceError):
        delattr(value, field)
    assert plain(value) == before
