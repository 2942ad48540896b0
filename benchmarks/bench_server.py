"""The poker room under load: many six-player tables, every seat a
websocket client playing by a simple random policy, against one
``pokerdealer serve`` process on 127.0.0.1.

Measured: tables held (every seat connected and hands completing during
the measured window), actions per second, and action -> broadcast latency:
from a client sending an action to each of the table's six readers
receiving the state that includes it (the server writes the action to
SQLite before it tells anyone). Bounded: the table count, a ramp-up, a
warm-up and a fixed measured window; everything on loopback.

Run:  uv run python benchmarks/bench_server.py [--tables 200] [--seconds 30] [--think 0.5] [--backend postgresql]
      (BENCH_DIR=/dev/shm puts the SQLite file in memory-backed storage)
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import resource
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
import websockets


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


async def wait_up(http: httpx.AsyncClient, base: str, server: subprocess.Popen, timeout: float = 120) -> None:
    """Until the room answers (a loaded machine takes a while to import it); fail if it never does."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if server.poll() is not None:
            sys.exit(f"the server exited ({server.returncode}) before it answered")
        try:
            if (await http.get(base + "/api/tables")).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        await asyncio.sleep(0.2)
    sys.exit(f"the server did not answer in {timeout:.0f} s")


class Stats:
    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.actions = 0
        self.hands_done: dict[str, set[int]] = {}
        self.measuring = False
        self.errors = 0
        self.error_samples: list[str] = []
        self.client_lag: list[float] = []


class TableLoad:
    """One table: its pending actions (key -> send time) shared by its six clients."""

    def __init__(self, table_id: str) -> None:
        self.id = table_id
        self.pending: dict[tuple[int, int], float] = {}
        self.connected = 0


def address(k: int) -> str:
    """The ``k``-th client's own loopback address (127.0.1.1, 127.0.1.2, ...): players
    come from addresses of their own, and the room caps the connections of one address."""
    return f"127.0.{1 + k // 250}.{1 + k % 250}"


async def seat_client(port: int, load: TableLoad, token: str, stats: Stats, think: float, rng: random.Random, k: int) -> None:
    uri = f"ws://127.0.0.1:{port}/ws/{load.id}"
    async with websockets.connect(uri, max_size=2**20, open_timeout=30, ping_interval=None,
                                  local_addr=(address(k), 0)) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token}))
        load.connected += 1
        seen: set[tuple[int, int]] = set()
        acting: tuple[int, int] | None = None
        act_task: asyncio.Task | None = None
        try:
            async for text in ws:
                now = time.perf_counter()
                msg = json.loads(text)
                if msg["type"] == "error":
                    stats.errors += 1
                    if len(stats.error_samples) < 5:
                        stats.error_samples.append(msg["message"])
                    continue
                if msg["type"] != "state":
                    continue
                hand = msg["hand"]
                last = msg.get("last_hand")
                if last and stats.measuring:
                    stats.hands_done.setdefault(load.id, set()).add(last["number"])
                for key, t0 in list(load.pending.items()):
                    if key in seen:
                        continue
                    h, n = key
                    if hand is None or hand["number"] > h or hand["actions"] >= n:
                        seen.add(key)
                        if stats.measuring:
                            stats.latencies.append(now - t0)
                you = msg.get("you") or {}
                if you.get("seat") is None and (you.get("member") is not None):
                    if act_task is None or act_task.done():
                        act_task = asyncio.ensure_future(_later(ws, rng.uniform(0.5, 1.5) * think, {"type": "sit", "amount": msg["table"]["max_buy_in"]}))
                    continue
                legal = you.get("legal")
                if legal and hand and acting != (hand["number"], hand["actions"]):
                    acting = (hand["number"], hand["actions"])
                    action = policy(legal, rng)
                    action.update(type="act", hand=hand["number"], at=hand["actions"])
                    key = (hand["number"], hand["actions"] + 1)
                    act_task = asyncio.ensure_future(_act(ws, load, key, action, rng.uniform(0.5, 1.5) * think, stats))
        except websockets.ConnectionClosed:
            pass
        finally:
            if act_task is not None:
                act_task.cancel()


async def loop_lag(stats: Stats) -> None:
    """How late the client's own event loop runs (it must not be the bottleneck)."""
    while True:
        t = time.perf_counter()
        await asyncio.sleep(0.01)
        stats.client_lag.append(time.perf_counter() - t - 0.01)


async def _later(ws, delay: float, msg: dict) -> None:  # noqa: ANN001
    await asyncio.sleep(delay)
    await ws.send(json.dumps(msg))


async def _act(ws, load: TableLoad, key: tuple[int, int], action: dict, delay: float, stats: Stats) -> None:  # noqa: ANN001
    await asyncio.sleep(delay)
    load.pending[key] = time.perf_counter()
    if len(load.pending) > 16:
        for k in sorted(load.pending)[:-16]:
            del load.pending[k]
    if stats.measuring:
        stats.actions += 1
    await ws.send(json.dumps(action))


def policy(legal: dict, rng: random.Random) -> dict:
    r = rng.random()
    if legal["min_raise"] is not None and r < 0.08:
        return {"kind": "raise", "amount": legal["min_raise"]}
    if legal["check"]:
        return {"kind": "check"}
    if r < 0.25:
        return {"kind": "fold"}
    return {"kind": "call"}


def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def cpu_seconds(pid: int) -> float:
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def stop_all(tasks: list[asyncio.Task], server: subprocess.Popen) -> None:
    """Cancel the clients, then stop the server (SIGTERM, then kill after 15 s)."""
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    server.send_signal(signal.SIGTERM)
    try:
        server.wait(15)
    except subprocess.TimeoutExpired:
        server.kill()


def rss_mib(pid: int) -> float:
    """The process's resident memory (MiB)."""
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return float("nan")


async def run(args: argparse.Namespace, db: str) -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, 65536), hard))
    port = free_port()
    tmp = Path(tempfile.mkdtemp(prefix="bench-server-", dir=os.environ.get("BENCH_DIR")))
    db = db or str(tmp / "bench.db")
    server = subprocess.Popen(
        [sys.executable, "-c", "from pokerdealer.cli import main; main()", "serve", "--port", str(port),
         "--db", str(db), "--no-demo", "--pause", str(args.pause), "--grace", "600"],
        stdout=open(tmp / "server.log", "wb"), stderr=subprocess.STDOUT,
    )
    stats = Stats()
    stop = asyncio.Event()
    tasks: list[asyncio.Task] = []
    try:
        base = f"http://127.0.0.1:{port}"
        async with httpx.AsyncClient(timeout=30) as http:
            await wait_up(http, base, server)
            rss0 = rss_mib(server.pid)
            rng = random.Random(1)
            loads: list[TableLoad] = []
            t_ramp = time.perf_counter()
            async def open_table(k: int) -> None:
                # Each table's host and players from their own addresses, as the room's limits expect.
                own = httpx.AsyncClient(transport=httpx.AsyncHTTPTransport(local_address=address(6 * k)), timeout=30)
                async with own:
                    r = await own.post(base + "/api/tables", json={"name": f"bench {k}", "bots": [], "seats": 6, "clock": 60})
                    r.raise_for_status()
                load = TableLoad(r.json()["id"])
                loads.append(load)
                for s in range(6):
                    own = httpx.AsyncClient(transport=httpx.AsyncHTTPTransport(local_address=address(6 * k + s)), timeout=30)
                    async with own:
                        j = (await own.post(f"{base}/api/tables/{load.id}/join", json={"name": f"p{s}"})).json()
                    tasks.append(asyncio.create_task(seat_client(
                        port, load, j["token"], stats, args.think, random.Random(rng.random()), 6 * k + s)))

            for first in range(0, args.tables, 20):
                await asyncio.gather(*(open_table(k) for k in range(first, min(args.tables, first + 20))))
            ramp = time.perf_counter() - t_ramp
            await asyncio.sleep(args.warmup)
            lag = asyncio.create_task(loop_lag(stats))
            print(f"measuring for {args.seconds:g} s (server pid {server.pid})", flush=True)  # a profiler may start now
            stats.measuring = True
            cpu0, t0 = cpu_seconds(server.pid), time.perf_counter()
            me0 = time.process_time()
            await asyncio.sleep(args.seconds)
            stats.measuring = False
            cpu1, t1 = cpu_seconds(server.pid), time.perf_counter()
            me1 = time.process_time()
            rss1 = rss_mib(server.pid)
            stop.set()
            lag.cancel()
        connected = sum(1 for ld in loads if ld.connected == 6)
        held = sum(1 for ld in loads if ld.connected == 6 and len(stats.hands_done.get(ld.id, ())) >= 1)
        lat = stats.latencies
        elapsed = t1 - t0
        print(f"backend: {args.backend}; load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs")
        print(f"tables: {args.tables} six-player tables, {6 * args.tables} websocket clients, think {args.think}s "
              f"(ramp-up {ramp:.1f}s, warm-up {args.warmup}s, measured {elapsed:.1f}s)")
        print(f"  tables held:       {held}/{args.tables} (all six seats connected: {connected}; hands completing in the window)")
        print(f"  actions:           {stats.actions} ({stats.actions / elapsed:.0f}/s), broadcasts measured: {len(lat)}")
        print(f"  action->broadcast: p50 {1000 * pct(lat, 0.5):.1f} ms, p99 {1000 * pct(lat, 0.99):.1f} ms, "
              f"max {1000 * max(lat, default=float('nan')):.1f} ms, mean {1000 * statistics.fmean(lat) if lat else float('nan'):.1f} ms")
        print(f"  client loop lag:   p99 {1000 * pct(stats.client_lag, 0.99):.1f} ms, max {1000 * max(stats.client_lag, default=0):.1f} ms")
        print(f"  hands completed:   {sum(len(v) for v in stats.hands_done.values())}")
        print(f"  server CPU:        {100 * (cpu1 - cpu0) / elapsed:.0f}% of one core (clients: {100 * (me1 - me0) / elapsed:.0f}%); errors from server: {stats.errors} {stats.error_samples}")
        print(f"  CPU per action:    {1000 * (cpu1 - cpu0) / max(1, stats.actions):.2f} ms (the server's CPU seconds / actions: "
              f"another load on the machine hardly changes it)")
        print(f"  server memory:     {rss1:.0f} MiB ({rss0:.0f} MiB idle; {1024 * (rss1 - rss0) / args.tables:.0f} KiB a table)")
        if connected < args.tables or not lat:
            sys.exit(f"measured too little: {connected} of {args.tables} tables connected, {len(lat)} broadcasts (see {tmp / 'server.log'})")
    finally:
        stop.set()
        await stop_all(tasks, server)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--tables", type=int, default=200)
    p.add_argument("--seconds", type=float, default=30.0)
    p.add_argument("--warmup", type=float, default=10.0)
    p.add_argument("--think", type=float, default=0.5, help="mean seconds a client waits before acting")
    p.add_argument("--pause", type=float, default=1.0, help="server pause between hands")
    p.add_argument("--backend", choices=("sqlite", "postgresql"), default="sqlite",
                   help="postgresql: a throwaway cluster of Debian's postgresql package (the tests' own)")
    args = p.parse_args()
    if not 1 <= args.tables <= 1000 or not 1 <= args.seconds <= 600:
        p.error("--tables 1..1000, --seconds 1..600")
    try:
        import uvloop

        uvloop.install()
    except ImportError:
        pass
    if args.backend == "sqlite":
        asyncio.run(run(args, ""))
        return
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the tests' PostgreSQL cluster
    from tests.server.conftest import PgCluster, new_pg_database, pg_bindir_or_fail

    cluster = PgCluster(pg_bindir_or_fail())
    try:
        url, drop = new_pg_database(cluster.start())
        try:
            asyncio.run(run(args, url))
        finally:
            drop()
    finally:
        cluster.stop()


if __name__ == "__main__":
    main()
