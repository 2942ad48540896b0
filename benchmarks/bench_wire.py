"""The room's websocket send alone: the server's CPU per message delivered.

One ``uvicorn`` process serves the room's own application (``create_app``, its
middleware, the room's wire :class:`~pokerdealer.server.wire.RoomWebSocketProtocol`)
with one extra websocket route whose connections are the room's
:class:`~pokerdealer.server.live.Conn` and :func:`~pokerdealer.server.app._sender`,
exactly as a reader of a table is served. ``--readers`` clients (in one other
process) connect; the server then puts ``--burst`` state-sized texts in every
reader's queue, lets the loop run (``asyncio.sleep(0)``: each reader's sender wakes
once), and does so ``--rounds`` times. A burst of 1 is the room at people's pace: one
state an action per reader. The server's CPU (its ``/proc`` times: user + system,
the socket writes included) over the messages the clients received is the figure.

The texts are real states when ``--corpus`` names a file of them (one JSON text a
line, as a reader received them; ``--capture N --corpus FILE`` writes one: N messages
a seated player received at a six-max table of bots, played by ``pokerdealer serve``),
else a 4 KB state-like text. Bytes on the wire
are counted by the clients (payloads) and, with ``--deflate``, show what
per-message compression saves.

To compare two versions of the room in one sitting, run it with
``PYTHONPATH=<other checkout>/src`` for the other one, alternating.

Run:  uv run python benchmarks/bench_wire.py [--readers 300] [--rounds 40] [--burst 1] [--deflate]
          [--corpus states.jsonl] [--repeat 3]
      uv run python benchmarks/bench_wire.py --capture 400 --corpus states.jsonl
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import multiprocessing as mp
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from fastapi import WebSocket  # the routes' parameters are found by their annotation

ROOT = Path(__file__).resolve().parent.parent
TICKS = os.sysconf("SC_CLK_TCK")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def cpu_seconds(pid: int) -> float:
    """A process's user + system CPU so far (``/proc``: the socket writes are system time)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


def state_texts(corpus: str | None) -> list[str]:
    if corpus:
        return [line for line in Path(corpus).read_text().splitlines() if line.strip()]
    seat = {"name": "Player 3", "stack": 9875, "bet": 50, "folded": False, "cards": None, "away": False,
            "last": {"kind": "call", "text": "calls 50"}, "timebank": 30, "bot": None}
    state = {"type": "state", "seq": 1234, "table": {"name": "Evening table", "sb": 25, "bb": 50, "seats": [
        {**seat, "seat": i} for i in range(6)]}, "board": ["Ah", "Kd", "7c"], "pots": [{"amount": 450, "eligible": [0, 1, 2]}],
        "log": [{"text": f"Player {i % 6} raises to {100 * i}", "hand": 57} for i in range(14)],
        "you": {"seat": 2, "cards": ["Qs", "Qh"], "legal": ["fold", "call", "raise"], "to_call": 50}}
    return [json.dumps(state, separators=(",", ":"))]


def capture(count: int, path: str) -> None:
    """What a seated player at a six-max table of people is sent, ``count`` messages (each
    player checks or calls, so nobody busts)."""
    sys.path.insert(0, str(ROOT))
    from tests.server.conftest import Client, Server

    with tempfile.TemporaryDirectory() as tmp:
        server = Server(Path(tmp) / "room.db").start()
        try:
            table = server.create_table(name="Capture", bots=[])
            players = [Client(server, table, server.join(table, f"Player {k + 1}")["token"]) for k in range(6)]
            acted: set[tuple[int, int]] = set()  # once a turn: more would be a flood
            while len(players[0].raw) < count:
                for client in players:
                    with contextlib.suppress(TimeoutError):
                        msg = client.recv(timeout=0.05)
                        if msg["type"] == "state" and client.my_turn(msg):
                            turn = (msg["hand"]["number"], msg["hand"]["actions"])
                            if turn not in acted:
                                acted.add(turn)
                                time.sleep(0.2)  # a person's pace: faster trips the flood throttle
                                client.act_passive(msg)
            for client in players:
                client.ws.close()
        finally:
            server.stop()
    texts = players[0].raw[:count]
    Path(path).write_text("\n".join(texts) + "\n")
    sizes = [len(t.encode()) for t in texts]
    print(f"{count} messages to {path}: {statistics.mean(sizes):.0f} B on average, {min(sizes)} to {max(sizes)} B")


# -- the server process --------------------------------------------------------


def serve(port: int, db: str, deflate: bool, corpus: str) -> None:
    """The room's application with a benchmark route, under uvicorn with the room's wire."""
    import uvicorn

    from pokerdealer.server import ServerOptions, create_app
    from pokerdealer.server.app import _sender
    from pokerdealer.server.live import Conn
    from pokerdealer.server.wire import RoomWebSocketProtocol

    texts = json.loads(Path(corpus).read_text())
    app = create_app(ServerOptions(db_url=f"sqlite:///{db}", demo_table=False))
    conns: list[Conn] = []

    async def reader(ws: WebSocket) -> None:
        await ws.accept()
        conn = Conn(ws)
        conn.task = asyncio.create_task(_sender(conn))
        conns.append(conn)
        try:
            while (await ws.receive())["type"] != "websocket.disconnect":
                pass
        finally:
            conn.closed = True
            conns.remove(conn)
            conn.queue.put_nowait(None)
            await conn.task

    async def push(ws: WebSocket) -> None:
        """One command, ``[rounds, burst]``: every reader gets ``rounds * burst`` texts."""
        await ws.accept()
        rounds, burst = json.loads(await ws.receive_text())
        k = 0
        for _ in range(rounds):
            for conn in conns:
                for _ in range(burst):
                    conn.send(texts[k % len(texts)])
                    k += 1
            await asyncio.sleep(0)
        await ws.send_text("done")
        await ws.close()

    app.add_api_websocket_route("/bench/reader", reader)
    app.add_api_websocket_route("/bench/push", push)
    uvicorn.run(app, host="127.0.0.1", port=port, log_level="warning", ws=RoomWebSocketProtocol,
                ws_max_size=65536, ws_per_message_deflate=deflate, lifespan="on")


# -- the clients' process ----------------------------------------------------------


def clients(port: int, readers: int, expect: int, deflate: bool, pipe: Any) -> None:  # noqa: ANN401
    """``readers`` websockets that count what they receive; tell the parent when all are
    open, then when ``expect`` messages each have come (messages, payload bytes)."""
    import websockets
    from websockets.asyncio.connection import Connection

    wire = [0]
    data_received = Connection.data_received

    def counted(self: Connection, data: bytes) -> None:
        wire[0] += len(data)  # the bytes on the wire: frame headers, compressed payloads
        data_received(self, data)

    Connection.data_received = counted  # type: ignore[method-assign]

    async def main() -> None:
        compression = "deflate" if deflate else None
        socks = [await websockets.connect(f"ws://127.0.0.1:{port}/bench/reader", compression=compression,
                                          max_size=None, open_timeout=60) for _ in range(readers)]
        pipe.send("open")
        got = [0, 0, 0]
        read0 = wire[0]

        async def read(sock: Any) -> None:  # noqa: ANN401
            for _ in range(expect):
                text = await sock.recv()
                got[0] += 1
                got[1] += len(text.encode())

        await asyncio.gather(*(read(s) for s in socks))
        got[2] = wire[0] - read0
        pipe.send(got)
        await asyncio.gather(*(s.close() for s in socks))

    asyncio.run(main())


def run_once(port: int, pid: int, args: argparse.Namespace) -> dict[str, float]:
    import websockets.sync.client as sync_client

    expect = args.rounds * args.burst
    parent, child = mp.Pipe()
    proc = mp.Process(target=clients, args=(port, args.readers, expect, args.deflate, child), daemon=True)
    proc.start()
    assert parent.poll(120), "the readers did not connect"
    assert parent.recv() == "open"
    time.sleep(0.5)  # the opening handshakes' work is done
    cpu0, wall0 = cpu_seconds(pid), time.monotonic()
    with sync_client.connect(f"ws://127.0.0.1:{port}/bench/push", max_size=None) as push:
        push.send(json.dumps([args.rounds, args.burst]))
        assert parent.poll(600), "the readers did not get every message"
        messages, payload, wire = parent.recv()
        cpu1, wall1 = cpu_seconds(pid), time.monotonic()
        push.recv()
    proc.join(30)
    assert messages == args.readers * expect, messages
    return {"cpu_us": (cpu1 - cpu0) / messages * 1e6, "wall_s": wall1 - wall0, "messages": messages,
            "payload_bytes": payload / messages, "wire_bytes": wire / messages, "load": os.getloadavg()[0]}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--readers", type=int, default=300)
    ap.add_argument("--rounds", type=int, default=40)
    ap.add_argument("--burst", type=int, default=1, help="texts a reader gets at once (1: people's pace)")
    ap.add_argument("--deflate", action="store_true", help="permessage-deflate negotiated (the room turns it off)")
    ap.add_argument("--corpus", help="real states, one JSON text a line")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--profile", help="py-spy record the server into this speedscope file")
    ap.add_argument("--capture", type=int, help="write this many real messages to --corpus and stop")
    args = ap.parse_args()
    if args.capture:
        capture(args.capture, args.corpus)
        return
    texts = state_texts(args.corpus)
    port = free_port()
    with tempfile.TemporaryDirectory() as tmp:
        corpus = Path(tmp) / "texts.json"
        corpus.write_text(json.dumps(texts))
        server = subprocess.Popen([sys.executable, __file__, "--serve", str(port), str(Path(tmp) / "room.db"),
                                   "1" if args.deflate else "0", str(corpus)])
        try:
            import httpx

            deadline = time.monotonic() + 120
            while True:
                try:
                    if httpx.get(f"http://127.0.0.1:{port}/api/tables", timeout=1).status_code == 200:
                        break
                except httpx.HTTPError:
                    pass
                if time.monotonic() > deadline or server.poll() is not None:
                    sys.exit("the server did not start")
                time.sleep(0.2)
            spy = None
            if args.profile:
                spy = subprocess.Popen(["/root/.local/bin/py-spy", "record", "--native", "-r", "200", "-p",
                                        str(server.pid), "-o", args.profile, "-f", "speedscope"])
                time.sleep(1)
            runs = [run_once(port, server.pid, args) for _ in range(args.repeat)]
            if spy is not None:
                spy.send_signal(2)
                spy.wait(60)
        finally:
            server.terminate()
            server.wait(30)
    import pokerdealer.server.app as app_module

    cpu = [r["cpu_us"] for r in runs]
    print(f"code {Path(app_module.__file__).parents[3]}  readers {args.readers} rounds {args.rounds} burst {args.burst} "
          f"deflate {args.deflate}  texts {len(texts)} of {statistics.mean(len(t.encode()) for t in texts):.0f} B")
    for r in runs:
        print(f"  CPU {r['cpu_us']:.1f} us/message  payload {r['payload_bytes']:.0f} B, on the wire {r['wire_bytes']:.0f} B/message  "
              f"{r['messages']} messages in {r['wall_s']:.2f} s  load {r['load']:.2f}")
    print(f"  median CPU {statistics.median(cpu):.1f} us/message; uptime:{os.popen('uptime').read().split('load')[1].strip()}")


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "--serve":
        serve(int(sys.argv[2]), sys.argv[3], sys.argv[4] == "1", sys.argv[5])
    else:
        main()
