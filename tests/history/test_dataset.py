"""The external check: every no-limit hold'em hand of the public PHH dataset
(uoftcprg/phh-dataset @ b086f70, carried in tests/data/phh-dataset) replays
through our rules to its recorded finishing stacks.

Half chips recorded for chopped pots with an odd chip (Pluribus) count as a
match within one chip.
"""

from __future__ import annotations

import pytest

from pokerdealer.history import HandHistory, load, load_path
from pokerdealer.history.convert import hand_to_history, history_to_hand

EXAMPLES = [
    "wsop/2023/43/5/00-02-07.phh",  # 5-handed, big-blind ante, bets on every street, showdown
    "wsop/2023/43/5/03-02-41.phh",  # pre-flop all-in, shows before the run-out, a player busts
    "wsop/2023/43/5/00-15-36.phh",  # no showdown
    "wsop/2023/43/5/00-08-38.phh",
    "wsop/2023/43/5/00-18-39.phh",
    "wsop/2023/43/5/02-51-10.phh",
    "wsop/2023/43/5/03-00-32.phh",
    "pluribus/100/0.phh",  # ends with a river fold
    "pluribus/100/11.phh",  # showdown, the loser mucks
    "pluribus/100/61.phh",  # 3-bet pot, river all-in call, bust
    "pluribus/101/20.phh",  # chopped pot, even split
    "pluribus/102/0.phh",  # chopped pot with an odd chip, recorded as halves
]


@pytest.mark.parametrize("name", EXAMPLES)
def test_example_hands_replay_to_their_finishing_stacks(phh_data, name):
    history = load(phh_data / name)
    replay = history_to_hand(history)
    assert replay.hand.is_complete
    assert replay.check == "match", (history.finishing_stacks, replay.finishing_stacks)


def test_the_all_in_hand_shows_before_the_run_out_and_busts_a_player(phh_data):
    replay = history_to_hand(load(phh_data / "wsop/2023/43/5/03-02-41.phh"))
    result = replay.hand.result
    assert set(result.shown) == {1, 4}
    assert replay.finishing_stacks == (2200000, 0, 2675000, 3125000, 21700000)


def test_the_odd_chip_chop_is_matched_within_one_chip(phh_data):
    replay = history_to_hand(load(phh_data / "pluribus/102/0.phh"))
    assert replay.check == "match"
    assert any("half chips" in message for _, message in replay.warnings)


def test_every_no_limit_holdem_hand_replays_to_its_finishing_stacks(phh_data):
    counts = {"match": 0, "mismatch": 0, "no_finishing_stacks": 0}
    mismatches = []
    for name, history in load_path(phh_data):
        assert isinstance(history, HandHistory), f"{name}: {history}"
        if history.variant not in ("NT", "NS"):
            continue
        replay = history_to_hand(history)
        counts[replay.check] += 1
        if replay.check == "mismatch":
            mismatches.append((name, history.finishing_stacks, replay.finishing_stacks))
    assert mismatches == []
    assert counts == {"match": 10011, "mismatch": 0, "no_finishing_stacks": 2}


def test_the_short_deck_button_blind_hand_replays(phh_data):
    """Triton London 2019 (NS): antes of 3,000 and a button blind of 3,000 (RULES.md §2.3)."""
    replay = history_to_hand(load(phh_data / "phua-xuan-2019.phh"))
    hand = replay.hand
    assert hand.config.button_blind and hand.config.big_blind_player == 5
    assert replay.warnings == [] and hand.is_complete
    # Triton rules: Phua's trip kings beat Xuan's king-high straight.
    assert hand.result.awards[0].winners == (4,) and hand.result.awards[0].amount == 623_000
    assert hand.stacks == (489_000, 226_000, 61_000, 400_000, 623_000, 198_000)
    back = hand_to_history(hand)
    assert back.blinds_or_straddles == (0, 0, 0, 0, 0, 3000) and back.antes == (3000,) * 6
    assert history_to_hand(back).hand.stacks == hand.stacks


def test_fixed_limit_holdem_hands_replay_too(phh_data):
    checks = [
        history_to_hand(history).check
        for _, history in load_path(phh_data / "wsop")
        if isinstance(history, HandHistory) and history.variant == "FT"
    ]
    assert checks == ["match"] * 7
