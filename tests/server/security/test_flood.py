"""A room no stranger can freeze (issue 25): floods are cut off where they start.

Each flooding connection comes from a loopback address of its own
(127.0.6.k ...; Linux routes all of 127.0.0.0/8 to the loopback device), so
the per-address limits of the other tests' clients (127.0.0.1) are not spent.
"""

from __future__ import annotations

import base64
import contextlib
import json
import os
import socket
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from websockets.sync.client import connect

from pokerdealer.server.limits import FLOOD_CLOSE_CODE, FLOODED, Backlog, Rate, Throttle
from pokerdealer.server.live import Conn
from tests.patience import until
from tests.server.conftest import Client, Server


TCP_MOST = 150
TCP_PER_ADDRESS = 40


@pytest.fixture(scope="module")
def room(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    # The gate's caps made small (server/gate.py): its tests fill them in a moment.
    extra = ("--tcp-most", str(TCP_MOST), "--tcp-per-address", str(TCP_PER_ADDRESS), "--request-timeout", "1")
    s = Server(tmp_path_factory.mktemp("flood") / "room.db", extra=extra).start()
    yield s
    s.stop()


def _frame(text: str) -> bytes:
    """A client's (masked) text frame of fewer than 126 bytes."""
    data = text.encode()
    mask = os.urandom(4)
    return bytes([0x81, 0x80 | len(data)]) + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(data))


def _flood(
    server: Server, table: str, address: str, frames: int, *, token: str | None = None,
    message: Any = None, until: Any = None,  # noqa: ANN401
) -> tuple[list[dict[str, Any]], int | None, str]:
    """Say hello and send ``frames`` pings (or ``message(k)``) at once (from a thread, as a
    script would: it never stops to read), reading meanwhile until the server closes (or a
    message satisfies ``until``): what was received, the close code and its reason (None
    and why, if no close frame came)."""
    message = message or (lambda k: {"type": "ping", "id": k})
    sock = socket.create_connection(("127.0.0.1", server.port), timeout=30, source_address=(address, 0))
    key = base64.b64encode(os.urandom(16)).decode()
    sock.sendall(
        f"GET /ws/{table} HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n".encode()
    )
    flood = _frame(json.dumps({"type": "hello", "token": token})) + b"".join(
        _frame(json.dumps(message(k))) for k in range(frames)
    )

    def send() -> None:
        with contextlib.suppress(OSError):
            sock.sendall(flood)

    reader = sock.makefile("rb")
    try:
        status = reader.readline()
        assert b" 101 " in status, status
        while reader.readline() not in (b"\r\n", b""):
            pass
        threading.Thread(target=send, daemon=True).start()
        got: list[dict[str, Any]] = []
        while True:
            head = reader.read(2)
            if len(head) < 2:
                return got, None, "the connection ended without a close frame"
            opcode, size = head[0] & 0x0F, head[1] & 0x7F
            if size >= 126:
                size = int.from_bytes(reader.read(2 if size == 126 else 8), "big")
            payload = reader.read(size)
            if opcode == 0x8:  # close: a code, then the reason
                return got, int.from_bytes(payload[:2], "big"), payload[2:].decode()
            if opcode == 0x1:
                got.append(json.loads(payload))
                if until is not None and until(got[-1]):
                    return got, None, "stopped reading"
    except TimeoutError:
        return got, None, "still open"
    finally:
        reader.close()
        sock.close()


def test_a_connection_past_its_throttle_is_closed_with_4008_and_the_reason_key(room: Server) -> None:
    table = room.create_table(name="flooded")
    _, code, reason = _flood(room, table, "127.0.6.1", 400)
    assert (code, reason) == (FLOOD_CLOSE_CODE, FLOODED)


def _burst_then_read(server: Server, table: str, address: str, frames: int) -> tuple[int | None, str]:
    """Say hello and send ``frames`` pings, each its own write as a page's ``ws.send`` is,
    then read: the close code received (None if none came) and how the connection ended
    ("closed" by a FIN, or a "reset" while sending or reading)."""
    sock = socket.create_connection(("127.0.0.1", server.port), timeout=30, source_address=(address, 0))
    key = base64.b64encode(os.urandom(16)).decode()
    sock.sendall(
        f"GET /ws/{table} HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n".encode()
    )
    reader = sock.makefile("rb")
    code = None
    try:
        status = reader.readline()
        assert b" 101 " in status, status
        while reader.readline() not in (b"\r\n", b""):
            pass
        sock.sendall(_frame(json.dumps({"type": "hello", "token": None})))
        for k in range(frames):
            sock.sendall(_frame(json.dumps({"type": "ping", "id": k})))
        while code is None:
            head = reader.read(2)
            if len(head) < 2:
                return None, "closed"
            opcode, size = head[0] & 0x0F, head[1] & 0x7F
            if size >= 126:
                size = int.from_bytes(reader.read(2 if size == 126 else 8), "big")
            payload = reader.read(size)
            if opcode == 0x8:
                code = int.from_bytes(payload[:2], "big")
        return code, "closed" if reader.read(1) == b"" else "more after the close frame"
    except (ConnectionResetError, BrokenPipeError):
        return code, "reset"
    finally:
        reader.close()
        sock.close()


def test_a_burst_is_drained_so_the_close_frame_is_not_lost_to_a_reset(room: Server) -> None:
    # The server stopped reading a flooded connection and closed it with the burst's tail
    # unread: the close became a TCP reset, and a page still sending saw 1006, not 4008.
    table = room.create_table(name="burst")
    ends = [_burst_then_read(room, table, f"127.0.6.{40 + k}", 4000) for k in range(3)]
    assert ends == [(FLOOD_CLOSE_CODE, "closed")] * 3


def test_a_flooding_connection_is_sent_no_refusal_per_message(room: Server) -> None:
    # It was sent a 'slow down' refusal for every throttled message: the room's loop spent
    # more encoding them than reading the flood.
    table = room.create_table(name="flooded quietly")
    got, _, _ = _flood(room, table, "127.0.6.2", 400)
    assert [m for m in got if m["type"] == "error"] == []
    assert sum(m["type"] == "pong" for m in got) <= Throttle().most


def test_another_table_still_answers_after_a_flood(room: Server) -> None:
    flooded = room.create_table(name="flooded")
    quiet = room.create_table(name="quiet", seats=2)
    ann, bob = room.join(quiet, "Ann"), room.join(quiet, "Bob")
    players = {ann["seat"]: Client(room, quiet, ann["token"]), bob["seat"]: Client(room, quiet, bob["token"])}
    try:
        state = players[ann["seat"]].until(lambda s: s["hand"] is not None)
        for k in range(4):  # flooders from four addresses, one after another
            _, code, reason = _flood(room, flooded, f"127.0.6.{10 + k}", 2000)
            assert code == FLOOD_CLOSE_CODE, reason
        actor = players[state["hand"]["actor"]]
        state = actor.until(lambda s: actor.my_turn(s))
        actor.act_passive(state)
        number, actions = state["hand"]["number"], state["hand"]["actions"]
        actor.until(lambda s: s["hand"] is None or (s["hand"]["number"], s["hand"]["actions"]) > (number, actions))
    finally:
        for c in players.values():
            c.close()


def test_nothing_is_encoded_for_a_closed_connection() -> None:
    conn = Conn(None)
    conn.closed = True
    unencodable = {"type": "state", "x": object()}  # encoding it would raise TypeError
    conn.send_json(unencodable)
    conn.tell("error", "room.error.not_your_turn")
    assert conn.queue.empty()


def test_a_connection_shut_by_the_room_drops_what_was_queued_for_it() -> None:
    conn = Conn(None)
    for k in range(3):
        conn.send(f"state {k}")
    conn.shut_down(FLOOD_CLOSE_CODE, FLOODED)
    assert (conn.closed, conn.shut, conn.queue.get_nowait(), conn.queue.empty()) == (
        True, (FLOOD_CLOSE_CODE, FLOODED), None, True
    )


def test_an_address_that_flooded_is_refused_new_connections_for_a_while(room: Server) -> None:
    from websockets.exceptions import InvalidStatus

    table = room.create_table(name="flooded again")
    _, code, reason = _flood(room, table, "127.0.6.3", 400)
    assert code == FLOOD_CLOSE_CODE, reason
    with pytest.raises(InvalidStatus) as refused:  # refused at the handshake, before any work
        connect(f"ws://127.0.0.1:{room.port}/ws/{table}", open_timeout=5, source_address=("127.0.6.3", 0))
    assert refused.value.response.status_code == 403
    Client(room, table, address="127.0.6.4").next_of("welcome")  # another address is welcome


# ================================================================ a table's queue
def test_a_senders_messages_waiting_at_a_table_are_bounded() -> None:
    backlog = Backlog(per_sender=8, per_table=100)
    assert [backlog.admit("ann") for _ in range(8)] == [None] * 8
    refused = backlog.admit("ann")
    assert refused is not None and refused.key == "room.error.queue_sender"
    assert backlog.admit("bob") is None  # someone else's are not


def test_a_tables_waiting_messages_are_bounded_whoever_sends_them() -> None:
    backlog = Backlog(per_sender=8, per_table=3)
    for sender in ("ann", "bob", "cy"):
        assert backlog.admit(sender) is None
    refused = backlog.admit("dee")
    assert refused is not None and refused.key == "room.error.queue_table"
    backlog.done("ann")
    assert backlog.admit("dee") is None


def test_a_burst_past_a_seats_backlog_is_refused_with_the_key(room: Server) -> None:
    # One seat's token from many connections could keep its table busy with its own messages.
    table = room.create_table(name="queued")
    ann = room.join(table, "Ann")
    got, _, _ = _flood(
        room, table, "127.0.6.20", 30, token=ann["token"],
        message=lambda k: {"type": "coach", "on": 1 - k % 2, "id": k},
        until=lambda m: m.get("key") == "room.error.queue_sender",
    )
    assert got[-1]["key"] == "room.error.queue_sender", [m.get("key") for m in got if m["type"] == "error"]
    assert got[-1]["ref"] == "coach"


def test_a_setting_as_it_already_was_is_not_logged(shared_server: Server) -> None:
    from pokerdealer.server import db
    from pokerdealer.server.schema import database_url

    table = shared_server.create_table(name="coached")
    ann = shared_server.join(table, "Ann")
    a = Client(shared_server, table, ann["token"])
    try:
        a.until(lambda s: s["you"] is not None)
        for _ in range(3):
            a.send(type="coach", on=1)
        a.send(type="ping", id=7)  # the table takes messages in order: the coach ones are done by its answer
        a.next_of("pong")
    finally:
        a.close()
    store = db.Store(database_url(str(shared_server.db)))
    try:
        events = store.read(lambda c: db.events_between(c, table, 0))
    finally:
        store.engine.dispose()
    assert [data["on"] for _, kind, data, _ in events if kind == "coach"] == [True]


# ================================================================ uploads
def _reraises_phh(raises: int) -> str:
    """A heads-up PHH hand of ``raises`` minimum re-raises, a call and a check-down."""
    actions = ["d dh p1 AsKs", "d dh p2 QdQc"]
    bet = 2
    for k in range(raises):
        bet += 2
        actions.append(f"p{2 - k % 2} cbr {bet}")
    actions.append(f"p{2 - raises % 2} cc")
    actions += ["d db 2c3d4h", "p1 cc", "p2 cc", "d db 9s", "p1 cc", "p2 cc", "d db Th", "p1 cc", "p2 cc"]
    return "\n".join([
        "variant = 'NT'", "ante_trimming_status = true", "antes = [0, 0]", "blinds_or_straddles = [1, 2]",
        "min_bet = 2", f"starting_stacks = [{bet + 1000}, {bet + 1000}]",
        "actions = [" + ", ".join(repr(a) for a in actions) + "]",
    ])


def _reraises_pokerstars(raises: int) -> str:
    lines = [
        "PokerStars Hand #7:  Hold'em No Limit (1/2) - 2024/01/15 14:30:00 UTC [2024/01/15 9:30:00 ET]",
        "Table 'Home' 2-max Seat #1 is the button",
        f"Seat 1: Ann ({2 * raises + 1000} in chips)", f"Seat 2: Bob ({2 * raises + 1000} in chips)",
        "Ann: posts small blind 1", "Bob: posts big blind 2", "*** HOLE CARDS ***",
    ]
    bet = 2
    for k in range(raises):
        lines.append(f"{('Ann', 'Bob')[k % 2]}: raises 2 to {bet + 2}")
        bet += 2
    lines.append(f"{('Ann', 'Bob')[raises % 2]}: folds")
    lines.append("*** SUMMARY ***")  # a hand without its summary is refused as cut off, before any cap
    return "\n".join(lines)


@pytest.mark.parametrize("make", [_reraises_phh, _reraises_pokerstars], ids=["phh", "pokerstars"])
def test_an_uploaded_hand_of_too_many_actions_is_refused_saying_the_cap(make: Any) -> None:  # noqa: ANN401
    from pokerdealer.server.upload import MAX_ACTIONS, UploadError, replay_upload

    with pytest.raises(UploadError) as refused:
        replay_upload(make(MAX_ACTIONS))
    assert refused.value.key == "room.upload.too_long"
    assert f"at most {MAX_ACTIONS}" in str(refused.value)


def test_an_uploaded_hand_under_the_cap_is_replayed() -> None:
    from pokerdealer.server.upload import replay_upload

    assert len(replay_upload(_reraises_phh(100))["frames"]) > 100


# ================================================================ registrations
def posted_until_refused(post: Callable[[int], Any], rate: Rate) -> list[Any]:  # noqa: ANN401 - httpx's answers
    """``post(k)`` for k = 0, 1, ... until an answer is not 200, and check the count against
    ``rate``: ``burst`` at once, then one more every ``every`` seconds. A loaded machine took
    longer than ``every`` over the burst (a refill came: the 41st table was made); so the rule
    is checked as it is, on the seconds the posts took: at least ``burst`` made, at most one
    more per ``every`` seconds of them, then a refusal. At rest that is ``burst`` and the next
    refused. (The seconds are the client's, from before the first post to after the last
    answer: at least the server's, so a limiter that keeps its rate always passes; one that
    lets through more fails as soon as the posts outrun the refill, and at twice its burst
    whatever the load.)"""
    said: list[Any] = []
    started = time.monotonic()
    while not said or said[-1].status_code == 200:
        said.append(post(len(said)))
        allowed = rate.burst + (time.monotonic() - started) / rate.every
        assert len(said) <= min(allowed, 2 * rate.burst) + 1, f"{len(said)} posts made, {allowed:.1f} allowed"
    took = time.monotonic() - started
    assert rate.burst <= len(said) - 1 <= rate.burst + took / rate.every, (len(said), took)
    return said


def test_registrations_from_one_address_into_a_tournament_are_rate_limited(shared_server: Server) -> None:
    import httpx

    from pokerdealer.server.settings import ServerOptions

    made = httpx.post(f"{shared_server.base}/api/tournaments", json={"name": "open", "max_entrants": 100}, timeout=10)
    event = made.json()["id"]
    said = posted_until_refused(
        lambda k: httpx.post(f"{shared_server.base}/api/tournaments/{event}/register", json={"name": f"junk {k}"}, timeout=10),
        ServerOptions().register_rate,
    )
    assert said[-1].status_code == 429
    assert said[-1].json()["key"] == "event.error.too_many_registrations"
    assert int(said[-1].headers["Retry-After"]) > 0


# ================================================================ chat
def test_spectators_cannot_use_up_a_seated_players_chat() -> None:
    # Six spectator sockets let only 2 of a seated player's 20 lines through (room.chat.busy).
    from pokerdealer.server.chat import ChatLimits, TableChat
    from pokerdealer.server.limits import Rate
    from pokerdealer.server.settings import ServerOptions

    class Reader:
        def __init__(self, address: str, member: Any = None) -> None:  # noqa: ANN401
            self.address, self.member = address, member

        def send(self, text: str) -> None:
            pass

    class Seat:
        id, name = 1, "Ann"

    now = [0.0]
    options = ServerOptions(chat_member=Rate(5, 2.0), chat_address=Rate(10, 1.0), chat_table=Rate(20, 0.25))
    chat = TableChat(ChatLimits(options, clock=lambda: now[0]))
    spectators = [Reader(f"10.0.1.{k}") for k in range(6)]
    ann = Reader("10.0.0.1", Seat())
    said = 0
    for step in range(40):  # 40 s: Ann says a line every 2 s (her own rate), each spectator four a second
        now[0] = float(step)
        for s in spectators:
            for _ in range(4):
                chat.say(s, "spam", readers=[])
        if step % 2 == 0:
            said += chat.say(ann, f"line {step}", readers=[]) is None
    assert said == 20


# ================================================================ creation
def _from(address: str) -> Any:  # noqa: ANN401
    """An HTTP client whose requests come from ``address`` (a loopback address of its own:
    the limits of the other tests' 127.0.0.1 are not spent)."""
    import httpx

    return httpx.Client(transport=httpx.HTTPTransport(local_address=address), timeout=20)


@pytest.mark.parametrize("what", ["tables", "tournaments"])
def test_creation_from_one_address_is_rate_limited(shared_server: Server, what: str) -> None:
    # A script listed 1,000 tables and 300 tournaments in 32 s.
    from pokerdealer.server.settings import ServerOptions

    address = "127.0.7.1" if what == "tables" else "127.0.7.2"
    with _from(address) as client:
        said = posted_until_refused(
            lambda k: client.post(f"{shared_server.base}/api/{what}", json={"name": f"junk {k}"}),
            ServerOptions().create_rate,
        )
    with _from("127.0.7.3") as client:
        other = client.post(f"{shared_server.base}/api/{what}", json={"name": "mine"})
    assert said[-1].status_code == 429
    key = "room.error.too_many_tables" if what == "tables" else "event.error.too_many_tournaments"
    assert said[-1].json()["key"] == key
    assert int(said[-1].headers["Retry-After"]) > 0
    assert other.status_code == 200  # another address creates as ever


def test_the_lobby_lists_only_the_newest_tables_of_one_creator(shared_server: Server) -> None:
    from pokerdealer.server.settings import ServerOptions

    most = ServerOptions().lobby_per_creator
    with _from("127.0.7.4") as client:
        made = [
            client.post(f"{shared_server.base}/api/tables", json={"name": f"flood {k}", "listed": True}).json()["id"]
            for k in range(most + 1)
        ]
    with _from("127.0.7.5") as client:
        mine = client.post(f"{shared_server.base}/api/tables", json={"name": "real", "listed": True}).json()["id"]
    listed = {t["id"] for t in shared_server.get("/api/tables").json()}
    assert made[0] not in listed
    assert set(made[1:]) <= listed and mine in listed
    assert shared_server.get(f"/api/tables/{made[0]}").status_code == 200  # still reached by its link


def test_the_lobby_lists_only_the_newest_tournaments_of_one_creator(shared_server: Server) -> None:
    from pokerdealer.server.settings import ServerOptions

    most = ServerOptions().lobby_per_creator
    with _from("127.0.7.6") as client:
        made = [
            client.post(f"{shared_server.base}/api/tournaments", json={"name": f"flood {k}", "listed": True}).json()["id"]
            for k in range(most + 1)
        ]
    listed = {t["id"] for t in shared_server.get("/api/tournaments").json()}
    assert made[0] not in listed
    assert set(made[1:]) <= listed
    assert shared_server.get(f"/api/tournaments/{made[0]}").status_code == 200


def test_a_refused_creation_is_not_counted_against_the_address(shared_server: Server) -> None:
    # A form's mistakes make nothing: a person correcting one is not the flood the limit is for.
    from pokerdealer.server.settings import ServerOptions

    burst = ServerOptions().create_rate.burst
    with _from("127.0.7.7") as client:
        refused = [client.post(f"{shared_server.base}/api/tables", json={"seats": 11}) for _ in range(burst)]
        made = client.post(f"{shared_server.base}/api/tables", json={"name": "at last"})
    assert {r.status_code for r in refused} == {400}
    assert made.status_code == 200


# ================================================================ frames of 8-64 KB
def _open_socket(server: Server, table: str, address: str, *, token: str | None = None) -> tuple[socket.socket, Any]:  # noqa: ANN401
    """A raw websocket to ``table`` from ``address``, past its handshake and hello."""
    sock = socket.create_connection(("127.0.0.1", server.port), timeout=5, source_address=(address, 0))
    key = base64.b64encode(os.urandom(16)).decode()
    sock.sendall(
        f"GET /ws/{table} HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n".encode()
    )
    reader = sock.makefile("rb")
    assert b" 101 " in reader.readline()
    while reader.readline() not in (b"\r\n", b""):
        pass
    sock.sendall(_frame(json.dumps({"type": "hello", "token": token})))
    return sock, reader


def _masked(data: bytes) -> bytes:
    mask = os.urandom(4)
    head = bytes([0x81, 0x80 | 126]) + len(data).to_bytes(2, "big") if len(data) < 65536 else b""
    return head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(data))


def _next_text(reader: Any, kind: str) -> dict[str, Any]:  # noqa: ANN401
    while True:
        head = reader.read(2)
        assert len(head) == 2, "the connection ended"
        opcode, size = head[0] & 0x0F, head[1] & 0x7F
        if size >= 126:
            size = int.from_bytes(reader.read(2 if size == 126 else 8), "big")
        payload = reader.read(size)
        assert opcode != 0x8, f"closed: {int.from_bytes(payload[:2], 'big')}"
        if opcode == 0x1 and json.loads(payload)["type"] == kind:
            return json.loads(payload)


@pytest.mark.parametrize("size", [9_000, 40_000, 65_000])
def test_a_frame_of_8_to_64_kb_is_refused_at_once_and_the_connection_goes_on(room: Server, size: int) -> None:
    # The room waited for it on an empty queue while the wire held its rest unparsed:
    # no error, no pong, every later message ignored.
    table = room.create_table(name=f"big frame {size}")
    sock, reader = _open_socket(room, table, f"127.0.6.{60 + size // 10_000}")
    try:
        _next_text(reader, "welcome")
        sock.sendall(_masked(b'{"type":"ping","pad":"' + b"x" * (size - 24) + b'"}'))
        assert _next_text(reader, "error")["key"] == "room.protocol.too_large"  # within the socket's 5 s
        sock.sendall(_frame(json.dumps({"type": "ping", "id": 1})))
        assert _next_text(reader, "pong")["id"] == 1
    finally:
        reader.close()
        sock.close()


# ================================================================ the TCP edge (server/gate.py)
def _idle(server: Server, address: str, n: int) -> list[socket.socket]:
    """``n`` connections from ``address`` that send nothing."""
    return [socket.create_connection(("127.0.0.1", server.port), timeout=5, source_address=(address, 0)) for _ in range(n)]


def _closed_by_server(sock: socket.socket, within: float) -> bool:
    """Whether the server ends ``sock`` (after a 503 or not) within ``within`` seconds."""
    sock.settimeout(within)
    try:
        while sock.recv(65536):
            pass
        return True
    except TimeoutError:
        return False
    except OSError:
        return True  # a reset


def _fresh_from(address: str) -> Any:  # noqa: ANN401
    """An HTTP client whose requests come from ``address``, a new connection each."""
    import httpx

    return httpx.Client(
        transport=httpx.HTTPTransport(local_address=address, limits=httpx.Limits(max_keepalive_connections=0)), timeout=10,
    )


def test_connections_from_one_address_past_its_cap_are_closed_and_others_are_served(room: Server) -> None:
    # 1,100 idle connections from one address held every file descriptor: 0 of 20 requests answered.
    held = _idle(room, "127.0.6.100", TCP_PER_ADDRESS + 10)
    try:
        refused = [s for s in held[TCP_PER_ADDRESS:] if _closed_by_server(s, 2)]
        assert len(refused) == 10
        with _fresh_from("127.0.6.101") as client:
            assert [client.get(f"{room.base}/api/tables").status_code for _ in range(5)] == [200] * 5
    finally:
        for s in held:
            s.close()


def test_at_the_cap_in_all_the_oldest_idle_connection_makes_room_and_a_seated_player_stays(room: Server) -> None:
    table = room.create_table(name="crowded")
    ann = Client(room, table, room.join(table, "Ann")["token"], address="127.0.6.110")
    held: list[socket.socket] = []
    try:
        ann.next_of("welcome")
        for k in range(4):  # the rest of the room's connections, idle, from four addresses
            held += _idle(room, f"127.0.6.{111 + k}", min(TCP_PER_ADDRESS, TCP_MOST - len(held)))
        with _fresh_from("127.0.6.120") as client:
            assert [client.get(f"{room.base}/api/tables").status_code for _ in range(5)] == [200] * 5
        Client(room, table, address="127.0.6.121").next_of("welcome")  # a websocket too
        ann.send(type="ping", id=5)
        assert ann.next_of("pong")["id"] == 5  # the player's socket was never the one closed
    finally:
        ann.close()
        for s in held:
            s.close()


def test_a_connection_that_sends_no_whole_request_in_time_is_closed(room: Server) -> None:
    # A header line every few seconds held a connection for as long as the sender liked.
    slow = socket.create_connection(("127.0.0.1", room.port), timeout=5, source_address=("127.0.6.130", 0))
    silent = _idle(room, "127.0.6.130", 1)[0]
    try:
        slow.sendall(b"GET /api/tables HTTP/1.1\r\n")
        for _ in range(6):  # a line every 0.3 s: 1.8 s past the room's 1 s
            time.sleep(0.3)
            with contextlib.suppress(OSError):
                slow.sendall(b"X-Slow: 1\r\n")
        assert _closed_by_server(slow, 2) and _closed_by_server(silent, 2)
    finally:
        slow.close()
        silent.close()


def test_a_refusal_is_said_in_the_language_of_the_request_already_waiting() -> None:
    # The 503 was English whatever the browser read: it goes before the request is parsed,
    # but a browser's request is usually there already, and is looked at without being taken.
    from types import SimpleNamespace

    from pokerdealer.server.gate import refused_response, waiting_language

    peer, ours = socket.socketpair()
    try:
        ours.setblocking(False)  # as asyncio's
        transport = SimpleNamespace(get_extra_info=lambda name: ours if name == "socket" else None)
        assert waiting_language(transport) == "en"  # nothing came yet: as before
        peer.sendall(b"GET /api/tables HTTP/1.1\r\nHost: room\r\nAccept-Language: zh-TW,zh;q=0.9\r\n\r\n")
        assert waiting_language(transport) == "zh-Hant"
        assert ours.recv(100).startswith(b"GET /api/tables")  # looked at, not taken
        assert refused_response("zh-Hant").endswith("連線太多；請稍後再試\n".encode())
        assert b"content-language: zh-Hans" in refused_response("zh-Hans")
    finally:
        peer.close()
        ours.close()


class _Held:
    """An ASGI application whose every request (and websocket, before its accept) waits until the
    test lets it go: how many the gate lets in at once is counted."""

    def __init__(self) -> None:
        self.loop: Any = None
        self.waiting: list[Any] = []
        self.running = 0
        self.most = 0
        self.paths: list[str] = []
        """The paths of the requests it holds."""

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:  # noqa: ANN401
        import asyncio

        self.loop = asyncio.get_running_loop()
        self.running += 1
        self.most = max(self.most, self.running)
        go = self.loop.create_future()
        self.waiting.append(go)
        self.paths.append(scope["path"])
        await go
        self.paths.remove(scope["path"])
        self.running -= 1
        if scope["type"] == "websocket":
            await receive()
            await send({"type": "websocket.accept"})
            await send({"type": "websocket.close", "code": 1000})
            return
        await send({"type": "http.response.start", "status": 200, "headers": [(b"content-length", b"2")]})
        await send({"type": "http.response.body", "body": b"ok"})

    def let_go(self, n: int | None = None) -> None:
        def go() -> None:
            for future in self.waiting[:n]:
                future.set_result(None)
            del self.waiting[:n]

        self.loop.call_soon_threadsafe(go)


HELD_PLACES = 2
HELD_REQUEST_SECONDS = 0.6
HELD_KEEP_ALIVE_SECONDS = 0.3


@pytest.fixture(scope="module")
def held_room() -> Iterator[tuple[int, _Held, Any]]:
    """uvicorn behind the gate, in this process, as serve runs it, with 2 places for requests."""
    import uvicorn

    from pokerdealer.server.gate import Gate, Handshakes, gated_protocols
    from pokerdealer.server.wire import RoomWebSocketProtocol
    from tests.server.conftest import free_port

    app = _Held()
    handshakes = Handshakes(most=HELD_PLACES, lease=60.0)  # the app holds its requests as long as the test likes
    http, ws = gated_protocols(Gate(most=100, per_address=100), request_seconds=HELD_REQUEST_SECONDS,
                               ws=RoomWebSocketProtocol, handshakes=handshakes)
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, http=http, ws=ws, lifespan="off",
                                           log_level="warning", timeout_keep_alive=HELD_KEEP_ALIVE_SECONDS))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        assert thread.is_alive() and time.monotonic() < deadline, "the server did not start"
        time.sleep(0.02)
    yield port, app, handshakes
    server.should_exit = True
    thread.join(10)


def _request(port: int, path: str = "/", *, websocket: bool = False) -> socket.socket:
    sock = socket.create_connection(("127.0.0.1", port), timeout=10)
    upgrade = (f"Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: {base64.b64encode(os.urandom(16)).decode()}"
               "\r\nSec-WebSocket-Version: 13\r\n") if websocket else ""
    sock.sendall(f"GET {path} HTTP/1.1\r\nHost: room\r\n{upgrade}\r\n".encode())
    return sock


def test_a_burst_of_requests_is_worked_on_a_few_at_once_the_rest_wait_unread(held_room: tuple[int, _Held, Any]) -> None:
    # 2,100 new websockets at once were parsed, upgraded and routed in a few turns of the room's one
    # loop -- some 0.8 ms each -- and every table's work waited behind all of them (issue 40).
    port, app, handshakes = held_room
    app.most = 0
    socks = [_request(port, f"/{k}", websocket=k % 3 == 0) for k in range(9)]
    try:
        until(lambda: app.running + handshakes.waiting() == 9, 10, every=0.01, what="every request is worked on or waits its turn")
        assert app.most == HELD_PLACES  # 9 at once before
        deadline = time.monotonic() + 10
        while handshakes.working() or handshakes.waiting() or app.running:  # two by two
            assert time.monotonic() < deadline, "every request answered"
            app.let_go()
            time.sleep(0.01)
        assert app.most == HELD_PLACES
        answers = [s.recv(100) for s in socks]
        assert all(a.startswith((b"HTTP/1.1 200", b"HTTP/1.1 101")) for a in answers), answers
    finally:
        for s in socks:
            s.close()


def _answered_after_waiting(app: _Held, handshakes: Any, sock: socket.socket, path: str, *, seconds: float) -> None:  # noqa: ANN401
    """``sock``'s request (for ``path``) waits its turn behind the two held places for ``seconds``;
    then the places are let go one by one, its turn comes, and it is answered."""
    until(lambda: handshakes.waiting() == 1, 10, every=0.01, what=f"{path} waits its turn")
    time.sleep(seconds)
    app.let_go()
    until(lambda: app.paths == [path], 10, every=0.01, what=f"{path}'s turn")
    app.let_go()
    assert sock.recv(100).startswith(b"HTTP/1.1 200")


def test_a_request_that_waits_its_turn_past_the_request_timeout_is_answered(held_room: tuple[int, _Held, Any]) -> None:
    # The head's clock is the peer's: a request that came whole and waited for the room is not "too slow".
    port, app, handshakes = held_room
    first = [_request(port, "/first") for _ in range(HELD_PLACES)]
    until(lambda: app.running == HELD_PLACES, 10, every=0.01, what="two requests hold both places")
    waiting = _request(port, "/waiting")
    try:
        _answered_after_waiting(app, handshakes, waiting, "/waiting", seconds=HELD_REQUEST_SECONDS + 0.2)
    finally:
        for s in [*first, waiting]:
            s.close()


def test_a_kept_alive_connections_next_request_that_waits_its_turn_is_answered(held_room: tuple[int, _Held, Any]) -> None:
    # uvicorn closes a kept-alive connection that sends nothing for its keep-alive seconds; a next
    # request that came and waited for the room has sent something, and is answered.
    port, app, handshakes = held_room
    kept = _request(port, "/one")
    first: list[socket.socket] = []
    try:
        until(lambda: app.paths == ["/one"], 10, every=0.01, what="the first request is worked on")
        app.let_go()
        assert kept.recv(100).startswith(b"HTTP/1.1 200")
        first = [_request(port, "/first") for _ in range(HELD_PLACES)]
        until(lambda: app.running == HELD_PLACES, 10, every=0.01, what="two requests hold both places")
        kept.sendall(b"GET /two HTTP/1.1\r\nHost: room\r\n\r\n")
        _answered_after_waiting(app, handshakes, kept, "/two", seconds=HELD_KEEP_ALIVE_SECONDS + 0.3)
    finally:
        for s in [kept, *first]:
            s.close()


def test_a_connection_that_sent_part_of_a_head_holds_no_place(held_room: tuple[int, _Held, Any]) -> None:
    # A stranger's slow headers (or silent sockets) must not take the places of the requests that came whole.
    port, app, handshakes = held_room
    first = [_request(port, "/first") for _ in range(HELD_PLACES)]
    until(lambda: app.running == HELD_PLACES, 10, every=0.01, what="two requests hold both places")
    partial = socket.create_connection(("127.0.0.1", port), timeout=10)
    partial.sendall(b"GET /slow HTTP/1.1\r\nHost: room\r\n")
    until(lambda: handshakes.waiting() == 1, 10, every=0.01, what="the partial head waits its turn")
    whole = _request(port, "/whole")
    try:
        until(lambda: handshakes.waiting() == 2, 10, every=0.01, what="and the whole one behind it")
        app.let_go(1)  # one place: the partial head's turn, then (it waits on its peer) the whole one's
        until(lambda: "/whole" in app.paths, 10, every=0.01, what="the whole request is worked on")
        partial.setblocking(False)
        with pytest.raises(BlockingIOError):  # still open: not closed by its clock to make room
            partial.recv(100)
        app.let_go()
        assert whole.recv(100).startswith(b"HTTP/1.1 200")
    finally:
        for s in [*first, partial, whole]:
            s.close()


def test_a_seat_held_from_many_sockets_is_paced_as_one_person(room: Server) -> None:
    # 160 sockets of one seat from 20 addresses toggled the coach 1,200 times a second: the
    # table took them one after another, and its other players waited 1.4 s (p50) for theirs.
    from pokerdealer.server import db
    from pokerdealer.server.limits import SENDER_PACE
    from pokerdealer.server.schema import database_url

    table = room.create_table(name="paced")
    ann = room.join(table, "Ann")
    sockets = [_open_socket(room, table, f"127.0.6.{140 + k}", token=ann["token"]) for k in range(4)]
    started = time.monotonic()
    try:
        for j in range(15):  # 60 toggles in 1.5 s, each socket well under its own throttle
            for sock, _ in sockets:
                sock.sendall(_frame(json.dumps({"type": "coach", "on": 1 - j % 2, "id": j})))
            time.sleep(0.1)
        elapsed = time.monotonic() - started
        refusals = [_next_text(reader, "error")["key"] for _, reader in sockets[-1:]]  # the last to send in each round
    finally:
        for sock, reader in sockets:
            reader.close()
            sock.close()
    assert refusals == ["room.error.sender_pace"]
    store = db.Store(database_url(str(room.db)))
    try:
        events = store.read(lambda c: db.events_between(c, table, 0))
    finally:
        store.engine.dispose()
    toggles = sum(kind == "coach" for _, kind, _, _ in events)
    assert toggles <= SENDER_PACE.burst + elapsed / SENDER_PACE.every + 1, (toggles, elapsed)


def test_a_seat_is_held_from_at_most_eight_sockets(room: Server) -> None:
    # 160 sockets of one seat from 20 addresses: each state went out 160 times, each flood 160 times over.
    from websockets.exceptions import ConnectionClosed

    from pokerdealer.server.limits import TOO_MANY_CLOSE_CODE, Caps

    table = room.create_table(name="one seat, many tabs")
    ann = room.join(table, "Ann")
    most = Caps().per_seat
    held = [Client(room, table, ann["token"], address=f"127.0.6.{150 + k % 3}") for k in range(most)]
    try:
        for c in held:
            c.next_of("welcome")
        extra = Client(room, table, ann["token"], address="127.0.6.153")
        said = extra.next_of("error")
        with pytest.raises(ConnectionClosed) as closed:
            while True:
                extra.recv(5)
        assert said["key"] == "room.conn.too_many_for_seat" and said["params"]["n"] == most
        assert closed.value.rcvd is not None and closed.value.rcvd.code == TOO_MANY_CLOSE_CODE
        held[0].send(type="ping", id=3)
        assert held[0].next_of("pong")["id"] == 3  # the seat's own tabs play on
    finally:
        for c in held:
            c.close()


def test_a_players_message_waits_for_one_of_a_flooding_seats_at_most() -> None:
    # A seat held from eight sockets kept sixteen messages waiting at its table, each a write and a
    # state for every reader, ahead of another player's action: their p99 from 5-9 ms to 64 ms.
    import asyncio

    from pokerdealer.server.conns import Command
    from pokerdealer.server.live import LiveTable
    from pokerdealer.server.settings import TableSettings
    from tests.server.test_reducer import Reader, _room

    async def go() -> list[str]:
        lt = LiveTable(_room(1), "t1", TableSettings(name="Flooded", seats=4, bots=()), seed=1, created_at=0.0)  # type: ignore[arg-type]
        taken: list[str] = []

        async def handle(cmd: Command) -> bool:
            taken.append(cmd.data["who"])
            return False

        lt._handle = handle  # type: ignore[method-assign]  # noqa: SLF001 - the order taken is the point
        cy, dee = Reader(None, sender="cy token"), Reader(None, sender="dee token")
        for _ in range(16):
            lt.queue.put_nowait(Command("msg", cy, {"who": "cy"}))
        lt.queue.put_nowait(Command("msg", dee, {"who": "dee"}))
        lt.queue.put_nowait(Command("msg", cy, {"who": "cy"}))
        lt.start()
        while len(taken) < 18:
            await asyncio.sleep(0)
        await lt.stop()
        return taken

    taken = asyncio.run(go())
    assert taken.index("dee") == 1, taken  # after one of Cy's, not after all sixteen


# ================================================================ a burst of readers
def test_a_table_takes_turns_with_the_others_while_a_crowd_arrives() -> None:
    # A table without a timer took every queued reader's hello in one turn of the loop: 700
    # readers arriving at once over 12 tables stalled another table's players 4 s.
    import asyncio

    from pokerdealer.server.conns import Command
    from pokerdealer.server.live import LiveTable
    from pokerdealer.server.settings import TableSettings
    from tests.server.test_reducer import Reader, _room

    async def go() -> tuple[int, int]:
        lt = LiveTable(_room(1), "t1", TableSettings(name="Crowded", seats=4, bots=()), seed=1, created_at=0.0)  # type: ignore[arg-type]
        turns = 0

        async def another_table() -> None:
            nonlocal turns
            while True:
                turns += 1
                await asyncio.sleep(0)

        lt.start()
        for _ in range(10):  # the table is at rest: nothing due, no timer
            await asyncio.sleep(0)
        readers = [Reader(None) for _ in range(50)]
        for r in readers:
            lt.queue.put_nowait(Command("attach", r, {"token": None, "lang": None}))
        other = asyncio.create_task(another_table())
        while not lt.queue.empty() or not all(r.sent for r in readers):
            await asyncio.sleep(0)
        other.cancel()
        await lt.stop()
        return turns, len(readers)

    turns, readers = asyncio.run(go())
    assert turns >= readers - 1, f"another table had {turns} turns while this one greeted {readers} readers"


def test_a_websocket_is_matched_against_its_own_route_first() -> None:
    # Each of a burst's 2,100 sockets was matched against the 29 routes before the websocket's,
    # twice: 64 us of the room's one loop a socket.
    from pokerdealer.server.app import create_app
    from pokerdealer.server.settings import ServerOptions

    routes = create_app(ServerOptions(db_url="sqlite://", demo_table=False)).router.routes
    assert getattr(routes[0], "path", None) == "/ws/{table_id}"
