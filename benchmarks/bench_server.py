"""The poker room under load: many six-player tables, every seat a
websocket client playing by a simple random policy, against one
``pokerdealer serve`` process on 127.0.0.1 (or several behind nginx).

Measured: tables held (every seat connected and hands completing during
the measured window), actions per second, and action -> broadcast latency:
from a client sending an action to each of the table's six readers
receiving the state that includes it (the server writes the action to the
database before it tells anyone). Bounded: the table count, a ramp-up, a
warm-up and a fixed measured window; everything on loopback.

The clients run in several processes (``--client-procs``; by default one for
every 150 tables): one process at 400 tables used 80% of a core and its loop
ran up to 1.1 s late, so it measured itself. Each process plays whole tables,
so the six readers of a table share one clock; the parent sends every process
the same measured window (``time.monotonic`` is one clock on the machine) and
adds up what they saw. Each client's own loop lag is reported beside the
latency, with a warning when it is not well under it, and the clients' CPU
beside the server's: on this 2-core machine what they take the room does not get.

The clients are made cheap for that reason. A seat is an ``asyncio.Protocol`` on
websockets' sans-I/O client (no task or queue per message, a timer per action),
and a state is read for the few parts a player needs (:func:`quick_state`; the
first states of each process are checked against a full parse). The ramp-up
opens up to ``OPENING`` tables at a time in each process, and every HTTP client
shares one TLS context (httpx loaded the CA bundle for each, 21 ms of CPU, one
client per join). It reports how long the creates, joins and websocket
handshakes took, and is over when every seat's websocket is open. No limit of
the room is lifted: every table's host and players come from addresses of their
own, as the room's per-address limits expect.

``--processes K --proxy nginx`` runs K ``serve`` processes on one PostgreSQL
database behind an unprivileged nginx with the configuration
docs/room/postgresql.md shows (hash on the table id; tests/server/proxy.py): the clients reach everything
through the one address. On a 2-core machine this shows the mechanism, not
more capacity.

Run:  uv run python benchmarks/bench_server.py [--tables 200] [--seconds 30] [--think 0.5] [--backend postgresql]
          [--client-procs N] [--processes 2 --proxy nginx]
      (BENCH_DIR=/dev/shm puts the SQLite file in memory-backed storage)
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import multiprocessing as mp
import os
import random
import re
import resource
import signal
import socket
import ssl
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import websockets
from websockets.client import ClientProtocol
from websockets.frames import Frame, Opcode
from websockets.http11 import Response
from websockets.protocol import State
from websockets.uri import parse_uri

ROOT = Path(__file__).resolve().parent.parent
#: Tables one client process plays at most by default: 400 tables in one process
#: took 80% of a core and its loop ran up to 1.1 s late.
TABLES_PER_CLIENT = 150
#: Tables one client process opens at once (create, six joins, six websockets).
OPENING = 32
#: Seconds a client process waits, after its last join, for every seat's websocket to open.
CONNECT_WAIT = 60.0
#: The room is plain HTTP on loopback: one TLS context for every client, never used.
#: httpx builds one for each client it makes, loading the CA bundle (a few ms of CPU):
#: with a client per join that was 7,000 loads to seat 1,000 tables.
NO_TLS = ssl.create_default_context()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


async def wait_up(http: httpx.AsyncClient, base: str, procs: subprocess.Popen | list[subprocess.Popen], timeout: float = 120) -> None:
    """Until the room answers (a loaded machine takes a while to import it); fail if it never does."""
    procs = procs if isinstance(procs, list) else [procs]
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for proc in procs:
            if proc.poll() is not None:
                sys.exit(f"a server process exited ({proc.returncode}) before it answered")
        try:
            if (await http.get(base + "/api/tables")).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        await asyncio.sleep(0.2)
    sys.exit(f"the room did not answer at {base} in {timeout:.0f} s")


# --------------------------------------------------------------- one client process


@dataclass(frozen=True)
class Plan:
    """What one client process plays: tables ``first`` .. ``first + count - 1``."""

    index: int
    base: str  # http://host:port of the room (the proxy, or the one server)
    first: int
    count: int
    think: float
    seed: int
    uvloop: bool = True


class Stats:
    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.actions = 0
        self.hands_done: dict[str, set[int]] = {}
        self.measuring = False
        self.errors = 0
        self.error_samples: list[str] = []
        self.client_lag: list[float] = []
        self.moved = 0  # reconnections after "elsewhere" (4409): the table was on another process
        self.ramping = False
        self.quick = True  # states read by quick_state; False once it disagreed with a full parse
        self.checked = 0
        #: Seconds each create, join and first websocket handshake took in the ramp-up.
        self.ramp: dict[str, list[float]] = {"create": [], "join": [], "connect": []}


class TableLoad:
    """One table: its pending actions (key -> send time) shared by its six clients."""

    def __init__(self, table_id: str) -> None:
        self.id = table_id
        self.pending: dict[tuple[int, int], float] = {}
        self.connected = 0


def http_from(local: str) -> httpx.AsyncClient:
    """An HTTP client whose connections come from the loopback address ``local``."""
    return httpx.AsyncClient(transport=httpx.AsyncHTTPTransport(local_address=local, verify=NO_TLS), timeout=120)


def address(k: int) -> str:
    """The ``k``-th client's own loopback address (127.0.1.1, 127.0.1.2, ...): players
    come from addresses of their own, and the room caps the connections of one address."""
    return f"127.0.{1 + k // 250}.{1 + k % 250}"


#: A websocket closed with this code (or an "elsewhere" error) means another process
#: holds the table: the page reconnects, and so does the benchmark.
ELSEWHERE = 4409


_HAND = re.compile(rb'"hand":(?:null|\{"number":(\d+),)')
_ACTIONS = re.compile(rb'"actions":(\d+)[,}]')
_LAST = re.compile(r',"last_hand":\{"number":(\d+)[,}]')
_DECODER = json.JSONDecoder()
#: States of each client process read both ways, the quick read checked against the full parse.
CHECKED = 300


def quick_state(text: bytes) -> dict[str, Any] | None:
    """What a seated player reads of a state -- the hand's number and actions, its own
    part (``you``), the last hand's number -- without parsing the rest; None when the
    state is not laid out as expected (then it is parsed in full).

    A state is 4 to 8 KB and parsing all of it took 53 µs, 14 µs this way. In JSON a
    quote inside a string is escaped, so ``"hand":`` and ``,"you":`` are keys wherever
    they stand; the room writes ``you`` after ``seats``, and ``last_hand`` after ``you``.

    >>> quick_state(b'{"type":"state","hand":{"number":3,"pots":[],"actions":7,"log":[]},"seats":[],"you":{"seat":2}}')
    {'type': 'state', 'hand': {'number': 3, 'actions': 7}, 'you': {'seat': 2}}
    >>> quick_state(b'{"type":"state","hand":null,"seats":[],"you":{"seat":null},"last_hand":{"number":4,"x":1}}')
    {'type': 'state', 'hand': None, 'you': {'seat': None}, 'last_hand': {'number': 4}}
    """
    if not text.startswith(b'{"type":"state",'):
        return None
    h = _HAND.search(text)
    seats = text.find(b'"seats":')
    you_at = text.find(b',"you":', seats)
    if h is None or seats < 0 or you_at < 0:
        return None
    hand = None
    if h.group(1) is not None:
        a = _ACTIONS.search(text, h.end())
        if a is None:
            return None
        hand = {"number": int(h.group(1)), "actions": int(a.group(1))}
    tail = text[you_at + 7:].decode()
    you, end = _DECODER.raw_decode(tail)
    msg: dict[str, Any] = {"type": "state", "hand": hand, "you": you}
    last = _LAST.match(tail, end) if tail[end:end + 1] == "," else None
    if last is not None:
        msg["last_hand"] = {"number": int(last.group(1))}
    return msg


def agrees(quick: dict[str, Any], full: dict[str, Any]) -> bool:
    """Whether the quick read of a state holds what the full parse has of the same parts."""
    hand = full.get("hand")
    last = full.get("last_hand")
    return (quick["hand"] == (None if hand is None else {"number": hand["number"], "actions": hand["actions"]})
            and quick["you"] == full.get("you")
            and quick.get("last_hand") == (None if not last else {"number": last["number"]}))


class Seat(asyncio.Protocol):
    """One seat's websocket, driven by the loop's callbacks: websockets' sans-I/O
    client protocol frames the bytes, and a state is read in ``data_received``.

    With websockets' asyncio connection every message went through a queue and a
    waiting task, and every action was a task of its own: at 150 tables in one
    process that was most of the client's CPU, on a machine where the clients
    share two cores with the server they measure. A reader's receive time is
    taken when its bytes arrive, before anything is parsed."""

    def __init__(self, load: TableLoad, token: str, stats: Stats, think: float, rng: random.Random, uri: str) -> None:
        self.load, self.token, self.stats, self.think, self.rng = load, token, stats, think, rng
        self.proto = ClientProtocol(parse_uri(uri), max_size=2**20)
        loop = asyncio.get_running_loop()
        self.loop = loop
        self.opened: asyncio.Future[None] = loop.create_future()
        self.closed: asyncio.Future[None] = loop.create_future()
        # A handshake that failed after its waiter gave up is not an unretrieved exception.
        self.opened.add_done_callback(lambda f: f.cancelled() or f.exception())
        self.transport: asyncio.Transport | None = None
        self.elsewhere = False
        self.seen: set[tuple[int, int]] = set()
        self.acting: tuple[int, int] | None = None
        self.timer: asyncio.TimerHandle | None = None
        self.sitting = False  # a sit is on its way: one, not one a state
        self.parts: list[bytes] = []  # a fragmented message's frames so far

    # ----------------------------------------------------------- the socket
    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport  # type: ignore[assignment] - uvloop's are no asyncio.Transport, but behave as one
        self.proto.send_request(self.proto.connect())
        self._flush()

    def data_received(self, data: bytes) -> None:
        now = time.perf_counter()
        self.proto.receive_data(data)
        for event in self.proto.events_received():
            if isinstance(event, Frame):
                if event.opcode is Opcode.TEXT or event.opcode is Opcode.CONT:
                    if not event.fin or self.parts:
                        self.parts.append(bytes(event.data))
                        if not event.fin:
                            continue
                        text, self.parts = b"".join(self.parts), []
                    else:
                        text = event.data
                    self._state(text, now)
            elif isinstance(event, Response) and not self.opened.done():
                if self.proto.handshake_exc is not None:
                    self.opened.set_exception(self.proto.handshake_exc)
                else:
                    self.opened.set_result(None)
                    self._send({"type": "hello", "token": self.token})
        self._flush()
        if self.proto.close_expected() and self.transport is not None:
            self.transport.close()  # the close frame is answered (above): nothing more to read

    def connection_lost(self, exc: Exception | None) -> None:
        self.proto.receive_eof()
        if self.timer is not None:
            self.timer.cancel()
        if not self.opened.done():
            self.opened.set_exception(exc or ConnectionError("closed before the handshake"))
        if not self.closed.done():
            self.closed.set_result(None)

    def _flush(self) -> None:
        assert self.transport is not None
        if self.transport.is_closing():
            self.proto.data_to_send()  # nothing more goes out of a socket being closed
            return
        for data in self.proto.data_to_send():
            if data:
                self.transport.write(data)
            elif self.transport.can_write_eof():
                self.transport.write_eof()

    def _send(self, msg: dict[str, Any]) -> None:
        if self.proto.state is State.OPEN:
            self.proto.send_text(json.dumps(msg).encode())
            self._flush()

    def close(self) -> None:
        if self.transport is not None:
            self.transport.abort()

    # ----------------------------------------------------------- the player
    def _state(self, text: bytes, now: float) -> None:
        """Read a state: the pending actions it holds are measured, and the seat
        acts (after its think time) when the state gives it legal actions."""
        stats, load = self.stats, self.load
        msg = quick_state(text) if stats.quick else None
        if msg is None or stats.checked < CHECKED:
            full = json.loads(text)
            if msg is not None:
                stats.checked += 1
                if not agrees(msg, full):
                    stats.quick = False  # the room's layout changed: every state is parsed in full from now on
            msg = full
        elif (msg["you"].get("seat") is None and msg["you"].get("member") is not None):
            msg = json.loads(text)  # it sits down: the table's buy-in is wanted
        kind = msg["type"]
        if kind == "error":
            if msg.get("code") == "elsewhere":
                self.elsewhere = True
                self.close()
                return
            stats.errors += 1
            if len(stats.error_samples) < 5:
                stats.error_samples.append(msg["message"])
            return
        if kind != "state":
            return
        hand = msg["hand"]
        last = msg.get("last_hand")
        if last and stats.measuring:
            stats.hands_done.setdefault(load.id, set()).add(last["number"])
        if load.pending:
            seen = self.seen
            for key, t0 in load.pending.items():
                if key in seen:
                    continue
                h, n = key
                if hand is None or hand["number"] > h or hand["actions"] >= n:
                    seen.add(key)
                    if stats.measuring:
                        stats.latencies.append(now - t0)
        you = msg.get("you") or {}
        if you.get("seat") is None and (you.get("member") is not None):
            if not self.sitting:
                self.sitting = True
                self.timer = self.loop.call_later(self.rng.uniform(0.5, 1.5) * self.think, self._sit, msg["table"]["max_buy_in"])
            return
        legal = you.get("legal")
        if legal and hand and self.acting != (hand["number"], hand["actions"]):
            self.acting = (hand["number"], hand["actions"])
            action = policy(legal, self.rng)
            action.update(type="act", hand=hand["number"], at=hand["actions"])
            key = (hand["number"], hand["actions"] + 1)
            self.timer = self.loop.call_later(self.rng.uniform(0.5, 1.5) * self.think, self._act, key, action)

    def _sit(self, amount: int) -> None:
        self.sitting = False
        self._send({"type": "sit", "amount": amount})

    def _act(self, key: tuple[int, int], action: dict[str, Any]) -> None:
        if self.proto.state is not State.OPEN:
            return  # closed while thinking
        pending = self.load.pending
        pending[key] = time.perf_counter()
        if len(pending) > 16:
            for k in sorted(pending)[:-16]:
                del pending[k]
        if self.stats.measuring:
            self.stats.actions += 1
        self._send(action)


async def seat_client(base: str, load: TableLoad, token: str, stats: Stats, think: float, rng: random.Random, k: int) -> None:
    """One seat: connect, play, and reconnect when the table turns out to be on another process."""
    uri = base.replace("http://", "ws://") + f"/ws/{load.id}"
    host, port = base.removeprefix("http://").rsplit(":", 1)
    loop = asyncio.get_running_loop()
    while True:
        seat = Seat(load, token, stats, think, rng, uri)
        t = time.perf_counter()
        try:
            await asyncio.wait_for(loop.create_connection(lambda: seat, host, int(port), local_addr=(address(k), 0)), 30)
            await asyncio.wait_for(asyncio.shield(seat.opened), 30)
            if stats.ramping:
                stats.ramp["connect"].append(time.perf_counter() - t)
        except (OSError, asyncio.TimeoutError, websockets.InvalidHandshake):
            seat.close()
            elsewhere = True  # a process that died or refused: try again as the page does
        else:
            load.connected += 1
            try:
                await seat.closed
            finally:
                load.connected -= 1
                seat.close()
            elsewhere = seat.elsewhere or seat.proto.close_code == ELSEWHERE
        if not elsewhere:
            return
        stats.moved += 1
        await asyncio.sleep(0.2 + rng.random() * 0.3)


async def loop_lag(stats: Stats) -> None:
    """How late the client's own event loop runs (it must not be the bottleneck)."""
    while True:
        t = time.perf_counter()
        await asyncio.sleep(0.01)
        stats.client_lag.append(time.perf_counter() - t - 0.01)


def policy(legal: dict, rng: random.Random) -> dict:
    r = rng.random()
    if legal["min_raise"] is not None and r < 0.08:
        return {"kind": "raise", "amount": legal["min_raise"]}
    if legal["check"]:
        return {"kind": "check"}
    if r < 0.25:
        return {"kind": "fold"}
    return {"kind": "call"}


async def _retrying(post: Any, what: str, deadline: float) -> httpx.Response:
    """A request that a proxy may send to a process not (yet) holding the table (409),
    or that could not connect: tried again until ``deadline``. Not one that timed out:
    the room may have done it (a join sent again took a seventh seat: "the table is full")."""
    while True:
        try:
            r = await post()
        except (httpx.ConnectError, httpx.ConnectTimeout) as e:
            if time.monotonic() > deadline:
                raise RuntimeError(f"{what}: {e!r}") from e
        else:
            if r.status_code == 200:
                return r
            if r.status_code not in (409, 502, 503, 504) or time.monotonic() > deadline:  # 502: nginx before the process
                raise RuntimeError(f"{what}: HTTP {r.status_code} {r.text[:200]}")
        await asyncio.sleep(0.3)


async def client_run(conn: Any, plan: Plan) -> None:
    """One client process: open its tables, say ready, measure the window the parent
    names, send back what it saw, and stop when told."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, 65536), hard))
    loop = asyncio.get_running_loop()
    stats = Stats()
    rng = random.Random(plan.seed)
    loads: list[TableLoad] = []
    tasks: list[asyncio.Task] = []
    base = plan.base

    opening = asyncio.Semaphore(OPENING)

    async def open_table(k: int) -> None:
        deadline = time.monotonic() + 300
        async with opening:
            # Each table's host and players from their own addresses, as the room's limits expect.
            t = time.perf_counter()
            async with http_from(address(6 * k)) as own:
                r = await _retrying(lambda: own.post(base + "/api/tables", json={"name": f"bench {k}", "bots": [], "seats": 6, "clock": 60}),
                                    f"create table {k}", deadline)
            stats.ramp["create"].append(time.perf_counter() - t)
            load = TableLoad(r.json()["id"])
            loads.append(load)

            async def join(s: int) -> str:
                t = time.perf_counter()
                async with http_from(address(6 * k + s)) as own:
                    r = await _retrying(lambda: own.post(f"{base}/api/tables/{load.id}/join", json={"name": f"p{s}"}),
                                        f"join table {k}", deadline)
                stats.ramp["join"].append(time.perf_counter() - t)
                return r.json()["token"]

            # The six at once: one after another, 400 tables took over 10 minutes to open at load 14.
            for s, token in enumerate(await asyncio.gather(*(join(s) for s in range(6)))):
                tasks.append(asyncio.create_task(seat_client(
                    base, load, token, stats, plan.think, random.Random(rng.random()), 6 * k + s)))

    t_ramp = time.perf_counter()
    cpu_ramp = time.process_time()
    stats.ramping = True
    try:
        # A table is opened as soon as one before it is done (OPENING at once), not in
        # batches that each waited for their slowest table.
        await asyncio.gather(*(open_table(k) for k in range(plan.first, plan.first + plan.count)))
    except (RuntimeError, httpx.HTTPError) as e:
        conn.send(("failed", str(e) or repr(e)))
        return
    joined = time.perf_counter() - t_ramp
    # Ready once every seat's websocket is open (a table is seated when its six read it),
    # or after CONNECT_WAIT seconds: the report says how many were.
    wait_until = time.monotonic() + CONNECT_WAIT
    while any(ld.connected < 6 for ld in loads) and time.monotonic() < wait_until:
        await asyncio.sleep(0.05)
    stats.ramping = False
    conn.send(("ready", {"joined": joined, "connected": time.perf_counter() - t_ramp,
                         "cpu": time.process_time() - cpu_ramp, **stats.ramp}))
    _, t0, t1 = await loop.run_in_executor(None, conn.recv)
    await asyncio.sleep(max(0.0, t0 - time.monotonic()))
    lag = asyncio.create_task(loop_lag(stats))
    stats.measuring = True
    me0 = time.process_time()
    await asyncio.sleep(max(0.0, t1 - time.monotonic()))
    stats.measuring = False
    me1 = time.process_time()
    lag.cancel()
    conn.send(("done", {
        "latencies": stats.latencies, "actions": stats.actions, "errors": stats.errors,
        "error_samples": stats.error_samples, "lag": stats.client_lag, "cpu": me1 - me0,
        "moved": stats.moved, "quick": stats.quick,
        "connected": sum(1 for ld in loads if ld.connected == 6),
        "held": sum(1 for ld in loads if ld.connected == 6 and len(stats.hands_done.get(ld.id, ())) >= 1),
        "hands": sum(len(v) for v in stats.hands_done.values()),
    }))
    await loop.run_in_executor(None, conn.recv)  # "stop"
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)


def client_main(conn: Any, plan: Plan) -> None:
    """The entry of a client process (spawned: nothing of the parent's loop is inherited)."""
    if plan.uvloop:
        try:
            import uvloop

            uvloop.install()
        except ImportError:
            pass
    asyncio.run(client_run(conn, plan))


# --------------------------------------------------------------- the parent


def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def cpu_seconds(pid: int) -> float:
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def rss_mib(pid: int) -> float:
    """The process's resident memory (MiB)."""
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return float("nan")


async def stop_all(tasks: list[asyncio.Task], server: subprocess.Popen) -> None:
    """Cancel in-process clients, then stop the server (bench_event_players plays in one process)."""
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    stop_process(server)


def stop_process(proc: subprocess.Popen, timeout: float = 15) -> None:
    """SIGTERM, then kill after ``timeout`` seconds."""
    if proc.poll() is None:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(timeout)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(5)


@dataclass
class Room:
    """The server processes (and the proxy in front of them) the clients play against."""

    base: str
    servers: list[subprocess.Popen]
    proxy: subprocess.Popen | None = None
    logs: list[Path] = field(default_factory=list)

    def stop(self) -> None:
        for proc in self.servers:
            stop_process(proc)
        if self.proxy is not None:
            stop_process(self.proxy)


def start_serve(port: int, db: str, args: argparse.Namespace, log: Path, extra: tuple[str, ...] = ()) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-c", "from pokerdealer.cli import main; main()", "serve", "--port", str(port),
         "--db", db, "--no-demo", "--pause", str(args.pause), "--grace", "600", *extra],
        stdout=open(log, "wb"), stderr=subprocess.STDOUT,  # noqa: SIM115 - open for the child's life
    )


def start_room(args: argparse.Namespace, db: str, tmp: Path) -> Room:
    if args.proxy is None:
        port = free_port()
        log = tmp / "server.log"
        return Room(f"http://127.0.0.1:{port}", [start_serve(port, db, args, log)], logs=[log])
    sys.path.insert(0, str(ROOT))  # the tests' nginx helper
    from tests.server.proxy import Nginx

    ports = [free_port() for _ in range(args.processes)]
    # Behind the proxy every client has nginx's address: it forwards each client's own
    # (the room's per-address limits), and the room believes it from 127.0.0.1 only.
    servers, logs = [], []
    for port in ports:
        log = tmp / f"server-{port}.log"
        logs.append(log)
        servers.append(start_serve(port, db, args, log, ("--trust-forwarded", "127.0.0.1")))
    nginx = Nginx(tmp / "nginx", [f"127.0.0.1:{p}" for p in ports])
    proxy = nginx.start()
    logs.append(nginx.error_log)
    return Room(nginx.base, servers, proxy, logs)


async def run(args: argparse.Namespace, db: str) -> None:
    tmp = Path(tempfile.mkdtemp(prefix="bench-server-", dir=os.environ.get("BENCH_DIR")))
    db = db or str(tmp / "bench.db")
    room = start_room(args, db, tmp)
    ctx = mp.get_context("spawn")
    workers: list[tuple[Any, Any]] = []
    try:
        async with httpx.AsyncClient(timeout=30) as http:
            await wait_up(http, room.base, room.servers)
        pids = [p.pid for p in room.servers]
        rss0 = [rss_mib(pid) for pid in pids]
        n = args.client_procs or math.ceil(args.tables / TABLES_PER_CLIENT)
        n = max(1, min(n, args.tables))
        t_ramp = time.perf_counter()
        cpu_ramp = [cpu_seconds(pid) for pid in pids]
        for i in range(n):
            first, last = i * args.tables // n, (i + 1) * args.tables // n
            plan = Plan(i, room.base, first, last - first, args.think, 1000 + i)
            parent, child = ctx.Pipe()
            proc = ctx.Process(target=client_main, args=(child, plan), daemon=True)
            proc.start()
            workers.append((proc, parent))
        loop = asyncio.get_running_loop()
        ready = []
        for proc, parent in workers:
            said = await loop.run_in_executor(None, _recv, parent, proc, 1200)
            if said[0] != "ready":
                sys.exit(f"a client process could not open its tables: {said[1]}")
            ready.append(said[1])
        ramp = time.perf_counter() - t_ramp
        report_ramp(ramp, ready, sum(cpu_seconds(pid) for pid in pids) - sum(cpu_ramp))
        await asyncio.sleep(args.warmup)
        t0 = time.monotonic() + 0.5
        t1 = t0 + args.seconds
        for _, parent in workers:
            parent.send(("window", t0, t1))
        print(f"measuring for {args.seconds:g} s (server pids {' '.join(map(str, pids))})", flush=True)  # a profiler may start now
        await asyncio.sleep(t0 - time.monotonic())
        cpu0 = [cpu_seconds(pid) for pid in pids]
        proxy_cpu0 = cpu_tree(room.proxy.pid) if room.proxy else 0.0
        await asyncio.sleep(max(0.0, t1 - time.monotonic()))
        cpu1 = [cpu_seconds(pid) for pid in pids]
        proxy_cpu1 = cpu_tree(room.proxy.pid) if room.proxy else 0.0
        rss1 = [rss_mib(pid) for pid in pids]
        results = []
        for proc, parent in workers:
            said = await loop.run_in_executor(None, _recv, parent, proc, 120)
            results.append(said[1])
        report(args, n, ramp, t1 - t0, results, cpu0, cpu1, rss0, rss1, proxy_cpu1 - proxy_cpu0, room)
    finally:
        for proc, parent in workers:
            try:
                parent.send(("stop",))
            except (BrokenPipeError, OSError):
                pass
        for proc, _ in workers:
            proc.join(20)
            if proc.is_alive():
                proc.terminate()
        room.stop()


def _recv(conn: Any, proc: Any, timeout: float) -> tuple:
    """The next message of a client process, or exit if it died or said nothing in time."""
    if not conn.poll(timeout):
        sys.exit(f"client process {proc.pid} said nothing in {timeout:.0f} s")
    try:
        return conn.recv()
    except EOFError:
        sys.exit(f"client process {proc.pid} exited ({proc.exitcode})")


def cpu_tree(pid: int) -> float:
    """CPU seconds of a process and its direct children (nginx's master and workers)."""
    total = cpu_seconds(pid)
    try:
        children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    except OSError:
        children = []
    for child in children:
        try:
            total += cpu_seconds(int(child))
        except OSError:
            pass
    return total


def report_ramp(ramp: float, ready: list[dict[str, Any]], server_cpu: float) -> None:
    """How the tables were seated: each step's time from the clients, and who spent the CPU."""
    def spread(key: str) -> str:
        xs = [x for r in ready for x in r[key]]
        return f"p50 {1000 * pct(xs, 0.5):.0f} / p99 {1000 * pct(xs, 0.99):.0f} / max {1000 * max(xs, default=float('nan')):.0f} ms"

    print(f"ramp-up: {ramp:.1f} s (joined by {max(r['joined'] for r in ready):.1f} s, every websocket open by "
          f"{max(r['connected'] for r in ready):.1f} s; load average {os.getloadavg()[0]:.1f}); "
          f"server CPU {server_cpu:.1f} s, clients {sum(r['cpu'] for r in ready):.1f} s", flush=True)
    print(f"  create {spread('create')}; join {spread('join')}; websocket handshake {spread('connect')}", flush=True)


def report(args: argparse.Namespace, n: int, ramp: float, elapsed: float, results: list[dict],
           cpu0: list[float], cpu1: list[float], rss0: list[float], rss1: list[float], proxy_cpu: float, room: Room) -> None:
    lat = [x for r in results for x in r["latencies"]]
    actions = sum(r["actions"] for r in results)
    errors = sum(r["errors"] for r in results)
    samples = [s for r in results for s in r["error_samples"]][:5]
    connected = sum(r["connected"] for r in results)
    held = sum(r["held"] for r in results)
    server_cpu = sum(cpu1) - sum(cpu0)
    clients_cpu = sum(r["cpu"] for r in results)
    where = f"{args.processes} serve processes behind {args.proxy}" if args.proxy else "one serve process"
    print(f"backend: {args.backend}; {where}; load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs")
    print(f"tables: {args.tables} six-player tables, {6 * args.tables} websocket clients in {n} client processes, "
          f"think {args.think}s (ramp-up {ramp:.1f}s, warm-up {args.warmup}s, measured {elapsed:.1f}s)")
    print(f"  tables held:       {held}/{args.tables} (all six seats connected: {connected}; hands completing in the window)")
    print(f"  actions:           {actions} ({actions / elapsed:.0f}/s), broadcasts measured: {len(lat)}")
    print(f"  action->broadcast: p50 {1000 * pct(lat, 0.5):.1f} ms, p99 {1000 * pct(lat, 0.99):.1f} ms, "
          f"max {1000 * max(lat, default=float('nan')):.1f} ms, mean {1000 * statistics.fmean(lat) if lat else float('nan'):.1f} ms")
    lags = []
    for i, r in enumerate(results):
        lags.append(pct(r["lag"], 0.99))
        print(f"  client {i} loop lag: p99 {1000 * pct(r['lag'], 0.99):.1f} ms, max {1000 * max(r['lag'], default=0):.1f} ms, "
              f"CPU {100 * r['cpu'] / elapsed:.0f}% of a core")
    print(f"  hands completed:   {sum(r['hands'] for r in results)}")
    if args.proxy:
        print(f"  reconnections:     {sum(r['moved'] for r in results)} (4409: a table on another process, the reader moved with it)")
    print(f"  server CPU:        {100 * server_cpu / elapsed:.0f}% of one core"
          + (f" ({', '.join(f'{100 * (b - a) / elapsed:.0f}%' for a, b in zip(cpu0, cpu1))})" if len(pids_of(room)) > 1 else "")
          + (f", nginx {100 * proxy_cpu / elapsed:.0f}%" if room.proxy else "")
          + f"; errors from server: {errors} {samples}")
    # The clients share the machine with what they measure: what they take is what the room did not get.
    print(f"  clients' CPU:      {100 * clients_cpu / elapsed:.0f}% of one core in {n} processes, beside the server's "
          f"{100 * server_cpu / elapsed:.0f}% ({100 * (clients_cpu + server_cpu) / elapsed / (os.cpu_count() or 1):.0f}% "
          f"of the machine's {os.cpu_count()} cores together; {1000 * clients_cpu / max(1, actions):.2f} ms of client CPU an action)")
    print(f"  CPU per action:    {1000 * server_cpu / max(1, actions):.2f} ms (the server's CPU seconds / actions: "
          f"another load on the machine hardly changes it)")
    print(f"  server memory:     {sum(rss1):.0f} MiB ({sum(rss0):.0f} MiB idle; {1024 * (sum(rss1) - sum(rss0)) / args.tables:.0f} KiB a table)")
    if not all(r["quick"] for r in results):
        print("NOTE: a state's quick read disagreed with its full parse (the room's layout changed?): "
              "those clients parsed every state in full from then on, at more CPU", flush=True)
    worst = max(lags, default=float("nan"))
    p99 = pct(lat, 0.99)
    # A client loop running late delays its readers' receive time: when its lag is not
    # well under the latency, the figure measures the client, not the room. (Under 10 ms
    # is the noise of a shared machine's scheduler, not a client that cannot keep up.)
    if not (worst < p99 / 4 or worst < 0.010):
        print(f"WARNING: a client loop's lag p99 ({1000 * worst:.0f} ms) is not well under the latency p99 "
              f"({1000 * p99:.0f} ms): the figure measures the client; use more --client-procs", flush=True)
    if connected < args.tables or not lat:
        logs = ", ".join(str(p) for p in room.logs)
        sys.exit(f"measured too little: {connected} of {args.tables} tables connected, {len(lat)} broadcasts (see {logs})")


def pids_of(room: Room) -> list[int]:
    return [p.pid for p in room.servers]


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--tables", type=int, default=200)
    p.add_argument("--seconds", type=float, default=30.0)
    p.add_argument("--warmup", type=float, default=10.0)
    p.add_argument("--think", type=float, default=0.5, help="mean seconds a client waits before acting")
    p.add_argument("--pause", type=float, default=1.0, help="server pause between hands")
    p.add_argument("--backend", choices=("sqlite", "postgresql"), default="sqlite",
                   help="postgresql: a throwaway cluster of Debian's postgresql package (the tests' own)")
    p.add_argument("--client-procs", type=int, default=0,
                   help=f"client processes (default: one for every {TABLES_PER_CLIENT} tables); each plays whole tables")
    p.add_argument("--processes", type=int, default=1, help="serve processes (more than one needs --proxy nginx)")
    p.add_argument("--proxy", choices=("nginx",), default=None,
                   help="nginx: the serve processes behind an unprivileged nginx (the config of docs/room/postgresql.md) on one address")
    args = p.parse_args()
    if not 1 <= args.tables <= 1000 or not 1 <= args.seconds <= 600:
        p.error("--tables 1..1000, --seconds 1..600")
    if not 0 <= args.client_procs <= 64:
        p.error("--client-procs 0..64 (0: one for every 150 tables)")
    if not 1 <= args.processes <= 16:
        p.error("--processes 1..16")
    if args.processes > 1 and args.proxy is None:
        p.error("--processes 2 or more needs --proxy nginx (one address for the clients)")
    if args.processes > 1 and args.backend != "postgresql":
        p.error("--processes 2 or more needs --backend postgresql (one database every process shares)")
    try:
        import uvloop

        uvloop.install()
    except ImportError:
        pass
    if args.backend == "sqlite":
        asyncio.run(run(args, ""))
        return
    sys.path.insert(0, str(ROOT))  # the tests' PostgreSQL cluster
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
