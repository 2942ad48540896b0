"""Sharded simulations: the same result on one process, local processes and Ray."""

from __future__ import annotations

import pytest

from pokerdealer.bots import BotStats, SimulationResult, simulate
from pokerdealer.errors import PokerDealerError
from pokerdealer.parallel import (
    Local,
    block_seed,
    block_size,
    merge_results,
    plan_blocks,
    simulate_parallel,
)
from pokerdealer.rules import HandConfig

CONFIG = HandConfig(stacks=(200,) * 6, blinds=(1, 2))
BOTS = ["tight", "caller", "random"]
HANDS = 1500
BLOCK = 250  # 252 with 6 players: 6 blocks, the last one short


def _stats(result: SimulationResult) -> dict[str, BotStats]:
    return result.stats


@pytest.fixture(scope="module")
def single() -> SimulationResult:
    return simulate_parallel(CONFIG, BOTS, hands=HANDS, seed=11, workers=1, block_hands=BLOCK)


def test_blocks_are_fixed_by_the_run_not_the_workers():
    blocks = plan_blocks(HANDS, 6, seed=11, block_hands=BLOCK)
    assert [b.count for b in blocks] == [252] * 5 + [240]
    assert [b.start for b in blocks] == [252 * k for k in range(6)]
    assert [b.seed for b in blocks] == [block_seed(11, k) for k in range(6)]
    assert len({b.seed for b in blocks}) == 6
    assert block_size(7) % 7 == 0 and block_size(10) % 10 == 0
    assert block_seed(-1, 0) != block_seed(1, 0)


def test_single_process_equals_blockwise_reference(single):
    # The definition, spelled out with the public bots API: one simulate per block, summed.
    parts = [
        simulate(CONFIG, BOTS, hands=b.count, seed=b.seed)
        for b in plan_blocks(HANDS, 6, seed=11, block_hands=BLOCK)
    ]
    reference = merge_results(parts)
    assert single.hands == reference.hands == HANDS
    assert _stats(single) == _stats(reference)
    assert list(single.stats) == BOTS
    assert sum(s.chips for s in single.stats.values()) == 0
    assert all(s.seat_hands == 2 * HANDS for s in single.stats.values())


def test_local_processes_give_the_identical_result(single):
    two = simulate_parallel(CONFIG, BOTS, hands=HANDS, seed=11, workers=2, block_hands=BLOCK)
    assert _stats(two) == _stats(single)
    three = simulate_parallel(
        CONFIG, BOTS, hands=HANDS, seed=11, backend=Local(workers=3), block_hands=BLOCK
    )
    assert _stats(three) == _stats(single)


def test_a_different_seed_gives_a_different_result(single):
    other = simulate_parallel(CONFIG, BOTS, hands=HANDS, seed=12, workers=1, block_hands=BLOCK)
    assert _stats(other) != _stats(single)


def test_histories_come_back_in_hand_order():
    numbers: list[int] = []
    texts: list[str] = []

    def on_history(number: int, text: str) -> None:
        numbers.append(number)
        texts.append(text)

    config = HandConfig(stacks=(100,) * 3, blinds=(1, 2))
    simulate_parallel(config, ["caller"], hands=40, seed=2, workers=2, block_hands=9, on_history=on_history)
    assert numbers == list(range(1, 41))
    assert all("actions" in t for t in texts)


def test_merge_is_an_exact_sum():
    a = SimulationResult(3, 1.0, {"x": BotStats("x", 2, seat_hands=3, chips=7, sum_squares=29, vpip=2)})
    b = SimulationResult(2, 2.0, {"x": BotStats("x", 2, seat_hands=2, chips=-3, sum_squares=9, folds=1)})
    merged = merge_results([a, b])
    assert merged.stats["x"] == BotStats("x", 2, seat_hands=5, chips=4, sum_squares=38, vpip=2, folds=1)
    assert merged.hands == 5 and merged.seconds == 3.0
    with pytest.raises(PokerDealerError, match="big blinds"):
        merge_results([a, SimulationResult(1, 0.0, {"x": BotStats("x", 4)})])


def test_bad_arguments():
    with pytest.raises(PokerDealerError, match="workers must be at least 1"):
        Local(workers=0)
    with pytest.raises(PokerDealerError, match="hands must be >= 0"):
        simulate_parallel(CONFIG, BOTS, hands=-1, seed=1, workers=1)
    with pytest.raises(PokerDealerError, match="no bots"):
        simulate_parallel(CONFIG, [" "], hands=1, seed=1, workers=1)
    empty = simulate_parallel(CONFIG, BOTS, hands=0, seed=1, workers=1)
    assert empty.hands == 0 and list(empty.stats) == BOTS
