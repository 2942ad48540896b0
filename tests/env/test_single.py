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
        {"opponents": ["random"], "action_mode": "continuous"},
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


def legal_by_the_engine(env: HoldemGymEnv) -> list[bool]:
    """For each discrete action: does the engine accept what it stands for now?"""
    hand = env.aec.hand
    legal = []
    for index in range(len(env.aec.action_set)):
        try:
            action = env.aec.action_set.to_action(index, hand)
        except IllegalActionError:
            legal.append(False)
            continue
        legal.append(hand.can(action))
    return legal


@pytest.mark.parametrize(
    "kwargs",
    [
        {"opponents": ["random"], "stacks": 60},
        {"opponents": ["random", "caller", "tight"], "seat": 1, "structure": "pot_limit"},
        {"opponents": ["random", "random"], "structure": "fixed_limit", "hands": 5},
        {"opponents": ["random"] * 5, "stacks": (30, 80, 200, 15, 60, 100), "ante": 1,
         "raise_fractions": (0.33, 0.75, 2.0)},
    ],
)
def test_action_masks_match_the_legal_actions_on_every_step(kwargs):
    env = HoldemGymEnv(**kwargs)
    rng = np.random.default_rng(4)
    steps = 0
    for seed in range(60):
        obs, _ = env.reset(seed=seed)
        while True:
            masks = env.action_masks()
            assert masks.dtype == np.bool_
            assert masks.tolist() == legal_by_the_engine(env)
            assert masks.tolist() == obs["action_mask"].astype(bool).tolist()
            obs, _, terminated, truncated, _ = env.step(int(rng.choice(np.flatnonzero(masks))))
            steps += 1
            if terminated or truncated:
                assert not env.action_masks().any()
                break
    assert steps > 60


def test_action_masks_are_new_arrays():
    env = HoldemGymEnv(["caller"])
    env.reset(seed=0)
    masks = env.action_masks()
    masks[:] = False
    assert env.action_masks().any()


def test_action_masks_refuse_the_continuous_mode():
    env = HoldemGymEnv(["caller"], action_mode="continuous")
    env.reset(seed=0)
    with pytest.raises(PokerDealerError, match="discrete"):
        env.action_masks()


def test_an_unseeded_reset_goes_on_with_the_seeded_streams_instead_of_reseeding() -> None:
    env = HoldemGymEnv(["caller"], stacks=100, blinds=(1, 2))
    env.reset(seed=3)
    generator = env.aec._core.generator
    decks = set()
    for _ in range(20):
        env.reset()
        assert env.aec._core.generator is generator  # no new NumPy generator per episode
        decks.add(env.aec.hand.deck[:4])
    assert len(decks) == 20  # and the deals still differ
