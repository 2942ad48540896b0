"""Holding Ctrl-C back for a moment, so that a step which writes a file is done
whole or not at all (:func:`held_interrupts`), or until a loop reaches the end
of a step (:func:`interrupts_between_steps`).

A long run stopped by Ctrl-C reports what it had done (:class:`pokerdealer.errors.Interrupted`),
and its files hold the same: a hand half written, or written but not yet
counted, would make the report and the file disagree.
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager

__all__ = ["StopAsked", "held_interrupts", "interrupts_between_steps"]


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


class StopAsked:
    """Whether a Ctrl-C came during :func:`interrupts_between_steps` (``asked``)."""

    __slots__ = ("asked",)

    def __init__(self) -> None:
        self.asked = False


@contextmanager
def interrupts_between_steps(*, even_if_ignored: bool = False) -> Iterator[StopAsked]:
    """Inside the block a Ctrl-C (SIGINT) interrupts nothing: it sets ``asked`` on
    what the block gets, which a loop reads after each step (a hand) to stop
    there, with its counts whole, and raise (:class:`~pokerdealer.errors.Interrupted`
    with what it did). Reading it costs an attribute; setting a handler on every
    step would cost microseconds a hand.

    Where SIGINT is ignored (a pool's worker, which leaves Ctrl-C to its parent)
    it stays ignored, unless ``even_if_ignored``; outside the main thread (which
    alone may set a handler) nothing changes and ``asked`` stays false. A
    Ctrl-C the block ends without raising on takes effect as it ends, as if it
    had come then.

    >>> before = signal.signal(signal.SIGINT, signal.default_int_handler)  # as a program starts
    >>> steps = []
    >>> try:
    ...     with interrupts_between_steps() as stop:
    ...         for step in range(5):
    ...             if step == 2:
    ...                 signal.raise_signal(signal.SIGINT)  # Ctrl-C during the third step
    ...             steps.append(step)
    ...             if stop.asked:
    ...                 raise KeyboardInterrupt
    ... except KeyboardInterrupt:
    ...     steps.append("stopped after a whole step")
    >>> steps
    [0, 1, 2, 'stopped after a whole step']
    >>> _ = signal.signal(signal.SIGINT, before)
    """
    stop = StopAsked()
    previous = signal.getsignal(signal.SIGINT)
    if (
        threading.current_thread() is not threading.main_thread()
        or previous is None
        or (previous is signal.SIG_IGN and not even_if_ignored)
    ):
        yield stop
        return

    def asked(number: int, frame: object) -> None:
        stop.asked = True

    signal.signal(signal.SIGINT, asked)
    try:
        yield stop
    finally:
        signal.signal(signal.SIGINT, previous)
    if stop.asked and previous is not signal.SIG_IGN:
        signal.raise_signal(signal.SIGINT)  # the block ended without acting on it: now

