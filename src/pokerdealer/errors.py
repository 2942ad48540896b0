"""The one exception family of pokerdealer.

::

    PokerDealerError                 anything pokerdealer rejects
    ├── CardParseError               a card or card list that cannot be read
    ├── EvaluationError              a hand that cannot be evaluated (wrong size, duplicates)
    └── IllegalActionError           an action the rules do not allow (see pokerdealer.rules)

    KeyboardInterrupt
    └── Interrupted                  Ctrl-C stopped a long run; it carries what was done

Every error message says what was wrong and what would have been right.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

__all__ = [
    "CardParseError",
    "EvaluationError",
    "IllegalActionError",
    "Interrupted",
    "PokerDealerError",
]


class PokerDealerError(ValueError):
    """Base class of every error pokerdealer raises on bad input.

    It subclasses :class:`ValueError`, so callers that already catch bad
    values keep working.

    An error made by :meth:`said` also carries its message catalog ``key`` and
    ``params`` (:mod:`pokerdealer.i18n`), so it can be told in any language;
    its text (``str()``) is the English one.
    """

    key: str = ""
    params: Mapping[str, Any] = MappingProxyType({})

    @classmethod
    def said(cls, key: str, /, **params: Any) -> PokerDealerError:  # noqa: ANN401
        """The error whose message is catalog entry ``key`` (English text, key and params kept).

        >>> error = PokerDealerError.said("room.error.not_your_turn")
        >>> str(error), error.key
        ('it is not your turn', 'room.error.not_your_turn')
        """
        # Not at the top: importing the catalogs runs pokerdealer.i18n's __init__,
        # which imports this module (its message() refuses an unknown language).
        from pokerdealer.i18n.catalogs import fill

        error = cls(fill("en", key, params))
        error.key = key
        error.params = params
        return error


class CardParseError(PokerDealerError):
    """A card or list of cards could not be read.

    ``token`` is the offending piece of the input, quoted in the message.
    """

    def __init__(self, message: str, *, token: str | None = None) -> None:
        super().__init__(message)
        self.token = token


class EvaluationError(PokerDealerError):
    """A set of cards cannot be evaluated as a poker hand."""


class IllegalActionError(PokerDealerError):
    """An action the rules do not allow; the hand is left exactly as it was.

    ``player`` is the index of the player who tried it (or ``None``), ``rule``
    a short code naming the rule broken (``"min_raise"``, ``"not_your_turn"``,
    ``"cannot_check"``, ``"raise_closed"``, ``"max_raise"``,
    ``"no_action_pending"``...), and ``legal`` what would have been legal (a
    :class:`pokerdealer.rules.LegalActions`).
    """

    def __init__(
        self, message: str, *, player: int | None = None, rule: str = "", legal: object = None
    ) -> None:
        super().__init__(message)
        self.player = player
        self.rule = rule
        self.legal = legal


class Interrupted(KeyboardInterrupt):
    """Ctrl-C stopped a long run (a simulation, a match, a Monte Carlo equity);
    ``partial`` is what it had done, as the whole run would have returned it
    (a result over the hands or samples finished), or ``None`` when nothing
    was finished.

    It is a :class:`KeyboardInterrupt`, not an error of the input: code that
    does not look for it stops on Ctrl-C exactly as before, and the command
    line prints the partial result before it exits with status 130.

    >>> try:
    ...     raise Interrupted(partial=3)
    ... except KeyboardInterrupt as stop:
    ...     stop.partial
    3
    """

    def __init__(self, partial: Any = None) -> None:  # noqa: ANN401
        super().__init__()
        self.partial = partial
