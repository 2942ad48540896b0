"""A real server in a subprocess on 127.0.0.1 (a free port, a temporary SQLite
file or PostgreSQL database, deterministic decks), and a small websocket client
for the tests.

PostgreSQL: the tests parametrized with ``db_target`` (and ``shared_server``)
run on both backends. With ``POKERDEALER_TEST_POSTGRES_URL`` set (a role that
may CREATE DATABASE) they use that server; otherwise a throwaway cluster is
started for the session from Debian's ``postgresql`` package (initdb and pg_ctl,
in a temporary directory, on a free loopback port), and stopped at the end.
Without either, those tests FAIL, naming the package to install.
"""

from __future__ import annotations

import atexit
import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.sync.client import connect

from tests.patience import Patience
from tests.processes import ChildExited, bound_to_this_process, wait_until_ready
from tests.server.chromium import browser  # noqa: F401 - the browser tests' Chromium, a fixture

SEED = 20240607

HTTP = httpx.Client(limits=httpx.Limits(max_keepalive_connections=0))
"""The tests' one HTTP client for their plain requests. ``httpx.get`` and ``httpx.post`` make a
client for each request, and each client reads the CA bundle into a TLS context: ~35 ms of CPU a
request, so the readiness probe (every 0.1 s) spent a third of a core while a server started, and
a test polling an event's state more. No connection is kept between requests (each is closed
after its answer, as before): the rooms count connections, and a test restarts its room."""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


_SCHEMA_AT_HEAD: list[Path] = []
"""The SQLite file the migrations made at head, once for this process (:func:`copy_of_schema_at_head`)."""


def copy_of_schema_at_head(db: Path) -> None:
    """Make ``db`` (a new SQLite file) a copy of an empty database the migrations made at head.

    A server started on a new file would make the same schema by running the migrations itself:
    importing Alembic and running them is about 0.3 s of CPU of each start (a fifth), paid once
    here instead. The migrations' own tests (test_migrations.py, test_schema_start.py) give
    ``serve`` the empty database and the older schemas themselves.
    """
    if not _SCHEMA_AT_HEAD:
        from pokerdealer.server.schema import check, database_url, make_engine

        folder = Path(tempfile.mkdtemp(prefix="pokerdealer-head-"))
        atexit.register(shutil.rmtree, folder, ignore_errors=True)
        made = folder / "head.db"
        url = database_url(str(made))
        engine = make_engine(url)
        try:
            check(engine, str(made), create_if_empty=True)
        finally:
            engine.dispose()  # the last connection closed: the WAL is checkpointed into the file
        assert not made.with_name(made.name + "-wal").exists(), "the copy would miss the WAL's pages"
        _SCHEMA_AT_HEAD.append(made)
    shutil.copyfile(_SCHEMA_AT_HEAD[0], db)


class PortTaken(RuntimeError):
    """The server could not bind its port: something else holds it."""


class Server:
    """``pokerdealer serve`` as a child process."""

    def __init__(
        self, db: Path | str, *, port: int | None = None, extra: tuple[str, ...] = (),
        workdir: Path | None = None,
    ) -> None:
        """``db``: a SQLite file or a database URL; ``workdir`` holds the log
        (default: the SQLite file's folder)."""
        self.db = db
        self.chosen_port = port is not None  # a port the test asked for, else any free one
        self.port = port or free_port()
        self.extra = extra
        self.proc: subprocess.Popen[bytes] | None = None
        folder = workdir if workdir is not None else Path(db).parent
        self.log = folder / f"server-{self.port}.log"

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> Server:
        # A free port can be taken by another test worker between our asking and the server's
        # bind: then a port of our own choosing is tried again with another one.
        for _ in range(5):
            try:
                return self._start()
            except PortTaken:
                if self.chosen_port:
                    raise
                self.port = free_port()
                self.log = self.log.with_name(f"server-{self.port}.log")
        return self._start()

    def _start(self) -> Server:
        if "://" not in str(self.db) and not Path(self.db).exists():
            copy_of_schema_at_head(Path(self.db))
        args = [
            sys.executable, "-c", "from pokerdealer.cli import main; main()", "serve",
            "--host", "127.0.0.1", "--port", str(self.port), "--db", str(self.db),
            "--test-seed", str(SEED), "--bot-delay", "0.02", "--pause", "0.3", "--no-demo",
            *self.extra,
        ]
        self._out = open(self.log, "ab")  # noqa: SIM115
        # Bound to this process: a pytest or worker stopped without teardown takes it along.
        self.proc = subprocess.Popen(bound_to_this_process(args), stdout=self._out, stderr=subprocess.STDOUT)
        try:
            # As long as it takes: at load 25 importing the app alone took over 60 s.
            wait_until_ready(self.proc, self._answers, what=f"serve on port {self.port}", log=self.log)
        except ChildExited as exited:
            self._out.close()
            if "address already in use" in exited.said.lower():
                raise PortTaken(exited.said) from None
            raise RuntimeError(f"server {exited}") from None
        except BaseException:
            self.kill()  # not left running behind the failed (or interrupted) test
            raise
        return self

    def _answers(self) -> bool:
        return HTTP.get(self.base + "/api/tables", timeout=5).status_code == 200

    def kill(self) -> None:
        """SIGKILL: no clean shutdown at all."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(10)
        self._out.close()

    def restart(self, *, kill: bool = True) -> Server:
        """SIGKILL (``kill=False``: a clean stop) and start again on the same database, on the
        same port if it is free: whoever holds this ``Server`` (a module's room) goes on with the
        new process. A test that restarts a module's room costs one start, not two."""
        if kill:
            self.kill()
        else:
            self.stop()
        return self.start()

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
        r = HTTP.post(self.base + "/api/tables", json=body, timeout=10)
        assert r.status_code == 200, r.text
        return r.json()["id"]

    def join(self, table_id: str, name: str, buy_in: int | None = None) -> dict[str, Any]:
        r = HTTP.post(
            f"{self.base}/api/tables/{table_id}/join", json={"name": name, "buy_in": buy_in}, timeout=10
        )
        assert r.status_code == 200, r.text
        return r.json()

    def get(self, path: str) -> httpx.Response:
        return HTTP.get(self.base + path, timeout=10)


class Client:
    """One websocket reader; ``messages`` keeps every message received.

    A player with the coach on (the default at a table with bots) is asked to
    show or muck at a showdown that leaves them the choice; this client shows at
    once, as a player who always shows (``shows=False``: it answers nothing, the
    test does), so a test playing hands never waits for the clock there.
    """

    def __init__(
        self, server: Server, table_id: str, token: str | None = None, *,
        address: str | None = None, headers: dict[str, str] | None = None, shows: bool = True,
    ) -> None:
        """``address``: connect from this loopback address (127.0.0.0/8) instead of 127.0.0.1."""
        self.ws = connect(
            f"ws://127.0.0.1:{server.port}/ws/{table_id}", open_timeout=5, close_timeout=2, legacy=True,
            additional_headers=headers, source_address=(address, 0) if address else None,
        )
        self.ws.send(json.dumps({"type": "hello", "token": token}))
        self.messages: list[dict[str, Any]] = []
        self.raw: list[str] = []
        self.state: dict[str, Any] | None = None
        self.last_hand: dict[str, Any] | None = None
        self.shows = shows
        self._showed: tuple[int, int] | None = None

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
            asked = (msg.get("you") or {}).get("show_or_muck")
            if asked and self.shows and self._showed != (asked["hand"], asked["at"]):
                self._showed = (asked["hand"], asked["at"])
                self.send(type="act", kind="show", hand=asked["hand"], at=asked["at"])
        return msg

    def until(self, pred: Callable[[dict[str, Any]], bool], timeout: float = 15) -> dict[str, Any]:
        """Read until a state satisfying ``pred`` (the current one counts); ``timeout``: seconds
        at rest, stretched by the machine's load (tests/patience.py)."""
        if self.state is not None and pred(self.state):
            return self.state
        patience = Patience(timeout)
        while True:
            if patience.over():
                raise TimeoutError(f"no such state in {patience}; last: {json.dumps(self.state)[:1500]}")
            try:
                msg = self.recv(min(1.0, max(0.01, patience.left())))
            except TimeoutError:
                continue
            if msg["type"] == "state" and pred(msg):
                return msg

    def poll(self, quiet: float = 0.1, *, at_most: float | None = None) -> dict[str, Any]:
        """Read whatever has arrived (waiting ``quiet`` seconds for more); the latest state.
        ``at_most``: seconds to stop after though more keeps coming (a table of bots dealing
        without a pause never falls quiet)."""
        if self.state is None:
            self.until(lambda s: True)
        end = None if at_most is None else time.monotonic() + at_most
        while end is None or time.monotonic() < end:
            try:
                self.recv(quiet)
            except TimeoutError:
                break
        assert self.state is not None
        return self.state

    def next_of(self, kind: str, timeout: float = 5) -> dict[str, Any]:
        """The next message of type ``kind``; ``timeout`` as in :meth:`until`."""
        patience = Patience(timeout)
        while True:
            if patience.over():  # checked at each message too: others may keep coming
                raise TimeoutError(f"no {kind!r} message in {patience}")
            try:
                msg = self.recv(min(1.0, max(0.01, patience.left())))
            except TimeoutError:
                continue
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
        from websockets.exceptions import ConnectionClosed

        try:
            self.ws.close()
        except ConnectionClosed:  # the server closed it first (e.g. 4409: played elsewhere)
            pass


# ------------------------------------------------------------ PostgreSQL
PG_PACKAGE = "postgresql"
PG_HINT = (
    "PostgreSQL server binaries (initdb, pg_ctl) not found: install Debian's package "
    f"(apt-get install -y {PG_PACKAGE}) or set POKERDEALER_TEST_POSTGRES_URL to a server "
    "where the role may CREATE DATABASE"
)
BACKENDS = ("sqlite", "postgresql")


def _pg_bindir() -> Path | None:
    """The newest installed PostgreSQL's bin directory (Debian's layout, then PATH)."""
    found = sorted(
        Path("/usr/lib/postgresql").glob("*/bin/initdb"),
        key=lambda p: int(p.parent.parent.name) if p.parent.parent.name.isdigit() else 0,
    )
    if found:
        return found[-1].parent
    initdb = shutil.which("initdb")
    return Path(initdb).parent if initdb else None


def pg_bindir_or_fail() -> Path:
    """PostgreSQL's binaries, or the test FAILS naming the package (never a silent skip)."""
    bindir = _pg_bindir()
    if bindir is None or not (bindir / "pg_ctl").exists():
        pytest.fail(PG_HINT, pytrace=False)
    return bindir


class PgCluster:
    """A throwaway PostgreSQL cluster: a temporary directory, 127.0.0.1 on a free
    port, its unix socket inside that directory, trust auth, no fsync."""

    def __init__(self, bindir: Path) -> None:
        self.bindir = bindir
        self.base = Path(tempfile.mkdtemp(prefix="pokerdealer-pg-"))
        self.data = self.base / "data"
        self.sock = self.base / "sock"
        self.port = free_port()
        self.prefix: list[str] = []
        self.proc: subprocess.Popen[bytes] | None = None
        if os.geteuid() == 0:  # initdb refuses to run as root
            runuser = shutil.which("runuser")
            if runuser is None:
                pytest.fail("running as root needs runuser (util-linux) to start PostgreSQL as 'postgres'")
            self.prefix = [runuser, "-u", "postgres", "--"]
        self.sock.mkdir()
        if self.prefix:
            for path in (self.base, self.sock):
                shutil.chown(path, "postgres", "postgres")

    def _run(self, *args: str, timeout: float = 60) -> None:
        result = subprocess.run(
            [*self.prefix, *args], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=timeout,
            cwd=self.base, check=False,
        )
        if result.returncode != 0:
            log = self.base / "postgres.log"
            tail = log.read_text(errors="replace")[-1500:] if log.exists() else ""
            raise RuntimeError(f"{args[0]} failed: {result.stdout.decode(errors='replace')[-1500:]}\n{tail}")

    def start(self) -> str:
        self._run(
            str(self.bindir / "initdb"), "-D", str(self.data), "-U", "pokerdealer", "-A", "trust",
            "-E", "UTF8", "--locale=C", "--no-sync",
        )
        # The server itself as our child (not pg_ctl's detached one), bound to this process:
        # SIGQUIT, its immediate shutdown, when the test process ends without a teardown.
        command = [
            str(self.bindir / "postgres"), "-D", str(self.data), "-p", str(self.port), "-k", str(self.sock),
            "-c", "listen_addresses=127.0.0.1", "-c", "fsync=off", "-c", "synchronous_commit=off",
            "-c", "full_page_writes=off", "-c", "max_connections=200",
        ]
        log = self.base / "postgres.log"
        with log.open("ab") as out:  # the child keeps its own copy
            self.proc = subprocess.Popen(
                bound_to_this_process(command, by=signal.SIGQUIT, user="postgres" if self.prefix else None),
                stdout=out, stderr=subprocess.STDOUT, cwd=self.base,
            )
        url = f"postgresql://pokerdealer@127.0.0.1:{self.port}/postgres"
        try:
            wait_until_ready(self.proc, lambda: _admin(url).close() is None, what="PostgreSQL", log=log)
        except BaseException:
            self.stop()
            raise
        return url

    def stop(self) -> None:
        try:
            if self.proc is not None and self.proc.poll() is None:
                self.proc.send_signal(signal.SIGQUIT)  # the immediate shutdown: a throwaway cluster
                self.proc.wait(120)
        finally:
            shutil.rmtree(self.base, ignore_errors=True)


@pytest.fixture(scope="session")
def pg_admin() -> Iterator[str]:
    """A PostgreSQL URL whose role may create databases (the session's own cluster)."""
    external = os.environ.get("POKERDEALER_TEST_POSTGRES_URL")
    if external:
        yield external
        return
    cluster = PgCluster(pg_bindir_or_fail())
    try:
        url = cluster.start()
    except Exception:
        cluster.stop()
        raise
    try:
        yield url
    finally:
        cluster.stop()


def _admin(url: str) -> Any:
    import psycopg
    from sqlalchemy.engine import make_url

    u = make_url(url)
    return psycopg.connect(
        host=u.host, port=u.port, user=u.username, password=u.password, dbname=u.database or "postgres",
        autocommit=True, connect_timeout=10,
    )


def new_pg_database(admin_url: str) -> tuple[str, Callable[[], None]]:
    """A fresh database on the server; returns its URL and the function that drops it."""
    from sqlalchemy.engine import make_url

    name = "pd_" + secrets.token_hex(6)
    with _admin(admin_url) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    url = make_url(admin_url).set(database=name).render_as_string(hide_password=False)

    def drop() -> None:
        with _admin(admin_url) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')

    return url, drop


def make_db_target(request: pytest.FixtureRequest, backend: str, folder: Path) -> tuple[str, Callable[[], None]]:
    """A new empty database of ``backend``: a SQLite file, or a PostgreSQL database."""
    if backend == "sqlite":
        return str(folder / "room.db"), lambda: None
    admin = request.getfixturevalue("pg_admin")
    return new_pg_database(admin)


@pytest.fixture(params=BACKENDS)
def db_target(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A new empty database on each backend: a SQLite file name or a PostgreSQL URL."""
    target, drop = make_db_target(request, request.param, tmp_path)
    yield target
    drop()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """One room for the tests of a module: each makes tables and events of its own (a test that
    restarts or kills its room starts a ``Server`` of its own). A start is about 2 s of CPU; a room
    a test cost 40-odd starts a run."""
    s = Server(tmp_path_factory.mktemp("room") / "room.db").start()
    yield s
    s.stop()


@pytest.fixture(scope="module", params=BACKENDS)
def shared_server(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("room")
    target, drop = make_db_target(request, request.param, folder)
    s = Server(target, workdir=folder).start()
    yield s
    s.stop()
    drop()


def total_chips(state: dict[str, Any]) -> int:
    """Chips on the table: stacks plus bets plus pots not yet in front."""
    seats = [s for s in state["seats"] if s]
    total = sum(s["stack"] for s in seats)
    hand = state.get("hand")
    if hand:
        total += sum(p["amount"] for p in hand["pots"])
    return total


os.environ.setdefault("NO_COLOR", "1")
