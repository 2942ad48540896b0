"""The local pool stops at once when its caller is interrupted, whatever its workers were doing."""

from __future__ import annotations

import subprocess
import sys
import time

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


def test_a_worker_ended_mid_result_does_not_hang_the_pool() -> None:
    # The pool's thread reading half a message would wait for its end for good.
    for _ in range(8):
        started = time.monotonic()
        run = subprocess.run([sys.executable, "-c", INTERRUPTED_RUN], capture_output=True, text=True, timeout=30)
        assert run.stdout.strip() == "stopped", run.stderr
        assert time.monotonic() - started < 20
