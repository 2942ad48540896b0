"""The room's garbage collector (server/collector.py): what is alive is kept out of
collections, the young generation is collected less often, and pauses are timed."""

from __future__ import annotations

import asyncio
import gc

from pokerdealer.server import collector


def test_install_freezes_what_is_alive_and_collects_the_young_less_often() -> None:
    before = gc.get_threshold()
    pauses, thresholds = collector.install()
    try:
        assert gc.get_freeze_count() > 0
        assert gc.get_threshold()[:2] == (collector.YOUNG_THRESHOLD, collector.MIDDLE_THRESHOLD)
    finally:
        collector.uninstall(pauses, thresholds)
    assert gc.get_threshold() == before
    assert gc.get_freeze_count() == 0  # what stays in the process is collected again


def test_every_collection_is_timed_until_uninstalled() -> None:
    pauses, thresholds = collector.install()
    try:
        gc.collect()
        assert pauses.collections == 1 and pauses.longest > 0
    finally:
        collector.uninstall(pauses, thresholds)
    gc.collect()
    assert pauses.collections == 1


def test_what_grows_old_is_frozen_at_the_next_freeze() -> None:
    kept = [[k] for k in range(1000)]  # long-lived containers made after the start

    async def one_freeze() -> int:
        task = asyncio.create_task(collector.keep_frozen(every=0.01))
        frozen = gc.get_freeze_count()
        for _ in range(500):  # a few wake-ups of the task: it freezes at its first
            if gc.get_freeze_count() > frozen:
                break
            await asyncio.sleep(0.01)
        task.cancel()
        return gc.get_freeze_count() - frozen

    assert asyncio.run(one_freeze()) >= len(kept)


def test_a_slow_pause_is_counted_and_logged(caplog) -> None:  # noqa: ANN001
    pauses = collector.Pauses()
    with caplog.at_level("WARNING", logger="pokerdealer.server"):
        pauses.record(2, collector.SLOW_PAUSE + 0.05, 0.02)
    assert pauses.slow == 1
    assert "generation 2 took 150 ms (20 ms of CPU)" in caplog.text
