"""Where shards run: in this process, in a pool of local processes, or as Ray tasks.

A backend maps a module-level function over a list of task arguments and
returns the results **in task order**, calling ``on_done(index, result)`` as
each task finishes (in completion order, for progress bars). The same tasks
give the same results on every backend; only the wall time differs.

>>> Local(workers=1).map(pow, [(2, 3), (3, 2)])
[8, 9]
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import queue
import signal
import socket
import sys
import threading
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from pokerdealer.errors import PokerDealerError

__all__ = [
    "Backend",
    "Local",
    "Ray",
    "available_cores",
    "check_answers",
    "make_backend",
    "returns_when_interrupted",
    "worker_interrupted",
]

Done = Callable[[int, Any], None]

#: Seconds the local pool waits, after Ctrl-C, for the tasks running to return
#: what they had done (:func:`returns_when_interrupted`): a hand or so.
RETURN_SECONDS = 2.0

F = TypeVar("F", bound=Callable[..., Any])


def returns_when_interrupted(fn: F) -> F:
    """Mark a task function that, in a pool's worker, answers Ctrl-C by returning
    what it has done so far (a block of hands played in part): after Ctrl-C the
    local pool waits up to :data:`RETURN_SECONDS` for the tasks running and
    gives their results to ``on_done`` before it ends the workers. Other tasks
    are ended at once (their work is lost: a part of one is no result)."""
    fn.returns_when_interrupted = True  # type: ignore[attr-defined]
    return fn


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
            _start_forkserver_deaf_to_interrupts()
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
            index: dict[Future[Any], int] = {}
            taken: set[Future[Any]] = set()  # out of the queue (and given, but for a Ctrl-C)
            try:
                for i, args in enumerate(tasks):
                    future = pool.submit(fn, *args)
                    index[future] = i
                    future.add_done_callback(finished.put)
                for _ in tasks:
                    future = finished.get()
                    taken.add(future)
                    i = index[future]
                    out[i] = future.result()
                    if on_done is not None:
                        on_done(i, out[i])
            except BaseException as error:
                if isinstance(error, KeyboardInterrupt) and getattr(fn, "returns_when_interrupted", False):
                    _collect_the_running(pool, index, taken, finished, out, on_done)
                _stop_now(pool)
                if method == "forkserver" and isinstance(error, KeyboardInterrupt):
                    _end_forkserver()
                raise
        return out


def _collect_the_running(
    pool: ProcessPoolExecutor,
    index: dict[Future[Any], int],
    taken: set[Future[Any]],
    finished: queue.SimpleQueue[Future[Any]],
    out: list[Any],
    on_done: Done | None,
) -> None:
    """After Ctrl-C: the tasks running return what they had done (each worker gets
    SIGINT -- at a terminal it had it already; this covers a signal sent to this
    process alone); give those results, and any finished but not yet given, to
    ``on_done``, for up to :data:`RETURN_SECONDS`. A second Ctrl-C stops waiting."""
    import time

    running = {f for f in index if f not in taken and (f.running() or f.done())}
    for process in list((getattr(pool, "_processes", None) or {}).values()):
        try:
            os.kill(process.pid, signal.SIGINT)
        except (ProcessLookupError, TypeError):
            pass
    deadline = time.monotonic() + RETURN_SECONDS
    try:
        while running and (left := deadline - time.monotonic()) > 0:
            try:
                future = finished.get(timeout=left)
            except queue.Empty:
                return
            running.discard(future)
            if future.cancelled() or future.exception() is not None:
                continue
            i = index[future]
            out[i] = future.result()
            if on_done is not None:
                on_done(i, out[i])
    except KeyboardInterrupt:
        return


def _start_forkserver_deaf_to_interrupts() -> None:
    """Start the forkserver (when it is not running yet) with SIGINT ignored, which
    it and every worker forked from it keep. Python's forkserver ignores SIGINT
    itself, but only once it has imported its preload (pokerdealer and NumPy, a
    second on a busy machine): a Ctrl-C meanwhile printed its KeyboardInterrupt
    traceback under the command's own "interrupted" line.

    An ignored signal is the only kind a new program keeps, and this process must
    not ignore Ctrl-C even for a moment (one would be lost: a run that goes on).
    So the server is started through ``/bin/sh``, which ignores SIGINT
    (``trap "" INT``) and then becomes the server; a Ctrl-C before that ends the
    shell silently. Without ``/bin/sh`` the server starts as Python starts it."""
    from multiprocessing import forkserver, util

    if not os.path.exists(SHELL):
        forkserver.ensure_running()
        return
    spawn = util.spawnv_passfds

    def spawn_deaf(path: str | bytes, args: Sequence[str], passfds: Sequence[int]) -> int:
        shell = os.fsencode(SHELL) if isinstance(path, bytes) else SHELL
        return spawn(shell, [SHELL, "-c", 'trap "" INT; exec "$@"', "sh", os.fsdecode(path), *args[1:]], passfds)

    util.spawnv_passfds = spawn_deaf
    try:
        forkserver.ensure_running()
    finally:
        util.spawnv_passfds = spawn


#: The shell the forkserver is started through (:func:`_start_forkserver_deaf_to_interrupts`).
SHELL = "/bin/sh"


def _end_forkserver() -> None:
    """End the forkserver and the workers it is starting, after Ctrl-C: a worker
    asked for while the server was still importing its preload is forked after
    the pool is gone, finds the pool's semaphores removed, and printed a
    FileNotFoundError traceback as the command exited. The next pool starts a
    new server (:func:`_start_forkserver_deaf_to_interrupts`)."""
    from multiprocessing import forkserver

    pid = getattr(getattr(forkserver, "_forkserver", None), "_forkserver_pid", None)
    if pid is None:
        return
    try:  # Linux lists a process's children; the forkserver runs on Linux only
        with open(f"/proc/{pid}/task/{pid}/children", encoding="ascii") as listed:
            children = [int(child) for child in listed.read().split()]
    except OSError:
        children = []
    for process in (pid, *children):  # the server first: it forks nothing more
        try:
            os.kill(process, signal.SIGKILL)
        except ProcessLookupError:
            pass


#: In a pool's worker: whether it is one (set by the pool's initializer), and
#: whether Ctrl-C has reached it (:func:`worker_interrupted`).
_in_worker = False
_worker_interrupted = False


def _leave_interrupts_to_the_parent() -> None:
    """A worker does not stop on SIGINT: Ctrl-C at a terminal reaches every
    process of the foreground group, and a worker that died of it would print
    its own traceback and break the pool; the parent stops the workers instead
    (:func:`_stop_now`). The worker only notes it (:func:`worker_interrupted`),
    so that a task which returns what it did (:func:`returns_when_interrupted`)
    can, and the tasks it is given after that can return at once."""
    global _in_worker
    _in_worker = True
    signal.signal(signal.SIGINT, _note_interrupt)


def _note_interrupt(number: int, frame: object) -> None:
    global _worker_interrupted
    _worker_interrupted = True


def worker_interrupted() -> bool | None:
    """In a local pool's worker, whether Ctrl-C has reached it; ``None`` in any
    other process (there Ctrl-C raises :class:`KeyboardInterrupt` as usual).

    >>> worker_interrupted() is None
    True
    """
    return _worker_interrupted if _in_worker else None


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
        if self.address:
            check_answers(self.address)  # before Ray's import: an answer in seconds
        ray = import_ray()
        started = False
        if not ray.is_initialized():
            if self.address:
                try:
                    with _ray_joins_briefly_and_quietly():
                        ray.init(address=self.address, log_to_driver=False, logging_level=logging.ERROR)
                except ConnectionError:
                    raise ConnectionError(
                        f"no Ray cluster answers at {self.address} (what answers there is not "
                        "Ray's GCS): start one there ('ray start --head') or run on a local Ray"
                    ) from None
                except ValueError as error:  # an address Ray cannot read
                    raise PokerDealerError(
                        f"cannot use the Ray address {self.address!r}: {error}"
                    ) from None
                except RuntimeError as error:  # a cluster Ray cannot join (another Ray version)
                    first = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
                    raise ConnectionError(f"cannot join the Ray cluster at {self.address}: {first}") from None
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
CONNECT_SECONDS = 4.0

#: Seconds Ray may spend on an address whose port answers before it gives up
#: (one attempt a second; Ray's own default is 20, and more under load).
RAY_JOIN_SECONDS = 2


@contextmanager
def _ray_joins_briefly_and_quietly() -> Iterator[None]:
    """While ``ray.init`` joins a cluster: Ray tries the address for
    :data:`RAY_JOIN_SECONDS` (unless ``RAY_gcs_server_port_wait_time_s`` says
    otherwise), and what it prints meanwhile -- a warning a second from its C++
    core when the address is not a Ray cluster -- is dropped: the command says
    what went wrong in one line."""
    variable = "RAY_gcs_server_port_wait_time_s"
    chosen = os.environ.get(variable)
    os.environ.setdefault(variable, str(RAY_JOIN_SECONDS))
    sys.stderr.flush()
    saved = os.dup(2)
    try:
        with open(os.devnull, "w") as null:
            os.dup2(null.fileno(), 2)
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)
        if chosen is None:
            os.environ.pop(variable, None)


def check_answers(address: str, *, seconds: float = CONNECT_SECONDS) -> None:
    """Fail at once when no Ray cluster can answer at a ``HOST:PORT`` (or
    ``ray://HOST:PORT``) Ray address: nothing listens there, nothing answers
    within ``seconds``, or what answers does not speak gRPC (HTTP/2), as a Ray
    cluster's GCS does. Ray itself retries such an address for a minute or
    more, printing a warning a second, deaf to Ctrl-C. Other addresses
    (``auto``) are left to Ray.

    >>> check_answers("auto")
    >>> check_answers("127.0.0.1:70000")
    Traceback (most recent call last):
    ...
    pokerdealer.errors.PokerDealerError: cannot use the Ray address '127.0.0.1:70000': a port is 1 to 65535
    """
    client = address.startswith("ray://")  # Ray Client: gRPC too
    host, colon, port = address.removeprefix("ray://").rpartition(":")
    if not colon or not port.isdigit():
        return
    if not 1 <= int(port) <= 65535:
        raise PokerDealerError(f"cannot use the Ray address {address!r}: a port is 1 to 65535")
    try:
        with socket.create_connection((host.strip("[]"), int(port)), timeout=seconds) as connection:
            speaks_grpc = _speaks_http2(connection)
    except OSError as error:
        if isinstance(error, TimeoutError):
            reason = f"nothing answered within {seconds:g} s"
        else:
            reason = (error.strerror or str(error)).lower()
    else:
        if speaks_grpc:
            return
        reason = "what listens there does not speak gRPC, as Ray " + ("Client does" if client else "does")
    raise ConnectionError(
        f"no Ray cluster answers at {address} ({reason}): start one there "
        "('ray start --head') or run on a local Ray"
    ) from None


#: The start of every HTTP/2 (gRPC) connection: the client's preface and an empty SETTINGS frame.
HTTP2_PREFACE = b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n" + bytes([0, 0, 0, 4, 0, 0, 0, 0, 0])


def _speaks_http2(connection: socket.socket) -> bool:
    """Whether the server on ``connection`` answers the HTTP/2 preface with its
    SETTINGS frame (frame type 4), as every gRPC server does; a timeout of the
    socket's own raises :class:`TimeoutError`."""
    connection.sendall(HTTP2_PREFACE)
    header = b""
    while len(header) < 9:
        chunk = connection.recv(9 - len(header))
        if not chunk:
            return False
        header += chunk
    return header[3] == 4


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
