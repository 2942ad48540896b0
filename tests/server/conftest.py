"""A real server in a subprocess on 127.0.0.1 (a free port, a temporary SQLite
file, deterministic decks), and a small websocket client for the tests."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.sync.client import connect

SEED = 20240607


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """``pokerdealer serve`` as a child process."""

    def __init__(self, db: Path, *, port: int | None = None, extra: tuple[str, ...] = ()) -> None:
        self.db = db
        self.port = port or free_port()
        self.extra = extra
        self.proc: subprocess.Popen[bytes] | None = None
        self.log = db.with_suffix(".log")

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> Server:
        args = [
            sys.executable, "-c", "from pokerdealer.cli import main; main()", "serve",
            "--host", "127.0.0.1", "--port", str(self.port), "--db", str(self.db),
            "--test-seed", str(SEED), "--bot-delay", "0.02", "--pause", "0.3", "--no-demo",
            *self.extra,
        ]
        self._out = open(self.log, "ab")  # noqa: SIM115
        self.proc = subprocess.Popen(args, stdout=self._out, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"server exited: {self.log.read_text()[-2000:]}")
            try:
                if httpx.get(self.base + "/api/tables", timeout=1).status_code == 200:
                    return self
            except httpx.HTTPError:
                pass
            time.sleep(0.1)
        raise RuntimeError("server did not start in 20 s")

    def kill(self) -> None:
        """SIGKILL: no clean shutdown at all."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(10)
        self._out.close()

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)
        self._out.close()

    # ------------------------------------------------------------ helpers
    def create_table(self, **settings: Any) -> str:
        body = {"name": "Test", "bots": [], "clock": 30, **settings}
        r = httpx.post(self.base + "/api/tables", json=body, timeout=10)
        assert r.status_code == 200, r.text
        return r.json()["id"]

    def join(self, table_id: str, name: str, buy_in: int | None = None) -> dict[str, Any]:
        r = httpx.post(
            f"{self.base}/api/tables/{table_id}/join", json={"name": name, "buy_in": buy_in}, timeout=10
        )
        assert r.status_code == 200, r.text
        return r.json()

    def get(self, path: str) -> httpx.Response:
        return httpx.get(self.base + path, timeout=10)


class Client:
    """One websocket reader; ``messages`` keeps every message received."""

    def __init__(self, server: Server, table_id: str, token: str | None = None) -> None:
        self.ws = connect(f"ws://127.0.0.1:{server.port}/ws/{table_id}", open_timeout=5, close_timeout=2, legacy=True)
        self.ws.send(json.dumps({"type": "hello", "token": token}))
        self.messages: list[dict[str, Any]] = []
        self.raw: list[str] = []
        self.state: dict[str, Any] | None = None
        self.last_hand: dict[str, Any] | None = None

    def recv(self, timeout: float = 10) -> dict[str, Any]:
        text = self.ws.recv(timeout=timeout)
        assert isinstance(text, str)
        self.raw.append(text)
        msg = json.loads(text)
        self.messages.append(msg)
        if msg["type"] == "state":
            # The server sends each hand's summary once; keep it, as the page does.
            if "last_hand" in msg:
                self.last_hand = msg["last_hand"]
            else:
                msg["last_hand"] = self.last_hand
            self.state = msg
        return msg

    def until(self, pred: Callable[[dict[str, Any]], bool], timeout: float = 15) -> dict[str, Any]:
        """Read until a state satisfying ``pred`` (the current one counts)."""
        if self.state is not None and pred(self.state):
            return self.state
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"no such state; last: {json.dumps(self.state)[:1500]}")
            msg = self.recv(left)
            if msg["type"] == "state" and pred(msg):
                return msg

    def poll(self, quiet: float = 0.1) -> dict[str, Any]:
        """Read whatever has arrived (waiting ``quiet`` seconds for more); the latest state."""
        if self.state is None:
            self.until(lambda s: True)
        while True:
            try:
                self.recv(quiet)
            except TimeoutError:
                assert self.state is not None
                return self.state

    def next_of(self, kind: str, timeout: float = 5) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        while True:
            msg = self.recv(max(0.01, deadline - time.monotonic()))
            if msg["type"] == kind:
                return msg

    def send(self, **msg: Any) -> None:
        self.ws.send(json.dumps(msg))

    def my_turn(self, state: dict[str, Any]) -> bool:
        you = state.get("you") or {}
        return bool(you.get("legal"))

    def act_passive(self, state: dict[str, Any]) -> None:
        legal = state["you"]["legal"]
        hand = state["hand"]
        self.send(type="act", kind="check" if legal["check"] else "call", hand=hand["number"], at=hand["actions"])

    def close(self) -> None:
        self.ws.close()


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    s = Server(tmp_path / "room.db").start()
    yield s
    s.stop()


@pytest.fixture(scope="module")
def shared_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    s = Server(tmp_path_factory.mktemp("room") / "room.db").start()
    yield s
    s.stop()


def total_chips(state: dict[str, Any]) -> int:
    """Chips on the table: stacks plus bets plus pots not yet in front."""
    seats = [s for s in state["seats"] if s]
    total = sum(s["stack"] for s in seats)
    hand = state.get("hand")
    if hand:
        total += sum(p["amount"] for p in hand["pots"])
    return total


os.environ.setdefault("NO_COLOR", "1")
