"""The table as a reducer: its state between events is a value, and one pure
function, :func:`reduce`, is the only way it changes.

    state = reduce(state, kind, data, at)

Everything that changes a table is an event in its log (``sit_down``,
``hand_start``, ``act``, ``host_pause``, ``straddle``, ...): the live table
(:mod:`~pokerdealer.server.live`, the *shell*) reduces each event as it is
committed, and a server starting again, an old hand rebuilt for the history
pages and the tests reduce the same events from the log -- a fold
(:func:`replay`). ``reduce`` does no I/O: no asyncio, no database, no socket,
no clock but the event's own time ``at``, no randomness but what the event
carries (the deck of a hand, the first button drawn). So replaying a log
gives the table that played it.

What is in the state (:class:`TableState`)
------------------------------------------
- ``table``: the seats, stacks and the hand in play (a
  :class:`~pokerdealer.table.CashTable` holding a rules
  :class:`~pokerdealer.rules.Hand`), and ``feeder``, which deals it the logged deck;
- ``settings``: the table settings in force (a host may change them);
- ``members``: who holds or held a seat (:class:`Roster`; the members' rows
  are the database's, added by the shell as people join, never by an event);
- ``said``: the actions of the last hand dealt, as the log lines say them
  (key and params, :data:`Said`: the words themselves are a view's);
- ``parts``: each feature's own part, by the feature's name.

How much of it is immutable, and why
------------------------------------
Each feature's part is a frozen value (a frozen dataclass, a frozenset, a
tuple): a feature's event makes a new part, and the state passed in still
holds the old one. The core -- ``table`` and ``feeder`` -- is not copied: it
is a **single-owner (linear) value**. ``reduce`` consumes the state it is
given and returns the next one, changing the table in place; whoever holds a
state hands it to ``reduce`` and keeps only what comes back (the shell's
``self.state = reduce(self.state, ...)``). A state passed to ``reduce`` is
spent: reading its ``table`` afterwards reads the new table.

Why linear, measured on a six-max table playing (the median action, at a
load of 12-21 on the shared machine): applying an ``act`` costs 22 us; a copy
of the table and its hand made by hand, every list of the rules' ``Hand``
copied, costs 23 us -- doubling the event, about 2% of the room's CPU per
action (1.3 ms at 1,000 tables, docs/benchmarks.md); ``copy.deepcopy`` of
the table with the hands it keeps, 10 ms; rebuilding the hand from its log,
0.1 ms and growing with the hand. The cheap copy is affordable, but it would
buy nothing the room uses and cost a hazard: the shell never reads a state
from before an event, an event the rules refuse changes nothing already (they
check before they change: "bad input never corrupts state"), and the copy
would have to list every mutable field of the rules engine's ``Hand``, kept in
step with it by hand -- a field forgotten is shared by two "values" without a
sound. What a value would give -- two states to compare -- the tests get by
replaying the log into a second state (tests/server/test_reducer.py).

Features
--------
A feature is one module (:mod:`~pokerdealer.server.host`,
:mod:`~pokerdealer.server.straddle`, :mod:`~pokerdealer.server.timebank`,
...) that describes itself with a :class:`Feature`: the events it adds and
how each changes the state, the events of others it follows, its part of the
snapshot, and what it adds to each reader's view. The shell builds the
table's :class:`Features` from the list in :mod:`~pokerdealer.server.features`;
``reduce`` hands each event to the feature that registered it, then to the
features that follow it. This module never imports a feature, and a feature
never imports the shell: it gets the state, and returns events or a new state.

How to add a table feature
--------------------------
1. Write ``server/<feature>.py``: its part (a frozen value), one function per
   event (``(state, data, at) -> state``, pure; it changes only its own part,
   or the table through the table's own methods), the functions that turn a
   player's message into its events or refuse it (raising
   :class:`~pokerdealer.server.words.Said` with a catalog key), what it adds to
   the readers' states, and its words in the catalogs
   (``src/pokerdealer/i18n/{en,zh_hant,zh_hans}.py``).
2. Describe it with a ``FEATURE = Feature(name=..., part=..., events={...},
   messages={...}, seat=..., ...)`` at the end of the module, and add it to the
   list in :mod:`~pokerdealer.server.features` (the order is the order in
   which followers run, and of the readers' fields). A new browser message
   also gets its schema in :mod:`~pokerdealer.server.protocol`, where every
   message is checked. :mod:`~pokerdealer.server.straddle` is the smallest
   feature to copy from.
3. Test it without a server: ``reduce`` its events on a state from
   :func:`new_state`, and add its messages to the random moves of
   tests/server/test_reducer.py (a replay must give the state the table had;
   that test also checks that every registered event kind is reached).

An event kind is at most 16 characters (the ``events.kind`` column), belongs
to one feature, and ``act`` -- a betting action, the room's hottest event --
is the core's alone: no feature follows it (what a feature needs of the hand
it reads at ``hand_start``, ``hand_end`` or in its view).

>>> state = new_state(TableSettings(seats=6), seed=1)
>>> state = state.with_member(MemberInfo(1, "Ann"))
>>> state = state.with_member(MemberInfo(2, "Bob"))
>>> state = reduce(state, "sit_down", {"member": 1, "seat": 1, "buy_in": 200}, 0.0)
>>> state = reduce(state, "sit_down", {"member": 2, "seat": 2, "buy_in": 200}, 0.0)
>>> state.table.stacks
{'Ann': 200, 'Bob': 200}
>>> reduce(state, "coin_flip", {}, 0.0)
Traceback (most recent call last):
...
pokerdealer.table.settings.TableError: unknown event 'coin_flip'
"""

from __future__ import annotations

import dataclasses
import hashlib
import random
import secrets
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from pokerdealer.cards import Card, parse_cards
from pokerdealer.server.hand_words import Said, said_action
from pokerdealer.server.settings import TableSettings
from pokerdealer.table import CashTable, HandRecord, SeatStatus, TableError

__all__ = [
    "CORE_EVENTS", "DeckFeeder", "Event", "Feature", "Features", "MemberInfo", "Message", "Reducer", "Restore", "Roster", "Said",
    "Snapshot", "TableState", "deal", "finish", "hash_token", "new_state", "reduce", "replay", "wait_for_big_blind",
]

Event = tuple[str, dict[str, Any]]
"""An event as commands make it: its kind and its data (JSON-ready); the time is the commit's."""

Reducer = Callable[["TableState", dict[str, Any], float], "TableState"]
"""How one event changes the state: ``(state, data, at) -> state``, pure."""

Snapshot = Callable[["TableState"], Mapping[str, Any]]
"""A feature's part of a snapshot: its keys and their JSON-ready values."""

Restore = Callable[["TableState", Mapping[str, Any]], "TableState"]
"""A feature's part put back from a whole snapshot's data."""

Message = Callable[["TableState", int, dict[str, Any]], list[tuple[str, dict[str, Any]]]]
"""A player's message a feature owns: ``(state, member, message) -> events`` (none: it
changes nothing), or a refusal (it raises :class:`~pokerdealer.server.words.Said`)."""


def hash_token(token: str) -> str:
    """A token as it is stored. Any string hashes: one with a lone surrogate (JSON's
    ``"\\ud800"``) is simply a token nobody holds, not an error.

    >>> hash_token(chr(0xD800)) != hash_token("")
    True
    """
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


# ================================================================ the members
@dataclass(frozen=True, slots=True)
class MemberInfo:
    """Someone who holds (or held) a seat: a person with a secret token, or a bot."""

    id: int
    name: str
    token_hash: str | None = None
    bot: str | None = None
    """The bot's kind (None: a person)."""


class Roster:
    """The table's members by id and by name: a value (:meth:`with_member` makes a new one).

    >>> roster = Roster().with_member(MemberInfo(4, "Ann"))
    >>> roster[4].name, roster.named("Ann").id, 5 in roster, len(roster)
    ('Ann', 4, False, 1)
    """

    __slots__ = ("by_id", "by_name")

    def __init__(self, members: Iterable[MemberInfo] = ()) -> None:
        self.by_id: dict[int, MemberInfo] = {m.id: m for m in members}
        self.by_name: dict[str, MemberInfo] = {m.name: m for m in self.by_id.values()}

    def with_member(self, member: MemberInfo) -> Roster:
        return Roster([*self.by_id.values(), member])

    def without(self, member_id: int) -> Roster:
        return Roster(m for m in self.by_id.values() if m.id != member_id)

    def __getitem__(self, member_id: int) -> MemberInfo:
        return self.by_id[member_id]

    def __contains__(self, member_id: object) -> bool:
        return member_id in self.by_id

    def __iter__(self) -> Iterator[MemberInfo]:
        return iter(self.by_id.values())

    def __len__(self) -> int:
        return len(self.by_id)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Roster) and other.by_id == self.by_id

    __hash__ = None  # type: ignore[assignment]

    def get(self, member_id: int) -> MemberInfo | None:
        return self.by_id.get(member_id)

    def named(self, name: str) -> MemberInfo | None:
        return self.by_name.get(name)


# ================================================================ the deck
class DeckFeeder(random.Random):
    """The table's RNG: it 'shuffles' to the deck the server drew (and logged)
    and picks the first button with a logged index, so a replay deals the same.
    Part of the core (linear, with the table it deals to)."""

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(0)
        self.next_deck: list[Any] | None = None
        self.pick: int | None = None
        self.picked: int | None = None
        self.chooser: Callable[[int], int] = secrets.randbelow
        if seed is not None:  # a test room: the first button drawn from the seed
            self.chooser = random.Random(f"{seed}:button").randrange

    def shuffle(self, x: Any, *args: Any) -> None:  # noqa: ANN401
        if self.next_deck is None:
            raise RuntimeError("no deck was drawn for this hand")
        x[:] = self.next_deck
        self.next_deck = None

    def choice(self, seq: Any) -> Any:  # noqa: ANN401
        i = self.pick if self.pick is not None else self.chooser(len(seq))
        self.picked = i
        return seq[i]


# ================================================================ features
@dataclass(frozen=True)
class Feature:
    """What a feature module adds to a table (see the module's docstring).

    Every field but ``name`` is optional:

    - ``part``: its part of a new table's state (a frozen value), from the table's settings;
    - ``events``: its event kinds and how each changes the state;
    - ``follows``: other modules' events (core or feature) it follows, and how
      (called after the event is applied, with the same data);
    - ``snapshot``: how to write its part into a table's snapshot (``take(state)``:
      its keys and JSON-ready values) and put it back (``put(state, data)``, ``data``
      the whole snapshot: a snapshot from before the feature has none of its keys);
    - ``writes``: what it writes to the database beside a batch of events just
      applied (the shell runs it in the same transaction), as database operations;
    - ``public``: what it adds to every reader's state (``{key: value}``);
    - ``seat``: what it adds to the row of each seat (``(state, member) -> {key: value}``,
      ``member`` None for a seat whose member is not known);
    - ``deal_veto``: why no hand may be dealt now (a note in words), or None;
    - ``messages``: the players' messages it owns, by type, and the events each asks
      for (the shell writes them; the message's schema is
      :mod:`~pokerdealer.server.protocol`'s, where every browser message is checked).
    """

    name: str
    part: Callable[[TableSettings], Any] = lambda settings: None
    events: Mapping[str, Reducer] = field(default_factory=dict)
    follows: Mapping[str, Reducer] = field(default_factory=dict)
    snapshot: tuple[Snapshot, Restore] | None = None
    writes: Callable[[TableState, Sequence[Event]], list[Any]] | None = None
    public: Callable[[TableState], Mapping[str, Any]] | None = None
    seat: Callable[[TableState, MemberInfo | None], Mapping[str, Any]] | None = None
    deal_veto: Callable[[TableState], dict[str, Any] | None] | None = None
    messages: Mapping[str, Message] = field(default_factory=dict)


class Features:
    """The features of a table, in order, and who reduces each event kind.

    >>> f = Features([Feature("a", events={"coin": lambda s, d, at: s}, follows={"leave": lambda s, d, at: s})])
    >>> sorted(f.owner), [len(v) for v in f.after.values()]
    (['coin'], [1])
    >>> Features([Feature("b", follows={"act": lambda s, d, at: s})])
    Traceback (most recent call last):
    ...
    pokerdealer.table.settings.TableError: feature b follows 'act': the betting actions are the core's alone
    """

    def __init__(self, features: Sequence[Feature] = ()) -> None:
        self.all: tuple[Feature, ...] = tuple(features)
        self.owner: dict[str, Reducer] = {}
        self.after: dict[str, tuple[Reducer, ...]] = {}
        names = set()
        for feature in self.all:
            if feature.name in names:
                raise TableError(f"two features are called {feature.name!r}")
            names.add(feature.name)
            for kind, reducer in feature.events.items():
                if kind in CORE_EVENTS or kind in self.owner:
                    raise TableError(f"feature {feature.name}: event {kind!r} is already registered")
                if len(kind) > 16:
                    raise TableError(f"feature {feature.name}: event {kind!r} is longer than 16 characters")
                self.owner[kind] = reducer
            for kind, follower in feature.follows.items():
                if kind == "act":
                    raise TableError(f"feature {feature.name} follows 'act': the betting actions are the core's alone")
                self.after[kind] = (*self.after.get(kind, ()), follower)
        self.seat_views = tuple(f.seat for f in self.all if f.seat is not None)
        self.public_views = tuple(f.public for f in self.all if f.public is not None)
        self.messages: dict[str, Message] = {}
        for feature in self.all:
            for kind, handler in feature.messages.items():
                if kind in self.messages:
                    raise TableError(f"feature {feature.name}: message {kind!r} is already registered")
                self.messages[kind] = handler

    def parts(self, settings: TableSettings) -> dict[str, Any]:
        """The parts of a new table playing by ``settings``."""
        return {f.name: f.part(settings) for f in self.all}

    def knows(self, kind: str) -> bool:
        return kind in CORE_EVENTS or kind in self.owner


NO_FEATURES = Features()


# ================================================================ the state
@dataclass(frozen=True, slots=True, eq=False)
class TableState:
    """A table between two events (see the module's docstring: ``table`` and
    ``feeder`` are linear, every other field a value)."""

    table: CashTable
    feeder: DeckFeeder
    settings: TableSettings
    """The settings in force (``table.settings`` is their cash-game part)."""
    members: Roster = field(default_factory=Roster)
    parts: Mapping[str, Any] = field(default_factory=dict)
    """Each feature's part, by the feature's name (a new mapping at each change)."""
    said: tuple[Said, ...] = ()
    """The actions of the last hand dealt, as said in its log (:mod:`~pokerdealer.server.hand_words`)."""
    features: Features = NO_FEATURES

    def part(self, name: str) -> Any:  # noqa: ANN401
        return self.parts[name]

    def with_part(self, name: str, value: Any) -> TableState:  # noqa: ANN401
        """The state with feature ``name``'s part ``value``."""
        if self.parts.get(name) is value:
            return self
        return dataclasses.replace(self, parts={**self.parts, name: value})

    def with_settings(self, settings: TableSettings) -> TableState:
        """The state playing by ``settings`` (the table's blinds, ante and buy-ins follow)."""
        self.table.settings = settings.cash_settings()
        return dataclasses.replace(self, settings=settings)

    def with_member(self, member: MemberInfo) -> TableState:
        return dataclasses.replace(self, members=self.members.with_member(member))

    def without_member(self, member_id: int) -> TableState:
        return dataclasses.replace(self, members=self.members.without(member_id))

    def name_of(self, member_id: int) -> str:
        return self.members[member_id].name

    def member_at(self, seat: int) -> MemberInfo | None:
        """The member in ``seat`` (None: free, or a name no member has)."""
        name = self.table.name_at(seat)  # asked at every turn: no copy of every player
        return None if name is None else self.members.named(name)

    def seat_of(self, member_id: int) -> int | None:
        member = self.members.get(member_id)
        return None if member is None else self.table.seat_of(member.name)


def new_state(
    settings: TableSettings, *, seed: int | None = None, keep_hands: int | None = None,
    features: Features = NO_FEATURES, members: Iterable[MemberInfo] = (),
) -> TableState:
    """A new, empty cash table playing by ``settings``."""
    feeder = DeckFeeder(seed)
    table = CashTable(settings.cash_settings(), rng=feeder, keep_hands=keep_hands)
    return TableState(table, feeder, settings, Roster(members), features.parts(settings), (), features)


def wait_for_big_blind(state: TableState) -> bool:
    """Whether a newcomer waits for the big blind: yes, unless fewer than three play --
    the big blind only moves among the players dealt in, so heads-up it would never
    reach them; then they post it and play at once."""
    active = [p for p in state.table.players if p.status is SeatStatus.ACTIVE and p.stack > 0]
    return len(active) >= 3


# ================================================================ reduce
def reduce(state: TableState, kind: str, data: dict[str, Any], at: float) -> TableState:
    """The state after event ``kind`` with ``data`` at time ``at`` (raises
    :class:`~pokerdealer.table.TableError` for an event the rules refuse)."""
    handler = CORE_EVENTS.get(kind)
    if handler is None:
        handler = state.features.owner.get(kind)
        if handler is None:
            raise TableError(f"unknown event {kind!r}")
    state = handler(state, data, at)
    for follower in state.features.after.get(kind, ()):
        state = follower(state, data, at)
    return state


def replay(state: TableState, events: Iterable[tuple[str, dict[str, Any], float]]) -> TableState:
    """``state`` after every event of a log, in order: a fold of :func:`reduce`."""
    for kind, data, at in events:
        state = reduce(state, kind, data, at)
    return state


def _sit_down(state: TableState, data: dict[str, Any], at: float) -> TableState:
    state.table.sit_down(
        state.name_of(data["member"]), data["buy_in"], seat=data["seat"], now=at,
        wait_for_big_blind=data.get("wait_bb", True),
    )
    return state


def _top_up(state: TableState, data: dict[str, Any], at: float) -> TableState:
    state.table.top_up(state.name_of(data["member"]), data["amount"])
    return state


def _sit_out(state: TableState, data: dict[str, Any], at: float) -> TableState:
    state.table.sit_out(state.name_of(data["member"]))
    return state


def _sit_in(state: TableState, data: dict[str, Any], at: float) -> TableState:
    state.table.sit_in(state.name_of(data["member"]), post=data.get("post", False))
    return state


def _leave(state: TableState, data: dict[str, Any], at: float) -> TableState:
    state.table.leave(state.name_of(data["member"]), now=at)
    return state


def _start(
    state: TableState, deck: Sequence[Card], *, pick: int | None, straddlers: Collection[str], at: float,
    bomb_pot: bool = False,
) -> HandRecord:
    feeder = state.feeder
    feeder.next_deck = list(deck)
    feeder.pick = pick
    feeder.picked = None
    try:
        if bomb_pot:  # the host's "bomb pot next hand" (server/bomb_pot.py)
            return state.table.start_hand(now=at, straddlers=straddlers, bomb_pot=True)
        return state.table.start_hand(now=at, straddlers=straddlers)
    finally:
        feeder.next_deck = None
        feeder.pick = None


def _hand_start(state: TableState, data: dict[str, Any], at: float) -> TableState:
    deck = parse_cards(data["deck"], what="deck", variant=state.table.settings.variant)
    straddler = data.get("straddle")  # the member who straddled: the choices were then
    straddlers = {state.name_of(straddler)} if straddler is not None else set()
    record = _start(state, deck, pick=data.get("pick"), straddlers=straddlers, at=at, bomb_pot=bool(data.get("bomb_pot")))
    if record.number != data["number"]:
        raise TableError(f"hand {record.number} started, the log says {data['number']}")
    return dataclasses.replace(state, said=())


def _act(state: TableState, data: dict[str, Any], at: float) -> TableState:
    record = state.table.current
    if record is None or record.number != data["hand"]:
        raise TableError(f"no hand {data['hand']} in play")
    hand = record.hand
    street, is_bet = hand.street.value, hand.raise_is_bet
    applied = hand.apply(data["a"])  # the rules check it first: a refused action changes nothing
    return dataclasses.replace(state, said=(*state.said, said_action(record, applied, street=street, is_bet=is_bet)))


def _hand_end(state: TableState, data: dict[str, Any], at: float) -> TableState:
    state.table.finish_hand()
    return state


CORE_EVENTS: dict[str, Reducer] = {
    "sit_down": _sit_down,
    "top_up": _top_up,
    "sit_out": _sit_out,
    "sit_in": _sit_in,
    "leave": _leave,
    "hand_start": _hand_start,
    "act": _act,
    "hand_end": _hand_end,
}
"""The core's events: seats and chips, and the hand (its start, each action, its end)."""


def _followed(state: TableState, kind: str, data: dict[str, Any], at: float) -> TableState:
    for follower in state.features.after.get(kind, ()):
        state = follower(state, data, at)
    return state


# ================================================================ the dealer's moves
def deal(
    state: TableState, deck: Sequence[Card], proof: Mapping[str, Any], *, at: float, straddlers: Collection[str] = (),
    bomb_pot: bool = False,
) -> tuple[TableState, Event]:
    """Deal the next hand with ``deck`` (its ``proof``: ``deck``, ``salts`` and
    ``commitment`` as text, :mod:`~pokerdealer.server.fair`): the state, and the
    ``hand_start`` event that a replay reduces to the same state.

    The one event whose data is learnt by applying it: the table draws the first
    button as it deals (a logged ``pick``), and the rules decide whether the one
    under the gun of ``straddlers`` straddles (a logged ``straddle``); ``bomb_pot``: the
    host asked for a bomb pot (a logged ``bomb_pot``). Raises
    :class:`~pokerdealer.table.TableError`, changing nothing, when no hand can be dealt.
    """
    table = state.table
    number = table.hands_played + 1
    record = _start(state, deck, pick=None, straddlers=straddlers, at=at, bomb_pot=bomb_pot)
    data: dict[str, Any] = {"number": number, **proof}
    if bomb_pot:
        data["bomb_pot"] = True
    if state.feeder.picked is not None:
        data["pick"] = state.feeder.picked
    config = record.hand.config
    if config.straddles:  # a replay deals the same straddle, whatever the choices are then
        straddler = state.members.named(config.players[config.straddle_players[0]])
        if straddler is not None:
            data["straddle"] = straddler.id
    state = dataclasses.replace(state, said=())
    return _followed(state, "hand_start", data, at), ("hand_start", data)


def finish(state: TableState, at: float) -> tuple[TableState, list[Event]]:
    """End the hand in play: the online showdown if it is pending (show in the
    rules' order, muck what cannot win: :meth:`~pokerdealer.rules.Hand.auto_showdown`),
    then the end. Returns the state and the events a replay reduces to it: an
    ``act`` for each show or muck, and ``hand_end``."""
    record = state.table.current
    if record is None:
        raise TableError("no hand is in play")
    hand = record.hand
    before = len(hand.log)
    said = state.said
    if not hand.is_complete:
        hand.auto_showdown()
        said += tuple(said_action(record, a, street="showdown", is_bet=False) for a in hand.log[before:])
    events: list[Event] = [("act", {"hand": record.number, "a": str(a)}) for a in hand.log[before:]]
    end = {"hand": record.number}
    state = _hand_end(dataclasses.replace(state, said=said), end, at)
    events.append(("hand_end", end))
    return _followed(state, "hand_end", end, at), events
