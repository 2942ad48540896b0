"""The Gymnasium wrapper: one seat against built-in bots."""

from __future__ import annotations

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from pokerdealer.bots import CallerBot
from pokerdealer.env import HoldemGymEnv
from pokerdealer.errors import IllegalActionError, PokerDealerError


@pytest.mark.parametrize(
    "kwargs",
    [
        {"opponents": ["random"]},
        {"opponents": ["caller", "tight", "random"], "seat": 2, "structure": "pot_limit"},
        {"opponents": ["random", "caller"], "hands": 10, "stacks": 50},
    ],
)
def test_gymnasium_env_checker_passes(kwargs):
    # The checker steps with unmasked random actions, so illegal ones must end the
    # episode (PettingZoo's penalty convention) instead of raising.
    env = HoldemGymEnv(illegal_action="penalty", **kwargs)
    check_env(env, skip_render_check=True)


def play(env: HoldemGymEnv, seed: int, rng: np.random.Generator) -> float:
    obs, info = env.reset(seed=seed)
    total = 0.0
    while True:
        action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        obs, reward, terminated, truncated, info = env.step(action)
        total += reward
        if terminated or truncated:
            return total


def test_rewards_add_up_to_the_agents_chips():
    env = HoldemGymEnv(["tight", "caller"], seat=1, stacks=100, blinds=(1, 2), hands=30)
    rng = np.random.default_rng(0)
    for seed in range(5):
        total = play(env, seed, rng)
        assert total == env.aec.session_stacks[1] - 100


def test_single_hands_are_zero_sum_with_the_bots_and_reproducible():
    env = HoldemGymEnv(["caller"], stacks=100)
    results = [play(env, seed, np.random.default_rng(seed)) for seed in range(40)]
    again = [play(env, seed, np.random.default_rng(seed)) for seed in range(40)]
    assert results == again
    assert all(isinstance(r, float) for r in results)


def test_bot_objects_illegal_actions_and_reward_unit():
    env = HoldemGymEnv([CallerBot()], stacks=10, blinds=(1, 2), raise_fractions=(10.0,),
                       reward_unit="bb")
    obs, _ = env.reset(seed=1)
    mask = obs["action_mask"]
    assert mask[3] == 0  # ten pot-sized raises do not fit in a 10-chip stack
    with pytest.raises(IllegalActionError):
        env.step(3)
    obs, reward, terminated, _, _ = env.step(0)
    assert terminated and reward in (-0.5, -1.0)
    with pytest.raises(PokerDealerError, match="reset"):
        env.step(1)
    assert env.view().player is not None


def test_bad_wrapper_arguments():
    with pytest.raises(PokerDealerError):
        HoldemGymEnv([])
    with pytest.raises(PokerDealerError):
        HoldemGymEnv(["random"], seat=2)
