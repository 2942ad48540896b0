"""Start-up time: the command line and ``import pokerdealer`` beside ``import pokerkit``.

Run:  uv run --extra bench python benchmarks/bench_startup.py [--runs 9] [--baseline SRC]

Each case is a fresh interpreter (``sys.executable``), timed from spawn to
exit: wall seconds, and the CPU seconds it used (user + system, from
``getrusage``), which is what its wall time would be on a quiet machine. The
cases run interleaved, round after round, and the medians are printed with
the load average, and each case's speed against ``import pokerkit`` (its time
over ours: above 1 is faster than merely importing PokerKit).

Cold and warm are told apart: the first run of each case is reported alone
(it may write bytecode caches and, for evaluation, map the rank tables), then
the medians of the rest. ``PYTHONDONTWRITEBYTECODE`` is removed from the
children's environment: with it every run compiles every module from source,
which no installed package does (pip and ``uv pip`` install bytecode).

``--baseline SRC`` runs every pokerdealer case a second time on another source
tree (``SRC`` holding ``pokerdealer/``, first on ``PYTHONPATH``: say ``git
archive`` of an older commit unpacked), interleaved with this tree's, and
prints its CPU time and this tree's speed-up over it.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

TARGETS = {  # seconds on a quiet machine (issue 17)
    "import pokerdealer": 0.1,
    "pokerdealer --help": 0.2,
    "pokerdealer eval AsKs --board ...": 0.2,
    "pokerdealer showdown ...": 0.3,
    "pokerdealer replay one.phh": 0.3,
}


def one_hand_file(folder: Path) -> Path:
    """A PHH file of one hand played to a showdown, written by pokerdealer itself."""
    from pokerdealer import Hand, HandConfig, hand_to_history
    from pokerdealer.cards import deck_cards
    from pokerdealer.history import dumps

    hand = Hand(HandConfig(stacks=(200, 200), blinds=(1, 2)), deck_cards())
    while not hand.is_complete:
        # Check or call to the end, and show at the showdown.
        legal = hand.legal()
        hand.apply(f"p{hand.actor + 1} {'sm' if legal.can_show else 'cc'}")
    path = folder / "one.phh"
    path.write_text(dumps(hand_to_history(hand)), encoding="utf-8")
    return path


def cases(folder: Path) -> dict[str, list[str]]:
    python = sys.executable
    cli = [python, "-c", "from pokerdealer.cli import main; main()"]
    return {
        "python -c pass": [python, "-c", "pass"],
        "import pokerkit": [python, "-c", "import pokerkit"],
        "import pokerdealer": [python, "-c", "import pokerdealer"],
        "pokerdealer --help": [*cli, "--help"],
        "pokerdealer eval AsKs --board ...": [*cli, "eval", "AsKs", "--board", "Qh Jd 7c 3s 2h"],
        "pokerdealer showdown ...": [
            *cli,
            "showdown",
            "--board",
            "Qs Jd 7c 3s 2h",
            "--player",
            "a=AsKs",
            "--player",
            "b=QhQd",
        ],
        "pokerdealer replay one.phh": [*cli, "replay", str(one_hand_file(folder))],
    }


def run_once(args: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Wall and CPU seconds of one run (it must succeed)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(args, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, check=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--runs", type=int, default=9, help="warm runs of each case (after the cold one)"
    )
    parser.add_argument(
        "--baseline", metavar="SRC", help="also run the pokerdealer cases on this source tree"
    )
    args = parser.parse_args()
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["COLUMNS"] = "100"
    envs = {name: env for name in TARGETS}
    base_env = {}
    if args.baseline:
        base_env = {
            **env,
            "PYTHONPATH": os.pathsep.join(filter(None, [args.baseline, env.get("PYTHONPATH")])),
        }
    with tempfile.TemporaryDirectory() as tmp:
        table = cases(Path(tmp))
        if args.baseline:
            for name in TARGETS:
                table[f"{name} (baseline)"] = table[name]
                envs[f"{name} (baseline)"] = base_env
        loads = [os.getloadavg()[0]]
        cold = {name: run_once(command, envs.get(name, env)) for name, command in table.items()}
        warm: dict[str, list[tuple[float, float]]] = {name: [] for name in table}
        for _ in range(args.runs):
            for name, command in table.items():
                warm[name].append(run_once(command, envs.get(name, env)))
            loads.append(os.getloadavg()[0])
    print(
        f"{sys.version.split()[0]} on {os.cpu_count()} cores, load average {min(loads):.1f} to {max(loads):.1f} "
        f"(1 min) during the runs; medians of {args.runs} warm runs, interleaved"
    )
    wall = {name: statistics.median(w for w, _ in runs) for name, runs in warm.items()}
    cpu = {name: statistics.median(c for _, c in runs) for name, runs in warm.items()}
    print(
        f"{'case':36} {'cold wall':>9} {'wall':>7} {'CPU':>7}  {'x pokerkit (CPU)':>16}  target (CPU)"
    )
    for name in table:
        if name.endswith("(baseline)"):
            continue
        ratio = cpu["import pokerkit"] / cpu[name] if cpu[name] else float("inf")
        target = TARGETS.get(name)
        verdict = (
            ""
            if target is None
            else f"< {target:.1f} s: {'met' if cpu[name] < target else 'missed'}"
        )
        print(
            f"{name:36} {cold[name][0]:9.3f} {wall[name]:7.3f} {cpu[name]:7.3f}  {ratio:15.2f}x  {verdict}"
        )
    if args.baseline:
        print(f"\nbaseline {args.baseline}, same rounds (CPU medians)")
        print(f"{'case':36} {'baseline':>9} {'this tree':>9}  {'speed-up':>8}")
        for name in TARGETS:
            before = cpu[f"{name} (baseline)"]
            print(f"{name:36} {before:9.3f} {cpu[name]:9.3f}  {before / cpu[name]:7.2f}x")


if __name__ == "__main__":
    main()
