"""A batch of tables stepped together: a Gymnasium ``VectorEnv``.

:func:`vector_env` builds ``num_tables`` tables of ``players`` seats; the
learner plays one seat (``seat``) at each, every other seat is a built-in bot
(or any object with ``act(view) -> Action``). One call steps every table:
``step(actions)`` takes one discrete action per table and returns the
observations, rewards, terminations, truncations and infos of all of them.
A table whose episode ended is reset in the same step (Gymnasium's
``SAME_STEP`` autoreset, the default): its row is already the new episode's
first observation, and ``infos["final_obs"]`` / ``infos["final_info"]`` hold
the ended one's (two dicts an episode). With
``autoreset_mode=AutoresetMode.NEXT_STEP`` (Gymnasium's own default) the row
of a table that ended holds its final observation (an all-zero mask), its
final payoffs are in ``infos["payoffs"]`` (a ``(num_tables, players)`` array,
``infos["_payoffs"]`` marking the tables that ended), and the next step
starts it again: its action is ignored, its reward is 0 and its row the new
episode's first observation. Everything stays in arrays, which at a thousand
tables is several times cheaper than the dicts.

Observations and masks are written into arrays allocated once
(``observation``: ``(num_tables, size)`` float32, ``action_mask``:
``(num_tables, actions)`` int8); :meth:`HoldemVectorEnv.action_masks` gives
the masks as booleans, as sb3-contrib's ``MaskablePPO`` asks. The table at
index ``i`` follows exactly :class:`~pokerdealer.env.HoldemGymEnv` reset with
``seed + i``: the same seeds and actions give the same trajectory.

Two ways to get there, the same trajectories: for no limit with the default
rules, one hand per episode and the ``random`` / ``caller`` bots, every
table's hand is a row of NumPy arrays and each step plays all rows at once
(:mod:`pokerdealer.env.batch`, ``batched`` is then ``True``); any other
configuration runs one ``HoldemGymEnv`` per table. ``batched=False`` asks for
the second.

>>> import numpy as np
>>> envs = vector_env(num_tables=4, players=2, opponents=["caller"], stacks=100, blinds=(1, 2))
>>> obs, infos = envs.reset(seed=7)
>>> obs["observation"].shape, envs.action_masks().shape
((4, 133), (4, 6))
>>> obs, rewards, terminated, truncated, infos = envs.step(np.zeros(4, dtype=np.int64))  # all fold
>>> terminated.tolist(), rewards.tolist()
([True, True, True, True], [-1.0, -1.0, -1.0, -1.0])
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium.vector import AutoresetMode
from gymnasium.vector.utils import batch_space

from pokerdealer.bots import Bot
from pokerdealer.env.batch import Finals, TableBatch, batch_refusal, check_actions
from pokerdealer.env.single import HoldemGymEnv
from pokerdealer.errors import PokerDealerError

__all__ = ["HoldemVectorEnv", "vector_env"]


#: The autoreset modes a vector env takes, by name too.
_AUTORESET_MODES = {
    "same_step": AutoresetMode.SAME_STEP, "next_step": AutoresetMode.NEXT_STEP,
    AutoresetMode.SAME_STEP.value: AutoresetMode.SAME_STEP,
    AutoresetMode.NEXT_STEP.value: AutoresetMode.NEXT_STEP,
}


class HoldemVectorEnv(gymnasium.vector.VectorEnv):
    """``num_tables`` :class:`~pokerdealer.env.HoldemGymEnv` tables stepped as one batch.

    :param num_tables: how many tables.
    :param opponents: one bot (name or object) per other seat of each table;
        a name makes a fresh bot at every table. The table has ``len(opponents) + 1`` seats.
    :param seat: the learner's seat at every table.
    :param copy: return copies of the observation arrays (else the arrays
        themselves, overwritten by the next call).
    :param batched: step the tables' hands in arrays when the configuration
        allows (:func:`~pokerdealer.env.batch.batch_refusal`); ``False``: one
        ``HoldemGymEnv`` per table whatever the configuration.
    :param numba: step the arrays with the compiled kernel (one call a step for
        every table; :mod:`pokerdealer.env._batch_numba`): ``None`` when Numba
        is installed, ``False`` the NumPy path, ``True`` required. The same
        trajectories either way; no effect on the per-table path.
    :param autoreset_mode: Gymnasium's ``AutoresetMode.SAME_STEP`` (the default: the
        ended episodes' last observations in ``infos["final_obs"]``) or ``NEXT_STEP``
        (they stay in the rows; the next step starts the table again); also as
        ``"same_step"`` / ``"next_step"``.
    :param env_kwargs: the rest goes to every table (``stacks``, ``blinds``,
        ``hands``, ``reward_unit``, ``illegal_action``...).
    """

    metadata = {"autoreset_mode": AutoresetMode.SAME_STEP, "render_modes": []}

    def __init__(
        self,
        num_tables: int,
        opponents: Sequence[str | Bot] = ("random",),
        *,
        seat: int = 0,
        copy: bool = True,
        batched: bool = True,
        numba: bool | None = None,
        autoreset_mode: AutoresetMode | str = AutoresetMode.SAME_STEP,
        **env_kwargs: Any,  # noqa: ANN401
    ) -> None:
        mode = _AUTORESET_MODES.get(autoreset_mode) if isinstance(autoreset_mode, str) else autoreset_mode
        if mode not in (AutoresetMode.SAME_STEP, AutoresetMode.NEXT_STEP):
            raise PokerDealerError(
                f"autoreset_mode must be AutoresetMode.SAME_STEP or NEXT_STEP ('same_step' or 'next_step'), not {autoreset_mode!r}"
            )
        self.autoreset_mode: AutoresetMode = mode  # type: ignore[assignment]
        self.metadata = {**self.metadata, "autoreset_mode": mode}
        if not isinstance(num_tables, int) or isinstance(num_tables, bool) or num_tables < 1:
            raise PokerDealerError(f"num_tables must be a whole number of 1 or more, not {num_tables!r}")
        if env_kwargs.get("action_mode", "discrete") != "discrete":
            raise PokerDealerError("vector_env steps the discrete action set; action_mode='continuous' is not batched")
        first = HoldemGymEnv(opponents, seat=seat, **env_kwargs)
        self.refusal = batch_refusal(first, opponents) if batched else "batched=False"
        """Why the tables are not stepped in arrays (``None``: they are)."""
        self.batch: TableBatch | None = None
        if self.refusal is None:
            self.batch = TableBatch(first, [str(o) for o in opponents], num_tables, numba=numba)
            self.tables: list[HoldemGymEnv] = []
        else:
            self.tables = [first] + [
                HoldemGymEnv(opponents, seat=seat, **env_kwargs) for _ in range(num_tables - 1)
            ]
        self.num_envs = num_tables
        self.copy = copy
        self.single_observation_space = first.observation_space
        self.single_action_space = first.action_space
        self.observation_space = batch_space(self.single_observation_space, num_tables)
        self.action_space = batch_space(self.single_action_space, num_tables)
        size = first.observation_space["observation"].shape[0]
        actions = int(first.action_space.n)
        self._observation = np.zeros((num_tables, size), dtype=np.float32)
        self._mask = np.zeros((num_tables, actions), dtype=np.int8)
        self._rewards = np.zeros(num_tables, dtype=np.float64)
        self._terminated = np.zeros(num_tables, dtype=np.bool_)
        self._truncated = np.zeros(num_tables, dtype=np.bool_)
        self._hand = np.zeros(num_tables, dtype=np.int64)
        self._skipped = np.zeros(num_tables, dtype=np.int64)
        # Next-step autoreset: the tables whose episode the last step ended (started again
        # at the next step), the rows returned, and each ended episode's final payoffs.
        self._pending = np.zeros(num_tables, dtype=np.bool_)
        self._shown_observation = np.zeros((num_tables, size), dtype=np.float32)
        self._kept_observation = np.zeros((num_tables, size), dtype=np.float32)
        self._shown_mask = np.zeros((num_tables, actions), dtype=np.int8)
        self._payoffs = np.zeros((num_tables, len(opponents) + 1), dtype=np.int64)
        self._restarted = [(0, 0)] * num_tables  # (per table) its new episode's skipped hands, hand
        if self.batch is not None:  # the batch writes into its own arrays
            self._observation = self.batch.observation
            self._mask = self.batch.mask
            self._hand[:] = 1

    @property
    def batched(self) -> bool:
        """Whether the tables' hands are stepped in arrays (see :mod:`pokerdealer.env.batch`)."""
        return self.batch is not None

    def _write(self, i: int, obs: dict[str, np.ndarray]) -> None:
        self._observation[i] = obs["observation"]
        self._mask[i] = obs["action_mask"]

    def _observations(self) -> dict[str, np.ndarray]:
        if self.copy:
            return {"observation": self._observation.copy(), "action_mask": self._mask.copy()}
        return {"observation": self._observation, "action_mask": self._mask}

    def reset(
        self, *, seed: int | Sequence[int | None] | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        """Start every table: ``seed`` (an int: table ``i`` gets ``seed + i``; or one per table)."""
        n = self.num_envs
        if seed is None:
            seeds: list[int | None] = [None] * n
        elif isinstance(seed, int):
            seeds = [seed + i for i in range(n)]
        else:
            seeds = list(seed)
            if len(seeds) != n:
                raise PokerDealerError(f"reset(seed=...) needs one seed per table: {n}, not {len(seeds)}")
        self._pending[:] = False
        if self.batch is not None:
            self.batch.reset(seeds)
            self._skipped[:] = self.batch.skipped
            return self._observations(), self._infos(None)
        for i, (table, s) in enumerate(zip(self.tables, seeds)):
            obs, info = table.reset(seed=s, options=options)
            self._write(i, obs)
            self._hand[i] = info["hand"]
            self._skipped[i] = info["skipped_hands"]
        return self._observations(), self._infos(None)

    def step(
        self, actions: Any  # noqa: ANN401
    ) -> tuple[dict[str, np.ndarray], np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        """One decision at every table; an ended episode starts again: at once (its row is
        the new one's; ``SAME_STEP``) or at the next step (``NEXT_STEP``)."""
        actions = np.asarray(actions)
        if actions.shape != (self.num_envs,):
            raise PokerDealerError(f"step() needs one action per table: shape ({self.num_envs},), not {actions.shape}")
        if self.autoreset_mode is AutoresetMode.NEXT_STEP:
            return self._step_next(actions)
        batch = self.batch
        if batch is not None:
            batch.step(actions.astype(np.int64))  # an illegal action anywhere: an error, nothing stepped
            self._skipped[:] = batch.skipped
            return (
                self._observations(), batch.reward.copy(), batch.terminated.copy(),
                self._truncated.copy(), self._infos(batch.finals(copy=self.copy)),
            )
        first = self.tables[0]
        if first.aec.illegal_action == "raise":
            # Every table's action checked before any table moves (as the batch does): an
            # illegal one at table 5 must not leave tables 0-4 already a step ahead.
            check_actions(actions.astype(np.int64), self._mask, first.aec.action_set.labels, first.seat)
        ended: list[int] = []
        final_obs: list[dict[str, np.ndarray]] = []
        final_info: list[dict[str, Any]] = []
        self._skipped[:] = 0
        for i, table in enumerate(self.tables):
            obs, reward, terminated, truncated, info = table.step(int(actions[i]))
            self._rewards[i] = reward
            self._terminated[i] = terminated
            self._truncated[i] = truncated
            if terminated or truncated:
                ended.append(i)
                final_obs.append(obs)
                final_info.append(info)
                obs, info = table.reset()
                self._skipped[i] = info["skipped_hands"]
            self._write(i, obs)
            self._hand[i] = info["hand"]
        finals = Finals(np.array(ended, dtype=np.int64), final_obs, final_info)
        return self._observations(), self._rewards.copy(), self._terminated.copy(), self._truncated.copy(), self._infos(finals)

    def _step_next(
        self, actions: np.ndarray
    ) -> tuple[dict[str, np.ndarray], np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        """:meth:`step` with the next-step autoreset: the tables the last step ended start
        again (their actions ignored), the others play; a table that ends now shows its
        final observation, and its payoffs go in ``infos["payoffs"]``."""
        restart = self._pending
        playing = np.flatnonzero(~restart)
        batch = self.batch
        if batch is not None:
            # A restarted table's new episode was dealt by the step that ended the last
            # (its mask, skipped hands and carried rewards wait in the batch, the carried
            # rewards for its first step as HoldemGymEnv.reset carries them); its row was
            # kept aside while the final one was shown.
            restarted = np.flatnonzero(restart)
            if restarted.size:
                self._observation[restarted] = self._kept_observation[restarted]
            batch.step(actions.astype(np.int64), rows=playing)
            rewards = np.where(restart, 0.0, batch.reward)
            finished = batch.terminated & ~restart
            self._skipped[:] = np.where(restart, batch.skipped, 0)
            ended = np.flatnonzero(finished)
            np.copyto(self._shown_mask, self._mask)
            if ended.size:
                self._payoffs[ended] = batch.final_payoffs[ended]
                self._kept_observation[ended] = self._observation[ended]
                self._observation[ended] = batch.final_obs[ended]
                self._shown_mask[ended] = 0
            self._pending = finished
            return self._next_results(ended, rewards, finished, self._observation)
        first = self.tables[0]
        if first.aec.illegal_action == "raise":
            check_actions(
                actions[playing].astype(np.int64), self._mask[playing], first.aec.action_set.labels,
                first.seat, tables=playing,
            )
        # As the batch does: a table that ends is reset at once (its new episode's row and
        # mask wait in the arrays, action_masks() gives that mask) and shown its final row.
        finals: dict[int, dict[str, np.ndarray]] = {}
        self._skipped[:] = 0
        for i, table in enumerate(self.tables):
            if restart[i]:
                self._rewards[i] = 0.0
                self._terminated[i] = self._truncated[i] = False
                self._skipped[i], self._hand[i] = self._restarted[i]
                continue
            obs, reward, terminated, truncated, info = table.step(int(actions[i]))
            self._rewards[i] = reward
            self._terminated[i] = terminated
            self._truncated[i] = truncated
            self._hand[i] = info["hand"]
            if terminated or truncated:
                self._payoffs[i] = info["payoffs"]
                finals[i] = obs
                obs, info = table.reset()
                self._restarted[i] = (info["skipped_hands"], info["hand"])
            self._write(i, obs)
        ended = np.array(sorted(finals), dtype=np.int64)
        self._pending = self._terminated | self._truncated
        np.copyto(self._shown_observation, self._observation)
        np.copyto(self._shown_mask, self._mask)
        for i, obs in finals.items():
            self._shown_observation[i] = obs["observation"]
            self._shown_mask[i] = obs["action_mask"]
        return self._next_results(ended, self._rewards.copy(), self._terminated.copy(), self._shown_observation)

    def _next_results(
        self, ended: np.ndarray, rewards: np.ndarray, terminated: np.ndarray, observation: np.ndarray
    ) -> tuple[dict[str, np.ndarray], np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        """What a next-step :meth:`step` returns: the rows (the ended tables' final ones)."""
        n = self.num_envs
        mask = self._shown_mask
        if self.copy:
            observation, mask = observation.copy(), mask.copy()
        every = np.ones(n, dtype=np.bool_)
        infos: dict[str, Any] = {
            "hand": self._hand.copy(), "_hand": every,
            "skipped_hands": self._skipped.copy(), "_skipped_hands": every,
        }
        if ended.size:
            has = np.zeros(n, dtype=np.bool_)
            has[ended] = True
            infos.update(
                payoffs=self._payoffs.copy(), _payoffs=has,
                illegal_move=np.zeros(n, dtype=np.bool_), _illegal_move=has.copy(),
            )
        return {"observation": observation, "action_mask": mask}, rewards, terminated, self._truncated.copy(), infos

    def _infos(self, finals: Finals | None) -> dict[str, Any]:
        """Gymnasium's vector infos: each key an array over the tables, ``_key`` saying
        which tables have it (made here: gymnasium's ``_add_info`` per table and key
        cost more than a step of the engine)."""
        n = self.num_envs
        every = np.ones(n, dtype=np.bool_)
        infos: dict[str, Any] = {
            "hand": self._hand.copy(), "_hand": every,
            "skipped_hands": self._skipped.copy(), "_skipped_hands": every,
        }
        if finals is not None and finals.tables.size:
            # Placed in one assignment each (no loop over the ended tables); a table
            # that did not end keeps None, as gymnasium's _add_info leaves it.
            final_obs = np.empty(n, dtype=object)
            final_info = np.empty(n, dtype=object)
            has = np.zeros(n, dtype=np.bool_)
            tables = finals.tables
            final_obs[tables] = _objects(finals.observations)
            final_info[tables] = _objects(finals.infos)
            has[tables] = True
            infos.update(final_obs=final_obs, _final_obs=has, final_info=final_info, _final_info=has.copy())
        return infos

    def action_masks(self) -> np.ndarray:
        """The legal discrete actions of every table now, ``(num_tables, actions)`` booleans.
        (Next-step autoreset: a table that just ended shows its new episode's mask here,
        never an all-zero one; its next action is ignored.)"""
        return self._mask.astype(bool)

    def close_extras(self, **kwargs: Any) -> None:  # noqa: ANN401
        for table in self.tables:
            table.close()


def _objects(items: list[Any]) -> np.ndarray:
    """``items`` as a 1-D object array, each item one element (never unpacked, whatever it is).

    >>> _objects([(1, 2), (3, 4)]).shape
    (2,)
    """
    return np.fromiter(items, dtype=object, count=len(items))


def vector_env(
    num_tables: int = 8,
    players: int = 2,
    *,
    opponents: Sequence[str | Bot] | None = None,
    seat: int = 0,
    **env_kwargs: Any,  # noqa: ANN401
) -> HoldemVectorEnv:
    """``num_tables`` tables of ``players`` seats, the learner at ``seat`` of each,
    the others ``opponents`` (default: the random bot in every other seat).

    >>> envs = vector_env(num_tables=2, players=3, stacks=200, blinds=(1, 2))
    >>> envs.num_envs, envs.single_action_space
    (2, Discrete(6))
    """
    if opponents is None:
        opponents = ("random",) * (players - 1)
    elif len(opponents) != players - 1:
        raise PokerDealerError(f"{players} players need {players - 1} opponents, not {len(opponents)}")
    return HoldemVectorEnv(num_tables, opponents, seat=seat, **env_kwargs)
