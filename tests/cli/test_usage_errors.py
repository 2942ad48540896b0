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


@pytest.mark.parametrize("args", [(), ("db",)])
def test_a_bare_group_prints_its_help_on_stdout_and_exits_0(args):
    result = run(*args)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith(f"Usage: {' '.join(('pokerdealer', *args))} ") and "Commands:" in result.stdout
    assert result.stderr == ""


def test_version_prints_the_installed_version_that_pyproject_declares():
    import tomllib
    from importlib.metadata import version
    from pathlib import Path

    declared = tomllib.loads((Path(__file__).parents[2] / "pyproject.toml").read_text(encoding="utf-8"))
    result = run("--version")
    assert result.returncode == 0, result.stderr
    assert result.stdout == f"pokerdealer {declared['project']['version']}\n"
    assert version("pokerdealer") == declared["project"]["version"]


@pytest.mark.parametrize("args", [("-h",), ("showdown", "-h"), ("db", "upgrade", "-h")])
def test_dash_h_is_help_for_the_program_and_every_command(args):
    result = run(*args)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith(f"Usage: {' '.join(('pokerdealer', *args[:-1]))} ")
    assert "-h, --help" in result.stdout


@pytest.mark.parametrize(
    ("args", "command"),
    [(("showdown", "--board"), "pokerdealer showdown"), (("db", "upgrade", "--revision"), "pokerdealer db upgrade")],
)
def test_an_option_without_its_value_points_to_its_own_command_s_help(args, command):
    result = run(*args)
    assert result.returncode == 2
    assert result.stderr == f"error: Option '{args[-1]}' requires an argument. (see '{command} --help')\n"
