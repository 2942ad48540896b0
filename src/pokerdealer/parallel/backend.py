"""Where shards run: in this process, in a pool of local processes, or as Ray tasks.

A backend maps a module-level function over a list of task arguments and
returns the results **in task order**, calling ``on_done(index, result)`` as
each task finishes (in completion order, for progress bars). The same tasks
give the same results on every backend; only the wall time differs.

>>> Local(workers=1).map(pow, [(2, 3), (3, 2)])
[8, 9]
"""

from __future__ import annotations

import multiprocessing
import os
import queue
import signal
import socket
import sys
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any, Protocol

from pokerdealer.errors import PokerDealerError

__all__ = ["Backend", "Local", "Ray", "available_cores", "check_answers", "make_backend"]

Done = Callable[[int, Any], None]


def available_cores() -> int:
    """CPU cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not Linux
        return os.cpu_count() or 1


class Backend(Protocol):
    """Something that runs ``fn(*args)`` for every ``args`` in ``tasks``."""

    def map(
        self, fn: Callable[..., Any], tasks: Sequence[tuple[Any, ...]], on_done: Done | None = None
    ) -> list[Any]: ...


@dataclass(frozen=True)
class Local:
    """``workers`` local processes (``None``: every core); one worker runs the
    tasks here, in this process, with no pool at all.

    Worker processes come from the ``forkserver`` start method on Linux (a
    clean single-threaded parent, safe next to a progress-bar thread) and
    ``spawn`` elsewhere. As with any such pool, a script that uses more than
    one worker must guard its top level with ``if __name__ == "__main__":``.
    """

    workers: int | None = None

    def __post_init__(self) -> None:
        if self.workers is not None and self.workers < 1:
            raise PokerDealerError(f"workers must be at least 1, got {self.workers}")

    @property
    def size(self) -> int:
        return self.workers or available_cores()

    def map(
        self, fn: Callable[..., Any], tasks: Sequence[tuple[Any, ...]], on_done: Done | None = None
    ) -> list[Any]:
        workers = min(self.size, len(tasks))
        if workers <= 1:
            results = []
            for i, args in enumerate(tasks):
                results.append(fn(*args))
                if on_done is not None:
                    on_done(i, results[-1])
            return results
        method = "forkserver" if sys.platform.startswith("linux") else "spawn"
        context = multiprocessing.get_context(method)
        if method == "forkserver":
            context.set_forkserver_preload([fn.__module__])
        out: list[Any] = [None] * len(tasks)
        # Finished tasks come through a queue their futures put themselves in
        # (from the pool's thread), not concurrent.futures.wait: that takes the
        # lock of every pending future at each call (thousands of blocks), and a
        # Ctrl-C between two of them left some held for good, the pool's thread
        # stuck on them, and the command hanging at exit.
        finished: queue.SimpleQueue[Future[Any]] = queue.SimpleQueue()
        with ProcessPoolExecutor(
            max_workers=workers, mp_context=context, initializer=_leave_interrupts_to_the_parent
        ) as pool:
            try:
                index: dict[Future[Any], int] = {}
                for i, args in enumerate(tasks):
                    future = pool.submit(fn, *args)
                    index[future] = i
                    future.add_done_callback(finished.put)
                for _ in tasks:
                    future = finished.get()
                    i = index[future]
                    out[i] = future.result()
                    if on_done is not None:
                        on_done(i, out[i])
            except BaseException:
                _stop_now(pool)
                raise
        return out


def _leave_interrupts_to_the_parent() -> None:
    """A worker ignores SIGINT: Ctrl-C at a terminal reaches every process of the
    foreground group, and a worker that died of it would print its own traceback
    and break the pool; the parent stops the workers instead (:func:`_stop_now`)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _stop_now(pool: ProcessPoolExecutor) -> None:
    """End the workers at once and drop the tasks not started: leaving the pool's
    ``with`` block would otherwise wait for every task submitted (Ctrl-C on a
    million hands went on playing them all). The pool's own thread is waited
    for -- it sees the workers gone at once -- so that none of it still runs
    while Python exits (Python 3.11 could then print a traceback).

    A worker ended while it was writing a result leaves half a message in the
    results pipe, and the pool's thread waits for the rest of it for good (the
    command hung after Ctrl-C, about once in ten under load). This process
    holds the pipe's only other write end: once the workers are gone, closing
    it makes that read end of file, which the pool's thread takes for a broken
    pool and cleans up after."""
    processes = list((getattr(pool, "_processes", None) or {}).values())
    for process in processes:
        process.terminate()
    for process in processes:
        process.join()
    results = getattr(pool, "_result_queue", None)
    if results is not None:
        results._writer.close()
    pool.shutdown(wait=True, cancel_futures=True)


@dataclass(frozen=True)
class Ray:
    """Tasks on a Ray cluster at ``address`` (``None``: start a local Ray with
    ``num_cpus`` CPUs, every core by default, and shut it down afterwards).

    When Ray is already initialised in this process (``ray.init(...)`` was
    called), that instance is used and left running.
    """

    address: str | None = None
    num_cpus: int | None = None

    def map(
        self, fn: Callable[..., Any], tasks: Sequence[tuple[Any, ...]], on_done: Done | None = None
    ) -> list[Any]:
        ray = import_ray()
        started = False
        if not ray.is_initialized():
            if self.address:
                check_answers(self.address)
                try:
                    ray.init(address=self.address, log_to_driver=False)
                except ConnectionError:
                    raise ConnectionError(
                        f"no Ray cluster answers at {self.address}: start one there "
                        "('ray start --head') or run on a local Ray"
                    ) from None
                except ValueError as error:  # an address Ray cannot read
                    raise PokerDealerError(
                        f"cannot use the Ray address {self.address!r}: {error}"
                    ) from None
            else:
                ray.init(num_cpus=self.num_cpus, include_dashboard=False, log_to_driver=False)
            started = True
        waiting: list[Any] = []
        try:
            remote = ray.remote(fn)
            refs = [remote.remote(*args) for args in tasks]
            index = {ref: i for i, ref in enumerate(refs)}
            out: list[Any] = [None] * len(tasks)
            waiting = list(refs)
            while waiting:
                ready, waiting = ray.wait(waiting, num_returns=1)
                for ref in ready:
                    i = index[ref]
                    out[i] = ray.get(ref)
                    if on_done is not None:
                        on_done(i, out[i])
            return out
        except BaseException:
            if not started:  # Ctrl-C on a cluster that goes on: the tasks left are not wanted
                for ref in waiting:
                    ray.cancel(ref, force=True)
            raise
        finally:
            if started:
                ray.shutdown()


#: Seconds to wait for a Ray cluster's port to answer (:func:`check_answers`).
CONNECT_SECONDS = 5.0


def check_answers(address: str, *, seconds: float = CONNECT_SECONDS) -> None:
    """Fail at once when nothing answers at a ``HOST:PORT`` (or ``ray://HOST:PORT``)
    Ray address: Ray itself retries such an address for minutes, deaf to Ctrl-C.
    Other addresses (``auto``) are left to Ray.

    >>> check_answers("auto")
    >>> check_answers("127.0.0.1:70000")
    Traceback (most recent call last):
    ...
    pokerdealer.errors.PokerDealerError: cannot use the Ray address '127.0.0.1:70000': a port is 1 to 65535
    """
    host, colon, port = address.removeprefix("ray://").rpartition(":")
    if not colon or not port.isdigit():
        return
    if not 1 <= int(port) <= 65535:
        raise PokerDealerError(f"cannot use the Ray address {address!r}: a port is 1 to 65535")
    try:
        with socket.create_connection((host.strip("[]"), int(port)), timeout=seconds):
            pass
    except OSError as error:
        if isinstance(error, TimeoutError):
            reason = f"nothing answered within {seconds:g} s"
        else:
            reason = (error.strerror or str(error)).lower()
        raise ConnectionError(
            f"no Ray cluster answers at {address} ({reason}): start one there "
            "('ray start --head') or run on a local Ray"
        ) from None


def import_ray() -> Any:
    """The ``ray`` module, or a one-line error saying how to install it."""
    try:
        import ray
    except ImportError:
        raise PokerDealerError(
            "--ray needs the optional Ray extra: pip install 'pokerdealer[ray]'"
        ) from None
    return ray


def make_backend(*, workers: int | None = None, ray: str | None = None) -> Backend:
    """:class:`Ray` when ``ray`` is given (``"local"`` or ``""``: a local Ray),
    else :class:`Local` with ``workers``.

    >>> make_backend(workers=2), make_backend(ray="local", workers=2)
    (Local(workers=2), Ray(address=None, num_cpus=2))
    """
    if ray is not None:
        address = None if ray in ("", "local") else ray
        return Ray(address=address, num_cpus=workers if address is None else None)
    return Local(workers=workers)
