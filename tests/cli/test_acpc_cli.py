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


def _start_server(*options: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [*RUN, "acpc-server", "--players", "2", "--port", "0", "--seed", "3", "--timeout", "60",
         *options],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )


def _start_clients(port: str, *options: str) -> list[subprocess.Popen[str]]:
    return [
        subprocess.Popen(
            [*RUN, "acpc-client", "--port", port, "--bot", bot, "--seed", "1", *options],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        )
        for bot in ("tight", "random")
    ]


def _kill(*processes: subprocess.Popen[str]) -> None:
    for process in processes:
        if process.poll() is None:
            process.kill()
            process.wait()
        for pipe in (process.stdout, process.stderr):  # a failed test leaves them open
            if pipe is not None:
                pipe.close()


def test_server_and_two_clients_play_a_match(tmp_path):
    log = tmp_path / "match.phhs"
    server = _start_server("--hands", "50", "--log", str(log), "--json")
    clients: list[subprocess.Popen[str]] = []
    try:
        # With --json the port line is on standard error: standard output is the JSON alone.
        first = server.stderr.readline()
        assert first.startswith("port "), first
        port = first.split()[1]
        clients = _start_clients(port, "--json")
        out, err = server.communicate(timeout=TIMEOUT)
        assert server.returncode == 0, err
        data = json.loads(out)
        assert data["port"] == int(port)
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
        _kill(server, *clients)


def test_server_without_json_prints_the_port_line_first_on_stdout():
    server = _start_server("--hands", "3")
    clients: list[subprocess.Popen[str]] = []
    try:
        first = server.stdout.readline()
        assert first.startswith("port "), first
        clients = _start_clients(first.split()[1])
        out, err = server.communicate(timeout=TIMEOUT)
        assert server.returncode == 0, err
        lines = out.splitlines()
        assert [line.split(":")[0] for line in lines] == ["client1", "client2"]
        assert all(line.endswith("chips over 3 hands") for line in lines)
        for client in clients:
            client.communicate(timeout=TIMEOUT)
    finally:
        _kill(server, *clients)


def test_client_without_a_dealer_fails_in_one_line():
    result = CliRunner().invoke(app, ["acpc-client", "--port", "1", "--timeout", "1"])
    assert result.exit_code == 2
    assert "cannot connect" in result.output and "Traceback" not in result.output


def test_server_bad_options_fail_in_one_line():
    result = CliRunner().invoke(app, ["acpc-server", "--players", "11", "--hands", "1"])
    assert result.exit_code == 2 and "Traceback" not in result.output


def test_client_json_reports_an_odd_chip_split_as_a_decimal():
    from tests.acpc.test_loopback import ODD_CHIP_SPLIT, scripted_dealer

    port, thread = scripted_dealer([ODD_CHIP_SPLIT])
    result = CliRunner().invoke(
        app, ["acpc-client", "--port", str(port), "--players", "3", "--bot", "caller", "--json"]
    )
    thread.join(TIMEOUT)
    assert result.exit_code == 0, result.output
    assert json.loads(result.output) == {"hands": 1, "actions": 0, "chips": 100.5}
