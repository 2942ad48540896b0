"""How long a test waits for something that will happen: as long as it would take at rest,
stretched by how busy the machine is.

A test waits for a state (a hand dealt, an event finished), never for a time; the seconds it
is given are only how long to wait before saying the state never came. Those seconds were
written at rest, and on this 2-core machine shared with other work the same steps take many
times longer (at load 25, starting ``serve`` took over 60 s, a few seconds at rest). So a
wait's seconds are stretched by the load per core at the moment it is checked (the one-minute
load average, at least 1x): a wait that passes returns as soon as its state comes, as before,
and one that fails still fails at rest in the seconds written.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from typing import TypeVar

__all__ = ["Patience", "stretch", "until"]

T = TypeVar("T")

CORES = os.cpu_count() or 1


def stretch() -> float:
    """How many times longer than at rest things take now: the load per core, at least 1.

    >>> stretch() >= 1.0
    True
    """
    return max(1.0, os.getloadavg()[0] / CORES)


class Patience:
    """``seconds`` as they would be at rest, from now on, stretched as the load goes.

    >>> Patience(60).over()
    False
    """

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.started = time.monotonic()

    def over(self) -> bool:
        return time.monotonic() - self.started > self.seconds * stretch()

    def left(self) -> float:
        """Seconds left (0 when over)."""
        return max(0.0, self.started + self.seconds * stretch() - time.monotonic())

    def __str__(self) -> str:
        return f"{time.monotonic() - self.started:.0f} s ({self.seconds:.0f} s at rest, load {os.getloadavg()[0]:.1f})"


def until(pred: Callable[[], T | None], seconds: float = 60, *, every: float = 0.2, what: str = "") -> T:
    """Ask ``pred`` until it answers something true, and return that (a state, not a time).

    >>> until(lambda: 42)
    42
    """
    patience = Patience(seconds)
    while True:
        got = pred()
        if got:
            return got
        if patience.over():
            raise AssertionError(f"not within {patience}" + (f": {what}" if what else ""))
        time.sleep(every)
