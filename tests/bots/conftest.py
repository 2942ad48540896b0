"""Bots here play from their chart unless a test gives them an equity table."""

from __future__ import annotations

import pytest

from pokerdealer.bots.strength import EQUITY_TABLE_ENV


@pytest.fixture(autouse=True)
def _no_equity_table_from_the_environment(monkeypatch):
    monkeypatch.delenv(EQUITY_TABLE_ENV, raising=False)
