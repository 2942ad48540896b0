"""A player's own settings at their seat: the coach's lines go to them only, a
loss limit sits them out after the hand until they confirm, a time limit
reminds them, and all of it survives kill -9 (issue 16)."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from typing import Any

from pokerdealer.server.self_limits import Own, due
from pokerdealer.table import SeatStatus
from tests.server.conftest import Client, Server


def _act(c: Client, s: dict[str, Any], kind: str) -> None:
    hand = s["hand"]
    c.send(type="act", kind=kind, hand=hand["number"], at=hand["actions"])
    c.until(lambda x, seq=s["seq"]: x["seq"] > seq, timeout=20)


def _give_away(c: Client, hands: int = 30) -> dict[str, Any]:
    """Fold when a call is asked, else check, until the player is sat out by a limit."""
    for _ in range(hands * 20):
        s = c.poll()
        if s["you"]["limits"]["stopped"]:
            return s
        if c.my_turn(s):
            _act(c, s, "check" if s["you"]["legal"]["check"] else "fold")
    raise AssertionError("no limit was reached")


def test_coach_lines_reach_only_their_player(tmp_path: Path) -> None:
    server = Server(tmp_path / "room.db").start()
    clients: list[Client] = []
    try:
        table = server.create_table(name="coached", bots=["caller", "caller"], stack=200, clock=30)
        ann, bob = server.join(table, "Ann"), server.join(table, "Bob")
        a, b, spectator = Client(server, table, ann["token"]), Client(server, table, bob["token"]), Client(server, table)
        clients += [a, b, spectator]
        b.send(type="coach", on=0)
        assert b.until(lambda s: s["you"] and s["you"]["coach"]["on"] is False)
        # Ann, new at a table with bots, has the coach on without asking.
        s = a.until(lambda s: bool(s["you"]["coach"]["lines"]), timeout=60)
        assert s["you"]["coach"]["on"] is True
        assert any("TDA" in line["text"] and line["href"].startswith("/rules#") for line in s["you"]["coach"]["lines"])
        b.poll(), spectator.poll()
        assert not any("/rules#" in text for text in b.raw + spectator.raw)
        assert all("you" not in m for m in spectator.messages if m["type"] == "state")
    finally:
        for c in clients:
            c.close()
        server.stop()


def test_loss_limit_sits_out_after_the_hand_and_needs_confirmation(tmp_path: Path) -> None:
    server = Server(tmp_path / "room.db").start()
    clients: list[Client] = []
    try:
        table = server.create_table(name="stop", bots=["caller", "caller"], stack=200, clock=30)
        ann = server.join(table, "Ann")
        a = Client(server, table, ann["token"])
        clients.append(a)
        a.send(type="limits", loss=1, unit="chips")
        a.until(lambda s: s["you"]["limits"]["loss"] == 1)
        s = _give_away(a)
        assert s["you"]["limits"]["stopped"] == "loss" and s["you"]["limits"]["session"]["net"] <= -1
        assert s["hand"] is None or s["hand"]["number"] > s["last_hand"]["number"]  # after the hand
        seat = next(r for r in s["seats"] if r and r["name"] == "Ann")
        assert seat["status"] == "sitting_out"
        a.send(type="sit_in")
        assert "confirm" in a.next_of("error")["message"]
        a.send(type="limit_continue")
        a.until(lambda s: s["you"]["limits"]["stopped"] is None)
        a.send(type="sit_in")
        a.until(lambda s: next(r for r in s["seats"] if r and r["name"] == "Ann")["status"] != "sitting_out")
    finally:
        for c in clients:
            c.close()
        server.stop()


def test_settings_and_a_stop_survive_sigkill(tmp_path: Path) -> None:
    server = Server(tmp_path / "room.db").start()
    clients: list[Client] = []
    try:
        table = server.create_table(name="kept", bots=["caller", "caller"], stack=200, clock=30)
        ann = server.join(table, "Ann")
        a = Client(server, table, ann["token"])
        clients.append(a)
        a.send(type="coach", on=0)
        a.send(type="limits", minutes=90, loss=1, unit="chips", time_sit_out=1)
        a.until(lambda s: s["you"]["limits"]["minutes"] == 90 and not s["you"]["coach"]["on"])
        before = _give_away(a)["you"]["limits"]  # hands end: snapshots are written
        server.kill()
        a.close()
        clients.clear()
        server = Server(tmp_path / "room.db", port=server.port).start()
        a = Client(server, table, ann["token"])
        clients.append(a)
        after = a.until(lambda s: s["you"] is not None)["you"]
        assert after["coach"]["on"] is False
        kept = {k: after["limits"][k] for k in ("minutes", "loss", "unit", "time_sit_out", "stopped")}
        assert kept == {"minutes": 90, "loss": 1, "unit": "chips", "time_sit_out": True, "stopped": "loss"}
        assert after["limits"]["session"]["net"] == before["session"]["net"]
        a.send(type="sit_in")
        assert "confirm" in a.next_of("error")["message"]
    finally:
        for c in clients:
            c.close()
        server.stop()


def _lt(own: Own, *, stack: int = 200) -> Any:
    member = SimpleNamespace(id=1, name="Ann", own=own)
    player = SimpleNamespace(name="Ann", stack=stack, status=SeatStatus.ACTIVE)
    return SimpleNamespace(
        members={1: member}, table=SimpleNamespace(players=[player], settings=SimpleNamespace(max_buy_in=200))
    )


def test_time_limit_reminds_and_sits_out_only_when_asked() -> None:
    own = Own()
    own.session_start(buy_in=200, at=1000.0, has_bots=False)
    own.minutes = 30
    assert not own.time_reached(1000.0 + 29 * 60) and own.time_reached(1000.0 + 30 * 60)
    assert due(_lt(own), 1000.0 + 31 * 60) == []  # a reminder only
    own.time_sit_out = True
    assert due(_lt(own), 1000.0 + 29 * 60) == []
    assert due(_lt(own), 1000.0 + 31 * 60) == [
        ("sit_out", {"member": 1}), ("limit_stop", {"member": 1, "why": "time"}),
    ]


def test_loss_limit_in_buy_ins_counts_whole_buy_ins() -> None:
    own = Own()
    own.session_start(buy_in=200, at=0.0, has_bots=True)
    own.loss, own.loss_unit = 1, "buy_ins"
    assert due(_lt(own, stack=1), 10.0) == []
    assert due(_lt(own, stack=0), 10.0)[-1] == ("limit_stop", {"member": 1, "why": "loss"})
