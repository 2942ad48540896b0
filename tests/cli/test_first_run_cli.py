"""What a first run writes is said: the evaluator's tables (once, where, and how to
move them), and a failed ``db upgrade`` leaves no database behind."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from pokerdealer._first_run import TABLE_FILE_MB

ENTRY = "import sys; from pokerdealer.cli import main; sys.argv[0] = 'pokerdealer'; main()"


def run(*args: str, env: dict[str, str] | None = None, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", ENTRY, *args], capture_output=True, text=True, timeout=300,
        env={**os.environ, **(env or {})}, cwd=cwd,
    )


def test_the_first_eval_says_once_that_it_builds_the_tables_and_where(tmp_path: Path) -> None:
    # The build itself is the point (a few seconds of CPU): an empty cache folder of its own.
    cache = tmp_path / "cache"
    first = run("eval", "As Kd", "--board", "Ad Qs 7h 3c 2d", env={"POKERDEALER_CACHE": str(cache)})
    assert first.returncode == 0, first.stderr
    assert first.stderr == (
        f"building the hand evaluator's tables, once for this machine: a few seconds and {TABLE_FILE_MB} MB "
        f"in {cache} (set POKERDEALER_CACHE to keep them elsewhere)\n"
    )
    (table,) = cache.glob("tables-*.bin")
    assert round(table.stat().st_size / 2**20) == TABLE_FILE_MB or round(table.stat().st_size / 1e6) == TABLE_FILE_MB
    again = run("eval", "As Kd", "--board", "Ad Qs 7h 3c 2d", env={"POKERDEALER_CACHE": str(cache)})
    assert again.returncode == 0 and again.stderr == ""
    assert again.stdout == first.stdout


def test_an_unknown_revision_is_refused_before_a_database_is_made(tmp_path: Path) -> None:
    result = run("db", "upgrade", "--revision", "nonsense", cwd=tmp_path)
    assert result.returncode == 2
    assert result.stderr.startswith("error: --revision 'nonsense': no such schema revision; give head or one of 0001")
    assert result.stderr.count("\n") == 1
    assert list(tmp_path.iterdir()) == []  # it left a 12 KB pokerdealer.db
