"""Hands PokerKit itself played, replayed with ``replay --rules pokerkit``: the
finishing stacks PokerKit wrote come out, including the choices PokerKit allows
and RULES.md does not (a muck at an all-in showdown; a short-deck button blind
raised by the minimum bet). A hand where PokerKit loses the pot's chips (every
hand mucked) is its bug: said in one line and not followed."""

from __future__ import annotations

import json
import random

import pytest
from typer.testing import CliRunner

from pokerdealer.cli import app
from pokerdealer.history import loads
from pokerdealer.history.convert import ReplayError, history_to_hand
from pokerdealer.rules import RuleOptions
from tests.history.pokerkit_hands import pokerkit_hand

runner = CliRunner()
BUG = "PokerKit awards it to nobody and loses its chips, its bug, not followed"


def _played(count: int = 300, seed: int = 24) -> list[tuple[str, str, bool]]:
    """``count`` random hands PokerKit finished, the players choosing at the showdown:
    ``(kind, PHH text, whether PokerKit's stacks kept every chip)``."""
    rng = random.Random(seed)
    hands: list[tuple[str, str, bool]] = []
    k = 0
    while len(hands) < count:
        kind = ("NT", "NT", "FT", "NS")[k % 4]
        k += 1
        try:
            text, stacks = pokerkit_hand(rng, kind, choices=True)
        except AssertionError:
            continue  # PokerKit failed the hand itself: it played nothing
        history = loads(text)
        hands.append((kind, text, sum(stacks) == sum(history.starting_stacks)))
    return hands


@pytest.fixture(scope="module")
def played() -> list[tuple[str, str, bool]]:
    return _played()


def test_every_hand_pokerkit_played_replays_to_its_finishing_stacks_under_rules_pokerkit(played, tmp_path):
    kept = [(kind, text) for kind, text, conserved in played if conserved]
    for i, (kind, text) in enumerate(kept):
        (tmp_path / f"{kind}-{i:03d}.phh").write_text(text)
    result = runner.invoke(app, ["replay", str(tmp_path), "--rules", "pokerkit", "--json"])
    summary = json.loads(result.stdout)["summary"]
    assert (summary["hands"], summary["match"]) == (len(kept), len(kept)), json.loads(result.stdout)["mismatches"][:3]
    assert result.exit_code == 0
    # What the sample holds: the corners this test is for.
    mucked_all_in = button_blind_raise = 0
    for _, text in kept:
        replay = history_to_hand(loads(text), options=RuleOptions.pokerkit())
        result_ = replay.hand.result
        assert result_ is not None
        all_in = any(stack == 0 for stack in replay.hand.stacks) or any(
            len(a.eligible) < len(replay.hand.showdown_order) for a in result_.awards
        )
        mucked_all_in += bool(result_.mucked) and all_in
        history = replay.history
        if history.variant == "NS" and not any(history.blinds_or_straddles[:-1]):
            button_blind = history.blinds_or_straddles[-1]
            raises = [a for a in history.parsed_actions() if a.kind == "cbr"]
            button_blind_raise += bool(raises) and raises[0].amount < 2 * button_blind
    assert len(kept) >= 280 and mucked_all_in >= 20 and button_blind_raise >= 5


def test_a_hand_where_pokerkit_loses_the_pot_is_said_in_one_line_and_not_followed(played):
    lost = [text for _, text, conserved in played if not conserved]
    assert lost
    for text in lost:
        history = loads(text)
        replay = history_to_hand(history, options=RuleOptions.pokerkit())
        assert replay.check == "mismatch"
        assert sum(replay.hand.stacks) == sum(history.starting_stacks)  # every chip kept here
        assert [message for _, message in replay.warnings if BUG in message] != []


# The same corners, one hand each, written out in cards.
ALL_IN_MUCK = """variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [40, 100, 100]
actions = ["d dh p1 AsAh", "d dh p2 KdKc", "d dh p3 QsQd", "p3 cc", "p1 cbr 40", "p2 cc", "p3 cc",
           "d db Kh9s4c", "p2 cc", "p3 cc", "d db 3d", "p2 cc", "p3 cc", "d db 2h", "p2 cc", "p3 cc",
           "p1 sm AsAh", "p2 sm", "p3 sm QsQd"]
finishing_stacks = [120, 60, 60]
"""


def test_under_rules_pokerkit_a_caller_may_muck_at_an_all_in_showdown():
    # p1 is all-in for 40 with As Ah, p2 and p3 call and check it down on Kh 9s 4c 3d 2h.
    # p2 mucks Kd Kc (three kings, the best hand): PokerKit lets him, he forfeits, and
    # p1's aces beat p3's queens for the 120 (PokerKit wrote this file and reads it back so).
    replay = history_to_hand(loads(ALL_IN_MUCK), options=RuleOptions.pokerkit())
    assert replay.check == "match" and replay.hand.stacks == (120, 60, 60)
    assert replay.hand.result is not None and replay.hand.result.mucked == (1,)


def test_by_default_an_all_in_showdown_tables_every_hand_so_the_muck_does_not_count():
    # TDA 2026 17 (RULES.md §6.2): with p1 all-in every live hand is tabled; p2's kings win.
    replay = history_to_hand(loads(ALL_IN_MUCK))
    assert replay.hand.stacks == (0, 180, 60)
    assert any("p2 mucks, but the hand was already tabled (all-in)" in m for _, m in replay.warnings)


BUTTON_BLIND = """variant = "NS"
antes = [1, 1, 1, 1]
blinds_or_straddles = [0, 0, 0, 2]
min_bet = 1
starting_stacks = [40, 40, 40, 40]
actions = ["d dh p1 AsKh", "d dh p2 9hTd", "d dh p3 6sTc", "d dh p4 QhJc", "p1 cbr 3", "p2 f", "p3 f",
           "p4 cc", "d db Ac7d6c", "p1 cbr 4", "p4 f"]
finishing_stacks = [46, 39, 39, 36]
"""


def test_under_rules_pokerkit_a_short_deck_button_blind_is_raised_by_the_minimum_bet():
    # The button posts 2, the minimum bet is 1: PokerKit lets p1 raise to 3 (2 + 1).
    replay = history_to_hand(loads(BUTTON_BLIND), options=RuleOptions.pokerkit())
    assert replay.check == "match"


def test_by_default_a_button_blind_is_raised_to_at_least_double():
    # RULES.md §2.3: raise by at least the button blind, to 4.
    with pytest.raises(ReplayError, match="raise to 3 is below the minimum raise to 4"):
        history_to_hand(loads(BUTTON_BLIND))


EVERYONE_MUCKS = """variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [1, 4, 0]
min_bet = 4
starting_stacks = [7, 7, 40]
actions = ["d dh p1 5hTd", "d dh p2 6h8s", "d dh p3 6c5s", "p3 cbr 27", "p1 f", "p2 cc",
           "p3 sm", "p2 sm", "d db 2sKsKh", "d db 3s", "d db 3d"]
finishing_stacks = [6, 0, 33]
"""


def test_when_pokerkit_lets_every_hand_muck_the_last_hand_still_wins_the_pot():
    # PokerKit wrote this hand: p3 and p2 both muck and the 15 in the pot are gone
    # (6 + 0 + 33 of 54 chips). Here p2, the last hand left, wins them; one warning says why.
    replay = history_to_hand(loads(EVERYONE_MUCKS), options=RuleOptions.pokerkit())
    assert replay.hand.stacks == (6, 15, 33) and replay.check == "mismatch"
    assert replay.warnings == [
        (7, "p2 mucks the last hand left: the last live hand wins the pot; " + BUG),
    ]


SIDE_POT_MUCKED = """variant = "NS"
antes = [0, 0, 0, 0, 0, 0, 0, 0, 0]
blinds_or_straddles = [1, 4, 0, 0, 0, 0, 0, 0, 0]
min_bet = 4
starting_stacks = [1000, 150, 1000, 1000, 1000, 1000, 40, 40, 7]
actions = ["d dh p1 Qc8d", "d dh p2 7s6h", "d dh p3 JcKs", "d dh p4 Ad6s", "d dh p5 8s7c", "d dh p6 Jd7d",
           "d dh p7 6d8c", "d dh p8 TsAc", "d dh p9 7hQs", "p3 cbr 8", "p4 cc", "p5 f", "p6 cc", "p7 cc", "p8 cc",
           "p9 cc", "p1 f", "p2 cc", "d db AhKhQh", "p2 cc", "p3 cc", "p4 cbr 992", "p6 cc", "p7 cc", "p8 cc",
           "p2 cc", "p3 cc", "p4 sm", "p6 sm", "p7 sm 6d8c", "p8 sm TsAc", "p9 sm 7hQs", "p2 sm", "p3 sm",
           "d db Jh", "d db Th"]
finishing_stacks = [999, 0, 0, 0, 1000, 0, 117, 115, 16]
"""


def test_when_pokerkit_lets_every_hand_in_a_side_pot_muck_the_last_to_muck_wins_it():
    # PokerKit wrote this hand: the board Ah Kh Qh Jh Th is a royal flush everyone plays.
    # p7, p8 and p9 (all-in for 40, 40 and 7) show and split the pots they are in; p2
    # (all-in for 150), p3, p4 and p6 muck, and the side pots only they were in (440 and
    # 2,550) vanish from PokerKit's stacks. Here p3, the last of them to muck, wins both.
    from pokerdealer.table.awards import award_stories

    replay = history_to_hand(loads(SIDE_POT_MUCKED), options=RuleOptions.pokerkit())
    assert replay.hand.stacks == (999, 0, 2990, 0, 1000, 0, 117, 115, 16)
    assert [m for _, m in replay.warnings if BUG in m] == [
        f"p3 mucks the last hand in a side pot of {amount}: the last live hand wins it; {BUG}" for amount in (440, 2550)
    ]
    stories = award_stories(replay.hand, names=[f"p{i + 1}" for i in range(9)])
    assert stories[-1].text("en") == (
        "p3 wins: p4 and p6 mucked, p3 last, and a pot cannot go to nobody: the last live hand wins it"
    )
