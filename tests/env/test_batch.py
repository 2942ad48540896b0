"""The batch in arrays (env/batch.py) plays, bit for bit, what one HoldemGymEnv per table plays:
the same observations, masks, rewards, ends, final observations, payoffs and skipped hands over
thousands of random hands -- heads-up to six-max, short stacks, all-ins, side pots, split pots.
Each test runs on both of the batch's paths: NumPy, and the compiled kernel (env/_batch_numba.py)
where Numba is installed (the dev group installs it, so CI runs both)."""

from __future__ import annotations

import numpy as np
import pytest

from pokerdealer.env import HoldemGymEnv, vector_env
from pokerdealer.env.batch import compiled_kernel
from pokerdealer.errors import IllegalActionError

PATHS = [
    pytest.param(False, id="numpy"),
    pytest.param(True, id="numba", marks=pytest.mark.skipif(
        compiled_kernel() is None, reason="Numba not installed, or POKERDEALER_NUMBA=0")),
]


@pytest.fixture(params=PATHS)
def numba(request: pytest.FixtureRequest) -> bool:
    """The batch's path: the compiled kernel, or NumPy."""
    return bool(request.param)


def play_both_ways(players: int, opponents: list[str], seat: int, steps: int, tables: int, seed: int,
                   numba: bool, **kw: object) -> dict[str, int]:
    """Step the batch and one HoldemGymEnv per table with the same random legal actions (all-in
    often), asserting every value equal; returns counts of what the hands went through."""
    envs = vector_env(num_tables=tables, players=players, opponents=opponents, seat=seat, numba=numba, **kw)
    assert envs.batched, envs.refusal
    assert envs.batch is not None and envs.batch.compiled == numba
    singles = [HoldemGymEnv(opponents, seat=seat, **kw) for _ in range(tables)]
    obs, infos = envs.reset(seed=seed)
    single_obs = []
    for i, env in enumerate(singles):
        o, info = env.reset(seed=seed + i)
        assert info["skipped_hands"] == infos["skipped_hands"][i]
        single_obs.append(o)
    rng = np.random.default_rng(seed)
    seen = {"episodes": 0, "skipped": int(infos["skipped_hands"].sum()), "shared": 0}
    for _ in range(steps):
        for i in range(tables):
            assert np.array_equal(obs["observation"][i], single_obs[i]["observation"])
            assert np.array_equal(obs["action_mask"][i], single_obs[i]["action_mask"])
        legal = [np.flatnonzero(m) for m in envs.action_masks()]
        actions = np.array([m[-1] if rng.random() < 0.15 else rng.choice(m) for m in legal])
        obs, rewards, terminated, truncated, infos = envs.step(actions)
        seen["skipped"] += int(infos["skipped_hands"].sum())
        for i, env in enumerate(singles):
            o, reward, term, trunc, info = env.step(int(actions[i]))
            assert (rewards[i], terminated[i], truncated[i]) == (reward, term, trunc)
            if term:
                assert np.array_equal(infos["final_obs"][i]["observation"], o["observation"])
                assert np.array_equal(infos["final_obs"][i]["action_mask"], o["action_mask"])
                payoffs = infos["final_info"][i]["payoffs"]
                assert payoffs == info["payoffs"]
                seen["episodes"] += 1
                seen["shared"] += sum(1 for p in payoffs if p > 0) >= 2  # a split or a side pot
                o, info = env.reset()
                assert info["skipped_hands"] == infos["skipped_hands"][i]
            single_obs[i] = o
    return seen


def test_heads_up_hands_in_arrays_are_the_single_tables_hands(numba: bool) -> None:
    seen = play_both_ways(2, ["random"], 0, 250, 8, 1, stacks=100, blinds=(1, 2), numba=numba)
    assert seen["episodes"] > 1000


def test_three_handed_short_stacks_with_a_caller_give_the_same_side_pots(numba: bool) -> None:
    seen = play_both_ways(3, ["random", "caller"], 1, 250, 8, 5, stacks=(30, 100, 7), blinds=(1, 2), numba=numba)
    assert seen["shared"] > 100


def test_six_max_short_stacks_in_big_blinds_give_the_same_side_pots(numba: bool) -> None:
    seen = play_both_ways(6, ["random"] * 5, 2, 200, 8, 9, stacks=(3, 100, 7, 50, 1, 200),
                          blinds=(1, 2), reward_unit="bb", numba=numba)
    assert seen["shared"] > 200


def test_a_fixed_button_other_actions_and_blinds_bigger_than_stacks_give_the_same_hands(numba: bool) -> None:
    play_both_ways(4, ["random", "caller", "random"], 3, 150, 6, 21, stacks=(5, 9, 40, 13), blinds=(2, 4), button=1, numba=numba)
    play_both_ways(5, ["random"] * 4, 0, 150, 6, 23, stacks=20, blinds=(5, 10),
                   raise_fractions=(0.33, 0.75, 2.0), min_raise=False, numba=numba)
    seen = play_both_ways(6, ["random"] * 5, 5, 150, 6, 24, stacks=(1, 1, 2, 100, 3, 1), blinds=(1, 2), all_in=False, numba=numba)
    assert seen["skipped"] > 100  # hands the learner had nothing to decide in, played through


def test_configurations_the_arrays_do_not_cover_run_one_table_at_a_time() -> None:
    assert vector_env(num_tables=2, players=2, opponents=["tight"], stacks=100).refusal == (
        "opponent 'tight' is not one of ('random', 'caller')"
    )
    assert not vector_env(num_tables=2, players=2, stacks=100, hands=3).batched
    assert not vector_env(num_tables=2, players=2, stacks=100, structure="pot_limit").batched
    assert not vector_env(num_tables=2, players=2, stacks=100, batched=False).batched


def test_an_illegal_action_at_one_table_is_refused_and_no_table_moves(numba: bool) -> None:
    envs = vector_env(num_tables=3, players=2, opponents=["caller"], stacks=100, blinds=(1, 2), numba=numba)
    obs, _ = envs.reset(seed=4)
    envs.step(np.array([5, 1, 1]))  # table 0 all-in: its next hand or an end
    masks = envs.action_masks()
    before = envs._observation.copy()
    bad = np.ones(3, dtype=np.int64)
    bad[1] = int(np.flatnonzero(~masks[1])[0]) if not masks[1].all() else 9
    with pytest.raises(IllegalActionError, match="table 1: action"):
        envs.step(bad)
    assert np.array_equal(envs._observation, before)
