"""The ``acpc-server`` and ``acpc-client`` commands, as separate processes on loopback."""

from __future__ import annotations

import json
import subprocess
import sys

from typer.testing import CliRunner

from pokerdealer.cli import app
from pokerdealer.history import load_all

RUN = [sys.executable, "-c", "from pokerdealer.cli import main; main()"]
TIMEOUT = 60


def test_server_and_two_clients_play_a_match(tmp_path):
    log = tmp_path / "match.phhs"
    server = subprocess.Popen(
        [*RUN, "acpc-server", "--players", "2", "--hands", "50", "--port", "0", "--seed", "3",
         "--log", str(log), "--json"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    clients = []
    try:
        first = server.stdout.readline()
        assert first.startswith("port "), first
        port = first.split()[1]
        for bot in ("tight", "random"):
            clients.append(subprocess.Popen(
                [*RUN, "acpc-client", "--port", port, "--bot", bot, "--seed", "1", "--json"],
                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
            ))
        out, err = server.communicate(timeout=TIMEOUT)
        assert server.returncode == 0, err
        data = json.loads(out)
        assert data["hands"] == 50 and data["log"] == str(log)
        assert [p["name"] for p in data["players"]] == ["client1", "client2"]
        assert sum(p["chips"] for p in data["players"]) == 0
        seen = []
        for client in clients:
            c_out, c_err = client.communicate(timeout=TIMEOUT)
            assert client.returncode == 0, c_err
            seen.append(json.loads(c_out))
        assert [s["hands"] for s in seen] == [50, 50]
        assert sorted(s["chips"] for s in seen) == sorted(p["chips"] for p in data["players"])
        assert len(load_all(log)) == 50
    finally:
        for process in (server, *clients):
            if process.poll() is None:
                process.kill()
                process.wait()


def test_client_without_a_dealer_fails_in_one_line():
    result = CliRunner().invoke(app, ["acpc-client", "--port", "1", "--timeout", "1"])
    assert result.exit_code == 2
    assert "cannot connect" in result.output and "Traceback" not in result.output


def test_server_bad_options_fail_in_one_line():
    result = CliRunner().invoke(app, ["acpc-server", "--players", "11", "--hands", "1"])
    assert result.exit_code == 2 and "Traceback" not in result.output
