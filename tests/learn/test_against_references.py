"""The drills' answers checked by code that is not the engine's: eval7 and
phevaluator for hands, a side-pot computation written here, and PokerKit
replaying the PHH of the betting drills (as well as our own engine)."""

from __future__ import annotations

import itertools
import re
import warnings

from phevaluator import evaluate_cards
from pokerkit import HandHistory as PokerKitHistory

from pokerdealer.rules import Action
from tests.learn.helpers import name, questions, replayed

with warnings.catch_warnings():  # eval7 0.1.11 uses pyparsing names deprecated since 3.3
    warnings.simplefilter("ignore", DeprecationWarning)
    import eval7


def _cards(text: str) -> list[str]:
    return re.findall(r"[2-9TJQKA][shdc]", text)


def _eval7(cards: list[str]) -> int:
    return eval7.evaluate([eval7.Card(card) for card in cards])


def test_showdown_winners_are_eval7s_winners() -> None:
    for q in questions("showdown"):
        board = _cards(q.data["board"])
        values = {player: _eval7(_cards(hole) + board) for player, hole in q.data["hands"].items()}
        best = max(values.values())
        assert q.answer["winners"] == [p for p, v in values.items() if v == best], q.data


def test_the_best_five_has_phevaluators_best_rank_of_the_seven() -> None:
    for q in questions("best_five"):
        seven = _cards(q.data["board"]) + _cards(q.data["hole"])
        five = _cards(q.answer["cards"])
        assert len(set(five)) == 5 and set(five) <= set(seven)
        # phevaluator: 1 is the best hand; the best five ranks as the best of seven.
        assert evaluate_cards(*five) == evaluate_cards(*seven), q.data
        assert eval7.handtype(_eval7(five)) == eval7.handtype(_eval7(seven))


def test_the_best_five_is_the_only_five_that_make_the_best_hand() -> None:
    for q in questions("best_five"):
        seven = _cards(q.data["board"]) + _cards(q.data["hole"])
        best = evaluate_cards(*seven)
        reaching = [c for c in itertools.combinations(seven, 5) if evaluate_cards(*c) == best]
        assert len(reaching) == 1


def test_every_wrong_best_five_choice_is_weaker() -> None:
    for q in questions("best_five"):
        seven = _cards(q.data["board"]) + _cards(q.data["hole"])
        best = evaluate_cards(*seven)
        for k, choice in enumerate(q.choices or ()):
            five = re.findall(r"(?:10|[2-9JQKA])[♠♥♦♣]", choice)
            codes = [("T" if c[:-1] == "10" else c[:-1]) + "cdhs"["♣♦♥♠".index(c[-1])] for c in five]
            assert set(codes) <= set(seven)
            assert (evaluate_cards(*codes) == best) is (k == q.answer_index)


def _side_pots(contributions: dict[str, int], folded: list[str]) -> list[dict[str, object]]:
    """Peel off layers: each all-in level makes a pot of what everyone put in up to it."""
    left = dict(contributions)
    pots: list[dict[str, object]] = []
    while any(left.values()):
        live = [p for p in left if p not in folded and left[p] > 0]
        layer = min(left[p] for p in live)
        amount = 0
        for p in left:
            take = min(left[p], layer)
            amount += take
            left[p] -= take
        if pots and pots[-1]["eligible"] == live:
            pots[-1]["amount"] += amount  # type: ignore[operator]
        else:
            pots.append({"amount": amount, "eligible": live})
    return pots


def test_side_pots_match_a_straightforward_computation() -> None:
    for q in questions("side_pots"):
        assert q.answer["pots"] == _side_pots(q.data["contributions"], q.data["folded"]), q.data


def test_the_example_of_the_issue_gives_its_pots() -> None:
    assert _side_pots({"A": 50, "B": 130, "C": 130}, []) == [
        {"amount": 150, "eligible": ["A", "B", "C"]},
        {"amount": 160, "eligible": ["B", "C"]},
    ]


def test_betting_drills_replay_to_their_answer_with_the_engine() -> None:
    for topic in ("min_raise", "action_order", "show_order"):
        for q in questions(topic):
            hand = replayed(q)
            if topic == "min_raise":
                assert q.answer["min_raise_to"] == hand.legal().min_raise_to
            elif topic == "action_order":
                assert q.answer["next_to_act"] == name(hand.actor)
            elif "may_show" in q.answer:  # anyone may show before their turn: who was first is the engine's
                assert hand.street == "showdown"
                assert q.data["first_to_show"] == name(hand.showdown_order[0]) != q.data["player"]
            elif "tabled_now" in q.answer:  # a call is to come: after it, is the betting over?
                assert name(hand.actor) == q.data["caller"]
                hand.apply(Action("call"))
                assert q.answer["tabled_now"] == (hand.actor is None)
            else:
                assert hand.street == "showdown"
                assert q.answer["first_to_show"] == name(hand.showdown_order[0])


def test_an_all_in_called_leaves_players_with_chips_to_bet_as_pokerkit_counts_them() -> None:
    # The hands are turned up at once when, after the call, one player still in at most has
    # chips (TDA 2026 17): PokerKit's stacks after the same call decide it.
    checked = 0
    for q in questions("show_order"):
        if "tabled_now" not in q.answer:
            continue
        state = _pokerkit_state(q.data["phh"])
        caller = state.actor_index
        assert name(caller) == q.data["caller"]
        left = list(state.stacks)
        left[caller] -= state.checking_or_calling_amount  # what the caller has once the call is in
        can_bet = [i for i, stack in enumerate(left) if state.statuses[i] and stack > 0]
        assert q.answer["tabled_now"] == (len(can_bet) <= 1), q.data
        checked += 1
    assert checked


def _pokerkit_state(phh: str):  # noqa: ANN202
    """PokerKit's state once every action line is applied, before anyone shows."""
    history = PokerKitHistory.loads(phh)
    applied = 0
    for state, action in history.state_actions:
        applied += action is not None
        if applied == len(history.actions) and (
            state.actor_index is not None or state.showdown_index is not None
        ):
            return state
    raise AssertionError("PokerKit ran past the hand")  # pragma: no cover


def test_min_raise_answers_match_pokerkit_where_the_betting_is_open() -> None:
    # PokerKit lets a player raise a short all-in that did not reopen the betting
    # (RULES.md §4.4 Ex. 3-A): the answers "may not raise" are checked by our engine only.
    checked = 0
    for q in questions("min_raise"):
        if q.answer["min_raise_to"] is None:
            continue
        state = _pokerkit_state(q.data["phh"])
        assert state.min_completion_betting_or_raising_to_amount == q.answer["min_raise_to"], q.data
        checked += 1
    assert checked


def test_next_to_act_matches_pokerkit() -> None:
    for q in questions("action_order"):
        state = _pokerkit_state(q.data["phh"])
        assert name(state.actor_index) == q.answer["next_to_act"], q.data


def test_first_to_show_matches_pokerkit() -> None:
    for q in questions("show_order"):
        if "tabled_now" in q.answer:
            continue  # an all-in about to be called: see the next test
        state = _pokerkit_state(q.data["phh"])
        first = q.answer.get("first_to_show", q.data.get("first_to_show"))
        assert name(state.showdown_index) == first, q.data
