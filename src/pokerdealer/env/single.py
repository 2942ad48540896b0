"""A Gymnasium environment: one learning seat against pokerdealer bots.

:class:`HoldemGymEnv` wraps :class:`~pokerdealer.env.aec.HoldemEnv`: the
agent plays seat ``seat``; every other seat is a bot (``"random"``,
``"caller"``, ``"tight"``, ``"module:Class"`` or any object with
``act(view) -> Action``) that acts automatically between the agent's turns.

The observation and action spaces are the AEC environment's (a dict with
``"observation"`` and ``"action_mask"``; ``Discrete`` actions). An episode is
the AEC episode (one hand by default, or ``hands=N``). The reward of a step
is every chip the agent won or lost since its previous decision; a hand in
which the agent had nothing to decide (everybody folded to its big blind)
is played through on ``reset`` and its result is added to the reward of the
first step (and counted in ``info["skipped_hands"]``). ``reset(seed=...)``
seeds the table's cards, button and bots; a ``reset()`` without a seed
goes on with the same streams (the next shuffle, the next button).

:meth:`HoldemGymEnv.action_masks` gives the legal discrete actions as
booleans, the method sb3-contrib's ``MaskablePPO`` looks for, so it trains on
this environment without an ``ActionMasker`` wrapper. Checkers that step with
unmasked random actions (Gymnasium's and stable-baselines3's ``check_env``)
need ``illegal_action="penalty"``: an illegal action then ends the episode
with ``illegal_reward`` instead of raising.

>>> env = HoldemGymEnv(["caller"], stacks=100, blinds=(1, 2))
>>> obs, info = env.reset(seed=3)
>>> obs["action_mask"].tolist()
[1, 1, 1, 1, 1, 1]
>>> env.action_masks().tolist()
[True, True, True, True, True, True]
>>> obs, reward, terminated, truncated, info = env.step(0)   # fold
>>> terminated, reward in (-1.0, -2.0)
(True, True)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np

from pokerdealer.bots import Bot, make_bot
from pokerdealer.env.aec import HoldemEnv
from pokerdealer.errors import PokerDealerError

__all__ = ["HoldemGymEnv"]


class HoldemGymEnv(gymnasium.Env):
    """One seat of :class:`HoldemEnv` as a single-agent Gymnasium environment.

    :param opponents: one bot (name or object) per other seat; the table has
        ``len(opponents) + 1`` players.
    :param seat: the agent's seat.
    :param env_kwargs: everything else goes to :class:`HoldemEnv`
        (``stacks``, ``blinds``, ``structure``, ``hands``, ``reward_unit``,
        ``illegal_action``...).
    """

    metadata = {"render_modes": ["ansi", "human"]}

    def __init__(
        self,
        opponents: Sequence[str | Bot] = ("random",),
        *,
        seat: int = 0,
        render_mode: str | None = None,
        **env_kwargs: Any,
    ) -> None:
        super().__init__()
        if not opponents:
            raise PokerDealerError("name at least one opponent bot")
        players = len(opponents) + 1
        if not 0 <= seat < players:
            raise PokerDealerError(f"seat {seat} is not one of 0..{players - 1}")
        self.aec = HoldemEnv(players=players, render_mode=render_mode, **env_kwargs)
        self.seat = seat
        self.agent = self.aec.possible_agents[seat]
        self._opponent_specs = list(opponents)
        self.bots: dict[str, Bot] = {}
        self.render_mode = render_mode
        self.observation_space = self.aec.observation_space(self.agent)
        self.action_space = self.aec.action_space(self.agent)
        self._rng = random.Random()
        self._seen_hand = 0

    def _make_bots(self) -> None:
        others = [a for a in self.aec.possible_agents if a != self.agent]
        self.bots = {}
        for agent, spec in zip(others, self._opponent_specs):
            rng = random.Random(self._rng.getrandbits(64))
            if isinstance(spec, str):
                self.bots[agent] = make_bot(spec, rng)
            else:
                self.bots[agent] = spec
            hook = getattr(self.bots[agent], "reset", None)
            if hook is not None:
                hook()

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        super().reset(seed=seed)
        # The table's deck and button streams are seeded here only: an unseeded
        # reset goes on with them (a new NumPy generator per episode cost more
        # than the episode's own decisions).
        aec_seed: int | None = None
        if seed is not None or not self.bots:
            self._rng.seed(int(self.np_random.integers(2**63)))
            self._make_bots()
            aec_seed = self._rng.getrandbits(64)
        self._carried = 0.0
        self._skipped = 0
        while True:
            self.aec.reset(seed=aec_seed)
            aec_seed = None
            self._seen_hand = 0
            reward, done = self._play_others()
            if not done:
                break
            self._carried += reward
            self._skipped += 1
        self._carried += reward
        obs = self.aec.observe(self.agent)
        return obs, {"skipped_hands": self._skipped, "hand": self.aec.hand_number}

    def _play_others(self) -> tuple[float, bool]:
        """Let the bots act until the agent must decide or its episode ends.
        Returns the agent's reward meanwhile and whether it is done."""
        aec = self.aec
        me = self.agent
        while True:
            if aec.hand_number != self._seen_hand:
                self._seen_hand = aec.hand_number
                for agent, bot in self.bots.items():
                    hook = getattr(bot, "new_hand", None)
                    if hook is not None and agent in aec.agents and not aec.terminations[agent]:
                        hook(aec.view(agent))
            if me not in aec.agents:
                return 0.0, True
            current = aec.agent_selection
            if current == me:
                reward = aec._cumulative_rewards[me]
                if aec.terminations[me] or aec.truncations[me]:
                    return reward, True
                return reward, False
            if aec.terminations[current] or aec.truncations[current]:
                aec.step(None)
                continue
            action = self.bots[current].act(aec.view(current))
            aec.step(action)

    def step(self, action: Any) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        aec = self.aec
        me = self.agent
        if aec.agent_selection != me or aec.terminations[me]:
            raise PokerDealerError("the episode is over: call reset()")
        if isinstance(action, np.ndarray) and action.shape == ():
            action = int(action)
        aec.step(action)
        reward, done = self._play_others()
        if self._carried:
            reward += self._carried
            self._carried = 0.0
        # The agent's reward is read (and so cleared) at each of its decisions.
        aec._cumulative_rewards[me] = 0.0
        obs = aec.observe(me)
        info = {"hand": aec.hand_number, "payoffs": aec.hand_payoffs}
        if done:
            info["illegal_move"] = bool(aec.infos[me].get("illegal_move", False))
        return obs, float(reward), done, False, info

    def action_masks(self) -> np.ndarray:
        """Which discrete actions are legal now (``bool``, one per action; all
        ``False`` once the episode is over): ``obs["action_mask"]`` of the current
        observation, which the environment has already computed.

        sb3-contrib's ``MaskablePPO`` calls this method (``get_action_masks``)
        before every step.
        """
        if self.aec.action_mode != "discrete":
            raise PokerDealerError(
                "action_masks() is for the discrete action set: the continuous mode has none"
            )
        return self.aec.observe(self.agent)["action_mask"].astype(bool)

    def view(self):  # noqa: ANN201
        """The agent's :class:`~pokerdealer.rules.PlayerView` of the current hand."""
        return self.aec.view(self.agent)

    def render(self) -> str | None:
        return self.aec.render()

    def close(self) -> None:
        self.aec.close()

