"""A player's own settings at their seat (issues 16 and 22): the coach's lines go
to them only; a loss limit stops them -- a bust too -- after the hand; a stop
holds when they leave and sit again, at a second seat and at a new table of
the same browser (its key, sent with each join), never for another browser;
going on waits for a short cool-off; and all of it is in the table's log and
survives kill -9."""

from __future__ import annotations

import json
import secrets
import sqlite3
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from pokerdealer.server.self_limits import SESSION_BREAK
from tests.server.conftest import HTTP, Client, Server

COOL_OFF = 5
"""The cool-off of the room these tests play in (seconds; five minutes by default)."""


@pytest.fixture(scope="module")
def room(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """One room for the module (each test has tables and browser keys of its own), with a short cool-off."""
    s = Server(tmp_path_factory.mktemp("limits") / "room.db", extra=("--limit-cool-off", str(COOL_OFF))).start()
    yield s
    s.stop()


@pytest.fixture
def clients() -> Iterator[list[Client]]:
    opened: list[Client] = []
    yield opened
    for c in opened:
        c.close()


def _key() -> str:
    """A browser's own key, as the page makes it."""
    return secrets.token_urlsafe(24)


def _join(server: Server, table: str, name: str, person: str | None, buy_in: int | None = None) -> dict[str, Any]:
    r = HTTP.post(f"{server.base}/api/tables/{table}/join", json={"name": name, "buy_in": buy_in, "person": person},
                   timeout=10)
    assert r.status_code == 200, r.text
    return r.json()


def _sit(server: Server, clients: list[Client], table: str, name: str, person: str | None) -> Client:
    """``name`` joins ``table`` from the browser of ``person`` and reads it."""
    c = Client(server, table, _join(server, table, name, person)["token"])
    clients.append(c)
    c.until(lambda s: s["you"] is not None)
    return c


def _bot_table(server: Server, name: str = "limits", bots: int = 2) -> str:
    return server.create_table(name=name, bots=["caller"] * bots, stack=200, clock=30)


def _act(c: Client, s: dict[str, Any], kind: str) -> None:
    hand = s["hand"]
    c.send(type="act", kind=kind, hand=hand["number"], at=hand["actions"])
    c.until(lambda x, seq=s["seq"]: x["seq"] > seq, timeout=20)


def _limits(c: Client, **limits: Any) -> None:
    c.send(type="limits", **{"minutes": None, "loss": None, "unit": "chips", **limits})
    c.until(lambda s: s["you"]["limits"]["loss"] == limits.get("loss"))


def _play_until_stopped(c: Client, choose: Any, hands: int = 60) -> dict[str, Any]:  # noqa: ANN401
    """Act with ``choose(legal)`` at each turn until a limit stops the player."""
    for _ in range(hands * 20):
        s = c.poll()
        if s["you"]["limits"]["stop"]:
            return s
        if c.my_turn(s):
            _act(c, s, choose(s["you"]["legal"]))
    raise AssertionError("no limit was reached")


def _give_away(legal: dict[str, Any]) -> str:
    """Fold at every turn (the room offers a fold when a check is free): a player who only ever
    loses their blinds. (Checking when free, she won checked-down pots as the big blind: a 1-chip
    limit took 19 hands to stop her.)"""
    return "fold" if legal["fold"] else "check"


def _shove(legal: dict[str, Any]) -> str:
    """All in at every turn (the callers call): the player busts soon."""
    return "all_in" if legal["min_raise"] is not None or legal["call"] is not None else "check"


def _stopped_broke(server: Server, clients: list[Client], table: str | None = None) -> tuple[Client, dict[str, Any]]:
    """Ann, with a 30-chip loss limit, goes all in until she is stopped."""
    a = _sit(server, clients, table or _bot_table(server), "Ann", _key())
    _limits(a, loss=30)
    return a, _play_until_stopped(a, _shove)


def _stopped_seated(server: Server, clients: list[Client], person: str, name: str = "limits") -> tuple[str, Client]:
    """Ann, with a 1-chip loss limit, folds until it stops her (still seated, sat out)."""
    table = _bot_table(server, name)
    a = _sit(server, clients, table, "Ann", person)
    _limits(a, loss=1)
    _play_until_stopped(a, _give_away)
    return table, a


def _seat(s: dict[str, Any], name: str) -> dict[str, Any] | None:
    """``name``'s seat (a busted one is shown until the next deal: no seat)."""
    return next((r for r in s["seats"] if r and r["name"] == name and r["status"] != "busted"), None)


def _refused(c: Client, **msg: Any) -> dict[str, Any]:  # noqa: ANN401
    c.send(**msg)
    error = c.next_of("error")
    assert error["ref"] == msg["type"], error
    return error


def _wait_cool_off(s: dict[str, Any]) -> None:
    """The cool-off is time, not a state anyone is sent: wait the seconds the stop says are left."""
    time.sleep(s["you"]["limits"]["stop"]["wait"] + 0.2)


# ------------------------------------------------------------------ the coach
def test_coach_lines_reach_only_their_player(room: Server, clients: list[Client]) -> None:
    table = room.create_table(name="coached", bots=["caller", "caller"], stack=200, clock=30)
    ann, bob = room.join(table, "Ann"), room.join(table, "Bob")
    a, b, spectator = Client(room, table, ann["token"]), Client(room, table, bob["token"]), Client(room, table)
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


def test_a_learner_is_asked_to_show_or_muck_and_the_others_are_not(room: Server, clients: list[Client]) -> None:
    """At a showdown the rules leave her to choose, Ann (the coach on) is asked, told
    who shows first and why (TDA 2026 18-A) and that a mucked hand gives up the pot;
    she mucks, and the hand is over with her cards unshown. Bob (the coach off) is
    never asked: the table shows or mucks his hand the online way."""
    from pokerdealer.i18n import message

    table = room.create_table(name="show or muck", bots=["caller"], stack=200, clock=30)
    ann, bob = room.join(table, "Ann"), room.join(table, "Bob")
    a = Client(room, table, ann["token"], shows=False)
    b, spectator = Client(room, table, bob["token"], shows=False), Client(room, table)
    clients += [a, b, spectator]
    b.send(type="coach", on=0)
    b.until(lambda s: s["you"] and s["you"]["coach"]["on"] is False)
    a.send(type="coach", on=1)  # no bot among the players who sat first: she asks for it
    a.until(lambda s: s["you"] and s["you"]["coach"]["on"] is True)
    for _ in range(2000):
        s = a.poll(quiet=0.02)
        asked = s["you"].get("show_or_muck")
        if asked:
            break
        b.poll(quiet=0)
        for c in (a, b):
            if c.state is not None and c.my_turn(c.state):
                c.act_passive(c.state)
    else:
        raise AssertionError("Ann was never asked to show or muck")
    assert s["hand"]["street"] == "showdown" and s["you"]["legal"] is None
    keys = [line["key"] for line in asked["lines"]]
    assert keys[0] in ("coach.show.you_first", "coach.show.after") and keys[-1] == "coach.show.or_muck"
    assert asked["lines"][-1]["text"].startswith(message("en", "coach.show.or_muck"))
    assert "TDA 2026" in asked["lines"][0]["text"]
    assert asked["lines"][0]["href"] == "/rules#show-order"
    # Only the player at the showdown's turn may answer, and only the question asked.
    assert _refused(b, type="act", kind="show", hand=asked["hand"], at=asked["at"])["key"] in (
        "room.error.not_your_turn", "room.error.showdown_auto", "room.error.not_in_hand")
    number = asked["hand"]
    a.send(type="act", kind="muck", hand=number, at=asked["at"])
    s = a.until(lambda s: (s["last_hand"] or {}).get("number") == number)
    mine = next(o for o in s["last_hand"]["order"] if o["name"] == "Ann")
    assert mine.get("mucked") and not mine.get("cards")
    b.poll(quiet=0), spectator.poll(quiet=0)
    assert not any((m.get("you") or {}).get("show_or_muck") for m in b.messages if m["type"] == "state")
    assert not any('"show_or_muck"' in text for text in spectator.raw)


# ------------------------------------------------------------- the loss limit
def test_a_loss_limit_stops_a_player_who_goes_broke(room: Server, clients: list[Client]) -> None:
    a, s = _stopped_broke(room, clients)
    assert next(r for r in s["seats"] if r and r["name"] == "Ann")["status"] == "busted"  # the stop came with the bust
    limits = s["you"]["limits"]
    assert limits["stop"]["why"] == "loss" and limits["stop"]["net"] == limits["session"]["net"] == -200


def test_a_buy_in_is_refused_while_stopped(room: Server, clients: list[Client]) -> None:
    a, s = _stopped_broke(room, clients)
    assert _refused(a, type="sit", amount=200)["key"] == "room.limits.error.stopped"
    assert _seat(a.poll(), "Ann") is None and a.state["you"]["limits"]["stop"]["why"] == "loss"  # type: ignore[index]


def test_a_top_up_is_refused_while_stopped(room: Server, clients: list[Client]) -> None:
    table, a = _stopped_seated(room, clients, _key())
    assert _refused(a, type="top_up", amount=1)["key"] == "room.limits.error.stopped"


def test_the_session_net_survives_bust_leave_and_rebuy(room: Server, clients: list[Client]) -> None:
    table = _bot_table(room)
    a, s = _stopped_broke(room, clients, table)
    _wait_cool_off(s)
    a.send(type="limit_continue")
    s = a.until(lambda s: s["you"]["limits"]["stop"] is None)
    # Her 30-chip limit counts afresh from the go-on: a rebuy of 200 could lose 200, so 30 at most.
    assert s["you"]["limits"]["left"] == 30 and s["you"]["buy_in"]["max"] == 30
    error = _refused(a, type="sit", amount=200)
    assert error["key"] == "room.limits.error.left" and error["params"] == {"amount": 200, "most": 30}
    _limits(a, loss=200)
    a.send(type="sit", amount=200)
    s = a.until(lambda s: _seat(s, "Ann") is not None)
    assert s["you"]["limits"]["left"] == 0 and s["you"]["max_top_up"] == 0
    assert s["you"]["limits"]["session"] == {**s["you"]["limits"]["session"], "net": -200, "invested": 400}
    a.send(type="leave")  # at once, or after her hand (she folds it)
    for _ in range(400):
        s = a.poll()
        if _seat(s, "Ann") is None:
            break
        if a.my_turn(s):
            _act(a, s, _give_away(s["you"]["legal"]))
    left = [d for k, d in _events(Path(room.db), table) if k == "leave" and d["member"] == s["you"]["member"]]
    assert s["you"]["limits"]["session"] == {**s["you"]["limits"]["session"], "net": left[0]["chips"] - 400, "invested": 400}


def test_leaving_and_sitting_again_does_not_lift_a_stop(room: Server, clients: list[Client]) -> None:
    table, a = _stopped_seated(room, clients, _key())
    before = a.poll()["you"]["limits"]
    a.send(type="leave")
    s = a.until(lambda s: _seat(s, "Ann") is None, timeout=30)
    after = s["you"]["limits"]
    assert after["stop"] == {**before["stop"], "wait": after["stop"]["wait"]}
    assert after["session"]["seconds"] >= before["session"]["seconds"]  # the count goes on, not afresh
    assert _refused(a, type="sit", amount=200)["key"] == "room.limits.error.stopped"
    assert _seat(a.poll(), "Ann") is None


def test_a_second_seat_in_the_same_browser_is_stopped_too(room: Server, clients: list[Client]) -> None:
    key = _key()
    table, a = _stopped_seated(room, clients, key)
    again = _join(room, table, "Ann", key)
    assert again["seat"] is None and again["stopped"] == "loss"
    c = Client(room, table, again["token"])
    clients.append(c)
    s = c.until(lambda s: s["you"] is not None)
    assert s["you"]["seat"] is None and s["you"]["limits"]["stop"]["why"] == "loss"
    assert _refused(c, type="sit", amount=200)["key"] == "room.limits.error.stopped"


def test_a_new_table_in_the_same_browser_is_stopped_too(room: Server, clients: list[Client]) -> None:
    key = _key()
    _, a = _stopped_seated(room, clients, key, name="first")
    stop = a.poll()["you"]["limits"]["stop"]
    other = _bot_table(room, "second")
    joined = _join(room, other, "Ann", key)
    assert joined["seat"] is None and joined["stopped"] == "loss"
    c = Client(room, other, joined["token"])
    clients.append(c)
    s = c.until(lambda s: s["you"] is not None)
    assert s["you"]["limits"]["stop"]["table"] == "first"
    assert s["you"]["limits"]["stop"]["net"] == stop["net"]
    assert _refused(c, type="sit", amount=200)["key"] == "room.limits.error.stopped"


def test_a_stop_reaches_a_table_where_the_same_browser_is_already_seated(room: Server, clients: list[Client]) -> None:
    key = _key()
    other = _bot_table(room, "second")
    b = _sit(room, clients, other, "Ann", key)  # seated there first
    _stopped_seated(room, clients, key, name="first")
    for _ in range(400):  # Ann plays on there until that table hears of the stop (after a hand)
        s = b.poll()
        if s["you"]["limits"]["stop"]:
            break
        if b.my_turn(s):
            _act(b, s, _give_away(s["you"]["legal"]))
    assert s["you"]["limits"]["stop"] is not None, (s["you"]["limits"], s["seats"], s.get("hand"))
    assert s["you"]["limits"]["stop"]["table"] == "first"
    assert _seat(s, "Ann")["status"] == "sitting_out"  # type: ignore[index]


def test_another_browser_neither_sees_nor_lifts_a_stop(room: Server, clients: list[Client]) -> None:
    table, a = _stopped_seated(room, clients, _key())
    b = _sit(room, clients, table, "Bob", _key())
    s = b.until(lambda s: _seat(s, "Bob") is not None)
    assert s["you"]["limits"]["stop"] is None and _seat(s, "Bob")["status"] != "sitting_out"  # type: ignore[index]
    assert not any('"stopped":"loss"' in text for text in b.raw)  # Ann's stop is hers alone
    assert _refused(b, type="limit_continue")["key"] == "room.limits.error.not_stopped"
    assert a.poll()["you"]["limits"]["stop"]["why"] == "loss"
    no_key = _join(room, table, "Cat", None)
    assert no_key["seat"] is not None and no_key["stopped"] is None


def test_going_on_waits_for_the_cool_off(room: Server, clients: list[Client]) -> None:
    table, a = _stopped_seated(room, clients, _key())
    error = _refused(a, type="limit_continue")
    assert error["key"] == "room.limits.error.cool_off" and 0 < error["params"]["seconds"] <= COOL_OFF
    s = a.poll()
    assert s["you"]["limits"]["stop"]["wait"] > 0
    _wait_cool_off(s)
    a.send(type="limit_continue")
    a.until(lambda s: s["you"]["limits"]["stop"] is None)
    a.send(type="sit_in")
    a.until(lambda s: _seat(s, "Ann")["status"] != "sitting_out")  # type: ignore[index]


def test_limits_and_what_they_leave_follow_the_person_to_another_table(room: Server, clients: list[Client]) -> None:
    """Ann sets a loss limit of 300 at one table, with 200 brought there: at a second
    table of the room (the same browser) her limit is the same, and a buy-in of 200
    there is refused -- 100 is what it leaves -- while one of 100 is taken."""
    key = _key()
    a = _sit(room, clients, _bot_table(room, "first"), "Ann", key)
    a.send(type="limits", minutes=None, loss=300, unit="chips")
    s = a.until(lambda s: s["you"]["limits"]["loss"] == 300)
    assert s["you"]["limits"]["left"] == 100 and s["you"]["limits"]["time_sit_out"] is True
    other = _bot_table(room, "second")
    r = HTTP.post(f"{room.base}/api/tables/{other}/join", json={"name": "Ann", "buy_in": 200, "person": key}, timeout=10)
    assert r.status_code == 400 and r.json()["key"] == "room.limits.error.left", r.text
    assert r.json()["params"] == {"amount": 200, "most": 100}
    b = Client(room, other, _join(room, other, "Ann", key, buy_in=100)["token"])
    clients.append(b)
    s = b.until(lambda s: s["you"] is not None and s["you"]["seat"] is not None)
    assert s["you"]["limits"]["loss"] == 300 and s["you"]["limits"]["left"] == 0
    assert _refused(b, type="top_up", amount=1)["key"] == "room.limits.error.left"
    # Another browser at the same table is a person of its own: nothing of Ann's reaches it.
    c = _sit(room, clients, other, "Bob", _key())
    assert c.state["you"]["limits"]["loss"] is None  # type: ignore[index]


def test_a_browser_key_that_is_not_one_is_refused(room: Server) -> None:
    table = _bot_table(room)
    r = HTTP.post(f"{room.base}/api/tables/{table}/join", json={"name": "Ann", "person": "not a key!"}, timeout=10)
    assert r.status_code == 422 and "person" in r.text


# ------------------------------------------------------------------ kill -9
def _events(db_file: Path, table: str) -> list[tuple[str, dict[str, Any]]]:
    with sqlite3.connect(db_file) as db:
        rows = db.execute("SELECT kind, data FROM events WHERE table_id = ? ORDER BY seq", (table,)).fetchall()
    return [(kind, json.loads(data)) for kind, data in rows]


def _person_stops(db_file: Path) -> list[str | None]:
    with sqlite3.connect(db_file) as db:
        return [stop for (stop,) in db.execute("SELECT stop FROM persons")]


def test_settings_and_a_stop_survive_sigkill(tmp_path: Path) -> None:
    server = Server(tmp_path / "room.db", extra=("--limit-cool-off", "600")).start()
    clients: list[Client] = []
    key = _key()
    try:
        table = _bot_table(server, "kept")
        ann = _join(server, table, "Ann", key)
        a = Client(server, table, ann["token"])
        clients.append(a)
        a.send(type="coach", on=0)
        a.send(type="limits", minutes=90, loss=1, unit="chips", time_sit_out=1)
        a.until(lambda s: s["you"] is not None and s["you"]["limits"]["minutes"] == 90 and not s["you"]["coach"]["on"])
        before = _play_until_stopped(a, _give_away)["you"]["limits"]  # hands end: snapshots are written
        server.kill()
        a.close()
        clients.clear()
        # Every step is an event in the table's log: the browser's person, the limits, the stop and its sit-out.
        mine = [(kind, data) for kind, data in _events(tmp_path / "room.db", table) if data.get("member") == ann["member"]]
        assert [kind for kind, _ in mine][:2] == ["person", "sit_down"]
        assert ("limits", {"member": ann["member"], "minutes": 90, "loss": 1, "unit": "chips", "time_sit_out": True}) in mine
        stop = next(data for kind, data in mine if kind == "limit_stop")
        assert stop["why"] == "loss" and stop["net"] == before["stop"]["net"]
        assert [kind for kind, _ in mine][-2:] == ["sit_out", "limit_stop"]
        assert len(_person_stops(tmp_path / "room.db")) == 1
        server = Server(tmp_path / "room.db", port=server.port, extra=("--limit-cool-off", "600")).start()
        a = Client(server, table, ann["token"])
        clients.append(a)
        after = a.until(lambda s: s["you"] is not None)["you"]
        assert after["coach"]["on"] is False
        kept = {k: after["limits"][k] for k in ("minutes", "loss", "unit", "time_sit_out", "stopped")}
        assert kept == {"minutes": 90, "loss": 1, "unit": "chips", "time_sit_out": True, "stopped": "loss"}
        assert after["limits"]["session"]["net"] == before["session"]["net"]
        assert {k: v for k, v in after["limits"]["stop"].items() if k != "wait"} == \
            {k: v for k, v in before["stop"].items() if k != "wait"}
        assert _refused(a, type="sit_in")["key"] == "room.limits.error.confirm_first"
        # Restarted, the room still knows the browser: a second seat and a new table are stopped.
        assert _join(server, table, "Ann", key)["stopped"] == "loss"
        assert _join(server, _bot_table(server, "new"), "Ann", key)["stopped"] == "loss"
    finally:
        for c in clients:
            c.close()
        server.stop()


def test_going_on_survives_sigkill(tmp_path: Path) -> None:
    server = Server(tmp_path / "room.db", extra=("--limit-cool-off", "1")).start()
    clients: list[Client] = []
    key = _key()
    try:
        table = _bot_table(server, "kept")
        ann = _join(server, table, "Ann", key)
        a = Client(server, table, ann["token"])
        clients.append(a)
        a.until(lambda s: s["you"] is not None)
        _limits(a, loss=1)
        _wait_cool_off(_play_until_stopped(a, _give_away))
        a.send(type="limit_continue")
        a.until(lambda s: s["you"]["limits"]["stop"] is None)
        _limits(a, loss=1000)  # a buy-in elsewhere needs room under her limit (it counts across tables)
        server.kill()
        a.close()
        clients.clear()
        went_on = [d for k, d in _events(tmp_path / "room.db", table) if k == "limit_continue"]
        assert went_on == [{"member": ann["member"], "net": went_on[0]["net"], "since": went_on[0]["since"]}]
        assert _person_stops(tmp_path / "room.db") == [None]
        server = Server(tmp_path / "room.db", port=server.port, extra=("--limit-cool-off", "1")).start()
        a = Client(server, table, ann["token"])
        clients.append(a)
        assert a.until(lambda s: s["you"] is not None)["you"]["limits"]["stop"] is None
        assert _join(server, _bot_table(server, "new"), "Ann", key)["stopped"] is None
    finally:
        for c in clients:
            c.close()
        server.stop()


# -------------------------------------------------------------- the session
def _offline_table() -> Any:  # noqa: ANN401
    """A table's state without a server or database (events reduced by hand)."""
    from pokerdealer.server.features import CASH
    from pokerdealer.server.reducer import MemberInfo, new_state, reduce
    from pokerdealer.server.settings import TableSettings

    state = new_state(TableSettings(bots=()), features=CASH)
    for k, name in enumerate(("Ann", "Bob", "Cat")):
        state = state.with_member(MemberInfo(k + 1, name))
    state = reduce(state, "person", {"member": 1, "person": "p" * 64}, 0.0)
    for k in range(3):
        state = reduce(state, "sit_down", {"member": k + 1, "seat": k + 1, "buy_in": 200, "wait_bb": False}, 0.0)
    return state


def _offline_limits(state: Any, **limits: Any) -> Any:  # noqa: ANN401
    """Ann's limits set (a ``limits`` event, as her page sends them)."""
    from pokerdealer.server.reducer import reduce

    return reduce(state, "limits", {"member": 1, **limits}, 0.0)


def test_a_session_goes_on_after_a_short_break_and_starts_afresh_after_a_long_one() -> None:
    from pokerdealer.server.reducer import reduce
    from pokerdealer.server.self_limits import key_of, net, own_of

    state = _offline_table()
    state.table._find("Ann").stack = 150  # the table lends out copies
    state = reduce(state, "leave", {"member": 1, "chips": 150}, 100.0)
    state = reduce(state, "sit_down", {"member": 1, "seat": 1, "buy_in": 200, "wait_bb": False}, 100.0 + SESSION_BREAK - 1)
    ann = key_of(state, 1)
    assert own_of(state, 1).started_at == 0.0 and net(state, ann) == -50  # 150 taken + 200 here - 400 bought
    state = reduce(state, "leave", {"member": 1, "chips": 200}, 5000.0)
    state = reduce(state, "sit_down", {"member": 1, "seat": 1, "buy_in": 200, "wait_bb": False}, 5000.0 + SESSION_BREAK)
    assert own_of(state, 1).started_at == 5000.0 + SESSION_BREAK and net(state, ann) == 0


def test_time_limit_sits_out_by_default_and_only_reminds_when_asked() -> None:
    from pokerdealer.server.self_limits import due, own_of

    state = _offline_limits(_offline_table(), minutes=30)
    own = own_of(state, 1)
    assert not own.time_reached(29 * 60.0) and own.time_reached(30 * 60.0)
    assert due(state, 29 * 60.0) == []
    assert due(state, 31 * 60.0) == [
        ("sit_out", {"member": 1}), ("limit_stop", {"member": 1, "why": "time", "net": 0, "seconds": 31 * 60}),
    ]
    state = _offline_limits(state, minutes=30, time_sit_out=False)
    assert due(state, 31 * 60.0) == []  # a reminder only, as she chose


def test_loss_limit_in_buy_ins_counts_whole_buy_ins() -> None:
    from pokerdealer.server.self_limits import due

    state = _offline_limits(_offline_table(), loss=1, unit="buy_ins")
    state.table._find("Ann").stack = 1  # the table lends out copies
    assert due(state, 10.0) == []
    state.table._find("Ann").stack = 0
    assert due(state, 10.0)[-1] == ("limit_stop", {"member": 1, "why": "loss", "net": -200, "seconds": 10})


def test_at_the_showdown_only_the_learner_on_turn_is_asked_and_the_clock_answers_the_online_way() -> None:
    """The reducer's hand checked down to the showdown: Ann (the coach on) is asked
    on her turn only; Bob and Cat (the coach off) never; a clock that runs out shows
    or mucks her hand as the table does everyone's (:func:`online_show_or_muck`)."""
    from pokerdealer.rules import Street
    from pokerdealer.server.fair import shuffled_deck
    from pokerdealer.server.reducer import deal, reduce
    from pokerdealer.server.self_limits import asked_to_show
    from pokerdealer.server.table_clock import _passive
    from pokerdealer.table import online_show_or_muck

    state = reduce(_offline_table(), "coach", {"member": 1, "on": True}, 0.0)
    proof = {"deck": "", "salts": "", "commitment": ""}
    state, _ = deal(state, shuffled_deck("holdem", seed=7, number=1), proof, at=1.0)
    record = state.table.current
    hand = record.hand
    while hand.street is not Street.SHOWDOWN:
        legal = hand.legal()
        state = reduce(state, "act", {"hand": 1, "a": f"p{legal.actor + 1} {'cc'}"}, 2.0)
    seen = []
    while hand.actor is not None:
        asked = [m for m in (1, 2, 3) if asked_to_show(state, m, record)]
        ann_turn = record.players[hand.actor] == "Ann"
        assert asked == ([1] if ann_turn else [])
        seen.append(ann_turn)
        answer = _passive(hand, hand.actor)
        assert answer == online_show_or_muck(hand) and answer.kind in ("show", "muck")
        state = reduce(state, "act", {"hand": 1, "a": str(answer)}, 3.0)
    assert seen.count(True) == 1 and hand.is_complete


def test_buy_ins_and_top_ups_are_capped_by_what_the_loss_limit_leaves() -> None:
    """A loss limit of 250 with 200 buy-ins: a top-up of 100 could lose 300, refused
    (50 at most); busted, a rebuy of 200 is refused (50 at most), 50 is not."""
    from pokerdealer.server.reducer import reduce
    from pokerdealer.server.self_limits import check_buy_in, own_of
    from pokerdealer.server.words import Said

    state = _offline_limits(_offline_table(), loss=250)
    with pytest.raises(Said) as refused:
        check_buy_in(state, 1, 100)
    assert refused.value.key == "room.limits.error.left" and refused.value.params == {"amount": 100, "most": 50}
    state.table._find("Ann").stack = 0  # busted (the table lends out copies)
    assert own_of(state, 1).buy_in_left(buy_in=200) == 50
    with pytest.raises(Said):
        check_buy_in(state, 1, 200)
    check_buy_in(state, 1, 50)
    state = reduce(state, "top_up", {"member": 1, "amount": 50}, 20.0)
    assert own_of(state, 1).buy_in_left(buy_in=200) == 0
    check_buy_in(state, 2, 10_000)  # Bob set no limit


def test_each_further_go_on_in_a_day_waits_twice_as_long() -> None:
    from pokerdealer.server.reducer import reduce
    from pokerdealer.server.self_limits import cool_off_left, own_of

    state = _offline_limits(_offline_table(), loss=1)
    waits = []
    for at in (1000.0, 5000.0, 9000.0, 9000.0 + 2 * 86400):
        state = reduce(state, "limit_stop", {"member": 1, "why": "loss", "net": -1, "seconds": 60}, at)
        waits.append(cool_off_left(own_of(state, 1), now=at, cool_off=300))
        state = reduce(state, "limit_continue", {"member": 1, "net": -1, "since": at}, at + waits[-1])
    assert waits == [300, 600, 1200, 300]  # a day without going on starts afresh
    assert own_of(state, 1).went_on == (9000.0 + 2 * 86400 + 300,)


def test_the_loss_counts_across_the_tables_of_the_session() -> None:
    """Ann has a loss limit of 250 here and is 150 down at another table of the room
    (its row: 200 brought, 50 in front of her): 100 lost here stops her, not 250;
    a row left more than an hour ago is another session and counts nothing."""
    from pokerdealer.server.reducer import reduce
    from pokerdealer.server.person_rows import synced
    from pokerdealer.server.self_limits import SESSION_BREAK, due

    state = _offline_limits(_offline_table(), loss=250)
    person = "p" * 64
    there = {"brought": 200, "taken": 0, "stacks": 50, "started_at": 0.0, "away_since": None}
    view = {"stop": None, "own": None, "tables": [there]}
    events = synced(state, person, view, now=10.0)
    assert events == [("limits_elsewhere", {"member": 1, "net": -150, "brought": 200, "since": 0.0})]
    for kind, data in events:
        state = reduce(state, kind, data, 10.0)
    assert synced(state, person, view, now=10.0) == []  # nothing new: nothing logged
    state.table._find("Ann").stack = 101  # 99 down here (the table lends out copies)
    assert due(state, 20.0) == []
    state.table._find("Ann").stack = 100
    assert due(state, 20.0)[-1] == ("limit_stop", {"member": 1, "why": "loss", "net": -250, "seconds": 20})
    old = {**there, "away_since": 20.0}
    assert synced(state, person, {**view, "tables": [old]}, now=21.0 + SESSION_BREAK)[-1][1]["net"] == 0


def test_limits_set_at_another_table_hold_here_and_the_newest_wins() -> None:
    from pokerdealer.server.reducer import reduce
    from pokerdealer.server.person_rows import synced
    from pokerdealer.server.self_limits import own_of

    state = _offline_limits(_offline_table(), loss=250)  # set here at 0.0
    person = "p" * 64
    row = {"minutes": 60, "loss": 80, "unit": "chips", "time_sit_out": False, "set_at": 5.0, "went_on": [3.0]}
    events = synced(state, person, {"stop": None, "own": row, "tables": []}, now=10.0)
    for kind, data in events:
        state = reduce(state, kind, data, 10.0)
    own = own_of(state, 1)
    assert (own.minutes, own.loss, own.time_sit_out, own.went_on) == (60, 80, False, (3.0,))
    older = {**row, "loss": 999, "set_at": 1.0}
    assert synced(state, person, {"stop": None, "own": older, "tables": []}, now=11.0) == []


def test_going_on_at_one_table_counts_afresh_at_a_table_joined_later() -> None:
    """Ann lost 250 at another table, her limit then, and went on there with a limit of
    150: at a table she joins later the loss counts from that go-on, not from nothing
    -- she is not stopped at once, and 150 lost here stops her."""
    from pokerdealer.server.reducer import reduce
    from pokerdealer.server.person_rows import synced
    from pokerdealer.server.self_limits import due

    state = _offline_table()  # Ann here: nothing set yet
    person = "p" * 64
    row = {"minutes": None, "loss": 150, "unit": "chips", "time_sit_out": True, "set_at": 9.0,
           "went_on": [8.0], "loss_from": -250, "time_from": 8.0}
    there = {"brought": 250, "taken": 0, "stacks": 0, "started_at": 0.0, "away_since": None}
    for kind, data in synced(state, person, {"stop": None, "own": row, "tables": [there]}, now=10.0):
        state = reduce(state, kind, data, 10.0)
    assert due(state, 20.0) == []
    state.table._find("Ann").stack = 51  # 149 lost here (the table lends out copies)
    assert due(state, 20.0) == []
    state.table._find("Ann").stack = 50
    assert due(state, 20.0)[-1][1]["net"] == -400
