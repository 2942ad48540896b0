"""The websocket table: per-reader messages and bad input."""

from __future__ import annotations

import json
from typing import Any


from pokerdealer.server.fair import shuffled_deck
from tests.patience import Patience
from tests.server.conftest import HTTP, SEED, Client, Server, total_chips


def _hole_cards_dealt(deck: list[str], n: int) -> set[str]:
    return set(deck[: 2 * n])


def _cards_in(state: dict[str, Any]) -> set[str]:
    """Every card a state shows for the hand in play (seats and board; not the last hand)."""
    out: set[str] = set()
    for seat in state["seats"]:
        if seat and seat.get("cards"):
            out.update(seat["cards"])
    hand = state.get("hand")
    if hand:
        out.update(hand["board"])
    return out


def test_no_hidden_card_reaches_an_opponent_or_a_spectator(shared_server: Server) -> None:
    table = shared_server.create_table(name="leak", bots=["caller", "random"], clock=30)
    ann = shared_server.join(table, "Ann")
    bob = shared_server.join(table, "Bob")
    a = Client(shared_server, table, ann["token"])
    b = Client(shared_server, table, bob["token"])
    spy = Client(shared_server, table, None)  # a spectator
    try:
        hands_seen: set[int] = set()
        patience = Patience(60)
        # Ann and Bob check or call through three whole hands.
        while len(hands_seen) < 3 and not patience.over():
            for c in (a, b):
                c.until(lambda s: True, timeout=10)
            for c in (a, b):
                try:
                    msg = c.recv(timeout=0.2)
                except TimeoutError:
                    continue
                if msg["type"] == "state":
                    if msg["last_hand"]:
                        hands_seen.add(msg["last_hand"]["number"])
                    if c.my_turn(msg):
                        c.act_passive(msg)
        assert len(hands_seen) >= 3
        a.close(), b.close()
        for _ in range(50):  # drain what the spectator has been sent
            try:
                spy.recv(timeout=0.3)
            except TimeoutError:
                break

        for number in sorted(hands_seen):
            detail = shared_server.get(f"/api/tables/{table}/hands/{number}").json()
            # The test seed fixes each hand's deck (nothing public reveals it).
            deck = [str(c) for c in shuffled_deck("holdem", seed=SEED, number=number)]
            n = len(detail["frames"][0]["seats"])
            shown = {c for o in detail["summary"]["order"] if o["cards"] for c in o["cards"]}
            holes = _hole_cards_dealt(deck, n)
            for reader, own_seat in ((spy, None), (a, ann["seat"]), (b, bob["seat"])):
                own: set[str] = set()
                dealt_in = False
                for msg in reader.messages:
                    if msg["type"] != "state" or not msg["hand"] or msg["hand"]["number"] != number:
                        continue
                    if own_seat is not None and msg["seats"][own_seat - 1]["in_hand"]:
                        dealt_in = True
                    if own_seat is not None and msg["seats"][own_seat - 1]["cards"] and not own:
                        own = set(msg["seats"][own_seat - 1]["cards"])
                    leaked = (_cards_in(msg) & holes) - shown - own
                    assert not leaked, f"hand {number}: {leaked} sent to {'spectator' if own_seat is None else own_seat}"
                    # nothing else in the message names a hidden card either
                    text = json.dumps({k: v for k, v in msg.items() if k != "last_hand"})
                    for card in holes - shown - own:
                        assert f'"{card}"' not in text
                        assert f" {card}" not in text.replace(msg["hand"]["commitment"] or "", "")
                if dealt_in:
                    assert own, "a player sees their own cards"
        # The spectator never had any "you" or legal actions.
        assert all("you" not in m for m in spy.messages if m["type"] == "state")
    finally:
        spy.close()


def _expect_error(c: Client, **msg: Any) -> dict[str, Any]:
    c.send(**msg)
    return c.next_of("error")


def test_bad_input_is_rejected_and_changes_nothing(shared_server: Server) -> None:
    table = shared_server.create_table(name="bad", bots=[], clock=60)
    ann = shared_server.join(table, "Ann")
    bob = shared_server.join(table, "Bob")
    a = Client(shared_server, table, ann["token"])
    b = Client(shared_server, table, bob["token"])
    spy = Client(shared_server, table, "forged-token-" + "x" * 20)
    try:
        first = spy.next_of("error")
        assert "unknown seat token" in first["message"]
        state = a.until(lambda s: s["hand"] is not None and s["hand"]["actor"] is not None)
        b.until(lambda s: s["hand"] is not None)
        hand = state["hand"]
        actor_seat = hand["actor"]
        mover, waiter = (a, b) if actor_seat == ann["seat"] else (b, a)
        mover.until(lambda s: s["you"]["legal"] is not None)
        before = mover.state
        assert before is not None
        seq = before["seq"]
        num, at = before["hand"]["number"], before["hand"]["actions"]

        # Malformed and oversized messages.
        mover.ws.send("{not json")
        assert "not valid JSON" in mover.next_of("error")["message"]
        mover.ws.send(json.dumps({"type": "chat", "text": "x" * 5000}))
        assert "too large" in mover.next_of("error")["message"]
        mover.ws.send(b"\x00\x01binary")
        assert "binary" in mover.next_of("error")["message"]
        assert "unknown message type" in _expect_error(mover, type="steal")["message"]
        assert "unexpected field" in _expect_error(mover, type="act", kind="fold", hand=num, player=3)["message"]
        assert "whole number" in _expect_error(mover, type="act", kind="raise", amount="9e9", hand=num)["message"]
        assert "whole number" in _expect_error(mover, type="act", kind="raise", amount=True, hand=num)["message"]
        # Rules: a raise below the minimum, more than the stack, a stale hand or position.
        legal = before["you"]["legal"]
        err = _expect_error(mover, type="act", kind="raise", amount=legal["min_raise"] - 1, hand=num, at=at)
        assert "minimum" in err["message"] or "raise" in err["message"]
        err = _expect_error(mover, type="act", kind="raise", amount=legal["max_raise"] + 1, hand=num, at=at)
        assert "raise" in err["message"]
        assert "is over" in _expect_error(mover, type="act", kind="fold", hand=num - 1)["message"]
        assert "moved on" in _expect_error(mover, type="act", kind="fold", hand=num, at=at + 3)["message"]
        # Out of turn, and a spectator (with a forged token) trying to act.
        assert "not your turn" in _expect_error(waiter, type="act", kind="fold", hand=num)["message"]
        assert "spectators cannot play" in _expect_error(spy, type="act", kind="fold", hand=num)["message"]
        assert "already greeted" in _expect_error(spy, type="hello", token=ann["token"])["message"]
        # Top-up over the maximum.
        assert "at most" in _expect_error(mover, type="top_up", amount=10**9)["message"]

        # Nothing changed: a ping comes back with no state in between.
        mover.send(type="ping")
        while True:
            msg = mover.recv(5)
            assert msg["type"] != "state", "a rejected message changed the table"
            if msg["type"] == "pong":
                break
        # The real action still works, and then the state moves on.
        mover.act_passive(before)
        after = mover.until(lambda s: s["seq"] > seq)
        assert after["hand"]["actions"] == at + 1 or after["hand"] is None or after["hand"]["number"] > num
        assert total_chips(after) == 400
        # Names and chat are data, not markup: they come back verbatim for the page to show as text.
        a.send(type="chat", text="<img src=x onerror=alert(1)>\u0007 hi")
        chat = a.next_of("chat")
        assert chat["text"] == "<img src=x onerror=alert(1)> hi"
    finally:
        for c in (a, b, spy):
            c.close()


def test_http_input_is_validated(shared_server: Server) -> None:
    import httpx

    base = shared_server.base
    assert HTTP.post(base + "/api/tables", json={"seats": 11}).status_code == 400  # said in words: room.settings.*
    assert HTTP.post(base + "/api/tables", json={"seats": "many"}).status_code == 422
    assert HTTP.post(base + "/api/tables", json={"bots": ["evil:Bot"]}).status_code == 400
    assert HTTP.post(base + "/api/tables", json={"small_blind": 5, "big_blind": 2}).status_code == 400
    table = shared_server.create_table(name="v", bots=[])
    assert HTTP.post(f"{base}/api/tables/{table}/join", json={"name": "x" * 41}).status_code == 400
    assert HTTP.post(f"{base}/api/tables/{table}/join", json={"name": 7}).status_code == 422
    assert HTTP.post(f"{base}/api/tables/{table}/join", json={"name": "\u0000\u0007"}).status_code == 400
    assert HTTP.post(f"{base}/api/tables/nope/join", json={"name": "a"}).status_code == 404
    assert HTTP.post(f"{base}/api/tables/{table}/join", json={"name": "a", "buy_in": 10**6}).status_code == 400


def test_action_clock_checks_when_free_else_folds_then_sits_out(shared_server: Server) -> None:
    table = shared_server.create_table(name="clock", bots=["caller"], clock=0.6)
    ann = shared_server.join(table, "Ann")
    a = Client(shared_server, table, ann["token"])
    try:
        # Ann never acts: the clock acts for her (check if free, else fold) ...
        s = a.until(lambda s: s["hand"] is not None and s["hand"]["actor"] == ann["seat"])
        legal = s["you"]["legal"]
        expected = "checks" if legal["check"] else "folds"
        def acts(x: dict[str, Any]) -> list[dict[str, Any]]:  # her actions (the log starts with the blinds)
            log = (x["hand"] or {"log": []})["log"]
            return [w for w in log if w["seat"] == ann["seat"] and not w["said"]["key"].startswith("room.log.post")]

        s = a.until(lambda x: bool(acts(x)) or x["hand"] is None)
        if s["hand"] is not None:
            words = [w["text"] for w in acts(s)]
            assert words[0] == expected
        # ... and after two expiries in a row she is sat out, keeping her seat and chips.
        s = a.until(lambda x: x["you"].get("status") == "sitting_out", timeout=20)
        assert s["you"]["seat"] == ann["seat"]
        a.send(type="sit_in")
        a.until(lambda x: x["you"].get("status") != "sitting_out")
        assert sum(r["stack"] for r in s["seats"] if r) + sum(p["amount"] for p in (s["hand"] or {"pots": []})["pots"]) == 400
    finally:
        a.close()


def test_a_join_sits_at_the_seat_asked_for_and_a_taken_one_is_refused_making_no_member(shared_server: Server) -> None:
    """Issue 37: ``POST /api/tables/ID/join`` takes ``seat`` (the seat tapped)."""
    table = shared_server.create_table(name="seats", bots=[], seats=6)
    url = f"{shared_server.base}/api/tables/{table}/join"
    ann = HTTP.post(url, json={"name": "Ann", "seat": 4}, timeout=10).json()
    assert ann["seat"] == 4
    taken = HTTP.post(url, json={"name": "Bob", "seat": 4}, headers={"Accept-Language": "zh-Hant"}, timeout=10)
    assert taken.status_code == 400
    assert (taken.json()["key"], taken.json()["detail"]) == ("room.error.seat_taken", "4 號座位已經有人：空位是 1, 2, 3, 5, 6 號")
    assert HTTP.post(url, json={"name": "Bob", "seat": 7}, timeout=10).json()["key"] == "room.error.no_such_seat"
    bob = HTTP.post(url, json={"name": "Bob"}, timeout=10).json()  # the name was not taken by a refused join
    assert (bob["name"], bob["seat"]) == ("Bob", 1)


def test_a_sit_message_sits_at_the_seat_asked_for(shared_server: Server) -> None:
    """Issue 37: ``{"type": "sit", "amount": A, "seat": N}`` -- a member without a seat taps seat N."""
    table = shared_server.create_table(name="sit", bots=[], seats=4)
    ann = shared_server.join(table, "Ann")
    c = Client(shared_server, table, ann["token"])
    try:
        c.until(lambda s: s["you"] is not None and s["you"]["seat"] == 1)
        c.send(type="leave")
        c.until(lambda s: s["you"]["seat"] is None)
        c.send(type="sit", amount=200, seat=3)
        assert c.until(lambda s: s["you"]["seat"] is not None)["you"]["seat"] == 3
    finally:
        c.close()


def test_the_hosts_join_with_the_host_token_is_seated_at_once_and_a_wrong_token_is_refused(shared_server: Server) -> None:
    """Issue 37: at a table whose host approves players, the host's own seat is never held."""
    r = HTTP.post(shared_server.base + "/api/tables", json={"name": "h", "bots": [], "approve_players": True}, timeout=10)
    table, token = r.json()["id"], r.json()["host_token"]
    url = f"{shared_server.base}/api/tables/{table}/join"
    wrong = HTTP.post(url, json={"name": "Eve"}, headers={"X-Host-Token": "not-it"}, timeout=10)
    assert (wrong.status_code, wrong.json()["key"]) == (403, "room.host.not_host")
    host = HTTP.post(url, json={"name": "Host", "seat": 2}, headers={"X-Host-Token": token}, timeout=10).json()
    assert (host["pending"], host["seat"]) == (False, 2)
    guest = HTTP.post(url, json={"name": "Ann", "seat": 3}, timeout=10).json()
    assert (guest["pending"], guest["seat"]) == (True, None)  # everyone else still asks
