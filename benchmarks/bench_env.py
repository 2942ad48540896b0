"""Environment steps per second with random legal actions, side by side.

Compares pokerdealer's PettingZoo environment (:mod:`pokerdealer.env`) with
RLCard's ``no-limit-holdem`` and PettingZoo's ``texas_holdem_no_limit_v6``
(which wraps RLCard), heads-up no limit, 100-chip stacks, each picking a
uniformly random legal action. Only decisions are counted (PettingZoo's
``step(None)`` for finished agents is not a step of the game).

    uv run --extra bench python benchmarks/bench_env.py [--seconds 3] [--players 2]

RLCard and PettingZoo's hold'em are optional (``bench`` extra); missing ones
are skipped. The target is pokerdealer at least 3x the faster of the two.
"""

from __future__ import annotations

import argparse
import random
import time
import warnings

import numpy as np


def bench_pokerdealer(seconds: float, players: int, seed: int = 0) -> tuple[float, int]:
    from pokerdealer.env import HoldemEnv

    env = HoldemEnv(players=players, stacks=100, blinds=(1, 2))
    rng = random.Random(seed)
    choice = rng.choice
    decisions = hands = 0
    deadline = time.perf_counter() + seconds
    start = time.perf_counter()
    env.reset(seed=seed)
    while time.perf_counter() < deadline:
        if hands:
            env.reset()  # seeded once, like the others
        hands += 1
        for _agent in env.agent_iter():
            obs, _reward, terminated, truncated, _info = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            mask = obs["action_mask"]
            env.step(choice([i for i in range(len(mask)) if mask[i]]))
            decisions += 1
    return decisions / (time.perf_counter() - start), hands


def bench_engine(seconds: float, players: int, seed: int = 0) -> tuple[float, int]:
    """The rules engine alone with the same discrete actions: the ceiling of the env."""
    from pokerdealer.cards import deck_cards
    from pokerdealer.env import ActionSet
    from pokerdealer.rules import Hand, HandConfig, Street

    configs = [HandConfig(stacks=(100,) * players, blinds=(1, 2), button=b) for b in range(players)]
    actions = ActionSet()
    rng = random.Random(seed)
    choice = rng.choice
    deck = list(deck_cards())
    need = 2 * players + 8
    decisions = hands = 0
    deadline = time.perf_counter() + seconds
    start = time.perf_counter()
    while time.perf_counter() < deadline:
        hand = Hand(configs[hands % players], rng.sample(deck, need))
        hands += 1
        while not hand.is_complete:
            if hand.street is Street.SHOWDOWN:
                hand.auto_showdown()
                break
            legal = hand.legal()
            mask = actions.mask(hand, legal)
            index = choice([i for i in range(len(mask)) if mask[i]])
            hand.apply(actions.to_action(index, hand, legal))
            decisions += 1
    return decisions / (time.perf_counter() - start), hands


def bench_rlcard(seconds: float, players: int, seed: int = 0) -> tuple[float, int]:
    import rlcard

    env = rlcard.make(
        "no-limit-holdem",
        config={"seed": seed, "game_num_players": players, "chips_for_each": 100},
    )
    rng = random.Random(seed)
    decisions = hands = 0
    deadline = time.perf_counter() + seconds
    start = time.perf_counter()
    while time.perf_counter() < deadline:
        state, _player = env.reset()
        hands += 1
        while not env.is_over():
            state, _player = env.step(rng.choice(list(state["legal_actions"])))
            decisions += 1
    return decisions / (time.perf_counter() - start), hands


def bench_pettingzoo(seconds: float, players: int, seed: int = 0) -> tuple[float, int]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from pettingzoo.classic import texas_holdem_no_limit_v6

        env = texas_holdem_no_limit_v6.env(num_players=players)
        env.reset(seed=seed)
    rng = random.Random(seed)
    decisions = hands = 0
    deadline = time.perf_counter() + seconds
    start = time.perf_counter()
    while time.perf_counter() < deadline:
        if hands:
            env.reset()
        hands += 1
        for _agent in env.agent_iter():
            obs, _reward, terminated, truncated, _info = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            env.step(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
            decisions += 1
    return decisions / (time.perf_counter() - start), hands


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="seconds per library")
    parser.add_argument("--players", type=int, default=2)
    args = parser.parse_args()
    results: dict[str, float] = {}
    rows = [
        ("pokerdealer.env", bench_pokerdealer),
        ("(pokerdealer engine, no env)", bench_engine),
        ("rlcard no-limit-holdem", bench_rlcard),
        ("pettingzoo texas_holdem_no_limit_v6", bench_pettingzoo),
    ]
    print(f"random legal actions, {args.players} players, no limit, 100-chip stacks")
    for name, bench in rows:
        try:
            rate, hands = bench(args.seconds, args.players)
        except ImportError as error:
            print(f"{name:40s} skipped ({error})")
            continue
        results[name] = rate
        print(f"{name:40s} {rate:12,.0f} steps/s  ({hands:,} hands)")
    ours = results.get("pokerdealer.env")
    others = {k: v for k, v in results.items() if not k.startswith(("pokerdealer", "("))}
    if ours and others:
        for name, rate in others.items():
            print(f"pokerdealer / {name}: {ours / rate:.2f}x")
        best = max(others.values())
        verdict = "meets" if ours >= 3 * best else "misses"
        print(f"vs the faster of them: {ours / best:.2f}x ({verdict} the 3x target)")


if __name__ == "__main__":
    main()
