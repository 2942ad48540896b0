"""A big tournament in the room, as its players see it: a ``--entrants`` event
(``--players`` of them people at their browsers, the rest the room's bots)
on one ``pokerdealer serve`` process (SQLite).

Each player is a websocket client with its own loopback address (as players
have their own), acting after ``--think`` seconds on average and following
its moves from table to table. Measured during the window:

- a player's own action: from sending it to receiving the state that holds
  it (p50 / p99 / max), and the refusals ("not your turn" among them);
- the TV page: ``GET /api/tournaments/{id}?counts=30&standings=10`` (what the page asks:
  the 30 biggest stacks and the 10 best places, ``--tv-query``) polled twice a second
  (p50 / p99 / max), and the standings' CSV every two seconds;
- the server's CPU and memory, and the hands finished in the whole event.

The room takes events of up to 1,000 entrants. ``--entrants`` above that (up
to 10,000) starts the server through a launcher that lifts that cap, and the
64 KB body cap the bots' list would pass, for this measurement only: it asks
whether one process could hold such an event, not whether the room offers it.

Run:  uv run python benchmarks/bench_event_players.py [--entrants 1000] [--players 100] [--seconds 60]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import resource
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
import websockets

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_server import (  # noqa: E402
    address,
    cpu_seconds,
    free_port,
    loop_lag,
    pct,
    policy,
    rss_mib,
    stop_all,
    wait_up,
)

#: The most entrants the room takes (server/tournament.py); above it the launcher below.
ROOM_CAP = 1000
#: The server's entry with the entrants cap and the body cap lifted, for a measurement above ROOM_CAP.
LIFTED = """
import pokerdealer.server.middleware as m, pokerdealer.server.tournament as t
whole = t._whole
t._whole = lambda d, key, low, high, default: whole(d, key, low, 10_000 if key == "max_entrants" else high, default)
m.Edge.__init__.__kwdefaults__["max_body"] = 1 << 20
from pokerdealer.cli import main; main()
"""


class Stats:
    def __init__(self) -> None:
        self.own: list[float] = []
        self.tv: list[float] = []
        self.standings: list[float] = []
        self.timeouts = 0  # TV or standings reads unanswered in 30 s
        self.actions = 0
        self.refusals: dict[str, int] = {}
        self.moves = 0
        self.measuring = False
        self.client_lag: list[float] = []


async def player(base: str, port: int, event: str, token: str, k: int, think: float, stats: Stats) -> None:
    """Sit where ``/me`` says, play every decision, go where a move sends the player; until out."""
    rng = random.Random(k)
    transport = httpx.AsyncHTTPTransport(local_address=address(k))
    async with httpx.AsyncClient(transport=transport, timeout=120) as http:
        while True:
            me = (await http.get(f"{base}/api/tournaments/{event}/me", headers={"X-Player-Token": token})).json()
            if me.get("status") in ("out", "finished"):
                return
            if me.get("table") is None:
                await asyncio.sleep(0.5)
                continue
            await play_table(port, me["table"], me["seat_token"], k, think, rng, stats)


async def play_table(port: int, table: str, token: str, k: int, think: float, rng: random.Random, stats: Stats) -> None:
    uri = f"ws://127.0.0.1:{port}/ws/{table}"
    sent: dict[tuple[int, int], float] = {}
    acting: tuple[int, int] | None = None
    async with websockets.connect(uri, max_size=2**22, open_timeout=60, ping_interval=None,
                                  local_addr=(address(k), 0)) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token}))
        async for text in ws:
            now = time.perf_counter()
            msg = json.loads(text)
            kind = msg["type"]
            if kind == "moved":
                stats.moves += 1
                return
            if kind == "error":
                if stats.measuring:
                    key = msg.get("key", msg.get("message", "?"))
                    stats.refusals[key] = stats.refusals.get(key, 0) + 1
                continue
            if kind != "state":
                continue
            hand = msg.get("hand")
            for key, t0 in list(sent.items()):
                if hand is None or hand["number"] > key[0] or hand["actions"] >= key[1]:
                    del sent[key]
                    if stats.measuring:
                        stats.own.append(now - t0)
            you = msg.get("you") or {}
            if you.get("seat") is None and hand is None and not msg.get("event", {}).get("in_play", True):
                return  # the table broke: /me says where next
            legal = you.get("legal")
            if legal and hand and acting != (hand["number"], hand["actions"]):
                acting = (hand["number"], hand["actions"])
                action = policy(legal, rng)
                action.update(type="act", hand=hand["number"], at=hand["actions"])
                await asyncio.sleep(rng.uniform(0.5, 1.5) * think)
                sent[(hand["number"], hand["actions"] + 1)] = time.perf_counter()
                if stats.measuring:
                    stats.actions += 1
                await ws.send(json.dumps(action))


def logged_actions(path: Path, event: str) -> int:
    """How many betting actions the event's log holds (every table's, bots' too), read beside the server."""
    with contextlib.closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=30)) as c:
        return c.execute("SELECT count(*) FROM events WHERE table_id = ? AND kind = 'act'", (event,)).fetchone()[0]


async def tv(base: str, event: str, query: str, stats: Stats) -> None:
    async with httpx.AsyncClient(timeout=30) as http:
        while True:
            t0 = time.perf_counter()
            if await _read(http, f"{base}/api/tournaments/{event}{query}", stats) and stats.measuring:
                stats.tv.append(time.perf_counter() - t0)
            await asyncio.sleep(0.5)


async def _read(http: httpx.AsyncClient, url: str, stats: Stats) -> bool:
    """GET ``url``; a read that takes over the client's 30 s is counted, not measured."""
    try:
        (await http.get(url)).raise_for_status()
    except httpx.TimeoutException:
        if stats.measuring:
            stats.timeouts += 1
        return False
    return True


async def standings(base: str, event: str, stats: Stats) -> None:
    """The standings' CSV, as a host downloads it during the event."""
    async with httpx.AsyncClient(timeout=30) as http:
        while True:
            t0 = time.perf_counter()
            if await _read(http, f"{base}/api/tournaments/{event}/standings.csv", stats) and stats.measuring:
                stats.standings.append(time.perf_counter() - t0)
            await asyncio.sleep(2.0)


async def run(args: argparse.Namespace) -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, 65536), hard))
    port = free_port()
    tmp = Path(tempfile.mkdtemp(prefix="bench-event-", dir=os.environ.get("BENCH_DIR")))
    server = subprocess.Popen(
        [sys.executable, "-c", LIFTED if args.entrants > ROOM_CAP else "from pokerdealer.cli import main; main()", "serve", "--port", str(port),
         "--db", str(tmp / "bench.db"), "--no-demo", "--pause", str(args.pause), "--bot-delay", str(args.bot_delay)],
        stdout=open(tmp / "server.log", "wb"), stderr=subprocess.STDOUT,
    )
    base = f"http://127.0.0.1:{port}"
    stats = Stats()
    tasks: list[asyncio.Task] = []
    try:
        async with httpx.AsyncClient(timeout=60) as http:
            await wait_up(http, base, server)
            rss0 = rss_mib(server.pid)
            kinds = ("tight", "caller", "random")
            bots = [kinds[i % 3] for i in range(args.entrants - args.players)]
            t_made = time.perf_counter()
            r = await http.post(base + "/api/tournaments", json={
                "name": "bench", "max_entrants": args.entrants, "bots": bots, "seats": 9,
                "structure": "turbo", "level_seconds": 600, "clock": 60,
            }, timeout=900)
            if r.status_code != 200:
                sys.exit(f"the event was refused: HTTP {r.status_code} {r.text[:300]}")
            ev = r.json()
            made = time.perf_counter() - t_made
            print(f"event of {args.entrants} entrants created in {made:.1f} s (server pid {server.pid})", flush=True)
            tokens = []
            for k in range(args.players):
                transport = httpx.AsyncHTTPTransport(local_address=address(k))
                async with httpx.AsyncClient(transport=transport, timeout=60) as own:
                    r = await own.post(f"{base}/api/tournaments/{ev['id']}/register", json={"name": f"player {k}"})
                    r.raise_for_status()
                    tokens.append(r.json()["player_token"])
            t_start = time.perf_counter()
            r = await http.post(f"{base}/api/tournaments/{ev['id']}/host", json={"command": "start"},
                                headers={"X-Host-Token": ev["host_token"]}, timeout=900)
            r.raise_for_status()
            print(f"event started (seated) in {time.perf_counter() - t_start:.1f} s", flush=True)
            tasks = [asyncio.create_task(player(base, port, ev["id"], tok, k, args.think, stats)) for k, tok in enumerate(tokens)]
            tasks.append(asyncio.create_task(tv(base, ev["id"], args.tv_query, stats)))
            tasks.append(asyncio.create_task(standings(base, ev["id"], stats)))
            await asyncio.sleep(args.warmup)
            tasks.append(asyncio.create_task(loop_lag(stats)))  # type: ignore[arg-type]
            hands0 = (await http.get(f"{base}/api/tournaments/{ev['id']}", timeout=600)).json()
            print(f"measuring for {args.seconds:g} s (server pid {server.pid})", flush=True)  # a profiler may start now
            cpu0, t0 = cpu_seconds(server.pid), time.perf_counter()
            acts0 = logged_actions(tmp / "bench.db", ev["id"])
            stats.measuring = True
            await asyncio.sleep(args.seconds)
            stats.measuring = False
            cpu1, t1 = cpu_seconds(server.pid), time.perf_counter()
            acts1 = logged_actions(tmp / "bench.db", ev["id"])
            rss1 = rss_mib(server.pid)
            end = (await http.get(f"{base}/api/tournaments/{ev['id']}", timeout=600)).json()
        elapsed = t1 - t0
        own, tvs = stats.own, stats.tv
        print(f"event: {args.entrants} entrants ({args.players} players at websockets, think {args.think}s, "
              f"the rest bots), tables of nine; measured {elapsed:.1f}s after {args.warmup}s")
        print(f"  players left:      {hands0.get('players_left')} -> {end.get('players_left')}")
        print(f"  own actions:       {stats.actions} sent, {len(own)} seen: p50 {1000 * pct(own, 0.5):.1f} ms, "
              f"p99 {1000 * pct(own, 0.99):.1f} ms, max {1000 * max(own, default=float('nan')):.1f} ms")
        print(f"  TV page{args.tv_query or ' (whole)'}: {len(tvs)} reads: p50 {1000 * pct(tvs, 0.5):.1f} ms, "
              f"p99 {1000 * pct(tvs, 0.99):.1f} ms, max {1000 * max(tvs, default=float('nan')):.1f} ms")
        failed = [t for t in tasks if t.done() and not t.cancelled() and t.exception() is not None]
        if failed:
            print(f"  client tasks failed: {len(failed)}, e.g. {failed[0].exception()!r}")
        sts = stats.standings
        print(f"  standings CSV:     {len(sts)} reads: p50 {1000 * pct(sts, 0.5):.1f} ms, "
              f"p99 {1000 * pct(sts, 0.99):.1f} ms, max {1000 * max(sts, default=float('nan')):.1f} ms")
        print(f"  unanswered in 30 s: {stats.timeouts} TV or standings reads")
        print(f"  refusals:          {sum(stats.refusals.values())} {stats.refusals}; moves followed: {stats.moves}")
        print(f"  client loop lag:   p99 {1000 * pct(stats.client_lag, 0.99):.1f} ms")
        acts = acts1 - acts0
        print(f"  server memory:     {rss1:.0f} MiB ({rss0:.0f} MiB idle; {1024 * (rss1 - rss0) / args.entrants:.0f} KiB an entrant)")
        print(f"  server CPU:        {100 * (cpu1 - cpu0) / elapsed:.0f}% of one core; load average {os.getloadavg()[0]:.1f}")
        print(f"  CPU per action:    {1000 * (cpu1 - cpu0) / max(1, acts):.2f} ms ({acts} actions logged, bots' too: "
              f"the server's CPU seconds / actions, which another load on the machine hardly changes)")
        if not own or not tvs:
            sys.exit("measured nothing: no player action or TV read completed in the window")
    finally:
        await stop_all(tasks, server)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--entrants", type=int, default=1000)
    p.add_argument("--players", type=int, default=100)
    p.add_argument("--seconds", type=float, default=60.0)
    p.add_argument("--warmup", type=float, default=15.0)
    p.add_argument("--think", type=float, default=1.0, help="mean seconds a player waits before acting")
    p.add_argument("--pause", type=float, default=1.0, help="server pause between hands")
    p.add_argument("--bot-delay", type=float, default=0.5, help="seconds a bot takes to act")
    p.add_argument("--tv-query", default="?counts=30&standings=10",
                   help="what the TV read asks for (the page's lists of the field); '' for the whole state")
    args = p.parse_args()
    if not 2 <= args.entrants <= 10_000 or not 0 <= args.players <= args.entrants:
        p.error("--entrants 2..10000 (above 1000 the room's cap is lifted for the measurement), --players 0..entrants")
    asyncio.run(run(args))


if __name__ == "__main__":
    main()
