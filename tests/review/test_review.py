"""The hand review (pokerdealer.review): streets, equities, the rules at each decision."""

from __future__ import annotations

import itertools
import warnings
from pathlib import Path

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # eval7's range parser calls pyparsing names pyparsing 3 deprecates
    import eval7

from pokerdealer.history import loads
from pokerdealer.history.sites import read_each
from pokerdealer.review import review_hand, review_json, review_lines

SITES = Path(__file__).resolve().parents[1] / "history" / "data" / "sites"
# Real Bovada hands: every player's cards are in the history.
BOVADA = SITES / "bovada" / "poker-handhistory__HH20190414-221208-6595417-RING.txt"


def _independent_equity(holes: list[str], board: list[str], dead: list[str]) -> list[float]:
    """Every way the rest of the board can fall, each hand scored by eval7 (not our evaluator)."""
    known = set(holes_cards := [c for h in holes for c in (h[:2], h[2:])]) | set(board) | set(dead)
    deck = [str(c) for c in eval7.Deck().cards if str(c) not in known]
    hands = [[eval7.Card(h[:2]), eval7.Card(h[2:])] for h in holes]
    shares = [0.0] * len(holes)
    boards = 0
    for rest in itertools.combinations(deck, 5 - len(board)):
        full = [eval7.Card(c) for c in (*board, *rest)]
        scores = [eval7.evaluate(h + full) for h in hands]
        best = max(scores)
        winners = [i for i, s in enumerate(scores) if s == best]
        for i in winners:
            shares[i] += 1 / len(winners)
        boards += 1
    assert holes_cards
    return [s / boards for s in shares]


def test_street_equities_match_an_independent_enumeration_on_real_hands():
    checked = 0
    for history in read_each(BOVADA.read_text(encoding="utf-8")):
        review = review_hand(history)
        for street in review.streets:
            if street.street not in ("flop", "turn") or len(street.in_hand) < 2:
                continue
            holes = ["".join(review.holes[name]) for name in street.in_hand]
            folded = [name for name in review.players if name not in street.in_hand]
            dead = [c for name in folded for c in review.holes.get(name, ())]
            want = _independent_equity(holes, list(street.board), dead)
            got = [street.equity.shares[name] for name in street.in_hand]
            assert street.equity.method == "exact"
            assert got == pytest.approx(want, abs=1e-9), (history.metadata["hand"], street.street)
            checked += 1
        if checked >= 12:
            break
    assert checked >= 12


def _hand(text: str):  # noqa: ANN202 - a HandHistory
    return loads(text)


SHORT_ALL_IN = """
variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [5, 10, 0]
min_bet = 10
starting_stacks = [1000, 130, 1000]
actions = ["d dh p1 AsAd", "d dh p2 KcKd", "d dh p3 QhQs", "p3 cbr 100", "p1 cc", "p2 cbr 130", "p3 cc", "p1 cc",
           "d db 2c7d9h", "p1 cc", "p3 cc", "d db 3s", "p1 cc", "p3 cc", "d db 4h", "p1 cc", "p3 cc"]
players = ["Ann", "Bob", "Cy"]
"""


def test_a_short_all_in_that_did_not_reopen_the_betting_is_said_at_the_next_decision():
    # Cy raises to 100, Ann calls, Bob is all in for 130 (30 more, less than a full raise of 90):
    # Cy, who has acted, may only call or fold.
    review = review_hand(_hand(SHORT_ALL_IN))
    cy = review.streets[0].decisions[3]
    assert cy.player == "Cy"
    assert "coach.not_reopened" in [line.key for line in cy.coach]
    assert "did not reopen the betting" in " ".join(text for _, text in review_lines(review, "en"))


POT_LIMIT = """
variant = "PT"
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [200, 200, 200]
actions = ["d dh p1 ????", "d dh p2 ????", "d dh p3 ????", "p3 cbr 7", "p1 f", "p2 f"]
players = ["Ann", "Bob", "Cy"]
"""


def test_the_pot_limit_maximum_and_the_price_of_a_call_are_given_at_each_decision():
    review = review_hand(_hand(POT_LIMIT))
    cy, ann = review.streets[0].decisions[:2]
    # Cy: the pot is 3, a call of 2 makes it 5, so the most is a raise of 5 to 7.
    assert "coach.pot_limit" in [line.key for line in cy.coach]
    assert cy.to_call == 2 and ann.to_call == 6
    # Ann: 6 to call into 10, 37.5% of the 16 the pot holds after the call, rounded.
    assert ann.price is not None and ann.price.params == {"call": "6", "pot": "10", "after": "16", "share": "38%"}


def test_unknown_hands_count_as_any_two_cards_and_the_review_says_so():
    review = review_hand(_hand(POT_LIMIT))
    assert review.streets[0].equity.method == "none"
    lines = [text for _, text in review_lines(review, "en")]
    assert "No hand still in is shown: no equity to tell." in lines
    history = read_each((SITES / "fulltilt" / "pokerregion__ftp_hands.txt").read_text(encoding="utf-8"))[0]
    preflop = review_hand(history).streets[0]
    assert preflop.equity.random and "IgaziFerfi" not in preflop.equity.random  # the hero's cards are known


def test_whose_turn_heads_up_and_who_showed_first_and_what_decided_are_said():
    text = """
variant = "NT"
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [100, 100]
actions = ["d dh p1 9s3h", "d dh p2 Jd3c", "p2 cc", "p1 cc", "d db 5c5dKh", "p1 cc", "p2 cc", "d db Qc", "p1 cc",
           "p2 cc", "d db 2s", "p1 cc", "p2 cc", "p1 sm 9s3h", "p2 sm Jd3c"]
players = ["Ann", "Bob"]
"""
    review = review_hand(_hand(text))
    assert review.streets[0].decisions[0].turn.key == "review.turn.first_preflop_heads_up"
    assert review.streets[1].decisions[0].turn.key == "review.turn.first_after_heads_up"
    assert [line.key for line in review.showdown] == ["coach.sd.first.button", "coach.why_won"]
    assert "third kicker" in review.showdown[1].text("en")


def test_the_json_gives_each_street_its_board_pot_and_equity_by_name_in_the_readers_language():
    review = review_hand(_hand(SHORT_ALL_IN))
    out = review_json(review, "zh-Hant")
    flop = out["streets"][1]
    assert (flop["street"], flop["board"], flop["pot"]) == ("flop", ["2c", "7d", "9h"], 390)
    assert set(flop["equity"]) == {"Ann", "Bob", "Cy"} and sum(flop["equity"].values()) == pytest.approx(1)
    assert out["streets"][0]["decisions"][0]["turn"]["text"].startswith("翻牌前由 Cy 先行動")


def test_a_board_run_twice_is_reviewed_run_by_run_with_each_runs_half_of_the_pot():
    # GGPoker, all in preflop: Hero's Ac Ad against Kc As, run twice: [2d 3c 8s Jh 3d], [6d 4s 4h 3h Ts].
    (history,) = read_each((SITES / "ggpoker" / "hhsmithy__GGPoker__CashGame__GeneralHands__RunTwice.txt").read_text())
    review = review_hand(history)
    runs = [(s.street, s.run, " ".join(s.board)) for s in review.streets[1:]]
    assert runs == [("flop", 1, "2d 3c 8s"), ("turn", 1, "2d 3c 8s Jh"), ("river", 1, "2d 3c 8s Jh 3d"),
                    ("flop", 2, "6d 4s 4h"), ("turn", 2, "6d 4s 4h 3h"), ("river", 2, "6d 4s 4h 3h Ts")]
    assert review.streets[4].equity.shares["Hero"] == pytest.approx(0.996, abs=0.001)
    lines = [text for _, text in review_lines(review, "en")]
    assert "Flop, the second run [6d 4s 4h] — pot 194.36" in lines
    assert lines[-2:] == ["To Hero: the pot of 97.18 on the first run.", "To Hero: the pot of 97.18 on the second run."]
    assert review_json(review, "zh-Hans")["streets"][4]["heading"].startswith("翻牌（第二次发的公共牌）")
