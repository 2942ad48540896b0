"""Range notation: every form, weights, unions, percentages, and the errors."""

from __future__ import annotations

import pytest

from pokerdealer.cards import parse_cards
from pokerdealer.equity import (
    HAND_CLASSES,
    PREFLOP_ORDER,
    Range,
    RangeParseError,
    class_combos,
    parse_range,
)
from pokerdealer.equity._preflop_order import PREFLOP_EQUITY


def classes(text: str) -> set[str]:
    return set(parse_range(text).classes())


@pytest.mark.parametrize(
    ("text", "count", "expected"),
    [
        ("AA", 6, {"AA"}),
        ("AKs", 4, {"AKs"}),
        ("AKo", 12, {"AKo"}),
        ("AK", 16, {"AKs", "AKo"}),
        ("KA", 16, {"AKs", "AKo"}),
        ("aks", 4, {"AKs"}),
        ("QQ+", 18, {"QQ", "KK", "AA"}),
        ("22+", 78, {RANK * 2 for RANK in "23456789TJQKA"}),
        ("KTo+", 36, {"KTo", "KJo", "KQo"}),
        ("A2s+", 48, {f"A{r}s" for r in "23456789TJQK"}),
        ("K9+", 64, {"K9s", "K9o", "KTs", "KTo", "KJs", "KJo", "KQs", "KQo"}),
        ("T9s+", 20, {"T9s", "JTs", "QJs", "KQs", "AKs"}),
        (
            "54o+",
            120,
            {f"{a}{b}o" for a, b in ["54", "65", "76", "87", "98", "T9", "JT", "QJ", "KQ", "AK"]},
        ),
        ("KQs+", 8, {"KQs", "AKs"}),
        ("AKs+", 4, {"AKs"}),
        ("A5s-A2s", 16, {"A5s", "A4s", "A3s", "A2s"}),
        ("A2s-A5s", 16, {"A5s", "A4s", "A3s", "A2s"}),
        ("KQo-K9o", 48, {"KQo", "KJo", "KTo", "K9o"}),
        ("TT-77", 24, {"TT", "99", "88", "77"}),
        ("77-TT", 24, {"TT", "99", "88", "77"}),
        ("T9s-54s", 24, {"T9s", "98s", "87s", "76s", "65s", "54s"}),
        ("J9s-64s", 24, {"J9s", "T8s", "97s", "86s", "75s", "64s"}),
        ("QQ+, AKs, A5s-A2s", 38, {"AA", "KK", "QQ", "AKs", "A5s", "A4s", "A3s", "A2s"}),
        ("random", 1326, set(HAND_CLASSES)),
        ("any", 1326, set(HAND_CLASSES)),
        ("100%", 1326, set(HAND_CLASSES)),
    ],
)
def test_notation_forms(text: str, count: int, expected: set[str]) -> None:
    parsed = parse_range(text)
    assert len(parsed) == count
    assert set(parsed.classes()) == expected
    assert all(w == 1.0 for w in parsed.weights)


def test_exact_combos_in_any_card_spelling() -> None:
    for text in ("AhKh", "Ah Kh", "KhAh", "a♥k♥", "10h9h"):
        parsed = parse_range(text)
        assert len(parsed) == 1
    assert parse_range("AhKh").combos == ((parse_cards("Ah")[0], parse_cards("Kh")[0]),)
    assert len(parse_range("AhKh, AsKs, QQ")) == 8


def test_class_combo_counts_cover_the_deck_once() -> None:
    assert len(HAND_CLASSES) == 169
    seen = [combo for name in HAND_CLASSES for combo in class_combos(name)]
    assert len(seen) == len(set(seen)) == 1326
    assert all(a > b for a, b in seen)


def test_weights_and_later_tokens_override() -> None:
    parsed = parse_range("AKs:0.5, QQ+, KK:0.25, AhKh")
    weight = dict(zip(parsed.indices(), parsed.weights))
    ah_kh = tuple(c.index for c in parse_cards("Ah Kh"))
    as_ks = tuple(c.index for c in parse_cards("As Ks"))
    kk = [c for c in class_combos("KK")]
    assert weight[ah_kh] == 1.0
    assert weight[as_ks] == 0.5
    assert all(weight[c] == 0.25 for c in kk)
    assert len(parse_range("QQ+, KK:0")) == 12  # weight 0 removes


def test_percentages_take_the_strongest_classes_until_the_share_is_reached() -> None:
    top = parse_range("top 10%")
    assert 0.10 * 1326 <= len(top) < 0.10 * 1326 + 12
    assert top.classes()[0] == "AA"
    assert set(parse_range("15%").classes()) == set(parse_range("Top 15 %").classes())
    assert set(parse_range("top 0.5%").classes()) == {"AA", "KK"}
    smaller, larger = classes("top 5%"), classes("top 20%")
    assert smaller < larger


def test_preflop_order_is_every_class_once_by_decreasing_equity() -> None:
    assert sorted(PREFLOP_ORDER) == sorted(HAND_CLASSES)
    values = [PREFLOP_EQUITY[name] for name in PREFLOP_ORDER]
    assert values == sorted(values, reverse=True)
    assert PREFLOP_ORDER[:3] == ("AA", "KK", "QQ")
    assert PREFLOP_ORDER[-1] == "32o"
    # published all-in equities against a random hand (PokerStove), within MC noise
    for name, published in {"AA": 0.8520, "AKs": 0.6704, "72o": 0.3458, "T9s": 0.5404}.items():
        assert PREFLOP_EQUITY[name] == pytest.approx(published, abs=0.0015)


def test_range_helpers() -> None:
    parsed = Range.parse("AA, KK")
    assert str(parsed) == "AA, KK"
    without = parsed.without(parse_cards("As"))
    assert len(without) == 9
    built = Range.from_combos([(0, 51)], [0.5])
    assert built.indices() == ((51, 0),) and built.weights == (0.5,)
    assert built.text == "As2c"
    assert parse_range(parsed) is parsed


@pytest.mark.parametrize(
    ("text", "token", "says"),
    [
        ("AKx", "AKx", "expected a hand class"),
        ("QQ+, AKz", "AKz", "expected a hand class"),
        ("AAs", "AAs", "a pair is neither suited nor offsuit"),
        ("A5s-A2o", "A5s-A2o", "both suited, both offsuit"),
        ("A5s-K2s", "A5s-K2s", "share the top card"),
        ("TT-A5s", "TT-A5s", "two pairs"),
        ("AKs:2", "AKs:2", "weight"),
        ("AKs:x", "AKs:x", "weight"),
        ("top 0%", "top 0%", "percentage"),
        ("top 150%", "top 150%", "percentage"),
        ("AsAs", "AsAs", "twice"),
        ("AA KK", "AA KK", "expected"),
        ("AA,,KK", "AA,,KK", "empty part"),
        ("", "", "empty"),
    ],
)
def test_parse_errors_quote_the_token_and_say_what_was_expected(
    text: str, token: str, says: str
) -> None:
    with pytest.raises(RangeParseError) as caught:
        parse_range(text)
    assert caught.value.token == token
    assert says in str(caught.value)
    if token:
        assert repr(token) in str(caught.value)
