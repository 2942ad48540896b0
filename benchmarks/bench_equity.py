"""Equity benchmark: pokerdealer against eval7 and phevaluator, in one run.

Run:  uv run --extra bench python benchmarks/bench_equity.py [--quick]

Neither eval7 nor phevaluator enumerates boards, so for them the fastest
public way to an exact pre-flop answer is a Python loop over
``itertools.combinations`` of the remaining cards, calling the library's
evaluator for each hand (``eval7.evaluate``, ``phevaluator.evaluate_7cards``).
eval7 also has a C Monte Carlo loop for a hand against a range
(``py_hand_vs_range_monte_carlo``), compared with ours at the same count.

Cases:
  1. exact, heads-up pre-flop: As Ks vs Qh Qd (1,712,304 boards)
  2. hand vs range: As Ks vs QQ+,AKo, exact on a flop (every combo x runout)
     and pre-flop (pokerdealer only: 30 combos x 2.6M boards), and Monte
     Carlo pre-flop (10M samples) vs eval7's C loop
  3. three-way exact pre-flop: As Ks vs Qh Qd vs 7c 7d (1,370,754 boards)
  4. Monte Carlo throughput (player-hands evaluated per second)

Timings are medians of repeats in this process, single thread; ratios are
other / pokerdealer within the same run (wall time). CPU time is printed too:
on a shared machine wall time includes waiting for a core. ``--quick`` does
one repeat each.
Targets: case 1 under 0.1 s and at least 9x eval7; Monte Carlo above 20
million player-hands per second.
"""

from __future__ import annotations

import os

os.environ.setdefault("OMP_NUM_THREADS", "1")
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import statistics  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402
import warnings  # noqa: E402
from collections.abc import Callable  # noqa: E402
from itertools import combinations  # noqa: E402
from typing import Any  # noqa: E402

from pokerdealer.cards import CARDS, parse_cards  # noqa: E402
from pokerdealer.equity import equity, parse_range  # noqa: E402

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    import eval7  # noqa: E402
from phevaluator import evaluate_7cards  # noqa: E402

QUICK = "--quick" in sys.argv
E7 = [eval7.Card(str(card)) for card in CARDS]


def ids(text: str) -> list[int]:
    return [c.index for c in parse_cards(text)]


def timed(fn: Callable[[], Any], repeats: int) -> tuple[float, Any]:
    """Median wall seconds of ``repeats`` runs (CPU seconds are kept in ``CPU``)."""
    times, cpu, result = [], [], None
    for _ in range(1 if QUICK else repeats):
        started, started_cpu = time.perf_counter(), time.process_time()
        result = fn()
        times.append(time.perf_counter() - started)
        cpu.append(time.process_time() - started_cpu)
    CPU[0] = statistics.median(cpu)
    return statistics.median(times), result


#: CPU seconds of the last :func:`timed` call (the machine may be shared: wall
#: time then includes waiting for a core, CPU time does not).
CPU = [0.0]


def report(label: str, seconds: float, detail: str = "", base: float | None = None) -> None:
    ratio = f"{seconds / base:7.1f}x" if base else " " * 8
    print(f"  {label:56s} {seconds:8.4f} s (cpu {CPU[0]:8.4f}) {ratio}  {detail}", flush=True)


# ---- brute-force loops for the other libraries ---------------------------------


def loop_eval7(holes: list[list[int]], board: list[int] = ()) -> list[float]:  # type: ignore[assignment]
    """Equity per player by a Python loop over every completion, eval7.evaluate per hand."""
    used = {c for h in holes for c in h} | set(board)
    rest = [E7[c] for c in range(52) if c not in used]
    hands = [[E7[a], E7[b]] + [E7[c] for c in board] for a, b in holes]
    share = [0.0] * len(holes)
    total = 0
    evaluate = eval7.evaluate
    for runout in combinations(rest, 5 - len(board)):
        extra = list(runout)
        values = [evaluate(h + extra) for h in hands]
        best = max(values)
        winners = [p for p, v in enumerate(values) if v == best]
        for p in winners:
            share[p] += 1 / len(winners)
        total += 1
    return [s / total for s in share]


def loop_phevaluator(holes: list[list[int]], board: list[int] = ()) -> list[float]:  # type: ignore[assignment]
    """The same loop with phevaluator.evaluate_7cards (lower is better there)."""
    used = {c for h in holes for c in h} | set(board)
    rest = [c for c in range(52) if c not in used]
    share = [0.0] * len(holes)
    total = 0
    for runout in combinations(rest, 5 - len(board)):
        cards = tuple(board) + runout
        values = [evaluate_7cards(a, b, *cards) for a, b in holes]
        best = min(values)
        winners = [p for p, v in enumerate(values) if v == best]
        for p in winners:
            share[p] += 1 / len(winners)
        total += 1
    return [s / total for s in share]


def hand_vs_range_loop(hero: list[int], villain: str, board: list[int], loop) -> float:
    """Hero's exact equity against a range: the loop above once per compatible villain combo."""
    total = weight = 0.0
    for a, b in parse_range(villain).indices():
        if {a, b} & (set(hero) | set(board)):
            continue
        equities = loop([hero, [a, b]], board)
        total += equities[0]
        weight += 1
    return total / weight


def main() -> None:
    print(f"python {sys.version.split()[0]}, eval7 {getattr(eval7, '__version__', '0.1.x')}")
    equity(["AsKs", "QhQd"], board="2c 3d 4h")  # load the lookup tables once

    print("\n1. exact heads-up pre-flop: As Ks vs Qh Qd, 1,712,304 boards")
    ours, result = timed(lambda: equity(["AsKs", "QhQd"]), 7)
    report("pokerdealer equity() (exact, NumPy)", ours, f"equity {result.players[0].equity:.7f}")
    e7, value = timed(lambda: loop_eval7([ids("As Ks"), ids("Qh Qd")]), 3)
    report("eval7.evaluate + Python loop over boards", e7, f"equity {value[0]:.7f}", ours)
    ph, value = timed(lambda: loop_phevaluator([ids("As Ks"), ids("Qh Qd")]), 3)
    report("phevaluator.evaluate_7cards + Python loop", ph, f"equity {value[0]:.7f}", ours)
    print(f"  -> under 0.1 s: {ours < 0.1}; eval7 / pokerdealer = {e7 / ours:.1f}x (target >= 9x)")

    print("\n2. hand vs range: As Ks vs QQ+,AKo")
    board = ids("Kd 7h 2h")
    ours, result = timed(lambda: equity(["AsKs", "QQ+,AKo"], board="Kd 7h 2h", exact=True), 7)
    report("flop Kd 7h 2h, exact: pokerdealer", ours, f"equity {result.players[0].equity:.7f}")
    e7, value = timed(lambda: hand_vs_range_loop(ids("As Ks"), "QQ+,AKo", board, loop_eval7), 3)
    report("flop, exact: eval7 loop over combos x runouts", e7, f"equity {value:.7f}", ours)
    ph, value = timed(
        lambda: hand_vs_range_loop(ids("As Ks"), "QQ+,AKo", board, loop_phevaluator), 3
    )
    report("flop, exact: phevaluator loop", ph, f"equity {value:.7f}", ours)
    ours, result = timed(lambda: equity(["AsKs", "QQ+,AKo"], exact=True), 1)
    report(
        "pre-flop, exact: pokerdealer (eval7 loop would take ~1 min)",
        ours,
        f"equity {result.players[0].equity:.7f}, {result.boards:,} deals",
    )
    samples = 10_000_000
    ours, result = timed(lambda: equity(["AsKs", "QQ+,AKo"], samples=samples, seed=1), 3)
    report(
        f"pre-flop, Monte Carlo {samples:,}: pokerdealer",
        ours,
        f"equity {result.players[0].equity:.4f} ± {result.std_error:.4f}, "
        f"{2 * result.boards / ours / 1e6:.1f}M player-hands/s",
    )
    hero = [E7[c] for c in ids("As Ks")]
    villain = [
        ((E7[a], E7[b]), 1.0)
        for a, b in parse_range("QQ+,AKo").indices()
        if not {a, b} & set(ids("As Ks"))
    ]
    e7, value = timed(lambda: eval7.py_hand_vs_range_monte_carlo(hero, villain, [], samples), 3)
    report(
        f"pre-flop, Monte Carlo {samples:,}: eval7 C loop",
        e7,
        f"equity {value:.4f}, {2 * samples / e7 / 1e6:.1f}M player-hands/s",
        ours,
    )

    print("\n3. three-way exact pre-flop: As Ks vs Qh Qd vs 7c 7d, 1,370,754 boards")
    three = [ids("As Ks"), ids("Qh Qd"), ids("7c 7d")]
    ours, result = timed(lambda: equity(["AsKs", "QhQd", "7c7d"]), 5)
    report(
        "pokerdealer equity() (exact)",
        ours,
        "equities " + " ".join(f"{p.equity:.5f}" for p in result.players),
    )
    e7, value = timed(lambda: loop_eval7(three), 3)
    report(
        "eval7.evaluate + Python loop", e7, "equities " + " ".join(f"{v:.5f}" for v in value), ours
    )
    ph, value = timed(lambda: loop_phevaluator(three), 3)
    report("phevaluator + Python loop", ph, "equities " + " ".join(f"{v:.5f}" for v in value), ours)

    print("\n4. Monte Carlo throughput (player-hands evaluated per second)")
    for players, count in [
        (["AsKs", "QhQd"], 10_000_000),
        (["AsKs", "random"], 10_000_000),
        (["QQ+,AKs", "random", "random"], 5_000_000),
        (["random"] * 6, 2_000_000),
        (["random"] * 10, 1_000_000),
    ]:
        seconds, result = timed(lambda p=players, c=count: equity(p, samples=c, seed=2), 3)
        rate = len(players) * result.boards / seconds / 1e6
        cpu_rate = len(players) * result.boards / CPU[0] / 1e6
        report(
            f"{len(players)} players: {', '.join(players)}"[:50] + f", {count:,}",
            seconds,
            f"{rate:.1f}M player-hands/s wall, {cpu_rate:.1f}M cpu (target > 20M)",
        )


if __name__ == "__main__":
    main()
