"""Where the tests find the public PHH dataset (the 10,000 Pluribus hands and the WSOP 2023
Event #43 final table), read in place, never copied into the project.

By default it is ``../shared/phh/data`` beside the checkout; ``POKERDEALER_PHH_DATA`` names
another folder. A test that needs it and does not find it is skipped with one line that says
how to get it (and fails in CI, which has it).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

__all__ = ["HOW_TO_GET", "PHH_DATA", "phh_data_or_skip"]

#: The dataset's ``data`` folder (uoftcprg/phh-dataset @ b086f70).
PHH_DATA = Path(os.environ.get("POKERDEALER_PHH_DATA") or Path(__file__).resolve().parents[2] / "shared" / "phh" / "data")

HOW_TO_GET = (
    f"PHH dataset not found at {PHH_DATA}: get it with "
    "'git clone https://github.com/uoftcprg/phh-dataset ../shared/phh && git -C ../shared/phh checkout b086f70' "
    "beside the checkout and keep data/pluribus, data/wsop and data/*.phh (the snapshot the tests count), "
    "or set POKERDEALER_PHH_DATA to such a data folder"
)


def phh_data_or_skip() -> Path:
    """The dataset folder; skipped with :data:`HOW_TO_GET` when it is absent (failed in CI)."""
    if not PHH_DATA.is_dir():
        if os.environ.get("CI"):
            pytest.fail(HOW_TO_GET, pytrace=False)
        pytest.skip(HOW_TO_GET)
    return PHH_DATA
