"""The drills of issue 22, one test per rule they teach: the order of hands,
positions, betting limits, odd chips, short deck, cash game against
tournament, table manners."""

from __future__ import annotations

import re

from pokerdealer.cards import parse_cards
from pokerdealer.evaluation import evaluate
from pokerdealer.learn import Question, drills
from pokerdealer.learn.rankings import category_order
from pokerdealer.rules import Action
from tests.learn.helpers import replayed


def at(topic: str, level: int, count: int = 40) -> list[Question]:
    return [q for seed in (1, 2) for q in drills(topic, count=count, seed=seed, level=level)]


def codes(text: str) -> list[str]:
    return re.findall(r"[2-9TJQKA][shdc]", text)


def category(hand: str, variant: str = "holdem") -> str:
    return evaluate(hand, variant).category.value  # type: ignore[arg-type]


# ---------------------------------------------------------------- hand_rankings
def test_the_ten_hands_from_the_highest_are_listed_in_every_naming_question() -> None:
    order = " > ".join(
        ["royal flush", "straight flush", "four of a kind", "full house", "flush", "straight",
         "three of a kind", "two pair", "one pair", "high card"]
    )
    for q in at("hand_rankings", 0, 10):
        assert order in q.explanation
        assert q.choices is not None and q.choices[q.answer_index] == q.answer["category"].replace("_", " ")


def test_a_royal_flush_is_named_a_royal_flush() -> None:
    royal = [q for q in at("hand_rankings", 0, 60) if q.answer["category"] == "royal_flush"]
    assert royal
    for q in royal:
        assert sorted(c[0] for c in codes(q.data["cards"])) == sorted("AKQJT")


def test_the_wheel_a_2_3_4_5_is_a_straight_and_the_lowest() -> None:
    wheels = []
    for q in at("hand_rankings", 2):
        for name, hand in q.data["hands"].items():
            if sorted(c[0] for c in codes(hand)) == sorted("A2345"):
                wheels.append((q, name))
    assert wheels
    for q, name in wheels:
        other = "B" if name == "A" else "A"
        other_hand = q.data["hands"][other]
        assert category(q.data["hands"][name]) == "straight"
        if category(other_hand) == "straight":  # any other straight beats the wheel
            assert q.answer["winners"] == [other]
        else:  # three of a kind
            assert q.answer["winners"] == [name]


def test_q_k_a_2_3_does_not_wrap_around_and_loses_to_a_pair() -> None:
    corners = [
        (q, name) for q in at("hand_rankings", 2) for name, hand in q.data["hands"].items()
        if {"A", "2"} <= {c[0] for c in codes(hand)} and category(hand) == "high_card"
    ]
    assert corners
    for q, name in corners:
        assert "never goes round the corner" in q.explanation
        other = "B" if name == "A" else "A"
        if category(q.data["hands"][other]) == "one_pair":
            assert q.answer["winners"] == [other]


def test_suits_never_count_the_same_ranks_split() -> None:
    splits = 0
    for q in at("hand_rankings", 4):
        a, b = (codes(q.data["hands"][n]) for n in "AB")
        same_ranks = sorted(c[0] for c in a) == sorted(c[0] for c in b)
        assert (q.answer["winners"] == ["A", "B"]) is same_ranks
        assert set(a) != set(b)
        splits += same_ranks
    assert splits


def test_full_house_aaa22_beats_kkkaa_the_three_decide_first() -> None:
    # Seed 001's line: AAA22 beats KKKAA; the drills' full houses follow the same rule.
    assert evaluate("As Ad Ac 2s 2d").rank > evaluate("Ks Kd Kc As Ad").rank
    for q in at("hand_rankings", 3):
        if all(category(h) == "full_house" for h in q.data["hands"].values()):
            trips = {n: max(set(c[0] for c in codes(h)), key=lambda r, h=h: h.count(r)) for n, h in q.data["hands"].items()}
            higher = max(trips, key=lambda n: "23456789TJQKA".index(trips[n]))
            assert q.answer["winners"] == [higher]


# ------------------------------------------------------------------- short_deck
def test_short_deck_a_flush_beats_a_full_house_under_every_rule_set() -> None:
    assert [c.value for c in category_order("shortdeck")][3:5] == ["flush", "full_house"]
    for q in at("short_deck", 0):
        flush = next(n for n, h in q.data["hands"].items() if category(h, "shortdeck") == "flush")
        assert q.answer["winners"] == [flush]


def test_short_deck_a_straight_never_beats_a_flush_whatever_seed_003_says() -> None:
    for q in at("short_deck", 3):
        flush = next(n for n, h in q.data["hands"].items() if category(h, "shortdeck") == "flush")
        assert q.answer["winners"] == [flush]
        assert "A straight never beats a flush" in q.explanation


def test_short_deck_a_6_7_8_9_is_the_lowest_straight() -> None:
    for q in at("short_deck", 1):
        low = next(n for n, h in q.data["hands"].items() if sorted(c[0] for c in codes(h)) == sorted("A6789"))
        other = "B" if low == "A" else "A"
        if category(q.data["hands"][other], "shortdeck") == "straight":
            assert q.answer["winners"] == [other]
        else:
            assert q.answer["winners"] == [low]


def test_short_deck_three_of_a_kind_against_a_straight_follows_the_rules_named() -> None:
    for q in at("short_deck", 2):
        trips = next(n for n, h in q.data["hands"].items() if category(h, "shortdeck") == "three_of_a_kind")
        straight = "B" if trips == "A" else "A"
        assert q.answer["winners"] == ([trips] if q.data["rules"] == "triton" else [straight])


def test_short_deck_says_it_depends_when_the_two_rule_sets_disagree() -> None:
    depends = [q for q in at("short_deck", 4) if q.answer["winners"] is None]
    assert depends
    for q in depends:
        assert q.data["rules"] == "both"
        cats = {category(h, "shortdeck") for h in q.data["hands"].values()}
        assert cats == {"three_of_a_kind", "straight"}
        assert q.choices is not None and q.choices[q.answer_index] == "It depends on the house's rules"


# -------------------------------------------------------------------- positions
def test_positions_the_small_blind_is_left_of_the_button_the_big_blind_next() -> None:
    for q in at("positions", 0):
        n, button = q.data["players"], int(q.data["button"][1:]) - 1
        seat = int(q.answer["player"][1:]) - 1
        assert seat == (button + (1 if "small" in q.ask else 2)) % n


def test_positions_heads_up_the_button_is_the_small_blind_and_acts_first_preflop_last_after() -> None:
    for q in at("positions", 3):
        assert q.data["players"] == 2
        button = q.data["button"]
        other = "p1" if button == "p2" else "p2"
        if "small blind" in q.ask or "before the flop" in q.ask:
            assert q.answer["player"] == button
        else:  # the big blind, or first after the flop
            assert q.answer["player"] == other


def test_positions_under_the_gun_is_left_of_the_big_blind() -> None:
    for q in at("positions", 1):
        n, button = q.data["players"], int(q.data["button"][1:]) - 1
        assert q.answer["player"] == f"p{(button + 3) % n + 1}"


def test_positions_after_the_flop_the_button_acts_last_unless_folded() -> None:
    for q in at("positions", 4):
        if q.data["button"] not in q.data["folded"]:
            assert q.answer["player"] == q.data["button"]
        else:
            assert "folded" in q.explanation


# ----------------------------------------------------------------------- limits
def test_no_limit_the_most_is_every_chip_in_front_and_behind() -> None:
    for q in at("limits", 0):
        hand = replayed(q)
        player = hand.actor
        assert q.answer["max_raise_to"] == hand.committed[player] + hand.stacks[player]


def test_pot_limit_blinds_1_2_the_first_player_may_raise_to_7() -> None:
    # RULES.md §4.2: pot 3, call 2, pot after the call 5: raise by 5, to 2 + 5 = 7.
    found = [
        q for q in at("limits", 2, 80)
        if q.data["phh"].count("cc") == 0 and "blinds_or_straddles = [1, 2" in q.data["phh"]
    ]
    assert found
    for q in found:
        assert q.answer["max_raise_to"] == 7
        assert "the pot is 3" in q.explanation and "2 + 5 = 7" in q.explanation


def test_pot_limit_the_raise_is_by_the_pot_after_the_call_not_to_it() -> None:
    for level in (2, 3, 4):
        for q in at("limits", level):
            if q.data["structure"] != "pot_limit":
                continue
            numbers = re.search(r"the pot is (\d+).*?call is (\d+).*?make it (\d+).*?to (\d+) \+ (\d+) = (\d+)", q.explanation)
            assert numbers, q.explanation
            pot, call, after, current, added, full = map(int, numbers.groups())
            assert after == pot + call == added and full == current + after
            hand = replayed(q)
            everything = hand.committed[hand.actor] + hand.stacks[hand.actor]
            assert q.answer["max_raise_to"] == min(full, everything)
            if full > everything:  # more than the player has: all-in
                assert f"the most is all-in, {everything}" in q.explanation
            wrong = [int(c) for c in q.choices or () if c.isdigit() and int(c) != q.answer["max_raise_to"]]
            assert after in wrong or after >= everything  # "the pot after the call" as the total is wrong


def test_fixed_limit_a_bet_and_four_raises_cap_the_round() -> None:
    capped = [q for q in at("limits", 4) if q.answer["max_raise_to"] is None]
    assert capped
    for q in capped:
        hand = replayed(q)
        assert hand.legal().min_raise_to is None and hand.legal().call is not None
        assert "a bet and four raises" in q.explanation


def test_fixed_limit_the_big_bet_on_the_turn_and_river() -> None:
    for q in at("limits", 1):
        hand = replayed(q)
        unit = hand.config.big_bet if hand.street.value in ("turn", "river") else hand.config.small_bet
        assert q.answer["max_raise_to"] == hand.current_bet + unit


# -------------------------------------------------------------------- odd_chips
def test_the_odd_chip_goes_to_the_first_winner_left_of_the_button() -> None:
    for q in at("odd_chips", 0):
        n, button = q.data["players"], int(q.data["button"][1:]) - 1
        (pot,) = q.data["pots"]
        first = min(pot["winners"], key=lambda w: (int(w[1:]) - 1 - button - 1) % n)
        assert q.answer["shares"][first] == max(q.answer["shares"].values()) > min(q.answer["shares"].values())


def test_heads_up_the_odd_chip_goes_to_the_big_blind() -> None:
    for q in at("odd_chips", 1):
        big_blind = "p1" if q.data["button"] == "p2" else "p2"
        assert q.answer["shares"][big_blind] == max(q.answer["shares"].values())


def test_odd_chips_are_whole_units_of_the_smallest_chip() -> None:
    for q in at("odd_chips", 3):
        assert q.data["unit"] == 25
        assert all(share % 25 == 0 for share in q.answer["shares"].values())


def test_the_odd_chip_diagram_tells_the_smallest_chip_as_the_prompt_does() -> None:
    # The page draws the diagram and asks only the question: the unit must be on the felt.
    for q in at("odd_chips", 3, count=5):
        assert "smallest chip is 25" in q.diagram["note"]


def test_each_pot_is_split_on_its_own() -> None:
    for q in at("odd_chips", 4):
        main, side = q.data["pots"]
        assert set(side["winners"]) < set(main["winners"])
        assert sum(q.answer["shares"].values()) == main["amount"] + side["amount"]


# ----------------------------------------------------------- cash_vs_tournament
def test_cash_blinds_stay_tournament_blinds_rise() -> None:
    for q in at("cash_vs_tournament", 0):
        cash, tournament = q.answer["cash"], q.answer["tournament"]
        assert tournament[1] > cash[1]


def test_players_out_in_one_hand_rank_by_their_chips_at_its_start() -> None:
    for q in at("cash_vs_tournament", 2):
        stacks, places = q.data["stacks"], q.answer["places"]
        if stacks["A"] == stacks["B"]:
            assert places["A"] == places["B"] == q.data["left"] - 1
        else:
            bigger = max(stacks, key=stacks.get)
            assert places[bigger] == q.data["left"] - 1


def test_tournament_chips_win_a_prize_by_place_not_their_count() -> None:
    prizes = [q for q in at("cash_vs_tournament", 3) if "prize" in q.answer]
    assert prizes
    for q in prizes:
        assert q.answer["prize"] <= q.data["entries"] * q.data["buy_in"]
        assert q.choices is not None and q.choices[q.answer_index] == f"a prize of {q.answer['prize']}"


# -------------------------------------------------------------------- etiquette
def test_a_player_may_not_act_before_their_turn_the_engine_refuses() -> None:
    for q in at("etiquette", 0):
        hand = replayed(q)
        eager = int(q.data["player"][1:]) - 1
        assert hand.actor != eager and not hand.can(Action("fold", eager))
        assert q.answer["wait_for"][0] == f"p{hand.actor + 1}"


def test_nobody_sees_a_folded_hand_so_nobody_is_told() -> None:
    for q in at("etiquette", 1, 10):
        assert q.answer == {"may_see": []}
        assert "While it is on" in q.ask  # seed 003: not while the hand is on (不泄露弃掉的牌)
        assert q.choices is not None and q.choices[q.answer_index] == "Nobody, until the hand is over"
        assert len(parse_cards(q.data["cards"])) == 2


def test_a_best_hand_thrown_away_unshown_wins_nothing() -> None:
    for q in at("etiquette", 2):
        board = q.data["board"]
        mucked = q.data["mucked"]
        other = "B" if mucked == "A" else "A"
        assert evaluate(f"{board} {q.data['hands'][mucked]}").rank > evaluate(f"{board} {q.data['hands'][other]}").rank
        assert q.answer["winners"] == [other]


def test_the_last_hand_in_after_a_muck_wins_without_showing() -> None:
    # Seed 004, card 7 (TDA 2026 18-B): not "only a hand shown can win".
    for q in at("etiquette", 2, 10):
        assert q.data["shown"] == []
        assert "without showing it" in q.explanation and "only a hand shown" not in q.explanation
        assert "18-B" in q.explanation


def test_the_hand_thrown_away_is_told_in_the_question_the_page_asks_beside_the_cards() -> None:
    # The page draws the two hands and asks `ask` alone: without the story it reads as a showdown.
    for q in at("etiquette", 2, 5):
        assert f"{q.data['mucked']} thinks" in q.ask and "throws the cards away face down, unshown" in q.ask
        assert q.prompt.endswith(q.ask)
