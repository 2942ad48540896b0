"""Two ``pokerdealer serve`` processes on one PostgreSQL database behind one
address: an unprivileged nginx running the configuration docs/room/postgresql.md
shows (tests/server/proxy.py reads it from there), which hashes on the table id.

Everything goes through the proxy's one port, as a player's browser would: the
lobby, tables spread over both processes, a hand played on the websocket, a
table made on the "wrong" process reached after the 4409 reconnect, and a
killed process's table played on by the other."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed, InvalidHandshake

from tests.patience import Patience, stretch, until
from tests.server.conftest import HTTP, Client, Server, new_pg_database, total_chips
from tests.server.proxy import Nginx
from tests.server.test_tournament_shared import lease_owners

LEASE = 3.0  # renewed every second: a loaded machine does not lose a lease by accident (at 1.5 s, load 14 did once)
#: Generous: a loaded machine (the CI runs three workers) is slow to move a table.
SETTLE = 40.0


@dataclass
class Room:
    """The two processes, the proxy in front of them and their database."""

    a: Server
    b: Server
    proxy: Nginx
    url: str

    def holder(self, table_id: str) -> Server:
        """The process holding the table's lease (its owner is "host:pid:nonce", server/room.py)."""
        pid = int(lease_owners(self.url)[table_id].split(":")[-2])
        return next(s for s in (self.a, self.b) if s.proc is not None and s.proc.pid == pid)


def start_room(pg_admin: str, folder: Path) -> tuple[Room, Callable[[], None]]:
    url, drop = new_pg_database(pg_admin)
    servers = [
        Server(url, workdir=folder, extra=("--lease", str(LEASE), "--trust-forwarded", "127.0.0.1")) for _ in range(2)
    ]
    started: list[Any] = []
    try:
        for s in servers:
            started.append(s.start())
        proxy = Nginx(folder / "nginx", [f"127.0.0.1:{s.port}" for s in servers])
        proxy.start()
        started.append(proxy)
    except BaseException:
        for s in started:
            s.stop()
        drop()
        raise

    def stop() -> None:
        for s in started:
            s.stop()
        drop()

    return Room(servers[0], servers[1], proxy, url), stop


@pytest.fixture(scope="module")
def room(pg_admin: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Room]:
    """One room for the tests that kill nothing."""
    r, stop = start_room(pg_admin, tmp_path_factory.mktemp("proxy"))
    yield r
    stop()


@pytest.fixture
def own_room(pg_admin: str, tmp_path: Path) -> Iterator[Room]:
    """A room of its own, for a test that kills one of its processes."""
    r, stop = start_room(pg_admin, tmp_path)
    yield r
    stop()


# ------------------------------------------------------------------ helpers


def wait_for(fn: Callable[[], Any], timeout: float, what: str) -> Any:
    """``fn()`` once true; ``timeout``: seconds at rest, stretched by the load (tests/patience.py)."""
    return until(fn, timeout, every=0.1, what=what)


def create(base: str, **settings: Any) -> str:
    r = HTTP.post(base + "/api/tables", json={"name": "Proxied", "bots": [], "clock": 60, **settings}, timeout=10)
    assert r.status_code == 200, r.text
    return r.json()["id"]


def answered(base: str, path: str) -> bool:
    """The table's API answers 200 (not 409 'another process holds it') at ``base``."""
    return HTTP.get(base + path, timeout=10).status_code == 200


def join(base: str, table_id: str, name: str) -> dict[str, Any]:
    """Join through ``base``; a 409 (the table still on the other process) is asked again."""
    def ok() -> dict[str, Any] | None:
        r = HTTP.post(f"{base}/api/tables/{table_id}/join", json={"name": name}, timeout=10)
        assert r.status_code in (200, 409), r.text
        return r.json() if r.status_code == 200 else None

    return wait_for(ok, SETTLE, f"joining {table_id} through {base}")


def reader(front: Any, table_id: str, token: str | None, timeout: float = SETTLE) -> tuple[Client, int]:
    """A websocket reader through ``front`` that reconnects as the page does when it is sent
    away ("elsewhere", close 4409) or the connection fails; with how often it was sent away."""
    patience = Patience(timeout)  # seconds at rest, stretched by the load
    sent_away = 0
    while not patience.over():
        try:
            c = Client(front, table_id, token)
        except ConnectionClosed as closed:
            # Sent away before the hello went out: the process said "elsewhere" and closed at once.
            sent_away += closed.rcvd is not None and closed.rcvd.code == 4409
            time.sleep(0.2)
            continue
        except (OSError, InvalidHandshake, TimeoutError):
            time.sleep(0.2)
            continue
        try:
            while True:
                msg = c.recv(timeout=max(0.1, patience.left()))
                if msg["type"] == "state":
                    return c, sent_away
                if msg["type"] == "error" and msg.get("code") == "elsewhere":
                    sent_away += 1
                    break
        except (ConnectionClosed, TimeoutError):
            pass
        c.close()
        time.sleep(0.2)  # the page waits a moment before it reconnects
    raise AssertionError(f"no state of {table_id} through port {front.port} in {patience}")


def play_until(c: Client, pred: Callable[[dict[str, Any]], bool], timeout: float = 60) -> dict[str, Any]:
    """Check or call whenever it is the reader's turn until a state satisfies ``pred``."""
    patience = Patience(timeout)
    while True:
        left = patience.left() / stretch()  # as seconds at rest: Client.until stretches them
        s = c.until(lambda x: pred(x) or c.my_turn(x), timeout=max(0.1, left))
        if pred(s):
            return s
        c.act_passive(s)
        c.until(lambda x, seq=s["seq"]: x["seq"] > seq, timeout=max(0.1, left))


def hand_done(number: int) -> Callable[[dict[str, Any]], bool]:
    return lambda s: bool(s["last_hand"]) and s["last_hand"]["number"] >= number


# ------------------------------------------------------------------ tests


def test_the_lobby_answers_through_the_proxy(room: Room) -> None:
    made = create(room.a.base, name="Listed on A", listed=True)
    page = HTTP.get(room.proxy.base + "/", timeout=10)
    assert page.status_code == 200 and "<html" in page.text.lower()
    wait_for(lambda: made in {t["id"] for t in HTTP.get(room.proxy.base + "/api/tables", timeout=10).json()},
             SETTLE, "the lobby through the proxy lists a table made on A")


def test_tables_created_through_the_proxy_spread_over_both_processes(room: Room) -> None:
    holders: dict[str, int] = {}
    for _ in range(16):  # both holders among 16 tables hashed at random: all but 2 ** -15 of the time
        tid = create(room.proxy.base)
        # The table moves to the process its id hashes to as soon as it is asked for there.
        wait_for(lambda tid=tid: answered(room.proxy.base, f"/api/tables/{tid}"), SETTLE, f"{tid} answered through the proxy")
        holders[tid] = room.holder(tid).port
        if len(set(holders.values())) == 2:
            break
    assert set(holders.values()) == {room.a.port, room.b.port}, holders


def test_every_request_of_a_table_reaches_the_process_holding_it(room: Room) -> None:
    tid = create(room.proxy.base)
    wait_for(lambda: answered(room.proxy.base, f"/api/tables/{tid}"), SETTLE, "the table answered through the proxy")
    # Round robin would send every other request to the process that does not hold it (409).
    codes = [HTTP.get(f"{room.proxy.base}/api/tables/{tid}", timeout=10).status_code for _ in range(12)]
    assert codes == [200] * 12


def test_a_player_plays_a_hand_through_the_proxy(room: Room) -> None:
    tid = create(room.proxy.base, bots=["caller"])
    ann = join(room.proxy.base, tid, "Ann")
    c, _ = reader(room.proxy, tid, ann["token"])
    try:
        assert c.state is not None and c.state["you"]["seat"] == ann["seat"]
        start = c.until(lambda s: s["hand"] is not None)
        final = play_until(c, hand_done(start["hand"]["number"]))
        assert total_chips(final) == total_chips(start)
    finally:
        c.close()


def test_a_table_made_on_the_wrong_process_is_reached_after_4409(room: Room) -> None:
    for _ in range(16):  # made on A, hashed to B: half of the tables
        tid = room.a.create_table(name="Made on A")
        ann = room.a.join(tid, "Ann")
        c, sent_away = reader(room.proxy, tid, ann["token"])
        try:
            if sent_away == 0:
                continue  # its id hashes to A: no move needed; try another
            # Sent away at first; the reconnect reached the table, now on B, with Ann in her seat.
            assert c.state is not None and c.state["you"]["seat"] == ann["seat"]
            assert room.holder(tid) is room.b
            return
        finally:
            c.close()
    raise AssertionError("16 tables made on A all hashed to A")


def test_killing_a_process_moves_its_tables_to_the_other_while_play_goes_on(own_room: Room) -> None:
    r = own_room
    tid = create(r.proxy.base, bots=["caller"])
    ann = join(r.proxy.base, tid, "Ann")
    c, _ = reader(r.proxy, tid, ann["token"])
    try:
        # Ann to act mid-hand: the state cannot change until she does.
        before = play_until(c, lambda s: s["hand"] is not None and c.my_turn(s))
        holder = r.holder(tid)
        survivor = r.b if holder is r.a else r.a
        holder.kill()
        c.close()

        # Same address: the proxy sends her to the survivor, which takes the table once the lease expires.
        c, _ = reader(r.proxy, tid, ann["token"], timeout=LEASE * 4 + SETTLE)
        after = c.until(lambda s: s["hand"] is not None)
        assert r.holder(tid) is survivor
        assert (after["hand"]["number"], after["hand"]["actions"]) == (before["hand"]["number"], before["hand"]["actions"])
        assert total_chips(after) == total_chips(before)
        final = play_until(c, hand_done(before["hand"]["number"] + 1))
        assert total_chips(final) == total_chips(before)
    finally:
        c.close()
