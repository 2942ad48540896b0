"""The card finder finds a card in every common spelling, and only as a card."""

from __future__ import annotations

import pytest

from tests.server.security.spelling import cards_named


@pytest.mark.parametrize(
    "text",
    [
        '"As"', "AS", "as", "aS", "A♠", "a♤", "[As Kd]", "Ah As", "AsKd", "KdAs", "2c3dAs", "A\\u2660",
        "A&spades;", "<td>As</td>", "deck=As,Kd", "As\n",
    ],
)
def test_the_ace_of_spades_is_found(text: str) -> None:
    assert cards_named(text)["As"] == 1


@pytest.mark.parametrize("text", ["10h", "Th", "TH", "th", "10♥", "t♡", "9s10hJd"])
def test_the_ten_of_hearts_is_found(text: str) -> None:
    assert cards_named(text)["Th"] == 1


@pytest.mark.parametrize("text", ["Ask", "basket", "x9d", "a2c", "1As", "As1", "12h", "Asx"])
def test_a_card_inside_a_word_or_number_is_not_a_card(text: str) -> None:
    assert not cards_named(text)
