"""Hand numbers are unique across a room's tables (issue 24): each table counts
its own hands 1, 2, ..., and trackers drop a hand whose number they have seen,
so the room's PokerStars download numbers a hand by the room's one counter."""

from __future__ import annotations

import re
from pathlib import Path

from tests.server.conftest import Server
from tests.server.played import play_offline

HANDS = 3


def test_pokerstars_hand_numbers_are_unique_across_a_rooms_tables(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'room.db'}"
    tables = [play_offline(url, HANDS, seed=seed) for seed in (7, 8)]
    server = Server(url.removeprefix("sqlite:///"), workdir=tmp_path).start()
    try:
        numbers = []
        for played in tables:
            for number in range(1, HANDS + 1):
                text = server.get(f"/api/tables/{played.table_id}/hands/{number}/pokerstars").text
                numbers.append(int(re.match(r"PokerStars Hand #(\d+):", text)[1]))
        assert len(set(numbers)) == len(numbers) == 2 * HANDS
        # A table's hands keep their order (the room's counter grows with time).
        assert numbers[:HANDS] == sorted(numbers[:HANDS]) and numbers[HANDS:] == sorted(numbers[HANDS:])
    finally:
        server.stop()
