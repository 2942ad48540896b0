"""The one exception family of pokerdealer.

::

    PokerDealerError                 anything pokerdealer rejects
    ├── CardParseError               a card or card list that cannot be read
    ├── EvaluationError              a hand that cannot be evaluated (wrong size, duplicates)
    └── IllegalActionError           an action the rules do not allow (see pokerdealer.rules)

Every error message says what was wrong and what would have been right.
"""

from __future__ import annotations

__all__ = ["CardParseError", "EvaluationError", "PokerDealerError"]


class PokerDealerError(ValueError):
    """Base class of every error pokerdealer raises on bad input.

    It subclasses :class:`ValueError`, so callers that already catch bad
    values keep working.
    """


class CardParseError(PokerDealerError):
    """A card or list of cards could not be read.

    ``token`` is the offending piece of the input, quoted in the message.
    """

    def __init__(self, message: str, *, token: str | None = None) -> None:
        super().__init__(message)
        self.token = token


class EvaluationError(PokerDealerError):
    """A set of cards cannot be evaluated as a poker hand."""
