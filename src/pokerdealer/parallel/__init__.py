"""Parallel runs that give the same answer on one core, many cores or a Ray cluster.

Work is cut into **fixed** shards (blocks of hands, chunks of boards), each
with its own seed derived from the run's seed
(:func:`~pokerdealer.parallel.seeding.block_seed`), and the shards' integer
tallies are added up in shard order. How many workers run the shards, and
where, changes only the wall time.

Backends: :class:`Local` (this process, or a pool of local processes) and
:class:`Ray` (the optional ``ray`` extra: ``pip install 'pokerdealer[ray]'``).

>>> from pokerdealer.rules import HandConfig
>>> run = simulate_parallel(HandConfig(stacks=(200,) * 2, blinds=(1, 2)), ["caller"], hands=10, seed=3, workers=1)
>>> run.hands, run.stats["caller"].chips
(10, 0)
"""

from __future__ import annotations

from pokerdealer.parallel.backend import Backend, Local, Ray, available_cores, make_backend
from pokerdealer.parallel.seeding import block_seed, resolve_seed
from pokerdealer.parallel.simulation import (
    BLOCK_HANDS,
    Block,
    block_size,
    merge_results,
    plan_blocks,
    simulate_block,
    simulate_parallel,
)

__all__ = [
    "BLOCK_HANDS",
    "Backend",
    "Block",
    "Local",
    "Ray",
    "available_cores",
    "block_seed",
    "block_size",
    "make_backend",
    "merge_results",
    "plan_blocks",
    "resolve_seed",
    "simulate_block",
    "simulate_parallel",
]
