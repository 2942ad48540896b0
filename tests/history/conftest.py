"""Shared fixtures: where the PHH dataset lives (``../shared/phh``), if it is here."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

#: The public PHH dataset snapshot (uoftcprg/phh-dataset @ b086f70), read in place.
PHH_DATA = Path(__file__).resolve().parents[3] / "shared" / "phh" / "data"


@pytest.fixture
def phh_data() -> Path:
    """The dataset folder; the test is skipped when it is absent (but fails in CI, which has it)."""
    if not PHH_DATA.is_dir():
        if os.environ.get("CI"):
            pytest.fail(f"PHH dataset not found at {PHH_DATA}")
        pytest.skip(f"PHH dataset not found at {PHH_DATA}")
    return PHH_DATA
