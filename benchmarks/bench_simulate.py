"""Bot simulation throughput: hands per second of ``pokerdealer simulate``.

6-max no-limit hold'em, blinds 1/2, stacks 200 reset every hand, seed 1.
Timed: dealing, every bot decision (each sees only its own view), every
rule check, the showdown and the statistics; no hand histories written.
Mixes: each built-in bot alone, and the ``tight,caller,random`` mix of the
command's example.

Run:  uv run python benchmarks/bench_simulate.py [HANDS]      (default 5000 per mix)
"""

from __future__ import annotations

import sys

from pokerdealer.bots import simulate
from pokerdealer.rules import HandConfig

MIXES = (["random"], ["caller"], ["tight"], ["tight", "caller", "random"])


def main() -> None:
    hands = int(sys.argv[1]) if len(sys.argv) > 1 else 5000
    config = HandConfig(stacks=(200,) * 6, blinds=(1, 2))
    print(f"{hands} hands per mix, 6 players, NL 1/2, stacks 200")
    for mix in MIXES:
        result = simulate(config, mix, hands=hands, seed=1)
        print(f"  {','.join(mix):<22} {result.hands_per_second:>9,.0f} hands/s")


if __name__ == "__main__":
    main()
