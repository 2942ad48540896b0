"""One stranger against the room: a flood at one table while two players act at another.

A ``pokerdealer serve`` process on 127.0.0.1 holds two tables. At the quiet
one, Ann and Bob play heads-up, each answering their turn after ``--think``
seconds (check or call); the latency of an action is from its sending to its player receiving
the state that includes it. At the flooded one (or the room's HTTP API), a
separate process -- so the flooding does not slow the measuring client --
does one of:

- ``frames``: ``--sockets`` websockets (from 127.0.0.1, as one stranger)
  sending tiny frames as fast as the kernel takes them, pre-encoded; a socket
  the server closes is opened again at once;
- ``queue``: ``--sockets`` websockets holding one seated player's token (from
  as many loopback addresses), each toggling the coach on and off just under
  the per-connection throttle;
- ``upload``: ``--sockets`` clients posting a heads-up PHH hand of thousands of
  minimum re-raises to ``/api/replay``, one after another;
- ``register``: registrations of new names into a listed tournament, as fast
  as they are answered;
- ``create``: new listed tables and tournaments, as fast as they are answered;
- ``chat``: six spectator sockets (six addresses) chatting while Ann says a
  line a second; how many of Ann's lines got through is printed too;
- ``idle``: ``--sockets`` TCP connections (up to 5,000, from ``--addresses``
  loopback addresses) that send nothing (``--slow``: a header line every 5 s),
  held for the flood's length; meanwhile another address asks ``GET
  /api/tables`` 20 times and opens a websocket, and how many were answered is
  printed. ``--nofile 1024`` runs the server under that open-file limit;
- ``burst``: ``--sockets`` websockets opened at once over 12 other tables
  from ``--addresses`` loopback addresses (hello, then held): the players' max
  is the longest stall.

Printed: the players' action latency p50/p99 (ms) before, during and after the
flood, what the flood sent and what the server answered, and the events the
flooded table logged.

Run:  uv run python benchmarks/bench_flood.py --flood frames [--seconds 5] [--sockets 1]
      (BENCH_DIR=/dev/shm puts the SQLite file in memory-backed storage)
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import contextlib
import json
import multiprocessing
import os
import signal
import socket
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
import websockets

FLOODS = ("frames", "queue", "upload", "register", "create", "chat", "idle", "burst")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


# ------------------------------------------------------------------ the players
class Players:
    """Latencies of Ann's and Bob's actions, by phase."""

    def __init__(self) -> None:
        self.phase = "warmup"
        self.latencies: dict[str, list[float]] = {}
        self.longest: tuple[float, float] = (0.0, 0.0)
        """The longest wait during the flood and when it began (perf_counter)."""
        self.waits: list[tuple[float, float]] = []
        """Every wait during the flood and when it began."""
        self.chat_sent = 0
        self.chat_heard: set[str] = set()


async def player(
    port: int, table: str, token: str, players: Players, stop: asyncio.Event, *, chat: bool, think: float
) -> None:
    async with websockets.connect(f"ws://127.0.0.1:{port}/ws/{table}", open_timeout=30, ping_interval=None,
                                  max_size=2**22) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token}))
        pending: tuple[tuple[int, int], float, str] | None = None
        talk = asyncio.create_task(_talk(ws, players, stop)) if chat else None
        try:
            while not stop.is_set():
                try:
                    text = await asyncio.wait_for(ws.recv(), 0.5)
                except asyncio.TimeoutError:
                    continue
                now = time.perf_counter()
                msg = json.loads(text)
                if msg["type"] == "chat":
                    players.chat_heard.add(msg["text"])
                    continue
                if msg["type"] != "state":
                    continue
                hand = msg["hand"]
                if pending is not None:
                    (number, actions), t0, phase = pending
                    if hand is None or hand["number"] > number or hand["actions"] > actions:
                        players.latencies.setdefault(phase, []).append(now - t0)
                        if phase == "during":
                            players.waits.append((now - t0, t0))
                            players.longest = max(players.longest, (now - t0, t0))
                        pending = None
                legal = (msg.get("you") or {}).get("legal")
                if legal and hand and pending is None:
                    await asyncio.sleep(think)  # a person's pace: under the room's per-connection throttle
                    kind = "check" if legal["check"] else "call"
                    pending = ((hand["number"], hand["actions"]), time.perf_counter(), players.phase)
                    await ws.send(json.dumps({"type": "act", "kind": kind, "hand": hand["number"], "at": hand["actions"]}))
        finally:
            if talk is not None:
                talk.cancel()


async def _talk(ws: Any, players: Players, stop: asyncio.Event) -> None:  # noqa: ANN401
    k = 0
    while not stop.is_set():
        await asyncio.sleep(1.0)
        if players.phase == "during":
            k += 1
            players.chat_sent += 1
            await ws.send(json.dumps({"type": "chat", "text": f"ann says {k}"}))


# ------------------------------------------------------------------ the floods
def _handshake(port: int, path: str, source: str = "127.0.0.1") -> socket.socket:
    s = socket.create_connection(("127.0.0.1", port), source_address=(source, 0))
    key = base64.b64encode(os.urandom(16)).decode()
    s.sendall(
        f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n".encode()
    )
    answer = b""
    while b"\r\n\r\n" not in answer:
        chunk = s.recv(4096)
        if not chunk:
            raise ConnectionError("closed during the handshake")
        answer += chunk
    if b" 101 " not in answer.split(b"\r\n", 1)[0]:
        raise ConnectionError(answer.split(b"\r\n", 1)[0].decode())
    return s


def _drain(s: socket.socket) -> None:
    while True:
        try:
            if not s.recv(65536):
                return
        except TimeoutError:
            continue
        except OSError:
            return


def _frame(text: str) -> bytes:
    """A masked text frame (a client's), of fewer than 126 bytes."""
    data = text.encode()
    mask = os.urandom(4)
    return bytes([0x81, 0x80 | len(data)]) + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(data))


def flood_frames(port: int, table: str, seconds: float, sockets: int, out: Any) -> None:  # noqa: ANN401
    """Tiny frames, pre-encoded, as fast as the kernel takes them; reopened when closed."""
    import threading

    hello = _frame(json.dumps({"type": "hello", "token": None}))
    batch = _frame('{"type":"ping"}') * 2000
    counts = {"frames": 0, "opened": 0, "refused": 0}
    lock = threading.Lock()
    end = time.monotonic() + seconds

    def one() -> None:
        while time.monotonic() < end:
            try:
                s = _handshake(port, f"/ws/{table}")
            except (OSError, ConnectionError):
                with lock:
                    counts["refused"] += 1
                time.sleep(0.01)
                continue
            with lock:
                counts["opened"] += 1
            s.setblocking(True)
            s.settimeout(1.0)
            # Read what the server answers (a stranger who never reads is closed as a slow reader).
            threading.Thread(target=_drain, args=(s,), daemon=True).start()
            try:
                s.sendall(hello)
                while time.monotonic() < end:
                    s.sendall(batch)
                    with lock:
                        counts["frames"] += 2000
            except OSError:
                pass
            finally:
                s.close()

    threads = [threading.Thread(target=one) for _ in range(sockets)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    out.put(counts)


def flood_queue(port: int, table: str, token: str, seconds: float, sockets: int, out: Any) -> None:  # noqa: ANN401
    """Sockets of one seated player, 8 per loopback address, toggling the coach just under the throttle."""

    async def one(k: int, counts: dict[str, int]) -> None:
        try:
            sock = socket.create_connection(("127.0.0.1", port), source_address=(f"127.0.{20 + k // 8}.{1 + k % 8}", 0))
            async with websockets.connect(f"ws://127.0.0.1:{port}/ws/{table}", sock=sock, open_timeout=30,
                                          ping_interval=None, max_size=2**22) as ws:
                counts["opened"] += 1
                await ws.send(json.dumps({"type": "hello", "token": token}))

                async def drain() -> None:
                    async for text in ws:
                        if '"type":"error"' in text:
                            counts["errors"] += 1

                reader = asyncio.create_task(drain())
                end = time.monotonic() + seconds
                on = True
                while time.monotonic() < end:
                    await ws.send(json.dumps({"type": "coach", "on": int(on)}))
                    counts["sent"] += 1
                    on = not on
                    await asyncio.sleep(5 / 39)  # 39 frames in 5 s: just under 40
                reader.cancel()
        except (OSError, websockets.WebSocketException):
            counts["refused"] += 1

    async def run() -> dict[str, int]:
        counts = {"opened": 0, "sent": 0, "errors": 0, "refused": 0}
        await asyncio.gather(*(one(k, counts) for k in range(sockets)))
        return counts

    out.put(asyncio.run(run()))


def long_hand(raises: int) -> str:
    """A heads-up PHH hand of ``raises`` minimum re-raises preflop, then a call and a check-down."""
    actions = ["d dh p1 AsKs", "d dh p2 QdQc"]
    bet = 2
    for k in range(raises):
        bet += 2
        actions.append(f"p{2 - k % 2} cbr {bet}")
    actions.append(f"p{2 - raises % 2} cc")
    actions += ["d db 2c3d4h", "p1 cc", "p2 cc", "d db 9s", "p1 cc", "p2 cc", "d db Th", "p1 cc", "p2 cc"]
    stack = bet + 1000
    return "\n".join([
        "variant = 'NT'",
        "ante_trimming_status = true",
        "antes = [0, 0]",
        "blinds_or_straddles = [1, 2]",
        "min_bet = 2",
        f"starting_stacks = [{stack}, {stack}]",
        "actions = [" + ", ".join(repr(a) for a in actions) + "]",
    ])


def flood_upload(port: int, seconds: float, sockets: int, out: Any) -> None:  # noqa: ANN401
    text = long_hand(4394)
    while len(text.encode()) > 64 * 1024:
        text = long_hand(len(text) // 20)
    body = text.encode()

    async def run() -> dict[str, Any]:
        counts: dict[str, Any] = {"sent": 0, "status": {}, "bytes": 0, "size": len(body)}
        end = time.monotonic() + seconds
        async with httpx.AsyncClient(timeout=60) as http:
            async def one() -> None:
                while time.monotonic() < end:
                    r = await http.post(f"http://127.0.0.1:{port}/api/replay", content=body)
                    counts["sent"] += 1
                    counts["status"][r.status_code] = counts["status"].get(r.status_code, 0) + 1
                    counts["bytes"] = max(counts["bytes"], len(r.content))

            await asyncio.gather(*(one() for _ in range(sockets)))
        return counts

    out.put(asyncio.run(run()))


def flood_http(port: int, what: str, event: str, seconds: float, sockets: int, out: Any) -> None:  # noqa: ANN401
    async def run() -> dict[str, Any]:
        counts: dict[str, Any] = {"sent": 0, "status": {}}
        end = time.monotonic() + seconds
        async with httpx.AsyncClient(timeout=60) as http:
            async def one(i: int) -> None:
                k = 0
                while time.monotonic() < end:
                    k += 1
                    if what == "register":
                        r = await http.post(f"http://127.0.0.1:{port}/api/tournaments/{event}/register",
                                            json={"name": f"junk {i}-{k}"})
                    elif k % 4:
                        r = await http.post(f"http://127.0.0.1:{port}/api/tables",
                                            json={"name": f"junk {i}-{k}", "listed": True})
                    else:
                        r = await http.post(f"http://127.0.0.1:{port}/api/tournaments",
                                            json={"name": f"junk {i}-{k}", "listed": True})
                    counts["sent"] += 1
                    counts["status"][r.status_code] = counts["status"].get(r.status_code, 0) + 1

            await asyncio.gather(*(one(i) for i in range(sockets)))
        return counts

    out.put(asyncio.run(run()))


def flood_chat(port: int, table: str, seconds: float, sockets: int, out: Any) -> None:  # noqa: ANN401
    async def one(k: int, counts: dict[str, int]) -> None:
        sock = socket.create_connection(("127.0.0.1", port), source_address=(f"127.0.30.{k + 1}", 0))
        async with websockets.connect(f"ws://127.0.0.1:{port}/ws/{table}", sock=sock, open_timeout=30,
                                      ping_interval=None, max_size=2**22) as ws:
            await ws.send(json.dumps({"type": "hello", "token": None}))

            async def drain() -> None:
                async for text in ws:
                    if '"type":"error"' in text:
                        counts["refused"] += 1

            reader = asyncio.create_task(drain())
            end = time.monotonic() + seconds
            while time.monotonic() < end:
                await ws.send(json.dumps({"type": "chat", "text": f"spam {k}"}))
                counts["sent"] += 1
                await asyncio.sleep(5 / 39)
            reader.cancel()

    async def run() -> dict[str, int]:
        counts = {"sent": 0, "refused": 0}
        await asyncio.gather(*(one(k, counts) for k in range(sockets)))
        return counts

    out.put(asyncio.run(run()))


# ------------------------------------------------------------------ the run
def flood_idle(port: int, seconds: float, sockets: int, addresses: int, slow: bool, out: Any) -> None:  # noqa: ANN401
    """Open ``sockets`` connections that send nothing (or a header line every 5 s), hold them."""
    import resource

    _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    held: list[socket.socket] = []
    failed = 0
    for k in range(sockets):
        try:
            s = socket.create_connection(("127.0.0.1", port), timeout=2, source_address=(f"127.0.8.{1 + k % addresses}", 0))
            held.append(s)
        except OSError:
            failed += 1
    opened = len(held)
    end = time.monotonic() + seconds
    if slow:
        for s in held:
            with contextlib.suppress(OSError):
                s.sendall(b"GET /api/tables HTTP/1.1\r\n")
    while time.monotonic() < end:
        time.sleep(min(5.0, max(0.0, end - time.monotonic())))
        if slow:
            for s in held:
                with contextlib.suppress(OSError):
                    s.sendall(b"X-Slow: 1\r\n")
    alive = sum(_still_open(s) for s in held)
    out.put({"opened": opened, "refused_at_connect": failed, "still_open_at_end": alive})


def flood_burst(port: int, tables: list[str], seconds: float, sockets: int, addresses: int, out: Any) -> None:  # noqa: ANN401
    """Open ``sockets`` websockets at once (from ``addresses`` loopback addresses, over ``tables``),
    each saying hello and reading its state, and hold them for the flood's length."""
    import resource

    _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))

    async def one(k: int, counts: dict[str, int], stop: asyncio.Event) -> None:
        try:
            sock = socket.create_connection(("127.0.0.1", port), source_address=(f"127.0.11.{1 + k % addresses}", 0))
            async with websockets.connect(f"ws://127.0.0.1:{port}/ws/{tables[k % len(tables)]}", sock=sock,
                                          open_timeout=30, ping_interval=None, max_size=2**22) as ws:
                await ws.send(json.dumps({"type": "hello"}))
                counts["opened"] += 1
                while not stop.is_set():
                    try:
                        await asyncio.wait_for(ws.recv(), 0.5)
                    except asyncio.TimeoutError:
                        continue
        except (OSError, websockets.WebSocketException):
            counts["refused"] += 1

    async def run() -> dict[str, Any]:
        counts: dict[str, Any] = {"opened": 0, "refused": 0}
        stop = asyncio.Event()
        times = {"opening": time.perf_counter()}  # the same clock as the players' (CLOCK_MONOTONIC)
        tasks = [asyncio.create_task(one(k, counts, stop)) for k in range(sockets)]
        await asyncio.sleep(seconds)
        times["closing"] = time.perf_counter()
        stop.set()
        await asyncio.gather(*tasks)
        times["closed"] = time.perf_counter()
        return {**counts, "times": times}

    out.put(asyncio.run(run()))


def _still_open(s: socket.socket) -> bool:
    """Whether the server still holds ``s`` open (it may have answered 503 and closed it)."""
    s.setblocking(False)
    try:
        while s.recv(65536):
            pass
        return False  # b"": closed
    except BlockingIOError:
        return True
    except OSError:
        return False  # reset
    finally:
        s.close()


async def probe_room(port: int, table: str, seconds: float) -> dict[str, Any]:
    """From another address, while the idle flood holds its connections: 20 ``GET /api/tables``
    and one websocket, each given 2 s."""
    await asyncio.sleep(seconds / 2)  # the flooder has opened what it could
    answered = 0
    # A new connection for each request, as 20 people's would be (a kept one would pass any cap).
    transport = httpx.AsyncHTTPTransport(local_address="127.0.9.1", limits=httpx.Limits(max_keepalive_connections=0))
    async with httpx.AsyncClient(timeout=2, transport=transport) as http:
        for _ in range(20):
            try:
                answered += (await http.get(f"http://127.0.0.1:{port}/api/tables")).status_code == 200
            except httpx.HTTPError:
                pass
    try:
        async with websockets.connect(f"ws://127.0.0.1:{port}/ws/{table}", open_timeout=2, ping_interval=None) as ws:
            await ws.send(json.dumps({"type": "hello"}))
            welcomed = json.loads(await asyncio.wait_for(ws.recv(), 2))["type"] == "welcome"
    except (OSError, asyncio.TimeoutError, websockets.WebSocketException):
        welcomed = False
    return {"api_answered": f"{answered}/20", "websocket_welcomed": welcomed}


def server_cpu(pid: int) -> float:
    """Seconds of CPU the server process has used (user and system, Linux's /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def events_logged(db: Path, table: str) -> dict[str, int]:
    with sqlite3.connect(db) as c:
        return dict(c.execute("SELECT kind, count(*) FROM events WHERE table_id = ? GROUP BY kind", (table,)).fetchall())


async def run(args: argparse.Namespace) -> None:
    port = free_port()
    tmp = Path(tempfile.mkdtemp(prefix="bench-flood-", dir=os.environ.get("BENCH_DIR")))
    db = tmp / "bench.db"
    def limit_files() -> None:
        if args.nofile:
            import resource

            resource.setrlimit(resource.RLIMIT_NOFILE, (args.nofile, args.nofile))

    # --profile: the server's event loop (its main thread) under cProfile, written when it stops.
    # (written at SIGUSR1, sent before the server is stopped: a stop may take longer than it is given).
    start = ("import cProfile, signal; from pokerdealer.cli import main; p = cProfile.Profile(); "
             f"signal.signal(signal.SIGUSR1, lambda *a: p.dump_stats({args.profile!r})); p.enable(); main()"
             if args.profile else "from pokerdealer.cli import main; main()")
    server = subprocess.Popen(
        [sys.executable, "-c", start, "serve", "--port", str(port),
         "--db", str(db), "--no-demo", "--pause", str(args.pause), "--grace", "600", "--log-level", "warning",
         *args.serve_args.split()],
        stdout=open(tmp / "server.log", "wb"), stderr=subprocess.STDOUT, preexec_fn=limit_files,  # noqa: PLW1509
    )
    players = Players()
    stop = asyncio.Event()
    tasks: list[asyncio.Task[None]] = []
    base = f"http://127.0.0.1:{port}"
    try:
        async with httpx.AsyncClient(timeout=30) as http:
            for _ in range(300):
                try:
                    if (await http.get(base + "/api/tables")).status_code == 200:
                        break
                except httpx.HTTPError:
                    await asyncio.sleep(0.1)
            quiet = (await http.post(base + "/api/tables", json={"name": "quiet", "seats": 2, "clock": 60})).json()["id"]
            tokens = [(await http.post(f"{base}/api/tables/{quiet}/join", json={"name": n})).json()["token"]
                      for n in ("Ann", "Bob")]
            # queue: Dee and Eve play at the flooded table too (Cy, the flooded seat, never acts:
            # its clock of 2 s checks or folds for it), and their latency is the figure.
            clock = 2 if args.flood == "queue" else 60
            flooded = (await http.post(base + "/api/tables", json={"name": "flooded", "seats": 6, "clock": clock})).json()["id"]
            victim = (await http.post(f"{base}/api/tables/{flooded}/join", json={"name": "Cy"})).json()["token"]
            neighbours = [(await http.post(f"{base}/api/tables/{flooded}/join", json={"name": n})).json()["token"]
                          for n in ("Dee", "Eve")] if args.flood == "queue" else []
            burst_tables = [(await http.post(base + "/api/tables", json={"name": f"crowd {k}", "seats": 6})).json()["id"]
                            for k in range(12)] if args.flood == "burst" else []
            event = ""
            if args.flood == "register":
                event = (await http.post(base + "/api/tournaments",
                                         json={"name": "open", "listed": True, "max_entrants": 1000})).json()["id"]
        for k, token in enumerate(tokens):
            tasks.append(asyncio.create_task(player(port, quiet, token, players, stop, chat=args.flood == "chat" and k == 0,
                                                think=args.think)))
        at_flooded = Players()
        for token in neighbours:
            tasks.append(asyncio.create_task(player(port, flooded, token, at_flooded, stop, chat=False, think=args.think)))
        await asyncio.sleep(args.warmup)
        players.phase = at_flooded.phase = "before"
        await asyncio.sleep(args.baseline)
        spawn = multiprocessing.get_context("spawn")
        out: Any = spawn.Queue()
        flood_args: tuple[Any, ...]
        if args.flood == "frames":
            target, flood_args = flood_frames, (port, flooded, args.seconds, args.sockets, out)
        elif args.flood == "queue":
            target, flood_args = flood_queue, (port, flooded, victim, args.seconds, args.sockets, out)
        elif args.flood == "upload":
            target, flood_args = flood_upload, (port, args.seconds, args.sockets, out)
        elif args.flood == "chat":
            target, flood_args = flood_chat, (port, quiet, args.seconds, args.sockets, out)
        elif args.flood == "burst":
            target, flood_args = flood_burst, (port, burst_tables, args.seconds, args.sockets, args.addresses, out)
        elif args.flood == "idle":
            target, flood_args = flood_idle, (port, args.seconds, args.sockets, args.addresses, args.slow, out)
        else:
            target, flood_args = flood_http, (port, args.flood, event, args.seconds, args.sockets, out)
        proc = spawn.Process(target=target, args=flood_args)
        players.phase = at_flooded.phase = "during"
        t0 = time.perf_counter()
        cpu0 = server_cpu(server.pid)
        proc.start()
        if args.flood_nice and proc.pid is not None:  # the flooder yields the cores to the server and the players
            os.setpriority(os.PRIO_PROCESS, proc.pid, os.getpriority(os.PRIO_PROCESS, proc.pid) + args.flood_nice)
        probe = asyncio.create_task(probe_room(port, flooded, args.seconds)) if args.flood == "idle" else None
        cpu_at: list[tuple[float, float]] = []  # (when, the server's CPU): the flood's phases' CPU
        while proc.is_alive():
            cpu_at.append((time.perf_counter(), server_cpu(server.pid)))
            await asyncio.sleep(0.1)
        during = time.perf_counter() - t0
        cpu = server_cpu(server.pid) - cpu0
        players.phase = at_flooded.phase = "after"
        try:
            counts = out.get(timeout=5)
        except Exception:  # noqa: BLE001 - the flooder died: say so rather than nothing
            counts = {"flooder": f"exit code {proc.exitcode}"}
        if probe is not None:
            counts.update(await probe)
        times = counts.pop("times", {})
        for name, at in times.items():  # the flooder's moments, from its start
            counts[name] = f"{at - t0:+.1f} s"
        if "closing" in times and cpu_at:
            def cpu_by(moment: float) -> float:
                return next((c for at, c in cpu_at if at >= moment), cpu_at[-1][1])

            counts["server CPU opening"] = f"{cpu_by(times['closing']) - cpu0:.2f} s"
            counts["closing"] += f" ({cpu_at[-1][1] - cpu_by(times['closing']):.2f} s of CPU)"
        await asyncio.sleep(args.baseline)
        stop.set()
        for failed in await asyncio.gather(*tasks, return_exceptions=True):
            if failed is not None:
                print(f"a player failed: {failed!r}")
        print(f"flood: {args.flood}, {args.sockets} socket(s)/client(s), {during:.1f} s (with the flooder's start): {counts}")
        print(f"  the server's CPU during the flood: {cpu:.2f} s; load {os.getloadavg()[0]:.1f}")
        if players.longest[0]:
            print(f"  the longest wait during: {1000 * players.longest[0]:.0f} ms, from {players.longest[1] - t0:+.1f} s"
                  f" of the flooder's start; the next: "
                  + ", ".join(f"{1000 * w:.0f} ms from {at - t0:+.1f} s" for w, at in sorted(players.waits)[-4:-1][::-1]))
        for phase in ("before", "during", "after"):
            lat = players.latencies.get(phase, [])
            print(f"  {phase:6} actions {len(lat):5}: p50 {1000 * pct(lat, 0.5):8.1f} ms  p99 {1000 * pct(lat, 0.99):8.1f} ms"
                  f"  max {1000 * max(lat, default=float('nan')):8.1f} ms")
        for phase in ("before", "during", "after") if neighbours else ():
            lat = at_flooded.latencies.get(phase, [])
            print(f"  flooded table's Dee and Eve, {phase:6} actions {len(lat):5}: p50 {1000 * pct(lat, 0.5):8.1f} ms"
                  f"  p99 {1000 * pct(lat, 0.99):8.1f} ms  max {1000 * max(lat, default=float('nan')):8.1f} ms")
        if args.flood == "chat":
            print(f"  Ann's lines: {len(players.chat_heard & {f'ann says {k}' for k in range(1, players.chat_sent + 1)})}"
                  f" of {players.chat_sent} got through")
        async with httpx.AsyncClient(timeout=30) as http:
            lobby = (await http.get(base + "/api/tables")).json()
            tournaments = (await http.get(base + "/api/tournaments")).json()
            listed_t = len(tournaments) if isinstance(tournaments, list) else len(tournaments.get("tournaments", []))
            print(f"  lobby lists {len(lobby)} table(s), {listed_t} tournament(s)")
        print(f"  events logged at the flooded table: {events_logged(db, flooded)}")
    finally:
        stop.set()
        for t in tasks:
            t.cancel()
        if args.profile:
            server.send_signal(signal.SIGUSR1)
            for _ in range(100):
                if Path(args.profile).exists():
                    break
                await asyncio.sleep(0.1)
        server.send_signal(signal.SIGTERM)
        try:
            server.wait(15)
        except subprocess.TimeoutExpired:
            server.kill()


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--flood", choices=FLOODS, default="frames")
    p.add_argument("--seconds", type=float, default=5.0, help="how long the flood lasts")
    p.add_argument("--sockets", type=int, default=1, help="flooding sockets (or concurrent clients)")
    p.add_argument("--baseline", type=float, default=5.0, help="seconds measured before and after the flood")
    p.add_argument("--warmup", type=float, default=2.0)
    p.add_argument("--pause", type=float, default=0.0, help="server pause between hands")
    p.add_argument("--think", type=float, default=0.1, help="seconds a player waits before acting")
    p.add_argument("--addresses", type=int, default=1, help="idle: loopback addresses the connections come from")
    p.add_argument("--slow", action="store_true", help="idle: send a header line every 5 s")
    p.add_argument("--serve-args", default="", help="more options for serve (e.g. '--tcp-most 100000 --request-timeout 3600': no gate)")
    p.add_argument("--nofile", type=int, default=0, help="the server's open-file limit (0: this shell's)")
    p.add_argument("--flood-nice", type=int, default=0, help="the flooding process's niceness, above this one's")
    p.add_argument("--profile", default="", help="write the server's cProfile stats to this file (its loop's thread)")
    args = p.parse_args()
    most = 5000 if args.flood in ("idle", "burst") else 200
    if not 1 <= args.sockets <= most or not 0.5 <= args.seconds <= 120 or not 1 <= args.addresses <= 250:
        p.error(f"--sockets 1..{most}, --seconds 0.5..120, --addresses 1..250")
    asyncio.run(run(args))


if __name__ == "__main__":
    main()
