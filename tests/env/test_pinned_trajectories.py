"""Seeded random play gives, bit for bit, what the environment gave before its
inner loop was rewritten for speed.

Each digest covers every value an agent can read along the way: each
``last()`` (the observation's and mask's bytes and dtypes, reward,
termination, truncation, info), the off-turn agents' observations, the
agent selected, and the rewards and agents left after every step. The
digests were recorded with the implementation of commit 62946c6 (before the
single-gather encoding); an optimisation that changes any of these values,
even in the last bit of a float, fails here.
"""

from __future__ import annotations

import hashlib
import random

import numpy as np
import pytest

from pokerdealer.env import HoldemEnv

CASES = {
    "heads-up": ({"players": 2, "stacks": 100}, 40),
    "6-max": ({"players": 6, "stacks": (50, 100, 150, 200, 20, 400), "ante": 1}, 25),
    "session with busts": ({"players": 4, "hands": None, "stacks": 20}, 6),
    "straddles, pot limit": (
        {"players": 5, "hands": 4, "stacks": 60, "straddles": (4,), "structure": "pot_limit"},
        8,
    ),
    "continuous, big blinds": (
        {"players": 3, "action_mode": "continuous", "stacks": 100, "reward_unit": "bb",
         "illegal_action": "penalty"},
        25,
    ),
}

DIGESTS = {
    'heads-up': 'e71e31133640124e98ae3cc2ef8d4e27e5bb099cbde0e6e4e8bb60877d253db3',
    '6-max': '9f66558695836dfdef9dd6c34e68a3a7fbcd8d74988daff2b4fbf91911ea3935',
    'session with busts': '0df10d23d83d1c46c776a98e0fd0fbd2cf8f9ded7c305c8189976bf41a211a44',
    'straddles, pot limit': 'c0d593619f8c4fd52b64438c6356ca1fce74671913068bfa7133bab92430e127',
    'continuous, big blinds': '3191cb59e10eeda5dc8f05df313940a670da82884b7b1365315012fa887bc650',
}


def _feed(digest, value) -> None:
    if isinstance(value, dict) and all(isinstance(v, np.ndarray) for v in value.values()):
        for key in sorted(value):
            array = value[key]
            digest.update(f"{key}:{array.dtype.str}:{array.shape}:".encode())
            digest.update(array.tobytes())
    elif isinstance(value, np.ndarray):
        digest.update(f"{value.dtype.str}:{value.shape}:".encode())
        digest.update(value.tobytes())
    else:
        digest.update(repr(value).encode())
    digest.update(b"|")


def trajectory_digest(kwargs: dict, episodes: int) -> str:
    env = HoldemEnv(**kwargs)
    rng = random.Random(11)
    digest = hashlib.sha256()
    continuous = env.action_mode == "continuous"
    for seed in range(episodes):
        env.reset(seed=seed)
        _feed(digest, (env.agent_selection, env.agents))
        for agent in env.agent_iter(5000):
            obs, reward, terminated, truncated, info = env.last()
            _feed(digest, agent)
            _feed(digest, obs)
            _feed(digest, (reward, terminated, truncated, sorted(info.items())))
            for other in env.agents:
                _feed(digest, env.observe(other))
            if terminated or truncated:
                action = None
            elif continuous:  # sometimes illegal: a raise when raising is closed
                action = np.array([rng.uniform(-1, 1), rng.uniform(-1, 1)], dtype=np.float32)
            else:
                action = rng.choice(np.flatnonzero(obs["action_mask"]).tolist())
            env.step(action)
            _feed(digest, (sorted(env.rewards.items()), sorted(env._cumulative_rewards.items())))
            _feed(digest, (env.agents, sorted(env.terminations.items()), env.hand_payoffs))
    return digest.hexdigest()


@pytest.mark.parametrize("case", sorted(CASES))
def test_seeded_random_play_is_what_it_was(case):
    kwargs, episodes = CASES[case]
    assert trajectory_digest(kwargs, episodes) == DIGESTS[case]


if __name__ == "__main__":  # print the digests (to record them after a deliberate change)
    for name, (kwargs, episodes) in CASES.items():
        print(f"    {name!r}: {trajectory_digest(kwargs, episodes)!r},")
