"""The time bank: seconds a player may add to the action clock, once per
hand, when the clock runs out (table setting ``time_bank``; 0: none).

Each player starts with the whole bank. When their clock runs out and they
have not used the bank in this hand, all they have left is added to the
clock at once (a ``time_bank`` event in the table's log, so a restart knows
it was spent) and the balance drops to nothing; after every hand each
balance grows by a tenth of the bank (:data:`REFILL_SHARE`) until it is
whole again. Spending the whole balance keeps the log to one event per use;
the player still gets every second of it.

A balance below the whole bank is the only state (this feature's part of the
table's state, a :class:`TimeBank` value, and of its snapshot); a member not in
it has the whole bank. The seconds added to the turn in play are the clock's,
the shell's (:mod:`~pokerdealer.server.table_clock`): a restart gives a fresh clock.

>>> bank = TimeBank()
>>> bank.available(7, full=30, hand=1)
30
>>> bank = bank.spend(7, hand=1, seconds=30, full=30)
>>> bank.available(7, full=30, hand=1)  # once per hand
0
>>> bank = bank.refill(full=30)
>>> bank.available(7, full=30, hand=2)
3
>>> for _ in range(20):
...     bank = bank.refill(full=30)
>>> bank.available(7, full=30, hand=3), bank.to_json()
(30, {'left': {}, 'used': {}})
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from pokerdealer.server.reducer import Event, Feature, MemberInfo, TableState

__all__ = ["FEATURE", "REFILL_SHARE", "TimeBank", "balance", "due"]

REFILL_SHARE = 0.1
"""The share of the whole bank given back after each hand."""


@dataclass(frozen=True)
class TimeBank:
    """Every player's time bank at one table (a value: each change makes a new one)."""

    left: Mapping[int, float] = field(default_factory=dict)
    """Member -> seconds left, for those below the whole bank."""
    used: Mapping[int, int] = field(default_factory=dict)
    """Member -> the hand in which they last used the bank."""

    def available(self, member: int, *, full: int, hand: int) -> int:
        """Whole seconds ``member`` may add in ``hand`` now."""
        if full <= 0 or self.used.get(member) == hand:
            return 0
        return int(min(full, self.left.get(member, full)))

    def spend(self, member: int, *, hand: int, seconds: float, full: int) -> TimeBank:
        """After a ``time_bank`` event: ``seconds`` added in ``hand`` (of a bank of ``full``)."""
        left = max(0.0, self.left.get(member, float(full)) - seconds)
        return TimeBank({**self.left, member: left}, {**self.used, member: hand})

    def refill(self, *, full: int) -> TimeBank:
        """After a hand: every balance grows by :data:`REFILL_SHARE` of the bank."""
        if not self.left and not self.used:
            return self
        step = full * REFILL_SHARE
        left = {}
        for member, seconds in self.left.items():
            seconds = min(float(full), seconds + step) if full > 0 else 0.0
            if seconds < full:
                left[member] = seconds
        return TimeBank(left, {})

    def to_json(self) -> dict[str, Any]:
        return {"left": {str(k): v for k, v in self.left.items()}, "used": {str(k): v for k, v in self.used.items()}}

    @classmethod
    def from_json(cls, data: dict[str, Any] | None) -> TimeBank:
        data = data or {}
        return cls(
            left={int(k): float(v) for k, v in data.get("left", {}).items()},
            used={int(k): int(v) for k, v in data.get("used", {}).items()},
        )


def _bank(state: TableState) -> TimeBank:
    return state.parts["timebank"]  # type: ignore[no-any-return]


def spent(state: TableState, data: dict[str, Any], at: float) -> TableState:
    """A ``time_bank`` event: ``seconds`` of ``member``'s bank added in ``hand``."""
    bank = _bank(state).spend(data["member"], hand=data["hand"], seconds=data["seconds"], full=state.settings.time_bank)
    return state.with_part("timebank", bank)


def refilled(state: TableState, data: dict[str, Any], at: float) -> TableState:
    """After each hand (the settings in force then: a host's change counts from it)."""
    return state.with_part("timebank", _bank(state).refill(full=state.settings.time_bank))


def due(state: TableState, member: int, hand: int) -> Event | None:
    """The ``time_bank`` event for ``member`` whose clock ran out in ``hand``
    (None: no bank left, or used in this hand)."""
    seconds = _bank(state).available(member, full=state.settings.time_bank, hand=hand)
    if seconds <= 0:
        return None
    return "time_bank", {"member": member, "hand": hand, "seconds": seconds}


def balance(state: TableState, member: int | None) -> int | None:
    """Whole seconds left in ``member``'s time bank (public, on their seat); None
    at a table without one. Spent in this hand, it reads 0 until it refills."""
    full = state.settings.time_bank
    if full <= 0 or member is None:
        return None
    return int(min(full, _bank(state).left.get(member, full)))


def seat_view(state: TableState, member: MemberInfo | None) -> dict[str, Any]:
    """A seat's ``time_bank`` (a bot has none)."""
    return {"time_bank": None if member is None or member.bot else balance(state, member.id)}


FEATURE = Feature(
    name="timebank", part=lambda settings: TimeBank(), events={"time_bank": spent}, follows={"hand_end": refilled},
    snapshot=(lambda state: {"bank": _bank(state).to_json()},
              lambda state, data: state.with_part("timebank", TimeBank.from_json(data.get("bank")))),
    seat=seat_view,
)
