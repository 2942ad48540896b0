"""How a table is run: frozen settings for cash games and tournaments.

The rule options that differ between houses (docs/rules.md#where-rooms-differ) are
fields here: :class:`ButtonRule` (§1.3), :class:`EntryRule` (§1.5),
:class:`BustTiebreak` (§10.3), :class:`HandForHandBusts` (§10.2). Settings are immutable; a table keeps one.

>>> s = CashGameSettings(small_blind=1, big_blind=2, min_buy_in=40, max_buy_in=200)
>>> s.button_rule, s.entry_rule
(<ButtonRule.FORWARD_MOVING: 'forward_moving'>, <EntryRule.WAIT_FOR_BIG_BLIND: 'wait_for_big_blind'>)
>>> Level(100, 200, 200, hands=10).ante_type
<AnteType.BIG_BLIND: 'big_blind'>
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Protocol

from pokerdealer.cards import Variant
from pokerdealer.errors import PokerDealerError
from pokerdealer.rules import AnteType, HeadsUpCap, RuleOptions, Structure

__all__ = [
    "GameSettings",
    "BustTiebreak",
    "ButtonRule",
    "CashGameSettings",
    "EntryRule",
    "HandForHandBusts",
    "Level",
    "TableError",
    "TournamentSettings",
]

MAX_SEATS = 10


class GameSettings(Protocol):
    """What every table's settings say about the game itself (cash and tournament alike)."""

    @property
    def seats(self) -> int: ...
    @property
    def button_rule(self) -> ButtonRule: ...
    @property
    def heads_up_no_double_bb(self) -> bool: ...
    @property
    def structure(self) -> Structure: ...
    @property
    def variant(self) -> Variant: ...
    @property
    def options(self) -> RuleOptions: ...


class TableError(PokerDealerError):
    """Something the table does not allow now (bad buy-in, unknown player, a hand in play...)."""


class ButtonRule(StrEnum):
    """How the button and blinds move when players leave or bust
    (docs/rules.md#dead-or-moving-button)."""

    DEAD = "dead"
    """TDA / WSOP: the big blind advances exactly one dealt-in player every hand;
    the button may be dead (on an empty seat) and the small blind may be missing.
    Default for tournaments."""
    FORWARD_MOVING = "forward_moving"
    """PokerStars: the button moves to the next dealt-in player, the small and big
    blind are the next two; always both blinds. Default for cash games."""


class EntryRule(StrEnum):
    """How a new cash-game player is dealt in (docs/rules.md#joining-and-missed-blinds)."""

    WAIT_FOR_BIG_BLIND = "wait_for_big_blind"
    """Sit out until the big blind reaches the seat (no extra post)."""
    POST_BIG_BLIND = "post_big_blind"
    """Post one big blind (live) and play the next hand, unless the seat is one
    the blinds have just passed (between the button and the big blind), in which
    case wait until the button has passed it."""


class BustTiebreak(StrEnum):
    """What ranks players busting in the same hand (docs/rules.md#tournaments)."""

    START_STACK = "start_stack"
    """RRP / WSOP-T 126-b: chips at the start of the hand."""
    START_STACK_AFTER_ANTE = "start_stack_after_ante"
    """Reported TDA 2026 Rule 22: chips at the start of the hand minus the ante paid."""


class HandForHandBusts(StrEnum):
    """How players busting in one hand-for-hand hand at *different* tables are
    ranked (docs/rules.md#tournaments). Busts at one table are ranked by their chips at the
    start of the hand either way (:class:`BustTiebreak`)."""

    TIE = "tie"
    """WSOP-T 126-b, TDA 2024 RP-8A: they tie, whatever their stacks, and share the
    prizes of the places they cover. Default."""
    CHIPS = "chips"
    """An online room's practice: the whole round's busts are ranked by their
    chips at the start of the hand, as if they had sat at one table."""


@dataclass(frozen=True, slots=True)
class CashGameSettings:
    """A cash game: fixed blinds, buy-in limits, and the house options.

    :param small_blind: the small blind (``0``: none).
    :param big_blind: the big blind.
    :param min_buy_in: the smallest buy-in (and rebuy after busting).
    :param max_buy_in: the largest buy-in; top-ups may bring a stack up to it.
    :param ante: an optional fixed ante; ``ante_type`` says who pays it.
    :param button_rule: FORWARD_MOVING (default, online) or DEAD (live, WSOP-LA 151).
    :param entry_rule: how new players and players back from sitting out with
        missed blinds come in by default (they may choose per player).
    :param heads_up_no_double_bb: place the button heads-up so nobody has the big
        blind twice in a row (TDA 2026 36-C (2024: 34-B)); applies under both button rules.
    :param seats: the number of seats (2..10), numbered 1..seats.
    :param rathole_seconds: a player who leaves and sits down again within this
        many seconds must buy in for at least the chips taken off (WSOP-LA 58);
        needs ``now`` values, ``0`` disables it.
    :param straddle: the player under the gun may straddle -- post a live blind
        of two big blinds before the cards, when they ask for it (docs/rules.md#antes-and-straddles,
        WSOP-LA 161); see :meth:`~pokerdealer.table.Table.start_hand`.
    :param limit_heads_up_cap: fixed limit, whether the raise cap applies
        heads-up (docs/rules.md#fixed-limit, Appendix A): by default a betting round that
        starts with two players has no cap (WSOP-LA 127). It replaces
        ``options.limit_heads_up_cap`` in the table's hands.
    :param run_it_twice: the table offers to run it twice
        (:mod:`pokerdealer.rules.run_twice`): players all in before the river
        are asked, and the board is dealt twice if all agree.
    :param bomb_pot_every: every this many hands is a bomb pot
        (:mod:`pokerdealer.rules.bomb_pot`; 0: none but those asked for, see
        :meth:`~pokerdealer.table.Table.start_hand`).
    :param bomb_pot_ante: a bomb pot's ante (0: two big blinds).
    :param seven_deuce: the 7-2 game's bounty in chips (0: not played;
        :mod:`pokerdealer.rules.seven_deuce`, :meth:`CashTable.settle
        <pokerdealer.table.CashTable.settle>`).
    """

    small_blind: int
    big_blind: int
    min_buy_in: int
    max_buy_in: int
    ante: int = 0
    ante_type: AnteType = AnteType.NONE
    button_rule: ButtonRule = ButtonRule.FORWARD_MOVING
    entry_rule: EntryRule = EntryRule.WAIT_FOR_BIG_BLIND
    heads_up_no_double_bb: bool = True
    seats: int = 9
    structure: Structure = Structure.NO_LIMIT
    variant: Variant = "holdem"
    options: RuleOptions = field(default_factory=RuleOptions)
    rathole_seconds: float = 3600.0
    limit_heads_up_cap: HeadsUpCap = HeadsUpCap.UNCAP_IF_ROUND_STARTS_HEADS_UP
    straddle: bool = False
    run_it_twice: bool = False
    bomb_pot_every: int = 0
    bomb_pot_ante: int = 0
    seven_deuce: int = 0

    def __post_init__(self) -> None:
        if self.big_blind <= 0 or self.small_blind < 0:
            raise TableError(f"blinds must be (small >= 0, big > 0), got {self.small_blind}/{self.big_blind}")
        if not 0 < self.min_buy_in <= self.max_buy_in:
            raise TableError(
                f"buy-in limits must satisfy 0 < minimum <= maximum, got {self.min_buy_in}..{self.max_buy_in}"
            )
        if not 2 <= self.seats <= MAX_SEATS:
            raise TableError(f"a table has 2 to {MAX_SEATS} seats, got {self.seats}")
        if self.ante < 0:
            raise TableError(f"the ante must be >= 0, got {self.ante}")
        for name in ("bomb_pot_every", "bomb_pot_ante", "seven_deuce"):
            if getattr(self, name) < 0:
                raise TableError(f"{name} must be >= 0 (0: off), got {getattr(self, name)}")
        object.__setattr__(self, "button_rule", ButtonRule(self.button_rule))
        object.__setattr__(self, "entry_rule", EntryRule(self.entry_rule))
        object.__setattr__(self, "limit_heads_up_cap", HeadsUpCap(self.limit_heads_up_cap))


@dataclass(frozen=True, slots=True)
class Level:
    """One tournament level: blinds, ante, and how long it lasts.

    Give ``hands`` (levels by number of hands, TDA 2024 RP-19) or ``minutes`` (by
    time, TDA 2024 23); ``None`` for both means the level lasts for ever (the last
    level always does). A new level applies from the next hand.

    :param ante_type: who pays a nonzero ``ante``; big-blind ante by default (TDA 2026 RP-11).
    """

    small_blind: int
    big_blind: int
    ante: int = 0
    ante_type: AnteType = AnteType.BIG_BLIND
    hands: int | None = None
    minutes: float | None = None

    def __post_init__(self) -> None:
        if self.big_blind <= 0 or self.small_blind < 0 or self.ante < 0:
            raise TableError(f"bad level {self.small_blind}/{self.big_blind} ante {self.ante}")
        if self.hands is not None and self.minutes is not None:
            raise TableError("a level lasts a number of hands or of minutes, not both")
        if (self.hands is not None and self.hands <= 0) or (
            self.minutes is not None and self.minutes <= 0
        ):
            raise TableError("a level's length must be positive")
        object.__setattr__(self, "ante_type", AnteType(self.ante_type))


def check_tournament(*, starting_stack: int, levels: Sequence[Level], seats: int) -> None:
    """What every tournament needs, single-table or many (``levels``: the playing
    levels, breaks left out); raises :class:`TableError` naming what is wrong."""
    if starting_stack <= 0:
        raise TableError(f"the starting stack must be positive, got {starting_stack}")
    if not levels:
        raise TableError("a tournament needs at least one level")
    if any(lv.minutes is not None for lv in levels) and any(lv.hands is not None for lv in levels):
        raise TableError("levels are timed all by hands or all by minutes")
    if not 2 <= seats <= MAX_SEATS:
        raise TableError(f"a table has 2 to {MAX_SEATS} seats, got {seats}")


@dataclass(frozen=True, slots=True)
class TournamentSettings:
    """A single-table tournament (sit-and-go).

    :param starting_stack: chips each entrant starts with.
    :param levels: the blind schedule, first level first; all levels are timed
        by hands, or all by minutes (the last may be open-ended).
    :param payouts: prize for 1st, 2nd, ... place (integer money); places not
        listed win nothing.
    :param button_rule: DEAD (default, TDA 2026 34 (2024: 32)) or FORWARD_MOVING.
    :param bust_tiebreak: how players busting in the same hand are ranked.
    :param options: the house's rule options. In fixed limit the raise cap
        applies heads-up until the whole event is down to two players (TDA 2026 50 (2024: 48),
        WSOP-T 100-b); from then on no betting round is capped.
    """

    starting_stack: int
    levels: tuple[Level, ...]
    payouts: tuple[int, ...] = ()
    button_rule: ButtonRule = ButtonRule.DEAD
    heads_up_no_double_bb: bool = True
    bust_tiebreak: BustTiebreak = BustTiebreak.START_STACK
    seats: int = 10
    structure: Structure = Structure.NO_LIMIT
    variant: Variant = "holdem"
    options: RuleOptions = field(default_factory=RuleOptions)

    def __post_init__(self) -> None:
        levels = tuple(self.levels)
        object.__setattr__(self, "levels", levels)
        check_tournament(starting_stack=self.starting_stack, levels=levels, seats=self.seats)
        object.__setattr__(self, "payouts", tuple(int(p) for p in self.payouts))
        if any(p < 0 for p in self.payouts):
            raise TableError("payouts must be >= 0")
        object.__setattr__(self, "button_rule", ButtonRule(self.button_rule))
        object.__setattr__(self, "bust_tiebreak", BustTiebreak(self.bust_tiebreak))

    @property
    def timed(self) -> bool:
        """Whether levels are timed by minutes (then every hand needs a ``now``)."""
        return any(lv.minutes is not None for lv in self.levels)
