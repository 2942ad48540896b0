"""What a player sets for themself at their seat: the coach ("coach me"), a
session time limit and a loss limit (issue 16; seeds 001 and 003: 设定止损与时间上限,
只投入输得起的金额).

Each setting is an event in the table's log (``coach``, ``limits``), and so is
each stop (``limit_stop``, written with the ``sit_out`` after the hand that
reached a limit) and each explicit go-on (``limit_continue``); the session's
start and what was bought in are read from the ``sit_down`` and ``top_up``
events. All of it is in the snapshot (:func:`take`, :func:`restore`), so a
restart finds it as it was. Only the player's own state carries it
(:func:`private`): no one else is sent their settings or their coach's lines.

>>> own = Own()
>>> own.session_start(buy_in=200, at=100.0, has_bots=True)
>>> own.coach, own.invested, own.started_at
(True, 200, 100.0)
>>> own.loss_reached(stack=120, buy_in=200), own.loss_chips(buy_in=200)
(False, None)
>>> own.loss, own.loss_unit = 80, "chips"
>>> own.loss_reached(stack=120, buy_in=200)
True
"""

from __future__ import annotations

import time
from dataclasses import asdict, dataclass, fields
from typing import TYPE_CHECKING, Any

from pokerdealer.table import SeatStatus

if TYPE_CHECKING:
    from pokerdealer.server.live import LiveTable, Member

__all__ = ["EVENTS", "Own", "due", "events_for", "follow", "observe", "private", "restore", "stopped", "take"]

#: The events this module applies (live.apply_event hands them over).
EVENTS = ("coach", "limits", "limit_stop", "limit_continue")
#: The loss limit's units: chips, or buy-ins of the table's largest buy-in.
UNITS = ("chips", "buy_ins")
#: The longest time limit, in minutes (a day).
MAX_MINUTES = 24 * 60


@dataclass
class Own:
    """One member's own settings and session (kept on their :class:`Member`)."""

    coach: bool | None = None
    """``None`` until the seat is taken: then on at a table with bots, else off."""
    minutes: int | None = None
    loss: int | None = None
    loss_unit: str = "chips"
    time_sit_out: bool = False
    started_at: float | None = None
    invested: int = 0
    time_from: float | None = None
    """Since a go-on after the time limit, the limit counts from here."""
    loss_from: int = 0
    """Since a go-on after the loss limit, the loss counts from this net result."""
    stopped: str | None = None
    """``"loss"`` or ``"time"`` while sat out by a limit, until an explicit go-on."""

    def session_start(self, *, buy_in: int, at: float, has_bots: bool) -> None:
        if self.coach is None:
            self.coach = has_bots
        self.started_at = self.time_from = at
        self.invested = buy_in
        self.loss_from = 0
        self.stopped = None

    def loss_chips(self, *, buy_in: int) -> int | None:
        """The loss limit in chips (``None``: no loss limit)."""
        if self.loss is None:
            return None
        return self.loss * buy_in if self.loss_unit == "buy_ins" else self.loss

    def net(self, stack: int) -> int:
        """Chips won (negative: lost) this session."""
        return stack - self.invested

    def loss_reached(self, *, stack: int, buy_in: int) -> bool:
        limit = self.loss_chips(buy_in=buy_in)
        return limit is not None and self.loss_from - self.net(stack) >= limit

    def time_reached(self, now: float) -> bool:
        start = self.time_from if self.time_from is not None else self.started_at
        return self.minutes is not None and start is not None and now - start >= self.minutes * 60


def own_of(member: Member) -> Own:
    if member.own is None:
        member.own = Own()
    return member.own  # type: ignore[no-any-return]


def _stack(lt: LiveTable, member: Member) -> int | None:
    for p in lt.table.players:
        if p.name == member.name:
            return p.stack
    return None


def follow(lt: LiveTable, kind: str, data: dict[str, Any], at: float) -> None:
    """Follow an event the table has applied: a session starts at a ``sit_down``
    (the coach on if a bot is seated), a ``top_up`` adds to what was bought in,
    a ``leave`` ends the session."""
    if kind == "sit_down":
        bots = {m.name for m in lt.members.values() if m.bot}
        has_bots = any(p.name in bots for p in lt.table.players)
        own_of(lt.members[data["member"]]).session_start(buy_in=data["buy_in"], at=at, has_bots=has_bots)
    elif kind == "top_up":
        own_of(lt.members[data["member"]]).invested += data["amount"]
    elif kind == "leave":
        own = own_of(lt.members[data["member"]])
        own.started_at = own.time_from = None
        own.stopped = None


def observe(lt: LiveTable, kind: str, data: dict[str, Any], at: float) -> bool:
    """Apply one of this module's events (``True``), else leave it to the table (``False``)."""
    if kind not in EVENTS:
        return False
    own = own_of(lt.members[data["member"]])
    if kind == "coach":
        own.coach = bool(data["on"])
    elif kind == "limits":
        own.minutes, own.loss = data.get("minutes"), data.get("loss")
        own.loss_unit = data.get("unit") or "chips"
        own.time_sit_out = bool(data.get("time_sit_out"))
    elif kind == "limit_stop":
        own.stopped = data["why"]
    else:  # limit_continue: a fresh limit from here
        own.stopped = None
        own.time_from = at
        own.loss_from = data["net"]
    return True


def events_for(lt: LiveTable, member: Member, msg: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """The events a player's message asks for; raises ``ValueError`` with a
    catalog key (and its params) when it cannot be done."""
    kind = msg["type"]
    if kind == "coach":
        return [("coach", {"member": member.id, "on": bool(msg["on"])})]
    if kind == "limits":
        minutes, loss, unit = msg.get("minutes"), msg.get("loss"), msg.get("unit") or "chips"
        if minutes is not None and not 1 <= minutes <= MAX_MINUTES:
            raise ValueError("room.limits.error.minutes", {"most": MAX_MINUTES})
        if loss is not None and loss < 1:
            raise ValueError("room.limits.error.loss", {})
        if unit not in UNITS:
            raise ValueError("room.limits.error.unit", {"units": ", ".join(UNITS)})
        data = {"member": member.id, "minutes": minutes, "loss": loss, "unit": unit,
                "time_sit_out": bool(msg.get("time_sit_out"))}
        return [("limits", data)]
    # limit_continue: the explicit confirmation after a stop
    own = own_of(member)
    if own.stopped is None:
        raise ValueError("room.limits.error.not_stopped", {})
    stack = _stack(lt, member) or 0
    return [("limit_continue", {"member": member.id, "net": own.net(stack)})]


def stopped(member: Member) -> bool:
    """Whether ``member`` was sat out by a limit and has not confirmed to go on."""
    return member.own is not None and member.own.stopped is not None


def due(lt: LiveTable, at: float) -> list[tuple[str, dict[str, Any]]]:
    """After a hand: the players whom a limit sits out now (the ``sit_out``
    and the ``limit_stop`` saying which limit)."""
    buy_in = lt.table.settings.max_buy_in
    out: list[tuple[str, dict[str, Any]]] = []
    by_name = {m.name: m for m in lt.members.values()}
    for p in lt.table.players:
        m = by_name.get(p.name)
        if m is None or m.own is None or m.own.stopped is not None or m.own.started_at is None:
            continue
        own = m.own
        why = None
        if own.loss_reached(stack=p.stack, buy_in=buy_in):
            why = "loss"
        elif own.time_sit_out and own.time_reached(at):
            why = "time"
        if why is None:
            continue
        if p.status is not SeatStatus.SITTING_OUT:
            out.append(("sit_out", {"member": m.id}))
        out.append(("limit_stop", {"member": m.id, "why": why}))
    return out


def private(lt: LiveTable, member: Member, record: Any, *, lang: str) -> dict[str, Any]:  # noqa: ANN401
    """``member``'s own settings, session and coach lines, for their state only."""
    from pokerdealer.learn.coach import coach_lines

    own = own_of(member)
    stack = _stack(lt, member)
    now = time.time()
    out: dict[str, Any] = {
        "limits": {
            "minutes": own.minutes, "loss": own.loss, "unit": own.loss_unit,
            "time_sit_out": own.time_sit_out, "stopped": own.stopped,
            "time_up": own.time_reached(now),
            "session": None if own.started_at is None or stack is None else {
                "seconds": int(now - own.started_at), "net": own.net(stack), "invested": own.invested,
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


def take(lt: LiveTable) -> dict[str, Any]:
    """Every member's own part, JSON-ready, for the snapshot."""
    return {str(m.id): asdict(m.own) for m in lt.members.values() if m.own is not None}


def restore(lt: LiveTable, data: dict[str, Any]) -> None:
    names = {f.name for f in fields(Own)}
    for member_id, values in data.items():
        lt.members[int(member_id)].own = Own(**{k: v for k, v in values.items() if k in names})
