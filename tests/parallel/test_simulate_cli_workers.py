"""``pokerdealer simulate --workers N / --ray ADDRESS``: same output whatever runs it."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from pokerdealer.cli import app
from pokerdealer.history import load_all

runner = CliRunner()

BASE = ["simulate", "--players", "4", "--hands", "1100", "--bots", "tight,caller", "--seed", "5", "--json"]


def _bots(*extra: str) -> list[dict]:
    result = runner.invoke(app, [*BASE, *extra])
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["hands"] == 1100
    return data["bots"]


def test_workers_do_not_change_the_result(tmp_path):
    one = _bots("--workers", "1")
    assert _bots("--workers", "2") == one
    path = tmp_path / "run.phhs"
    assert _bots("--workers", "2", "--out", str(path)) == one
    histories = load_all(path)
    assert len(histories) == 1100


def test_bad_workers_is_one_line():
    result = runner.invoke(app, ["simulate", "--hands", "5", "--workers", "0"])
    assert result.exit_code == 2
    assert "--workers must be >= 1" in result.stderr
