"""How long each built-in bot takes to decide: p50, p99 and the slowest, per kind.

Every bot kind plays seats at 6-max and heads-up tables (no-limit, blinds
1/2, stacks 200 reset each hand, seed 1) against a mix of the others, and
each of its betting decisions is timed on its own: ``bot.act(view)`` from
the view to the action, the view's construction not counted. One process,
one thread. The issue's bar is 50 ms a decision on the project's machine.
Two clocks: the thread's CPU time (what the decision costs, whatever else
the machine runs) and the wall clock (what a player waits, which a loaded
machine stretches).

Run:  uv run python benchmarks/bench_bots.py [HANDS]      (default 600 per table size)
"""

from __future__ import annotations

import random
import sys
import time
from collections import defaultdict

import numpy as np

from pokerdealer.bots import make_bot
from pokerdealer.cards import deck_cards
from pokerdealer.rules import Hand, HandConfig

KINDS = ("random", "caller", "tight", "regular", "loose")
#: Every kind plays against this mix, so each sees raised pots, limps and multiway flops.
OPPONENTS = ("regular", "loose", "tight", "caller", "random")


Times = dict[str, list[tuple[float, float]]]


def play(players: int, hands: int, times: Times, rng: random.Random) -> None:
    """Play ``hands`` hands at a table of ``players``; each kind sits in turn in seat 0."""
    deck = deck_cards()
    for number in range(hands):
        kind = KINDS[number % len(KINDS)]
        names = [kind] + [OPPONENTS[(number + s) % len(OPPONENTS)] for s in range(1, players)]
        bots = [make_bot(name, random.Random(rng.getrandbits(64))) for name in names]
        config = HandConfig(stacks=(200,) * players, blinds=(1, 2), button=number % players)
        hand = Hand(config, rng.sample(deck, 2 * players + 8))
        while (actor := hand.actor) is not None:
            view = hand.view(actor)
            cpu, wall = time.thread_time(), time.perf_counter()
            action = bots[actor].act(view)
            spent = (time.thread_time() - cpu, time.perf_counter() - wall)
            if view.legal is not None and not (view.legal.can_show or view.legal.can_muck):
                times[names[actor]].append(spent)
            hand.apply(action._replace(player=actor))


def main() -> None:
    hands = int(sys.argv[1]) if len(sys.argv) > 1 else 600
    rng = random.Random(1)
    times: Times = defaultdict(list)
    for name in KINDS:  # warm up: NumPy, the evaluator's tables, the ranges' caches
        play(2, 5, defaultdict(list), random.Random(0))
    for players in (6, 2):
        play(players, hands, times, rng)
    print(f"{hands} hands at 6-max and {hands} heads-up; per betting decision, milliseconds")
    print(f"  {'':<8} {'':>9} {'CPU':>23}   {'wall clock':>23}")
    print(f"  {'bot':<8} {'decisions':>9} {'p50':>7} {'p99':>7} {'max':>7}   {'p50':>7} {'p99':>7} {'max':>7}")
    for name in KINDS:
        ms = np.array(times[name]) * 1000
        cpu, wall = ms[:, 0], ms[:, 1]
        c50, c99 = np.percentile(cpu, [50, 99])
        w50, w99 = np.percentile(wall, [50, 99])
        print(
            f"  {name:<8} {len(ms):>9,} {c50:>7.3f} {c99:>7.3f} {cpu.max():>7.3f}"
            f"   {w50:>7.3f} {w99:>7.3f} {wall.max():>7.3f}"
        )


if __name__ == "__main__":
    main()
