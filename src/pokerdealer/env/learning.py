"""Learning a :class:`~pokerdealer.bots.learned.LearnedPolicy` on the vector environment.

:func:`train_policy` plays heads-up tables against each opponent in turn
(``vector_env``, next-step autoreset: the hands' payoffs stay in arrays) and
learns by Monte Carlo control: every decision of a hand is credited with the
chips the hand won or lost (``infos["payoffs"]``), each state-action value is
the average of its credits, and the learner plays the best legal action
except for an exploring share of random ones that shrinks to a few percent
as the CPU budget runs out. ``examples/learn_to_beat_the_bots.py`` is the
recipe; :func:`evaluate_policy` plays the duplicate matches that judge it.

>>> policy, stats = train_policy(["caller"], cpu_seconds=0.2, tables=8, preflop_samples=20, samples=8, numba=False)
>>> policy.values.shape, stats.hands > 0
((160, 6), True)
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from pokerdealer.bots.learned import ACTION_LABELS, STATES, LearnedBot, LearnedPolicy, policy_states, preflop_equities
from pokerdealer.env.core import observation_layout
from pokerdealer.env.vector import vector_env
from pokerdealer.errors import PokerDealerError

__all__ = ["TrainingStats", "evaluate_policy", "observation_states", "train_policy"]

#: An action never tried in a state is valued below every tried one (check/call
#: above the others, so that an unknown state checks or calls rather than folds).
_UNTRIED = -1e6


@dataclass(frozen=True)
class TrainingStats:
    """What a training run did: hands and decisions played, CPU seconds, and how many
    times each state-action was tried (``visits``: ``(STATES, 6)``)."""

    hands: int
    decisions: int
    cpu_seconds: float
    visits: np.ndarray


def observation_states(
    observation: np.ndarray, rows: np.ndarray, policy: LearnedPolicy, generator: np.random.Generator,
    *, players: int = 2,
) -> np.ndarray:
    """The policy's state (:func:`~pokerdealer.bots.learned.policy_states`) of each of
    ``rows`` of a batch of observations (rows where the learner acts): the cards from
    the one-hots, the street, the price and the pot from the actor's fields."""
    layout = observation_layout(players)
    obs = observation[rows]
    street = obs[:, layout["street"]].argmax(axis=1)
    call = obs[:, layout["to_call"]][:, 0]
    pot = obs[:, layout["pot"]][:, 0]
    hole = np.sort(np.argsort(-obs[:, layout["hole_cards"]], axis=1)[:, :2], axis=1)
    board_hot = obs[:, layout["board"]]
    equity = np.zeros(len(rows), dtype=np.float64)
    for shown in (0, 3, 4, 5):
        group = np.flatnonzero(board_hot.sum(axis=1) == shown)
        if group.size:
            board = np.argsort(-board_hot[group], axis=1)[:, :shown]
            equity[group] = policy.equities(hole[group], board, generator)
    return policy_states(street, equity, call, pot)


def train_policy(
    opponents: Sequence[str] = ("random", "caller", "tight"),
    *,
    cpu_seconds: float = 1200.0,
    tables: int = 64,
    stacks: int = 200,
    blinds: tuple[int, int] = (1, 2),
    seed: int = 0,
    explore: tuple[float, float] = (0.3, 0.02),
    preflop_samples: int = 2000,
    samples: int = 64,
    numba: bool | None = None,
) -> tuple[LearnedPolicy, TrainingStats]:
    """Learn a policy against ``opponents`` (one heads-up vector env of ``tables`` tables
    each, stepped in turn) for ``cpu_seconds`` of this process's CPU time; ``explore``:
    the share of random legal actions at the start and at the end (falling linearly).
    The budget counts from the first hand (the preflop table and the environments
    are made before; :attr:`TrainingStats.cpu_seconds` counts them too), and at
    least one round is played. ``numba``: the vector envs' (``None``: when installed)."""
    if not opponents:
        raise PokerDealerError("train_policy needs at least one opponent, e.g. ['random', 'caller', 'tight']")
    generator = np.random.default_rng(seed)
    clock = time.process_time
    start = clock()
    preflop = preflop_equities(generator, samples=preflop_samples)
    sums = np.zeros((STATES, len(ACTION_LABELS)), dtype=np.float64)
    visits = np.zeros((STATES, len(ACTION_LABELS)), dtype=np.int64)
    envs = [
        vector_env(
            num_tables=tables, players=2, opponents=[name], stacks=stacks, blinds=blinds,
            autoreset_mode="next_step", copy=False, numba=numba,
        )
        for name in opponents
    ]
    observations = [env.reset(seed=seed + 1000 * k)[0] for k, env in enumerate(envs)]
    # Each table's decisions in the hand being played: (state, action) pairs.
    episodes: list[list[list[tuple[int, int]]]] = [[[] for _ in range(tables)] for _ in envs]
    hands = decisions = 0
    seat = 0
    begin = clock()
    spent = 0.0
    while hands == 0 or spent < cpu_seconds:
        share = explore[0] + (explore[1] - explore[0]) * min(1.0, spent / cpu_seconds)
        values = _values(sums, visits, optimistic=True)
        policy = LearnedPolicy(values, preflop, samples)
        for k, env in enumerate(envs):
            for _ in range(8):
                obs = observations[k]
                mask = obs["action_mask"]
                rows = np.flatnonzero(mask.any(axis=1))
                actions = np.ones(tables, dtype=np.int64)  # (a table restarting: ignored)
                if rows.size:
                    states = observation_states(obs["observation"], rows, policy, generator)
                    chosen = policy.choose(states, mask[rows])
                    wander = generator.random(rows.size) < share
                    if wander.any():
                        legal = mask[rows[wander]].astype(np.float64)
                        chosen[wander] = (generator.random(legal.shape) * legal).argmax(axis=1)
                    actions[rows] = chosen
                    for table, state, action in zip(rows.tolist(), states.tolist(), chosen.tolist()):
                        episodes[k][table].append((state, action))
                    decisions += rows.size
                obs, _, terminated, truncated, infos = env.step(actions)
                observations[k] = obs
                for table in np.flatnonzero(terminated | truncated).tolist():
                    won = float(infos["payoffs"][table][seat])
                    for state, action in episodes[k][table]:
                        sums[state, action] += won
                        visits[state, action] += 1
                    episodes[k][table] = []
                    hands += 1
        spent = clock() - begin
    for env in envs:
        env.close()
    policy = LearnedPolicy(_values(sums, visits, optimistic=False), preflop, samples)
    return policy, TrainingStats(hands, decisions, clock() - start, visits)


def _values(sums: np.ndarray, visits: np.ndarray, *, optimistic: bool) -> np.ndarray:
    """Average credits; an untried action first (``optimistic``: each is tried once) or last."""
    values = np.divide(sums, visits, out=np.zeros_like(sums), where=visits > 0)
    untried = visits == 0
    if optimistic:
        values[untried] = 1e9
    else:
        values[untried] = _UNTRIED
        values[:, 1] = np.where(untried[:, 1], _UNTRIED / 10, values[:, 1])
    return values


def evaluate_policy(
    policy: LearnedPolicy, opponents: Sequence[str] = ("random", "caller", "tight"), *,
    hands: int = 20000, seed: int = 1, stacks: int = 200, blinds: tuple[int, int] = (1, 2),
) -> dict[str, tuple[float, float]]:
    """Duplicate heads-up matches of the policy against each opponent (``pokerdealer
    match``'s): its big blinds per 100 hands and the 95% interval's half-width."""
    from pokerdealer.match import play_match

    results: dict[str, tuple[float, float]] = {}
    for name in opponents:
        match = play_match(
            [LearnedBot(policy=policy), name], hands=hands, duplicate=True, seed=seed, stacks=stacks, blinds=blinds,
        )
        learned = match.bot_results()[0]
        results[name] = (learned.bb_per_100, learned.ci95)
    return results
