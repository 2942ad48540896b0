"""Environment steps per second with random legal actions, side by side.

Compares pokerdealer's PettingZoo environment (:mod:`pokerdealer.env`) with
RLCard's ``no-limit-holdem`` and PettingZoo's ``texas_holdem_no_limit_v6``
(which wraps RLCard), heads-up no limit, 100-chip stacks, each picking a
uniformly random legal action from the action mask (the same
``mask.nonzero()`` for both PettingZoo-API loops). Only decisions are
counted (PettingZoo's ``step(None)`` for finished agents is not a step of
the game, but its cost is included).

Wrappers: ``pokerdealer.env.env()`` applies no PettingZoo wrapper (it is
``raw_env()``: the environment checks actions itself), so one row covers
both. PettingZoo's hold'em is measured both as ``env()`` (its usual
wrappers: TerminateIllegal, AssertOutOfBounds, OrderEnforcing) and as
``raw_env()``.

The engine row is the rules engine alone with the same discrete actions
and random choices (no environment): the ceiling of any environment on top
of it.

    uv run --extra bench python benchmarks/bench_env.py [--seconds 3] [--players 2,6]
        [--rounds 3] [--clock wall|cpu]
    scripts/compiled.sh python benchmarks/bench_env.py ...   # the compiled (release) build

The first line printed says which build of pokerdealer ran: release wheels
compile the rules engine and the environment's inner loop with mypyc, the
editable install of ``uv sync`` is pure Python.

``--clock cpu`` rates by this process's CPU time (less noisy on a busy
machine); ``--rounds N`` runs every row N times, interleaved, and prints
the median (with the load average seen, since the machine may be shared).
``--players 2,6`` measures each table size in turn. RLCard and PettingZoo's
hold'em are optional (``bench`` extra); missing ones are skipped. The
target is pokerdealer at least 3x the faster of the two in pure Python, 5x
compiled; for ``vector_env`` (issue 26), 10x in pure Python, 20x compiled.

The vector rows count every decision at the tables (the learner's and the
random bots'): 1, 8, 64 and 1024 tables (``--tables``) stepped in arrays
(the batched path, env/batch.py) on its NumPy path and, where Numba is
installed, its compiled kernel (env/_batch_numba.py; compiled or loaded from
Numba's cache before the clock starts: the first line says how long that
took), and 64 tables run one HoldemGymEnv each (``batched=False``, the path
of every other configuration). The batched rows run in each of Gymnasium's
autoreset modes (``--autoreset``): same-step (the default; each ended
episode's final observation and info as dicts in ``infos``) and next-step
(they stay in arrays). A table of decisions per second and the ratio to
RLCard follows each table size; the goals: 10x RLCard on the NumPy path, 20x
with Numba (or the compiled build) (issue 26), and 1,024 tables faster per
decision than 64 (issue 42).
"""

from __future__ import annotations

import argparse
import functools
import os
import random
import statistics
import time
import warnings
from collections.abc import Callable

# The clock rates are measured with (--clock cpu swaps in process_time).
clock = time.perf_counter


def aec_steps(env, seconds: float, seed: int) -> tuple[float, int]:  # noqa: ANN001
    """Decisions per second of a PettingZoo AEC environment, one hand per
    episode, random legal actions: the one loop every AEC row is timed with."""
    env.reset(seed=seed)  # seeded once, then every episode goes on from there
    choice = random.Random(seed).choice
    decisions = hands = 0
    deadline = clock() + seconds
    start = clock()
    while clock() < deadline:
        if hands:
            env.reset()
        hands += 1
        for _agent in env.agent_iter():
            obs, _reward, terminated, truncated, _info = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            env.step(choice(obs["action_mask"].nonzero()[0].tolist()))
            decisions += 1
    return decisions / (clock() - start), hands


def bench_pokerdealer(seconds: float, players: int, seed: int = 0) -> tuple[float, int]:
    from pokerdealer.env import HoldemEnv

    return aec_steps(HoldemEnv(players=players, stacks=100, blinds=(1, 2)), seconds, seed)


def bench_vector(
    seconds: float, players: int, seed: int = 0, tables: int = 64, *, batched: bool = True,
    numba: bool = False, autoreset: str = "same_step",
) -> tuple[float, int]:
    """``pokerdealer.env.vector_env``: ``tables`` tables stepped per call, the learner's
    random legal actions from the batch's masks, the random bot in every other seat;
    every decision at the tables counts (the bots' too, as in the other rows).
    ``batched``: the tables' hands in arrays (env/batch.py; ``numba``: its compiled
    kernel, else its NumPy path); else one HoldemGymEnv per table (the bots are
    then counted through a wrapper, which that path accepts). ``autoreset``:
    Gymnasium's same-step (the ended episodes' dicts in infos) or next-step mode."""
    import numpy as np

    from pokerdealer.bots import make_bot
    from pokerdealer.env import vector_env

    class Counted:
        def __init__(self) -> None:
            self.bot = make_bot("random", random.Random(seed))
            self.decisions = 0

        def act(self, view):  # noqa: ANN001, ANN202
            self.decisions += 1
            return self.bot.act(view)

    others = Counted()
    opponents = ["random"] * (players - 1) if batched else [others] * (players - 1)
    envs = vector_env(num_tables=tables, players=players, opponents=opponents, stacks=100,
                      blinds=(1, 2), copy=False, batched=batched, numba=numba, autoreset_mode=autoreset)
    assert envs.batched == batched, envs.refusal
    envs.reset(seed=seed)  # (the kernel is compiled or loaded here, before the clock starts)
    rng = np.random.default_rng(seed)
    bots = envs.batch.bot_decisions if envs.batch is not None else 0
    steps = hands = 0
    deadline = clock() + seconds
    start = clock()
    while clock() < deadline:
        masks = envs.action_masks()
        # A random legal action per table, for the whole batch at once.
        actions = (rng.random(masks.shape) * masks).argmax(axis=1)
        _obs, _rewards, terminated, truncated, _infos = envs.step(actions)
        steps += tables
        hands += int(terminated.sum() + truncated.sum())
    elapsed = clock() - start
    bots = envs.batch.bot_decisions - bots if envs.batch is not None else others.decisions
    return (steps + bots) / elapsed, hands


def vector_row(
    tables: int, *, numba: bool, autoreset: str = "same_step"
) -> Callable[[float, int], tuple[float, int]]:
    """The batched vector_env at ``tables`` tables, on the Numba kernel or the NumPy path."""
    return functools.partial(bench_vector, tables=tables, numba=numba, autoreset=autoreset)


def load_kernel() -> float | None:
    """Compile the batch's Numba kernel or load it from Numba's cache (what the first
    ``vector_env`` of a process pays): seconds of CPU, or None without Numba."""
    from pokerdealer.env import vector_env
    from pokerdealer.env.batch import compiled_kernel

    if compiled_kernel() is None:
        return None
    start = time.process_time()
    vector_env(num_tables=1, players=2, stacks=100, blinds=(1, 2), numba=True).reset(seed=0)
    return time.process_time() - start


def bench_vector_tables(seconds: float, players: int, seed: int = 0) -> tuple[float, int]:
    return bench_vector(seconds, players, seed, 64, batched=False)


def bench_engine(seconds: float, players: int, seed: int = 0) -> tuple[float, int]:
    """The rules engine alone with the same discrete actions: the ceiling of the env."""
    from pokerdealer.cards import deck_cards
    from pokerdealer.env import ActionSet
    from pokerdealer.rules import Hand, HandConfig, Street

    configs = [HandConfig(stacks=(100,) * players, blinds=(1, 2), button=b) for b in range(players)]
    actions = ActionSet()
    rng = random.Random(seed)
    choice = rng.choice
    deck = list(deck_cards())
    need = 2 * players + 8
    decisions = hands = 0
    deadline = clock() + seconds
    start = clock()
    while clock() < deadline:
        hand = Hand(configs[hands % players], rng.sample(deck, need))
        hands += 1
        while not hand.is_complete:
            if hand.street is Street.SHOWDOWN:
                hand.auto_showdown()
                break
            legal = hand.legal()
            # Mask and raise amounts in one pass, as the environment does.
            amounts, mask = actions.resolve(hand, legal)
            index = choice(mask.nonzero()[0].tolist())
            hand.apply(actions.to_action(index, hand, legal, amounts))
            decisions += 1
    return decisions / (clock() - start), hands


def bench_rlcard(seconds: float, players: int, seed: int = 0) -> tuple[float, int]:
    import rlcard

    env = rlcard.make(
        "no-limit-holdem",
        config={"seed": seed, "game_num_players": players, "chips_for_each": 100},
    )
    rng = random.Random(seed)
    decisions = hands = 0
    deadline = clock() + seconds
    start = clock()
    while clock() < deadline:
        state, _player = env.reset()
        hands += 1
        while not env.is_over():
            state, _player = env.step(rng.choice(list(state["legal_actions"])))
            decisions += 1
    return decisions / (clock() - start), hands


def bench_pettingzoo(
    seconds: float, players: int, seed: int = 0, *, raw: bool = False
) -> tuple[float, int]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from pettingzoo.classic import texas_holdem_no_limit_v6

        make = texas_holdem_no_limit_v6.raw_env if raw else texas_holdem_no_limit_v6.env
        env = make(num_players=players)
        env.reset(seed=seed)  # first reset outside the timing (it warns)
    return aec_steps(env, seconds, seed)


def bench_pettingzoo_raw(seconds: float, players: int, seed: int = 0) -> tuple[float, int]:
    return bench_pettingzoo(seconds, players, seed, raw=True)


ENGINE = "(pokerdealer engine, no env)"


def build() -> str:
    """Which build of pokerdealer is imported: compiled with mypyc, or pure Python."""
    import pokerdealer.rules.hand

    return "pure Python" if pokerdealer.rules.hand.__file__.endswith(".py") else "compiled (mypyc)"


def main() -> None:
    global clock
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="seconds per library")
    parser.add_argument("--players", default="2", help="table sizes, comma separated: 2,6")
    parser.add_argument("--rounds", type=int, default=3, help="runs per row (median printed)")
    parser.add_argument(
        "--clock", choices=("wall", "cpu"), default="wall", help="wall time or process CPU time"
    )
    parser.add_argument("--tables", default="1,8,64,1024", help="vector_env batch sizes, comma separated")
    parser.add_argument(
        "--autoreset", default="same_step,next_step",
        help="vector_env autoreset modes, comma separated: same_step (the default mode), next_step",
    )
    args = parser.parse_args()
    if args.clock == "cpu":
        clock = time.process_time
    print(f"pokerdealer build: {build()}")
    loaded = load_kernel()
    print("vector_env's Numba kernel: " + (
        "not installed" if loaded is None else f"compiled or loaded from the cache in {loaded:.1f} s of CPU"
    ))
    for players in [int(p) for p in args.players.split(",")]:
        compare(players, args)


def compare(players: int, args: argparse.Namespace) -> None:
    """Every row at one table size, interleaved round by round; medians and ratios."""
    sizes = [int(t) for t in args.tables.split(",")]
    modes = [m for m in args.autoreset.split(",") if m]
    numpy_rows = [
        (f"vector_env NumPy {m} ({t} tables)", vector_row(t, numba=False, autoreset=m))
        for m in modes for t in sizes
    ]
    numba_rows = [
        (f"vector_env Numba {m} ({t} tables)", vector_row(t, numba=True, autoreset=m))
        for m in modes for t in sizes
    ]
    if load_kernel() is None:
        numba_rows = []
    rows = [
        ("pokerdealer.env (env() = raw_env())", bench_pokerdealer),
        *numpy_rows,
        *numba_rows,
        ("vector_env batched=False (64 tables)", bench_vector_tables),
        (ENGINE, bench_engine),
        ("rlcard no-limit-holdem", bench_rlcard),
        ("pettingzoo texas_holdem_no_limit_v6", bench_pettingzoo),
        ("pettingzoo ... raw_env (no wrappers)", bench_pettingzoo_raw),
    ]
    rates: dict[str, list[float]] = {}
    hands_played: dict[str, int] = {}
    skipped: dict[str, str] = {}
    loads = [os.getloadavg()[0]]
    for _ in range(args.rounds):
        for name, bench in rows:
            if name in skipped:
                continue
            try:
                rate, hands = bench(args.seconds, players)
            except ImportError as error:
                skipped[name] = str(error)
                continue
            rates.setdefault(name, []).append(rate)
            hands_played[name] = hands
        loads.append(os.getloadavg()[0])
    results = {name: statistics.median(values) for name, values in rates.items()}
    print(
        f"\nrandom legal actions, {players} players, no limit, 100-chip stacks "
        f"({args.clock} clock, median of {args.rounds} interleaved rounds, "
        f"load average {min(loads):.1f}..{max(loads):.1f} on {os.cpu_count()} CPUs)"
    )
    for name, _bench in rows:
        if name in skipped:
            print(f"{name:40s} skipped ({skipped[name]})")
        else:
            print(f"{name:40s} {results[name]:12,.0f} steps/s  ({hands_played[name]:,} hands)")
    ours = results.get(rows[0][0])
    engine = results.get(ENGINE)
    others = {k: v for k, v in results.items() if not k.startswith(("pokerdealer", "(", "vector_env"))}
    rlcard = results.get("rlcard no-limit-holdem")
    if rlcard:
        print(f"\nvector_env decisions/s and x RLCard ({rlcard:,.0f}/s), {players} players:")
        columns = [(kind, m) for m in modes for kind in ("NumPy", "Numba")]
        print(f"{'tables':>8}  " + "  ".join(f"{kind + ' ' + m:>22}" for kind, m in columns))
        for t in sizes:
            cells = []
            for kind, m in columns:
                rate = results.get(f"vector_env {kind} {m} ({t} tables)")
                cells.append(f"{rate:12,.0f} ({rate / rlcard:5.1f}x)" if rate else f"{'-':>22}")
            print(f"{t:>8}  " + "  ".join(f"{c:>22}" for c in cells))
        for kind, goal in (("NumPy", 10), ("Numba", 20)):
            best = max(
                (results.get(f"vector_env {kind} {m} ({t} tables)", 0.0) for m in modes for t in sizes),
                default=0.0,
            )
            if best:
                verdict = "meets" if best >= goal * rlcard else "misses"
                print(f"vector_env {kind}, best batch: {best / rlcard:.1f}x RLCard ({verdict} the {goal}x goal)")
    # Issue 42: a thousand tables faster per decision than 64 (the finals kept in arrays).
    if 64 in sizes and 1024 in sizes:
        for kind in ("NumPy", "Numba"):
            for m in modes:
                small = results.get(f"vector_env {kind} {m} (64 tables)")
                large = results.get(f"vector_env {kind} {m} (1024 tables)")
                if small and large:
                    verdict = "faster" if large > small else "NOT faster"
                    print(f"vector_env {kind} {m}: 1024 tables / 64 tables = {large / small:.2f} ({verdict})")
    if ours and engine:
        print(f"pokerdealer.env / engine alone: {ours / engine:.2f}")
    if ours and others:
        for name, rate in others.items():
            print(f"pokerdealer / {name}: {ours / rate:.2f}x")
        best = max(others.values())
        target = 3 if build() == "pure Python" else 5
        verdict = "meets" if ours >= target * best else "misses"
        print(f"vs the faster of them: {ours / best:.2f}x ({verdict} the {target}x target)")
        if engine:
            print(
                f"ceiling (engine alone, no env) vs the faster: {engine / best:.2f}x"
                + ("" if engine >= target * best else
                   f" ({target}x is out of reach without a faster engine)")
            )


if __name__ == "__main__":
    main()
