"""Not a module of the suite (its name is not ``test_*``): tests/test_interrupted_run.py runs
it in a child pytest and interrupts that pytest while the server below is up."""

from __future__ import annotations

import time

from tests.server.conftest import Server


def test_holds_a_server_until_interrupted(server: Server) -> None:
    time.sleep(3600)  # the interruption comes long before
