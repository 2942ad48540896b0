"""Shared fixtures: the PHH dataset (see tests/phh_dataset.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.phh_dataset import phh_dataset


@pytest.fixture
def phh_data() -> Path:
    """The dataset's ``data`` folder, unpacked from the repository's archive on first use."""
    return phh_dataset()
