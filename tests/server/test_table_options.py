"""A home game's table options reach the cash table: antes, the big-blind ante."""

from __future__ import annotations

import pytest

from pokerdealer.rules import AnteType
from pokerdealer.server.settings import TableSettings
from pokerdealer.table import TableError


def test_an_ante_is_posted_by_every_player_by_default() -> None:
    cash = TableSettings.from_dict({"ante": 1}).cash_settings()
    assert (cash.ante, cash.ante_type) == (1, AnteType.PER_PLAYER)


def test_a_big_blind_ante_is_posted_by_the_big_blind() -> None:
    cash = TableSettings.from_dict({"ante": 2, "ante_type": "big_blind"}).cash_settings()
    assert (cash.ante, cash.ante_type) == (2, AnteType.BIG_BLIND)


def test_no_ante_means_no_ante_type() -> None:
    assert TableSettings.from_dict({"ante_type": "big_blind"}).cash_settings().ante_type is AnteType.NONE


def test_an_unknown_ante_type_is_refused_by_name() -> None:
    with pytest.raises(TableError, match="ante_type must be one of per_player, big_blind"):
        TableSettings.from_dict({"ante": 1, "ante_type": "button"})


def test_the_time_bank_is_at_most_ten_minutes() -> None:
    with pytest.raises(TableError, match="time_bank must be a whole number from 0 to 600"):
        TableSettings.from_dict({"time_bank": 601})
