"""Long-lived child processes of the tests (``serve``, nginx, PostgreSQL) die with the test
process that started them, however it ends: a finished test stops them itself, but a pytest
stopped with SIGTERM or SIGKILL, or an xdist worker killed, runs no teardown at all. An
interrupted run left two ``serve`` children running 26 minutes.

Linux's parent-death signal does it (``prctl(PR_SET_PDEATHSIG)``): the kernel signals the child
when its parent exits, by any path. It is set by a small wrapper that the child runs first and
that then becomes the command (``exec``), rather than by a ``preexec_fn``, which is not safe in
a process with threads (the tests have a browser's, a websocket client's and Ray's). The signal
goes when the *thread* that started the child exits: start these children from the thread that
lives as long as they must (a fixture's, the test's: pytest's main thread).

An xdist worker ties itself to the pytest that started it the same way
(:func:`die_with_parent`, from ``tests/conftest.py``), so a stopped pytest takes its workers with
it at once, and they their children.
"""

from __future__ import annotations

import ctypes
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

__all__ = [
    "PR_SET_PDEATHSIG", "ChildExited", "NotReady", "bound_to_this_process", "cpu_seconds", "descendants", "die_with_parent",
    "tree_cpu_seconds", "wait_for_exit", "wait_until_ready",
]

#: ``prctl``'s option that sets the signal a process gets when its parent exits (linux/prctl.h).
PR_SET_PDEATHSIG = 1

#: The wrapper: take the user (a root run's PostgreSQL), then the parent-death signal (after
#: the user: changing it clears the signal), exit if the parent is already gone, become the command.
WRAPPER = r"""
import ctypes, os, pwd, sys, warnings  # all imported before the user changes: root's Python may be unreadable to it
parent, sig, user, *command = sys.argv[1:]
if user:
    entry = pwd.getpwnam(user)
    os.setgroups([])
    os.setgid(entry.pw_gid)
    os.setuid(entry.pw_uid)
    os.environ["HOME"] = entry.pw_dir
if ctypes.CDLL(None, use_errno=True).prctl(1, int(sig), 0, 0, 0) != 0:
    sys.exit("prctl(PR_SET_PDEATHSIG): " + os.strerror(ctypes.get_errno()))
if os.getppid() != int(parent):
    sys.exit("the process that started this one has already ended")
os.execvp(command[0], command)
"""


def bound_to_this_process(
    command: Sequence[str], *, by: signal.Signals = signal.SIGKILL, user: str | None = None
) -> list[str]:
    """``command`` as run by the wrapper: it gets ``by`` when this process (this thread) ends;
    ``user``: run as this user (the process must be root's).

    >>> import subprocess
    >>> subprocess.run(bound_to_this_process(["echo", "hello"]), capture_output=True, text=True).stdout
    'hello\\n'
    """
    return [sys.executable, "-I", "-S", "-c", WRAPPER, str(os.getpid()), str(int(by)), user or "", *command]


def die_with_parent(by: signal.Signals = signal.SIGKILL) -> None:
    """This process gets ``by`` when its parent ends (an xdist worker, when its pytest ends)."""
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.prctl(PR_SET_PDEATHSIG, int(by), 0, 0, 0) != 0:
        raise OSError(ctypes.get_errno(), "prctl(PR_SET_PDEATHSIG)")


class ChildExited(RuntimeError):
    """The child ended while it was awaited; ``said`` is the end of its log."""

    def __init__(self, message: str, said: str) -> None:
        super().__init__(message)
        self.said = said


class NotReady(RuntimeError):
    """The child is alive but stopped making progress, or the outer bound passed."""


def cpu_seconds(pid: int) -> float:
    """The CPU time ``pid`` has used, its ended children's included (0 once it is gone).

    >>> cpu_seconds(os.getpid()) > 0
    True
    """
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    # utime, stime, cutime, cstime: the 14th to 17th fields of proc(5), counted after the name.
    return sum(int(f) for f in fields[11:15]) / os.sysconf("SC_CLK_TCK")


def _children() -> dict[int, list[int]]:
    """Every live process's children, by parent pid."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                parent = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except OSError:  # it ended meanwhile
                continue
            children.setdefault(parent, []).append(int(entry.name))
    return children


def descendants(pid: int | None = None) -> dict[int, str]:
    """The live processes started by ``pid`` (this one), and by those, ...: pid -> command line.

    >>> child = subprocess.Popen(["sleep", "5"])
    >>> descendants()[child.pid]
    'sleep 5'
    >>> child.kill(); child.wait()
    -9
    """
    children = _children()
    found: dict[int, str] = {}
    todo = list(children.get(os.getpid() if pid is None else pid, []))
    while todo:
        current = todo.pop()
        try:
            found[current] = Path(f"/proc/{current}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace").strip()
        except OSError:
            continue
        todo += children.get(current, [])
    return found


def tree_cpu_seconds(pid: int) -> float:
    """The CPU time ``pid`` and all its live descendants have used (each with its ended children).

    >>> tree_cpu_seconds(os.getpid()) >= cpu_seconds(os.getpid())
    True
    """
    children = _children()
    total, todo = 0.0, [pid]
    while todo:
        current = todo.pop()
        total += cpu_seconds(current)
        todo += children.get(current, [])
    return total


def wait_for_exit(process: subprocess.Popen[str] | subprocess.Popen[bytes], *, what: str, stalled_after: float = 60) -> int:
    """Wait until ``process`` exits, for as long as it or a process it started uses CPU: a hang
    (a read waiting for good) uses none. Its exit status; :class:`NotReady` if it hangs.

    >>> wait_for_exit(subprocess.Popen(["true"]), what="true")
    0
    """
    try:
        wait_until_ready(
            process, lambda: process.poll() is not None, what=what, stalled_after=stalled_after,
            progress=lambda: tree_cpu_seconds(process.pid),
        )
    except ChildExited:  # it exited between the two looks at it: what was awaited
        pass
    return process.returncode


def wait_until_ready(
    process: subprocess.Popen[bytes] | subprocess.Popen[str], ready: Callable[[], object], *, what: str,
    log: Path | None = None, stalled_after: float = 120, at_most: float = 1200, every: float = 0.1,
    progress: Callable[[], float] | None = None,
) -> None:
    """Wait until ``ready()`` is true, for as long as ``process`` lives and makes progress.

    A starting server's time follows the machine's load: at load 25 ``serve`` took over 60 s
    to import and bind. So the wait has no budget of its own: it ends when the child is ready,
    when it exits (:class:`ChildExited`), or when it is stuck (:class:`NotReady`): no CPU used
    in ``stalled_after`` seconds, or ``at_most`` seconds in all, a bound far past any load
    seen. Either error says what was seen: the time, the CPU the child used, the last answer
    of ``ready`` (an exception counts as not ready) and the end of ``log``. ``progress``: the
    CPU seconds to watch, if not the child's own (e.g. a process tree's).
    """
    cpu = progress or (lambda: cpu_seconds(process.pid))
    started = last_progress = time.monotonic()
    used = cpu()
    last_answer: object = None

    def tail() -> str:
        return log.read_text(errors="replace")[-1500:] if log is not None and log.exists() else ""

    def seen() -> str:
        return (
            f"{what}: after {time.monotonic() - started:.0f} s, {cpu():.1f} s of CPU used; "
            f"last check: {last_answer!r}; log: {tail()}"
        )

    while True:
        try:
            if ready():
                return
            last_answer = "not yet"
        except Exception as error:  # noqa: BLE001 - any failure of the probe means "not ready yet"
            last_answer = error
        if process.poll() is not None:
            raise ChildExited(f"exited with {process.returncode}; " + seen(), tail())
        now = time.monotonic()
        now_used = cpu()
        if now_used > used:
            used, last_progress = now_used, now
        if now - last_progress > stalled_after:
            raise NotReady(f"no CPU used in {stalled_after:.0f} s, given up; " + seen())
        if now - started > at_most:
            raise NotReady(f"not ready in {at_most:.0f} s, given up; " + seen())
        time.sleep(every)
