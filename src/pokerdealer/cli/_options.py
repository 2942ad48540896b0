"""Reading the options several commands share: ``--blinds`` and ``--structure``.

>>> parse_blinds("5/10"), parse_blinds("20"), parse_structure("pot-limit")
((5, 10), (10, 20), <Structure.POT_LIMIT: 'pot_limit'>)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pokerdealer.errors import PokerDealerError

if TYPE_CHECKING:  # the rules load when a command reads its options, not at start-up
    from pokerdealer.rules import Structure

__all__ = ["parse_blinds", "parse_structure"]


def parse_blinds(text: str) -> tuple[int, int]:
    """``"1/2"`` -> ``(1, 2)``; a single number is the big blind (small = half).

    >>> parse_blinds("2/1")
    Traceback (most recent call last):
    ...
    pokerdealer.errors.PokerDealerError: cannot read blinds '2/1': expected SMALL/BIG like 1/2
    """
    error = PokerDealerError(f"cannot read blinds {text!r}: expected SMALL/BIG like 1/2")
    parts = text.replace(" ", "").split("/")
    try:
        numbers = [int(p) for p in parts]
    except ValueError:
        raise error from None
    if len(numbers) == 1:
        numbers = [numbers[0] // 2, numbers[0]]
    if len(numbers) != 2 or numbers[1] <= 0 or numbers[0] < 0 or numbers[0] > numbers[1]:
        raise error
    return numbers[0], numbers[1]


def parse_structure(text: str) -> Structure:
    """``no_limit``, ``pot-limit``, ``FIXED_LIMIT``... -> :class:`~pokerdealer.rules.Structure`.

    >>> parse_structure("spread")
    Traceback (most recent call last):
    ...
    pokerdealer.errors.PokerDealerError: unknown structure 'spread': expected no_limit, pot_limit or fixed_limit
    """
    from pokerdealer.rules import Structure

    try:
        return Structure(text.replace("-", "_").lower())
    except ValueError:
        *others, last = (s.value for s in Structure)
        raise PokerDealerError(
            f"unknown structure {text!r}: expected {', '.join(others)} or {last}"
        ) from None
