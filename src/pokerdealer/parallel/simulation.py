"""Bot simulations split into fixed blocks of hands that any number of
workers (local processes or Ray tasks) can play.

The unit of sharding is the **block**, not the worker: hands ``0 .. H-1``
are cut into consecutive blocks of :func:`block_size` hands (a multiple of
the number of players, so every block starts with the button on seat 0,
exactly where the whole run's rotation is at that hand). Block ``k`` is
played by :func:`pokerdealer.bots.simulate` with the seed
:func:`~pokerdealer.parallel.seeding.block_seed` ``(seed, k)`` and fresh bots.
Per-bot statistics are integer sums (chips, squares of chips, counts), so
merging the blocks in block order is exact: a run gives the **same result**
on one process, on ``N`` local processes and on a Ray cluster.

This is a different random stream from one ``bots.simulate(..., seed=s)``
call over all hands (that one draws every deck from one generator); with
one block (``hands <= block_size``) the only difference is the derived seed.
Bots that learn across hands start afresh every block.

>>> from pokerdealer.rules import HandConfig
>>> config = HandConfig(stacks=(200,) * 3, blinds=(1, 2))
>>> a = simulate_parallel(config, ["caller"], hands=50, seed=1, workers=1, block_hands=9)
>>> b = simulate_parallel(config, ["caller"], hands=50, seed=1, workers=2, block_hands=9)
>>> a.hands, a.stats["caller"].seat_hands, a.stats == b.stats
(50, 150, True)
"""

from __future__ import annotations

import math
import signal
import time
from collections.abc import Callable, Sequence
from dataclasses import astuple, dataclass, fields

from pokerdealer._interrupts import held_interrupts
from pokerdealer.bots import BotStats, SimulationResult, simulate
from pokerdealer.errors import Interrupted, PokerDealerError
from pokerdealer.parallel.backend import (
    Backend,
    make_backend,
    returns_when_interrupted,
    worker_interrupted,
)
from pokerdealer.parallel.seeding import block_seed, resolve_seed
from pokerdealer.rules import HandConfig

__all__ = [
    "BLOCK_HANDS",
    "Block",
    "block_size",
    "merge_results",
    "plan_blocks",
    "simulate_block",
    "simulate_parallel",
]

#: Hands per block, rounded up to a multiple of the players. Part of what a
#: seed means: changing it changes every seeded result.
BLOCK_HANDS = 500


@dataclass(frozen=True)
class Block:
    """Hands ``start .. start + count - 1`` of a run, played with ``seed``."""

    index: int
    start: int
    count: int
    seed: int


def block_size(players: int, block_hands: int = BLOCK_HANDS) -> int:
    """Hands per block: ``block_hands`` rounded up to a multiple of ``players``.

    >>> block_size(6), block_size(2), block_size(7, 10)
    (504, 500, 14)
    """
    return players * math.ceil(block_hands / players)


def plan_blocks(
    hands: int, players: int, seed: int, *, block_hands: int = BLOCK_HANDS
) -> list[Block]:
    """The blocks of a run of ``hands`` hands; the last one may be short.

    >>> [(b.start, b.count) for b in plan_blocks(1100, 6, seed=1)]
    [(0, 504), (504, 504), (1008, 92)]
    """
    if hands < 0:
        raise PokerDealerError(f"the number of hands must be >= 0, got {hands}")
    if block_hands < 1:
        raise PokerDealerError(f"block_hands must be >= 1, got {block_hands}")
    size = block_size(players, block_hands)
    return [
        Block(k, start, min(size, hands - start), block_seed(seed, k))
        for k, start in enumerate(range(0, hands, size))
    ]


_COUNTERS = tuple(f.name for f in fields(BotStats) if f.name not in ("name", "big_blind"))


@dataclass(frozen=True)
class BlockResult:
    """What one block sends back: per-bot counters (plain tuples, cheap to
    pickle), its time, and the hand histories when asked for."""

    index: int
    hands: int
    stats: tuple[tuple[object, ...], ...]
    seconds: float
    histories: tuple[str, ...] | None = None

    def to_result(self) -> SimulationResult:
        result = SimulationResult(self.hands, self.seconds)
        for row in self.stats:
            stats = BotStats(*row)  # type: ignore[arg-type]
            result.stats[stats.name] = stats
        return result


@returns_when_interrupted
def simulate_block(
    config: HandConfig, bot_names: Sequence[str], block: Block, histories: bool = False
) -> BlockResult:
    """Play one block (in whatever process runs it).

    With ``histories``, each hand is also returned as PHH text, numbered by
    its place in the whole run (from 1).

    Ctrl-C stops the block at the end of the hand being played. In this
    process it raises :class:`Interrupted` with the hands played as a
    :class:`BlockResult`; in a pool's worker (which leaves Ctrl-C to its
    parent) the block returns them, and the blocks the worker is given after
    that play no hand.
    """
    in_worker = worker_interrupted()
    if in_worker:
        return BlockResult(block.index, 0, (), 0.0, () if histories else None)
    texts: list[str] = []
    on_hand = None
    if histories:
        from pokerdealer.history.convert import hand_to_history
        from pokerdealer.history.phh import dumps

        def on_hand(number: int, hand) -> None:  # noqa: ANN001
            metadata = {"hand": block.start + number}
            texts.append(dumps(hand_to_history(hand, metadata=metadata)))

    try:
        result = simulate(config, bot_names, hands=block.count, seed=block.seed, on_hand=on_hand)
    except Interrupted as interrupted:
        part = _block_result(block.index, interrupted.partial, texts if histories else None)
        if in_worker is None:  # this process: the run stops here
            raise Interrupted(part) from None
        signal.raise_signal(signal.SIGINT)  # a worker: its own handler notes the Ctrl-C,
        return part  # and its parent takes the part
    return _block_result(block.index, result, texts if histories else None)


def _block_result(index: int, result: SimulationResult, texts: list[str] | None) -> BlockResult:
    return BlockResult(
        index=index,
        hands=result.hands,
        stats=tuple(astuple(s) for s in result.stats.values()),
        seconds=result.seconds,
        histories=None if texts is None else tuple(texts[: result.hands]),
    )


def merge_results(parts: Sequence[SimulationResult], *, seconds: float | None = None) -> SimulationResult:
    """Add up per-bot statistics exactly (every counter is an integer sum).

    Bots keep their first-seen order; ``seconds`` defaults to the sum of the
    parts' times (pass the wall time of a parallel run instead).

    >>> a = SimulationResult(2, 1.0, {"x": BotStats("x", 2, seat_hands=2, chips=5, sum_squares=13)})
    >>> b = SimulationResult(1, 0.5, {"x": BotStats("x", 2, seat_hands=1, chips=-1, sum_squares=1)})
    >>> m = merge_results([a, b])
    >>> m.hands, m.seconds, m.stats["x"].chips, m.stats["x"].sum_squares
    (3, 1.5, 4, 14)
    """
    merged = SimulationResult(sum(p.hands for p in parts), 0.0)
    for part in parts:
        for name, stats in part.stats.items():
            total = merged.stats.get(name)
            if total is None:
                merged.stats[name] = BotStats(name, stats.big_blind)
                total = merged.stats[name]
            elif total.big_blind != stats.big_blind:
                raise PokerDealerError(f"cannot merge {name}: big blinds {total.big_blind} and {stats.big_blind}")
            for counter in _COUNTERS:
                setattr(total, counter, getattr(total, counter) + getattr(stats, counter))
    merged.seconds = sum(p.seconds for p in parts) if seconds is None else seconds
    return merged


def simulate_parallel(
    config: HandConfig,
    bot_names: Sequence[str],
    *,
    hands: int,
    seed: int | None = None,
    workers: int | None = None,
    ray: str | None = None,
    backend: Backend | None = None,
    block_hands: int = BLOCK_HANDS,
    progress: Callable[[int], None] | None = None,
    on_history: Callable[[int, str], None] | None = None,
) -> SimulationResult:
    """Play ``hands`` hands in blocks on local processes or Ray; the same
    ``seed`` gives the same result whatever runs it (module docstring).

    :param workers: local processes (``None``: every core; ``1``: this process).
    :param ray: a Ray address, or ``"local"`` to start a local Ray (with
        ``workers`` CPUs when given). Needs the ``ray`` extra.
    :param backend: a ready backend instead of ``workers``/``ray``.
    :param progress: called with the number of hands finished so far.
    :param on_history: called with ``(number, phh_text)`` for every hand, in
        hand order (from 1), e.g. to write a ``.phhs`` file.
    :raises Interrupted: on Ctrl-C, with the result of the first hands, in
        order, as ``partial``: every block up to the first one not finished,
        and the hands that one had played (each block stops at the end of a
        hand), so it is the result a run of that many hands gives.
        ``on_history`` was given exactly those hands (Ctrl-C waits for a block
        being given).
    """
    bot_names = [b.strip() for b in bot_names if b.strip()]
    if not bot_names:
        raise PokerDealerError("no bots given")
    seed = resolve_seed(seed)
    blocks = plan_blocks(hands, config.player_count, seed, block_hands=block_hands)
    runner = backend if backend is not None else make_backend(workers=workers, ray=ray)
    want_histories = on_history is not None
    done = 0
    in_order = 0  # blocks 0 .. in_order - 1 have all been played (the last maybe in part)
    cut = False  # a block stopped by Ctrl-C is in: no hand after it counts
    finished_blocks: dict[int, BlockResult] = {}

    def finished(_: int, part: BlockResult) -> None:
        nonlocal done, in_order, cut
        done += part.hands
        if progress is not None:
            progress(done)
        finished_blocks[part.index] = part
        with held_interrupts():  # a block's hands are given and counted as one step
            while not cut and in_order in finished_blocks:
                if on_history is not None:
                    for offset, text in enumerate(finished_blocks[in_order].histories or ()):
                        on_history(blocks[in_order].start + offset + 1, text)
                cut = finished_blocks[in_order].hands < blocks[in_order].count
                in_order += 1

    started = time.perf_counter()
    tasks = [(config, tuple(bot_names), block, want_histories) for block in blocks]
    try:
        parts = runner.map(simulate_block, tasks, finished)
    except KeyboardInterrupt as stop:
        part = getattr(stop, "partial", None)  # the block this process was playing, in part
        if isinstance(part, BlockResult) and part.index not in finished_blocks:
            finished(part.index, part)
        played = [finished_blocks[k] for k in range(in_order)]
        partial = _result(config, bot_names, played, time.perf_counter() - started)
        raise Interrupted(partial) from None
    return _result(config, bot_names, parts, time.perf_counter() - started)


def _result(
    config: HandConfig, bot_names: Sequence[str], parts: Sequence[BlockResult], seconds: float
) -> SimulationResult:
    """The blocks ``parts`` merged; with none, every bot at zero."""
    if not parts:
        names = [bot_names[i % len(bot_names)] for i in range(config.player_count)]
        empty = SimulationResult(0, seconds)
        for name in names:
            empty.stats.setdefault(name, BotStats(name, config.blinds[1]))
        return empty
    return merge_results([p.to_result() for p in parts], seconds=seconds)
