"""Reinforcement-learning environments: PettingZoo (AEC and Parallel), Gymnasium (one seat) and a batch of tables (Gymnasium VectorEnv).

>>> from pokerdealer.env import HoldemEnv
>>> env = HoldemEnv(players=2, stacks=100, blinds=(1, 2))
>>> env.reset(seed=1)
>>> obs, reward, terminated, truncated, info = env.last()
>>> obs["observation"].shape, obs["action_mask"].tolist()
((133,), [1, 1, 1, 1, 1, 1])

Needs the ``env`` extra (``pip install 'pokerdealer[env]'``).
"""

from __future__ import annotations

from pokerdealer.env.actions import ActionSet
from pokerdealer.env.aec import HoldemEnv, env, observation_layout, raw_env
from pokerdealer.env.parallel import HoldemParallelEnv, parallel_env
from pokerdealer.env.single import HoldemGymEnv
from pokerdealer.env.vector import HoldemVectorEnv, vector_env

__all__ = [
    "ActionSet",
    "HoldemEnv",
    "HoldemGymEnv",
    "HoldemParallelEnv",
    "HoldemVectorEnv",
    "env",
    "observation_layout",
    "parallel_env",
    "raw_env",
    "vector_env",
]
