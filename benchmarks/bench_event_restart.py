"""Restart of a big tournament in the room: its whole log replayed.

A tournament is one log and has no snapshots: a server start (and a process
that follows the event on PostgreSQL) replays every event of it. For each
``--entrants`` size this builds, on SQLite, a tournament of that many bots
(tables of nine, starting stack ``--stack``, levels of ``--level`` seconds,
bots tight and caller thinking 0 s, no pause between
hands), plays it until half the field is out (or ``--seconds`` seconds),
kills the server (SIGKILL) and measures, on copies of that database:

- in-process, a few times (``--repeat``; the fastest shown): the database
  read (:func:`db.load_table`: rows and JSON) and the replay
  (``tournament._rebuilt``: every table, the hand in play at each), wall and
  CPU seconds, and events per CPU second of the replay;
- ``pokerdealer serve`` started again on it: seconds from spawning the
  process until ``GET /api/tournaments/{id}`` answers 200 (imports
  included), and what the server logged of its replay.

The databases are kept in ``--dir`` (one per size; built again only if
missing), so code before and after a change is measured on the same logs.
``--profile`` prints the replay's cProfile (top lines by cumulative time) for
the largest size. On a machine shared with other work the wall times move
with the load (printed); the CPU seconds much less.

Run:  uv run python benchmarks/bench_event_restart.py [--entrants 300 1000] [--seconds 180] [--dir DIR] [--profile]
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import json
import os
import pstats
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
from bench_restart import import_floor  # noqa: E402 - run as a script, its folder is on the path
from sqlalchemy import text

from pokerdealer.server import db as dbmod
from pokerdealer.server import tournament
from pokerdealer.server.room import Room
from pokerdealer.server.schema import database_url, make_engine
from pokerdealer.server.settings import ServerOptions

SEED = 7
FAST = ("--bot-delay", "0", "--pause", "0", "--test-seed", str(SEED), "--no-demo")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def serve(db: Path, port: int, log: Path, *, info: bool = False) -> subprocess.Popen[bytes]:
    """``pokerdealer serve`` on ``db`` (``info``: the room's own INFO lines in ``log`` too)."""
    code = "from pokerdealer.cli import main; main()"
    if info:  # the room logs its restores at INFO, which serve does not show
        code = "import logging; logging.basicConfig(level=logging.INFO); " + code
    args = [
        sys.executable, "-c", code, "serve",
        "--host", "127.0.0.1", "--port", str(port), "--db", str(db), *FAST,
    ]
    with log.open("ab") as out:
        return subprocess.Popen(args, stdout=out, stderr=subprocess.STDOUT)


def wait_for(proc: subprocess.Popen[bytes], url: str, log: Path, limit: float = 900) -> float:
    """Seconds until ``url`` answers 200 (from now)."""
    start = time.perf_counter()
    while time.perf_counter() - start < limit:
        if proc.poll() is not None:
            raise RuntimeError(f"server exited: {log.read_text()[-2000:]}")
        try:
            if httpx.get(url, timeout=600).status_code == 200:
                return time.perf_counter() - start
        except httpx.HTTPError:
            pass
        time.sleep(0.05)
    raise RuntimeError(f"{url} did not answer in {limit:g} s")


def kill(proc: subprocess.Popen[bytes]) -> None:
    if proc.poll() is None:
        proc.kill()
        proc.wait(30)


def build(db: Path, entrants: int, seconds: float, level: float, stack: int) -> str:
    """A database of one tournament of ``entrants`` bots played ``seconds`` seconds, then killed; its id."""
    meta = db.with_suffix(".json")
    if db.exists() and meta.exists():
        return json.loads(meta.read_text())["id"]
    db.unlink(missing_ok=True)
    port, log = free_port(), db.with_suffix(".log")
    proc = serve(db, port, log)
    base = f"http://127.0.0.1:{port}"
    try:
        wait_for(proc, base + "/api/tables", log)
        bots = ["tight", "caller"] * (entrants // 2 + 1)  # no shoving: the field thins slowly
        r = httpx.post(base + "/api/tournaments", json={
            "name": "Bench", "max_entrants": entrants, "seats": 9, "level_seconds": level, "starting_stack": stack,
            "clock": 5, "bots": bots[:entrants],
        }, timeout=120)
        r.raise_for_status()
        ev = r.json()
        httpx.post(f"{base}/api/tournaments/{ev['id']}/host", json={"command": "start"},
                   headers={"X-Host-Token": ev["host_token"]}, timeout=120).raise_for_status()
        print(f"building {db.name}: {entrants} bots playing until half are out (at most {seconds:g} s)", flush=True)
        end = time.monotonic() + seconds
        while True:
            time.sleep(1)
            s = httpx.get(f"{base}/api/tournaments/{ev['id']}", timeout=120).json()
            if time.monotonic() > end or s["players_left"] <= entrants // 2:
                break
        print(f"  {s['hands']:,} hands played, {s['players_left']} players left", flush=True)
        if s["status"] == "finished":
            raise RuntimeError("the event finished while it was built: give it more entrants or fewer seconds")
    finally:
        kill(proc)  # SIGKILL: the log as a crash leaves it
    meta.write_text(json.dumps({"id": ev["id"], "entrants": entrants}))
    return ev["id"]


def log_size(db: Path, event_id: str) -> tuple[int, int, int]:
    """Events in the log, hands finished, tables the event opened."""
    engine = make_engine(database_url(str(db)))
    try:
        with engine.connect() as conn:
            events = conn.execute(text("SELECT COUNT(*) FROM events WHERE table_id = :t"), {"t": event_id}).scalar()
            hands = conn.execute(
                text("SELECT COUNT(*) FROM events WHERE table_id = :t AND kind = 'hand_end'"), {"t": event_id}
            ).scalar()
            tables = conn.execute(text("SELECT COUNT(*) FROM tables WHERE id LIKE :p"), {"p": event_id + "-%"}).scalar()
    finally:
        engine.dispose()
    return int(events or 0), int(hands or 0), int(tables or 0)


def replay_once(db: Path, event_id: str, profile: cProfile.Profile | None = None) -> dict[str, float]:
    """In-process: the database read and the replay, wall and CPU seconds."""
    room = Room(ServerOptions(db_url=database_url(str(db)), demo_table=False, test_seed=SEED))
    room.store.start()
    try:
        w, c = time.perf_counter(), time.process_time()
        data = room.store.read(lambda conn: dbmod.load_table(conn, event_id))
        read_wall, read_cpu = time.perf_counter() - w, time.process_time() - c
        assert data is not None

        async def rebuild() -> Any:  # noqa: ANN401 - as the room does it: inside its loop
            if profile is not None:
                profile.enable()
            try:
                return tournament._rebuilt(room, data)  # noqa: SLF001
            finally:
                if profile is not None:
                    profile.disable()

        w, c = time.perf_counter(), time.process_time()
        live = asyncio.run(rebuild())
        replay_wall, replay_cpu = time.perf_counter() - w, time.process_time() - c
        assert live.seq == len(data["events"])
    finally:
        room.store.stop()
    return {"read_wall": read_wall, "read_cpu": read_cpu, "replay_wall": replay_wall, "replay_cpu": replay_cpu}


def restart_once(db: Path, event_id: str, workdir: Path) -> tuple[float, str]:
    """``pokerdealer serve`` on a copy of ``db``: seconds until the event answers, and its replay's log line."""
    copy = workdir / "restart.db"
    for tail in ("", "-wal", "-shm"):  # killed: what was committed may be in the write-ahead log still
        if Path(f"{db}{tail}").exists():
            shutil.copy(f"{db}{tail}", f"{copy}{tail}")
    port, log = free_port(), workdir / "restart.log"
    log.unlink(missing_ok=True)
    start = time.perf_counter()
    proc = serve(copy, port, log, info=True)
    try:
        wait_for(proc, f"http://127.0.0.1:{port}/api/tournaments/{event_id}", log)
        seconds = time.perf_counter() - start
    finally:
        kill(proc)
    said = re.search(r"event \S+: restored, .*", log.read_text())
    for tail in ("", "-wal", "-shm"):
        Path(f"{copy}{tail}").unlink(missing_ok=True)
    return seconds, said.group(0) if said else "(no restore logged)"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--entrants", type=int, nargs="+", default=[300, 1000])
    parser.add_argument("--seconds", type=float, default=180.0, help="the most play before the kill")
    parser.add_argument("--level", type=float, default=60.0, help="seconds a level lasts")
    parser.add_argument("--stack", type=int, default=10_000, help="starting stack")
    parser.add_argument("--repeat", type=int, default=3, help="in-process replays of each")
    parser.add_argument("--dir", type=Path, default=Path(tempfile.gettempdir()) / "bench_event_restart")
    parser.add_argument("--profile", action="store_true", help="cProfile the largest size's replay")
    parser.add_argument("--no-serve", action="store_true", help="in-process only (no server restart)")
    args = parser.parse_args()
    args.dir.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        for entrants in args.entrants:
            db = args.dir / f"event-{entrants}.db"
            event_id = build(db, entrants, args.seconds, args.level, args.stack)
            events, hands, tables = log_size(db, event_id)
            runs = [replay_once(db, event_id) for _ in range(args.repeat)]
            best = {k: min(r[k] for r in runs) for k in runs[0]}
            print(f"{entrants} bots, {tables} tables opened: {events:,} log events, {hands:,} hands "
                  f"(load average {os.getloadavg()[0]:.1f})")
            print(f"  read (load_table):  {best['read_wall']:6.2f} s wall {best['read_cpu']:6.2f} s CPU")
            print(f"  replay (_rebuilt):  {best['replay_wall']:6.2f} s wall {best['replay_cpu']:6.2f} s CPU"
                  f"   {events / best['replay_cpu']:,.0f} events/s CPU")
            if not args.no_serve:
                seconds, said = restart_once(db, event_id, Path(tmp))
                print(f"  serve, spawn to the event answering: {seconds:6.2f} s   [{said}]")
                print(f"  (a process that only imports what serve imports: {import_floor()[0]:.2f} s)")
        if args.profile:
            entrants = max(args.entrants)
            db = args.dir / f"event-{entrants}.db"
            profile = cProfile.Profile()
            replay_once(db, json.loads(db.with_suffix(".json").read_text())["id"], profile)
            print(f"\nreplay profile, {entrants} bots (top 30 by cumulative time):")
            pstats.Stats(profile).sort_stats("cumulative").print_stats(30)


if __name__ == "__main__":
    main()
