"""The errors of the equity calculator, in the :class:`~pokerdealer.errors.PokerDealerError` family.

::

    PokerDealerError
    └── EquityError            an equity question that cannot be answered as asked
        └── RangeParseError    a range that cannot be read (quotes the bad token)
"""

from __future__ import annotations

from pokerdealer.errors import PokerDealerError

__all__ = ["EquityError", "RangeParseError"]


class EquityError(PokerDealerError):
    """An equity question that cannot be answered: too few players, no live combos..."""


class RangeParseError(EquityError):
    """A range could not be read. ``token`` is the offending piece, quoted in the message."""

    def __init__(self, message: str, *, token: str | None = None) -> None:
        super().__init__(message)
        self.token = token
