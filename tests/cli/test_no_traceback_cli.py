"""What a person at the terminal can get wrong -- an output path, an option's range, a
disk that fills -- is one line on standard error, never a traceback: exit status 2
when the command line can put it right, 1 when the machine failed (cli/_app.py).
Run through the console entry, as typed."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from importlib.util import find_spec
from pathlib import Path

import pytest

ENTRY = "import sys; from pokerdealer.cli import main; sys.argv[0] = 'pokerdealer'; main()"

POKERSTARS = (
    Path(__file__).resolve().parents[1] / "history" / "data" / "pokerstars" / "pokerregion-tournament.txt"
)

needs_proc = pytest.mark.skipif(not Path("/proc/self").is_dir(), reason="needs Linux's /proc")


def run(*args: str, stdout: int | None = subprocess.PIPE) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", ENTRY, *args],
        stdin=subprocess.DEVNULL, stdout=stdout, stderr=subprocess.PIPE, text=True, timeout=60,
    )


def one_line(result: subprocess.CompletedProcess[str]) -> str:
    """The one line on standard error (asserted to be the only one, and no traceback)."""
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr
    return lines[0]


@pytest.fixture(scope="module")
def session(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("hands") / "session.phhs"
    assert run("simulate", "--hands", "3", "--players", "3", "--seed", "1", "--out", str(path)).returncode == 0
    return path


@pytest.mark.parametrize(
    ("command", "option"),
    [
        (["convert", str(POKERSTARS)], "--out"),
        (["export", "{session}"], "--out"),
        # The three below would run long (a million hands, an ACPC match): the path is
        # checked before, so they answer at once.
        (["simulate", "--hands", "100000000"], "--out"),
        (["match", "random", "caller", "--hands", "100000000"], "--plot"),
        (["acpc-server", "--hands", "100000"], "--log"),
        (["equity-table", "--classes", "AA,KK"], "--out"),
    ],
)
def test_an_output_in_a_missing_folder_is_one_line_before_any_work(tmp_path, session, command, option):
    suffix = {"--plot": ".png", "--log": ".phhs", "--out": ".phhs"}[option]
    out = tmp_path / "no" / "such" / ("x.parquet" if "equity-table" in command else f"x{suffix}")
    args = [part.format(session=session) for part in command]
    result = run(*args, option, str(out))
    assert result.returncode == 2
    assert one_line(result) == (
        f"error: {option} {out}: there is no folder {out.parent}; "
        "create it first, or write somewhere else"
    )
    assert result.stdout == ""


@needs_proc
@pytest.mark.parametrize(
    ("command", "message"),
    [
        (["export", "{session}", "--out", "/proc/x.txt"],
         "--out /proc/x.txt: cannot create a file in /proc"),
        (["match", "random", "caller", "--plot", "/proc/x.png"],
         "--plot /proc/x.png: cannot create a file in /proc"),
        (["play", "--history", "/proc/xx"], "--history /proc/xx: cannot create a folder in /proc"),
        (["tournament", "--out", "/proc/xx"], "--out /proc/xx: cannot create a folder in /proc"),
    ],
)
def test_an_output_in_a_folder_that_takes_no_files_is_one_line(session, command, message):
    result = run(*(part.format(session=session) for part in command))
    assert result.returncode == 2
    assert one_line(result) == f"error: {message}; choose a folder you may write to"


def test_a_folder_given_for_an_output_file_is_one_line(tmp_path, session):
    result = run("export", str(session), "--out", str(tmp_path))
    assert result.returncode == 2
    assert one_line(result) == f"error: --out {tmp_path} is a folder: give the name of a file to write"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["acpc-server", "--port", "70000"],
         "Invalid value for '--port': Input should be less than or equal to 65535"),
        (["acpc-client", "--port", "0"],
         "Invalid value for '--port': Input should be greater than or equal to 1"),
        (["acpc-client", "--port", "1", "--timeout", "-1"],
         "--timeout must be more than 0 seconds, got -1"),
        (["acpc-server", "--timeout", "0"], "--timeout must be more than 0 seconds, got 0"),
    ],
)
def test_an_option_out_of_its_range_is_one_line_saying_the_range(args, message):
    result = run(*args)
    assert result.returncode == 2
    assert message in one_line(result)


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
def test_a_full_disk_under_standard_output_is_one_line_and_exit_status_1(session):
    with open("/dev/full", "w") as full:
        result = run("export", str(session), stdout=full.fileno())
    assert result.returncode == 1
    assert one_line(result) == (
        "error: cannot write the output: no space left on device; "
        "free some space, or write somewhere else"
    )


def test_a_pipe_whose_reader_left_ends_the_command_quietly_with_status_1():
    read, write = os.pipe()
    os.close(read)  # like `pokerdealer ... | head` once head has had its lines
    try:
        result = run("eval", "As Kd", "--board", "Ad Qs 7h 3c 2d", "--json", stdout=write)
    finally:
        os.close(write)
    assert result.returncode == 1
    assert result.stderr == ""


@pytest.mark.skipif(find_spec("ray") is None, reason="needs the ray extra")
def test_a_ray_cluster_that_does_not_answer_is_one_line_and_exit_status_1():
    with socket.socket() as probe:  # a port nothing listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    result = run("simulate", "--hands", "10", "--ray", f"127.0.0.1:{port}")
    assert result.returncode == 1
    assert one_line(result) == (
        f"error: no Ray cluster answers at 127.0.0.1:{port} (connection refused): "
        "start one there ('ray start --head') or run on a local Ray"
    )


@pytest.mark.skipif(find_spec("ray") is None, reason="needs the ray extra")
def test_an_address_that_accepts_but_never_answers_as_ray_is_one_line_within_10_seconds():
    # A port that takes the connection and says nothing (a firewall's black hole, another
    # service): Ray retried it for 60-90 s, printing a warning a second, deaf to Ctrl-C.
    import threading
    import time

    with socket.socket() as silent:
        silent.bind(("127.0.0.1", 0))
        silent.listen(4)
        port = silent.getsockname()[1]
        held: list[socket.socket] = []
        threading.Thread(target=lambda: held.append(silent.accept()[0]), daemon=True).start()
        started = time.monotonic()
        result = run("simulate", "--hands", "10", "--ray", f"127.0.0.1:{port}")
        elapsed = time.monotonic() - started
        for connection in held:
            connection.close()
    assert result.returncode == 1
    assert one_line(result) == (
        f"error: no Ray cluster answers at 127.0.0.1:{port} (nothing answered within 4 s): "
        "start one there ('ray start --head') or run on a local Ray"
    )
    assert elapsed < 10, elapsed
