"""A real local Ray instance (2 CPUs) shared by the tests that need it, shut down after."""

from __future__ import annotations

import contextlib
import time
import warnings
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from tests.patience import Patience

RAYLET_REGISTERS = 30
"""Seconds Ray's ``init`` gives the raylet it starts to register with its GCS (written in
ray/_private/node.py, not a setting: its RAY_raylet_start_wait_time_s is the raylet's own)."""


@contextlib.contextmanager
def patient_node_lookup(services: Any) -> Iterator[None]:  # noqa: ANN401 - ray._private.services
    """While Ray starts: its look-up of the new node waits, as long as the load stretches
    ``RAYLET_REGISTERS`` seconds (tests/patience.py), instead of failing at once and leaving
    ``init`` a fixed 30 s of retries."""
    get_node: Callable[..., Any] = services.get_node

    def patient(*args: Any, **kwargs: Any) -> Any:  # noqa: ANN401 - Ray's own types
        patience = Patience(RAYLET_REGISTERS)
        while True:
            try:
                return get_node(*args, **kwargs)
            except RuntimeError:  # not registered yet
                if patience.over():
                    raise
                time.sleep(0.1)

    services.get_node = patient
    try:
        yield
    finally:
        services.get_node = get_node


@pytest.fixture(scope="session")
def ray_local() -> Iterator[Any]:
    ray = pytest.importorskip("ray")
    # At load 20 the raylet took longer than Ray's 30 s to register, and the tests' Ray failed
    # to start ("The current node timed out during startup"; 35 s at load 15). The look-up
    # still returns as soon as the node has registered.
    from ray._private import ray_constants, services

    with pytest.MonkeyPatch.context() as patch:
        # The tests run under `uv run`, where Ray by default starts each worker through `uv run`
        # too, in a copy of the checkout it zips up (10 MB) and syncs a new 1.2 GB environment
        # into: about half the module's CPU (its run: 22-27 -> 12-16 s). The workers run this
        # environment's Python on the same sources instead (what a driver started without
        # `uv run` gets); the variable is for the processes the tests start, the constant for
        # this one.
        patch.setenv("RAY_ENABLE_UV_RUN_RUNTIME_ENV", "0")
        patch.setattr(ray_constants, "RAY_ENABLE_UV_RUN_RUNTIME_ENV", False)
        with warnings.catch_warnings(), patient_node_lookup(services):
            warnings.simplefilter("ignore")
            ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
        try:
            yield ray
        finally:
            ray.shutdown()
