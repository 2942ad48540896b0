"""The drills issue 38 added, over hundreds of generated questions each, against
computations that are not the engine's: PokerKit for who shows first and what a
player's action in turn is, phevaluator for the best five, Omaha's reading of two
hole cards and the nuts, and small models written here for whose rules decide and
which cards the dealer burns and turns up."""

from __future__ import annotations

import itertools
import re

from phevaluator import evaluate_cards

from pokerdealer.cards import deck_cards
from pokerdealer.i18n import message
from pokerdealer.learn import Question, drills
from tests.learn.test_against_references import _pokerkit_state
from tests.learn.test_new_topics_against_references import cards

PER_LEVEL = 120


def at(topic: str, level: int, count: int = PER_LEVEL) -> list[Question]:
    return [q for seed in (1, 2) for q in drills(topic, count=count // 2, seed=seed, level=level)]


def name(index: int | None) -> str | None:
    return None if index is None else f"p{index + 1}"


def test_anyone_may_show_before_the_first_to_show_who_pokerkit_names() -> None:
    for q in at("show_order", 5):
        state = _pokerkit_state(q.data["phh"])
        assert name(state.showdown_index) == q.data["first_to_show"] != q.data["player"]
        assert state.statuses[int(q.data["player"][1:]) - 1]  # the eager player is still in
        assert q.answer == {"may_show": True} and q.choices[q.answer_index].startswith("Yes")


def test_what_stands_is_the_action_said_or_pushed_in_turn_as_pokerkit_prices_it() -> None:
    seen = set()
    for q in at("etiquette", 3):
        state = _pokerkit_state(q.data["phh"])
        assert name(state.actor_index) == q.data["player"]
        stands = q.answer["stands"]
        call = state.checking_or_calling_amount
        if stands["kind"] == "check":
            assert call == 0 and q.data["did"] == "said.check"
        elif stands["kind"] == "call":
            assert stands["amount"] == call > 0 and q.data["did"] in ("said.call", "pushed.call")
        else:
            assert stands["amount"] == state.min_completion_betting_or_raising_to_amount and q.data["did"] == "said.raise"
        seen.add(q.data["did"])
        right = q.choices[q.answer_index]
        assert right.startswith(f"{q.data['player']} has ")  # what was done first stands
    assert seen == {"said.check", "said.call", "pushed.call", "said.raise"}


#: Written here from seeds 001 and 004: the TDA's rules govern the tournaments that adopt
#: them; a card room's posted rules, a site's, or the players' agreement, elsewhere.
WHOSE = {"tournament": "The TDA 2026 rules, the event's rules", "card_room": "The card room's own rules, as it posts them",
         "online": "The site's own rules", "home": "What the players agreed before they started"}


def test_whose_rules_decide_follows_where_the_game_is_played() -> None:
    where = set()
    for q in at("cash_vs_tournament", 5):
        assert q.choices[q.answer_index] == WHOSE[q.data["where"]]
        assert sorted(q.choices) == sorted(WHOSE.values())
        where.add(q.data["where"])
    assert where == set(WHOSE)


def _rank(five_or_more: list[str]) -> int:
    return evaluate_cards(*five_or_more)  # phevaluator: lower is better


def test_holdem_plays_one_card_or_none_where_omaha_s_exactly_two_would_be_weaker() -> None:
    for q in at("best_five", 4):
        board, hole = cards(q.data["board"]), cards(q.data["hole"])
        best = cards(q.answer["cards"])
        assert _rank(best) == _rank(board + hole)  # hold'em: the best five of the seven
        assert len(set(best) & set(hole)) < 2
        both = min(_rank(hole + list(rest)) for rest in itertools.combinations(board, 3))  # Omaha's reading
        assert _rank(cards(q.data["both"])) == both > _rank(best)
        assert "Omaha" in q.explanation


def test_a_word_s_meaning_is_the_right_choice_and_no_other_choice_is_it() -> None:
    asked = set()
    for q in at("glossary", 0):
        term = q.answer["term"]
        meaning = message("en", f"rules.glossary.{term}.means")
        assert [i for i, c in enumerate(q.choices) if c == meaning] == [q.answer_index]
        assert len(set(q.choices)) == 4
        asked.add(term)
    assert {"nuts", "burn", "kicker", "utg"} <= asked


def test_the_nuts_are_phevaluators_best_two_cards_and_the_other_choices_are_weaker() -> None:
    for q in at("glossary", 1, 60):
        board = cards(q.data["board"])
        left = [str(c) for c in deck_cards() if str(c) not in board]
        nuts = min(_rank(board + list(two)) for two in itertools.combinations(left, 2))
        examples = [cards(example) for example in q.data["examples"]]
        ranks = [_rank(board + example) for example in examples]
        assert ranks[q.answer_index] == nuts, q.data
        assert all(rank > nuts for i, rank in enumerate(ranks) if i != q.answer_index)


def test_the_dealer_burns_one_card_before_each_street() -> None:
    # After the hole cards: burn, flop (3), burn, turn, burn, river.
    where = {"flop": slice(1, 4), "turn": slice(5, 6), "river": slice(7, 8)}
    streets = set()
    for q in at("glossary", 2):
        following = q.data["next"].split()
        expected = following[where[q.data["street"]]]
        assert q.answer["cards"].split() == expected
        labels = re.findall(r"\S+", q.choices[q.answer_index])
        assert len(labels) == len(expected)
        streets.add(q.data["street"])
    assert streets == set(where)
