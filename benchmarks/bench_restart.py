"""Restart time and memory of a room whose table has played 100,000 hands.

The database is built fast but exactly as the room writes it: the room's own
LiveTable plays bots against each other with no clock or pause, and the
events, hands rows and snapshots it would commit are bulk-committed by the
room's own executor (``tests/server/played.py``). It is built once and kept
(``--db``); building 100,000 hands takes about ten minutes on a busy 2-core
machine.

Measured, each a few times (median shown):

- ``pokerdealer serve`` on that database, from spawning the process until
  ``GET /api/tables/{id}`` answers 200 (imports included), and the server's
  resident memory (VmRSS) then;
- in-process: ``Room.start()`` (load the table and rebuild it), and the
  memory the rebuilt room holds (tracemalloc).

With ``--baseline SRC`` the same is measured for an older pokerdealer source
tree (``git archive <commit> src | tar -x -C DIR`` gives one) on a copy of
the database taken back to schema 0002 (no snapshots): such a room replays
the whole log on start.

Run:  uv run python benchmarks/bench_restart.py [--hands 100000] [--db PATH] [--baseline DIR]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

import httpx
from sqlalchemy import text

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # the shared generator lives with the tests

from pokerdealer.server.schema import alembic_config, database_url, make_engine  # noqa: E402


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def build(db: Path, hands: int) -> str:
    """The database with one table of ``hands`` finished hands (kept if already there)."""
    if db.exists():
        engine = make_engine(database_url(str(db)))
        try:
            with engine.connect() as conn:
                row = conn.execute(text("SELECT table_id, MAX(number) FROM hands GROUP BY table_id")).first()
        finally:
            engine.dispose()
        if row is not None and row[1] >= hands:
            print(f"using {db}: table {row[0]} with {row[1]:,} hands")
            return str(row[0])
        db.unlink()
    from tests.server.played import play_offline

    start = time.perf_counter()

    def progress(done: int) -> None:
        rate = done / (time.perf_counter() - start)
        print(f"  {done:,} hands ({rate:,.0f}/s)", flush=True)

    print(f"building {db}: {hands:,} hands of bots")
    played = play_offline(database_url(str(db)), hands, seed=None, on_progress=progress)
    print(f"built in {time.perf_counter() - start:.0f} s: {played.events:,} events")
    return played.table_id


def counts(db: Path) -> dict[str, int]:
    engine = make_engine(database_url(str(db)))
    try:
        with engine.connect() as conn:
            names = {r[0] for r in conn.execute(text("SELECT name FROM sqlite_master WHERE type='table'"))}
            return {
                t: int(conn.execute(text(f"SELECT COUNT(*) FROM {t}")).scalar() or 0)  # noqa: S608
                for t in ("events", "hands", "snapshots")
                if t in names
            }
    finally:
        engine.dispose()


def _cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process so far (what the wall time would be on an idle machine)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def import_floor(src: Path | None = None) -> tuple[float, float]:
    """Wall and CPU seconds of a process that only imports what ``serve`` imports."""
    env = dict(os.environ, **({"PYTHONPATH": str(src)} if src else {}))
    code = "import pokerdealer.cli.serve, pokerdealer.server.app, uvicorn, os; print(sum(os.times()[:2]))"
    start = time.perf_counter()
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    return time.perf_counter() - start, float(out.stdout)


def serve_once(db: Path, table_id: str, *, src: Path | None = None) -> tuple[float, int, float]:
    """Spawn ``pokerdealer serve``; seconds until the table answers, its RSS
    (KiB) then, and the CPU seconds it used to get there."""
    port = free_port()
    env = dict(os.environ)
    if src is not None:
        env["PYTHONPATH"] = str(src)
    args = [
        sys.executable, "-c", "from pokerdealer.cli import main; main()", "serve",
        "--host", "127.0.0.1", "--port", str(port), "--db", str(db), "--no-demo",
    ]
    start = time.perf_counter()
    proc = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    try:
        while True:
            if proc.poll() is not None:
                raise RuntimeError(f"server exited: {proc.stderr.read().decode()[-1500:]}")  # type: ignore[union-attr]
            try:
                r = httpx.get(f"http://127.0.0.1:{port}/api/tables/{table_id}", timeout=600)
                if r.status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            time.sleep(0.02)
        seconds = time.perf_counter() - start
        cpu = _cpu_seconds(proc.pid)
        rss = 0
        for line in Path(f"/proc/{proc.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                rss = int(line.split()[1])
        return seconds, rss, cpu
    finally:
        proc.terminate()
        try:
            proc.wait(30)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(10)


def room_start_once(db: Path) -> tuple[float, int, int]:
    """In-process: seconds of ``Room.start()``, the bytes it allocated and kept, events replayed."""
    from pokerdealer.server import db as dbmod
    from pokerdealer.server.room import Room
    from pokerdealer.server.settings import ServerOptions

    async def go() -> tuple[float, int, int]:
        room = Room(ServerOptions(db_url=database_url(str(db)), demo_table=False))
        replayed = []
        real = dbmod.load_table

        def load(conn, table_id):  # noqa: ANN001, ANN202
            data = real(conn, table_id)
            replayed.append(len(data["events"]) if data else 0)
            return data

        dbmod.load_table = load
        tracemalloc.start()
        start = time.perf_counter()
        try:
            await room.start()
            seconds = time.perf_counter() - start
            held, _ = tracemalloc.get_traced_memory()
        finally:
            tracemalloc.stop()
            dbmod.load_table = real
            await room.stop()
        return seconds, held, sum(replayed)

    return asyncio.run(go())


def to_0002(db: Path, copy: Path) -> None:
    """A copy of the database as a pokerdealer from before snapshots would have it."""
    from alembic import command

    shutil.copy(db, copy)
    engine = make_engine(database_url(str(copy)))
    try:
        with engine.connect() as conn:
            command.downgrade(alembic_config(conn), "0002")
            conn.commit()
    finally:
        engine.dispose()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hands", type=int, default=100_000)
    parser.add_argument("--db", type=Path, default=None, help="where the database is built and kept")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--baseline", type=Path, default=None, help="an older pokerdealer's src/ to compare")
    parser.add_argument("--baseline-runs", type=int, default=1)
    parser.add_argument("--build-only", action="store_true")
    args = parser.parse_args()
    folder = Path(os.environ.get("BENCH_DIR", tempfile.gettempdir()))
    db = args.db or folder / f"pokerdealer-restart-{args.hands}.db"
    table_id = build(db, args.hands)
    print("rows:", ", ".join(f"{k} {v:,}" for k, v in counts(db).items()), f"({db.stat().st_size / 2**20:.0f} MiB)")

    if args.build_only:
        return
    wall, cpu = zip(*(import_floor() for _ in range(args.runs)))
    print(f"imports alone (the floor of any start): {statistics.median(wall):.2f} s wall, {statistics.median(cpu):.2f} s CPU")
    report("pokerdealer serve", [serve_once(db, table_id) for _ in range(args.runs)])
    starts = [room_start_once(db) for _ in range(args.runs)]
    print(
        f"Room.start() in-process: {statistics.median(s for s, _, _ in starts):.3f} s, "
        f"{starts[0][2]:,} events replayed, {statistics.median(h for _, h, _ in starts) / 2**20:.1f} MiB held"
    )
    if args.baseline is not None:
        with tempfile.TemporaryDirectory(dir=folder) as tmp:
            old = Path(tmp) / "room-0002.db"
            to_0002(db, old)
            wall, cpu = import_floor(args.baseline)
            print(f"baseline imports alone: {wall:.2f} s wall, {cpu:.2f} s CPU")
            report(f"baseline {args.baseline} serve", [serve_once(old, table_id, src=args.baseline) for _ in range(args.baseline_runs)])


def report(what: str, runs: list[tuple[float, int, float]]) -> None:
    print(
        f"{what} until the table answers: {statistics.median(s for s, _, _ in runs):.2f} s wall "
        f"(runs: {', '.join(f'{s:.2f}' for s, _, _ in runs)}), {statistics.median(c for _, _, c in runs):.2f} s CPU, "
        f"RSS {statistics.median(r for _, r, _ in runs) / 1024:.0f} MiB"
    )


if __name__ == "__main__":
    main()
