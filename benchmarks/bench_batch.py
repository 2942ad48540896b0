"""Batch 7-card evaluation: ``evaluate_many`` on its two paths, beside a native reference.

    uv run --extra numba python benchmarks/bench_batch.py [--hands 2000000] [--rounds 5]
        [--reference /work/shared/peer-benchmarks/ref_numba.py]

Rows, interleaved round by round, medians printed (the machine is shared):
``evaluate_many`` with its Numba kernel (the ``numba`` extra), the same
call on the NumPy path (``POKERDEALER_NUMBA=0``'s path), and, with
``--reference``, the batch function of a separately written Numba evaluator
(a file defining ``eval_batch(hands)``), the nearest native peer that runs
in this process. OMPEval (C++, one thread) is not importable from Python; its
figure on this machine (432 M random 7-card hands/s, measured quietly) is
printed as the target's basis: the goal is 25% of it. The load average is
printed with the figures, since every rate here scales with it.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import statistics
import time
from collections.abc import Callable

import numpy as np

#: OMPEval's random 7-card rate on this machine (issue 17), hands/s.
OMPEVAL_RATE = 432e6


def seconds(run: Callable[[], object]) -> float:
    start = time.perf_counter()
    run()
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=2_000_000)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--reference", help="a Python file defining eval_batch(hands)")
    args = parser.parse_args()

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

    start = time.perf_counter()
    fast = evaluate_many(hands)  # the first call: Numba's import and cache load
    first = time.perf_counter() - start
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
    times: dict[str, list[float]] = {name: [] for name in rows}
    loads = [os.getloadavg()[0]]
    for _ in range(args.rounds):
        for name, run in rows.items():
            times[name].append(seconds(run))
        loads.append(os.getloadavg()[0])
    print(f"{args.hands:,} random 7-card hands, median of {args.rounds} interleaved rounds, "
          f"load average {min(loads):.1f}..{max(loads):.1f} on {os.cpu_count()} CPUs")
    if compiled is None:
        print("Numba is not installed: only the NumPy path runs (pip install pokerdealer[numba])")
    else:
        print(f"first call (Numba import + kernel load): {first:.2f} s")
    rates = {name: args.hands / statistics.median(ts) for name, ts in times.items()}
    ours = max(rate for name, rate in rates.items() if name.startswith("evaluate_many"))
    for name, rate in rates.items():
        print(f"{name:32} {rate / 1e6:9.1f} M hands/s   ours/this {ours / rate:5.2f}")
    print(f"OMPEval (quiet machine, issue 17) {OMPEVAL_RATE / 1e6:7.1f} M hands/s   "
          f"ours/OMPEval {ours / OMPEVAL_RATE:5.2f} (target 0.25, about 100 M/s)")


if __name__ == "__main__":
    main()
