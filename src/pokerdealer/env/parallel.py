"""A PettingZoo Parallel environment: every live agent gets a say each step.

Poker is played one player at a time, so :class:`HoldemParallelEnv` is the
turn-based game in the Parallel API: each :meth:`~HoldemParallelEnv.step`
takes a dict of actions, applies the one of the agent to act (the only agent
whose ``action_mask`` has a ``1``; the others' actions are ignored), and
returns observations, rewards, terminations, truncations and infos for every
agent that was live before the step. It drives a :class:`HoldemEnv` (the
``aec`` attribute) and takes the same options, so the rules, observations
and rewards are the AEC environment's; agents that are done leave
:attr:`~HoldemParallelEnv.agents` after the step that ends them.

PettingZoo's own ``aec_to_parallel`` expects every agent to act once per
step, in a fixed cycle, which betting rounds are not; hence a native class.

>>> env = parallel_env(players=3, stacks=200, blinds=(1, 2), button=0)
>>> observations, infos = env.reset(seed=7)
>>> [agent for agent in env.agents if observations[agent]["action_mask"].any()]
['player_0']
>>> while env.agents:   # everybody checks or calls
...     observations, rewards, terminations, truncations, infos = env.step(
...         dict.fromkeys(env.agents, 1))
>>> sum(rewards.values()), all(terminations.values())
(0.0, True)
"""

from __future__ import annotations

from typing import Any

from gymnasium import spaces
from pettingzoo import ParallelEnv

from pokerdealer.env.aec import HoldemEnv
from pokerdealer.errors import PokerDealerError

__all__ = ["HoldemParallelEnv", "parallel_env"]


class HoldemParallelEnv(ParallelEnv):
    """Texas Hold'em as a PettingZoo Parallel environment (see the module docstring).

    Takes the keyword arguments of :class:`HoldemEnv`. Rewards of a step are
    the chips (or big blinds) of every hand that ended in it; a hand that ends
    as soon as :meth:`reset` deals it pays out at the first step.
    """

    metadata = {
        "name": "pokerdealer_holdem_parallel_v0",
        "render_modes": ["ansi", "human"],
        "is_parallelizable": True,
    }

    def __init__(self, **kwargs: Any) -> None:
        self.aec = HoldemEnv(**kwargs)
        self.possible_agents = self.aec.possible_agents[:]
        self.agents: list[str] = []
        self.render_mode = self.aec.render_mode
        self._pending: dict[str, float] = {}

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.aec.observation_space(agent)

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.aec.action_space(agent)

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, dict[str, Any]]]:
        aec = self.aec
        aec.reset(seed=seed, options=options)
        self.agents = aec.agents[:]
        self._pending = dict.fromkeys(self.agents, 0.0)
        self._collect()
        observations = {agent: aec.observe(agent) for agent in self.agents}
        return observations, {agent: dict(aec.infos[agent]) for agent in self.agents}

    def _collect(self) -> None:
        """Move the rewards the AEC environment holds for its agents into
        ``_pending`` (the AEC clears an agent's only when that agent acts)."""
        cumulative = self.aec._cumulative_rewards
        for agent, reward in cumulative.items():
            if reward:
                self._pending[agent] += reward
                cumulative[agent] = 0.0

    def step(
        self, actions: dict[str, Any]
    ) -> tuple[
        dict[str, Any],
        dict[str, float],
        dict[str, bool],
        dict[str, bool],
        dict[str, dict[str, Any]],
    ]:
        aec = self.aec
        live = self.agents
        if not live:
            raise PokerDealerError("the episode is over: call reset()")
        terminations: dict[str, bool] = {}
        truncations: dict[str, bool] = {}
        infos: dict[str, dict[str, Any]] = {}

        def retire_done() -> None:
            # Done agents take their last (None) step in the AEC environment; what
            # it knew about them is kept for this step's answer first.
            while aec.agents:
                agent = aec.agent_selection
                if not (aec.terminations[agent] or aec.truncations[agent]):
                    return
                self._collect()
                terminations[agent] = aec.terminations[agent]
                truncations[agent] = aec.truncations[agent]
                infos[agent] = dict(aec.infos[agent])
                aec.step(None)

        retire_done()  # agents a reset left done (a hand over as soon as dealt)
        if aec.agents:
            actor = aec.agent_selection
            if actor not in actions:
                raise PokerDealerError(
                    f"{actor} is to act, but the actions name only {sorted(actions)}"
                )
            aec.step(actions[actor])
            self._collect()
            retire_done()
        observations = {agent: aec.observe(agent) for agent in live}
        rewards = {agent: self._pending.pop(agent, 0.0) for agent in live}
        for agent in aec.agents:
            self._pending.setdefault(agent, 0.0)
            terminations[agent] = aec.terminations[agent]
            truncations[agent] = aec.truncations[agent]
            infos[agent] = dict(aec.infos[agent])
        self.agents = aec.agents[:]
        return observations, rewards, terminations, truncations, infos

    def render(self) -> str | None:
        return self.aec.render()

    def close(self) -> None:
        self.aec.close()


def parallel_env(**kwargs: Any) -> HoldemParallelEnv:
    """The Parallel environment (PettingZoo naming: ``pokerdealer.env.parallel_env(players=6)``)."""
    return HoldemParallelEnv(**kwargs)
