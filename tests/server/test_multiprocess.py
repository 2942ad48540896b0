"""Two server processes on one database: one lobby, one owner per table (a
lease), and the survivor takes over a killed process's table, hand in play
included, once the lease expires."""

from __future__ import annotations

import contextlib
import json
from pathlib import Path
from typing import Any

from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from tests.patience import until
from tests.server.conftest import Client, Server, total_chips
from tests.server.test_crash import snapshot

LEASE = 1.5


def _play_until(clients: dict[int, Client], pred: Any, rounds: int = 300) -> dict[str, Any] | None:
    """Check or call for the people until some reader's state satisfies ``pred``."""
    for _ in range(rounds):
        for c in clients.values():
            s = c.poll()
            if pred(s):
                return s
            if c.my_turn(s):
                c.act_passive(s)
                c.until(lambda x, seq=s["seq"]: x["seq"] > seq, timeout=70)
    return None


def _wait(fn: Any, timeout: float, what: str) -> Any:
    """``fn()`` once true; ``timeout``: seconds at rest, stretched by the load (tests/patience.py)."""
    return until(fn, timeout, every=0.1, what=what)


def test_two_processes_one_lobby_and_take_over_after_sigkill(db_target: str, tmp_path: Path) -> None:
    extra = ("--lease", str(LEASE))
    a = Server(db_target, workdir=tmp_path, extra=extra).start()
    b = Server(db_target, workdir=tmp_path, extra=extra).start()
    clients: list[Client] = []
    try:
        t1 = a.create_table(name="on A", bots=["caller"], clock=60, listed=True)
        t2 = b.create_table(name="on B", bots=[], listed=True)
        ann = a.join(t1, "Ann")
        bob = a.join(t1, "Bob")

        # One lobby: each process lists both tables, with the owner's numbers.
        def both_listed(s: Server) -> bool:
            rows = {t["id"]: t for t in s.get("/api/tables").json()}
            return t1 in rows and t2 in rows and rows[t1]["players"] == 3

        _wait(lambda: both_listed(a) and both_listed(b), 10, "both lobbies list both tables")

        # Readers of t1 are on A, so A keeps it whoever else asks.
        a_ann, a_bob = Client(a, t1, ann["token"]), Client(a, t1, bob["token"])
        clients += [a_ann, a_bob]
        a_ann.until(lambda s: True)
        # While A lives, B does not play A's table: a clear answer, no second owner.
        r = b.get(f"/api/tables/{t1}")
        assert r.status_code == 409 and "another server process" in r.json()["detail"]
        assert b.get(f"/t/{t1}").status_code == 200  # the page itself is served anywhere
        assert b.get("/api/tables/nosuchtable").status_code == 404
        ws = connect(f"ws://127.0.0.1:{b.port}/ws/{t1}", open_timeout=5, close_timeout=2, legacy=True)
        try:
            err = json.loads(ws.recv(timeout=5))
            assert err["code"] == "elsewhere" and "another server process" in err["message"]
            with contextlib.suppress(ConnectionClosed):
                ws.recv(timeout=5)
            assert ws.close_code == 4409
        finally:
            with contextlib.suppress(ConnectionClosed):
                ws.close()

        humans = {ann["seat"]: a_ann, bob["seat"]: a_bob}

        # A table nobody reads on its holder moves to the process asked for it
        # (what a proxy routing by table id relies on).
        t3 = a.create_table(name="moves", bots=[], listed=False)
        assert b.get(f"/api/tables/{t3}").status_code == 409
        _wait(lambda: b.get(f"/api/tables/{t3}").status_code == 200, LEASE * 2 + 5, "A hands t3 to B")
        assert a.get(f"/api/tables/{t3}").status_code == 409

        def mid_hand(s: dict[str, Any]) -> bool:
            h = s["hand"]
            return (
                h is not None and h["street"] in ("flop", "turn") and h["actor"] in humans
                and all(r["in_hand"] for r in s["seats"] if r)
            )

        target = _play_until(humans, mid_hand)
        assert target is not None, "never reached a flop with a person to act"
        before = {seat: snapshot(c.until(mid_hand)) for seat, c in humans.items()}
        assert total_chips(humans[target["hand"]["actor"]].state) == 600  # type: ignore[arg-type]

        a.kill()
        for c in clients:
            c.close()
        clients.clear()

        # B takes the table once A's lease expires (its own scan; no request needed): within
        # LEASE * 4 + 10 s at rest, longer as the machine is busy (B's scan and the database's).
        _wait(lambda: b.get(f"/api/tables/{t1}").status_code == 200, LEASE * 4 + 10, "B takes over the table")
        b_ann, b_bob = Client(b, t1, ann["token"]), Client(b, t1, bob["token"])
        clients += [b_ann, b_bob]
        humans = {ann["seat"]: b_ann, bob["seat"]: b_bob}
        for seat, c in humans.items():
            assert snapshot(c.until(lambda s: s["hand"] is not None)) == before[seat]
        number = before[ann["seat"]]["hand"]["number"]

        final = _play_until(humans, lambda s: bool(s["last_hand"]) and s["last_hand"]["number"] >= number, 100)
        assert final is not None, "the hand did not finish on B"
        summary = b.get(f"/api/tables/{t1}/hands/{number}").json()["summary"]
        assert summary["fair"]["root"] == before[ann["seat"]]["hand"]["commitment"]
        assert sum(p["net"] for p in summary["payoffs"]) == 0
        assert total_chips(final) == 600
        assert {t["id"] for t in b.get("/api/tables").json()} >= {t1, t2}
    finally:
        for c in clients:
            c.close()
        a.stop()
        b.stop()
