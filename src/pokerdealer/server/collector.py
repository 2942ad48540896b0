"""The garbage collector in a busy room: short pauses, not long ones.

A room of hundreds of tables holds a million objects that live for hours
(tables, members, the hands kept for the history pages). CPython's
collector walks all of them at every full collection -- a stop of the one
event loop that deals every hand: 130-350 ms of CPU at 300 tables on this
machine under load, and more at 1,000 -- and a full collection comes every
time a quarter as many again have grown old. Yet the room makes little
cyclic garbage, and it dies young: over 3,000 actions at 50 tables a final
collection found 0 unreachable objects; at 1,000 tables the young collections
find some (most while 6,000 websockets open), and what a hand leaves behind is
freed by its reference counts. So:

- every :data:`FREEZE_EVERY` seconds (0.5) what is alive is frozen
  (``gc.freeze``): the collector leaves it alone from then on, and a full
  collection walks only what grew old since (what is frozen is still freed
  when its last reference goes; only a cycle among frozen objects would
  never be);
- the young generation is collected every :data:`YOUNG_THRESHOLD`
  allocations instead of 700 (a state's dicts are gone by then: the collector
  stops running hundreds of times a second); the middle one next to never
  (:data:`MIDDLE_THRESHOLD`): what outlives a young collection is frozen at
  the next freeze for nothing, where walking it cost 25 to 96 ms of CPU about
  once a second at 1,000 tables -- the room's whole p99 (the coroutines and
  futures of 6,000 readers' waits, some 34,000 to 83,000 objects);
- every pause is timed (``gc.callbacks``), and one of :data:`SLOW_PAUSE`
  seconds or more is logged, with its generation.

>>> pauses = Pauses()
>>> pauses.record(2, 0.012)
>>> pauses.record(0, 0.002)
>>> pauses.summary()
{'collections': 2, 'seconds': 0.014, 'longest': 0.012, 'slow': 0}
"""

from __future__ import annotations

import asyncio
import gc
import logging
import time
from dataclasses import dataclass
from typing import Any

__all__ = ["FREEZE_EVERY", "MIDDLE_THRESHOLD", "SLOW_PAUSE", "YOUNG_THRESHOLD", "Pauses", "install", "keep_frozen", "uninstall"]

log = logging.getLogger("pokerdealer.server")

YOUNG_THRESHOLD = 5_000
"""Allocations between collections of the young generation (CPython's default: 700)."""

MIDDLE_THRESHOLD = 1000
"""Young collections between collections of the middle generation (CPython's default: 10):
at this many (minutes apart) the freezes have emptied it long before. At 1,000 tables
(``bench_server --tables 1000 --think 2``, SQLite, at rest) 5 gave p99 92.7 ms over 40 s and
115.6 ms over 120 s; 1000, with a freeze every 0.5 s, 23.5 and 91.6 ms, the same memory
(645 and 648 MiB after 120 s). What it leaves to the freezes: a final collection of
everything found 13,102 objects in cycles after 85 s (3,273 before)."""

FREEZE_EVERY = 0.5
"""Seconds between two freezes of what is alive: what outlives a young collection is
frozen before the middle generation grows (it is never collected between freezes, see
:data:`MIDDLE_THRESHOLD`). A freeze moves lists, it walks nothing. Only a reference cycle
alive at a freeze and dropped later would never be freed: the room makes few -- and a
connection makes none (tests/server/security/test_memory.py): the cycles uvicorn, websockets
and the room made for every websocket left 6-11 KB each behind for good (server/wire.py)."""

SLOW_PAUSE = 0.1
"""A collection this long (seconds) is logged: it delays every table's next message."""


@dataclass
class Pauses:
    """The collector's pauses since :func:`install`: how many, their sum, the longest,
    and how many were :data:`SLOW_PAUSE` or longer."""

    collections: int = 0
    seconds: float = 0.0
    longest: float = 0.0
    slow: int = 0
    _started: tuple[float, float] = (0.0, 0.0)

    def callback(self, phase: str, info: dict[str, Any]) -> None:
        """The ``gc.callbacks`` hook: time from each ``start`` to its ``stop``."""
        if phase == "start":
            self._started = (time.perf_counter(), time.thread_time())
        else:
            wall, cpu = self._started
            self.record(info["generation"], time.perf_counter() - wall, time.thread_time() - cpu)

    def record(self, generation: int, seconds: float, cpu: float | None = None) -> None:
        """One pause of ``seconds`` (what the readers wait), ``cpu`` of them the
        collector's own work: on a busy machine the rest is the process waiting for a core."""
        self.collections += 1
        self.seconds += seconds
        self.longest = max(self.longest, seconds)
        if seconds >= SLOW_PAUSE:
            self.slow += 1
            own = "" if cpu is None else f" ({1000 * cpu:.0f} ms of CPU)"
            log.warning("garbage collection of generation %d took %.0f ms%s", generation, 1000 * seconds, own)

    def summary(self) -> dict[str, Any]:
        return {"collections": self.collections, "seconds": round(self.seconds, 6),
                "longest": round(self.longest, 6), "slow": self.slow}


def install() -> tuple[Pauses, tuple[int, int, int]]:
    """Collect and freeze what is alive now (a start's rebuilt tables), collect the young
    generation less often, time every pause; returns the pauses and the thresholds
    there were (for :func:`uninstall`)."""
    before = gc.get_threshold()
    gc.collect()
    gc.freeze()
    gc.set_threshold(YOUNG_THRESHOLD, MIDDLE_THRESHOLD, before[2])
    pauses = Pauses()
    gc.callbacks.append(pauses.callback)
    return pauses, before


def uninstall(pauses: Pauses, thresholds: tuple[int, int, int]) -> None:
    """Put the collector back as :func:`install` found it, and let it walk what was
    frozen again (a process that goes on -- a test's -- collects its cycles)."""
    if pauses.callback in gc.callbacks:
        gc.callbacks.remove(pauses.callback)
    gc.set_threshold(*thresholds)
    gc.unfreeze()


async def keep_frozen(every: float = FREEZE_EVERY) -> None:
    """Freeze what is alive every ``every`` seconds, until cancelled."""
    while True:
        await asyncio.sleep(every)
        gc.freeze()
