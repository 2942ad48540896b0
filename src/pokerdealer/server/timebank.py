"""The time bank: seconds a player may add to the action clock, once per
hand, when the clock runs out (table setting ``time_bank``; 0: none).

Each player starts with the whole bank. When their clock runs out and they
have not used the bank in this hand, all they have left is added to the
clock at once (a ``time_bank`` event in the table's log, so a restart knows
it was spent) and the balance drops to nothing; after every hand each
balance grows by a tenth of the bank (:data:`REFILL_SHARE`) until it is
whole again. Spending the whole balance keeps the log to one event per use;
the player still gets every second of it.

A balance below the whole bank is the only state, kept per member and in the
table's snapshot; a member not in it has the whole bank.

>>> bank = TimeBank()
>>> bank.available(7, full=30, hand=1)
30
>>> bank.spend(7, hand=1, seconds=30, full=30)
>>> bank.available(7, full=30, hand=1)  # once per hand
0
>>> bank.refill(full=30)
>>> bank.available(7, full=30, hand=2)
3
>>> for _ in range(20):
...     bank.refill(full=30)
>>> bank.available(7, full=30, hand=3), bank.to_json()
(30, {'left': {}, 'used': {}})
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pokerdealer.server.live import LiveTable, Member

__all__ = ["REFILL_SHARE", "TimeBank", "balance", "deadline", "due", "in_use", "started"]

REFILL_SHARE = 0.1
"""The share of the whole bank given back after each hand."""


@dataclass
class TimeBank:
    """Every player's time bank at one table."""

    left: dict[int, float] = field(default_factory=dict)
    """Member -> seconds left, for those below the whole bank."""
    used: dict[int, int] = field(default_factory=dict)
    """Member -> the hand in which they last used the bank."""
    turn: tuple[Any, float] | None = None
    """(turn key, seconds) added to the turn in play (not kept: a restart gives a fresh clock)."""

    def available(self, member: int, *, full: int, hand: int) -> int:
        """Whole seconds ``member`` may add in ``hand`` now."""
        if full <= 0 or self.used.get(member) == hand:
            return 0
        return int(min(full, self.left.get(member, full)))

    def spend(self, member: int, *, hand: int, seconds: float, full: int) -> None:
        """Apply a ``time_bank`` event: ``seconds`` added in ``hand`` (of a bank of ``full``)."""
        self.used[member] = hand
        self.left[member] = max(0.0, self.left.get(member, float(full)) - seconds)

    def refill(self, *, full: int) -> None:
        """After a hand: every balance grows by :data:`REFILL_SHARE` of the bank."""
        step = full * REFILL_SHARE
        for member, seconds in list(self.left.items()):
            seconds = min(float(full), seconds + step) if full > 0 else 0.0
            if seconds >= full:
                del self.left[member]
            else:
                self.left[member] = seconds
        self.used.clear()

    def to_json(self) -> dict[str, Any]:
        return {"left": {str(k): v for k, v in self.left.items()}, "used": {str(k): v for k, v in self.used.items()}}

    @classmethod
    def from_json(cls, data: dict[str, Any] | None) -> TimeBank:
        data = data or {}
        return cls(
            left={int(k): float(v) for k, v in data.get("left", {}).items()},
            used={int(k): int(v) for k, v in data.get("used", {}).items()},
        )


def deadline(lt: LiveTable) -> float:
    """When the turn in play runs out (``time.monotonic()`` seconds): the
    action clock plus any time bank added to this turn."""
    extra = 0.0
    if lt.bank.turn is not None and lt.bank.turn[0] == lt.turn_key:
        extra = lt.bank.turn[1]
    return lt.turn_started + lt.settings.clock + extra


def due(lt: LiveTable, member: Member, hand: int) -> tuple[str, dict[str, Any]] | None:
    """The ``time_bank`` event for ``member`` whose clock ran out in ``hand``
    (None: no bank left, or used in this hand)."""
    seconds = lt.bank.available(member.id, full=lt.settings.time_bank, hand=hand)
    if seconds <= 0:
        return None
    return "time_bank", {"member": member.id, "hand": hand, "seconds": seconds}


def started(lt: LiveTable, seconds: float) -> None:
    """The bank was added to the turn in play (live): the clock runs on from the old deadline."""
    lt.bank.turn = (lt.turn_key, seconds)


def balance(lt: LiveTable, member: int | None) -> int | None:
    """Whole seconds left in ``member``'s time bank (public, on their seat); None
    at a table without one. Spent in this hand, it reads 0 until it refills.

    >>> class T:  # a stand-in for a LiveTable
    ...     class settings: time_bank = 30
    ...     bank = TimeBank(left={4: 12.5})
    >>> balance(T, 4), balance(T, 5)
    (12, 30)
    """
    full = lt.settings.time_bank
    if full <= 0 or member is None:
        return None
    return int(min(full, lt.bank.left.get(member, full)))


def in_use(lt: LiveTable) -> float | None:
    """The seconds of time bank added to the turn in play (None: the turn runs on
    the action clock alone): the page draws the time bank bar from them."""
    turn = lt.bank.turn
    if turn is None or turn[0] != lt.turn_key or lt.table.current is None:
        return None
    return turn[1]
