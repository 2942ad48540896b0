"""What one hand is at a moment: the state the rules read, and the questions it answers.

:class:`HandState` holds a hand's state (stacks, bets, cards dealt, who is
still to act, the result) and answers every question about it (whose turn,
the pots, the board...); :class:`~pokerdealer.rules.hand.Hand`, built on it,
deals and changes it one action at a time. The betting rules
(:mod:`pokerdealer.rules.betting`) and the seat views
(:mod:`pokerdealer.rules.view`) read a ``HandState``, so they need nothing of
the module that changes it, and it needs nothing of them.

>>> from pokerdealer.cards import deck_cards
>>> from pokerdealer.rules.config import HandConfig
>>> from pokerdealer.rules.hand import Hand
>>> hand = Hand(HandConfig(stacks=(100, 100, 100), blinds=(1, 2)), deck_cards())
>>> isinstance(hand, HandState), hand.street, hand.actor, hand.pots
(True, <Street.PREFLOP: 'preflop'>, 2, [Pot(amount=3, eligible=(0, 1, 2))])
"""

from __future__ import annotations

from enum import StrEnum
from typing import NamedTuple

from pokerdealer.cards import Card
from pokerdealer.rules.actions import Action, LegalActions
from pokerdealer.rules.config import HandConfig, RuleOptions, Structure
from pokerdealer.rules.pots import Pot, build_pots, unmatched_bet

__all__ = ["HandResult", "HandState", "PotAward", "Street"]


class Street(StrEnum):
    """Where the hand is."""

    PREFLOP = "preflop"
    FLOP = "flop"
    TURN = "turn"
    RIVER = "river"
    SHOWDOWN = "showdown"
    COMPLETE = "complete"


_STREETS = tuple(Street)

# NamedTuple construction without the keyword-handling __new__ (hot path).
_tuple_new = tuple.__new__
_COMPLETE = 5


class PotAward(NamedTuple):
    """How one pot was awarded: ``shares`` maps each winner to their chips.

    A hand run twice (:mod:`pokerdealer.rules.run_twice`) awards each pot in two
    halves, one per run: ``run`` is 0 for the first run (and every hand run once),
    1 for the second.
    """

    amount: int
    eligible: tuple[int, ...]
    winners: tuple[int, ...]
    shares: dict[int, int]
    run: int = 0


class HandResult(NamedTuple):
    """The outcome of a finished hand."""

    awards: tuple[PotAward, ...]
    """Each pot (main first) with its winners and their shares."""
    final_stacks: tuple[int, ...]
    payoffs: tuple[int, ...]
    """Chips won or lost by each player (final minus starting stack); sums to 0."""
    showdown_order: tuple[int, ...]
    """The order in which live players had to show (empty when uncontested)."""
    shown: dict[int, tuple[Card, ...]]
    mucked: tuple[int, ...]
    uncalled: dict[int, int]
    """Uncalled bets returned, by player."""


#: Hand's attributes: its __slots__, and what _fingerprint compares (a
#: module constant because compiled classes have no __slots__ to read).
_HAND_SLOTS = (
    "_config", "_options", "_structure", "_n", "_button", "_sb", "_bb", "_deck", "_hole",
    "_board", "_starting", "_stacks", "_committed", "_total", "_dead", "_folded", "_live",
    "_street", "_current_bet", "_min_inc", "_level", "_unit", "_raises", "_cap",
    "_acted_at", "_pending", "_pk_inc", "_pk_acted", "_pk_short", "_aggressor",
    "_round_started_heads_up", "_heads_up_before_cap", "_blind_shortfall", "log",
    "_showdown_pending", "_showdown_order", "_shown", "_mucked", "_all_in_showdown",
    "_uncalled", "_result", "_version", "_c_legal_v", "_c_legal",
    "_c_pots_v", "_c_pots", "_tda", "_fixed_limit", "_cycles", "_c_ranks",
    "_deck_idx", "_unknown", "_runs", "_run_pending", "_board2", "_c_ranks2",
    "_shown_after",
)


class HandState:
    """The state of one hand, and the questions it answers.

    It is never made on its own: :class:`~pokerdealer.rules.hand.Hand` sets every
    attribute when it deals, and changes them as actions come in. The attributes
    are private to the rules package (``rules.betting`` and ``rules.view`` read
    them); everyone else asks the properties.
    """

    __slots__ = _HAND_SLOTS

    _config: HandConfig
    _options: RuleOptions
    _structure: Structure
    _tda: bool
    """Re-opening as TDA 2026 49 says (else as PokerKit does, docs/rules.md#re-opening)."""
    _fixed_limit: bool
    _n: int
    _cycles: tuple[tuple[int, ...], ...]
    """``_cycles[i]``: the players clockwise starting with player ``i``."""
    _button: int
    _sb: int
    _bb: int
    _deck: tuple[Card, ...]
    _deck_idx: list[int]
    """The card indices of the deck positions the hand can use."""
    _hole: list[tuple[Card, Card]]
    _board: list[Card]
    _unknown: tuple[int, ...]
    _starting: tuple[int, ...]
    _stacks: list[int]
    _committed: list[int]
    """Bet on this street (live blinds included)."""
    _total: list[int]
    """Put in this hand (dead money not included)."""
    _dead: int
    _blind_shortfall: int
    _folded: list[bool]
    _live: int
    _street: int
    """An index into :class:`Street`."""
    _current_bet: int
    _min_inc: int
    _unit: int
    _level: int
    _raises: int
    _cap: int
    _acted_at: list[int]
    """The bet each player last acted on this round (-1: not yet)."""
    _pending: list[int]
    """Who is still to act this round, the next first."""
    _pk_inc: int
    _pk_acted: list[bool]
    _pk_short: int
    _aggressor: int | None
    _round_started_heads_up: bool
    _heads_up_before_cap: bool
    log: list[Action]
    _showdown_pending: list[int]
    _showdown_order: tuple[int, ...]
    _shown: dict[int, tuple[Card, ...]]
    _mucked: list[int]
    _all_in_showdown: bool
    _uncalled: dict[int, int]
    _result: HandResult | None
    # Derived values (legal actions, pots, ranks) cached per state version;
    # every accepted action starts a new version.
    _version: int
    _c_legal_v: int
    _c_legal: LegalActions | None
    _c_pots_v: int
    _c_pots: tuple[Pot, ...] | None
    _c_ranks: dict[int, int] | None
    _c_ranks2: dict[int, int] | None
    """The ranks on the second run's board (:mod:`pokerdealer.rules.run_twice`)."""
    # Running it twice (pokerdealer.rules.run_twice).
    _runs: int
    """How many times the board is run: 1, or 2 once every player still in agreed."""
    _run_pending: list[int]
    """Who is still to answer whether to run it twice (empty when nobody is asked)."""
    _board2: list[Card]
    """The second run's board (empty unless the board was run twice)."""
    _shown_after: dict[int, tuple[Card, ...]]
    """Hole cards shown after the hand, by player (:mod:`pokerdealer.rules.show_after`)."""

    @property
    def config(self) -> HandConfig:
        return self._config

    @property
    def actor(self) -> int | None:
        """Index of the player to act (bet, or show/muck at showdown), else ``None``."""
        if self._pending:
            return self._pending[0]
        if self._showdown_pending:
            return self._showdown_pending[0]
        return None

    @property
    def street(self) -> Street:
        return _STREETS[self._street]

    @property
    def board(self) -> tuple[Card, ...]:
        """The board; of a hand run twice, the first run's (:attr:`boards`)."""
        return tuple(self._board)

    @property
    def boards(self) -> tuple[tuple[Card, ...], ...]:
        """Every board of the hand: one, or two when it was run twice
        (:mod:`pokerdealer.rules.run_twice`); both start with the cards out when
        the players agreed."""
        if self._board2:
            return (tuple(self._board), tuple(self._board2))
        return (tuple(self._board),)

    @property
    def runs(self) -> int:
        """How many times the board is run: 2 once every player still in agreed
        to run it twice, else 1."""
        return self._runs

    @property
    def run_twice_pending(self) -> tuple[int, ...]:
        """The players still to say whether to run it twice, in the order asked
        (clockwise from the left of the button); empty when nobody is asked.
        While someone is, nobody acts (:attr:`actor` is ``None``): see
        :mod:`pokerdealer.rules.run_twice`."""
        return tuple(self._run_pending)

    @property
    def hole_cards(self) -> tuple[tuple[Card, ...], ...]:
        """Every player's hole cards (the full-information view; see :meth:`view`)."""
        return tuple(self._hole)

    @property
    def stacks(self) -> tuple[int, ...]:
        return tuple(self._stacks)

    @property
    def starting_stacks(self) -> tuple[int, ...]:
        return self._starting

    @property
    def committed(self) -> tuple[int, ...]:
        """Chips each player has bet on this street (live blinds included, antes not)."""
        return tuple(self._committed)

    @property
    def contributions(self) -> tuple[int, ...]:
        """Chips each player has put in this hand (dead antes not included)."""
        return tuple(self._total)

    @property
    def dead_money(self) -> int:
        return self._dead

    @property
    def current_bet(self) -> int:
        return self._current_bet

    @property
    def raise_is_bet(self) -> bool:
        """Whether a raise now opens the betting: nobody has bet on this street
        yet (preflop the blinds are the bet). Players say "bets 20" for it, and
        "raises to 60" over a bet."""
        return self._current_bet == 0

    @property
    def folded(self) -> tuple[bool, ...]:
        return tuple(self._folded)

    @property
    def pots(self) -> list[Pot]:
        """Main pot then side pots, as they stand now (bets in front included).

        While a bet is open and a player is all-in, the part of the bet nobody
        has matched yet is no side pot: it is the last entry, its bettor alone
        eligible (:attr:`unmatched`), and goes back to them unless it is
        called (:func:`~pokerdealer.rules.pots.build_pots`).
        """
        return list(self._pots())

    @property
    def unmatched(self) -> Pot | None:
        """The part of the open bet nobody has matched yet, once a player is
        all-in: the last of :attr:`pots`, its bettor alone eligible
        (docs/rules.md#uncalled-bets); ``None`` otherwise
        (:func:`~pokerdealer.rules.pots.unmatched_bet`)."""
        if self._street == _COMPLETE:
            return None
        live = [not folded for folded in self._folded]
        active = [alive and stack > 0 for alive, stack in zip(live, self._stacks)]
        bettor, chips = unmatched_bet(self._total, live, active)
        return Pot(chips, (bettor,)) if chips else None

    def _pots(self) -> tuple[Pot, ...]:
        """:attr:`pots` as a tuple, built once per state version."""
        if self._c_pots_v == self._version:
            return self._c_pots  # type: ignore[return-value]
        if self._street == _COMPLETE:
            awards = self._result.awards  # type: ignore[union-attr]
            second = [a.amount for a in awards if a.run]
            # A pot run twice was awarded in two halves: it is one pot (its halves
            # in the same order on both runs; pots nobody ran come last, run 0).
            first = [a for a in awards if not a.run]
            pots = tuple([
                Pot(a.amount + (second[k] if k < len(second) else 0), a.eligible) for k, a in enumerate(first)
            ])
        else:
            folded = self._folded
            stacks = self._stacks
            in_hand = [i for i in range(self._n) if not folded[i]]
            if all([stacks[i] for i in in_hand]):
                # Nobody is all-in: one pot, every live player in it (docs/rules.md#side-pots).
                pots = (_tuple_new(Pot, (sum(self._total) + self._dead, tuple(in_hand))),)
            else:
                live = [not f for f in folded]
                active = [alive and s > 0 for alive, s in zip(live, stacks)]
                pots = tuple(build_pots(self._total, live, self._dead, active))
        self._c_pots = pots
        self._c_pots_v = self._version
        return pots

    @property
    def is_complete(self) -> bool:
        return self._street == _COMPLETE

    @property
    def result(self) -> HandResult | None:
        """The outcome once the hand is complete, else ``None``."""
        return self._result

    @property
    def min_increment(self) -> int:
        """What a full bet or raise must add to the current bet now: the largest
        full bet or raise of this round, the big blind at first (TDA 2026 45-A). In
        fixed limit, the level's bet size."""
        return self._unit if self._fixed_limit else self._min_inc

    @property
    def aggressor(self) -> int | None:
        """Who made the last bet or raise of the current (or, at the showdown,
        the last) betting round; ``None`` if nobody bet. The showdown starts
        with this player (TDA 2026 18-A)."""
        return self._aggressor

    @property
    def showdown_order(self) -> tuple[int, ...]:
        return self._showdown_order

    @property
    def shown(self) -> dict[int, tuple[Card, ...]]:
        """Hole cards tabled so far, by player."""
        return dict(self._shown)

    @property
    def shown_after(self) -> dict[int, tuple[Card, ...]]:
        """Hole cards players chose to show once the hand was over, by player, in
        the order dealt (:mod:`pokerdealer.rules.show_after`); every reader sees them."""
        return dict(self._shown_after)

    @property
    def mucked(self) -> tuple[int, ...]:
        return tuple(self._mucked)

    @property
    def unknown(self) -> tuple[int, ...]:
        """Players whose hole cards nobody knows (``Hand(..., unknown=...)``): their
        cards are stand-ins, never to be shown as theirs."""
        return self._unknown

    @property
    def deck(self) -> tuple[Card, ...]:
        return self._deck
