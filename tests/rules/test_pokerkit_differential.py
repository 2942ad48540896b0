"""Differential test against PokerKit 0.7.7 with ``RuleOptions.pokerkit()``.

Random configurations (2-9 players, no limit / pot limit / fixed limit,
short deck, antes of every kind, straddles, short stacks, any button), the
same deck order and the same random actions on both engines. At every
decision the player to act, fold/check/call and the raise bounds must
agree; at the end the finishing stacks must be identical.

10,000 hands, about 38 s of CPU (PokerKit's side most of it); 40,000 more under the ``slow``
marker.
"""

from __future__ import annotations

import random

import pytest

from pokerdealer.rules import RuleOptions
from tests.rules.pokerkit_oracle import finishing_stacks, play_both, random_config, random_deck

OPTIONS = RuleOptions.pokerkit()


def run(seeds: range) -> None:
    for seed in seeds:
        rng = random.Random(seed)
        config = random_config(rng, OPTIONS)
        deck = random_deck(rng, config.variant)
        hand, state = play_both(rng, config, deck)
        ours = hand.result.final_stacks
        assert ours == finishing_stacks(config, state), (seed, config, hand.log)
        assert sum(ours) == sum(config.stacks)


CHUNK = 2_500
"""The 10,000 hands in four tests of 2,500: the test workers play them side by side
(tests/conftest.py hands out each test of this module on its own)."""


@pytest.mark.parametrize("first", range(0, 10_000, CHUNK))
def test_same_finishing_stacks_as_pokerkit_10000_hands(first: int):
    run(range(first, first + CHUNK))


@pytest.mark.slow
def test_same_finishing_stacks_as_pokerkit_40000_more_hands():
    run(range(10_000, 50_000))
