"""Holding Ctrl-C back for a moment, so that a step which writes a file is done
whole or not at all.

A long run stopped by Ctrl-C reports what it had done (:class:`pokerdealer.errors.Interrupted`),
and its files hold the same: a hand half written, or written but not yet
counted, would make the report and the file disagree.
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager

__all__ = ["held_interrupts"]


@contextmanager
def held_interrupts() -> Iterator[None]:
    """Run the block inside whole: a Ctrl-C (SIGINT) that comes meanwhile takes
    effect as the block ends, as if it had come then. Outside the main thread
    (which alone may set a signal handler) the block simply runs.

    >>> before = signal.signal(signal.SIGINT, signal.default_int_handler)  # as a program starts
    >>> done = []
    >>> try:
    ...     with held_interrupts():
    ...         signal.raise_signal(signal.SIGINT)
    ...         done.append("the step")
    ... except KeyboardInterrupt:
    ...     done.append("then Ctrl-C")
    >>> done
    ['the step', 'then Ctrl-C']
    >>> _ = signal.signal(signal.SIGINT, before)
    """
    previous = signal.getsignal(signal.SIGINT)
    if threading.current_thread() is not threading.main_thread() or previous is None:
        yield
        return
    held: list[int] = []
    signal.signal(signal.SIGINT, lambda number, frame: held.append(number))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
        if held:
            signal.raise_signal(signal.SIGINT)  # now, to whatever handles it
