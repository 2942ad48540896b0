"""The same results on Ray as on one process: the equity table, a simulation and the
``simulate --ray`` command. One module, so that the test run starts one Ray (each start took
17 s at load 12, and the modules of a run are spread over its workers)."""

from __future__ import annotations

from typing import Any

import numpy as np

from pokerdealer.bots import SimulationResult
from pokerdealer.equity.table import EquityTable, equity_table
from pokerdealer.parallel import Ray, simulate_parallel
from tests.parallel import test_equity_table as tables
from tests.parallel import test_simulate_cli_workers as cli
from tests.parallel import test_simulation as simulations
# The one-process results the Ray runs must equal: those modules' own fixtures, not copies.
from tests.parallel.test_equity_table import table  # noqa: F401 - a fixture
from tests.parallel.test_simulation import single  # noqa: F401 - a fixture


def test_ray_gives_the_identical_equity_table(table: EquityTable, ray_local: Any) -> None:  # noqa: ANN401
    other = equity_table(tables.CLASSES, backend=Ray(), chunks=5)
    assert other.hands == table.hands
    for name in ("wins", "ties", "boards"):
        assert np.array_equal(getattr(other, name), getattr(table, name))


def test_ray_gives_the_identical_simulation(single: SimulationResult, ray_local: Any) -> None:  # noqa: ANN401
    seen: list[int] = []
    distributed = simulate_parallel(
        simulations.CONFIG, simulations.BOTS, hands=simulations.HANDS, seed=11, backend=Ray(),
        block_hands=simulations.BLOCK, progress=seen.append,
    )
    assert distributed.stats == single.stats
    assert seen[-1] == simulations.HANDS and sorted(seen) == seen
    assert ray_local.is_initialized()  # an instance we did not start is left running
    via_name = simulate_parallel(
        simulations.CONFIG, simulations.BOTS, hands=simulations.HANDS, seed=11, ray="auto",
        block_hands=simulations.BLOCK,
    )
    assert via_name.stats == single.stats


def test_simulate_on_ray_prints_what_one_worker_prints(ray_local: Any) -> None:  # noqa: ANN401
    assert cli._bots("--ray", "auto") == cli._bots("--workers", "1")
