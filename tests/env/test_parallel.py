"""The PettingZoo Parallel environment: API compliance and the AEC environment's results."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

with warnings.catch_warnings():  # pettingzoo.test imports deprecated example envs and pygame
    warnings.simplefilter("ignore", DeprecationWarning)
    warnings.filterwarnings("ignore", "pkg_resources is deprecated", UserWarning)
    from pettingzoo.test import parallel_api_test, parallel_seed_test

from pokerdealer.env import HoldemParallelEnv, parallel_env
from pokerdealer.errors import IllegalActionError, PokerDealerError

CONFIGS = [
    {"players": 2},
    {"players": 6, "stacks": (50, 100, 150, 200, 20, 400), "ante": 1},
    {"players": 3, "structure": "pot_limit", "stacks": 300},
    {"players": 4, "structure": "fixed_limit", "stacks": 100},
    {"players": 3, "hands": 20, "stacks": 40},
    {"players": 5, "hands": None, "stacks": (10, 3, 30, 2, 25)},
    {"players": 3, "stacks": 100, "action_mode": "continuous", "illegal_action": "penalty"},
    {"players": 4, "stacks": 100, "hands": 5, "illegal_action": "penalty",
     "action_mode": "continuous"},
]


@pytest.mark.parametrize("kwargs", CONFIGS)
def test_pettingzoo_parallel_api_test_passes(kwargs):
    parallel_api_test(parallel_env(**kwargs), num_cycles=1000)


@pytest.mark.parametrize("kwargs", CONFIGS[:3])
def test_pettingzoo_parallel_seed_test_passes(kwargs):
    parallel_seed_test(lambda: parallel_env(**kwargs))


def play(env: HoldemParallelEnv, seed: int, rng: np.random.Generator) -> dict[str, float]:
    """One episode with random legal actions; each agent's total reward."""
    observations, _ = env.reset(seed=seed)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    while env.agents:
        actors = [a for a in env.agents if observations[a]["action_mask"].any()]
        assert len(actors) == 1, "exactly one agent is to act"
        actions = {a: 0 for a in env.agents}  # ignored for everybody but the actor
        actions[actors[0]] = int(rng.choice(np.flatnonzero(observations[actors[0]]["action_mask"])))
        observations, rewards, terminations, truncations, _ = env.step(actions)
        assert set(rewards) == set(terminations) == set(observations)
        for agent, reward in rewards.items():
            totals[agent] += reward
    return totals


@pytest.mark.parametrize(
    "kwargs",
    [
        {"players": 4, "stacks": 100},
        {"players": 5, "hands": None, "stacks": (10, 3, 30, 2, 25)},
        {"players": 3, "hands": 30, "stacks": 40, "reward_unit": "bb"},
    ],
)
def test_rewards_add_up_to_each_seats_chips(kwargs):
    env = parallel_env(**kwargs)
    rng = np.random.default_rng(1)
    scale = 0.5 if kwargs.get("reward_unit") == "bb" else 1.0
    for seed in range(10):
        totals = play(env, seed, rng)
        start = env.aec.starting_stacks
        for seat, agent in enumerate(env.possible_agents):
            assert totals[agent] == (env.aec.session_stacks[seat] - start[seat]) * scale
        assert sum(totals.values()) == 0


def test_a_hand_over_as_soon_as_dealt_pays_at_the_first_step():
    # Two players with less than the big blind: all-in on the blinds, no decision.
    env = parallel_env(players=2, stacks=(1, 2), blinds=(1, 2), hands=1)
    observations, _ = env.reset(seed=0)
    assert set(observations) == {"player_0", "player_1"}
    observations, rewards, terminations, _, _ = env.step({})
    assert all(terminations.values()) and env.agents == []
    assert sum(rewards.values()) == 0 and sorted(rewards.values()) != [0.0, 0.0]


def test_the_actor_must_be_given_an_action_and_illegal_ones_raise():
    env = parallel_env(players=2, stacks=100, blinds=(1, 2), button=0)
    env.reset(seed=3)
    with pytest.raises(PokerDealerError, match="player_0 is to act"):
        env.step({"player_1": 1})
    with pytest.raises(IllegalActionError):
        env.step({"player_0": 99})
    assert env.aec.hand.log == []
    env.step({"player_0": 0})  # a fold ends the hand and the episode
    with pytest.raises(PokerDealerError, match="reset"):
        env.step({"player_0": 1})
