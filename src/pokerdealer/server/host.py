"""The host: whoever created a table runs it.

Creating a table makes a **host token** (a secret of its own, separate from
every seat token; the host may also sit down with a seat like anyone). Only
its hash is kept, in the table's first event (``host``). With the token in the
header ``X-Host-Token`` the host may (``POST /api/tables/{id}/host``):

- ``pause`` / ``resume`` -- no new hand is dealt while paused; the hand in
  play is finished first;
- ``settings`` -- change the blinds, ante, action clock, time bank, the
  approval option or whether straddles are allowed from the next hand (checked as a new table's settings);
- ``approve`` / ``refuse`` a seat request -- with ``approve_players`` a join
  is a request (the newcomer gets a token, and a seat once approved: the seat
  they asked for if it is still free); the host's own seat is never asked for:
  a join with the host token (``host_member``) seats at once, then and after
  every bust;
- ``stand_up`` a player -- after the hand if they are in it; their chips are
  cashed out as when they leave (``leave`` with ``"reason": "host"``); not
  while the table is closing (everyone is stood up after the hand then);
- ``close`` -- after the hand in play everyone is stood up (cashed out), the
  table deals no more and leaves the lobby; its history stays readable;
- ``mute`` / ``unmute`` a member's chat, and ``mute_spectators`` /
  ``unmute_spectators`` (:mod:`~pokerdealer.server.chat_mute`).

Every command is an event in the table's log (this feature's events, reduced
live and on a restart), and what outlives a hand (paused, closing, the
settings in force and pending, requests, stand-ups) is this feature's part of
the state (:class:`HostState`) and of its snapshot, so a kill -9 loses none of it.
A command is turned into its events by :func:`command`, which returns them
with what to tell whom (:class:`Outcome`); the table's shell writes and tells.

>>> from pokerdealer.server.reducer import Features, new_state, reduce
>>> state = new_state(TableSettings(), features=Features([FEATURE]))
>>> state = reduce(state, "host_pause", {"paused": True}, 0.0)
>>> host_of(state).paused, HostState.from_json(host_of(state).to_json(), base=TableSettings()).paused
(True, True)
"""

from __future__ import annotations

import hmac
import secrets
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from pokerdealer.i18n import message
from pokerdealer.server import bomb_pot, chat_mute
from pokerdealer.server.reducer import Event, Feature, TableState, hash_token, wait_for_big_blind
from pokerdealer.server.settings import TableSettings, setting_name
from pokerdealer.server.waiting import note
from pokerdealer.table import TableError

__all__ = [
    "COMMANDS", "EVENTS", "FEATURE", "HOST_SETTINGS", "HostState", "Outcome", "check_open", "command", "due",
    "free_seat", "host_of", "is_host", "may_deal", "new_token", "own_member_event", "public", "seat_event", "tell",
    "view",
]

EVENTS = (
    "host", "host_pause", "host_settings", "seat_request", "seat_approve", "seat_refuse",
    "host_stand_up", "host_close", "table_closed", "host_member",
)
"""The event kinds of this module (a kind is at most 16 characters, the ``events.kind``
column's width: PostgreSQL refuses a longer one)."""

COMMANDS = (
    "pause", "resume", "settings", "approve", "refuse", "stand_up", "close", *chat_mute.COMMANDS, *bomb_pot.COMMANDS,
)

HOST_SETTINGS = (
    "small_blind", "big_blind", "ante", "ante_type", "clock", "time_bank", "approve_players", "straddle",
    "run_it_twice", "rabbit_hunt", "bomb_pot_every", "bomb_pot_ante", "seven_deuce",
)
"""The table settings a host may change during the game."""

AT_ONCE = ("approve_players",)
"""The settings that come into force at once, during a hand too (the others after it)."""


# ---------------------------------------------------------------- the words
# Said by catalog key (``room.host.<which>``), in each reader's language.
def _params(which: str, params: dict[str, Any]) -> dict[str, Any]:
    # The settings a host may change, each by its name in the reader's language (小盲注, not small_blind).
    settings = [setting_name(name) for name in HOST_SETTINGS]
    lists = {"unknown": {"commands": ", ".join(COMMANDS)}, "bad_setting": {"settings": settings},
             "no_change": {"settings": settings}}
    return {**lists.get(which, {}), **params}


def text(which: str, **params: Any) -> str:
    """This module's message ``which`` in English (the catalog key ``room.host.<which>``).

    >>> text("stood_up", name="Ann", chips=120)
    'The host has asked Ann to leave the seat: 120 chips leave the table with them.'
    """
    return message("en", f"room.host.{which}", **_params(which, params))


def refusal(which: str, **params: Any) -> TableError:
    """A refused host command, said in the reader's language (key ``room.host.<which>``)."""
    return TableError.said(f"room.host.{which}", **_params(which, params))


def tell(conns: Any, which: str, **params: Any) -> None:  # noqa: ANN401
    """A notice ``room.host.<which>`` to each of ``conns``, in each reader's language."""
    for conn in list(conns):
        conn.tell("notice", f"room.host.{which}", **params)


# ---------------------------------------------------------------- the state
@dataclass(frozen=True)
class HostState:
    """What the host has decided; all of it outlives a hand (and is snapshotted)."""

    base: TableSettings
    """The settings the table was created with (the host's changes are over them)."""
    token_hash: str | None = None
    paused: bool = False
    closing: bool = False
    closed: bool = False
    changes: Mapping[str, Any] = field(default_factory=dict)
    """Settings the host changed that are in force (over ``base``)."""
    pending: Mapping[str, Any] = field(default_factory=dict)
    """Settings the host changed during a hand, in force from the next one."""
    requests: Mapping[int, int] = field(default_factory=dict)
    """Member -> the buy-in they asked to sit down with."""
    wanted: Mapping[int, int] = field(default_factory=dict)
    """Member -> the seat they asked for (a request made by tapping an empty seat)."""
    own: frozenset[int] = frozenset()
    """The host's own members (joined with the host token): never asked for a seat."""
    refused: frozenset[int] = frozenset()
    stand_up: frozenset[int] = frozenset()
    """Members to stand up once the hand they are in is over."""

    def to_json(self) -> dict[str, Any]:
        d: dict[str, Any] = {k: getattr(self, k) for k in ("token_hash", "paused", "closing", "closed")}
        d["changes"], d["pending"] = dict(self.changes), dict(self.pending)
        d["requests"] = {str(k): v for k, v in self.requests.items()}
        d["refused"] = sorted(self.refused)
        d["stand_up"] = sorted(self.stand_up)
        d["wanted"] = {str(k): v for k, v in self.wanted.items()}
        d["own"] = sorted(self.own)
        return d

    @classmethod
    def from_json(cls, data: Mapping[str, Any] | None, *, base: TableSettings) -> HostState:
        if not data:  # a snapshot from before hosts
            return cls(base=base)
        return cls(
            base=base, token_hash=data["token_hash"], paused=bool(data["paused"]),
            closing=bool(data["closing"]), closed=bool(data["closed"]),
            changes=dict(data["changes"]), pending=dict(data["pending"]),
            requests={int(k): int(v) for k, v in data["requests"].items()},
            refused=frozenset(int(m) for m in data["refused"]), stand_up=frozenset(int(m) for m in data["stand_up"]),
            # a snapshot from before seats were asked for by number and hosts sat as themselves
            wanted={int(k): int(v) for k, v in data.get("wanted", {}).items()},
            own=frozenset(int(m) for m in data.get("own", ())),
        )


def host_of(state: TableState) -> HostState:
    """The host's decisions at this table."""
    return state.parts["host"]  # type: ignore[no-any-return]


def _with(state: TableState, host: HostState) -> TableState:
    return state.with_part("host", host)


def new_token() -> tuple[str, Event]:
    """A host token and the ``host`` event that keeps its hash."""
    token = secrets.token_urlsafe(24)
    return token, ("host", {"token_hash": hash_token(token)})


def is_host(state: TableState, token: str | None) -> bool:
    """Whether ``token`` is this table's host token (compared in constant time)."""
    stored = host_of(state).token_hash
    return bool(token and stored and hmac.compare_digest(hash_token(token), stored))


def _in_force(state: TableState, host: HostState) -> TableState:
    """Play by ``base`` + the host's changes (the cash table's blinds, ante and buy-ins follow)."""
    state = _with(state, host)
    return state.with_settings(TableSettings.from_dict({**host.base.to_dict(), **host.changes}))


# ---------------------------------------------------------------- the events
def _host(state: TableState, data: dict[str, Any], at: float) -> TableState:
    return _with(state, replace(host_of(state), token_hash=data["token_hash"]))


def _pause(state: TableState, data: dict[str, Any], at: float) -> TableState:
    return _with(state, replace(host_of(state), paused=bool(data["paused"])))


def _settings(state: TableState, data: dict[str, Any], at: float) -> TableState:
    h = host_of(state)
    changes = data["changes"]
    if state.table.current is None:
        return _in_force(state, replace(h, changes={**h.changes, **changes}))
    # Who may sit down is no part of the hand in play: it holds from the click (someone
    # joining later in that hand asks the host); the rest waits for the hand's end.
    now = {k: v for k, v in changes.items() if k in AT_ONCE}
    later = {k: v for k, v in changes.items() if k not in AT_ONCE}
    if later:
        h = replace(h, pending={**h.pending, **later})
    return _in_force(state, replace(h, changes={**h.changes, **now})) if now else _with(state, h)


def _request(state: TableState, data: dict[str, Any], at: float) -> TableState:
    h = host_of(state)
    member = data["member"]
    wanted = {m: s for m, s in h.wanted.items() if m != member}
    if data.get("seat") is not None:
        wanted[member] = data["seat"]
    return _with(state, replace(h, requests={**h.requests, member: data["buy_in"]}, wanted=wanted,
                                refused=h.refused - {member}))


def _answered(h: HostState, member: int, **changes: Any) -> HostState:  # noqa: ANN401
    """``h`` without ``member``'s request (approved or refused)."""
    return replace(h, requests={m: b for m, b in h.requests.items() if m != member},
                   wanted={m: s for m, s in h.wanted.items() if m != member}, **changes)


def _approve(state: TableState, data: dict[str, Any], at: float) -> TableState:
    member = data["member"]
    name = state.name_of(member)
    state.table.sit_down(name, data["buy_in"], seat=data["seat"], now=at, wait_for_big_blind=data["wait_bb"])
    return _with(state, _answered(host_of(state), member))


def _refuse(state: TableState, data: dict[str, Any], at: float) -> TableState:
    h = host_of(state)
    member = data["member"]
    return _with(state, _answered(h, member, refused=h.refused | {member}))


def _host_member(state: TableState, data: dict[str, Any], at: float) -> TableState:
    h = host_of(state)
    return _with(state, replace(h, own=h.own | {data["member"]}))


def _stand_up(state: TableState, data: dict[str, Any], at: float) -> TableState:
    h = host_of(state)
    return _with(state, replace(h, stand_up=h.stand_up | {data["member"]}))


def _close(state: TableState, data: dict[str, Any], at: float) -> TableState:
    return _with(state, replace(host_of(state), closing=True))


def _closed(state: TableState, data: dict[str, Any], at: float) -> TableState:
    return _with(state, replace(host_of(state), closing=False, closed=True, requests={}))


def _left(state: TableState, data: dict[str, Any], at: float) -> TableState:
    """A member stood up (whatever the reason): no stand-up is pending for them."""
    h = host_of(state)
    if data["member"] not in h.stand_up:
        return state
    return _with(state, replace(h, stand_up=h.stand_up - {data["member"]}))


def _after_hand(state: TableState, data: dict[str, Any], at: float) -> TableState:
    """A hand is over: the settings changed during it come into force; a stand-up of a
    player the hand busted lapses (nothing to cash out)."""
    h = host_of(state)
    if h.stand_up:
        seated = {m for m in h.stand_up if m in state.members and state.seat_of(m) is not None}
        if seated != h.stand_up:
            h = replace(h, stand_up=frozenset(seated))
            state = _with(state, h)
    if not h.pending:
        return state
    return _in_force(state, replace(h, changes={**h.changes, **h.pending}, pending={}))


# ------------------------------------------------------------ the table's side
def may_deal(state: TableState) -> bool:
    """No new hand while the host has paused or closed the table."""
    h = host_of(state)
    return not (h.paused or h.closing or h.closed)


def why_not_dealing(state: TableState) -> dict[str, Any] | None:
    """The host's reason no hand is dealt (a note in words), or None."""
    h = host_of(state)
    if h.closed or h.closing:
        return note("room.wait.host_closed" if h.closed else "room.wait.host_closing")
    if h.paused:
        return note("room.wait.host_paused")
    return None


def check_open(state: TableState, *, closing: str = "closing") -> None:
    """Refuse a change to a closed table, or to one closing after this hand
    (said by ``room.host.<closing>``: a command may say why it in particular is refused)."""
    h = host_of(state)
    if h.closed:
        raise refusal("closed")
    if h.closing:
        raise refusal(closing)


def free_seat(state: TableState, wanted: int | None) -> int:
    """The seat a player sits in: the one they tapped (``wanted``) if it is free,
    the first free one if they named none. Refused in words: a full table, a seat
    the table has not, a seat taken.

    >>> from pokerdealer.server.reducer import Features, new_state, reduce
    >>> state = new_state(TableSettings(seats=3), features=Features([FEATURE]))
    >>> free_seat(state, None), free_seat(state, 3)
    (1, 3)
    >>> free_seat(state, 4)
    Traceback (most recent call last):
    ...
    pokerdealer.table.settings.TableError: there is no seat 4 at this table: its seats are 1 to 3
    """
    free = state.table.free_seats
    if not free:
        raise TableError.said("room.error.table_full")
    if wanted is None:
        return free[0]
    seats = state.settings.seats
    if not 1 <= wanted <= seats:
        raise TableError.said("room.error.no_such_seat", seat=wanted, seats=seats)
    if wanted not in free:
        raise TableError.said("room.error.seat_taken", seat=wanted, free=", ".join(map(str, free)))
    return wanted


def seat_event(
    state: TableState, member: int, *, buy_in: int, seat: int | None = None, hosts: bool = False,
) -> Event:
    """Taking a seat (``seat``: the one asked for, or any): a ``sit_down``, or with
    ``approve_players`` a request -- but never for the host's own member (``hosts``:
    one joining with the host token now)."""
    check_open(state)
    chosen = free_seat(state, seat)
    if state.settings.approve_players and not hosts and member not in host_of(state).own:
        low, high = state.table.buy_in_range(state.name_of(member))
        if not low <= buy_in <= high:
            raise TableError.said("room.error.buy_in_range", low=low, high=high)
        return "seat_request", {"member": member, "buy_in": buy_in, "seat": seat}
    return "sit_down", {"member": member, "seat": chosen, "buy_in": buy_in, "wait_bb": wait_for_big_blind(state)}


def own_member_event(member: int) -> Event:
    """The member who joined with the host token is the host's own (never asked for a seat)."""
    return "host_member", {"member": member}


def _chips(state: TableState, member: int) -> int:
    return state.table.player(state.name_of(member)).stack


def due(state: TableState) -> tuple[list[Event], list[dict[str, Any]]]:
    """Between hands: the ``leave`` events of players the host stood up, and
    when closing, everyone's and ``table_closed``; with notices for the table."""
    h = host_of(state)
    events: list[Event] = []
    notices: list[dict[str, Any]] = []
    for member_id in sorted(h.stand_up):
        if member_id not in state.members or state.seat_of(member_id) is None:
            continue
        chips = _chips(state, member_id)
        events.append(("leave", {"member": member_id, "reason": "host", "chips": chips}))
        notices.append({"name": state.name_of(member_id), "chips": chips})
    if h.closing:
        gone = {e[1]["member"] for e in events}
        for m in state.members:
            if m.id not in gone and state.seat_of(m.id) is not None:
                events.append(("leave", {"member": m.id, "reason": "closed", "chips": _chips(state, m.id)}))
        events.append(("table_closed", {}))
    return events, notices


def public(state: TableState) -> dict[str, Any]:
    """What every reader sees of the host's decisions."""
    h = host_of(state)
    members = state.members
    return {
        "paused": h.paused,
        "closing": h.closing,
        "closed": h.closed,
        "requests": [{"member": m, "name": members[m].name} for m in h.requests if m in members],
        "refused": sorted(h.refused),
        "pending": dict(h.pending),
        "spectators_muted": chat_mute.mutes_of(state).spectators,
    }


def view(state: TableState) -> dict[str, Any]:
    """What the host sees (``GET /api/tables/{id}/host``)."""
    h = host_of(state)
    muted = chat_mute.mutes_of(state).members
    players = []
    for p in state.table.players:
        m = state.members.named(p.name)
        players.append({"member": m.id if m else None, "name": p.name, "seat": p.seat, "stack": p.stack,
                        "status": p.status.value, "bot": bool(m and m.bot),
                        "stand_up": bool(m and m.id in h.stand_up),
                        "muted": bool(m and m.id in muted)})
    current = state.table.current
    return {
        **public(state),
        "requests": [{"member": m, "name": state.members[m].name, "buy_in": b}
                     for m, b in h.requests.items() if m in state.members],
        "settings": {k: getattr(state.settings, k) for k in HOST_SETTINGS},
        **bomb_pot.public(state),  # the host's "bomb pot next hand", pressed until that hand is dealt
        "players": players,
        "hand": current.number if current is not None else None,
    }


# ------------------------------------------------------------- the commands
@dataclass
class Outcome:
    """A host command's events, and what to tell whom once they are written."""

    events: list[Event] = field(default_factory=list)
    told: list[tuple[int, str, dict[str, Any]]] = field(default_factory=list)
    """(member, which, params): a notice to that member's readers."""
    stood_up: list[dict[str, Any]] = field(default_factory=list)
    """The params of a ``stood_up`` notice to every reader."""
    spectators: str | None = None
    """A notice to every reader without a seat (a mute of them all)."""


def _member(state: TableState, data: dict[str, Any]) -> int:
    member_id = data.get("member")
    if not isinstance(member_id, int) or member_id not in state.members:
        raise refusal("no_member", member=member_id)
    return member_id


def _settings_event(state: TableState, changes: Any) -> Event:  # noqa: ANN401
    if not isinstance(changes, dict) or not changes:
        raise refusal("no_change")
    for key in changes:
        if key not in HOST_SETTINGS:
            raise refusal("bad_setting", key=key)
    # Checked as a new table's would be, against what will be in force.
    merged = {**state.settings.to_dict(), **host_of(state).pending, **changes}
    checked = TableSettings.from_dict(merged)
    clean = {k: getattr(checked, k) for k in changes}
    return "host_settings", {"changes": clean}


def command(state: TableState, data: dict[str, Any]) -> Outcome:
    """The events of one host command (the caller checked the token), and whom to
    tell what; nothing to do when it is as it already was (an empty :class:`Outcome`).
    Raises :class:`TableError` with a message for the host."""
    h = host_of(state)
    if h.token_hash is None:
        raise refusal("no_host")
    name = data.get("command")
    if name in ("pause", "resume"):
        check_open(state)  # closing: the table ends after this hand, whatever a pause would say
        return Outcome([("host_pause", {"paused": name == "pause"})])
    if name == "settings":
        check_open(state)
        return Outcome([_settings_event(state, data.get("settings"))])
    if name == "approve":
        check_open(state)
        m = _member(state, data)
        if m not in h.requests:
            raise refusal("no_request", member=m)
        free = state.table.free_seats
        if not free:
            raise refusal("full")
        seat = h.wanted[m] if h.wanted.get(m) in free else free[0]  # the seat they tapped, if still free
        event = ("seat_approve", {"member": m, "seat": seat, "buy_in": h.requests[m],
                                  "wait_bb": wait_for_big_blind(state)})
        return Outcome([event], told=[(m, "approved", {"seat": seat})])
    if name == "refuse":
        m = _member(state, data)
        if m not in h.requests:
            raise refusal("no_request", member=m)
        return Outcome([("seat_refuse", {"member": m})], told=[(m, "refused", {})])
    if name == "stand_up":
        check_open(state, closing="closing_stand_up")  # everyone is stood up after this hand anyway
        m = _member(state, data)
        seat = state.seat_of(m)
        if seat is None:
            raise refusal("not_seated", member=m)
        record = state.table.current
        if record is not None and seat in record.seats:  # in the hand: after it
            return Outcome([("host_stand_up", {"member": m})])
        chips = _chips(state, m)
        return Outcome([("leave", {"member": m, "reason": "host", "chips": chips})],
                       stood_up=[{"name": state.name_of(m), "chips": chips}])
    if name == "close":
        check_open(state)
        return Outcome([("host_close", {})])
    if name in bomb_pot.COMMANDS:  # the host's "bomb pot next hand" (server/bomb_pot.py)
        check_open(state)
        return Outcome([bomb_pot.command(state, data)])
    if name in chat_mute.COMMANDS:
        m = _member(state, data) if name in ("mute", "unmute") else None
        muted = chat_mute.command(state, name, m)
        if muted is None:
            return Outcome()
        event, which = muted
        if m is not None:
            return Outcome([event], told=[(m, which, {})])
        return Outcome([event], spectators=which)
    raise refusal("unknown", command=name)


FEATURE = Feature(
    name="host", part=lambda settings: HostState(base=settings),
    events={
        "host": _host, "host_pause": _pause, "host_settings": _settings, "seat_request": _request,
        "seat_approve": _approve, "seat_refuse": _refuse, "host_stand_up": _stand_up, "host_close": _close,
        "table_closed": _closed, "host_member": _host_member,
    },
    follows={"leave": _left, "hand_end": _after_hand},
    snapshot=(
        lambda state: {"host": host_of(state).to_json()},
        lambda state, data: _in_force(state, HostState.from_json(data.get("host"), base=host_of(state).base)),
    ),
    public=lambda state: {"host": public(state)},
    deal_veto=why_not_dealing,
)
"""The host's tools."""
