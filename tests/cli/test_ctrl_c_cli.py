"""Ctrl-C stops a long run at once, prints what it had done, and exits with status 130.

Each command runs as at a terminal: standard error on a pseudo-terminal (so the
progress bar shows, and the test waits for it rather than for a time), in its own
process group, which SIGINT is sent to as a terminal sends Ctrl-C (worker
processes get it too).
"""

from __future__ import annotations

import json
import os
import pty
import re
import select
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pokerdealer.cli import app
from pokerdealer.history import load_all

ENTRY = "import sys; from pokerdealer.cli import main; sys.argv[0] = 'pokerdealer'; main()"

#: Seconds from Ctrl-C to the exit that count as "at once", with room for a busy
#: machine (on a quiet one it is about 0.1 s).
PROMPT = 3.0


class AtATerminal:
    """A command with standard error on a pseudo-terminal; standard output to a file."""

    def __init__(self, tmp_path: Path, *args: str, stdin: int = subprocess.DEVNULL) -> None:
        self.master, slave = pty.openpty()
        self.out_path = tmp_path / "stdout"
        env = {**os.environ, "COLUMNS": "120", "LINES": "40"}
        env.pop("TTY_COMPATIBLE", None)
        with self.out_path.open("w") as out:
            self.process = subprocess.Popen(
                [sys.executable, "-c", ENTRY, *args],
                stdin=stdin, stdout=out, stderr=slave, env=env, start_new_session=True,
                # As at a terminal, even when these tests run where SIGINT is ignored
                # (a shell's background job): Python then leaves it ignored.
                preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
            )
        os.close(slave)
        self.screen = ""

    def _read(self, timeout: float) -> bool:
        """Read what the terminal shows within ``timeout``; False once the command has ended."""
        ready, _, _ = select.select([self.master], [], [], timeout)
        if not ready:
            return True
        try:
            chunk = os.read(self.master, 65536)
        except OSError:  # EIO: the command closed its side
            chunk = b""
        self.screen += chunk.decode(errors="replace")
        return bool(chunk)

    def wait_for(self, pattern: str, timeout: float = 60) -> None:
        """Wait until the terminal shows ``pattern`` (a regular expression)."""
        deadline = time.monotonic() + timeout
        while not re.search(pattern, self.screen):
            left = deadline - time.monotonic()
            if left <= 0 or not self._read(min(left, 1.0)):
                self.process.kill()
                pytest.fail(f"never showed {pattern!r}: {self.screen!r}")

    def ctrl_c(self) -> tuple[float, str, str]:
        """Send Ctrl-C; returns the seconds to the exit, standard output and the
        terminal's text after Ctrl-C (the exit status is ``self.process.returncode``).
        No process of the command (a worker) may be left behind."""
        shown = len(self.screen)
        started = time.monotonic()
        os.killpg(self.process.pid, signal.SIGINT)
        try:
            while self.process.poll() is None and time.monotonic() - started < 30:
                self._read(0.05)
            elapsed = time.monotonic() - started
            left_behind = self._group_outlives()
        finally:
            try:  # whatever did not stop, so that a failing test leaves nothing running
                os.killpg(self.process.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            self.process.wait()
            self._drain()
            os.close(self.master)
        assert not left_behind, f"left running after Ctrl-C: {left_behind} ({self.screen[shown:]!r})"
        return elapsed, self.out_path.read_text(), self.screen[shown:]

    def _group_outlives(self, seconds: float = 5.0) -> list[str]:
        """The processes of the command's group still there ``seconds`` after it ended."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            try:
                os.killpg(self.process.pid, 0)
            except ProcessLookupError:
                return []
            self.process.poll()  # reap the command itself
            time.sleep(0.05)
        left = []
        for stat in Path("/proc").glob("[0-9]*/stat"):
            try:
                fields = stat.read_text().rsplit(")", 1)[1].split()
                if int(fields[2]) == self.process.pid:  # the process group
                    command = (stat.parent / "cmdline").read_bytes().replace(b"\0", b" ")
                    left.append(f"{stat.parent.name} {fields[0]} {command.decode()[:100]}")
            except (OSError, IndexError, ValueError):
                continue
        return left

    def _drain(self) -> None:
        """Read what is left on the terminal, without waiting for more."""
        while select.select([self.master], [], [], 0.1)[0]:
            try:
                chunk = os.read(self.master, 65536)
            except OSError:  # EIO: every writer has closed its side
                return
            if not chunk:
                return
            self.screen += chunk.decode(errors="replace")


def group_processes(run: AtATerminal) -> dict[int, str]:
    """The other processes of the command's group (its workers, the forkserver): pid -> command line."""
    found = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
            pid = int(stat.parent.name)
            if int(fields[2]) == run.process.pid and pid != run.process.pid:
                found[pid] = (stat.parent / "cmdline").read_bytes().replace(b"\0", b" ").decode()
        except (OSError, IndexError, ValueError):
            continue
    return found


def _sigint_in(pid: int, *masks: str) -> bool:
    status = dict(
        line.split(":", 1) for line in Path(f"/proc/{pid}/status").read_text().splitlines() if ":" in line
    )
    return any(int(status[mask], 16) & (1 << (signal.SIGINT - 1)) for mask in masks)


def sigint_handled(pid: int) -> bool:
    """Whether process ``pid`` catches or ignores SIGINT (Python has started, or it ignores it)."""
    return _sigint_in(pid, "SigCgt", "SigIgn")


def sigint_ignored(pid: int) -> bool:
    """Whether process ``pid`` ignores SIGINT."""
    return _sigint_in(pid, "SigIgn")


def cpu_seconds(pid: int) -> float:
    """User and system CPU time process ``pid`` has used."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def wait_until(ready: Callable[[], bool], run: AtATerminal, timeout: float = 60) -> None:
    """Wait for a state the command reaches (a file written), not for a time."""
    deadline = time.monotonic() + timeout
    while not ready():
        assert time.monotonic() < deadline and run.process.poll() is None, run.screen
        time.sleep(0.05)


def interrupted_line(after: str) -> str:
    """The ``interrupted: ...`` line of what the terminal showed (its escapes removed)."""
    text = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", after).replace("\r", "\n")
    lines = [line for line in text.splitlines() if line.startswith("interrupted: ")]
    assert len(lines) == 1, text
    return lines[0]


def test_simulate_on_worker_processes_stops_and_reports_the_first_hands_played(tmp_path):
    hands = tmp_path / "hands.phhs"
    run = AtATerminal(
        tmp_path, "simulate", "--hands", "1000000", "--workers", "2", "--seed", "7", "--json",
        "--out", str(hands),
    )
    wait_until(lambda: hands.exists() and hands.stat().st_size > 0, run)  # the first hands are in
    elapsed, out, after = run.ctrl_c()
    assert run.process.returncode == 130
    assert elapsed < PROMPT
    played = json.loads(out)["hands"]
    assert played > 0
    assert interrupted_line(after) == (
        f"interrupted: {played:,} of 1,000,000 hands played (the first ones; the result above is theirs)"
    )
    assert "Traceback" not in after
    # The partial result is the one a run of that many hands gives, and --out holds them.
    assert len(load_all(hands)) == played
    again = CliRunner().invoke(
        app, ["simulate", "--hands", str(played), "--workers", "1", "--seed", "7", "--json"]
    )
    timing = ("seconds", "hands_per_second")
    assert {k: v for k, v in json.loads(again.stdout).items() if k not in timing} == {
        k: v for k, v in json.loads(out).items() if k not in timing
    }


def test_a_match_stops_and_reports_the_hands_played(tmp_path):
    run = AtATerminal(tmp_path, "match", "random", "caller", "--hands", "10000000", "--seed", "1")
    run.wait_for(r"match.*[1-9]\d*/10000000")
    elapsed, out, after = run.ctrl_c()
    assert run.process.returncode == 130
    assert elapsed < PROMPT
    played = int(re.search(r"(\d+) hands \(plain", out)[1])
    assert played > 0 and "random" in out and "caller" in out
    assert interrupted_line(after) == f"interrupted: {played:,} of 10,000,000 hands played"


def test_a_tournament_stops_and_says_how_far_it_got(tmp_path):
    out_dir = tmp_path / "hands"
    run = AtATerminal(tmp_path, "tournament", "--entrants", "2000", "--seed", "3", "--out", str(out_dir))
    wait_until((out_dir / "hand-000001.phh").exists, run)  # the event is dealing
    elapsed, out, after = run.ctrl_c()
    assert run.process.returncode == 130
    assert elapsed < PROMPT
    written = len(list(out_dir.glob("hand-*.phh")))
    assert re.fullmatch(
        rf"interrupted: [\d,]+ hands played, [\d,]+ of 2,000 entrants still in at [\d,]+ tables, "
        rf"seed 3; {written:,} hand histories written to {re.escape(str(out_dir))}",
        interrupted_line(after),
    )
    assert out == ""


def test_monte_carlo_equity_stops_and_prints_its_estimate_so_far(tmp_path):
    run = AtATerminal(tmp_path, "equity", "AKs", "QQ", "random", "--samples", "1000000000", "--json")
    run.wait_for(r"equity.*\d+%")  # the bar shows once the run has gone on a moment
    elapsed, out, after = run.ctrl_c()
    assert run.process.returncode == 130
    assert elapsed < PROMPT
    result = json.loads(out)
    assert result["method"] == "monte_carlo" and result["boards"] > 0
    assert abs(sum(player["equity"] for player in result["players"]) - 1) < 1e-9
    assert interrupted_line(after) == (
        f"interrupted: Monte Carlo stopped after {result['boards']:,} samples; the estimate above is theirs"
    )


def test_an_exact_equity_enumeration_stops_and_says_how_far_it_got(tmp_path):
    run = AtATerminal(tmp_path, "equity", "22+", "random", "--exact")
    run.wait_for(r"equity.*\d+%")
    elapsed, out, after = run.ctrl_c()
    assert run.process.returncode == 130
    assert elapsed < PROMPT
    assert out == ""  # no result: a part of an enumeration is not one
    assert re.fullmatch(
        r"interrupted: the exact enumeration was \d+% done, and gives no result until it is whole "
        r"\(--monte-carlo --seconds 10 gives an estimate sooner\)",
        interrupted_line(after),
    )


def test_ctrl_c_while_the_forkserver_imports_prints_no_traceback(tmp_path):
    # The forkserver imports pokerdealer and NumPy before it starts the workers (a second on a busy
    # machine): a Ctrl-C then printed its KeyboardInterrupt traceback, and a worker it forked after
    # the pool was gone a FileNotFoundError one, under the command's own "interrupted" line.
    run = AtATerminal(tmp_path, "simulate", "--hands", "1000000", "--workers", "2", "--seed", "7")

    def forkserver_started() -> bool:
        # Its Python runs (the command line is its own) and says what SIGINT does to it, and the
        # command is past starting it (during that call of milliseconds it ignores SIGINT itself).
        servers = [pid for pid, command in group_processes(run).items() if "forkserver" in command]
        try:
            return bool(servers) and sigint_handled(servers[0]) and not sigint_ignored(run.process.pid)
        except OSError:  # gone meanwhile
            return False

    wait_until(forkserver_started, run)
    elapsed, out, after = run.ctrl_c()
    assert run.process.returncode == 130
    assert elapsed < PROMPT
    assert "Traceback" not in after and "Error" not in after, after
    assert interrupted_line(after).startswith("interrupted: 0 of 1,000,000 hands played")


def test_simulate_on_workers_counts_the_hands_of_the_blocks_not_finished(tmp_path):
    # Slow bots (about 20 s a 500-hand block under load): Ctrl-C before any block has finished.
    # Each worker ends the hand it is playing and sends its hands back; the first block's count.
    hands = tmp_path / "hands.phhs"
    args = ["simulate", "--players", "6", "--bots", "regular,loose", "--hands", "100000", "--seed", "5"]
    run = AtATerminal(tmp_path, *args, "--workers", "2", "--json", "--out", str(hands))

    def workers_played_a_while() -> bool:
        servers = [pid for pid, command in group_processes(run).items() if "forkserver" in command]
        try:  # the workers are the forkserver's children
            workers = [int(pid) for pid in Path(f"/proc/{min(servers)}/task/{min(servers)}/children").read_text().split()]
            # 2.5 s of CPU each: a worker's imports took up to about 1 s of it, and at 0.5 s a
            # worker could still be importing (CI: 0 hands played); a block is about 5 s at rest.
            return len(workers) == 2 and min(cpu_seconds(pid) for pid in workers) > 2.5
        except (OSError, ValueError):
            return False

    wait_until(workers_played_a_while, run)
    assert not hands.stat().st_size  # no block has finished: before, the run reported 0 hands
    elapsed, out, after = run.ctrl_c()
    assert run.process.returncode == 130
    assert elapsed < PROMPT
    played = json.loads(out)["hands"]
    assert 0 < played < 504
    assert interrupted_line(after) == (
        f"interrupted: {played:,} of 100,000 hands played (the first ones; the result above is theirs)"
    )
    assert len(load_all(hands)) == played
    again = CliRunner().invoke(app, [*args, "--hands", str(played), "--workers", "1", "--json"])
    timing = ("seconds", "hands_per_second")
    assert {k: v for k, v in json.loads(again.stdout).items() if k not in timing} == {
        k: v for k, v in json.loads(out).items() if k not in timing
    }


def test_simulate_in_one_process_counts_the_hands_of_the_block_it_was_playing(tmp_path):
    args = ["simulate", "--players", "6", "--bots", "regular,loose", "--hands", "100000", "--seed", "5"]
    run = AtATerminal(tmp_path, *args, "--workers", "1", "--json")
    wait_until(lambda: cpu_seconds(run.process.pid) > 2.0, run)  # playing (start-up takes about 1 s)
    elapsed, out, after = run.ctrl_c()
    assert run.process.returncode == 130
    assert elapsed < PROMPT
    played = json.loads(out)["hands"]
    assert played > 0
    assert interrupted_line(after).startswith(f"interrupted: {played:,} of 100,000 hands played")


def test_the_equity_table_shows_its_parts_and_says_how_far_it_got(tmp_path):
    out_file = tmp_path / "table.parquet"
    run = AtATerminal(tmp_path, "equity-table", "--classes", "AA,KK,AKs,72o", "--out", str(out_file), "--workers", "2")
    run.wait_for(r"equity table.* \d+/64")  # the parts are counted from the start (it showed 0/?)
    elapsed, out, after = run.ctrl_c()
    assert run.process.returncode == 130
    assert elapsed < PROMPT
    assert re.fullmatch(
        rf"interrupted: the equity table was \d+% done \(\d+ of 64 parts of the boards\) after [\d a-z]+, "
        rf"and is written only whole: nothing was written to {re.escape(str(out_file))} "
        rf"\(fewer --classes take less time\)",
        interrupted_line(after),
    )
    assert not out_file.exists() and out == ""


def test_play_stopped_by_ctrl_c_says_how_many_hands_were_played(tmp_path):
    read, write = os.pipe()
    run = AtATerminal(tmp_path, "play", "--players", "3", "--seed", "1", stdin=read)
    os.close(read)
    try:
        while "Hand #3" not in run.out_path.read_text():  # answer "call" until the third hand
            assert run.process.poll() is None, run.out_path.read_text()
            os.write(write, b"c\n")
            time.sleep(0.2)
        elapsed, out, after = run.ctrl_c()  # waiting on our next answer
    finally:
        os.close(write)
    assert run.process.returncode == 130
    assert elapsed < PROMPT
    assert "Traceback" not in after
    assert re.search(r"\n2 hand\(s\) played; your stack: \d+\n$", out), out[-300:]

