"""``evaluate`` (bit sets, precomputed patterns) gives what the plain reading of the tables gives.

The reference below is the evaluator as it was before it was made fast: the
rank from :func:`rank_function`, then for each rank of the class's pattern the
hand's highest-index card of that rank left, among the flush suit's cards for
a flush class.
"""

from __future__ import annotations

import random

import pytest

from pokerdealer.cards import CARDS, Card
from pokerdealer.errors import PokerDealerError
from pokerdealer.evaluation import HandValue, Ranking, evaluate, rank_function
from pokerdealer.evaluation.tables import lookup_for


def reference(indices: list[int], variant: str, trips_beat_straight: bool) -> HandValue:
    tables = lookup_for(Ranking(variant, trips_beat_straight))
    rank = rank_function(variant, trips_beat_straight=trips_beat_straight)(indices)
    order = sorted(indices, reverse=True)
    if tables.class_is_flush[rank]:
        counts = [0, 0, 0, 0]
        for index in order:
            counts[index & 3] += 1
        suit = counts.index(max(counts))
        order = [index for index in order if index & 3 == suit]
    chosen = []
    for wanted in tables.class_pattern[rank]:
        position = next(p for p, index in enumerate(order) if index >> 2 == wanted)
        chosen.append(CARDS[order.pop(position)])
    best = tuple(chosen)
    made = tables.class_made[rank]
    return HandValue(
        category=tables.class_category[rank], rank=rank, best_five=best, made=best[:made],
        kickers=best[made:], variant=tables.ranking.variant,
    )


RULE_SETS = [("holdem", True), ("shortdeck", True), ("shortdeck", False)]


@pytest.mark.parametrize(("variant", "trips_beat_straight"), RULE_SETS)
@pytest.mark.parametrize("size", [5, 6, 7])
def test_evaluate_equals_the_reference_on_random_hands(variant, trips_beat_straight, size):
    rng = random.Random(f"{variant}{trips_beat_straight}{size}")
    deck = range(0 if variant == "holdem" else 16, 52)
    for _ in range(3000):
        indices = rng.sample(deck, size)
        expected = reference(indices, variant, trips_beat_straight)
        cards = [CARDS[i] for i in indices]
        for given in (cards, tuple(cards), " ".join(map(str, cards))):
            got = evaluate(given, variant, trips_beat_straight=trips_beat_straight)
            assert got == expected, (given, got, expected)


@pytest.mark.parametrize(("variant", "trips_beat_straight"), RULE_SETS)
def test_evaluate_equals_the_reference_on_every_category(variant, trips_beat_straight):
    # Random hands rarely make quads or straight flushes: build one of each rank class's pattern.
    tables = lookup_for(Ranking(variant, trips_beat_straight))
    rng = random.Random(variant)
    for rank in range(1, tables.class_count + 1, 7):
        pattern = tables.class_pattern[rank]
        suits = [rng.randrange(4)] * 5 if tables.class_is_flush[rank] else None
        used: set[int] = set()
        for k, r in enumerate(pattern):
            free = [s for s in range(4) if 4 * r + s not in used]
            used.add(4 * r + (suits[k] if suits else rng.choice(free)))
        rest = [i for i in range(16 if variant == "shortdeck" else 0, 52) if i not in used]
        indices = [*used, *rng.sample(rest, 2)]
        cards = [CARDS[i] for i in indices]
        got = evaluate(cards, variant, trips_beat_straight=trips_beat_straight)
        assert got == reference(indices, variant, trips_beat_straight)


@pytest.mark.parametrize(
    "hand",
    [
        [CARDS[0], CARDS[0], CARDS[5], CARDS[9], CARDS[13]],  # a card twice
        [CARDS[0], "2c", CARDS[5], CARDS[9], CARDS[13]],  # a card twice, one of them as text
        [Card(48), Card(48), CARDS[5], CARDS[9], CARDS[13]],  # equal cards, not the same objects
    ],
)
def test_a_parsed_hand_with_a_card_twice_is_refused_whatever_its_form(hand):
    with pytest.raises(PokerDealerError, match="twice"):
        evaluate(hand)


@pytest.mark.parametrize("times", [2, 3, 4, 5, 7])
def test_a_seven_card_hand_with_one_card_many_times_is_refused(times):
    # 2c two to seven times with other cards: the fast path's counters (3 bits a card) must
    # not let four or more of a card carry into the next card's counter and pass for another.
    others = [CARDS[i] for i in (8, 21, 34, 47, 50, 51)]
    with pytest.raises(PokerDealerError, match="twice"):
        evaluate([CARDS[0]] * times + others[: 7 - times])


@pytest.mark.parametrize("index", [52, 103, -1, -52])
def test_a_seven_card_hand_with_an_index_that_is_no_card_is_refused(index):
    from types import SimpleNamespace

    hand = [SimpleNamespace(index=index), *(CARDS[i] for i in (5, 9, 13, 22, 40, 44))]
    with pytest.raises(PokerDealerError, match="is not a card"):
        evaluate(hand)


def test_a_mixed_hand_of_cards_and_text_is_evaluated_as_its_text():
    mixed = [CARDS[48], "Ad", CARDS[44], "Kd", CARDS[5], CARDS[9], CARDS[13]]
    assert evaluate(mixed) == evaluate("As Ad Ks Kd 3d 4d 5d")


def test_a_parsed_short_deck_hand_below_six_is_refused():
    with pytest.raises(PokerDealerError, match="short deck"):
        evaluate(list(CARDS[12:19]), "shortdeck")


def test_a_value_made_past_the_dataclass_init_is_frozen_and_equal_to_one_made_by_it():
    import dataclasses

    from pokerdealer.evaluation.value import new_hand_value

    value = evaluate("As Ad Kc Qd 7h 3c 2d")
    fields = [getattr(value, f.name) for f in dataclasses.fields(value)]
    assert value == HandValue(*fields) and hash(value) == hash(HandValue(*fields))
    assert new_hand_value(*fields) == value
    with pytest.raises(dataclasses.FrozenInstanceError):
        value.rank = 1  # type: ignore[misc]
