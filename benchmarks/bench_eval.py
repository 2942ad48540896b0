"""Hand evaluation throughput: pokerdealer side by side with the peer libraries.

Run:  uv run --extra bench python benchmarks/bench_eval.py [HANDS] [REPEATS]

One set of seeded random 7-card hands is timed, in the same run, through:
pokerdealer's ``evaluate_many`` (NumPy batch), its scalar rank function, its
rich ``evaluate``, and eval7, phevaluator, treys and pokerkit called once per
hand (none of them has a batch API). Every library's ranks are checked to
order the hands the same way as ours before it is timed. Prints hands per
second and each one's ratio to pokerdealer's batch and scalar paths, and the
import time of ``pokerdealer``. Timings are medians of the repeats.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
from collections.abc import Callable

import numpy as np

HANDS = int(sys.argv[1]) if len(sys.argv) > 1 else 200_000
REPEATS = int(sys.argv[2]) if len(sys.argv) > 2 else 3
RANKS, SUITS = "23456789TJQKA", "cdhs"


def card_text(index: int) -> str:
    return RANKS[index >> 2] + SUITS[index & 3]


def median_seconds(run: Callable[[], object], repeats: int = REPEATS) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def import_seconds() -> float:
    code = "import time; t = time.perf_counter(); import pokerdealer; print(time.perf_counter() - t)"
    runs = [float(subprocess.check_output([sys.executable, "-c", code])) for _ in range(5)]
    return statistics.median(runs)


def main() -> None:
    from pokerdealer.cards import CARDS
    from pokerdealer.evaluation import evaluate, evaluate_many, rank_function

    rng = np.random.default_rng(20240501)
    hands = np.argsort(rng.random((HANDS, 52)), axis=1)[:, :7].astype(np.uint8)
    rows = hands.tolist()
    reference = evaluate_many(hands)

    results: dict[str, float] = {}
    big = np.tile(hands, (max(1, 2_000_000 // HANDS), 1))
    evaluate_many(big[:1000])
    results["pokerdealer evaluate_many"] = len(big) / median_seconds(lambda: evaluate_many(big))

    rank = rank_function()
    results["pokerdealer rank_function"] = HANDS / median_seconds(lambda: [rank(r) for r in rows])

    card_rows = [[CARDS[i] for i in r] for r in rows[:20_000]]
    seconds = median_seconds(lambda: [evaluate(r) for r in card_rows])
    results["pokerdealer evaluate (rich)"] = len(card_rows) / seconds

    peers: dict[str, tuple[Callable[[], list[int]], bool, int]] = {}
    try:
        import eval7

        deck = [eval7.Card(card_text(i)) for i in range(52)]
        eval7_rows = [[deck[i] for i in r] for r in rows]
        peers["eval7"] = (lambda: [eval7.evaluate(r) for r in eval7_rows], True, HANDS)
    except ImportError:
        pass
    try:
        from phevaluator import evaluate_cards

        peers["phevaluator"] = (lambda: [evaluate_cards(*r) for r in rows], False, HANDS)
    except ImportError:
        pass
    try:
        import treys

        deck = [treys.Card.new(card_text(i)) for i in range(52)]
        evaluator = treys.Evaluator()
        treys_rows = [([deck[i] for i in r[:2]], [deck[i] for i in r[2:]]) for r in rows[:50_000]]
        peers["treys"] = (
            lambda: [evaluator.evaluate(h, b) for h, b in treys_rows], False, len(treys_rows)
        )
    except ImportError:
        pass
    try:
        import pokerkit

        deck = [next(iter(pokerkit.Card.parse(card_text(i)))) for i in range(52)]
        kit_rows = [([deck[i] for i in r[:2]], [deck[i] for i in r[2:]]) for r in rows[:2_000]]
        hand_type = pokerkit.StandardHighHand

        def kit() -> list[int]:
            values = [hand_type.from_game(h, b) for h, b in kit_rows]
            distinct = sorted(set(values))  # dense ranks: equal hands share one
            position = {value: i for i, value in enumerate(distinct)}
            return [position[value] for value in values]

        peers["pokerkit"] = (kit, True, len(kit_rows))
    except ImportError:
        pass

    for name, (run, higher_is_better, count) in peers.items():
        ranks = run()
        ours = reference[:count].astype(np.int64)
        theirs = np.array(ranks, dtype=np.int64) * (1 if higher_is_better else -1)
        sample = slice(0, min(count, 2_000))
        agree = (np.sign(np.subtract.outer(ours[sample], ours[sample]))
                 == np.sign(np.subtract.outer(theirs[sample], theirs[sample]))).all()
        if not agree:
            print(f"warning: {name} orders hands differently from pokerdealer")
        results[name] = count / median_seconds(run, repeats=1 if name == "pokerkit" else REPEATS)

    batch = results["pokerdealer evaluate_many"]
    scalar = results["pokerdealer rank_function"]
    print(f"7-card hands, {HANDS:,} seeded random hands, median of {REPEATS} runs\n")
    print(f"{'path':32} {'hands/s':>14} {'batch/x':>9} {'scalar/x':>9}")
    for name, rate in results.items():
        print(f"{name:32} {rate:14,.0f} {batch / rate:9.2f} {scalar / rate:9.2f}")
    print(f"\nrich evaluate: {1e6 / results['pokerdealer evaluate (rich)']:.2f} µs per call")
    print(f"import pokerdealer: {import_seconds() * 1000:.0f} ms (warm, median of 5)")


if __name__ == "__main__":
    main()
