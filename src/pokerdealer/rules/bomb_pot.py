"""Bomb pots: everyone antes, nobody bets before the flop.

A home-game and cash-game custom (the table's host plays one every so many
hands, or on request): every player dealt in puts in the same ante, nobody
posts a blind or straddles, and there is no betting before the flop. The flop is
dealt at once and the betting starts with the first player still in left of
the button, as on every flop (docs/rules.md#who-acts); the minimum bet is the table's
big blind. A player who cannot cover the ante is all in for what they have: the
antes are contributions like any other chips, so that player can win only what
each other player matched of theirs (the main pot), and the rest is a side pot
(docs/rules.md#side-pots). If everyone but one is all in from the antes, nobody bets: the
board is run out.

:func:`bomb_pot` turns a table's hand into its bomb pot; the hand is an
ordinary :class:`~pokerdealer.rules.Hand` of a config with ``bomb_pot=True``
(:attr:`HandConfig.bomb_pot <pokerdealer.rules.HandConfig.bomb_pot>`).

>>> from pokerdealer.cards import parse_cards
>>> from pokerdealer.rules import Hand, HandConfig, deck_for_deal
>>> config = bomb_pot(HandConfig(stacks=(100, 100, 7), blinds=(1, 2), players=("Ann", "Bob", "Cy")), ante=10)
>>> hand = Hand(config, deck_for_deal(config, [None] * 3, parse_cards("Kh 8d 3c")))
>>> hand.street.value, " ".join(map(str, hand.board)), hand.config.players[hand.actor]
('flop', 'Kh 8d 3c', 'Ann')
>>> hand.stacks, [(p.amount, p.eligible) for p in hand.pots]  # Cy all in for 7 of the 10
((90, 90, 0), [(21, (0, 1, 2)), (6, (0, 1))])
"""

from __future__ import annotations

from pokerdealer.rules.config import AnteType, HandConfig

__all__ = ["DEFAULT_ANTE_BIG_BLINDS", "bomb_pot"]

#: A bomb pot's ante when the table does not say: two big blinds (the room's default).
DEFAULT_ANTE_BIG_BLINDS = 2


def bomb_pot(config: HandConfig, *, ante: int | None = None) -> HandConfig:
    """``config``'s hand played as a bomb pot with ``ante`` from every player (default
    :data:`DEFAULT_ANTE_BIG_BLINDS` big blinds): no blinds, no straddles, no posts.

    >>> bomb_pot(HandConfig(stacks=(50, 50), blinds=(1, 2))).ante
    4
    """
    chips = DEFAULT_ANTE_BIG_BLINDS * config.blinds[1] if ante is None else ante
    return config.replace(
        bomb_pot=True, ante=chips, ante_type=AnteType.PER_PLAYER, straddles=(), posts=()
    )
