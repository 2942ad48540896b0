"""What a player sets for themself: the coach ("coach me"), a session time
limit and a loss limit, and the stop when a limit is reached (issues 16 and 22;
seed 001: 遊戲應以娛樂為目的，設定可承受的時間與預算，不追逐損失).

**Who "the same player" is, without accounts.** A browser makes a random key
of its own once (``localStorage["pd.person"]``, 24 random bytes) and sends it
with every join. The room keeps only its SHA-256 (:func:`person_of`), bound to
the member the join made by a ``person`` event in the table's log; the key
itself is never stored nor sent to anyone. Everything below belongs to that
*person* at a table -- every seat they hold there shares one :class:`Own` -- so
a second seat, or leaving and buying in again, is the same player with the
same session and the same stop. Nobody can see or change another's limits:
they are only ever in the holder's own state (:func:`private`), changed only
by their own seat's messages, and a person is reached only by knowing the
browser's key. A join without a key (an old page, a script) is a person of its
own, as before. A player who clears their browser's storage is a new person:
these limits are a player's promise to themself, kept against a moment's
impulse (two clicks), not against a determined player.

**The session.** It starts with the person's first seat at the table and lasts
while they come back within :data:`SESSION_BREAK` of having no seat: a bust,
leaving and buying in again do not end it. Its net here is what they took away
(``leave`` cash-outs) plus the stacks in front of them, less what they bought
in (``sit_down``, ``seat_approve``, ``top_up``).

**Across the room.** A limit is the person's, not a table's (seed 001:
设定可承受的时间与预算). The limits they set last, at whichever table, are kept in
their ``persons`` row (``own``), and each table writes their chips there -- brought,
taken, the stacks in front of them, their session -- in their ``person_tables``
row (:func:`table_ops`, for a person with a limit). A table reads the rows when the
person joins it, asks for chips or plays a hand there (:func:`synced`): limits set
later elsewhere become a ``limits`` event here (``elsewhere``), and their chips at
the other tables of the session a ``limits_elsewhere`` event, so the loss, what a
buy-in may bring and the time count across tables, and a replay of this table's
log needs no other table's.

**The limits.** The time limit sits the player out after the hand when it is
up, unless they chose only to be told (``time_sit_out``: on by default). A
buy-in, a rebuy or a top-up is capped by what the loss limit leaves once every
chip brought is lost (:meth:`Own.buy_in_left`): a limit of 250 with 200 bought
in leaves 50, so a bust and a rebuy lose 250, not 400.

**The stop.** After each hand (:func:`due`), a person whose loss reached their
loss limit -- a bust too: their stack is then 0 -- or whose time is up (unless
they chose only to be told) is stopped: a ``limit_stop`` event saying why,
the net and how long they played, with a ``sit_out`` for each seat still
dealt in. While stopped they may not sit in, buy in again, top up, or take a
new seat (:func:`check_buy_in`). The stop is the person's, not the seat's: it
is also written to the database's ``persons`` row in the same transaction
(:func:`shared_ops`), and a table reads that row whenever the person asks for
a seat there or plays a hand there (:meth:`~pokerdealer.server.table_base.TableBase.read_persons`), so a stop at one
table holds at every table of that browser (a ``limit_stop`` with ``from``
there), and going on at one lifts it at the others (a ``limit_continue`` with
``elsewhere``).

**Going on** is the player's explicit choice (``limit_continue``), possible
only after a cool-off of ``ServerOptions.limit_cool_off`` seconds from the
stop -- five minutes by default: the urge the seed warns of, to win it back at
once (不追逐損失), is strongest right after the loss, and a few minutes away
from the table is the smallest break that lets it pass, while still short
enough not to punish a player who has thought it over (a lock they would
dodge by clearing their browser helps nobody). Each further go-on within a day
doubles the next break (:meth:`Own.cool_off`): a stop that comes back the same
day is the chase the seed warns of. The limits then count afresh from that
moment (the time from then, the loss from the net then).

Every one of these steps is an event in the table's log (``coach``,
``limits``, ``person``, ``limit_stop``, ``limit_continue``, and the
``sit_out``); the people's parts (:class:`Limits`: each person's :class:`Own`)
are this feature's part of the table's state and of each snapshot, so a
restart -- kill -9 included -- finds it as it was. Reading the ``persons``
rows is the table's shell's (:meth:`~pokerdealer.server.table_base.TableBase.read_persons`);
what they say goes into the events here.

>>> own = Own().session_start(buy_in=200, at=100.0)
>>> own.invested, own.started_at
(200, 100.0)
>>> own = replace(own, loss=80, loss_unit="chips")
>>> own.loss_reached(net=-79, buy_in=200), own.loss_reached(net=-80, buy_in=200)
(False, True)
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Iterable, Mapping
from dataclasses import asdict, dataclass, field, fields, replace
from typing import Any

from pokerdealer.server import db
from pokerdealer.server.reducer import Event, Feature, TableState
from pokerdealer.server.words import Said
from pokerdealer.table import SeatStatus

__all__ = [
    "EVENTS", "FEATURE", "SESSION_BREAK", "Limits", "Own", "Stop", "asked_to_show", "check_buy_in", "check_left",
    "coach_on", "coach_said", "cool_off_left", "due", "events_for", "key_of", "net", "own_of", "person_of", "private", "reconcile", "shared_ops",
    "stopped", "stops_of",
]

#: The events this module applies.
EVENTS = ("coach", "limits", "person", "limit_stop", "limit_continue", "limits_elsewhere")
#: The loss limit's units: chips, or buy-ins of the table's largest buy-in.
UNITS = ("chips", "buy_ins")
#: The longest time limit, in minutes (a day).
MAX_MINUTES = 24 * 60
#: A person with no seat at a table for this long starts a new session there
#: with their next seat (an hour: as long as a cash table remembers what a
#: player left with, WSOP-LA 58).
SESSION_BREAK = 3600.0
#: The day in which each further "go on" waits longer (seconds).
DAY = 86400.0


def person_of(key: str) -> str:
    """The person a browser's key stands for: its SHA-256 (the key is never kept).

    >>> len(person_of("k" * 32)), person_of("k" * 32) == person_of("k" * 32)
    (64, True)
    """
    return hashlib.sha256(b"pokerdealer person\0" + key.encode("utf-8")).hexdigest()


@dataclass(frozen=True)
class Stop:
    """A stop by a limit: why, when, and the session as it was then."""

    why: str
    """``"loss"`` or ``"time"``."""
    at: float
    """When it happened: the cool-off counts from here."""
    net: int
    """Chips won (negative: lost) in the session, at the stop."""
    seconds: int
    """How long the session had been played, at the stop."""
    table: str | None = None
    """The name of the table it happened at, when that was another one."""


@dataclass(frozen=True)
class Own:
    """One person's own settings and session at a table (every seat of theirs shares it)."""

    coach: bool | None = None
    """``None`` until the seat is taken: then on at a table with bots, else off."""
    minutes: int | None = None
    loss: int | None = None
    loss_unit: str = "chips"
    time_sit_out: bool = True
    """When the time limit is up, sit the player out (by default: only being told is the choice)."""
    started_at: float | None = None
    invested: int = 0
    """Chips bought in this session (buy-ins and top-ups)."""
    taken: int = 0
    """Chips taken away this session (cashed out on leaving)."""
    away_since: float | None = None
    """No seat here since (left or busted); ``None`` while seated."""
    time_from: float | None = None
    """Since a go-on after the time limit, the limit counts from here."""
    loss_from: int = 0
    """Since a go-on after the loss limit, the loss counts from this net result."""
    stop: Stop | None = None
    """The stop in force, until the player chooses to go on."""
    went_on: tuple[float, ...] = ()
    """When they chose to go on after a stop, within the last :data:`DAY` (each further one waits longer)."""
    set_at: float = 0.0
    """When they set these limits (here or at another table: the newest setting holds everywhere)."""
    elsewhere_net: int = 0
    """Their net at the room's other tables of their session (as last read): the loss counts across tables."""
    elsewhere_brought: int = 0
    """Chips brought to the other tables less those taken away (as last read): at risk there."""
    elsewhere_since: float | None = None
    """When their session began at the earliest of the other tables (as last read)."""

    def session_start(self, *, buy_in: int, at: float) -> Own:
        """The same settings, and a new session from ``at`` with ``buy_in`` bought in."""
        return replace(self, started_at=at, time_from=at, invested=buy_in, taken=0, loss_from=0)

    def loss_chips(self, *, buy_in: int) -> int | None:
        """The loss limit in chips (``None``: no loss limit)."""
        if self.loss is None:
            return None
        return self.loss * buy_in if self.loss_unit == "buy_ins" else self.loss

    def loss_reached(self, *, net: int, buy_in: int) -> bool:
        limit = self.loss_chips(buy_in=buy_in)
        return limit is not None and self.loss_from - net >= limit

    def buy_in_left(self, *, buy_in: int) -> int | None:
        """The most chips the player may still bring to the table (a buy-in, a
        rebuy or a top-up): what their loss limit leaves once every chip they
        have brought is lost -- ``None``: no loss limit.

        >>> own = replace(Own(loss=250), invested=200)
        >>> own.buy_in_left(buy_in=200)  # bust, a rebuy of 50 at most: 250 lost in all, not 400
        50
        """
        limit = self.loss_chips(buy_in=buy_in)
        if limit is None:
            return None
        return max(0, limit - self.loss_from + self.taken - self.invested - self.elsewhere_brought)

    def cool_off(self, base: float) -> float:
        """The break before going on is allowed after the stop in force: ``base``,
        doubled for each time they went on in the day before it (不追逐損失: a
        stop that comes back the same day is no moment to chase the loss).

        >>> Own(stop=Stop("loss", at=5000.0, net=-50, seconds=60), went_on=(100.0, 2000.0)).cool_off(300.0)
        1200.0
        """
        return base * 2 ** self.goes_on_today()

    def goes_on_today(self) -> int:
        """How many times they chose to go on in the day before the stop in force."""
        if self.stop is None:
            return 0
        return sum(1 for at in self.went_on if self.stop.at - DAY < at <= self.stop.at)

    def has_limits(self) -> bool:
        """Whether they set a loss or a time limit (their chips here are then written for the other tables)."""
        return self.loss is not None or self.minutes is not None

    def time_reached(self, now: float) -> bool:
        start = self.time_from if self.time_from is not None else self.started_at
        if start is not None and self.elsewhere_since is not None and start == self.started_at:
            start = min(start, self.elsewhere_since)  # no go-on since: the session began at another table
        return self.minutes is not None and start is not None and now - start >= self.minutes * 60


@dataclass(frozen=True)
class Limits:
    """This feature's part of a table's state: who is which person, and each person's :class:`Own`."""

    persons: Mapping[int, str] = field(default_factory=dict)
    """Member -> the person (the hash of their browser's key), for members who sent one."""
    owns: Mapping[str, Own] = field(default_factory=dict)
    """Each person's own part, by :func:`key_of` (a member without a person is a person of their own)."""


# ------------------------------------------------------------ who is whose
def _limits(state: TableState) -> Limits:
    return state.parts["self_limits"]  # type: ignore[no-any-return]


def key_of(state: TableState, member: int) -> str:
    """Whose part ``member``'s is: their person's, else their own (``#`` and their id)."""
    return _limits(state).persons.get(member) or f"#{member}"


def own_of(state: TableState, member: int) -> Own:
    """``member``'s :class:`Own`: their person's here (a fresh one if they have none yet)."""
    return _limits(state).owns.get(key_of(state, member)) or Own()


def _with_own(state: TableState, key: str, own: Own) -> TableState:
    limits = _limits(state)
    return state.with_part("self_limits", Limits(limits.persons, {**limits.owns, key: own}))


def _members_of(state: TableState, key: str) -> list[int]:
    """The members of person ``key`` (one person's seats and former seats here)."""
    persons = _limits(state).persons
    if key.startswith("#"):
        return [int(key[1:])] if int(key[1:]) in state.members else []
    return [m.id for m in state.members if persons.get(m.id) == key]


def _people(state: TableState) -> list[tuple[str, Own, list[int]]]:
    """Each person at the table with a part (bots have no limits) and their members, in the members' order."""
    owns = _limits(state).owns
    if not owns:
        return []
    groups: dict[str, list[int]] = {}
    for m in state.members:
        key = key_of(state, m.id)
        if m.bot is None and key in owns:
            groups.setdefault(key, []).append(m.id)
    return [(key, owns[key], members) for key, members in groups.items()]


def _player(state: TableState, member: int) -> Any:  # noqa: ANN401 - a table Player or None
    name = state.name_of(member)
    return state.table.player(name) if state.table.seat_of(name) is not None else None


def net(state: TableState, key: str, members: list[int] | None = None) -> int:
    """The session's net of person ``key``: taken away, plus the stacks in front of
    them (whose ``members`` these are, if known), less bought in -- here and, as last
    read, at the room's other tables (:attr:`Own.elsewhere_net`)."""
    own = _limits(state).owns.get(key) or Own()
    return own.elsewhere_net + _stacks(state, key, members) + own.taken - own.invested


def _stacks(state: TableState, key: str, members: list[int] | None = None) -> int:
    seats = _members_of(state, key) if members is None else members
    stack_of = state.table.stack_of  # asked for every reader's state: no copy of every stack
    return sum(stack_of(state.name_of(m)) for m in seats)


def _seated(state: TableState, key: str) -> bool:
    stacks = state.table.stacks
    return any(state.name_of(m) in stacks for m in _members_of(state, key))


# ------------------------------------------------------------ the events
def _sat_down(state: TableState, data: dict[str, Any], at: float) -> TableState:
    """A seat taken starts the session, or goes on with it (a rebuy after a bust too)."""
    member = data["member"]
    key = key_of(state, member)
    own = own_of(state, member)
    if own.coach is None:
        bots = {m.name for m in state.members if m.bot}
        own = replace(own, coach=any(p.name in bots for p in state.table.players))
    new = own.started_at is None or (
        own.stop is None and own.away_since is not None and at - own.away_since >= SESSION_BREAK
    )
    if new:
        own = own.session_start(buy_in=data["buy_in"], at=at)
    else:  # back within the break (a rebuy after a bust too): the same session
        own = replace(own, invested=own.invested + data["buy_in"])
    return _with_own(state, key, replace(own, away_since=None))


def _topped_up(state: TableState, data: dict[str, Any], at: float) -> TableState:
    member = data["member"]
    own = own_of(state, member)
    return _with_own(state, key_of(state, member), replace(own, invested=own.invested + data["amount"]))


def _left(state: TableState, data: dict[str, Any], at: float) -> TableState:
    member = data["member"]
    key = key_of(state, member)
    own = own_of(state, member)
    own = replace(own, taken=own.taken + (data.get("chips") or 0))  # a leave logged before cash-outs: none
    if not _seated(state, key):
        own = replace(own, away_since=at)
    return _with_own(state, key, own)


def _hand_ended(state: TableState, data: dict[str, Any], at: float) -> TableState:
    """Who busted in the hand: no seat since then."""
    seated = state.table.stacks  # once a hand
    for key, own, members in _people(state):
        if own.started_at is not None and own.away_since is None and not any(
            state.name_of(m) in seated for m in members
        ):
            state = _with_own(state, key, replace(own, away_since=at))
    return state


def _person(state: TableState, data: dict[str, Any], at: float) -> TableState:
    """A member bound to their person: they share the person's part here from now on."""
    limits = _limits(state)
    member = data["member"]
    owns = {k: v for k, v in limits.owns.items() if k != f"#{member}"}
    return state.with_part("self_limits", Limits({**limits.persons, member: data["person"]}, owns))


def _coach(state: TableState, data: dict[str, Any], at: float) -> TableState:
    member = data["member"]
    return _with_own(state, key_of(state, member), replace(own_of(state, member), coach=bool(data["on"])))


def _set_limits(state: TableState, data: dict[str, Any], at: float) -> TableState:
    """Limits set here, or (``elsewhere``) read from the person's row: set at another table."""
    member = data["member"]
    own = _limited(own_of(state, member), data, at)
    return _with_own(state, key_of(state, member), own)


def _limited(own: Own, data: Mapping[str, Any], at: float) -> Own:
    went_on = own.went_on
    if "went_on" in data:  # from another table: the day's go-ons there too
        went_on = tuple(sorted({*went_on, *data["went_on"]}))
    own = replace(own, minutes=data.get("minutes"), loss=data.get("loss"), loss_unit=data.get("unit") or "chips",
                  time_sit_out=bool(data.get("time_sit_out", True)), set_at=data.get("set_at", at), went_on=went_on)
    if "loss_from" in data:  # gone on last at another table: count afresh from then
        own = replace(own, loss_from=data["loss_from"], time_from=data["time_from"])
    return own


def _elsewhere(state: TableState, data: dict[str, Any], at: float) -> TableState:
    """What the person has at the room's other tables, as read now."""
    member = data["member"]
    return _with_own(state, key_of(state, member), _away(own_of(state, member), data))


def _away(own: Own, data: Mapping[str, Any]) -> Own:
    return replace(own, elsewhere_net=data["net"], elsewhere_brought=data["brought"], elsewhere_since=data.get("since"))


def _stopped(state: TableState, data: dict[str, Any], at: float) -> TableState:
    member = data["member"]
    carried = data.get("from")
    stop = Stop(
        why=data["why"], at=carried["at"] if carried else at, net=data.get("net", 0),
        seconds=data.get("seconds", 0), table=carried["table"] if carried else None,
    )
    return _with_own(state, key_of(state, member), replace(own_of(state, member), stop=stop))


def _went_on(state: TableState, data: dict[str, Any], at: float) -> TableState:
    """A fresh limit from here; the day's go-ons remembered (the next stop's break is longer)."""
    member = data["member"]
    own = own_of(state, member)
    # Gone on at another table: its time comes with the person's row (:func:`synced`).
    went_on = tuple(t for t in own.went_on if at - t < DAY) + (() if data.get("elsewhere") else (at,))
    own = replace(own, stop=None, time_from=at, loss_from=data["net"], went_on=went_on)
    return _with_own(state, key_of(state, member), own)


def _stop_events(state: TableState, key: str, why: str, data: dict[str, Any]) -> list[Event]:
    """The person's seats still dealt in are sat out, and the ``limit_stop``."""
    members = _members_of(state, key)
    out: list[Event] = []
    for m in members:
        p = _player(state, m)
        if p is not None and p.status is not SeatStatus.SITTING_OUT:
            out.append(("sit_out", {"member": m}))
    named = next((m for m in reversed(members) if _player(state, m) is not None), members[-1])
    out.append(("limit_stop", {"member": named, "why": why, **data}))
    return out


def stops_of(views: Mapping[str, Mapping[str, Any]]) -> dict[str, dict[str, Any]]:
    """The stops in force among the persons' rows (:meth:`~pokerdealer.server.table_base.TableBase.read_persons`)."""
    return {person: view["stop"] for person, view in views.items() if view.get("stop")}


def reconcile(state: TableState, keys: Iterable[str], stops: Mapping[str, dict[str, Any]]) -> list[Event]:
    """What the ``persons`` rows (``stops``) change for these people here: a newer stop
    at another table holds here too, and a stop another table saw them go on after is lifted here."""
    out: list[Event] = []
    owns = _limits(state).owns
    for key in keys:
        members = _members_of(state, key)
        person = None if key.startswith("#") or not members else key
        if person is None:
            continue
        own = owns.get(key) or Own()
        row = stops.get(person)
        if row is not None and (own.stop is None or row["at"] > own.stop.at):
            carried = {"at": row["at"], "table": row.get("table")}
            out += _stop_events(state, key, row["why"], {"net": row["net"], "seconds": row["seconds"], "from": carried})
        elif row is None and own.stop is not None:
            out.append(("limit_continue", {"member": members[-1], "net": net(state, key), "elsewhere": True}))
    return out


def due(state: TableState, at: float, stops: Mapping[str, dict[str, Any]] | None = None) -> list[Event]:
    """After a hand: the people whom a limit stops now -- a loss reached (a bust
    too), or the time up for one who asked to be sat out for it -- and those a
    stop at another table reaches (``stops``: the ``persons`` rows)."""
    buy_in = state.table.settings.max_buy_in
    out: list[Event] = []
    elsewhere = []
    for key, own, members in _people(state):
        if own.started_at is None:
            continue
        # Stopped here already, or at another table (its row): that stop holds, and says where it
        # was reached -- not a second stop here from the same loss counted across the tables.
        if own.stop is not None or (stops and key in stops):
            elsewhere.append(key)
            continue
        result = net(state, key, members)
        why = None
        if own.loss_reached(net=result, buy_in=buy_in):
            why = "loss"
        elif own.time_sit_out and own.time_reached(at) and _seated(state, key):
            why = "time"
        if why is None:
            elsewhere.append(key)
            continue
        out += _stop_events(state, key, why, {"net": result, "seconds": int(at - own.started_at)})
    if stops:  # a lifted stop waits for the player's next move here (nothing is dealt to them meanwhile)
        out += [e for e in reconcile(state, elsewhere, stops) if e[0] != "limit_continue"]
    return out


def shared_ops(state: TableState, events: Iterable[Event], *, table_name: str) -> list[db.Op]:
    """The ``persons`` rows to write with these (applied) events: a stop at this
    table, or going on after one. A stop carried from another table, or lifted
    because of one, is that table's to write."""
    ops: list[db.Op] = []
    persons = _limits(state).persons
    for kind, data in events:
        if kind == "limits" and not data.get("elsewhere") and data["member"] in persons:
            ops.append(db.op_person_own(persons[data["member"]], _own_row(own_of(state, data["member"]))))
            continue
        if kind not in ("limit_stop", "limit_continue") or "from" in data or data.get("elsewhere"):
            continue
        person = persons.get(data["member"])
        if person is None:
            continue
        if kind == "limit_continue":
            ops.append(db.op_person_go_on(person, data["since"]))
            ops.append(db.op_person_own(person, _own_row(own_of(state, data["member"]))))
            continue
        stop = own_of(state, data["member"]).stop
        assert stop is not None
        row = {"why": stop.why, "at": stop.at, "net": stop.net, "seconds": stop.seconds, "table": table_name}
        ops.append(db.op_person_stop(person, row, stop.at))
    return ops


def _own_row(own: Own) -> dict[str, Any]:
    """A person's own limits as their row keeps them for every table (:func:`incoming` reads it)."""
    return {"minutes": own.minutes, "loss": own.loss, "unit": own.loss_unit, "time_sit_out": own.time_sit_out,
            "set_at": own.set_at, "went_on": list(own.went_on), "loss_from": own.loss_from, "time_from": own.time_from}


# ---------------------------------------------------------- the commands
def stopped(state: TableState, member: int) -> bool:
    """Whether ``member``'s person is stopped by a limit and has not chosen to go on."""
    return own_of(state, member).stop is not None


def check_buy_in(state: TableState, member: int, amount: int | None = None) -> None:
    """A buy-in, a top-up or a new seat is refused while stopped (no chasing losses),
    and one of more than ``member``'s loss limit leaves (:meth:`Own.buy_in_left`)."""
    if stopped(state, member):
        raise Said("room.limits.error.stopped")
    if amount is not None:
        check_left(own_of(state, member), amount, buy_in=state.table.settings.max_buy_in)


def check_left(own: Own, amount: int, *, buy_in: int) -> None:
    """Refuse bringing ``amount`` chips when the loss limit leaves less, saying how much it leaves."""
    left = own.buy_in_left(buy_in=buy_in)
    if left is not None and amount > left:
        raise Said("room.limits.error.left", amount=amount, most=left)


def cool_off_left(own: Own, *, now: float, cool_off: float) -> int:
    """Whole seconds until the player may choose to go on (0: now): the break
    ``cool_off`` (seconds), longer for each go-on earlier that day (:meth:`Own.cool_off`)."""
    if own.stop is None:
        return 0
    return max(0, math.ceil(own.stop.at + own.cool_off(cool_off) - now))


def events_for(state: TableState, member: int, msg: dict[str, Any], *, now: float, cool_off: float) -> list[Event]:
    """The events a player's message asks for; raises :class:`Said` with a
    catalog key (and its params) when it cannot be done."""
    kind = msg["type"]
    own = own_of(state, member)
    if kind == "coach":
        if own.coach is not None and own.coach == bool(msg["on"]):
            return []  # what it is already: nothing to log (a toggling script logged thousands)
        return [("coach", {"member": member, "on": bool(msg["on"])})]
    if kind == "limits":
        minutes, loss, unit = msg.get("minutes"), msg.get("loss"), msg.get("unit") or "chips"
        if minutes is not None and not 1 <= minutes <= MAX_MINUTES:
            raise Said("room.limits.error.minutes", most=MAX_MINUTES)
        if loss is not None and loss < 1:
            raise Said("room.limits.error.loss")
        if unit not in UNITS:
            raise Said("room.limits.error.unit", units=", ".join(UNITS))
        sit_out = msg.get("time_sit_out")  # by default the time limit sits them out
        data = {"member": member, "minutes": minutes, "loss": loss, "unit": unit,
                "time_sit_out": True if sit_out is None else bool(sit_out)}
        if (own.minutes, own.loss, own.loss_unit, own.time_sit_out) == (minutes, loss, unit, data["time_sit_out"]):
            return []  # the limits they have already
        return [("limits", data)]
    # limit_continue: the player's own choice, after the cool-off
    if own.stop is None:
        raise Said("room.limits.error.not_stopped")
    wait = cool_off_left(own, now=now, cool_off=cool_off)
    if wait > 0:
        raise Said("room.limits.error.cool_off", seconds=wait)
    return [("limit_continue", {"member": member, "net": net(state, key_of(state, member)), "since": own.stop.at})]


# ------------------------------------------------------------- reading
def private(
    state: TableState, member: int, record: Any, *, lang: str, now: float, cool_off: float,  # noqa: ANN401
) -> dict[str, Any]:
    """``member``'s own settings, session, stop and coach lines, for their state only."""
    from pokerdealer.learn.coach import coach_lines

    key = key_of(state, member)
    own = own_of(state, member)
    stop = own.stop
    out: dict[str, Any] = {
        "limits": {
            "minutes": own.minutes, "loss": own.loss, "unit": own.loss_unit,
            "time_sit_out": own.time_sit_out, "stopped": None if stop is None else stop.why,
            "stop": None if stop is None else {
                "why": stop.why, "net": stop.net, "minutes": stop.seconds // 60, "table": stop.table,
                "wait": cool_off_left(own, now=now, cool_off=cool_off),
                "again": own.goes_on_today(), "break": int(own.cool_off(cool_off)),
            },
            "left": own.buy_in_left(buy_in=state.table.settings.max_buy_in),
            "time_up": own.time_reached(now),
            "session": None if own.started_at is None else {
                "seconds": int(now - own.started_at), "net": net(state, key), "invested": own.invested,
            },
        },
        "coach": {"on": bool(own.coach), "lines": []},
    }
    if own.coach and record is not None:
        # The hand in play only: the last hand's showdown is said by private._showdown_coach.
        name = state.name_of(member)
        if name in record.players:
            i = record.players.index(name)
            out["coach"]["lines"] = coach_said(state, record.hand, coach_lines(record.hand, i), lang=lang)
    return out


def coach_said(state: TableState, hand: Any, lines: Iterable[Any], *, lang: str) -> list[dict[str, Any]]:  # noqa: ANN401
    """The coach's ``lines`` about ``hand`` as a reader of ``lang`` reads them: each bot
    the room named said in that language ("CallerBot 2" to a zh-Hans reader is 跟注机器人 2,
    issue 37), anyone else as they sat down; the log keeps the name the bot sat with."""
    from pokerdealer.server.seat_names import bot_kinds, names_said

    names = names_said(hand.config.players, bot_kinds(state.members), lang=lang)
    return [line.renamed(names).to_json(lang) for line in lines]


def coach_on(state: TableState, member: int) -> bool:
    """Whether ``member`` has the coach on."""
    return bool(own_of(state, member).coach)


def asked_to_show(state: TableState, member: int, record: Any) -> bool:  # noqa: ANN401 - a HandRecord
    """Whether ``member`` is asked to show or muck now: it is their turn at the
    showdown, the rules leave them the choice
    (:func:`~pokerdealer.learn.coach.asks_show_or_muck`: never at an all-in
    showdown, never the called river bettor), and they learn with the coach on,
    dealt in and not sitting out. Everyone else's hand is shown or mucked the
    online way (:func:`~pokerdealer.table.online_show_or_muck`)."""
    from pokerdealer.learn.coach import asks_show_or_muck

    if record is None or not own_of(state, member).coach:
        return False
    name = state.name_of(member)
    if name not in record.players:
        return False
    player = _player(state, member)
    if player is None or player.status is SeatStatus.SITTING_OUT:
        return False
    return asks_show_or_muck(record.hand, record.players.index(name))


# ------------------------------------------------------------ snapshots
def _take(state: TableState) -> dict[str, Any]:
    """Every member's own part (and person), JSON-ready; a person's seats repeat the same part."""
    limits = _limits(state)
    out = {}
    for m in state.members:
        own = limits.owns.get(key_of(state, m.id))
        if own is not None:
            out[str(m.id)] = {**asdict(own), "person": limits.persons.get(m.id)}
    # Every member's person, theirs even before a part (a join waiting for the host's approval).
    persons = {str(m): p for m, p in limits.persons.items() if m in state.members}
    return {"own": out, "persons": persons}


def _put(state: TableState, snapshot: Mapping[str, Any]) -> TableState:
    """Put back what :func:`_take` gave; the members of one person share one part
    again. A snapshot from before the stop's details has ``stopped``: its
    cool-off is over. A snapshot from before limits has none."""
    names = {f.name for f in fields(Own)} - {"stop"}
    persons: dict[int, str] = {int(m): p for m, p in snapshot.get("persons", {}).items()}
    owns: dict[str, Own] = {}
    for member_id, values in snapshot.get("own", {}).items():
        member = int(member_id)
        person = values.get("person")
        if person is not None:
            persons[member] = person
        key = person or f"#{member}"
        if key in owns:
            continue
        stop = None
        if values.get("stop"):
            stop = Stop(**values["stop"])
        elif values.get("stopped"):
            stop = Stop(why=values["stopped"], at=0.0, net=0, seconds=0)
        kept = {k: v for k, v in values.items() if k in names}
        kept["went_on"] = tuple(kept.get("went_on", ()))
        owns[key] = Own(**kept, stop=stop)
    return state.with_part("self_limits", Limits(persons, owns))


FEATURE = Feature(
    name="self_limits", part=lambda settings: Limits(),
    events={"coach": _coach, "limits": _set_limits, "person": _person, "limit_stop": _stopped,
            "limit_continue": _went_on, "limits_elsewhere": _elsewhere},
    follows={"sit_down": _sat_down, "seat_approve": _sat_down, "top_up": _topped_up, "leave": _left,
             "hand_end": _hand_ended},
    snapshot=(_take, _put),
    writes=lambda state, events: shared_ops(state, events, table_name=state.settings.name),
)
