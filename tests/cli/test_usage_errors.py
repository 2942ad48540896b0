"""Usage errors from the console script read like any other bad input: one line, exit 2."""

from __future__ import annotations

import subprocess
import sys

import pytest

ENTRY = "import sys; from pokerdealer.cli import main; sys.argv[0] = 'pokerdealer'; main()"


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", ENTRY, *args], capture_output=True, text=True, timeout=60
    )


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("eval",), "Missing argument"),
        (("eval", "As Kd", "--bogus"), "No such option: --bogus"),
        (("no-such-command",), "No such command"),
    ],
)
def test_a_usage_error_is_one_line_and_exit_status_2(args, message):
    result = run(*args)
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("error: ") and message in lines[0]
    assert "Traceback" not in result.stderr


def test_a_good_command_exits_0_through_the_console_entry():
    result = run("eval", "As Kd", "--board", "Ad Qs 7h 3c 2d", "--json")
    assert result.returncode == 0
    assert '"category": "one_pair"' in result.stdout
