"""The batch of tables (env/vector.py): the same trajectories as one table at a time, Gymnasium's
vector API, refusals."""

from __future__ import annotations

import numpy as np
import pytest
from gymnasium.vector import AutoresetMode

from pokerdealer.env import HoldemGymEnv, vector_env
from pokerdealer.errors import IllegalActionError, PokerDealerError

KW = {"stacks": 100, "blinds": (1, 2), "hands": 3}


def pick(mask: np.ndarray, rng: np.random.Generator) -> int:
    return int(rng.choice(np.flatnonzero(mask)))


def test_each_table_of_the_batch_follows_the_single_table_environment_with_its_seed() -> None:
    n, steps = 5, 400
    envs = vector_env(num_tables=n, players=3, opponents=["tight", "random"], **KW)
    singles = [HoldemGymEnv(["tight", "random"], **KW) for _ in range(n)]
    obs, _ = envs.reset(seed=11)
    single_obs = [env.reset(seed=11 + i)[0] for i, env in enumerate(singles)]
    rng = np.random.default_rng(5)
    ended = 0
    for _ in range(steps):
        for i in range(n):
            assert np.array_equal(obs["observation"][i], single_obs[i]["observation"])
            assert np.array_equal(obs["action_mask"][i], single_obs[i]["action_mask"])
        actions = np.array([pick(m, rng) for m in envs.action_masks()])
        obs, rewards, terminated, truncated, infos = envs.step(actions)
        for i, env in enumerate(singles):
            o, r, term, trunc, _ = env.step(int(actions[i]))
            assert rewards[i] == r and terminated[i] == term and truncated[i] == trunc
            if term or trunc:
                ended += 1
                assert np.array_equal(infos["final_obs"][i]["observation"], o["observation"])
                o, _ = env.reset()  # the batch starts the table again in the same step
            single_obs[i] = o
    assert ended > 50  # many episodes ended and were started again


def test_the_batch_fills_gymnasiums_vector_spaces() -> None:
    envs = vector_env(num_tables=3, players=2, **KW)
    obs, _ = envs.reset(seed=1)
    assert envs.observation_space.contains(obs)
    assert envs.action_space.shape == (3,)
    masks = envs.action_masks()
    assert masks.dtype == bool and masks.shape == (3, envs.single_action_space.n)
    assert (masks == obs["action_mask"].astype(bool)).all()


def test_a_step_needs_one_action_per_table_and_changes_nothing_when_refused() -> None:
    envs = vector_env(num_tables=3, players=2, **KW)
    obs, _ = envs.reset(seed=1)
    with pytest.raises(PokerDealerError, match=r"one action per table: shape \(3,\), not \(2,\)"):
        envs.step(np.zeros(2, dtype=np.int64))
    after = envs.step(np.ones(3, dtype=np.int64))[0]  # a check or call: always legal
    again = vector_env(num_tables=3, players=2, **KW)
    again.reset(seed=1)
    assert np.array_equal(after["observation"], again.step(np.ones(3, dtype=np.int64))[0]["observation"])


def test_the_opponents_must_fill_the_other_seats() -> None:
    with pytest.raises(PokerDealerError, match="3 players need 2 opponents, not 1"):
        vector_env(num_tables=2, players=3, opponents=["caller"])
    with pytest.raises(PokerDealerError, match="num_tables must be a whole number of 1 or more"):
        vector_env(num_tables=0)


def test_an_illegal_action_at_a_later_table_leaves_every_table_as_it_was() -> None:
    kw = {"stacks": 100, "blinds": (1, 2)}  # "tight": the per-table path
    envs = vector_env(num_tables=3, players=2, opponents=["tight"], **kw)
    twin = vector_env(num_tables=3, players=2, opponents=["tight"], **kw)
    assert not envs.batched
    envs.reset(seed=3)
    twin.reset(seed=3)
    bad = np.ones(3, dtype=np.int64)  # check or call at tables 0 and 1: legal
    bad[2] = 9  # no such action
    with pytest.raises(IllegalActionError, match=r"table 2: action 9 \(not one of 0\.\.5\) is not legal now; legal: 0 fold, 1 check_call"):
        envs.step(bad)
    # Nothing moved: the same legal step gives what the twin that saw no error gives.
    ours = envs.step(np.ones(3, dtype=np.int64))
    theirs = twin.step(np.ones(3, dtype=np.int64))
    assert np.array_equal(ours[0]["observation"], theirs[0]["observation"])
    assert np.array_equal(ours[1], theirs[1]) and np.array_equal(ours[2], theirs[2])


@pytest.mark.parametrize("numba", [False, True], ids=["numpy", "numba"])  # ids: .ci/run's compiled half leaves out "numba"
def test_final_obs_and_final_info_are_set_exactly_at_the_tables_whose_episode_ended(numba: bool) -> None:
    if numba:
        pytest.importorskip("numba")
    envs = vector_env(num_tables=16, players=2, stacks=100, blinds=(1, 2), numba=numba)
    envs.reset(seed=3)
    rng = np.random.default_rng(2)
    mixed = 0
    for _ in range(40):
        actions = np.array([pick(m, rng) for m in envs.action_masks()])
        _, _, terminated, _, infos = envs.step(actions)
        if "final_obs" not in infos:
            assert not terminated.any()
            continue
        mixed += 0 < terminated.sum() < 16
        assert (infos["_final_obs"] == terminated).all() and (infos["_final_info"] == terminated).all()
        assert [o is None for o in infos["final_obs"]] == (~terminated).tolist()
        assert all(isinstance(infos["final_info"][i]["payoffs"], tuple) for i in np.flatnonzero(terminated))
    assert mixed > 5  # steps where some tables ended and others did not


NEXT_STEP_PATHS = [
    pytest.param({"batched": True, "numba": False}, id="arrays-numpy"),
    pytest.param({"batched": True, "numba": True}, id="arrays-numba"),
    pytest.param({"batched": False}, id="one-env-per-table"),
]


@pytest.mark.parametrize("path", NEXT_STEP_PATHS)
def test_next_step_autoreset_shows_the_final_row_then_starts_the_table_at_the_next_step(path) -> None:
    if path.get("numba"):
        pytest.importorskip("numba")
    n, kw = 6, {"stacks": (20, 100, 7), "blinds": (1, 2)}
    envs = vector_env(num_tables=n, players=3, opponents=["random", "caller"], autoreset_mode="next_step", **path, **kw)
    assert envs.metadata["autoreset_mode"] is AutoresetMode.NEXT_STEP
    singles = [HoldemGymEnv(["random", "caller"], **kw) for _ in range(n)]
    obs, infos = envs.reset(seed=5)
    expected = [env.reset(seed=5 + i) for i, env in enumerate(singles)]
    rng = np.random.default_rng(3)
    restarting = np.zeros(n, dtype=bool)
    ended = 0
    for _ in range(150):
        for i, (o, info) in enumerate(expected):
            assert np.array_equal(obs["observation"][i], o["observation"])
            assert np.array_equal(obs["action_mask"][i], o["action_mask"])
            assert infos["skipped_hands"][i] == info.get("skipped_hands", 0)
        masks = envs.action_masks()
        assert masks.any(axis=1).all()  # never all-zero, even for a table about to restart
        actions = np.array([pick(m, rng) for m in masks])
        actions[restarting] = 99  # ignored: those tables start again
        obs, rewards, terminated, truncated, infos = envs.step(actions)
        for i, env in enumerate(singles):
            if restarting[i]:
                assert (rewards[i], terminated[i]) == (0.0, False)
                expected[i] = env.reset()
                continue
            o, r, term, trunc, info = env.step(int(actions[i]))
            assert (rewards[i], terminated[i], truncated[i]) == (r, term, trunc)
            if term:
                ended += 1
                assert infos["_payoffs"][i] and tuple(infos["payoffs"][i]) == info["payoffs"]
                info = {}
            expected[i] = (o, info)
        assert ("_payoffs" in infos and (infos["_payoffs"] == terminated).all()) or not terminated.any()
        assert "final_obs" not in infos
        restarting = terminated | truncated
    assert ended > 40


def test_an_unknown_autoreset_mode_is_refused() -> None:
    with pytest.raises(PokerDealerError, match="autoreset_mode must be AutoresetMode.SAME_STEP or NEXT_STEP"):
        vector_env(num_tables=2, autoreset_mode="disabled")
