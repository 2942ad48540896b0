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
leaving and buying in again do not end it. Its net is what they took away
(``leave`` cash-outs) plus the stacks in front of them, less what they bought
in (``sit_down``, ``seat_approve``, ``top_up``): chips are the table's own, so
a net, and a loss limit in chips, are per table.

**The stop.** After each hand (:func:`due`), a person whose loss reached their
loss limit -- a bust too: their stack is then 0 -- or whose time is up (when
they asked to be sat out for it) is stopped: a ``limit_stop`` event saying why,
the net and how long they played, with a ``sit_out`` for each seat still
dealt in. While stopped they may not sit in, buy in again, top up, or take a
new seat (:func:`check_buy_in`). The stop is the person's, not the seat's: it
is also written to the database's ``persons`` row in the same transaction
(:func:`shared_ops`), and a table reads that row whenever the person asks for
a seat there or plays a hand there (:func:`read_stops`), so a stop at one
table holds at every table of that browser (a ``limit_stop`` with ``from``
there), and going on at one lifts it at the others (a ``limit_continue`` with
``elsewhere``).

**Going on** is the player's explicit choice (``limit_continue``), possible
only after a cool-off of ``ServerOptions.limit_cool_off`` seconds from the
stop -- five minutes by default: the urge the seed warns of, to win it back at
once (不追逐損失), is strongest right after the loss, and a few minutes away
from the table is the smallest break that lets it pass, while still short
enough not to punish a player who has thought it over (a lock they would
dodge by clearing their browser helps nobody). The limits then count afresh
from that moment (the time from then, the loss from the net then).

Every one of these steps is an event in the table's log (``coach``,
``limits``, ``person``, ``limit_stop``, ``limit_continue``, and the
``sit_out``), and the members' part is in each snapshot (:func:`take`,
:func:`restore`), so a restart -- kill -9 included -- finds it as it was.

>>> own = Own()
>>> own.session_start(buy_in=200, at=100.0)
>>> own.invested, own.started_at
(200, 100.0)
>>> own.loss, own.loss_unit = 80, "chips"
>>> own.loss_reached(net=-79, buy_in=200), own.loss_reached(net=-80, buy_in=200)
(False, True)
"""

from __future__ import annotations

import asyncio
import hashlib
import math
import time
from collections.abc import Iterable
from dataclasses import asdict, dataclass, fields
from typing import TYPE_CHECKING, Any

from pokerdealer.server import db
from pokerdealer.server.words import Said
from pokerdealer.table import SeatStatus

if TYPE_CHECKING:
    from pokerdealer.server.live import LiveTable, Member

__all__ = [
    "EVENTS", "SESSION_BREAK", "Own", "Stop", "check_buy_in", "due", "events_for", "follow", "joining",
    "observe", "person_of", "private", "read_stops", "reconcile", "restore", "shared_ops", "stopped", "take",
]

Event = tuple[str, dict[str, Any]]

#: The events this module applies (live.apply_event hands them over).
EVENTS = ("coach", "limits", "person", "limit_stop", "limit_continue")
#: The loss limit's units: chips, or buy-ins of the table's largest buy-in.
UNITS = ("chips", "buy_ins")
#: The longest time limit, in minutes (a day).
MAX_MINUTES = 24 * 60
#: A person with no seat at a table for this long starts a new session there
#: with their next seat (an hour: as long as a cash table remembers what a
#: player left with, WSOP-LA 58).
SESSION_BREAK = 3600.0


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


@dataclass
class Own:
    """One person's own settings and session at a table (every seat of theirs shares it)."""

    coach: bool | None = None
    """``None`` until the seat is taken: then on at a table with bots, else off."""
    minutes: int | None = None
    loss: int | None = None
    loss_unit: str = "chips"
    time_sit_out: bool = False
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

    def session_start(self, *, buy_in: int, at: float) -> None:
        self.started_at = self.time_from = at
        self.invested, self.taken, self.loss_from = buy_in, 0, 0

    def loss_chips(self, *, buy_in: int) -> int | None:
        """The loss limit in chips (``None``: no loss limit)."""
        if self.loss is None:
            return None
        return self.loss * buy_in if self.loss_unit == "buy_ins" else self.loss

    def loss_reached(self, *, net: int, buy_in: int) -> bool:
        limit = self.loss_chips(buy_in=buy_in)
        return limit is not None and self.loss_from - net >= limit

    def time_reached(self, now: float) -> bool:
        start = self.time_from if self.time_from is not None else self.started_at
        return self.minutes is not None and start is not None and now - start >= self.minutes * 60


# ------------------------------------------------------------ who is whose
def own_of(lt: LiveTable, member: Member) -> Own:
    """``member``'s :class:`Own`: the one their person already has here, else a new one."""
    if member.own is None:
        person = getattr(member, "person", None)
        shared = None
        if person is not None:
            shared = next((m.own for m in lt.members.values() if m.person == person and m.own is not None), None)
        member.own = shared if shared is not None else Own()
    return member.own  # type: ignore[no-any-return]


def _seats_of(lt: LiveTable, own: Own) -> list[Member]:
    """The members holding ``own`` (one person's seats and former seats here)."""
    return [m for m in lt.members.values() if m.own is own]


def _people(lt: LiveTable) -> list[tuple[Own, list[Member]]]:
    """Each person at the table (bots have no limits) with their members."""
    groups: dict[int, tuple[Own, list[Member]]] = {}
    for m in lt.members.values():
        if m.bot is None and m.own is not None:
            groups.setdefault(id(m.own), (m.own, []))[1].append(m)
    return list(groups.values())


def _player(lt: LiveTable, member: Member) -> Any:  # noqa: ANN401 - a table Player or None
    for p in lt.table.players:
        if p.name == member.name:
            return p
    return None


def net(lt: LiveTable, own: Own, members: list[Member] | None = None) -> int:
    """The session's net: taken away, plus the stacks in front of the person (whose
    ``members`` these are, if known), less bought in."""
    seats = _seats_of(lt, own) if members is None else members
    stack_of = lt.table.stack_of  # asked for every reader's state: no copy of every stack
    return own.taken + sum(stack_of(m.name) for m in seats) - own.invested


def _seated(lt: LiveTable, own: Own) -> bool:
    stacks = lt.table.stacks
    return any(m.name in stacks for m in _seats_of(lt, own))


# ------------------------------------------------------------ the events
def follow(lt: LiveTable, kind: str, data: dict[str, Any], at: float) -> None:
    """Follow an event the table has applied: a seat taken starts or goes on
    with the session, a top-up adds to what was bought in, a departure adds
    what was taken away, and the end of a hand notes who busted."""
    if kind in ("sit_down", "seat_approve"):
        member = lt.members[data["member"]]
        own = own_of(lt, member)
        if own.coach is None:
            bots = {m.name for m in lt.members.values() if m.bot}
            own.coach = any(p.name in bots for p in lt.table.players)
        new = own.started_at is None or (
            own.stop is None and own.away_since is not None and at - own.away_since >= SESSION_BREAK
        )
        if new:
            own.session_start(buy_in=data["buy_in"], at=at)
        else:  # back within the break (a rebuy after a bust too): the same session
            own.invested += data["buy_in"]
        own.away_since = None
    elif kind == "top_up":
        own_of(lt, lt.members[data["member"]]).invested += data["amount"]
    elif kind == "leave":
        own = own_of(lt, lt.members[data["member"]])
        own.taken += data.get("chips") or 0  # a leave logged before cash-outs were written: none
        if not _seated(lt, own):
            own.away_since = at
    elif kind == "hand_end":
        seated = lt.table.stacks  # once a hand: a tournament's replay goes through many
        for own, members in _people(lt):
            if own.started_at is not None and own.away_since is None and not any(m.name in seated for m in members):
                own.away_since = at  # busted


def observe(lt: LiveTable, kind: str, data: dict[str, Any], at: float) -> bool:
    """Apply one of this module's events (``True``), else leave it to the table (``False``)."""
    if kind not in EVENTS:
        return False
    member = lt.members[data["member"]]
    if kind == "person":
        member.person = data["person"]
        member.own = None  # their person's, if they already have one here
    own = own_of(lt, member)
    if kind == "coach":
        own.coach = bool(data["on"])
    elif kind == "limits":
        own.minutes, own.loss = data.get("minutes"), data.get("loss")
        own.loss_unit = data.get("unit") or "chips"
        own.time_sit_out = bool(data.get("time_sit_out"))
    elif kind == "limit_stop":
        carried = data.get("from")
        own.stop = Stop(
            why=data["why"], at=carried["at"] if carried else at, net=data.get("net", 0),
            seconds=data.get("seconds", 0), table=carried["table"] if carried else None,
        )
    elif kind == "limit_continue":  # a fresh limit from here
        own.stop = None
        own.time_from = at
        own.loss_from = data["net"]
    return True


def _stop_events(lt: LiveTable, own: Own, why: str, data: dict[str, Any]) -> list[Event]:
    """The person's seats still dealt in are sat out, and the ``limit_stop``."""
    members = _seats_of(lt, own)
    out: list[Event] = []
    for m in members:
        p = _player(lt, m)
        if p is not None and p.status is not SeatStatus.SITTING_OUT:
            out.append(("sit_out", {"member": m.id}))
    named = next((m for m in reversed(members) if _player(lt, m) is not None), members[-1])
    out.append(("limit_stop", {"member": named.id, "why": why, **data}))
    return out


def reconcile(lt: LiveTable, owns: Iterable[Own], stops: dict[str, dict[str, Any]]) -> list[Event]:
    """What the ``persons`` rows (``stops``, read by :func:`read_stops`) change for
    these people here: a newer stop at another table holds here too, and a stop
    another table saw them go on after is lifted here."""
    out: list[Event] = []
    for own in owns:
        members = _seats_of(lt, own)
        person = members[0].person if members else None
        if person is None:
            continue
        row = stops.get(person)
        if row is not None and (own.stop is None or row["at"] > own.stop.at):
            carried = {"at": row["at"], "table": row.get("table")}
            out += _stop_events(lt, own, row["why"], {"net": row["net"], "seconds": row["seconds"], "from": carried})
        elif row is None and own.stop is not None:
            out.append(("limit_continue", {"member": members[-1].id, "net": net(lt, own), "elsewhere": True}))
    return out


def due(lt: LiveTable, at: float, stops: dict[str, dict[str, Any]] | None = None) -> list[Event]:
    """After a hand: the people whom a limit stops now -- a loss reached (a bust
    too), or the time up for one who asked to be sat out for it -- and those a
    stop at another table reaches (``stops``: :func:`read_stops`)."""
    buy_in = lt.table.settings.max_buy_in
    out: list[Event] = []
    elsewhere = []
    for own, members in _people(lt):
        if own.started_at is None:
            continue
        if own.stop is not None:
            elsewhere.append(own)
            continue
        result = net(lt, own, members)
        why = None
        if own.loss_reached(net=result, buy_in=buy_in):
            why = "loss"
        elif own.time_sit_out and own.time_reached(at) and _seated(lt, own):
            why = "time"
        if why is None:
            elsewhere.append(own)
            continue
        out += _stop_events(lt, own, why, {"net": result, "seconds": int(at - own.started_at)})
    if stops:  # a lifted stop waits for the player's next move here (nothing is dealt to them meanwhile)
        out += [e for e in reconcile(lt, elsewhere, stops) if e[0] != "limit_continue"]
    return out


def shared_ops(lt: LiveTable, events: Iterable[Event]) -> list[db.Op]:
    """The ``persons`` rows to write with these (applied) events: a stop at this
    table, or going on after one. A stop carried from another table, or lifted
    because of one, is that table's to write."""
    ops: list[db.Op] = []
    for kind, data in events:
        if kind not in ("limit_stop", "limit_continue") or "from" in data or data.get("elsewhere"):
            continue
        member = lt.members[data["member"]]
        if member.person is None:
            continue
        if kind == "limit_continue":
            ops.append(db.op_person_go_on(member.person, data["since"]))
            continue
        own = own_of(lt, member)
        assert own.stop is not None
        stop = {"why": own.stop.why, "at": own.stop.at, "net": own.stop.net, "seconds": own.stop.seconds,
                "table": lt.settings.name}
        ops.append(db.op_person_stop(member.person, stop, own.stop.at))
    return ops


async def read_stops(lt: LiveTable, persons: Iterable[str | None] | None = None) -> dict[str, dict[str, Any]]:
    """The stops in force (the ``persons`` rows) of these people (default: those
    of everyone seated here); no read at all when none of them has a browser key."""
    if persons is None:
        seated = {p.name for p in lt.table.players}
        persons = [m.person for m in lt.members.values() if m.name in seated]
    wanted = sorted({p for p in persons if p is not None})
    if not wanted:
        return {}
    store = lt.room.store
    return await asyncio.to_thread(store.read, lambda c: db.person_stops(c, wanted))


def joining(lt: LiveTable, member_id: int, person: str | None, stops: dict[str, dict[str, Any]]) -> list[Event]:
    """The events of a join before its seat: the ``person`` binding, and the stop
    the person is under (theirs here already, or carried from another table). A
    join whose events end in a ``limit_stop``, or whose person is stopped here,
    gets no seat (:func:`stopped_joining`)."""
    if person is None:
        return []
    events: list[Event] = [("person", {"member": member_id, "person": person})]
    own = next((m.own for m in lt.members.values() if m.person == person and m.own is not None), None)
    row = stops.get(person)
    if row is not None and (own is None or own.stop is None or row["at"] > own.stop.at):
        carried = {"at": row["at"], "table": row.get("table")}
        events.append(("limit_stop", {"member": member_id, "why": row["why"], "net": row["net"],
                                      "seconds": row["seconds"], "from": carried}))
    elif row is None and own is not None and own.stop is not None:
        events.append(("limit_continue", {"member": member_id, "net": net(lt, own), "elsewhere": True}))
    return events


def stopped_joining(lt: LiveTable, person: str | None, events: list[Event]) -> bool:
    """Whether a join with these :func:`joining` events is by a person stopped now."""
    if person is None:
        return False
    last = events[-1][0] if events else None
    if last == "limit_stop":
        return True
    if last == "limit_continue":
        return False
    own = next((m.own for m in lt.members.values() if m.person == person and m.own is not None), None)
    return own is not None and own.stop is not None


# ---------------------------------------------------------- the commands
def stopped(member: Member) -> bool:
    """Whether ``member``'s person is stopped by a limit and has not chosen to go on."""
    return member.own is not None and member.own.stop is not None


def check_buy_in(member: Member) -> None:
    """A buy-in, a top-up or a new seat is refused while stopped (no chasing losses)."""
    if stopped(member):
        raise Said("room.limits.error.stopped")


def cool_off_left(own: Own, *, now: float, cool_off: float) -> int:
    """Whole seconds until the player may choose to go on (0: now)."""
    if own.stop is None:
        return 0
    return max(0, math.ceil(own.stop.at + cool_off - now))


def events_for(lt: LiveTable, member: Member, msg: dict[str, Any], *, now: float) -> list[Event]:
    """The events a player's message asks for; raises :class:`Said` with a
    catalog key (and its params) when it cannot be done."""
    kind = msg["type"]
    own = own_of(lt, member)
    if kind == "coach":
        if own.coach is not None and own.coach == bool(msg["on"]):
            return []  # what it is already: nothing to log (a toggling script logged thousands)
        return [("coach", {"member": member.id, "on": bool(msg["on"])})]
    if kind == "limits":
        minutes, loss, unit = msg.get("minutes"), msg.get("loss"), msg.get("unit") or "chips"
        if minutes is not None and not 1 <= minutes <= MAX_MINUTES:
            raise Said("room.limits.error.minutes", most=MAX_MINUTES)
        if loss is not None and loss < 1:
            raise Said("room.limits.error.loss")
        if unit not in UNITS:
            raise Said("room.limits.error.unit", units=", ".join(UNITS))
        data = {"member": member.id, "minutes": minutes, "loss": loss, "unit": unit,
                "time_sit_out": bool(msg.get("time_sit_out"))}
        if (own.minutes, own.loss, own.loss_unit, own.time_sit_out) == (minutes, loss, unit, data["time_sit_out"]):
            return []  # the limits they have already
        return [("limits", data)]
    # limit_continue: the player's own choice, after the cool-off
    if own.stop is None:
        raise Said("room.limits.error.not_stopped")
    wait = cool_off_left(own, now=now, cool_off=lt.options.limit_cool_off)
    if wait > 0:
        raise Said("room.limits.error.cool_off", seconds=wait)
    return [("limit_continue", {"member": member.id, "net": net(lt, own), "since": own.stop.at})]


# ------------------------------------------------------------- reading
def private(lt: LiveTable, member: Member, record: Any, *, lang: str) -> dict[str, Any]:  # noqa: ANN401
    """``member``'s own settings, session, stop and coach lines, for their state only."""
    from pokerdealer.learn.coach import coach_lines

    own = own_of(lt, member)
    now = time.time()
    stop = own.stop
    out: dict[str, Any] = {
        "limits": {
            "minutes": own.minutes, "loss": own.loss, "unit": own.loss_unit,
            "time_sit_out": own.time_sit_out, "stopped": None if stop is None else stop.why,
            "stop": None if stop is None else {
                "why": stop.why, "net": stop.net, "minutes": stop.seconds // 60, "table": stop.table,
                "wait": cool_off_left(own, now=now, cool_off=lt.options.limit_cool_off),
            },
            "time_up": own.time_reached(now),
            "session": None if own.started_at is None else {
                "seconds": int(now - own.started_at), "net": net(lt, own), "invested": own.invested,
            },
        },
        "coach": {"on": bool(own.coach), "lines": []},
    }
    if own.coach:
        # The hand in play only: the last hand's showdown is said by private._showdown_coach.
        hand_record = record
        if hand_record is not None and member.name in hand_record.players:
            i = hand_record.players.index(member.name)
            out["coach"]["lines"] = [line.to_json(lang) for line in coach_lines(hand_record.hand, i)]
    return out


# ------------------------------------------------------------ snapshots
def take(lt: LiveTable) -> dict[str, Any]:
    """Every member's own part (and person), JSON-ready, for the snapshot; a
    person's seats repeat the same part."""
    return {
        str(m.id): {**asdict(m.own), "person": m.person}
        for m in lt.members.values() if m.own is not None
    }


def restore(lt: LiveTable, data: dict[str, Any]) -> None:
    """Put back what :func:`take` gave; the members of one person share one part
    again. A snapshot from before the stop's details has ``stopped``: its
    cool-off is over."""
    names = {f.name for f in fields(Own)} - {"stop"}
    shared: dict[str, Own] = {}
    for member_id, values in data.items():
        m = lt.members[int(member_id)]
        m.person = values.get("person")
        if m.person is not None and m.person in shared:
            m.own = shared[m.person]
            continue
        own = Own(**{k: v for k, v in values.items() if k in names})
        if values.get("stop"):
            own.stop = Stop(**values["stop"])
        elif values.get("stopped"):
            own.stop = Stop(why=values["stopped"], at=0.0, net=0, seconds=0)
        m.own = own
        if m.person is not None:
            shared[m.person] = own
