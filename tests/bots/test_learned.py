"""The learned bot and the pieces of its recipe (examples/learn_to_beat_the_bots.py):
states, the actions it offers, the policy file, a short training run."""

from __future__ import annotations

import random

import numpy as np
import pytest

from pokerdealer.bots import make_bot
from pokerdealer.bots.learned import (
    ACTION_LABELS,
    STATES,
    LearnedBot,
    LearnedPolicy,
    _amounts,
    equity_against_one,
    policy_states,
)
from pokerdealer.cards import deck_cards, parse_cards
from pokerdealer.env import HoldemGymEnv
from pokerdealer.env.actions import ActionSet
from pokerdealer.env.learning import observation_states, train_policy
from pokerdealer.errors import PokerDealerError
from pokerdealer.match import play_match
from pokerdealer.rules import Hand, HandConfig


def _policy(seed: int = 0) -> LearnedPolicy:
    rng = np.random.default_rng(seed)
    preflop = rng.random((52, 52))
    return LearnedPolicy(rng.normal(size=(STATES, len(ACTION_LABELS))), (preflop + preflop.T) / 2, samples=32)


def test_the_price_is_the_calls_share_of_the_pot_after_calling() -> None:
    # River, equity 0.55 (bucket 5): nothing to call; 10 into 40 (1/5); 20 into 40 (1/3); 40 into 40 (1/2).
    states = policy_states(np.full(4, 3), np.full(4, 0.55), np.array([0, 10, 20, 40]), np.full(4, 40))
    assert (states - (3 * 10 + 5) * 4).tolist() == [0, 1, 2, 3]


def test_equity_against_one_random_hand_is_near_the_exact_figures() -> None:
    # Exact against a random hand: AsAh preflop 0.852; 7c2d 0.346 (two-card classes, known values).
    hole = np.array([[c.index for c in parse_cards(h)] for h in ("As Ah", "7c 2d")])
    equity = equity_against_one(hole, np.zeros((2, 0), dtype=np.int64), np.random.default_rng(2), samples=4000)
    assert abs(equity[0] - 0.852) < 0.02 and abs(equity[1] - 0.346) < 0.02


def test_the_bot_offers_exactly_the_actions_the_environment_masks() -> None:
    actions = ActionSet()
    assert actions.labels == ACTION_LABELS
    rng = random.Random(4)
    compared = 0
    for _ in range(60):
        deck = list(deck_cards())
        rng.shuffle(deck)
        hand = Hand(HandConfig(stacks=(rng.randint(5, 300), rng.randint(5, 300)), blinds=(1, 2)), deck)
        while (legal := hand.legal()).actor is not None and not legal.can_show:
            amounts, mask = actions.resolve(hand, legal)
            offered = _amounts(hand.view(legal.actor), legal)
            assert [a is not None for a in offered] == [bool(m) for m in mask]
            assert list(offered[2:]) == amounts[2:]
            compared += 1
            hand.apply(actions.to_action(rng.choice(np.flatnonzero(mask).tolist()), hand, legal))
    assert compared > 100


def test_the_environment_and_the_bot_read_the_same_state() -> None:
    policy = _policy()
    env = HoldemGymEnv(["caller"], stacks=200, blinds=(1, 2))
    obs, _ = env.reset(seed=3)
    rng = np.random.default_rng(5)
    streets = set()
    for _ in range(300):
        hand = env.aec._core.hand
        me = hand.legal().actor
        seen = hand.view(me)
        from_obs = observation_states(obs["observation"][None, :], np.array([0]), policy, np.random.default_rng(9))
        streets.add(len(seen.board))
        bot = LearnedBot(random.Random(1), policy=policy)
        bot._generator = np.random.default_rng(9)  # the generator the observation's state used
        assert from_obs.tolist() == [bot.state(seen)]
        action = rng.choice(np.flatnonzero(obs["action_mask"]))
        obs, _, terminated, truncated, _ = env.step(action)
        if terminated or truncated:
            obs, _ = env.reset()
    assert streets == {0, 3, 4, 5}


def test_a_policy_file_round_trips_and_anything_else_is_refused(tmp_path) -> None:
    policy = _policy()
    path = tmp_path / "policy.npz"
    policy.save(path)
    loaded = LearnedPolicy.load(path)
    assert np.allclose(loaded.values, policy.values, atol=1e-5) and loaded.samples == 32
    (tmp_path / "bad.npz").write_text("not a policy")
    with pytest.raises(PokerDealerError, match="cannot read a policy from"):
        make_bot("learned", policy=tmp_path / "bad.npz")
    with pytest.raises(PokerDealerError, match="cannot read a policy from"):
        make_bot("learned", policy=tmp_path / "missing.npz")


def test_the_shipped_policy_plays_a_duplicate_match_with_chips_conserved() -> None:
    result = play_match(["learned", "tight"], hands=20, duplicate=True, seed=2)
    assert result.hands == 20 and sum(result.totals()) == 0


def test_training_credits_each_finished_hands_decisions() -> None:
    policy, stats = train_policy(["random"], cpu_seconds=0.2, tables=4, preflop_samples=20, samples=8, seed=3, numba=False)
    assert stats.hands > 0 and 0 < stats.visits.sum() <= stats.decisions
    tried = stats.visits > 0
    assert (policy.values[tried] > -1e5).all() and (policy.values[~tried] <= -1e5).all()
