"""The 7-2 game: a bounty for winning a pot with the worst starting hand.

A home-game side bet (the table sets the bounty): a player who wins a pot
holding seven-deuce offsuit -- at the showdown, or by showing both cards after
everyone else folded (:mod:`pokerdealer.rules.show_after`) -- collects the
bounty from every other player dealt in. The chips move after the hand: the
hand's result is not touched, the table applies the settlement to the stacks
the hand left (:meth:`CashTable.settle <pokerdealer.table.CashTable.settle>`),
and a player with less than the bounty pays what they have.

What this module counts as winning, where house rules differ:

- the 7-2 must be offsuit (a suited 7-2 is not the worst hand, and most
  tables leave it out);
- it must win a pot alone: a main or a side pot, or (a hand run twice) a run's
  half of one; a chop does not count (some tables pay half the bounty on a
  chop, some require the main pot);
- it must be seen: tabled at the showdown, or both cards shown once the hand is
  over; a hand that won unseen (everyone else folded or mucked) collects
  nothing until its player shows it;
- two 7-2 winners in one hand collect from everyone else, not from each
  other; a payer short of both bounties pays the first winner left of the
  button first.

>>> from pokerdealer.cards import parse_cards
>>> from pokerdealer.rules import Hand, HandConfig, deck_for_deal
>>> config = HandConfig(stacks=(100, 100, 100), blinds=(1, 2), players=("Ann", "Bob", "Cy"))
>>> hand = Hand(config, deck_for_deal(config, [parse_cards("7c 2d"), None, None]))
>>> _ = hand.fold(), hand.raise_to(6), hand.fold()  # Cy folds, Ann raises, Bob folds
>>> seven_deuce(hand, bounty=10).winners  # won, but not shown
()
>>> _ = hand.show_after(0)
>>> bounty = seven_deuce(hand, bounty=10)
>>> bounty.payments, bounty.changes
((Payment(payer=1, payee=0, chips=10), Payment(payer=2, payee=0, chips=10)), (20, -10, -10))
"""

from __future__ import annotations

from typing import NamedTuple

from pokerdealer.cards import Card
from pokerdealer.errors import PokerDealerError
from pokerdealer.rules.state import HandState

__all__ = ["Payment", "SevenDeuce", "is_seven_deuce", "seven_deuce"]

_SEVEN, _DEUCE = 5, 0  # ranks: 0 is the deuce


class Payment(NamedTuple):
    """``payer`` owes ``payee`` ``chips`` (player indices of the hand)."""

    payer: int
    payee: int
    chips: int


class SevenDeuce(NamedTuple):
    """The 7-2 settlement of one finished hand: who collects, who pays what, and
    each player's change (they add up to 0), to apply to the stacks the hand left."""

    bounty: int
    winners: tuple[int, ...]
    payments: tuple[Payment, ...]
    changes: tuple[int, ...]

    def applied(self, stacks: tuple[int, ...]) -> tuple[int, ...]:
        """``stacks`` after the settlement.

        >>> SevenDeuce(10, (0,), (Payment(1, 0, 10),), (10, -10)).applied((50, 30))
        (60, 20)
        """
        return tuple(s + c for s, c in zip(stacks, self.changes, strict=True))


def is_seven_deuce(cards: tuple[Card, ...]) -> bool:
    """Whether two hole cards are a seven and a deuce of different suits.

    >>> from pokerdealer.cards import parse_cards
    >>> is_seven_deuce(parse_cards("2h 7c")), is_seven_deuce(parse_cards("7h 2h"))
    (True, False)
    """
    return (
        len(cards) == 2
        and sorted(c.rank for c in cards) == [_DEUCE, _SEVEN]
        and cards[0].suit != cards[1].suit
    )


def seven_deuce(hand: HandState, *, bounty: int) -> SevenDeuce:
    """The 7-2 settlement of the finished ``hand`` with a bounty of ``bounty`` chips
    (a hand nobody won with a shown 7-2 settles nothing)."""
    result = hand._result
    if result is None:
        raise PokerDealerError.said("rules.seven_deuce.in_play")
    if bounty < 0:
        raise PokerDealerError.said("rules.seven_deuce.bounty", bounty=bounty)
    n = hand._n
    seen = {**hand._shown, **{p: c for p, c in hand._shown_after.items() if len(c) == 2}}
    winners = tuple(
        p
        for p in hand._cycles[(hand._button + 1) % n]  # the first left of the button first
        if p in seen
        and p not in hand._unknown
        and is_seven_deuce(hand._hole[p])
        and any(award.winners == (p,) for award in result.awards)
    )
    changes = [0] * n
    payments: list[Payment] = []
    left = list(result.final_stacks)
    for winner in winners:
        for payer in hand._cycles[(winner + 1) % n]:
            if payer in winners or not bounty:
                continue
            chips = bounty if bounty < left[payer] else left[payer]
            if chips:
                left[payer] -= chips
                changes[payer] -= chips
                changes[winner] += chips
                payments.append(Payment(payer, winner, chips))
    return SevenDeuce(bounty, winners if bounty else (), tuple(payments), tuple(changes))
