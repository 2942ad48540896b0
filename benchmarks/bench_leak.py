"""A soak: does the room keep memory for the websockets that have come and gone?

A ``pokerdealer serve`` process on 127.0.0.1 holds a table of bots playing. Client
processes (``--clients``) open ``--connections`` websockets in all, one after another
each, from loopback addresses of their own: hello, read the state, close -- and every
``--refused``-th one is opened while another from its address is open to the table,
so the room refuses it (close 4429) past ``--conns-per-address-table 1``. The server's
resident memory (``VmRSS``) is read after a warm-up of ``--warmup`` connections and
at the end, and each tenth of the way; printed: the growth per connection, and the
server's CPU time.

Issue 40: 2,000 connections grew the server 7-11 KB each, refused ones 9.7 KB, for
good; the bound is 2 KB each over 100,000.

Run:  uv run python benchmarks/bench_leak.py [--connections 100000] [--clients 4]
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def rss_kb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise RuntimeError("no VmRSS")


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def client(port: int, table: str, count: int, refused_every: int, index: int, done: multiprocessing.Queue) -> None:  # type: ignore[type-arg]
    from websockets.exceptions import ConnectionClosed
    from websockets.sync.client import connect

    url = f"ws://127.0.0.1:{port}/ws/{table}"
    made = refused = failed = 0
    for k in range(count):
        address = f"127.0.10.{1 + index * 50 + k % 50}"
        try:
            with connect(url, open_timeout=30, source_address=(address, 0), ping_interval=None) as ws:
                ws.send(json.dumps({"type": "hello"}))
                while json.loads(ws.recv(30))["type"] != "state":
                    pass
                made += 1
                if refused_every and k % refused_every == 0:
                    with connect(url, open_timeout=30, source_address=(address, 0), ping_interval=None) as extra:
                        try:
                            while True:
                                extra.recv(30)
                        except ConnectionClosed as closed:
                            refused += closed.rcvd is not None and closed.rcvd.code == 4429
        except (OSError, TimeoutError, ConnectionClosed):
            failed += 1
        if (k + 1) % max(1, count // 10) == 0:
            done.put(("progress", index, k + 1))
    done.put(("done", index, {"made": made, "refused": refused, "failed": failed}))


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--connections", type=int, default=100_000)
    p.add_argument("--clients", type=int, default=4, help="client processes (at most 4: 50 addresses each)")
    p.add_argument("--refused", type=int, default=10, help="every this many connections, one refused too (0: none)")
    p.add_argument("--warmup", type=int, default=1000)
    args = p.parse_args()
    if not 1 <= args.clients <= 4 or args.connections < args.clients:
        p.error("--clients 1..4, --connections at least --clients")
    port = free_port()
    tmp = Path(tempfile.mkdtemp(prefix="bench-leak-", dir=os.environ.get("BENCH_DIR")))
    server = subprocess.Popen(
        [sys.executable, "-c", "from pokerdealer.cli import main; main()", "serve", "--port", str(port),
         "--db", str(tmp / "bench.db"), "--no-demo", "--conns-per-address-table", "1", "--log-level", "warning"],
        stdout=open(tmp / "server.log", "wb"), stderr=subprocess.STDOUT,  # noqa: SIM115
    )
    spawn = multiprocessing.get_context("spawn")
    try:
        base = f"http://127.0.0.1:{port}"
        for _ in range(600):
            try:
                if httpx.get(base + "/api/tables", timeout=5).status_code == 200:
                    break
            except httpx.HTTPError:
                time.sleep(0.1)
        table = httpx.post(base + "/api/tables", json={"name": "soak", "bots": ["caller", "tight", "regular"]},
                           timeout=10).json()["id"]

        def run(total: int, label: str) -> dict[str, int]:
            done: multiprocessing.Queue = spawn.Queue()  # type: ignore[type-arg]
            per = total // args.clients
            procs = [spawn.Process(target=client, args=(port, table, per, args.refused, i, done)) for i in range(args.clients)]
            for proc in procs:
                proc.start()
            finished: dict[str, int] = {"made": 0, "refused": 0, "failed": 0}
            ended = 0
            progress = [0] * args.clients
            while ended < args.clients:
                kind, index, data = done.get()
                if kind == "done":
                    ended += 1
                    for key in finished:
                        finished[key] += data[key]
                else:
                    progress[index] = data
                    if label == "soak" and index == 0:
                        print(f"  {sum(progress):7} connections: server {rss_kb(server.pid) / 1024:7.1f} MiB", flush=True)
            for proc in procs:
                proc.join()
            return finished

        run(args.warmup, "warmup")
        time.sleep(2)
        rss0, cpu0, t0 = rss_kb(server.pid), cpu_seconds(server.pid), time.perf_counter()
        print(f"after {args.warmup} warm-up connections: server {rss0 / 1024:.1f} MiB; load {os.getloadavg()[0]:.1f}")
        counts = run(args.connections, "soak")
        time.sleep(3)
        rss1, cpu1 = rss_kb(server.pid), cpu_seconds(server.pid)
        n = counts["made"] + counts["refused"]
        print(f"{counts} in {time.perf_counter() - t0:.0f} s, server CPU {cpu1 - cpu0:.1f} s; load {os.getloadavg()[0]:.1f}")
        print(f"server {rss0 / 1024:.1f} -> {rss1 / 1024:.1f} MiB: {(rss1 - rss0) / max(1, n):.3f} KB a connection "
              f"(bound: 2 KB)")
    finally:
        server.send_signal(signal.SIGTERM)
        try:
            server.wait(15)
        except subprocess.TimeoutExpired:
            server.kill()


if __name__ == "__main__":
    main()
