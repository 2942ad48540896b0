"""Chat under load: rate limits, connection caps, and no reader dropped as slow.

Each connection of the load test comes from its own loopback address
(127.0.1.k for readers, 127.0.2.k for chatters; Linux routes all of
127.0.0.0/8 to the loopback device), so the per-address limits see what
they would see from real clients.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from pokerdealer.server.chat import HISTORY, ChatLimits, TableChat
from pokerdealer.server.limits import TOO_MANY_CLOSE_CODE, Buckets, Caps, Connections, Rate
from pokerdealer.server.protocol import CHAT_LIMIT, ProtocolError, chat_text, parse
from pokerdealer.server.settings import ServerOptions
from tests.patience import Patience
from tests.server.conftest import Client, Server

FILLER = "the flop was a good one and I would have raised it myself, not just called " * 2


@dataclass
class Peer:
    """One websocket of the load test and everything it received."""

    ws: ClientConnection
    lines: list[str] = field(default_factory=list)
    """Chat texts in the order received (each once)."""
    errors: list[dict[str, Any]] = field(default_factory=list)
    welcomed: asyncio.Event = field(default_factory=asyncio.Event)
    closing: bool = False
    dropped: bool = False
    """The server closed this socket before the test did."""
    frames: int = 0


async def _read(peer: Peer) -> None:
    seen: set[str] = set()

    def line(text: str) -> None:
        if text not in seen:
            seen.add(text)
            peer.lines.append(text)

    try:
        async for raw in peer.ws:
            peer.frames += 1
            msg = json.loads(raw)
            kind = msg["type"]
            if kind == "welcome":
                for c in msg.get("chat") or ():
                    line(c["text"])
                peer.welcomed.set()
            elif kind == "chat":
                line(msg["text"])
            elif kind == "state":  # a server that still sends chat inside every state
                for c in msg.get("chat") or ():
                    line(c["text"])
            elif kind == "error":
                peer.errors.append(msg)
    except ConnectionClosed:
        pass
    peer.dropped = not peer.closing


async def _open(port: int, table: str, address: str, token: str | None = None) -> tuple[Peer, asyncio.Task[None]]:
    ws = await connect(
        f"ws://127.0.0.1:{port}/ws/{table}", local_addr=(address, 0), proxy=None,
        open_timeout=20, max_queue=None,
    )
    await ws.send(json.dumps({"type": "hello", "token": token}))
    peer = Peer(ws)
    return peer, asyncio.create_task(_read(peer))


@dataclass(frozen=True)
class Load:
    """What a chat load run saw."""

    readers: int
    dropped: int
    """Readers (and chatters) the server closed during the run."""
    sent: int
    accepted: list[str]
    rejected: int
    missing: int
    """Accepted lines some reader never received (summed over readers)."""
    seconds: float


async def chat_load(
    port: int, table: str, *, readers: int = 100, chatters: int = 40, seconds: float = 4.0,
    per_second: float = 6.0, settle: float = 5.0, tokens: tuple[str, ...] | list[str] = (),
) -> Load:
    """``readers`` sockets that only read, ``chatters`` that say a line every
    ``1/per_second`` s for ``seconds`` (above every limit) and read too; the
    first chatters hold the seats of ``tokens``."""
    started = time.monotonic()
    opened = await asyncio.gather(
        *(_open(port, table, f"127.0.1.{k + 1}") for k in range(readers)),
        *(_open(port, table, f"127.0.2.{k + 1}", tokens[k] if k < len(tokens) else None) for k in range(chatters)),
    )
    peers = [p for p, _ in opened]
    tasks = [t for _, t in opened]
    await asyncio.wait_for(asyncio.gather(*(p.welcomed.wait() for p in peers)), 30)
    talkers = peers[readers:]
    sent: dict[tuple[int, int], str] = {}

    async def talk(i: int, peer: Peer) -> None:
        await asyncio.sleep(random.random() / per_second)
        for k in range(1, int(seconds * per_second) + 1):
            text = f"{i}:{k} {FILLER}"[:200].rstrip()
            sent[(i, k)] = text
            try:
                await peer.ws.send(json.dumps({"type": "chat", "text": text, "id": k}))
            except ConnectionClosed:
                return
            await asyncio.sleep(1 / per_second)

    await asyncio.gather(*(talk(i, p) for i, p in enumerate(talkers)))
    def accepted_lines() -> list[str]:
        """The lines said that were not refused to their sender."""
        refused = {(i, e.get("id")) for i, p in enumerate(talkers) for e in p.errors if e.get("ref") == "chat"}
        return [text for key, text in sent.items() if key not in refused]

    # Let the last lines arrive (a reply or a refusal for every line said).
    patience = Patience(settle)
    while not patience.over():
        if all(p.dropped or len(p.lines) >= len(accepted_lines()) for p in peers):
            break
        await asyncio.sleep(0.1)
    accepted = accepted_lines()
    for p in peers:
        p.closing = True
    await asyncio.gather(*(p.ws.close() for p in peers), return_exceptions=True)
    await asyncio.gather(*tasks, return_exceptions=True)
    wanted = set(accepted)
    return Load(
        readers=len(peers),
        dropped=sum(p.dropped for p in peers),
        sent=len(sent),
        accepted=accepted,
        rejected=len(sent) - len(accepted),
        missing=sum(len(wanted - set(p.lines)) for p in peers),
        seconds=round(time.monotonic() - started, 2),
    )


# ================================================================ the buckets
class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_a_bucket_allows_its_burst_then_refuses() -> None:
    b = Buckets(Rate(burst=3, every=2.0), clock=Clock())
    assert [b.take("ann") for _ in range(4)] == [True, True, True, False]


def test_a_bucket_refills_one_token_per_period() -> None:
    clock = Clock()
    b = Buckets(Rate(burst=3, every=2.0), clock=clock)
    for _ in range(3):
        b.take("ann")
    clock.now += 1.9
    assert not b.take("ann")
    assert b.wait("ann") == pytest.approx(0.1)
    clock.now += 0.1
    assert b.take("ann")
    assert not b.take("ann")


def test_a_refused_take_spends_nothing() -> None:
    clock = Clock()
    b = Buckets(Rate(burst=1, every=4.0), clock=clock)
    b.take("ann")
    for _ in range(10):
        assert not b.take("ann")
    clock.now += 4.0
    assert b.take("ann")


def test_an_idle_bucket_refills_only_up_to_its_burst() -> None:
    clock = Clock()
    b = Buckets(Rate(burst=2, every=1.0), clock=clock)
    b.take("ann")
    clock.now += 3600
    assert [b.take("ann") for _ in range(3)] == [True, True, False]


def test_buckets_of_different_keys_are_independent() -> None:
    b = Buckets(Rate(burst=1, every=60.0), clock=Clock())
    assert b.take("10.0.0.1")
    assert not b.take("10.0.0.1")
    assert b.take("10.0.0.2")


def test_refilled_buckets_are_forgotten_so_many_keys_cannot_grow_memory() -> None:
    clock = Clock()
    b = Buckets(Rate(burst=1, every=1.0), clock=clock)
    for k in range(5000):
        b.take(k)
        clock.now += 0.01  # each key's bucket is full again 1 s later
    assert len(b) < 1300


def test_a_rate_needs_a_burst_and_a_positive_period() -> None:
    with pytest.raises(ValueError, match="burst of at least 1"):
        Rate(burst=0, every=1.0)
    with pytest.raises(ValueError, match="positive refill time"):
        Rate(burst=1, every=0.0)


# ================================================================ connection caps
def test_connections_are_capped_per_address_per_table() -> None:
    c = Connections(Caps(per_address_table=2, per_address=10, per_table=10))
    assert c.admit("10.0.0.1", "t1") is None
    assert c.admit("10.0.0.1", "t1") is None
    assert "to this table (at most 2)" in str(c.admit("10.0.0.1", "t1"))
    assert c.admit("10.0.0.1", "t2") is None  # another table
    assert c.admit("10.0.0.2", "t1") is None  # another address


def test_connections_are_capped_per_address_over_all_tables() -> None:
    c = Connections(Caps(per_address_table=2, per_address=3, per_table=10))
    for table in ("t1", "t2", "t3"):
        assert c.admit("10.0.0.1", table) is None
    assert "to all tables" in str(c.admit("10.0.0.1", "t4"))
    assert c.count(address="10.0.0.1") == 3


def test_connections_are_capped_per_table() -> None:
    c = Connections(Caps(per_address_table=5, per_address=5, per_table=3))
    for k in range(3):
        assert c.admit(f"10.0.0.{k}", "t1") is None
    assert "this table has too many readers" in str(c.admit("10.0.0.9", "t1"))
    assert c.admit("10.0.0.9", "t2") is None


def test_a_closed_connection_frees_its_place_and_a_refused_one_takes_none() -> None:
    c = Connections(Caps(per_address_table=1, per_address=1, per_table=1))
    assert c.admit("10.0.0.1", "t1") is None
    assert c.admit("10.0.0.1", "t1") is not None
    assert c.count(table="t1") == 1
    c.release("10.0.0.1", "t1")
    assert c.count() == 0
    assert c.admit("10.0.0.1", "t1") is None


# ================================================================ chat text
def test_an_all_invisible_chat_line_is_rejected_with_a_reason() -> None:
    for text in ("\u200b", "\u200b\u200d\u2060", "\u3164\u3164", "\u2800", "\u0301\u0301", " \u00a0\u3000 "):
        with pytest.raises(ProtocolError, match="nothing visible"):
            chat_text(text)


def test_chat_length_is_checked_after_normalising() -> None:
    assert chat_text("a" + "\u200b" * 300 + "b") == "ab"  # long only in invisible characters
    assert chat_text("x" * CHAT_LIMIT) == "x" * CHAT_LIMIT
    with pytest.raises(ProtocolError, match=f"at most {CHAT_LIMIT} characters"):
        chat_text("x" * (CHAT_LIMIT + 1))


def test_chat_text_is_nfc_with_its_spaces_collapsed() -> None:
    assert chat_text("cafe\u0301   ok\n") == "caf\u00e9 ok"


def test_a_chat_message_is_parsed_through_chat_text() -> None:
    with pytest.raises(ProtocolError, match="nothing visible"):
        parse(json.dumps({"type": "chat", "text": "\u200b\u3164"}))


# ================================================================ chat limits (no server)
class FakeConn:
    def __init__(self, address: str, member: Any = None) -> None:
        self.address = address
        self.member = member
        self.got: list[dict[str, Any]] = []

    def send(self, text: str) -> None:
        self.got.append(json.loads(text))


class FakeMember:
    def __init__(self, id: int, name: str) -> None:
        self.id = id
        self.name = name


def _options(member: Rate, address: Rate, table: Rate) -> ServerOptions:
    return ServerOptions(chat_member=member, chat_address=address, chat_table=table)


def test_a_member_is_limited_across_their_tabs_and_addresses() -> None:
    clock = Clock()
    chat = TableChat(ChatLimits(_options(Rate(2, 10.0), Rate(100, 0.1), Rate(100, 0.1)), clock=clock))
    ann = FakeMember(1, "Ann")
    tabs = [FakeConn("10.0.0.1", ann), FakeConn("10.0.0.2", ann)]
    assert chat.say(tabs[0], "one", readers=tabs) is None
    assert chat.say(tabs[1], "two", readers=tabs) is None
    refused = chat.say(tabs[1], "three", readers=tabs)
    assert str(refused) == "You are chatting too fast: wait 10 s."
    assert [m["text"] for m in tabs[0].got] == ["one", "two"]


def test_an_address_is_limited_across_tables_spectators_included() -> None:
    limits = ChatLimits(_options(Rate(100, 0.1), Rate(2, 5.0), Rate(100, 0.1)), clock=Clock())
    one, two = TableChat(limits), TableChat(limits)
    spectator = FakeConn("10.0.0.7")
    seated = FakeConn("10.0.0.7", FakeMember(2, "Bob"))
    assert one.say(spectator, "a", readers=[]) is None
    assert two.say(seated, "b", readers=[]) is None
    assert str(two.say(spectator, "c", readers=[])) == "You are chatting too fast: wait 5 s."
    assert one.say(FakeConn("10.0.0.8"), "d", readers=[]) is None  # someone else


def test_a_table_carries_no_more_chat_than_its_rate_whoever_speaks() -> None:
    clock = Clock()
    chat = TableChat(ChatLimits(_options(Rate(100, 0.1), Rate(100, 0.1), Rate(3, 0.5)), clock=clock))
    reader = FakeConn("10.0.1.1")
    said = [chat.say(FakeConn(f"10.0.0.{k}"), f"line {k}", readers=[reader]) for k in range(5)]
    assert said[:3] == [None, None, None]
    assert str(said[3]) == "The chat at this table is busy: wait 1 s."
    assert len(reader.got) == 3
    clock.now += 0.5
    assert chat.say(FakeConn("10.0.0.9"), "later", readers=[reader]) is None


def test_a_refused_line_spends_no_token_of_the_other_buckets() -> None:
    clock = Clock()
    limits = ChatLimits(_options(Rate(1, 60.0), Rate(2, 60.0), Rate(100, 0.1)), clock=clock)
    chat = TableChat(limits)
    ann = FakeConn("10.0.0.1", FakeMember(1, "Ann"))
    assert chat.say(ann, "hi", readers=[]) is None
    assert chat.say(ann, "again", readers=[]) is not None  # Ann's own bucket is empty ...
    # ... and the refusal did not spend the address's second token.
    assert chat.say(FakeConn("10.0.0.1"), "from the same house", readers=[]) is None


def test_the_history_keeps_the_last_lines_only() -> None:
    chat = TableChat(ChatLimits(_options(Rate(100, 0.01), Rate(100, 0.01), Rate(100, 0.01)), clock=Clock()))
    for k in range(HISTORY + 5):
        chat.say(FakeConn(f"10.0.{k}.1"), f"line {k}", readers=[])
    assert [c["text"] for c in chat.recent()] == [f"line {k}" for k in range(5, HISTORY + 5)]


# ================================================================ in a served room
@pytest.fixture(scope="module")
def room(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    s = Server(tmp_path_factory.mktemp("chat") / "room.db").start()
    yield s
    s.stop()


def _drain(c: Client, quiet: float = 0.3) -> None:
    with contextlib.suppress(TimeoutError):
        while True:
            c.recv(quiet)


def _chats(c: Client) -> list[str]:
    return [m["text"] for m in c.messages if m["type"] == "chat"]


def test_forty_chatters_get_no_reader_dropped_as_slow(room: Server) -> None:
    # A hand in play too: two seated chatters, a bot, a short clock (states go out meanwhile).
    table = room.create_table(name="busy", bots=["caller"], clock=1)
    tokens = [room.join(table, name)["token"] for name in ("Ann", "Bob")]
    load = asyncio.run(chat_load(room.port, table, readers=100, chatters=40, seconds=4.0, tokens=tokens))
    assert load.dropped == 0, load
    assert load.missing == 0, load
    assert 0 < len(load.accepted) < load.sent, load  # the limits refused some, let the rest through


def test_chat_is_its_own_message_sent_once_and_never_in_the_state(room: Server) -> None:
    table = room.create_table(name="talk", bots=[])
    ann = room.join(table, "Ann")
    a = Client(room, table, ann["token"], address="127.0.3.1")
    spy = Client(room, table, address="127.0.3.2")
    try:
        a.until(lambda s: True)
        spy.until(lambda s: True)
        a.send(type="chat", text="good luck all")
        said = spy.next_of("chat")
        assert (said["name"], said["text"]) == ("Ann", "good luck all")
        a.send(type="sit_out")  # a change of the table: a state for everyone
        spy.until(lambda s: s["seats"][ann["seat"] - 1]["status"] == "sitting_out")
        _drain(spy)
        assert _chats(spy) == ["good luck all"]
        assert all("chat" not in m for m in spy.messages if m["type"] == "state")
    finally:
        a.close(), spy.close()


def test_a_new_reader_gets_the_recent_chat_once_in_its_welcome(room: Server) -> None:
    table = room.create_table(name="late", bots=[])
    early = Client(room, table, address="127.0.3.3")
    try:
        early.until(lambda s: True)
        for k in range(3):
            early.send(type="chat", text=f"line {k}")
            early.next_of("chat")
        late = Client(room, table, address="127.0.3.4")
        welcome = late.next_of("welcome")
        assert [c["text"] for c in welcome["chat"]] == ["line 0", "line 1", "line 2"]
        _drain(late)
        assert _chats(late) == []
        late.close()
    finally:
        early.close()


def test_an_over_limit_line_goes_back_to_its_sender_alone(room: Server) -> None:
    table = room.create_table(name="flood", bots=[])
    loud = Client(room, table, address="127.0.3.5")
    other = Client(room, table, address="127.0.3.6")
    burst = ServerOptions().chat_address.burst
    try:
        loud.until(lambda s: True)
        other.until(lambda s: True)
        for k in range(burst + 1):
            loud.send(type="chat", text=f"spam {k}", id=k)
        error = loud.next_of("error")
        assert error["ref"] == "chat" and error["id"] == burst
        assert "too fast" in error["message"]
        _drain(other)
        assert _chats(other) == [f"spam {k}" for k in range(burst)]
        assert not [m for m in other.messages if m["type"] == "error"]
    finally:
        loud.close(), other.close()


def test_an_invisible_line_is_refused_with_a_reason_and_sent_to_nobody(room: Server) -> None:
    table = room.create_table(name="blank", bots=[])
    a = Client(room, table, address="127.0.3.7")
    b = Client(room, table, address="127.0.3.8")
    try:
        a.until(lambda s: True)
        a.send(type="chat", text="\u200b\u3164\u2800")
        assert "nothing visible" in a.next_of("error")["message"]
        _drain(b)
        assert _chats(b) == []
    finally:
        a.close(), b.close()


def _refused(server: Server, table: str, **how: Any) -> tuple[dict[str, Any], int | None]:
    """Connect (``address``, ``headers`` as :class:`Client`); the error a refused
    connection is sent and its close code (the server closes before any hello)."""
    from websockets.exceptions import ConnectionClosedError
    from websockets.sync.client import connect as sync_connect

    address, headers = how.get("address"), how.get("headers")
    with sync_connect(
        f"ws://127.0.0.1:{server.port}/ws/{table}", open_timeout=5, close_timeout=2,
        additional_headers=headers, source_address=(address, 0) if address else None,
    ) as ws:
        msg = json.loads(ws.recv(5))
        with pytest.raises(ConnectionClosedError) as closed:
            ws.recv(5)
    return msg, closed.value.rcvd.code if closed.value.rcvd else None


def test_connections_over_the_cap_per_address_and_table_are_refused_with_a_reason(room: Server) -> None:
    table = room.create_table(name="tabs", bots=[])
    n = Caps().per_address_table
    # X-Forwarded-For is not believed (no --trust-forwarded): all of these are one client.
    tabs = [Client(room, table, address="127.0.4.1", headers={"X-Forwarded-For": f"10.9.0.{k}"}) for k in range(n)]
    try:
        for t in tabs:
            t.next_of("welcome")
        msg, code = _refused(room, table, address="127.0.4.1", headers={"X-Forwarded-For": "10.9.1.1"})
        assert code == TOO_MANY_CLOSE_CODE
        assert msg["code"] == "too_many_connections"
        assert f"too many connections from your address to this table (at most {n})" in msg["message"]
        Client(room, table, address="127.0.4.2").next_of("welcome").get("type")  # another address is welcome
        tabs.pop().close()
        patience = Patience(5)
        while True:  # the closed tab's place is free again (once the server has seen it go)
            with contextlib.suppress(ConnectionClosed):
                again = Client(room, table, address="127.0.4.1")
                if again.recv(5)["type"] == "welcome":
                    again.close()
                    break
            assert not patience.over(), "a closed connection's place was never freed"
            time.sleep(0.1)
    finally:
        for t in tabs:
            t.close()


def test_behind_a_trusted_proxy_the_caps_count_forwarded_clients(tmp_path: Path) -> None:
    s = Server(
        tmp_path / "room.db",
        extra=("--trust-forwarded", "127.0.0.1", "--conns-per-address-table", "1", "--conns-per-table", "3"),
    ).start()
    try:
        table = s.create_table(name="proxied", bots=[])
        clients = [Client(s, table, headers={"X-Forwarded-For": f"203.0.113.{k}"}) for k in range(3)]
        for c in clients:
            assert c.next_of("welcome")["type"] == "welcome"
        msg, code = _refused(s, table, headers={"X-Forwarded-For": "203.0.113.99"})
        assert code == TOO_MANY_CLOSE_CODE
        assert "this table has too many readers (at most 3)" in msg["message"]
        for c in clients:
            c.close()
    finally:
        s.stop()


def test_spectators_coming_and_going_send_the_others_no_state(room: Server) -> None:
    # Each spectator used to make a state for every reader: a crowd reconnecting
    # at once (a restart) sent each reader one state per newcomer.
    table = room.create_table(name="crowd", bots=[])
    first = Client(room, table, address="127.0.5.1")
    try:
        first.until(lambda s: True)
        _drain(first)
        before = len(first.messages)
        crowd = []
        for k in range(20):
            crowd.append(Client(room, table, address=f"127.0.5.{k + 2}"))
            assert crowd[-1].until(lambda s: True)["type"] == "state"  # a newcomer gets its state at once
            _drain(first, 0.05)
        for c in crowd:
            c.close()
            _drain(first, 0.05)
        _drain(first)
        assert [m["type"] for m in first.messages[before:]] == []
    finally:
        first.close()


def test_a_connection_cap_below_one_is_refused_in_one_line(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from pokerdealer.cli import app

    db = str(tmp_path / "room.db")
    for flag in ("--conns-per-address", "--conns-per-address-table", "--conns-per-table"):
        result = CliRunner().invoke(app, ["serve", "--db", db, flag, "0"])
        assert result.exit_code == 2
        assert f"{flag} must be a whole number from 1 to 100000" in result.output
    assert not (tmp_path / "room.db").exists()  # refused before anything was made
