"""Learn a policy that beats the random, caller and tight bots, then judge it.

    uv run python examples/learn_to_beat_the_bots.py [--minutes 20] [--out learned_policy.npz]
        [--hands 20000] [--seed 0]

Trains on the vector environment (pokerdealer.env.learning.train_policy:
heads-up tables against each bot in turn, Monte Carlo control over a table
of states: street, equity against a random hand, price of a call) for
``--minutes`` of CPU time, saves the policy, then plays a duplicate match
against each bot (``pokerdealer match``'s) and prints the policy's big
blinds per 100 hands with the 95% interval. No PyTorch: NumPy only (Numba,
when installed, steps the tables against random and caller in one call).

Seat the policy afterwards:

    POKERDEALER_POLICY=learned_policy.npz uv run pokerdealer match learned tight --duplicate
"""

from __future__ import annotations

import argparse
import time

from pokerdealer.env.learning import evaluate_policy, train_policy

OPPONENTS = ("random", "caller", "tight")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=20.0, help="CPU minutes of training")
    parser.add_argument("--out", default="learned_policy.npz", help="where the policy is written")
    parser.add_argument("--hands", type=int, default=20000, help="hands of each duplicate match")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--tables", type=int, default=64, help="tables of each vector env")
    args = parser.parse_args()
    policy, stats = train_policy(OPPONENTS, cpu_seconds=60 * args.minutes, tables=args.tables, seed=args.seed)
    policy.save(args.out)
    print(
        f"trained {stats.cpu_seconds / 60:.1f} CPU minutes: {stats.hands:,} hands, "
        f"{stats.decisions:,} decisions; wrote {args.out}", flush=True,
    )
    start = time.process_time()
    results = evaluate_policy(policy, OPPONENTS, hands=args.hands, seed=args.seed + 1)
    print(f"duplicate matches, {args.hands:,} hands each ({(time.process_time() - start) / 60:.1f} CPU minutes):")
    beaten = 0
    for name, (bb100, ci) in results.items():
        verdict = "beats" if bb100 - ci > 0 else "does NOT beat"
        beaten += bb100 - ci > 0
        print(f"  learned vs {name:<7} {bb100:+8.1f} ± {ci:.1f} bb/100  ({verdict} it: 95% interval above zero)")
    print(f"{beaten} of {len(results)} bots beaten")


if __name__ == "__main__":
    main()
