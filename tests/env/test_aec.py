"""The PettingZoo environment: API compliance, actions, masks, rewards, sessions."""

from __future__ import annotations

import random
import warnings

import gymnasium
import numpy as np
import pytest

with warnings.catch_warnings():  # pettingzoo.test imports deprecated example envs
    warnings.simplefilter("ignore", DeprecationWarning)
    # ... and pygame, which imports pkg_resources (setuptools<81 is in the dev group).
    warnings.filterwarnings("ignore", "pkg_resources is deprecated", UserWarning)
    from pettingzoo.test import api_test

from pokerdealer.env import ActionSet, HoldemEnv, observation_layout
from pokerdealer.errors import IllegalActionError, PokerDealerError
from pokerdealer.rules import Action


def play_random(env: HoldemEnv, rng: random.Random) -> dict[str, float]:
    """Play one episode with random legal actions; return each agent's total reward."""
    totals = {a: 0.0 for a in env.possible_agents}
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        assert len(legal), "the agent to act always has a legal action"
        env.step(int(rng.choice(legal.tolist())))
    return totals


@pytest.mark.parametrize(
    "kwargs",
    [
        {"players": 2},
        {"players": 6, "stacks": (50, 100, 150, 200, 20, 400), "ante": 1},
        {"players": 3, "structure": "pot_limit", "stacks": 300},
        {"players": 4, "structure": "fixed_limit", "stacks": 100},
        {"players": 3, "hands": 20, "stacks": 40},
    ],
)
def test_pettingzoo_api_test_passes(kwargs, monkeypatch):
    # api_test warns about dict observations unless the env is on its list of
    # dict-observation envs (PettingZoo's own hold'em is); we join that list the same
    # way, so every other api_test warning still fails the test.
    import sys

    module = sys.modules["pettingzoo.test.api_test"]

    name = HoldemEnv.metadata["name"]
    monkeypatch.setattr(module, "env_obs_dicts", [*module.env_obs_dicts, name])
    monkeypatch.setattr(module, "env_obs_space", [*module.env_obs_space, name])
    api_test(HoldemEnv(**kwargs), num_cycles=300)


@pytest.mark.parametrize(
    "kwargs",
    [
        {"players": 2, "stacks": 100},
        {"players": 3, "stacks": 100},
        {"players": 6, "structure": "pot_limit", "hands": 4, "stacks": (40, 100, 20, 200, 60, 80)},
    ],
)
def test_pettingzoo_api_test_passes_in_the_continuous_mode(kwargs):
    # A Box observation and a Box action: nothing for api_test to warn about (no
    # list to join). Its random actions are often illegal, so they end the episode.
    env = HoldemEnv(action_mode="continuous", illegal_action="penalty", **kwargs)
    assert isinstance(env.observation_space("player_0"), gymnasium.spaces.Box)
    assert isinstance(env.action_space("player_0"), gymnasium.spaces.Box)
    api_test(env, num_cycles=300)


@pytest.mark.parametrize("players", [2, 3, 6, 10])
@pytest.mark.parametrize("structure", ["no_limit", "pot_limit", "fixed_limit"])
def test_random_hands_are_zero_sum(players, structure):
    env = HoldemEnv(players=players, structure=structure, stacks=100, blinds=(1, 2), ante=1)
    rng = random.Random(players)
    for seed in range(30):
        env.reset(seed=seed)
        totals = play_random(env, rng)
        assert sum(totals.values()) == 0
        assert sum(env.hand_payoffs) == 0
        assert env.agents == []


def test_observation_layout_and_contents():
    env = HoldemEnv(players=3, stacks=(100, 200, 300), blinds=(1, 2), button=0)
    env.reset(seed=3)
    layout = observation_layout(3)
    assert env.agent_selection == "player_0"  # three-handed, the button acts first
    obs = env.observe("player_0")
    vec = obs["observation"]
    assert vec.shape == (env.observation_size,) and vec.dtype == np.float32
    assert vec[layout["hole_cards"]].sum() == 2
    assert vec[layout["board"]].sum() == 0
    assert vec[layout["street"]].tolist() == [1, 0, 0, 0]
    assert vec[layout["button"]].tolist() == [1, 0, 0]  # the observer is on the button
    assert vec[layout["stack"]].tolist() == [50.0, 199 / 2, 298 / 2]  # in big blinds
    assert vec[layout["committed"]].tolist() == [0.0, 0.5, 1.0]
    assert vec[layout["to_act"]].tolist() == [1, 0, 0]
    assert vec[layout["pot"]][0] == 1.5 and vec[layout["to_call"]][0] == 1.0
    assert vec[layout["min_raise_to"]][0] == 2.0 and vec[layout["max_raise_to"]][0] == 50.0
    hand = env.hand
    own = {c.index for c in hand.hole_cards[0]}
    assert set(np.flatnonzero(vec[layout["hole_cards"]]).tolist()) == own
    # The small blind sees itself first and the button last; no mask off turn.
    other = env.observe("player_1")
    assert other["observation"][layout["button"]].tolist() == [0, 0, 1]
    assert other["action_mask"].sum() == 0
    assert not (set(np.flatnonzero(other["observation"][:52]).tolist()) & own)
    view = env.view("player_1")
    assert view.hole_cards[0] is None and view.hole_cards[1] is not None


def test_discrete_actions_map_to_legal_raise_to_amounts():
    env = HoldemEnv(players=2, stacks=100, blinds=(1, 2), button=0, raise_fractions=(0.5, 1.0, 2.0))
    env.reset(seed=1)
    hand = env.hand
    # Heads-up: the button (player_0) is the small blind and acts first.
    assert env.agent_selection == "player_0"
    assert env.action_labels == (
        "fold", "check_call", "min_raise", "raise_0.5_pot", "raise_1_pot", "raise_2_pot", "all_in"
    )
    # Pot 3, to call 1: half pot raises to 2 + 2 = 4, pot to 2 + 4 = 6, 2x pot to 10.
    assert env.action_set.amounts(hand) == (None, None, 4, 4, 6, 10, 100)
    env.step(4)
    assert hand.log[-1] == Action("raise", 0, 6)
    # Facing 6: pot 8, to call 4: half pot to 6 + 6 = 12.
    assert env.action_set.amounts(hand)[3] == 12


def test_masked_actions_raise_and_change_nothing():
    env = HoldemEnv(players=2, stacks=10, blinds=(1, 2), button=0, raise_fractions=(4.0,))
    env.reset(seed=1)
    obs = env.observe(env.agent_selection)
    # A 4x-pot raise (to 2 + 16) is above the 10-chip stack: masked, and refused.
    assert obs["action_mask"].tolist() == [1, 1, 1, 0, 1]
    before = env.hand._fingerprint()
    with pytest.raises(IllegalActionError, match="not legal now"):
        env.step(3)
    with pytest.raises(IllegalActionError):
        env.step(99)
    assert env.hand._fingerprint() == before


def test_illegal_action_penalty_convention():
    env = HoldemEnv(players=3, stacks=10, blinds=(1, 2), button=0, raise_fractions=(4.0,),
                    illegal_action="penalty", illegal_reward=-1)
    env.reset(seed=1)
    offender = env.agent_selection
    env.step(3)
    assert all(env.terminations.values())
    assert env._cumulative_rewards[offender] == -1
    assert sum(env._cumulative_rewards.values()) == -1
    assert env.infos[offender]["illegal_move"] is True


def test_rewards_in_chips_and_big_blinds():
    for unit, expected in (("chips", 2.0), ("bb", 1.0)):
        env = HoldemEnv(players=2, stacks=100, blinds=(1, 2), button=0, reward_unit=unit)
        env.reset(seed=5)
        env.step(0)  # the small blind folds
        rewards = {}
        for agent in env.agent_iter():
            _, reward, terminated, _, _ = env.last()
            assert terminated
            rewards[agent] = reward
            env.step(None)
        assert rewards == {"player_0": -expected / 2, "player_1": expected / 2}


def test_continuous_actions_are_a_kind_and_a_place_in_the_legal_range():
    env = HoldemEnv(players=2, stacks=100, blinds=(1, 2), button=0, action_mode="continuous")
    env.reset(seed=2)
    layout = observation_layout(2)
    obs = env.observe("player_0")
    assert [obs[layout[k]][0] for k in ("can_fold", "can_call", "can_raise")] == [1, 1, 1]
    assert env.legal_raise_range() == (4, 100)
    # kind above 1/3 raises; size -0.3125 is 33/96 of the way from 4 to 100.
    env.step(np.array([0.9, -0.3125], dtype=np.float32))
    assert env.hand.log[-1] == Action("raise", 0, 37)
    assert env.legal_raise_range() == (72, 100)
    before = env.hand._fingerprint()
    for bad in ([1.5, 0.0], [0.0, -1.01], [np.nan, 0.0], [1.0, np.inf], [1.0], "call", 7):
        with pytest.raises(IllegalActionError):
            env.step(bad)
    assert env.hand._fingerprint() == before
    env.step((0.2, 0.0))  # kind within 1/3 of 0: check or call
    assert env.hand.log[-1].kind == "call" and env.hand.street.value == "flop"
    # An engine action naming another player is judged by the engine, and changes nothing.
    before = env.hand._fingerprint()
    with pytest.raises(IllegalActionError) as error:
        env.step(Action("check", 0 if env.hand.actor == 1 else 1))
    assert error.value.rule == "not_your_turn" and str(error.value).startswith("player_")
    assert env.hand._fingerprint() == before


def test_continuous_raise_ends_of_the_range_and_a_closed_raise():
    env = HoldemEnv(players=2, stacks=(10, 100), blinds=(1, 2), button=0,
                    action_mode="continuous")
    env.reset(seed=1)
    env.step((1.0, 1.0))  # size 1: the top of the range, all-in for 10
    assert env.hand.log[-1] == Action("raise", 0, 10)
    with pytest.raises(IllegalActionError) as error:  # nobody left to call a raise
        env.step((1.0, -1.0))
    assert error.value.rule == "raise_closed"
    env.step((-0.9, 0.0))  # kind below -1/3: fold
    assert env.hand.log[-1].kind == "fold"
    env = HoldemEnv(players=2, stacks=100, blinds=(1, 2), button=0, action_mode="continuous")
    env.reset(seed=1)
    env.step((1.0, -1.0))  # size -1: the minimum raise
    assert env.hand.log[-1] == Action("raise", 0, 4)


def test_none_is_refused_for_an_agent_that_must_act():
    env = HoldemEnv(players=2)
    env.reset(seed=0)
    with pytest.raises(IllegalActionError):
        env.step(None)


def test_seeded_resets_deal_the_same_hands():
    a, b = HoldemEnv(players=4), HoldemEnv(players=4)
    a.reset(seed=11)
    b.reset(seed=11)
    assert a.hand.deck == b.hand.deck and a.agent_selection == b.agent_selection
    assert np.array_equal(a.observe("player_2")["observation"], b.observe("player_2")["observation"])
    c, d = HoldemEnv(players=4), HoldemEnv(players=4)
    c.reset(seed=-3)  # any seed Python's random.seed takes
    d.reset(seed=-3)
    assert c.hand.deck == d.hand.deck


def test_every_reset_deals_a_new_deck_across_blocks_of_shuffles():
    # Deck orders are drawn from NumPy 256 at a time: past a block's end the
    # next block must start, and no two hands of a run may share a deal.
    env = HoldemEnv(players=2)
    env.reset(seed=1)
    decks = {env.hand.deck}
    for _ in range(600):
        env.reset()
        decks.add(env.hand.deck)
    assert len(decks) == 601
    again = HoldemEnv(players=2)
    again.reset(seed=1)
    for _ in range(600):
        again.reset()
    assert again.hand.deck == env.hand.deck  # the same seed, the same 601st hand


def test_session_moves_the_button_and_carries_stacks():
    env = HoldemEnv(players=3, stacks=100, blinds=(1, 2), hands=5, button=0)
    env.reset(seed=4)
    buttons = []
    seen_hand = 0
    totals = {a: 0.0 for a in env.possible_agents}
    for agent in env.agent_iter():
        if env.hand_number != seen_hand:
            seen_hand = env.hand_number
            buttons.append(env.button)
            assert sum(env.session_stacks) == 300
        obs, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        if terminated or truncated:
            env.step(None)
        else:
            env.step(1)  # check or call: nobody goes broke
    assert env.hand_number == 5
    assert buttons == [0, 1, 2, 0, 1]
    assert {a: totals[a] for a in totals} == {
        a: env.session_stacks[i] - 100 for i, a in enumerate(env.possible_agents)
    }


def test_session_until_one_player_has_every_chip():
    env = HoldemEnv(players=4, stacks=20, blinds=(1, 2), hands=None)
    env.reset(seed=9)
    totals = play_random(env, random.Random(3))
    assert sorted(env.session_stacks)[-1] == 80 and sum(env.session_stacks) == 80
    assert sum(totals.values()) == 0


def test_bad_configuration_is_rejected():
    with pytest.raises(PokerDealerError):
        HoldemEnv(players=11)
    with pytest.raises(PokerDealerError):
        HoldemEnv(players=3, stacks=(1, 2))
    with pytest.raises(PokerDealerError):
        HoldemEnv(illegal_action="ignore")
    with pytest.raises(ValueError):
        ActionSet((0.0,))


def test_render_and_close():
    env = HoldemEnv(players=2, render_mode="ansi")
    env.reset(seed=0)
    assert "hand 1" in env.render()
    env.close()


def test_sessions_use_the_table_and_straddles_the_simple_rotation():
    env = HoldemEnv(players=4, stacks=100, hands=6, button=1)
    env.reset(seed=2)
    assert env.table is not None and env.button == 1
    play_random(env, random.Random(1))
    assert len(env.table.hands) == env.hand_number
    straddled = HoldemEnv(players=4, stacks=100, hands=3, straddles=(4,), button=0)
    straddled.reset(seed=2)
    assert straddled.table is None and straddled.hand.committed[3] == 4
    totals = play_random(straddled, random.Random(2))
    assert sum(totals.values()) == 0


@pytest.mark.parametrize("stacks", [3, 12, 40])
def test_sessions_with_busts_and_hands_over_as_soon_as_dealt(stacks):
    # Tiny stacks: players go broke, and hands end on the blinds (everybody all-in)
    # inside another agent's step; every agent must still be stepped out in turn.
    for seed in range(25):
        env = HoldemEnv(players=4, stacks=stacks, blinds=(1, 2), hands=None)
        env.reset(seed=seed)
        totals = {a: 0.0 for a in env.possible_agents}
        rng = random.Random(seed)
        for agent in env.agent_iter(5000):
            assert agent in env.agents and agent in env.infos
            obs, reward, terminated, truncated, _ = env.last()
            totals[agent] += reward
            if terminated or truncated:
                env.step(None)
            else:
                env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]).tolist())))
        assert env.agents == []
        assert sorted(env.session_stacks)[-1] == 4 * stacks
        assert totals == {a: env.session_stacks[i] - stacks for i, a in enumerate(env.possible_agents)}


def test_a_penalty_hands_out_new_observations():
    # An illegal move leaves the hand as it was; the observation after it must
    # still be new arrays (Gymnasium's checker holds every step to that).
    env = HoldemEnv(players=2, stacks=100, illegal_action="penalty", button=0)
    env.reset(seed=3)
    agent = env.agent_selection
    before, *_ = env.last()
    env.step(len(env.action_labels))  # no such action
    after, reward, terminated, *_ = env.last()
    assert terminated and reward == env.illegal_reward
    assert after is not before
    assert not np.shares_memory(after["observation"], before["observation"])
    assert not np.shares_memory(after["action_mask"], before["action_mask"])
    assert agent == env.agent_selection


def test_dead_steps_keep_pettingzoo_bookkeeping():
    # HoldemEnv steps done agents itself (it skips clearing rewards that are
    # already 0); the state after every step must be what PettingZoo's own
    # _was_dead_step leaves, through sessions where players go broke.
    import types

    from pettingzoo import AECEnv

    for seed in range(12):
        ours = HoldemEnv(players=4, stacks=12, blinds=(1, 2), hands=None)
        theirs = HoldemEnv(players=4, stacks=12, blinds=(1, 2), hands=None)
        theirs._was_dead_step = types.MethodType(AECEnv._was_dead_step, theirs)
        ours.reset(seed=seed)
        theirs.reset(seed=seed)
        rng = random.Random(seed)
        dead_steps = 0
        for agent in ours.agent_iter(5000):
            obs, _, terminated, truncated, _ = ours.last()
            action = None
            if not (terminated or truncated):
                action = rng.choice(np.flatnonzero(obs["action_mask"]).tolist())
            else:
                dead_steps += 1
            assert theirs.agent_selection == agent
            ours.step(action)
            theirs.step(action)
            assert ours.agents == theirs.agents and ours.agent_selection == theirs.agent_selection
            assert ours.rewards == theirs.rewards
            assert ours._cumulative_rewards == theirs._cumulative_rewards
            assert ours.terminations == theirs.terminations and ours.infos == theirs.infos
        assert dead_steps >= 4 and ours.agents == theirs.agents == []


# --------------------------------------------------------------- fast paths
# The environment builds observations incrementally (a per-hand base vector,
# the mask and raise amounts in one pass, rewards touched only when a hand
# ends). These tests hold it to a plain from-scratch encoding of the same state.

_STREETS = {"preflop": 0, "flop": 1, "turn": 2, "river": 3, "showdown": 3, "complete": 3}


def reference_observation(env: HoldemEnv, agent: str) -> tuple[list[float], list[int]]:
    """The observation of ``agent``, built from the hand's public properties."""
    hand, n, me = env.hand, env.n, env.agent_name_mapping[agent]
    layout = observation_layout(n)
    scale = 1 / env.big_blind
    vec = np.zeros(env.observation_size, dtype=np.float32)
    index = {seat: i for i, seat in enumerate(env.seats)}
    if me in index:
        for card in hand.hole_cards[index[me]]:
            vec[card.index] = 1
    for card in hand.board:
        vec[52 + card.index] = 1
    vec[104 + _STREETS[hand.street.value]] = 1
    vec[layout["button"].start + (env.button - me) % n] = 1
    for seat in range(n):
        k = (seat - me) % n
        if seat not in index:
            vec[layout["stack"].start + k] = env.session_stacks[seat] * scale
            continue
        i = index[seat]
        vec[layout["stack"].start + k] = hand.stacks[i] * scale
        vec[layout["committed"].start + k] = hand.committed[i] * scale
        vec[layout["contributed"].start + k] = hand.contributions[i] * scale
        vec[layout["folded"].start + k] = hand.folded[i]
        vec[layout["in_hand"].start + k] = not hand.folded[i]
        vec[layout["all_in"].start + k] = not hand.folded[i] and hand.stacks[i] == 0
        vec[layout["to_act"].start + k] = hand.actor == i
    vec[layout["pot"]] = (sum(hand.contributions) + hand.dead_money) * scale
    vec[layout["hand_number"]] = env.hand_number
    mask = [0] * (len(env.action_set) if env.action_mode == "discrete" else 3)
    legal = hand.legal()
    if me in index and hand.actor == index[me] and not legal.can_show:
        if legal.call is not None:
            vec[layout["to_call"]] = legal.call * scale
            vec[layout["can_call"]] = 1
        if legal.min_raise_to is not None:
            vec[layout["min_raise_to"]] = legal.min_raise_to * scale
            vec[layout["max_raise_to"]] = legal.max_raise_to * scale
            vec[layout["can_raise"]] = 1
        vec[layout["can_fold"]] = legal.can_fold
        vec[layout["can_check"]] = legal.can_check
        if env.action_mode == "discrete":
            amounts = env.action_set.amounts(hand)
            mask = [int(legal.can_fold), int(legal.can_check or legal.call is not None)]
            mask += [int(a is not None) for a in amounts[2:]]
        else:
            mask = [
                int(legal.can_fold),
                int(legal.can_check or legal.call is not None),
                int(legal.min_raise_to is not None),
            ]
    return vec.tolist(), mask


@pytest.mark.parametrize(
    "kwargs",
    [
        {"players": 2, "stacks": 100},
        {"players": 6, "stacks": (50, 100, 150, 200, 20, 400), "ante": 1, "structure": "pot_limit"},
        {"players": 4, "structure": "fixed_limit", "stacks": 100},
        {"players": 4, "hands": None, "stacks": 30},
        {"players": 4, "hands": 6, "stacks": 30, "straddles": (4,)},
        {"players": 3, "action_mode": "continuous", "stacks": 100},
    ],
)
def test_observations_match_a_from_scratch_encoding(kwargs):
    env = HoldemEnv(**kwargs)
    rng = random.Random(5)
    for seed in range(15):
        env.reset(seed=seed)
        for agent in env.agent_iter(3000):
            obs, _, terminated, truncated, _ = env.last()
            # Off-turn agents too (once each state is enough: they are cached).
            for other in env.agents:
                seen = env.observe(other)
                vec, mask = reference_observation(env, other)
                if env.action_mode == "continuous":  # the vector alone
                    assert seen.tolist() == vec, (seed, other)
                    continue
                assert seen["observation"].tolist() == vec, (seed, other)
                assert seen["action_mask"].tolist() == mask, (seed, other)
            if terminated or truncated:
                env.step(None)
                continue
            if env.action_mode == "continuous":
                legal = np.flatnonzero(reference_observation(env, agent)[1]).tolist()
                kind = (-1.0, 0.0, 1.0)[rng.choice(legal)]
                env.step(np.array([kind, rng.uniform(-1, 1)], dtype=np.float32))
            else:
                env.step(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))


def test_observations_are_new_arrays_that_later_steps_do_not_change():
    env = HoldemEnv(players=3, stacks=100, blinds=(1, 2), button=0)
    env.reset(seed=4)
    kept = []
    for _ in range(6):
        obs, *_ = env.last()
        kept.append((obs, obs["observation"].copy(), obs["action_mask"].copy()))
        assert obs["action_mask"].flags.writeable and obs["observation"].flags.writeable
        if env.terminations[env.agent_selection]:
            break
        env.step(1)
    for obs, vec, mask in kept:
        assert np.array_equal(obs["observation"], vec)
        assert np.array_equal(obs["action_mask"], mask)
    # Scribbling on a returned observation does not leak into the next ones.
    env.reset(seed=4)
    first = env.observe("player_1")
    clean = first["observation"].copy()
    first["observation"][:] = 7
    first["action_mask"][:] = 1
    env.step(1)
    again = env.observe("player_1")
    assert not np.array_equal(again["observation"], first["observation"])
    assert np.array_equal(again["observation"][:104], clean[:104])  # same cards
    assert again["action_mask"].tolist() == env.action_set.mask(env.hand).tolist()


def test_action_set_mask_amounts_and_to_action_agree():
    fractions = (0.25, 0.5, 1.0, 3.0)
    actions = ActionSet(fractions)
    env = HoldemEnv(players=3, stacks=(60, 100, 300), blinds=(1, 2), raise_fractions=fractions)
    rng = random.Random(9)
    for seed in range(20):
        env.reset(seed=seed)
        while env.agents:
            if env.terminations[env.agent_selection]:
                env.step(None)
                continue
            hand = env.hand
            amounts = actions.amounts(hand)
            mask = actions.mask(hand).tolist()
            assert mask[1] == 1  # checking or calling is always possible
            assert [int(a is not None) for a in amounts[2:]] == mask[2:]
            for k in np.flatnonzero(mask).tolist():
                record = actions.to_action(k, hand)
                assert hand.can(record)
                assert record == actions.to_action(k, hand, hand.legal(), list(amounts))
            env.step(rng.choice(np.flatnonzero(mask).tolist()))
