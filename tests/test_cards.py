"""Reading, printing and shuffling cards."""

from __future__ import annotations

import random

import pytest

from pokerdealer.cards import CARDS, Card, Deck, deck_cards, format_cards, parse_card, parse_cards
from pokerdealer.errors import CardParseError


@pytest.mark.parametrize("text", ["As", "as", "A♠", "a♠", "AS", "A♤"])
def test_ace_of_spades_is_read_in_every_spelling(text):
    assert parse_card(text) is CARDS[51]


def test_ten_is_read_as_t_or_10_and_printed_as_t():
    assert str(parse_card("10h")) == "Th"
    assert str(parse_card("Th")) == "Th"


@pytest.mark.parametrize("text", ["As Kd Th 9c", "AsKdTh9c", "As,Kd, Th ,9c", "A♠ K♦ 10♥ 9♣"])
def test_card_lists_are_read_with_or_without_separators(text):
    assert format_cards(parse_cards(text)) == "As Kd Th 9c"


@pytest.mark.parametrize(("text", "token"), [("As Kx", "Kx"), ("As 1h", "1h"), ("Zs", "Zs")])
def test_an_unknown_rank_or_suit_is_rejected_quoting_the_token(text, token):
    with pytest.raises(CardParseError, match=repr(token)) as error:
        parse_cards(text)
    assert error.value.token == token


def test_a_duplicate_card_is_rejected_quoting_it():
    with pytest.raises(CardParseError, match="'Kd' appears twice"):
        parse_cards("As Kd kd")


def test_a_wrong_count_is_rejected_with_what_was_wanted():
    with pytest.raises(CardParseError, match="hole cards need 2 cards, got 1"):
        parse_cards("As", count=2, what="hole cards")


def test_cards_print_as_rank_then_suit_and_with_symbols():
    cards = parse_cards("Ah Tc")
    assert format_cards(cards) == "Ah Tc"
    assert format_cards(cards, symbols=True) == "A♥ T♣"
    assert Card(0).rank_char + Card(0).suit_char == "2c"


def test_a_seeded_deck_is_reproducible_and_complete():
    first = Deck(rng=random.Random(42))
    second = Deck(rng=random.Random(42))
    assert first.cards == second.cards
    assert sorted(first.cards) == list(CARDS)


def test_an_unseeded_deck_is_shuffled_by_the_operating_system():
    decks = {Deck().cards for _ in range(3)}
    assert len(decks) == 3  # three equal shuffles of 52 cards would be a miracle
    assert all(len(d) == 52 for d in decks)


def test_a_short_deck_has_36_cards_from_six_to_ace():
    deck = Deck(rng=random.Random(1), variant="shortdeck")
    assert len(deck) == 36
    assert min(c.rank for c in deck.cards) == 4
    assert deck_cards("shortdeck")[0] == parse_card("6c")


def test_dealing_takes_cards_from_the_top():
    deck = Deck("As Kd Qh Jc")
    assert format_cards(deck.deal(2)) == "As Kd"
    assert format_cards(deck.cards) == "Qh Jc"
    with pytest.raises(CardParseError, match="cannot deal 3 cards from a deck of 2"):
        deck.deal(3)


@pytest.mark.parametrize("seed", range(5))
def test_a_deck_as_printed_reads_back_card_for_card(seed):
    deck = list(CARDS)
    random.Random(seed).shuffle(deck)
    assert parse_cards(format_cards(deck), count=52, what="deck") == tuple(deck)


@pytest.mark.parametrize(
    ("text", "cards"),
    [("As 10h kd", "As Th Kd"), ("As Kd,Qh", "As Kd Qh"), ("As A♠", None), ("As Kd 1x", None), ("As As", None)],
)
def test_a_list_with_one_card_spelled_otherwise_is_read_or_refused_as_token_by_token(text, cards):
    if cards is None:
        with pytest.raises(CardParseError):
            parse_cards(text)
    else:
        assert parse_cards(text) == parse_cards(cards.split())
