"""A structure the environments do not know is refused with the names they do
(issue 26: ``env(structure="limit")`` said only "'limit' is not a valid
Structure", not that fixed limit is ``fixed_limit``)."""

from __future__ import annotations

import pytest

from pokerdealer.env import env
from pokerdealer.errors import PokerDealerError


def test_an_unknown_structure_names_fixed_limit() -> None:
    with pytest.raises(PokerDealerError, match=r"unknown structure 'limit': expected no_limit, pot_limit or fixed_limit"):
        env(structure="limit")
