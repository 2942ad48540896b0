"""A tournament in the room on PostgreSQL: one process, or its tables shared by two.

Each run starts ``pokerdealer serve`` processes on a fresh database of a
throwaway PostgreSQL cluster (Debian's ``postgresql``; fsync off, as the
tests), creates an event of ``--entrants`` bots at tables of nine (levels of
a minute, so nobody waits for a level), starts it, and counts the hands
finished at all its tables in ``--seconds`` seconds of play (bots think 0 s,
no pause between hands). With two processes, the second is asked for every
other table first (as a proxy routing readers would), so each plays half.

What it shows: the cost of the shared log (every change written in turn
under the log's advisory lock, after reading what the others wrote) and what
a second process adds on this machine. The load average is printed: on a
machine shared with other work the figures move with it.

Run:  uv run python benchmarks/bench_event_room.py [--entrants 90] [--seconds 40] [--rounds 1]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # the test suite's PostgreSQL cluster and server process

from tests.server.conftest import PgCluster, Server, new_pg_database, pg_bindir_or_fail  # noqa: E402

FAST = ("--bot-delay", "0", "--pause", "0", "--lease", "5")


def play(admin: str | None, processes: int, entrants: int, seconds: float, workdir: Path) -> float:
    """Hands per second of one event played by ``processes`` server processes
    (``admin`` None: one process on a SQLite file, where the log's turn takes no database lock)."""
    if admin is None:
        db = workdir / f"bench-{time.monotonic_ns()}.db"
        url, drop = str(db), db.unlink
    else:
        url, drop = new_pg_database(admin)
    servers = [Server(url, workdir=workdir, extra=FAST).start() for _ in range(processes)]
    try:
        a = servers[0]
        bots = ["tight", "caller"] * (entrants // 2 + 1)  # deep stacks, no shoving: nobody busts in the window
        r = httpx.post(a.base + "/api/tournaments", json={
            "name": "Bench", "max_entrants": entrants, "seats": 9, "starting_stack": 100000,
            "level_seconds": 60, "clock": 5, "bots": bots[:entrants],
        }, timeout=30)
        r.raise_for_status()
        ev = r.json()
        httpx.post(f"{a.base}/api/tournaments/{ev['id']}/host", json={"command": "start"},
                   headers={"X-Host-Token": ev["host_token"]}, timeout=30).raise_for_status()
        s = a.get(f"/api/tournaments/{ev['id']}").json()
        tables = [s["room_tables"][k] for k in sorted(s["room_tables"], key=int)]
        for n, table in enumerate(tables):
            other = servers[n % processes]
            if other is a:
                continue
            deadline = time.monotonic() + 60
            while other.get(f"/api/tables/{table}").status_code != 200:
                if time.monotonic() > deadline:
                    raise RuntimeError(f"table {table} was not handed over")
                time.sleep(0.2)
        start_hands = a.get(f"/api/tournaments/{ev['id']}").json()["hands"]
        t0 = time.monotonic()
        time.sleep(seconds)
        end = a.get(f"/api/tournaments/{ev['id']}").json()
        elapsed = time.monotonic() - t0
        if end["status"] == "finished":
            raise RuntimeError("the event finished inside the window: give it more entrants or fewer seconds")
        return (end["hands"] - start_hands) / elapsed
    finally:
        for server in servers:
            server.stop()
        drop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--entrants", type=int, default=90)
    parser.add_argument("--seconds", type=float, default=40.0)
    parser.add_argument("--rounds", type=int, default=1)
    args = parser.parse_args()
    cluster = PgCluster(pg_bindir_or_fail())
    workdir = cluster.base
    try:
        admin = cluster.start()
        lite: list[float] = []
        one: list[float] = []
        two: list[float] = []
        for _ in range(args.rounds):  # interleaved, so a change of load hits all three
            lite.append(play(None, 1, args.entrants, args.seconds, workdir))
            one.append(play(admin, 1, args.entrants, args.seconds, workdir))
            two.append(play(admin, 2, args.entrants, args.seconds, workdir))
        m0, m1, m2 = statistics.median(lite), statistics.median(one), statistics.median(two)
        print(f"{args.entrants} bots, {-(-args.entrants // 9)} tables, {args.seconds:g} s windows, "
              f"{args.rounds} round(s); load average {os.getloadavg()[0]:.1f}")
        print(f"  SQLite, one process:       {m0:7.1f} hands/s   (no database lock)")
        print(f"  PostgreSQL, one process:   {m1:7.1f} hands/s   ({m1 / m0:.2f}x SQLite)")
        print(f"  PostgreSQL, two processes: {m2:7.1f} hands/s   ({m2 / m1:.2f}x one process)")
    finally:
        cluster.stop()


if __name__ == "__main__":
    main()
