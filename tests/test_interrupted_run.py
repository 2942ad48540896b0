"""An interrupted test run leaves no process behind: its ``pokerdealer serve`` children (and
everything else they or the xdist workers started) end with it, however it is stopped.

Each case runs ``tests/server/held_open.py`` (a test that holds a server open) in a child
pytest, waits until the server starts (or answers), interrupts the run, and then looks for any
process still carrying the run's mark in its environment. Before tests/processes.py, each of
these three left the ``serve`` running for good.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import uuid
from collections.abc import Callable
from pathlib import Path

import httpx
import pytest

from tests.processes import cpu_seconds, wait_until_ready

ROOT = Path(__file__).resolve().parents[1]
HELD = "tests/server/held_open.py"


def marked(mark: str) -> dict[int, str]:
    """The live processes (zombies are not) whose environment carries ``mark``: pid -> command line."""
    found: dict[int, str] = {}
    needle = f"POKERDEALER_TEST_RUN={mark}".encode()
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            if needle not in (entry / "environ").read_bytes():
                continue
            if (entry / "stat").read_text().rsplit(")", 1)[1].split()[0] in ("Z", "X"):
                continue
            found[int(entry.name)] = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except OSError:  # it ended meanwhile
            continue
    return found


def parent_of(pid: int) -> int:
    return int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1])


class HeldRun:
    """A child pytest holding a server open, in its own session (as a terminal's job)."""

    def __init__(self, tmp_path: Path, *options: str) -> None:
        self.mark = uuid.uuid4().hex
        self.out = tmp_path / "pytest.out"
        env = {**os.environ, "POKERDEALER_TEST_RUN": self.mark}
        with self.out.open("wb") as out:
            self.pytest = subprocess.Popen(
                [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-o", "addopts=", "-q", *options, HELD],
                cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True,
                # SIGINT as at a terminal, even where this suite runs with it ignored (a background job).
                preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
            )

    def serve(self, *, answering: bool) -> int:
        """Wait until the held server is started, or answers (as long as the run works at it); its pid."""
        found: list[int] = []

        def answers() -> bool:
            for pid, command in marked(self.mark).items():
                if " serve " in command:
                    port = command.split(" --port ")[1].split()[0]
                    if not answering or httpx.get(f"http://127.0.0.1:{port}/api/tables", timeout=5).status_code == 200:
                        found.append(pid)
                        return True
            return False

        def run_cpu() -> float:
            return sum(cpu_seconds(pid) for pid in marked(self.mark))

        wait_until_ready(self.pytest, answers, what="the held server", log=self.out, progress=run_cpu)
        return found[0]

    def left_behind(self) -> dict[int, str]:
        """Once pytest has ended: the processes of the run still alive a while after (none, or
        the ones that stay: a process killed by its parent's end goes at once)."""
        self.pytest.wait(600)
        for _ in range(100):
            left = marked(self.mark)
            if not left:
                return {}
            time.sleep(0.3)
        return left

    def said(self) -> str:
        return self.out.read_text(errors="replace")

    def clean_up(self) -> None:
        if self.pytest.poll() is None:
            os.killpg(self.pytest.pid, signal.SIGKILL)
            self.pytest.wait()
        for pid in marked(self.mark):
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:
                pass


def sigint_to_pytest(run: HeldRun, serve: int) -> None:
    run.pytest.send_signal(signal.SIGINT)


def sigterm_to_pytest(run: HeldRun, serve: int) -> None:
    run.pytest.send_signal(signal.SIGTERM)


def sigkill_to_the_worker(run: HeldRun, serve: int) -> None:
    os.kill(parent_of(serve), signal.SIGKILL)


@pytest.mark.parametrize(
    ("options", "answering", "interrupt", "shows"),
    [
        # Ctrl-C reaching pytest alone (a terminal's reaches the server too, which then stops
        # itself) while the server starts: under load that is a minute or more of each test.
        (("-p", "no:xdist"), False, sigint_to_pytest, "KeyboardInterrupt"),
        # A CI runner's or timeout's stop: pytest ends at once, no teardown anywhere.
        (("-n", "1"), False, sigterm_to_pytest, ""),
        # A worker killed (out of memory, say) in the test (no new one: the run then ends).
        (("-n", "1", "--max-worker-restart", "0"), True, sigkill_to_the_worker, "crashed while running"),
    ],
    ids=["sigint-to-pytest", "sigterm-to-pytest", "sigkill-to-the-worker"],
)
def test_an_interrupted_run_leaves_no_process_behind(
    tmp_path: Path, options: tuple[str, ...], answering: bool, interrupt: Callable[[HeldRun, int], None], shows: str
) -> None:
    run = HeldRun(tmp_path, *options)
    try:
        serve = run.serve(answering=answering)
        interrupt(run, serve)
        assert run.left_behind() == {}, run.said()[-3000:]
        assert shows in run.said()
        assert "1 passed" not in run.said()  # interrupted mid-test: the held test never ends
    finally:
        run.clean_up()
