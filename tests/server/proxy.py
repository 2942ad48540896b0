"""An unprivileged nginx in front of several ``pokerdealer serve`` processes,
configured with the very block docs/room/postgresql.md shows (hash on the
table id), so that the documented set-up is the tested one.

Only the addresses change: the block's ``server 127.0.0.1:8001 ...;`` lines
become the processes' own ports (their parameters kept) and ``listen 80;`` a
free loopback port. Everything nginx writes (pid, logs, temporary files) goes
into a folder of its own; it runs in the foreground (``daemon off``) as a
child of the test.

>>> block = docs_block()
>>> "hash $table_key consistent;" in block
True
>>> conf = site_config(block, ["127.0.0.1:9001", "127.0.0.1:9002"], 9000)
>>> "listen 127.0.0.1:9000;" in conf and "server 127.0.0.1:9002 max_fails=1" in conf
True
"""

from __future__ import annotations

import re
import shutil
import signal
import subprocess
from pathlib import Path

import httpx

from tests.docs_samples import blocks
from tests.processes import ChildExited, bound_to_this_process, wait_until_ready

ROOT = Path(__file__).resolve().parent.parent.parent
DOCS_PAGE = Path("docs/room/postgresql.md")
NGINX_PACKAGE = "nginx"
#: Debian's nginx package puts the binary here.
NGINX = Path("/usr/sbin/nginx")

UPSTREAM_SERVER = re.compile(r"^(?P<indent>\s*)server\s+127\.0\.0\.1:\d+(?P<params>[^;]*);", re.M)
LISTEN = re.compile(r"^(?P<indent>\s*)listen\s+80;", re.M)


def nginx_or_fail() -> Path:
    """nginx's binary, or an error naming the package to install."""
    found = NGINX if NGINX.exists() else (Path(p) if (p := shutil.which("nginx")) else None)
    if found is None:
        raise RuntimeError(f"nginx not found: install Debian's package (apt-get install -y {NGINX_PACKAGE})")
    return found


def docs_block() -> str:
    """The nginx configuration docs/room/postgresql.md gives for several processes."""
    found = [b.text for b in blocks(DOCS_PAGE) if b.lang == "nginx" and "upstream pokerdealer" in b.text]
    if len(found) != 1:
        raise RuntimeError(f"{DOCS_PAGE} should show one nginx block with 'upstream pokerdealer', found {len(found)}")
    return found[0]


def site_config(block: str, upstreams: list[str], port: int) -> str:
    """The documented block with ``upstreams`` (host:port) in place of its servers and
    ``port`` in place of 80; refuses a block whose shape it does not recognise."""
    servers = list(UPSTREAM_SERVER.finditer(block))
    if not servers or not LISTEN.search(block):
        raise RuntimeError(f"the nginx block of {DOCS_PAGE} has no 'server 127.0.0.1:PORT ...;' lines or no 'listen 80;'")
    params = servers[0]["params"]
    indent = servers[0]["indent"]
    lines = "\n".join(f"{indent}server {u}{params};" for u in upstreams)
    first, last = servers[0].start(), servers[-1].end()
    block = block[:first] + lines.lstrip("\n") + block[last:]
    return LISTEN.sub(lambda m: f"{m['indent']}listen 127.0.0.1:{port};", block)


def main_config(folder: Path, site: str) -> str:
    """A whole nginx.conf around ``site`` that writes only inside ``folder``."""
    return f"""worker_processes 1;
pid {folder}/nginx.pid;
error_log {folder}/error.log warn;
events {{ worker_connections 16384; }}
worker_rlimit_nofile 40000;
http {{
    access_log off;
    client_body_temp_path {folder}/body;
    proxy_temp_path {folder}/proxy;
    fastcgi_temp_path {folder}/fastcgi;
    uwsgi_temp_path {folder}/uwsgi;
    scgi_temp_path {folder}/scgi;
{site}
}}
"""


class Nginx:
    """nginx on a free loopback port in front of ``upstreams`` (host:port each)."""

    def __init__(self, folder: Path, upstreams: list[str], port: int | None = None) -> None:
        from tests.server.conftest import free_port

        self.folder = folder
        self.folder.mkdir(parents=True, exist_ok=True)
        self.port = port or free_port()
        self.upstreams = upstreams
        self.conf = folder / "nginx.conf"
        self.error_log = folder / "error.log"
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> subprocess.Popen[bytes]:
        """Start nginx and wait until it accepts connections on its port (as long as it is
        alive and busy: tests/processes.py)."""
        binary = nginx_or_fail()
        self.conf.write_text(main_config(self.folder, site_config(docs_block(), self.upstreams, self.port)))
        command = [str(binary), "-p", str(self.folder), "-c", str(self.conf), "-e", str(self.error_log), "-g", "daemon off;"]
        with open(self.folder / "nginx.out", "ab") as out:  # the child keeps its own copy
            # SIGTERM when this process ends: nginx's fast stop, its workers too.
            self.proc = subprocess.Popen(bound_to_this_process(command, by=signal.SIGTERM), stdout=out, stderr=subprocess.STDOUT)

        def listening() -> bool:
            # Any answer at all (even 502 while the processes start) means nginx is listening.
            httpx.get(self.base + "/", timeout=5)
            return True

        try:
            wait_until_ready(self.proc, listening, what=f"nginx on port {self.port}", log=self.error_log)
        except ChildExited as exited:
            said = (self.folder / "nginx.out").read_text() + exited.said
            raise RuntimeError(f"nginx exited ({self.proc.returncode}): {said[-2000:]}") from None
        except BaseException:
            self.stop()
            raise
        return self.proc

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGQUIT)  # nginx's graceful stop
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)
