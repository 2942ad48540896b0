"""Batch 7-card evaluation: ``evaluate_many`` on its two paths, beside OMPEval.

    uv run --extra numba python benchmarks/bench_batch.py [--hands 2000000] [--rounds 5]
        [--clock cpu|wall] [--ompeval /work/ompeval/random_eval]
        [--reference path/to/evaluator.py]

Rows, interleaved round by round, medians printed (the machine is shared):
``evaluate_many`` with its Numba kernel (the ``numba`` extra), the same
call on the NumPy path (``POKERDEALER_NUMBA=0``'s path), OMPEval (C++, one
thread: its own random-order loop over card arrays, run as a separate
program each round, built outside the repository by
``/work/ompeval/build.sh``; ``--ompeval`` or ``$OMPEVAL_RANDOM`` points at
another build), and, with ``--reference``, the batch function of a
separately written Numba evaluator (a file defining ``eval_batch(hands)``).
Every row evaluates the same number of uniformly random 7-card hands.

Rates are by CPU time by default (``--clock cpu``: this process's, and the
driver's own CPU clock for OMPEval), which is what the wall time would be
on a quiet machine; the load average is printed with the figures. Without
the driver, OMPEval's rate recorded in issue 17 (432 M/s, wall, a quiet
machine) stands in. The goal is a quarter of OMPEval's rate.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import statistics
import subprocess
import time
from collections.abc import Callable

import numpy as np

#: OMPEval's random 7-card rate on this machine (issue 17: wall, quiet), hands/s.
OMPEVAL_RATE = 432e6

#: The clock every row is timed with (--clock wall swaps in perf_counter).
clock = time.process_time


def seconds(run: Callable[[], object]) -> float:
    start = clock()
    run()
    return clock() - start


def ompeval_seconds(driver: str, hands: int) -> float:
    """OMPEval's seconds for ``hands`` random hands (median of 3 passes in one run)."""
    line = subprocess.run(
        [driver, str(hands), "3"], check=True, capture_output=True, text=True
    ).stdout.split("\t")
    return float(line[1] if clock is time.process_time else line[2])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=2_000_000)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--reference", help="a Python file defining eval_batch(hands)")
    parser.add_argument("--clock", choices=("cpu", "wall"), default="cpu")
    parser.add_argument(
        "--ompeval", default=os.environ.get("OMPEVAL_RANDOM", "/work/ompeval/random_eval")
    )
    args = parser.parse_args()
    global clock
    if args.clock == "wall":
        clock = time.perf_counter

    from pokerdealer.evaluation import batch, evaluate_many
    from pokerdealer.evaluation._batch_numba import kernel

    rng = np.random.default_rng(20240501)
    hands = np.argsort(rng.random((args.hands, 52)), axis=1)[:, :7].astype(np.uint8)
    compiled = kernel()

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
    rows: dict[str, Callable[[], object]] = {}
    if compiled is not None:
        rows["evaluate_many (Numba kernel)"] = lambda: evaluate_many(hands)
    rows["evaluate_many (NumPy path)"] = numpy_path
    if args.reference:
        spec = importlib.util.spec_from_file_location("reference", args.reference)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        wide = hands.astype(np.int64)
        module.eval_batch(wide[:10])  # compile or load its cache outside the timing
        rows["reference Numba evaluator"] = lambda: module.eval_batch(wide)
    if os.access(args.ompeval, os.X_OK):
        rows["OMPEval (C++, its random loop)"] = lambda: None  # timed by the driver
    times: dict[str, list[float]] = {name: [] for name in rows}
    loads = [os.getloadavg()[0]]
    for _ in range(args.rounds):
        for name, run in rows.items():
            if name.startswith("OMPEval"):
                times[name].append(ompeval_seconds(args.ompeval, args.hands))
            else:
                times[name].append(seconds(run))
        loads.append(os.getloadavg()[0])
    print(f"{args.hands:,} random 7-card hands, {args.clock} clock, median of {args.rounds} "
          f"interleaved rounds, load average {min(loads):.1f}..{max(loads):.1f} "
          f"on {os.cpu_count()} CPUs")
    if compiled is None:
        print("Numba is not installed: only the NumPy path runs (pip install pokerdealer[numba])")
    else:
        print(f"first call (Numba import, kernel and table load): {first:.2f} s")
    rates = {name: args.hands / statistics.median(ts) for name, ts in times.items()}
    ours = max(rate for name, rate in rates.items() if name.startswith("evaluate_many"))
    for name, rate in rates.items():
        print(f"{name:32} {rate / 1e6:9.1f} M hands/s   ours/this {ours / rate:5.2f}")
    peer = next((rate for name, rate in rates.items() if name.startswith("OMPEval")), None)
    if peer is None:
        peer = OMPEVAL_RATE
        print(f"OMPEval not found at {args.ompeval}; its rate recorded in issue 17 "
              f"(wall, quiet machine): {peer / 1e6:.1f} M hands/s")
    verdict = "meets" if ours >= 0.25 * peer else "misses"
    print(f"ours/OMPEval {ours / peer:.2f} ({verdict} the target of 0.25)")


if __name__ == "__main__":
    main()
