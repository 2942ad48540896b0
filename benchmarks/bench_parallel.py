"""Parallel simulation throughput: hands per second at 1 and 2 workers, and the ratio.

6-max no-limit hold'em, blinds 1/2, stacks 200, bots ``tight,caller,random``,
seed 1, run by :func:`pokerdealer.parallel.simulate_parallel` in its fixed
blocks (500 hands, rounded to the table size). One worker plays the blocks in
this process; two workers use a pool of local processes (its start-up is
inside the timing). The two runs must give identical statistics, which is
checked. On an idle 2-core machine the ratio should be close to 2; other
processes running at the same time lower it, so each figure is the best of
``REPEATS`` runs and the load average is printed.

Run:  uv run python benchmarks/bench_parallel.py [HANDS] [REPEATS]    (default 20000 3)
"""

from __future__ import annotations

import os
import sys
import time

from pokerdealer.parallel import simulate_parallel
from pokerdealer.rules import HandConfig


def main() -> None:
    hands = int(sys.argv[1]) if len(sys.argv) > 1 else 20_000
    repeats = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    config = HandConfig(stacks=(200,) * 6, blinds=(1, 2))
    bots = ["tight", "caller", "random"]
    print(f"{hands} hands, 6 players, NL 1/2, stacks 200, bots {','.join(bots)}, best of {repeats}")
    print(f"  load average before: {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    rates = {}
    results = {}
    for workers in (1, 2):
        seconds = float("inf")
        for _ in range(repeats):
            started = time.perf_counter()
            results[workers] = simulate_parallel(config, bots, hands=hands, seed=1, workers=workers)
            seconds = min(seconds, time.perf_counter() - started)
        rates[workers] = hands / seconds
        print(f"  {workers} worker{'s' if workers > 1 else ' '}  {rates[workers]:>9,.0f} hands/s  ({seconds:.2f} s)")
    assert results[1].stats == results[2].stats, "results differ between 1 and 2 workers"
    print(f"  ratio 2/1: {rates[2] / rates[1]:.2f}  (identical statistics: yes)")


if __name__ == "__main__":
    main()
