"""Batch 7-card evaluation: ``evaluate_many`` on its two paths, beside OMPEval and eval7.

    uv run --extra bench python benchmarks/bench_batch.py [--hands 2000000] [--rounds 7]
        [--clock cpu|wall] [--ompeval /tmp/ompeval/random_eval] [--reference FILE]

Rows, interleaved round by round (the machine is shared): ``evaluate_many``
with its Numba kernel (the ``numba`` extra), the same call on the NumPy path
(``POKERDEALER_NUMBA=0``'s path), OMPEval (C++, one thread: its own benchmark's
random-order loop over card arrays, run as a separate program each round,
its CPU clock read inside it), eval7's ``evaluate`` called once per hand (on
a tenth of the hands, its rate scaled: a per-call figure), and, with
``--reference``, the batch function of a separately written Numba evaluator
(a file defining ``eval_batch(hands)``). Every row evaluates uniformly random
7-card hands; each is checked to order them as ours do first.

OMPEval is built from source, outside the repository, by
``benchmarks/ompeval/build.sh`` (``--ompeval`` or ``$OMPEVAL_RANDOM`` points at
the build's ``random_eval``). Without it, its rate recorded here on 4 December
2026 stands in, marked as such.

Rates are by CPU time by default (``--clock cpu``: this process's, and the
driver's own CPU clock for OMPEval), which is what the wall time would be
on a quiet machine; the load average is printed with the figures. A round
times each row three times and keeps the median, as OMPEval's driver does
its passes; each row's figure is the median of the rounds, and the best
round beside it (on a shared machine the best is the one least disturbed). The goals (issue 42):
OMPEval's rate, and 100x eval7's per call.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import statistics
import subprocess
import time
import warnings
from collections.abc import Callable

import numpy as np

#: OMPEval's random 7-card rate on this machine (CPU clock, 4 December 2026, load 8-13), hands/s.
OMPEVAL_RATE = 217e6

#: The clock every row is timed with (--clock wall swaps in perf_counter).
clock = time.process_time


#: Passes a round takes of each row, its median kept: OMPEval's driver does the same.
PASSES = 3


def seconds(run: Callable[[], object]) -> float:
    """The median of :data:`PASSES` timed calls of ``run``."""
    taken = []
    for _ in range(PASSES):
        start = clock()
        run()
        taken.append(clock() - start)
    return statistics.median(taken)


def ompeval_seconds(driver: str, hands: int) -> float:
    """OMPEval's seconds for ``hands`` random hands (median of :data:`PASSES` passes in one run)."""
    line = subprocess.run(
        [driver, str(hands), str(PASSES)], check=True, capture_output=True, text=True
    ).stdout.split("\t")
    return float(line[1] if clock is time.process_time else line[2])


def same_order(ours: np.ndarray, theirs: list[int]) -> bool:
    """Whether a peer's values order the hands as our ranks do (ties included)."""
    pairs = sorted(set(zip(ours.tolist(), theirs)))
    return all(a[1] < b[1] for a, b in zip(pairs, pairs[1:])) and len(
        {a for a, _ in pairs}
    ) == len(pairs)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=2_000_000)
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--reference", help="a Python file defining eval_batch(hands)")
    parser.add_argument("--clock", choices=("cpu", "wall"), default="cpu")
    parser.add_argument(
        "--ompeval", default=os.environ.get("OMPEVAL_RANDOM", "/tmp/ompeval/random_eval")
    )
    args = parser.parse_args()
    global clock
    if args.clock == "wall":
        clock = time.perf_counter

    from pokerdealer.evaluation import batch, evaluate_many

    rng = np.random.default_rng(20240501)
    hands = np.argsort(rng.random((args.hands, 52)), axis=1)[:, :7].astype(np.uint8)
    compiled = batch.kernel()

    def numpy_path() -> np.ndarray:
        saved = batch.kernel
        batch.kernel = lambda: None  # type: ignore[assignment]
        try:
            return evaluate_many(hands)
        finally:
            batch.kernel = saved

    start = clock()
    fast = evaluate_many(hands)  # the first call: Numba's import and cache load
    first = clock() - start
    assert (fast == numpy_path()).all()
    rows: dict[str, tuple[Callable[[], object], int]] = {}
    if compiled is not None:
        rows["evaluate_many (Numba kernel)"] = (lambda: evaluate_many(hands), args.hands)
    rows["evaluate_many (NumPy path)"] = (numpy_path, args.hands)
    if args.reference:
        spec = importlib.util.spec_from_file_location("reference", args.reference)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        wide = hands.astype(np.int64)
        assert same_order(fast[:20000], module.eval_batch(wide[:20000]).tolist())
        rows["reference Numba evaluator"] = (lambda: module.eval_batch(wide), args.hands)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            import eval7
    except ImportError:
        print("eval7 is not installed (uv run --extra bench): its row is left out")
    else:
        from pokerdealer.cards import CARDS

        deck = [eval7.Card(str(card)) for card in CARDS]
        few = max(args.hands // 10, 1)
        seven = [[deck[c] for c in row] for row in hands[:few].tolist()]
        evaluate7 = eval7.evaluate
        assert same_order(fast[:few], [evaluate7(row) for row in seven])
        rows["eval7.evaluate, one call a hand"] = (lambda: [evaluate7(r) for r in seven], few)
    have_ompeval = os.access(args.ompeval, os.X_OK)
    if have_ompeval:
        rows["OMPEval (C++, its random loop)"] = (lambda: None, args.hands)  # timed by the driver
    times: dict[str, list[float]] = {name: [] for name in rows}
    loads = [os.getloadavg()[0]]
    for _ in range(args.rounds):
        for name, (run, _count) in rows.items():
            if name.startswith("OMPEval"):
                times[name].append(ompeval_seconds(args.ompeval, args.hands))
            else:
                times[name].append(seconds(run))
        loads.append(os.getloadavg()[0])
    print(f"{args.hands:,} random 7-card hands, {args.clock} clock, {args.rounds} interleaved "
          f"rounds, load average {min(loads):.1f}..{max(loads):.1f} on {os.cpu_count()} CPUs, "
          f"{time.strftime('%Y-%m-%d %H:%M %Z')}")
    if compiled is None:
        print("Numba is not installed: only the NumPy path runs (pip install pokerdealer[numba])")
    else:
        print(f"first call (Numba import, kernel and table load): {first:.2f} s")
    rates = {
        name: (count / statistics.median(times[name]), count / min(times[name]))
        for name, (_run, count) in rows.items()
    }
    ours = max(rate for name, rate in rates.items() if name.startswith("evaluate_many"))
    print(f"{'':34} {'median':>9} {'best':>9}   ours/this (median, best)")
    for name, (median, best) in rates.items():
        print(f"{name:34} {median / 1e6:7.1f} M {best / 1e6:7.1f} M   "
              f"{ours[0] / median:7.2f} {ours[1] / best:7.2f}")
    peer = next((rate for name, rate in rates.items() if name.startswith("OMPEval")), None)
    if peer is None:
        peer = (OMPEVAL_RATE, OMPEVAL_RATE)
        print(f"OMPEval not found at {args.ompeval} (benchmarks/ompeval/build.sh builds it); "
              f"its rate recorded here stands in: {OMPEVAL_RATE / 1e6:.0f} M hands/s")
    ratio = ours[0] / peer[0]
    print(f"goal: OMPEval's rate: ours/OMPEval {ratio:.2f} median, {ours[1] / peer[1]:.2f} best "
          f"({'met' if ratio >= 1 else 'NOT met'})")
    e7 = next((rate for name, rate in rates.items() if name.startswith("eval7")), None)
    if e7 is not None:
        print(f"goal: 100x eval7 per call: {ours[0] / e7[0]:.0f}x median, {ours[1] / e7[1]:.0f}x best "
              f"({'met' if ours[0] / e7[0] >= 100 else 'NOT met'})")


if __name__ == "__main__":
    main()
