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
  is a request (the newcomer gets a token, and a seat once approved);
- ``stand_up`` a player -- after the hand if they are in it; their chips are
  cashed out as when they leave (``leave`` with ``"reason": "host"``); not
  while the table is closing (everyone is stood up after the hand then);
- ``close`` -- after the hand in play everyone is stood up (cashed out), the
  table deals no more and leaves the lobby; its history stays readable;
- ``mute`` / ``unmute`` a member's chat, and ``mute_spectators`` /
  ``unmute_spectators`` (everyone without a seat, as one): a muted line is refused
  to its sender alone with ``room.chat.muted`` (``muted_spectators``); the muted are
  told once, as it happens, in their language. Play is never muted.

Every command is an event in the table's log, applied by
:meth:`LiveTable.apply_event <pokerdealer.server.live.LiveTable.apply_event>`
live and on a restart, and what outlives a hand (paused, closing, the
settings in force and pending, requests, stand-ups) is in the table's
snapshot (:func:`HostState.to_json`), so a kill -9 loses none of it.

>>> state = HostState(base=TableSettings())
>>> apply_host(state, "host_pause", {"paused": True}); state.paused
True
>>> HostState.from_json(state.to_json(), base=TableSettings()).paused
True
"""

from __future__ import annotations

import hmac
import secrets
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from pokerdealer.i18n import message
from pokerdealer.server import db
from pokerdealer.server.settings import TableSettings, setting_name
from pokerdealer.table import TableError

if TYPE_CHECKING:
    from pokerdealer.server.live import LiveTable, Member

__all__ = [
    "COMMANDS", "EVENTS", "HOST_SETTINGS", "HostState", "apply_host", "chat_muted", "command", "due", "is_host",
    "may_deal", "mute_key", "new_token", "public", "seat_event", "settings_in_force", "tell",
]

Event = tuple[str, dict[str, Any]]

EVENTS = (
    "host", "host_pause", "host_settings", "seat_request", "seat_approve", "seat_refuse",
    "host_stand_up", "host_close", "table_closed", "host_mute", "mute_spectators",
)
"""The event kinds of this module (``apply_event`` hands them here; a kind is at most 16
characters, the ``events.kind`` column's width: PostgreSQL refuses a longer one)."""

COMMANDS = (
    "pause", "resume", "settings", "approve", "refuse", "stand_up", "close", "mute", "unmute", "mute_spectators",
    "unmute_spectators",
)

HOST_SETTINGS = ("small_blind", "big_blind", "ante", "ante_type", "clock", "time_bank", "approve_players", "straddle")
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
    'Ann is stood up by the host; 120 chips go with them'
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
@dataclass
class HostState:
    """What the host has decided; all of it outlives a hand (and is snapshotted)."""

    base: TableSettings
    """The settings the table was created with (a history rebuild starts from them)."""
    token_hash: str | None = None
    paused: bool = False
    closing: bool = False
    closed: bool = False
    changes: dict[str, Any] = field(default_factory=dict)
    """Settings the host changed that are in force (over ``base``)."""
    pending: dict[str, Any] = field(default_factory=dict)
    """Settings the host changed during a hand, in force from the next one."""
    requests: dict[int, int] = field(default_factory=dict)
    """Member -> the buy-in they asked to sit down with."""
    refused: set[int] = field(default_factory=set)
    stand_up: set[int] = field(default_factory=set)
    """Members to stand up once the hand they are in is over."""
    muted: set[int] = field(default_factory=set)
    """Members whose chat the host muted."""
    spectators_muted: bool = False
    """The host muted the chat of everyone without a seat."""

    def to_json(self) -> dict[str, Any]:
        d = {k: getattr(self, k) for k in ("token_hash", "paused", "closing", "closed", "changes", "pending")}
        d["requests"] = {str(k): v for k, v in self.requests.items()}
        d["refused"] = sorted(self.refused)
        d["stand_up"] = sorted(self.stand_up)
        d["muted"] = sorted(self.muted)
        d["spectators_muted"] = self.spectators_muted
        return d

    @classmethod
    def from_json(cls, data: dict[str, Any] | None, *, base: TableSettings) -> HostState:
        if not data:  # a snapshot from before hosts
            return cls(base=base)
        return cls(
            base=base, token_hash=data["token_hash"], paused=bool(data["paused"]),
            closing=bool(data["closing"]), closed=bool(data["closed"]),
            changes=dict(data["changes"]), pending=dict(data["pending"]),
            requests={int(k): int(v) for k, v in data["requests"].items()},
            refused={int(m) for m in data["refused"]}, stand_up={int(m) for m in data["stand_up"]},
            # A snapshot from before mutes has none.
            muted={int(m) for m in data.get("muted", ())}, spectators_muted=bool(data.get("spectators_muted", False)),
        )


def new_token() -> tuple[str, Event]:
    """A host token and the ``host`` event that keeps its hash."""
    from pokerdealer.server.live import hash_token

    token = secrets.token_urlsafe(24)
    return token, ("host", {"token_hash": hash_token(token)})


def is_host(lt: LiveTable, token: str | None) -> bool:
    """Whether ``token`` is this table's host token (compared in constant time)."""
    from pokerdealer.server.live import hash_token

    stored = lt.host.token_hash
    return bool(token and stored and hmac.compare_digest(hash_token(token), stored))


def settings_in_force(lt: LiveTable) -> None:
    """Make the table play by ``base`` + the host's changes (the cash table's
    blinds, ante and buy-ins follow)."""
    s = TableSettings.from_dict({**lt.host.base.to_dict(), **lt.host.changes})
    lt.settings = s
    lt.table.settings = s.cash_settings()


def _change(lt: LiveTable, changes: dict[str, Any]) -> None:
    lt.host.changes = {**lt.host.changes, **changes}
    settings_in_force(lt)


def apply_host(state: HostState, kind: str, data: dict[str, Any]) -> None:
    """The part of a host event that is the host's own state (no table needed)."""
    if kind == "host":
        state.token_hash = data["token_hash"]
    elif kind == "host_pause":
        state.paused = bool(data["paused"])
    elif kind == "host_close":
        state.closing = True
    elif kind == "table_closed":
        state.closing, state.closed = False, True
        state.requests.clear()
    elif kind == "seat_request":
        state.requests[data["member"]] = data["buy_in"]
        state.refused.discard(data["member"])
    elif kind == "seat_refuse":
        state.requests.pop(data["member"], None)
        state.refused.add(data["member"])
    elif kind == "host_stand_up":
        state.stand_up.add(data["member"])
    elif kind == "host_mute":
        if data["muted"]:
            state.muted.add(data["member"])
        else:
            state.muted.discard(data["member"])
    elif kind == "mute_spectators":
        state.spectators_muted = bool(data["muted"])


def apply(lt: LiveTable, kind: str, data: dict[str, Any], at: float) -> None:
    """Apply one host event to the live table (live, and replaying the log)."""
    if kind == "host_settings":
        if lt.table.current is None:
            _change(lt, data["changes"])
            return
        # Who may sit down is no part of the hand in play: it holds from the click (someone
        # joining later in that hand asks the host); the rest waits for the hand's end.
        now = {k: v for k, v in data["changes"].items() if k in AT_ONCE}
        if now:
            _change(lt, now)
        later = {k: v for k, v in data["changes"].items() if k not in AT_ONCE}
        if later:
            lt.host.pending = {**lt.host.pending, **later}
        return
    if kind == "seat_approve":
        m = lt.members[data["member"]]
        lt.table.sit_down(m.name, data["buy_in"], seat=data["seat"], now=at, wait_for_big_blind=data["wait_bb"])
        lt.host.requests.pop(m.id, None)
        return
    if kind not in EVENTS:
        raise TableError(f"not a host event: {kind!r}")
    apply_host(lt.host, kind, data)


def after_hand(lt: LiveTable) -> None:
    """A hand is over (live, and replaying ``hand_end``): settings changed
    during it come into force; time banks refill."""
    if lt.host.pending:
        pending, lt.host.pending = lt.host.pending, {}
        _change(lt, pending)
    lt.bank.refill(full=lt.settings.time_bank)


def left(lt: LiveTable, member: int) -> None:
    """A member stood up (whatever the reason): no stand-up is pending for them."""
    lt.host.stand_up.discard(member)


# ------------------------------------------------------------ the table's side
def may_deal(lt: LiveTable) -> bool:
    """No new hand while the host has paused or closed the table."""
    h = lt.host
    return not (h.paused or h.closing or h.closed)


def check_open(lt: LiveTable, *, closing: str = "closing") -> None:
    """Refuse a change to a closed table, or to one closing after this hand
    (said by ``room.host.<closing>``: a command may say why it in particular is refused)."""
    if lt.host.closed:
        raise refusal("closed")
    if lt.host.closing:
        raise refusal(closing)


def seat_event(lt: LiveTable, member: Member, *, buy_in: int, seat: int) -> Event:
    """Taking a seat: a ``sit_down``, or with ``approve_players`` a request."""
    check_open(lt)
    if lt.settings.approve_players:
        low, high = lt.table.buy_in_range(member.name)
        if not low <= buy_in <= high:
            raise TableError.said("room.error.buy_in_range", low=low, high=high)
        return "seat_request", {"member": member.id, "buy_in": buy_in}
    return "sit_down", {"member": member.id, "seat": seat, "buy_in": buy_in, "wait_bb": lt._wait_bb()}


def _chips(lt: LiveTable, m: Member) -> int:
    return lt.table.player(m.name).stack


def due(lt: LiveTable) -> tuple[list[Event], list[dict[str, Any]]]:
    """Between hands: the ``leave`` events of players the host stood up, and
    when closing, everyone's and ``table_closed``; with notices for the table."""
    h = lt.host
    events: list[Event] = []
    notices: list[dict[str, Any]] = []
    for member_id in sorted(h.stand_up):
        m = lt.members.get(member_id)
        if m is None or lt.seat_of(m) is None:
            h.stand_up.discard(member_id)  # busted in that hand: nothing to cash out
            continue
        chips = _chips(lt, m)
        events.append(("leave", {"member": m.id, "reason": "host", "chips": chips}))
        notices.append({"name": m.name, "chips": chips})
    if h.closing:
        gone = {e[1]["member"] for e in events}
        for m in lt.members.values():
            if m.id not in gone and lt.seat_of(m) is not None:
                events.append(("leave", {"member": m.id, "reason": "closed", "chips": _chips(lt, m)}))
        events.append(("table_closed", {}))
    return events, notices


def public(lt: LiveTable) -> dict[str, Any]:
    """What every reader sees of the host's decisions."""
    h = lt.host
    return {
        "paused": h.paused,
        "closing": h.closing,
        "closed": h.closed,
        "requests": [{"member": m, "name": lt.members[m].name} for m in h.requests if m in lt.members],
        "refused": sorted(h.refused),
        "pending": dict(h.pending),
        "spectators_muted": h.spectators_muted,
    }


def view(lt: LiveTable) -> dict[str, Any]:
    """What the host sees (``GET /api/tables/{id}/host``)."""
    players = []
    for p in lt.table.players:
        m = lt.by_name.get(p.name)
        players.append({"member": m.id if m else None, "name": p.name, "seat": p.seat, "stack": p.stack,
                        "status": p.status.value, "bot": bool(m and m.bot),
                        "stand_up": bool(m and m.id in lt.host.stand_up),
                        "muted": bool(m and m.id in lt.host.muted)})
    return {
        **public(lt),
        "requests": [{"member": m, "name": lt.members[m].name, "buy_in": b}
                     for m, b in lt.host.requests.items() if m in lt.members],
        "settings": {k: getattr(lt.settings, k) for k in HOST_SETTINGS},
        "players": players,
        "hand": lt.table.current.number if lt.table.current is not None else None,
    }


# ------------------------------------------------------------- the commands
def _member(lt: LiveTable, data: dict[str, Any]) -> Member:
    member_id = data.get("member")
    if not isinstance(member_id, int) or member_id not in lt.members:
        raise refusal("no_member", member=member_id)
    return lt.members[member_id]


def _settings_event(lt: LiveTable, changes: Any) -> Event:  # noqa: ANN401
    if not isinstance(changes, dict) or not changes:
        raise refusal("no_change")
    for key in changes:
        if key not in HOST_SETTINGS:
            raise refusal("bad_setting", key=key)
    # Checked as a new table's would be, against what will be in force.
    merged = {**lt.settings.to_dict(), **lt.host.pending, **changes}
    checked = TableSettings.from_dict(merged)
    clean = {k: getattr(checked, k) for k in changes}
    return "host_settings", {"changes": clean}


async def command(lt: LiveTable, data: dict[str, Any]) -> dict[str, Any]:
    """Carry out one host command (the caller checked the token); returns
    :func:`view`. Raises :class:`TableError` with a message for the host."""
    if lt.host.token_hash is None:
        raise refusal("no_host")
    name = data.get("command")
    told: list[tuple[Member, str, dict[str, Any]]] = []
    notices: list[dict[str, Any]] = []
    extra: list[db.Op] = []
    spectators: str | None = None
    """What every reader without a seat is told (a mute of them all)."""
    if name in ("pause", "resume"):
        check_open(lt)  # closing: the table ends after this hand, whatever a pause would say
        events = [("host_pause", {"paused": name == "pause"})]
    elif name == "settings":
        check_open(lt)
        events = [_settings_event(lt, data.get("settings"))]
    elif name == "approve":
        check_open(lt)
        m = _member(lt, data)
        if m.id not in lt.host.requests:
            raise refusal("no_request", member=m.id)
        free = lt.table.free_seats
        if not free:
            raise refusal("full")
        events = [("seat_approve", {"member": m.id, "seat": free[0], "buy_in": lt.host.requests[m.id],
                                    "wait_bb": lt._wait_bb()})]
        told.append((m, "approved", {"seat": free[0]}))
    elif name == "refuse":
        m = _member(lt, data)
        if m.id not in lt.host.requests:
            raise refusal("no_request", member=m.id)
        events = [("seat_refuse", {"member": m.id})]
        told.append((m, "refused", {}))
    elif name == "stand_up":
        check_open(lt, closing="closing_stand_up")  # everyone is stood up after this hand anyway
        m = _member(lt, data)
        if lt.seat_of(m) is None:
            raise refusal("not_seated", member=m.id)
        if lt._in_hand(m):
            events = [("host_stand_up", {"member": m.id})]
        else:
            chips = _chips(lt, m)
            events = [("leave", {"member": m.id, "reason": "host", "chips": chips})]
            notices.append({"name": m.name, "chips": chips})
    elif name == "close":
        check_open(lt)
        events = [("host_close", {})]
    elif name in ("mute", "unmute"):
        m = _member(lt, data)
        muted = name == "mute"
        if (m.id in lt.host.muted) == muted:
            return view(lt)  # as it already was: nothing to log, nobody told again
        events = [("host_mute", {"member": m.id, "muted": muted})]
        told.append((m, "muted" if muted else "unmuted", {}))
    elif name in ("mute_spectators", "unmute_spectators"):
        muted = name == "mute_spectators"
        if lt.host.spectators_muted == muted:
            return view(lt)
        events = [("mute_spectators", {"muted": muted})]
        spectators = "spectators_muted" if muted else "spectators_unmuted"
    else:
        raise refusal("unknown", command=name)
    await lt._do(events, extra)
    for m, which, params in told:
        tell([c for c in lt.conns if c.member is m], which, **params)
    for params in notices:
        tell(lt.conns, "stood_up", **params)
    if spectators is not None:
        tell([c for c in lt.conns if c.member is None or lt.seat_of(c.member) is None], spectators)
    return view(lt)


def chat_muted(lt: LiveTable, member: Member | None) -> str | None:
    """Why the host has muted this speaker's chat (a catalog key), or None: a member
    muted by name, or anyone without a seat while the spectators are muted.

    >>> class Lt:
    ...     host = HostState(base=TableSettings(), muted={3}, spectators_muted=True)
    ...     def seat_of(self, m): return 1 if m.id == 4 else None
    >>> class M:
    ...     def __init__(self, id): self.id = id
    >>> [chat_muted(Lt(), m) for m in (M(3), M(4), None)]
    ['room.chat.muted', None, 'room.chat.muted_spectators']
    """
    h = lt.host
    return mute_key(named=member is not None and member.id in h.muted, spectators=h.spectators_muted,
                    seated=member is not None and lt.seat_of(member) is not None)


def mute_key(*, named: bool, spectators: bool, seated: bool) -> str | None:
    """The rule of a host's mute, at a cash table or a tournament's: the catalog key a
    line is refused with (``named``: the speaker is muted by name; ``spectators``: everyone
    without a seat here is muted; ``seated``: the speaker holds a seat here), or None.

    >>> mute_key(named=False, spectators=True, seated=True) is None
    True
    >>> mute_key(named=False, spectators=True, seated=False)
    'room.chat.muted_spectators'
    """
    if named:
        return "room.chat.muted"
    if spectators and not seated:
        return "room.chat.muted_spectators"
    return None


async def settle(lt: LiveTable) -> bool:
    """Between hands: carry out the host's stand-ups and closing (called by
    :func:`~pokerdealer.server.between_hands.settle`). True if anything changed."""
    events, notices = due(lt)
    if not events:
        return False
    closing = events[-1][0] == "table_closed"
    # The table leaves the lobby in the same transaction as its last event.
    await lt._do(events, [db.op_close_table(lt.id)] if closing else [])
    for params in notices:
        tell(lt.conns, "stood_up", **params)
    return True

