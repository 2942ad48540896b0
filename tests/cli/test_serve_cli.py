"""``pokerdealer serve``'s options: bad ones get one line and exit 2; TLS with
--certfile/--keyfile; a warning when it listens beyond loopback without TLS."""

from __future__ import annotations

import re
import shutil
import socket
import subprocess
import sys
from pathlib import Path

import httpx
import pytest

from tests.processes import ChildExited, bound_to_this_process, wait_until_ready

ENTRY = "import sys; from pokerdealer.cli import main; sys.argv[0] = 'pokerdealer'; main()"


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", ENTRY, *args], capture_output=True, text=True, timeout=120)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def one_line_error(result: subprocess.CompletedProcess[str]) -> str:
    assert result.returncode == 2, result.stderr
    assert "Traceback" not in result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("error: ")
    return lines[0]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--port", "70000"), "Invalid value for '--port': Input should be less than or equal to 65535"),
        (("--port", "0"), "Invalid value for '--port': Input should be greater than or equal to 1"),
        (("--log-level", "loud"), "--log-level must be one of critical, error, warning, info, debug, trace"),
        (("--certfile", "cert.pem"), "--certfile and --keyfile go together"),
        (("--certfile", "nope.pem", "--keyfile", "nope.key"), "cannot use the certificate nope.pem with the key nope.key"),
        (("--node", "n" * 201), "--node must be 1 to 200 characters"),
        (("--db", "mysql://u:pw@db.example/poker"),
         "--db mysql://u:***@db.example/poker: the room runs on SQLite or PostgreSQL only; give a file name "
         "(SQLite, e.g. pokerdealer.db) or postgresql://user:password@host/name"),
    ],
)
def test_a_bad_serve_option_is_one_line_and_exit_2(tmp_path: Path, args: tuple[str, ...], message: str) -> None:
    line = one_line_error(run("serve", "--db", str(tmp_path / "room.db"), "--no-demo", *args))
    assert message in line
    assert not (tmp_path / "room.db").exists()  # refused before anything was made


def test_only_loopback_addresses_count_as_this_machine() -> None:
    from pokerdealer.cli.serve import is_loopback

    assert all(is_loopback(h) for h in ("127.0.0.1", "127.8.9.10", "::1", "localhost", "LOCALHOST"))
    assert not any(is_loopback(h) for h in ("0.0.0.0", "::", "", "192.168.1.5", "poker.example.org"))


def _start(*args: str) -> tuple[subprocess.Popen[str], list[str]]:
    proc = subprocess.Popen(
        bound_to_this_process([sys.executable, "-c", ENTRY, "serve", "--no-demo", *args]),
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
    )
    return proc, []


def _stop(proc: subprocess.Popen[str]) -> str:
    proc.terminate()
    try:
        out, _ = proc.communicate(timeout=20)
    except subprocess.TimeoutExpired:
        proc.kill()
        out, _ = proc.communicate(timeout=10)
    return out


def test_serve_warns_when_it_listens_beyond_loopback_without_tls(tmp_path: Path) -> None:
    from pokerdealer.cli.serve import plain_http_warning

    port = free_port()
    proc, _ = _start("--host", "0.0.0.0", "--port", str(port), "--db", str(tmp_path / "room.db"))
    try:
        _wait_until_served(proc, f"http://127.0.0.1:{port}/api/tables", verify=True)
    finally:
        out = _stop(proc)
    assert plain_http_warning("0.0.0.0") in out.replace("\n", " ") or plain_http_warning("0.0.0.0") in out
    # The banner is one line off a terminal, however long (it wrapped at 80 columns).
    assert re.search(rf"^pokerdealer room on http://0\.0\.0\.0:{port}/  \(database sqlite:///\S+, node \S+\)$", out, re.M), out
    assert plain_http_warning("0.0.0.0").startswith(
        "warning: serving plain HTTP on 0.0.0.0: seat tokens, names and chat cross the network unencrypted"
    )


def _wait_until_served(proc: subprocess.Popen[str], url: str, *, verify: bool) -> httpx.Response:
    answers: list[httpx.Response] = []
    try:
        wait_until_ready(proc, lambda: answers.append(httpx.get(url, timeout=5, verify=verify)) is None, what="serve")
    except ChildExited as exited:
        raise AssertionError(f"serve exited: {proc.stdout.read() if proc.stdout else ''}") from exited
    return answers[0]


def _self_signed(folder: Path) -> tuple[Path, Path]:
    openssl = shutil.which("openssl")
    if openssl is None:
        pytest.fail("the TLS test makes its certificate with openssl: apt-get install -y openssl", pytrace=False)
    cert, key = folder / "cert.pem", folder / "key.pem"
    subprocess.run(
        [openssl, "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
         "-keyout", str(key), "-out", str(cert), "-days", "1", "-subj", "/CN=localhost",
         "-addext", "subjectAltName=IP:127.0.0.1"],
        check=True, capture_output=True, timeout=60,
    )
    return cert, key


def test_serve_with_a_certificate_serves_https_and_does_not_warn(tmp_path: Path) -> None:
    cert, key = _self_signed(tmp_path)
    port = free_port()
    proc, _ = _start(
        "--port", str(port), "--db", str(tmp_path / "room.db"), "--certfile", str(cert), "--keyfile", str(key),
    )
    try:
        lobby = _wait_until_served(proc, f"https://127.0.0.1:{port}/", verify=False)
        assert lobby.status_code == 200
        assert "lobby" in lobby.text
        # Over TLS: the pages' sockets are wss: only (and never the Host header), and HSTS is sent.
        assert "connect-src 'self' wss:;" in lobby.headers["content-security-policy"]
        assert lobby.headers["strict-transport-security"] == "max-age=31536000"
        with pytest.raises(httpx.HTTPError):  # plain HTTP is not spoken on that port
            httpx.get(f"http://127.0.0.1:{port}/api/tables", timeout=5)
    finally:
        out = _stop(proc)
    assert f"pokerdealer room on https://127.0.0.1:{port}/" in out.replace("\n", "")
    assert "warning:" not in out
