"""Shared fixtures: the PHH dataset (see tests/phh_dataset.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.phh_dataset import phh_data_or_skip


@pytest.fixture
def phh_data() -> Path:
    """The dataset folder, or the test is skipped saying how to get it."""
    return phh_data_or_skip()
