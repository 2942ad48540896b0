"""Play a few hands in the real room while readers write down everything they get.

Seats: ``Folder`` folds whenever it is their turn; ``Opp`` and ``Mucker``
check or call to the end, so most hands reach a showdown where the loser
mucks (the room's auto-showdown mucks a hand that cannot win). Readers:

- every seated player's own websocket (they also fetch every HTTP endpoint,
  sending their seat token where an endpoint takes one),
- a ``spectator`` websocket (no token),
- an ``anonymous`` HTTP reader (no token) that fetches every GET endpoint
  before the first deal, at the first decision of every street while the hand
  waits for a player of ours (so "what was dealt by then" is exact), and after
  every hand.

The GET endpoints come from the application itself (:func:`get_endpoints`),
so a route added later is read too. Everything heard is kept with what it is
about (:class:`Heard`); the tests judge it against the truth each player saw
on their own connection and the public end of each hand.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.server.conftest import HTTP, Client, Server
from tests.server.security.spelling import cards_named

__all__ = [
    "ANONYMOUS",
    "HOST",
    "HUMANS",
    "SPECTATOR",
    "Endpoint",
    "Heard",
    "Listening",
    "Secret",
    "find_leaks",
    "get_endpoints",
    "leak_paths",
    "listen_while_playing",
]

HUMANS = ("Folder", "Opp", "Mucker")
SPECTATOR = "spectator"
ANONYMOUS = "anonymous"
HOST = "host"
"""The reader with the table's host token (the one who created it), seated nowhere."""
HOST_HEADER = "X-Host-Token"
#: The path parameters the suite knows how to fill; any other fails the suite (teach it).
KNOWN_PARAMS = {"table_id", "number"}
#: A tournament's own endpoints (names, stacks, places: never a card) are not about the
#: listened cash table; tests/server/test_tournament.py reads them for secrets.
EVENT_PARAM = "event_id"
_PARAM = re.compile(r"{([^}:]+)(?::[^}]*)?}")


@dataclass(frozen=True)
class Endpoint:
    """One GET path of the room; ``per_hand`` when it names a hand (``{number}``)."""

    template: str
    static: bool = False  # a file of a static mount
    token_header: str | None = None  # the header by which a seated player proves who they are
    host_only: bool = False  # the host proves who they are by the X-Host-Token header
    query: str = ""  # e.g. "?seed=1": a generated page (drills) says the same on every fetch

    @property
    def per_hand(self) -> bool:
        return "{number}" in self.template

    def url(self, table_id: str, number: int | None = None) -> str:
        return self.template.replace("{table_id}", table_id).replace("{number}", str(number)) + self.query


def get_endpoints() -> list[Endpoint]:
    """Every GET endpoint of the application, read from its routes: API and page
    routes, and each file the static mounts serve.

    An unknown path parameter fails the test that asks (the suite must learn to
    fill it), so no endpoint is left unread silently.
    """
    from fastapi.routing import APIRoute
    from starlette.routing import Mount, Route
    from starlette.staticfiles import StaticFiles

    from pokerdealer.server import ServerOptions, create_app

    app = create_app(ServerOptions(db_url="sqlite://"))  # never started: only its routes are read
    try:
        out: list[Endpoint] = []
        for route in app.routes:
            if isinstance(route, Mount):
                if not isinstance(route.app, StaticFiles) or route.app.directory is None:
                    pytest.fail(f"mount {route.path}: the security suite reads only static file mounts; teach it this one")
                folder = Path(route.app.directory)
                out.extend(
                    Endpoint(f"{route.path}/{p.relative_to(folder).as_posix()}", static=True)
                    for p in sorted(folder.rglob("*"))
                    if p.is_file()
                )
            elif isinstance(route, Route) and "GET" in (route.methods or ()):
                if EVENT_PARAM in _PARAM.findall(route.path):
                    continue
                unknown = set(_PARAM.findall(route.path)) - KNOWN_PARAMS
                header = None
                host_only = False
                query = ""
                if isinstance(route, APIRoute):
                    aliases = [p.alias for p in route.dependant.header_params]
                    host_only = HOST_HEADER.lower() in (a.lower() for a in aliases)
                    tokens = [a for a in aliases if "token" in a.lower() and a.lower() != HOST_HEADER.lower()]
                    header = tokens[0] if tokens else None
                    unknown |= {p.alias for p in route.dependant.query_params if p.field_info.is_required()}
                    # Without a seed a generator (the drills) deals new cards on each fetch; with
                    # one, what it says before the first deal is its baseline like a static page's.
                    if any(p.alias == "seed" for p in route.dependant.query_params):
                        query = "?seed=1"
                if unknown:
                    pytest.fail(f"GET {route.path}: the security suite cannot fill {sorted(unknown)}; teach it")
                out.append(Endpoint(route.path, token_header=header, host_only=host_only, query=query))
        return out
    finally:
        app.state.room.store.engine.dispose()


@dataclass(frozen=True)
class Heard:
    """One text a reader received.

    ``hands``: the hands the text is about (its ``{number}``, the hands a list
    names, the hand a websocket state shows and the last hand it summarises).
    ``in_play``/``board``: the hand being dealt when it was received and its
    board then, when that is known exactly (websocket states; HTTP fetched
    while the hand waits for one of our players).
    """

    reader: str
    where: str  # the URL path, "ws" or "join"
    text: str
    hands: frozenset[int] = frozenset()
    in_play: int | None = None
    board: tuple[str, ...] = ()
    baseline: str | None = None  # the same URL's text before any hand was dealt
    route: str = ""  # the endpoint's template ("/api/tables/{table_id}/hands/{number}/phh")

    def during_play(self) -> Heard | None:
        """What was received while a known hand was played, less what is about another
        finished hand (a state's last-hand summary, another hand's endpoints); None if
        nothing."""
        if self.in_play is None:
            return None
        if self.where == "ws":
            msg = json.loads(self.text)
            msg.pop("last_hand", None)
            return replace(self, text=json.dumps(msg, ensure_ascii=False), hands=frozenset({self.in_play}))
        if "{number}" in self.route and self.hands != {self.in_play}:
            return None
        return self


@dataclass
class Hand:
    """What the rules made public at the end of a hand (from the spectator's summary)."""

    number: int
    board: tuple[str, ...]
    shown: dict[str, tuple[str, ...]]  # name -> cards shown at showdown
    mucked: set[str]  # names that mucked at showdown


@dataclass
class Listening:
    """The record of one session of play."""

    table_id: str
    seats: dict[str, int]
    tokens: dict[str, str]
    endpoints: list[Endpoint]
    heard: list[Heard] = field(default_factory=list)
    hands: dict[int, Hand] = field(default_factory=dict)
    #: name -> hand number -> the hole cards that player saw on their own connection
    own: dict[str, dict[int, tuple[str, ...]]] = field(default_factory=dict)
    #: (reader, url) -> HTTP status, for every fetch
    status: dict[tuple[str, str], int] = field(default_factory=dict)

    def public_cards(self, number: int) -> set[str]:
        """The cards the rules made public in hand ``number``: its board and shown hands."""
        hand = self.hands.get(number)
        if hand is None:
            return set()
        return set(hand.board).union(*hand.shown.values())

    def allowed(self, heard: Heard, *, besides: int) -> set[str]:
        """Cards ``heard`` may name because of another hand it is about: what that
        hand had made public by then (its board so far while in play; its board and
        shown hands once over), and the reader's own hole cards in it."""
        out: set[str] = set()
        for number in heard.hands - {besides}:
            out |= set(heard.board) if number == heard.in_play else self.public_cards(number)
            out |= set(self.own.get(heard.reader, {}).get(number, ()))
        return out

    def unshown(self, name: str, number: int) -> tuple[str, ...]:
        """``name``'s hole cards in hand ``number`` if the rules never showed them."""
        cards = self.own.get(name, {}).get(number, ())
        hand = self.hands.get(number)
        if hand is None or name in hand.shown:
            return ()
        return cards


class _Reader:
    """One HTTP reader (anonymous, or a seated player with their token)."""

    def __init__(self, server: Server, name: str, token: str | None, *, host_token: str | None = None) -> None:
        self.name = name
        self.token = token
        self.host_token = host_token
        self.http = httpx.Client(base_url=server.base, timeout=10)

    def fetch(self, listening: Listening, endpoint: Endpoint, number: int | None, **about: Any) -> None:
        url = endpoint.url(listening.table_id, number)
        # A seated reader proves who they are wherever the endpoint asks (their own downloads).
        headers = {endpoint.token_header: self.token} if self.token and endpoint.token_header else {}
        if endpoint.host_only and self.host_token:  # the host's pages (their ledger, requests)
            headers[HOST_HEADER] = self.host_token
        r = self.http.get(url, headers=headers)
        listening.status[(self.name, url)] = r.status_code
        hands = {number} if number is not None else set()
        hands |= _hands_listed(r)
        listening.heard.append(Heard(self.name, url, r.text, frozenset(hands), route=endpoint.template, **about))


def _hands_listed(r: httpx.Response) -> set[int]:
    """The hands a JSON list of hands names (the hand list), else none."""
    if r.status_code != 200 or not r.headers.get("content-type", "").startswith("application/json"):
        return set()
    data = r.json()
    if isinstance(data, list) and all(isinstance(row, dict) and isinstance(row.get("number"), int) for row in data):
        return {row["number"] for row in data}
    return set()


def _sweep(
    listening: Listening, readers: list[_Reader], numbers: list[int], *, baseline: dict[str, str] | None = None,
    in_play: int | None = None, board: tuple[str, ...] = (), files: bool = True,
) -> None:
    """Every reader fetches every endpoint: once for each hand in ``numbers`` when it
    names one (``files=False``: not the static files, which no hand can change)."""
    for reader in readers:
        for endpoint in listening.endpoints:
            if endpoint.static and not files:
                continue
            for number in numbers if endpoint.per_hand else [None]:
                url = endpoint.url(listening.table_id, number)
                base = None if baseline is None or endpoint.per_hand else baseline.get(url)
                reader.fetch(listening, endpoint, number, in_play=in_play, board=board, baseline=base)


def _record_frames(listening: Listening, name: str, client: Client) -> None:
    """Keep every frame ``name`` received, and the hole cards their own states showed."""
    for text in client.raw:
        msg = json.loads(text)
        hands: set[int] = set()
        in_play, board = None, ()
        if msg.get("type") == "state":
            if msg.get("hand"):
                in_play = msg["hand"]["number"]
                board = tuple(msg["hand"]["board"])
                hands.add(in_play)
                seat = listening.seats.get(name)
                if seat is not None and msg["seats"][seat - 1] and msg["seats"][seat - 1]["cards"]:
                    listening.own.setdefault(name, {})[in_play] = tuple(msg["seats"][seat - 1]["cards"])
            if msg.get("last_hand"):
                hands.add(msg["last_hand"]["number"])
                if name == SPECTATOR:
                    _record_hand(listening, msg["last_hand"])
        listening.heard.append(Heard(name, "ws", text, frozenset(hands), in_play, board, route="/ws/{table_id}"))


def _record_hand(listening: Listening, summary: dict[str, Any]) -> None:
    """The public end of a hand, from its summary."""
    shown = {o["name"]: tuple(o["cards"]) for o in summary["order"] if o.get("cards")}
    mucked = {o["name"] for o in summary["order"] if o.get("mucked")}
    listening.hands[summary["number"]] = Hand(summary["number"], tuple(summary["board"] or ()), shown, mucked)


def listen_while_playing(server: Server, *, hands: int = 4, max_hands: int = 8, quiet: float = 120) -> Listening:
    """Play until ``hands`` hands are over and a seated player of ours has mucked
    (at most ``max_hands``), recording everything every reader receives; given up when the
    room sends nothing for ``quiet`` seconds."""
    endpoints = get_endpoints()
    # The longest action clock (600 s): our players act when the sweeps between their turns
    # are done, which on a loaded machine took longer than a 10 s clock -- they were folded
    # by it, no hand reached a showdown, and the tests had nothing to judge.
    created = HTTP.post(
        server.base + "/api/tables", json={"name": "listen", "bots": [], "clock": 600, "listed": True}, timeout=10
    )
    assert created.status_code == 200, created.text
    table_id = created.json()["id"]
    listening = Listening(table_id, {}, {}, endpoints)
    anonymous = _Reader(server, ANONYMOUS, None)
    readers = [anonymous, _Reader(server, HOST, None, host_token=created.json()["host_token"])]
    spectator = Client(server, table_id, None)
    clients: dict[str, Client] = {}
    try:
        # Before any deal: what every hand-free endpoint says anyway (pages, scripts).
        _sweep(listening, [anonymous], [])
        listening.heard = [replace(h, baseline=h.text) for h in listening.heard]
        baseline = {h.where: h.text for h in listening.heard}
        for name in HUMANS:
            joined = server.join(table_id, name)
            listening.seats[name], listening.tokens[name] = joined["seat"], joined["token"]
            listening.heard.append(Heard(name, "join", json.dumps(joined)))
            clients[name] = Client(server, table_id, joined["token"])
            readers.append(_Reader(server, name, joined["token"]))
        _play(listening, spectator, clients, readers, baseline, hands=hands, max_hands=max_hands, quiet=quiet)
        swept = set(listening.hands)
    except BaseException:
        for reader in readers:
            reader.http.close()
        raise
    finally:
        for client in clients.values():
            _drain(client)
            client.close()
        for _ in range(100):  # what the spectator has been sent meanwhile
            try:
                spectator.recv(timeout=0.2)
            except TimeoutError:
                break
        spectator.close()
    for name, client in [(SPECTATOR, spectator), *clients.items()]:
        _record_frames(listening, name, client)
    try:
        # A hand the spectator saw end meanwhile (the table plays on, its players' clocks
        # running out: a slow machine ends one more) is read by every reader too.
        late = sorted(set(listening.hands) - swept)
        if late:
            _sweep(listening, readers, late, baseline=baseline)
    finally:
        for reader in readers:
            reader.http.close()
    return listening


def _play(
    listening: Listening, spectator: Client, clients: dict[str, Client], readers: list[_Reader],
    baseline: dict[str, str], *, hands: int, max_hands: int, quiet: float,
) -> None:
    anonymous = readers[0]
    acted: set[tuple[str, int, int]] = set()
    swept_street: set[tuple[int, str]] = set()
    swept_hands: set[int] = set()
    heard, heard_at = 0, time.monotonic()
    while True:
        for client in [spectator, *clients.values()]:
            _drain(client)
        if len(spectator.messages) > heard:  # the room moves on: as long as it does, play on
            heard, heard_at = len(spectator.messages), time.monotonic()
        elif time.monotonic() - heard_at > quiet:
            raise TimeoutError(
                f"{len(listening.hands)} hands, then nothing in {quiet:.0f} s; last state: {json.dumps(spectator.state)[:800]}"
            )
        if spectator.last_hand is not None:
            _record_hand(listening, spectator.last_hand)
        finished = sorted(listening.hands)
        mucked = any(set(HUMANS) & listening.hands[n].mucked for n in finished)
        if len(finished) >= max_hands or (len(finished) >= hands and mucked):
            break
        for name, client in clients.items():
            state = client.state
            if state is None or not client.my_turn(state):
                continue
            hand = state["hand"]
            key = (name, hand["number"], hand["actions"])
            if key in acted:
                continue
            acted.add(key)
            # The room's silence is counted from our last move: a sweep between turns took long.
            heard_at = time.monotonic()
            if name == "Folder":
                client.send(type="act", kind="fold", hand=hand["number"], at=hand["actions"])
                continue
            # The hand waits for this player: what has been dealt is exactly the board shown.
            number, board = hand["number"], tuple(hand["board"])
            if (number, hand["street"]) not in swept_street:
                swept_street.add((number, hand["street"]))
                _sweep(listening, [anonymous], [number], baseline=baseline, in_play=number, board=board, files=False)
            new = sorted(set(finished) - swept_hands)
            if new:  # after every hand: every reader reads everything about it
                swept_hands.update(new)
                _sweep(listening, [anonymous], new, baseline=baseline, in_play=number, board=board)
                _sweep(listening, readers[1:], new, baseline=baseline, in_play=number, board=board, files=False)
            client.act_passive(state)
    # After the last hand: every reader reads everything (static files too) about every hand once more.
    _sweep(listening, readers, sorted(listening.hands), baseline=baseline)


def _drain(client: Client) -> None:
    """Read what has arrived, without waiting long."""
    while True:
        try:
            client.recv(timeout=0.01)
        except TimeoutError:
            return


@dataclass(frozen=True)
class Secret:
    """A card of hand ``hand`` that only ``owner`` may see."""

    owner: str
    hand: int
    card: str
    why: str  # "folded", "mucked", ...


def find_leaks(listening: Listening, secrets: list[Secret], *, texts: Iterable[Heard] | None = None) -> list[str]:
    """Where a reader other than its owner was sent a secret card, one line each
    (in ``texts``, by default everything heard).

    A text may name the card anyway where another hand it is about made that card
    public (see :meth:`Listening.allowed`); what a hand-free endpoint said before
    any deal (a page, a script) is not counted.
    """
    out: list[str] = []
    for heard in listening.heard if texts is None else texts:
        named = cards_named(heard.text)
        if heard.baseline is not None:
            named -= cards_named(heard.baseline)
        for secret in secrets:
            if heard.reader == secret.owner or secret.card not in named:
                continue
            if secret.card in listening.allowed(heard, besides=secret.hand):
                continue
            out.append(
                f"{heard.reader} got {secret.owner}'s {secret.why} {secret.card} (hand {secret.hand}) "
                f"from {heard.route or heard.where}: {heard.where}"
            )
    return out


def leak_paths(leaks: list[str]) -> list[str]:
    """The distinct routes in ``find_leaks`` lines (for a short failure message)."""
    return sorted({line.split(" from ", 1)[1].split(": ", 1)[0] for line in leaks})
