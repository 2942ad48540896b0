"""Crash recovery: SIGKILL mid-hand, start again, the same hand goes on --
rebuilt from the snapshot taken before the last hand plus the events since."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.server.conftest import Client, Server, total_chips

STABLE_SEAT_FIELDS = ("seat", "name", "stack", "status", "in_hand", "bet", "folded", "cards", "hidden", "last")


def snapshot(state: dict[str, Any]) -> dict[str, Any]:
    hand = state["hand"]
    return {
        "hand": {k: hand[k] for k in ("number", "street", "board", "pots", "button", "actor", "actions", "commitment", "log")},
        "seats": [s and {k: s[k] for k in STABLE_SEAT_FIELDS} for s in state["seats"]],
        "legal": state["you"]["legal"],
        "deal_proof": state["you"].get("deal_proof"),  # the same salts after a restart
        "last_hand": state["last_hand"],  # the hand before, still shown while this one is played
    }


def _snapshots(db: str, table_id: str) -> int:
    from sqlalchemy import text

    from pokerdealer.server.schema import database_url, make_engine

    engine = make_engine(database_url(db))
    try:
        with engine.connect() as conn:
            return int(conn.execute(text("SELECT COUNT(*) FROM snapshots WHERE table_id = :t"), {"t": table_id}).scalar())
    finally:
        engine.dispose()


def test_sigkill_mid_hand_resumes_the_same_hand(db_target: str, tmp_path: Path) -> None:
    db = db_target  # a SQLite file, or a PostgreSQL database
    server = Server(db, workdir=tmp_path).start()
    clients: list[Client] = []
    try:
        table = server.create_table(name="crash", bots=["caller"], clock=60)
        ann = server.join(table, "Ann")
        bob = server.join(table, "Bob")
        a, b = Client(server, table, ann["token"]), Client(server, table, bob["token"])
        clients += [a, b]
        human_seats = {ann["seat"]: a, bob["seat"]: b}

        def in_hand_on_turn(s: dict[str, Any]) -> bool:
            h = s["hand"]
            return (
                h is not None
                and h["number"] >= 3  # snapshots were written after hands 1 and 2
                and h["street"] in ("flop", "turn")
                and h["actor"] in human_seats
                and all(r["in_hand"] for r in s["seats"] if r)
            )

        # Play passively until a hand with everyone in it reaches the flop
        # with a person to act (the bot acts at once, so it is never the one waiting).
        target = None
        for _ in range(300):
            for c in (a, b):
                s = c.poll()
                if in_hand_on_turn(s):
                    target = s
                    break
                if c.my_turn(s):
                    c.act_passive(s)
                    c.until(lambda x, seq=s["seq"]: x["seq"] > seq, timeout=70)
            if target is not None:
                break
        assert target is not None, "never reached a flop with a person to act"
        # Both readers agree on the moment.
        actor_client = human_seats[target["hand"]["actor"]]
        before = {id(c): snapshot(c.until(in_hand_on_turn)) for c in (a, b)}
        assert before[id(actor_client)]["legal"] is not None
        chips = total_chips(actor_client.state)  # type: ignore[arg-type]
        assert chips == 600

        server.kill()
        assert _snapshots(db, table) >= 2
        for c in clients:
            c.close()
        clients.clear()

        server = Server(db, port=server.port, workdir=tmp_path).start()
        a, b = Client(server, table, ann["token"]), Client(server, table, bob["token"])
        clients += [a, b]
        after_a = snapshot(a.until(lambda s: s["hand"] is not None))
        after_b = snapshot(b.until(lambda s: s["hand"] is not None))
        old_a, old_b = before.values()
        assert after_a == old_a
        assert after_b == old_b
        number = old_a["hand"]["number"]

        # Finish the hand: chips are conserved, and it is the hand committed to before the crash.
        human_seats = {ann["seat"]: a, bob["seat"]: b}
        for _ in range(100):
            done = False
            for c in (a, b):
                s = c.poll()
                if s["last_hand"] and s["last_hand"]["number"] >= number:
                    done = True
                    break
                if c.my_turn(s):
                    c.act_passive(s)
                    c.until(lambda x, seq=s["seq"]: x["seq"] > seq, timeout=70)
            if done:
                break
        final = a.until(lambda s: s["last_hand"] is not None and s["last_hand"]["number"] >= number)
        summary = server.get(f"/api/tables/{table}/hands/{number}").json()["summary"]
        assert summary["fair"]["root"] == old_a["hand"]["commitment"]
        assert sum(p["net"] for p in summary["payoffs"]) == 0
        assert sum(s["stack"] for s in final["seats"] if s) + sum(
            p["amount"] for p in (final["hand"] or {"pots": []})["pots"]
        ) == 600
    finally:
        for c in clients:
            c.close()
        server.stop()
