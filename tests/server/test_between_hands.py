"""Between hands: promises made during a hand survive a crash; absent
squatters lose the seat."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

from tests.patience import Patience
from tests.server.conftest import Client, Server


def _finish_hand(clients: list[Client], number: int, rounds: int = 200) -> dict[str, Any]:
    """Check or call for the people until hand ``number`` is over; the first reader's state."""
    for _ in range(rounds):
        for c in clients:
            s = c.poll()
            if s["last_hand"] and s["last_hand"]["number"] >= number:
                return s
            if c.my_turn(s) and s["hand"]["number"] == number:
                c.act_passive(s)
                c.until(lambda x, seq=s["seq"]: x["seq"] > seq, timeout=70)
    raise AssertionError(f"hand {number} did not end")


def test_a_top_up_and_a_leave_asked_for_during_a_hand_survive_sigkill(tmp_path: Path) -> None:
    server = Server(tmp_path / "room.db").start()
    clients: list[Client] = []
    try:
        table = server.create_table(name="promises", bots=[], stack=200, clock=60)
        ann = server.join(table, "Ann", 100)
        bob = server.join(table, "Bob", 200)
        a, b = Client(server, table, ann["token"]), Client(server, table, bob["token"])
        clients += [a, b]
        s = a.until(lambda s: s["hand"] is not None and all(r["in_hand"] for r in s["seats"] if r))
        number = s["hand"]["number"]

        a.send(type="top_up", amount=100)
        told = a.next_of("notice")
        assert (told["key"], told["params"]) == ("room.notice.top_up_promised", {"amount": 100})
        b.send(type="leave")
        assert b.next_of("notice")["key"] == "room.notice.leave_promised"

        server.kill()
        for c in clients:
            c.close()
        clients.clear()
        server = Server(tmp_path / "room.db", port=server.port).start()
        a, b = Client(server, table, ann["token"]), Client(server, table, bob["token"])
        clients += [a, b]
        assert a.until(lambda s: s["hand"] is not None)["hand"]["number"] == number

        _finish_hand([a, b], number)
        summary = server.get(f"/api/tables/{table}/hands/{number}").json()["summary"]
        net = {p["name"]: p["net"] for p in summary["payoffs"]}
        assert sum(net.values()) == 0
        ann_after_hand = 100 + net["Ann"]
        topped = min(200, ann_after_hand + 100)  # never over the maximum buy-in
        final = a.until(lambda s: s["you"]["seat"] is not None and s["you"]["stack"] == topped, timeout=10)
        # Bob stood up with his stack: only Ann is seated, with her own chips plus the top-up.
        assert [r["name"] for r in final["seats"] if r] == ["Ann"]
        bob_view = b.until(lambda s: s["you"]["seat"] is None, timeout=10)
        assert bob_view["you"]["seat"] is None
        # Chips conserved: what Bob took away and Ann's stack are the 300 bought in plus the top-up.
        assert topped + (200 + net["Bob"]) == 300 + (topped - ann_after_hand)
    finally:
        for c in clients:
            c.close()
        server.stop()


def test_an_absent_player_sat_out_for_n_hands_is_stood_up_with_their_chips(tmp_path: Path) -> None:
    server = Server(tmp_path / "room.db", extra=("--grace", "0.5", "--sat-out-hands", "3")).start()
    clients: list[Client] = []
    try:
        table = server.create_table(name="squat", bots=["caller", "caller"], stack=200, clock=30)
        ann = server.join(table, "Ann")  # never connects: sat out after the grace period
        bob = server.join(table, "Bob")
        b = Client(server, table, bob["token"])
        clients.append(b)
        notice = None
        patience = Patience(90)
        while notice is None and not patience.over():
            s = b.poll()
            notice = next((m for m in b.messages if m["type"] == "notice" and "Ann" in m["message"]), None)
            if notice is None and b.my_turn(s):
                b.act_passive(s)
                b.until(lambda x, seq=s["seq"]: x["seq"] > seq, timeout=40)
        assert notice is not None, "Ann was never stood up"
        assert (notice["key"], notice["params"]["hands"]) == ("room.notice.stood_up", 3)
        s = b.until(lambda s: s["hand"] is None or s["hand"]["number"] > 0)
        assert "Ann" not in [r["name"] for r in s["seats"] if r]

        # In the log: a leave with its reason, after three hands dealt without her.
        with sqlite3.connect(tmp_path / "room.db") as db:
            rows = db.execute("SELECT kind, data FROM events WHERE table_id = ? ORDER BY seq", (table,)).fetchall()
        leaves = [json.loads(d) for k, d in rows if k == "leave"]
        chips = notice["params"]["chips"]
        assert leaves == [{"member": ann["member"], "reason": "sat_out", "hands": 3, "chips": chips}]  # the ledger's cash-out

        # Her chips went with her: coming back within the hour she brings them back.
        a = Client(server, table, ann["token"])
        clients.append(a)
        mine = a.until(lambda s: s["you"] is not None)["you"]
        assert mine["seat"] is None
        assert mine["buy_in"]["min"] == max(50, chips)
    finally:
        for c in clients:
            c.close()
        server.stop()
