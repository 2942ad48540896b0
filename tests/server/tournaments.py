"""What the tournament tests do through the room's API: create an event, register, the host's
commands, read the event and a player's own view, and play a person until they are out."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import Any, TypeVar

import httpx

from tests.patience import Patience
from tests.patience import until as patient_until
from tests.server.conftest import HTTP, Client, Server

T = TypeVar("T")

STACK = 500

BUY_IN = 100


def post_tournament(server: Server, body: dict[str, Any]) -> dict[str, Any]:
    """``POST /api/tournaments`` with ``body``; the answer (id, host token, links)."""
    r = HTTP.post(server.base + "/api/tournaments", json=body, timeout=20)
    assert r.status_code == 200, r.text
    return r.json()  # type: ignore[no-any-return]

def create(server: Server, **spec: Any) -> dict[str, Any]:
    return post_tournament(server, {"name": "Friday", "starting_stack": STACK, "buy_in": BUY_IN, **spec})

def register(server: Server, event: str, name: str) -> str:
    r = HTTP.post(f"{server.base}/api/tournaments/{event}/register", json={"name": name}, timeout=10)
    assert r.status_code == 200, r.text
    return r.json()["player_token"]

def host(server: Server, ev: dict[str, Any], command: str) -> httpx.Response:
    return HTTP.post(
        f"{server.base}/api/tournaments/{ev['id']}/host", json={"command": command},
        headers={"X-Host-Token": ev["host_token"]}, timeout=10,
    )

def state(server: Server, event: str) -> dict[str, Any]:
    r = server.get(f"/api/tournaments/{event}")
    assert r.status_code == 200, r.text
    return r.json()

def me(server: Server, event: str, token: str) -> dict[str, Any]:
    r = HTTP.get(f"{server.base}/api/tournaments/{event}/me", headers={"X-Player-Token": token}, timeout=10)
    assert r.status_code == 200, r.text
    return r.json()

def chips(s: dict[str, Any]) -> int:
    """Chips at the event's tables (each seat's stack as of its table's last finished hand)."""
    return sum(p["stack"] for t in s["tables"] for p in t["players"])

def reenter(server: Server, event: str, token: str) -> httpx.Response:
    return HTTP.post(f"{server.base}/api/tournaments/{event}/reenter", headers={"X-Player-Token": token}, timeout=10)

def junk(cards: list[str] | None) -> bool:
    """Two unpaired cards below a ten: a hand that loses to two callers about four times in five."""
    return bool(cards) and all(c[0] in "23456789" for c in cards) and cards[0][0] != cards[1][0]  # type: ignore[index]

def shove_until_out(server: Server, event: str, token: str, timeout: float = 150) -> dict[str, Any]:
    """Play ``token``'s seat until they are out: all in with junk, fold (or check) anything
    better, so they lose chips and never run over the field; follows them when moved.
    Returns what /me says then, and ``last_table``: the room table they busted at."""
    patience = Patience(timeout)
    c: Client | None = None
    table = None
    try:
        while True:
            assert not patience.over(), f"never busted in {patience}"
            mine = me(server, event, token)
            if mine["status"] == "out":
                return {**mine, "last_table": table}
            assert mine["status"] == "playing", mine
            if mine["table"] != table:
                if c is not None:
                    c.close()
                table = mine["table"]
                c = Client(server, table, token)
            assert c is not None
            st = c.poll(0.1)
            you = st.get("you") or {}
            legal = you.get("legal")
            if not legal:
                continue
            hand = st["hand"]
            row = st["seats"][you["seat"] - 1] or {}
            if junk(row.get("cards")):
                if legal["max_raise"] is not None:
                    c.send(type="act", kind="raise", amount=legal["max_raise"], hand=hand["number"], at=hand["actions"])
                else:
                    c.act_passive(st)
            elif legal["check"]:
                c.act_passive(st)
            else:
                c.send(type="act", kind="fold", hand=hand["number"], at=hand["actions"])
            with contextlib.suppress(TimeoutError):
                c.until(lambda x, seq=st["seq"]: x["seq"] > seq, timeout=5)
    finally:
        if c is not None:
            c.close()


ENTRANTS = 9


def reentry_event(server: Server) -> dict[str, Any]:
    # Ann and eight callers on three tables of three: when Ann wins, the event goes on at the other tables.
    return create(server, max_entrants=12, seats=3, level_seconds=600, clock=30, late_registration=5,
                  re_entries=1, bots=["caller"] * (ENTRANTS - 1))


def until(pred: Callable[[], T | None], timeout: float = 60) -> T:
    """Ask ``pred`` until it answers something true, and return that (a state, not a time);
    ``timeout``: seconds at rest, stretched by the machine's load (tests/patience.py)."""
    return patient_until(pred, timeout)


def between_hands(server: Server, event: str) -> dict[str, Any] | None:
    """The event's state once no table has a hand in play (else None)."""
    s = state(server, event)
    return None if any(t["in_hand"] for t in s["tables"]) else s
