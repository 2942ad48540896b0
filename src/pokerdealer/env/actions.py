"""Discrete actions for learning agents, mapped to legal raise-to amounts.

An :class:`ActionSet` lists the choices an agent picks from by index:

- ``0`` fold, ``1`` check or call (always, in this order),
- then, if enabled, the minimum raise,
- then a raise *to* each configured fraction of the pot,
- then, if enabled, all-in.

A pot-fraction raise is sized the usual way: call first, then raise by the
fraction of the pot after the call, so ``raise to = current bet +
fraction * (pot + to call)`` (rounded to the chip). A choice is legal (mask
``1``) only when its amount is a legal raise-to total right now; it is never
clamped into something else. Amounts are this street's totals, like
:meth:`pokerdealer.rules.Hand.raise_to`.

>>> from pokerdealer.cards import deck_cards
>>> from pokerdealer.rules import Hand, HandConfig
>>> actions = ActionSet((0.5, 1.0))
>>> actions.labels
('fold', 'check_call', 'min_raise', 'raise_0.5_pot', 'raise_1_pot', 'all_in')
>>> hand = Hand(HandConfig(stacks=(200, 200, 200), blinds=(1, 2)), deck_cards())
>>> actions.amounts(hand)
(None, None, 4, 5, 7, 200)
>>> actions.mask(hand).tolist()
[1, 1, 1, 1, 1, 1]
>>> actions.to_action(4, hand)
Action(kind='raise', player=2, amount=7, cards=None)
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from pokerdealer.errors import IllegalActionError, PokerDealerError
from pokerdealer.rules.actions import CHECK_CALL, FOLD, RAISE, Action, LegalActions
from pokerdealer.rules.hand import Hand

__all__ = ["FOLD_ACTION", "CHECK_CALL_ACTION", "ActionSet"]

FOLD_ACTION = 0
CHECK_CALL_ACTION = 1

# The records an index turns into, made once per player where they can be: a
# NamedTuple's own constructor is slow on the hot path of every step.
_FOLDS = tuple(Action(FOLD, p) for p in range(10))
_CHECK_CALLS = tuple(Action(CHECK_CALL, p) for p in range(10))
_tuple_new = tuple.__new__


def _fraction_label(fraction: float) -> str:
    text = f"{fraction:g}"
    return f"raise_{text}_pot"


class ActionSet:
    """The discrete action list: fold, check/call, [min raise], pot fractions, [all-in].

    :param raise_fractions: raise to these fractions of the pot (after calling).
    :param min_raise: offer the minimum legal raise.
    :param all_in: offer all-in (a raise to the whole stack, when that is legal).
    """

    __slots__ = (
        "fractions", "min_raise", "all_in", "labels", "_first_fraction", "_all_in_index", "_masks"
    )

    def __init__(
        self,
        raise_fractions: Sequence[float] = (0.5, 1.0),
        *,
        min_raise: bool = True,
        all_in: bool = True,
    ) -> None:
        fractions = tuple(float(f) for f in raise_fractions)
        if any(f <= 0 for f in fractions):
            raise PokerDealerError(f"raise fractions must be positive, got {fractions}")
        self.fractions = fractions
        self.min_raise = bool(min_raise)
        self.all_in = bool(all_in)
        labels = ["fold", "check_call"]
        if self.min_raise:
            labels.append("min_raise")
        self._first_fraction = len(labels)
        labels.extend(_fraction_label(f) for f in fractions)
        self._all_in_index = len(labels) if self.all_in else -1
        if self.all_in:
            labels.append("all_in")
        self.labels: tuple[str, ...] = tuple(labels)
        self._masks: dict[int, np.ndarray] = {}

    def __len__(self) -> int:
        return len(self.labels)

    def __repr__(self) -> str:
        return (
            f"ActionSet({self.fractions!r}, min_raise={self.min_raise}, all_in={self.all_in})"
        )

    def amounts(self, hand: Hand) -> tuple[int | None, ...]:
        """The raise-to total of each action now (``None``: not a raise, or not legal)."""
        return tuple(self._raises(hand, hand.legal())[0])

    def mask(self, hand: Hand, legal: LegalActions | None = None) -> np.ndarray:
        """``int8`` mask of the legal actions (all zeros when nobody bets).

        ``legal`` is ``hand.legal()`` if already known.
        """
        if legal is None:
            legal = hand.legal()
        return self.resolve(hand, legal)[1].copy()

    def resolve(self, hand: Hand, legal: LegalActions) -> tuple[list[int | None], np.ndarray]:
        """The raise-to amounts and the mask of the state ``legal`` describes, in one pass.

        The mask is a shared read-only array (copy it before handing it out);
        the amounts list is new (``None``: not a raise, or not legal).
        """
        amounts, key = self._raises(hand, legal)
        if legal.actor is not None and not legal.can_show:
            if legal.can_fold:
                key |= 1
            if legal.can_check or legal.call is not None:
                key |= 2
        made = self._masks.get(key)
        if made is None:
            bits = [(key >> k) & 1 for k in range(len(self.labels))]
            made = np.array(bits, dtype=np.int8)
            made.flags.writeable = False
            self._masks[key] = made
        return amounts, made

    def _raises(self, hand: Hand, legal: LegalActions) -> tuple[list[int | None], int]:
        """The raise-to amount of each action (``None``: not a raise, or not legal) and
        the legal raises as bits of an int (bit ``k``: action ``k``)."""
        amounts: list[int | None] = [None] * len(self.labels)
        lo = legal.min_raise_to
        if lo is None or legal.can_show:
            return amounts, 0
        hi = legal.max_raise_to
        p = legal.actor
        assert hi is not None and p is not None
        key = 0
        k = 2
        if self.min_raise:
            amounts[2] = lo
            key = 4
            k = 3
        committed = hand.committed
        if self.fractions:
            current = hand.current_bet
            base = sum(hand.contributions) + hand.dead_money + (current - committed[p])
            for f in self.fractions:
                amount = current + int(f * base + 0.5)
                if lo <= amount <= hi:
                    amounts[k] = amount
                    key |= 1 << k
                k += 1
        if self.all_in and hi == committed[p] + hand.stacks[p]:
            amounts[k] = hi
            key |= 1 << k
        return amounts, key

    def to_action(
        self,
        index: int,
        hand: Hand,
        legal: LegalActions | None = None,
        amounts: Sequence[int | None] | None = None,
    ) -> Action:
        """The engine action for choice ``index``; raises IllegalActionError if it is
        not legal now (the hand is not changed). ``legal`` is ``hand.legal()`` and
        ``amounts`` :meth:`amounts` of the current state, if known."""
        index = int(index)
        if legal is None:
            legal = hand.legal()
        p = legal.actor
        if index == FOLD_ACTION:
            return Action(FOLD) if p is None else _FOLDS[p]
        if index == CHECK_CALL_ACTION:
            return Action(CHECK_CALL) if p is None else _CHECK_CALLS[p]
        if not 0 <= index < len(self.labels):
            raise IllegalActionError(
                f"action {index} is not one of 0..{len(self.labels) - 1} "
                f"({', '.join(self.labels)})",
                player=p,
                rule="unknown_action",
                legal=legal,
            )
        if amounts is None:
            amounts = self._raises(hand, legal)[0]
        amount = amounts[index]
        if amount is None:
            name = self.labels[index]
            reason = "raising is closed" if legal.min_raise_to is None else (
                "its amount is outside the legal raise to "
                f"{legal.min_raise_to}..{legal.max_raise_to}"
            )
            raise IllegalActionError(
                f"action {index} ({name}) is not legal now: {reason} (legal: {legal.describe()})",
                player=p,
                rule="masked_action",
                legal=legal,
            )
        return _tuple_new(Action, (RAISE, p, amount, None))  # type: ignore[no-any-return]
