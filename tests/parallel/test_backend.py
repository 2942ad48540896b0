"""The local pool stops at once when its caller is interrupted, whatever its workers were doing."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tests.processes import wait_for_exit

#: A run in its own interpreter: a pool of two workers whose results are a few
#: megabytes each (so a worker is often ended half-way through writing one), and
#: a caller interrupted by the first result in.
INTERRUPTED_RUN = """
import sys
from pokerdealer.parallel.backend import Local
from tests.parallel.test_backend import big_result

def first_in(index, result):
    raise KeyboardInterrupt

try:
    Local(workers=2).map(big_result, [(n,) for n in range(40)], first_in)
except KeyboardInterrupt:
    print("stopped")
"""


def big_result(n: int) -> bytes:
    return bytes([n % 256]) * 8_000_000


def test_a_worker_ended_mid_result_does_not_hang_the_pool(tmp_path: Path) -> None:
    # The pool's thread reading half a message would wait for its end for good. Such a hang
    # uses no CPU: each run is given as long as it (or a process it started) works, not a
    # number of seconds, which a loaded machine's ordinary run outlasted.
    for k in range(8):
        out, err = tmp_path / f"out{k}", tmp_path / f"err{k}"
        with out.open("w") as stdout, err.open("w") as stderr:
            run = subprocess.Popen([sys.executable, "-c", INTERRUPTED_RUN], stdout=stdout, stderr=stderr, text=True)
        try:
            wait_for_exit(run, what="the interrupted pool", stalled_after=30)
        finally:
            if run.poll() is None:
                run.kill()
                run.wait()
        assert out.read_text().strip() == "stopped", err.read_text()
