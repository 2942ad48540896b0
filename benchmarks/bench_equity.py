"""Equity benchmark: pokerdealer against OMPEval (C++), eval7 and phevaluator, in one run.

Run:  uv run --extra bench python benchmarks/bench_equity.py [--rounds 3] [--quick] [--no-peers]
      [--ompeval /tmp/ompeval/driver]

Part A, against OMPEval (github.com/zekyll/OMPEval, C++, one calculation
thread), issue 17's goal 3 and issue 42's goal 1. OMPEval runs through a
small driver built outside the repository (``benchmarks/ompeval/build.sh``
builds it from a checkout with ``g++ -O3``; ``--ompeval`` or
``$OMPEVAL_DRIVER`` points at another build).
Each round runs our cases and the driver one after the other; the medians of
the rounds are printed with the ratios (our time over OMPEval's, or our rate
over its rate), in wall and in CPU seconds (on a shared machine wall time
includes waiting for a core, CPU time does not), and the load average. When
the driver is missing, OMPEval's figures recorded on the development machine
are printed instead, marked as such.

  * exact heads-up pre-flop, As Ks vs Qh Qd: the first call in a fresh process
    (after the import) and warm calls; targets <= 30 ms and <= 5 ms, within 2x
  * exact hand vs range pre-flop, As Ks vs QQ+,AKo: within 3x
  * exact three-way pre-flop, As Ks vs Qh Qd vs 7c 7d: within 3x
  * Monte Carlo, six random hands: at least half OMPEval's player-hands/s
    (with Numba installed, the compiled kernel, loaded before the rounds; the
    load is printed; without it, the NumPy path)
  * Monte Carlo, As Ks vs QQ+,AKo: at least OMPEval's player-hands/s (the
    compiled kernel; the NumPy path beside it)

Part B, against eval7 and phevaluator (no enumeration of their own: the
fastest public way to an exact answer is a Python loop over
``itertools.combinations`` of the remaining cards, calling the library's
evaluator per hand, ``eval7.evaluate`` and ``phevaluator.evaluate_7cards``;
eval7's C Monte Carlo loop for a hand against a range,
``py_hand_vs_range_monte_carlo``, is compared at the same count):

  1. exact, heads-up pre-flop: As Ks vs Qh Qd (1,712,304 boards)
  2. hand vs range: As Ks vs QQ+,AKo, exact on a flop (every combo x runout)
     and pre-flop, and Monte Carlo pre-flop (10M samples) vs eval7's C loop
  3. three-way exact pre-flop: As Ks vs Qh Qd vs 7c 7d (1,370,754 boards)
  4. Monte Carlo throughput (player-hands evaluated per second)

Timings in part B are medians of repeats in this process, single thread;
ratios are other / pokerdealer within the same run. ``--quick`` does one
repeat each and one round; ``--no-peers`` skips part B.
"""

from __future__ import annotations

import os

os.environ.setdefault("OMP_NUM_THREADS", "1")
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import argparse  # noqa: E402
import json  # noqa: E402
import statistics  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402
import warnings  # noqa: E402
from collections.abc import Callable  # noqa: E402
from itertools import combinations  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

from pokerdealer.cards import CARDS, parse_cards  # noqa: E402
from pokerdealer.equity import _montecarlo_numba, equity, parse_range  # noqa: E402

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    import eval7  # noqa: E402
from phevaluator import evaluate_7cards  # noqa: E402

ARGS = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
ARGS.add_argument("--rounds", type=int, default=3, help="interleaved rounds against OMPEval")
ARGS.add_argument("--quick", action="store_true", help="one repeat of each case, one round")
ARGS.add_argument("--no-peers", action="store_true", help="skip eval7 and phevaluator")
ARGS.add_argument(
    "--ompeval",
    default=os.environ.get("OMPEVAL_DRIVER", "/tmp/ompeval/driver"),
    help="OMPEval driver (see the module docstring)",
)
OPTIONS = ARGS.parse_args()
QUICK = OPTIONS.quick
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


# ---- part A: against OMPEval ---------------------------------------------------

#: OMPEval through the driver on the 2-core development machine, printed when the
#: driver is absent: CPU seconds (one thread) of 2026-12-01; the warm heads-up and
#: hand-vs-range figures are issue 17's, measured on the machine at rest.
OMPEVAL_RECORDED = {
    "exact_headsup_first": 0.0058,
    "exact_headsup": 0.0023,
    "exact_hand_vs_range": 0.0105,
    "exact_threeway": 0.0030,
    "mc_six_random": 65.5e6,  # player-hands per second
    "mc_hand_vs_range": 41.8e6,  # 4 December 2026, load 9, CPU
}
#: (case, what is compared, target): "time" cases compare seconds (ours / OMPEval's,
#: at most the target ratio), "rate" cases player-hands/s (ours / OMPEval's, at least).
CASES = [
    ("exact_headsup_first", "exact AsKs v QhQd, first call in a process", "time", None),
    ("exact_headsup", "exact AsKs v QhQd, warm", "time", 2.0),
    ("exact_hand_vs_range", "exact AsKs v QQ+,AKo pre-flop", "time", 3.0),
    ("exact_threeway", "exact AsKs v QhQd v 7c7d", "time", 3.0),
    ("mc_six_random", "Monte Carlo, 6 random hands (player-hands/s)", "rate", 0.5),
    ("mc_six_random_numpy", "  the same on the NumPy path (no Numba)", "rate", None),
    ("mc_hand_vs_range", "Monte Carlo, AsKs v QQ+,AKo (player-hands/s)", "rate", 1.0),
    ("mc_hand_vs_range_numpy", "  the same on the NumPy path (no Numba)", "rate", None),
]
ABSOLUTE = {"exact_headsup_first": 0.030, "exact_headsup": 0.005}  # seconds, issue 17

_FIRST_CALL = """
import json, time
from pokerdealer.equity import equity
import pokerdealer.equity.calculator
wall, cpu = time.perf_counter(), time.process_time()
equity(["AsKs", "QhQd"])
print(json.dumps([time.perf_counter() - wall, time.process_time() - cpu]))
"""


def first_call() -> tuple[float, float]:
    """Wall and CPU seconds of the first exact call in a fresh process, after the import."""
    out = subprocess.run(
        [sys.executable, "-c", _FIRST_CALL], capture_output=True, text=True, check=True
    ).stdout
    wall, cpu = json.loads(out.strip().splitlines()[-1])
    return wall, cpu


def timed_both(fn: Callable[[], Any], repeats: int) -> tuple[float, float, Any]:
    """Median wall and CPU seconds of ``repeats`` runs, and the last result."""
    walls, cpus, result = [], [], None
    for _ in range(repeats):
        wall, cpu = time.perf_counter(), time.process_time()
        result = fn()
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
    return statistics.median(walls), statistics.median(cpus), result


def ours_round(repeats: int) -> dict[str, tuple[float, float]]:
    """One round of our cases: {case: (wall, cpu)}; rates for the Monte Carlo case."""
    found: dict[str, tuple[float, float]] = {}
    found["exact_headsup_first"] = first_call()
    equity(["AsKs", "QhQd"])
    for case, players in [
        ("exact_headsup", ["AsKs", "QhQd"]),
        ("exact_hand_vs_range", ["AsKs", "QQ+,AKo"]),
        ("exact_threeway", ["AsKs", "QhQd", "7c7d"]),
    ]:
        wall, cpu, result = timed_both(lambda p=players: equity(p, exact=True), repeats)
        assert result.method == "exact"
        found[case] = (wall, cpu)
    samples = 1_000_000 if QUICK else 4_000_000
    # unseeded: a seeded run shorter than MIN_SAMPLES keeps to the NumPy path
    wall, cpu, result = timed_both(lambda: equity(["random"] * 6, samples=samples), 1)
    found["mc_six_random"] = (6 * result.boards / wall, 6 * result.boards / cpu)
    # seeded and shorter than MIN_SAMPLES: the NumPy path, what runs without Numba
    wall, cpu, result = timed_both(lambda: equity(["random"] * 6, samples=samples, seed=3), 1)
    found["mc_six_random_numpy"] = (6 * result.boards / wall, 6 * result.boards / cpu)
    ranged = ["AsKs", "QQ+,AKo"]
    wall, cpu, result = timed_both(lambda: equity(ranged, samples=5 * samples), 1)
    found["mc_hand_vs_range"] = (2 * result.boards / wall, 2 * result.boards / cpu)
    wall, cpu, result = timed_both(lambda: equity(ranged, samples=samples, seed=3), 1)
    found["mc_hand_vs_range_numpy"] = (2 * result.boards / wall, 2 * result.boards / cpu)
    return found


def ompeval_round(driver: str, repeats: int) -> dict[str, tuple[float, float]]:
    """One run of the OMPEval driver: {case: (wall, cpu)}; rates for Monte Carlo."""
    out = subprocess.run(
        [driver, str(repeats), "1"], capture_output=True, text=True, check=True
    ).stdout
    found = {}
    for line in out.splitlines():
        name, wall, cpu, detail = line.split("\t")
        if name.startswith("mc_"):
            deals = int(detail.split("(")[1].split()[0])
            hands = 6 if name == "mc_six_random" else 2
            found[name] = (hands * deals / float(wall), hands * deals / float(cpu))
        else:
            found[name] = (float(wall), float(cpu))
    return found


def against_ompeval() -> None:
    driver = OPTIONS.ompeval
    have = Path(driver).is_file() and os.access(driver, os.X_OK)
    rounds = 1 if QUICK else OPTIONS.rounds
    repeats = 1 if QUICK else 5
    print(f"A. against OMPEval (C++, one thread), {rounds} interleaved round(s), medians")
    # Monte Carlo's compiled kernel (Numba, when installed) is loaded once per process
    # (about 1.5 s of CPU, printed here); the rounds time it loaded, as OMPEval's tables are.
    wall, cpu = time.perf_counter(), time.process_time()
    loaded = _montecarlo_numba.kernel() is not None
    print(
        f"  Monte Carlo kernel: {'Numba' if loaded else 'none (NumPy path)'}"
        + (
            f", loaded in {time.perf_counter() - wall:.2f} s wall, "
            f"{time.process_time() - cpu:.2f} s cpu"
            if loaded
            else ""
        )
    )
    if not have:
        print(
            f"  OMPEval driver not found at {driver}: its figures below are the ones recorded on"
            "\n  the development machine (build it with benchmarks/ompeval/build.sh)"
        )
    ours: dict[str, list[tuple[float, float]]] = {case: [] for case, *_ in CASES}
    theirs: dict[str, list[tuple[float, float]]] = {case: [] for case, *_ in CASES}
    loads = [os.getloadavg()[0]]
    for _ in range(rounds):
        for case, value in ours_round(repeats).items():
            ours[case].append(value)
        if have:
            for case, value in ompeval_round(driver, repeats).items():
                theirs[case].append(value)
        loads.append(os.getloadavg()[0])
    print(f"  load average (1 min) during the rounds: {min(loads):.1f} to {max(loads):.1f}")
    print(
        f"  {'case':46s} {'ours wall':>10s} {'ours cpu':>10s} {'OMPEval wall':>12s} "
        f"{'OMPEval cpu':>11s} {'ratio wall':>10s} {'ratio cpu':>9s}  target"
    )
    for case, label, kind, target in CASES:
        wall = statistics.median(v[0] for v in ours[case])
        cpu = statistics.median(v[1] for v in ours[case])
        peer = case.removesuffix("_numpy")
        if theirs[peer]:
            other_wall = statistics.median(v[0] for v in theirs[peer])
            other_cpu = statistics.median(v[1] for v in theirs[peer])
            mark = ""
        else:
            other_wall = other_cpu = OMPEVAL_RECORDED[peer]
            mark = " (recorded)"
        if kind == "rate":
            show = [f"{wall / 1e6:8.1f} M", f"{cpu / 1e6:8.1f} M"]
            other = [f"{other_wall / 1e6:10.1f} M", f"{other_cpu / 1e6:9.1f} M"]
            ratios = (wall / other_wall, cpu / other_cpu)
            goal = ""
            if target is not None:
                met = "met" if ratios[1] >= target else "MISSED"
                goal = f">= {target:.0%} of OMPEval: {met} (cpu)"
        else:
            show = [f"{wall * 1e3:7.2f} ms", f"{cpu * 1e3:7.2f} ms"]
            other = [f"{other_wall * 1e3:9.2f} ms", f"{other_cpu * 1e3:8.2f} ms"]
            ratios = (wall / other_wall, cpu / other_cpu)
            goals = []
            if target is not None:
                goals.append(f"<= {target:g}x: {'met' if ratios[1] <= target else 'MISSED'}")
            if case in ABSOLUTE:
                limit = ABSOLUTE[case]
                goals.append(
                    f"<= {limit * 1e3:g} ms: {'met' if cpu <= limit else 'MISSED'} cpu, "
                    f"{'met' if wall <= limit else 'missed'} wall"
                )
            goal = "; ".join(goals)
        print(
            f"  {label:46s} {show[0]:>10s} {show[1]:>10s} {other[0]:>12s} {other[1]:>11s} "
            f"{ratios[0]:9.2f}x {ratios[1]:8.2f}x  {goal}{mark}",
            flush=True,
        )


def main() -> None:
    print(f"python {sys.version.split()[0]}, eval7 {getattr(eval7, '__version__', '0.1.x')}")
    equity(["AsKs", "QhQd"], board="2c 3d 4h")  # load the lookup tables once
    against_ompeval()
    if OPTIONS.no_peers:
        return
    print("\nB. against eval7 and phevaluator")

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
    hero = [E7[c] for c in ids("As Ks")]
    villain = [
        ((E7[a], E7[b]), 1.0)
        for a, b in parse_range("QQ+,AKo").indices()
        if not {a, b} & set(ids("As Ks"))
    ]
    # Interleaved rounds, CPU time: ours unseeded (the compiled kernel, when Numba is
    # installed and loaded: part A loaded it), then eval7's C loop, 3 times.
    ours_cpu, e7_cpu = [], []
    for _ in range(1 if QUICK else 3):
        _, result = timed(lambda: equity(["AsKs", "QQ+,AKo"], samples=samples), 1)
        ours_cpu.append(CPU[0])
        _, value = timed(lambda: eval7.py_hand_vs_range_monte_carlo(hero, villain, [], samples), 1)
        e7_cpu.append(CPU[0])
    ours_rate = 2 * result.boards / statistics.median(ours_cpu)
    e7_rate = 2 * samples / statistics.median(e7_cpu)
    print(
        f"  pre-flop, Monte Carlo {samples:,}, CPU medians of interleaved runs "
        f"(load {os.getloadavg()[0]:.1f}):\n"
        f"    pokerdealer ({'kernel' if _montecarlo_numba.ready() else 'NumPy'}) "
        f"{ours_rate / 1e6:.1f}M player-hands/s, equity {result.players[0].equity:.4f}\n"
        f"    eval7 C loop {e7_rate / 1e6:.1f}M player-hands/s, equity {value:.4f}\n"
        f"    -> ours/eval7 {ours_rate / e7_rate:.2f}x (target >= 2x: "
        f"{'met' if ours_rate >= 2 * e7_rate else 'MISSED'})",
        flush=True,
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
