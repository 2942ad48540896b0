"""What every table does across hands: seats, dealing the next hand, and
settling it. :class:`~pokerdealer.table.CashTable` and
:class:`~pokerdealer.table.Tournament` add their own money rules.

Who is dealt in and where the blinds fall is decided by
:func:`pokerdealer.table.button.plan_hand`; this module only turns the plan
into a rules :class:`~pokerdealer.rules.Hand` and writes the result back.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Collection, Sequence
from dataclasses import dataclass

from pokerdealer.rules import Action, AnteType, Hand, HandConfig, RuleOptions, Street
from pokerdealer.rules.bomb_pot import bomb_pot as as_bomb_pot
from pokerdealer.rules import Post as RulesPost
from pokerdealer.table.button import Positions, SeatState, SeatStatus, plan_hand
from pokerdealer.table.record import HandRecord, shuffled_deck
from pokerdealer.table.settings import ButtonRule, GameSettings, TableError

__all__ = ["Player", "Stakes", "Table"]


@dataclass(slots=True)
class Player:
    """A seated player (the table's copy is private; you get snapshots)."""

    name: str
    seat: int
    stack: int
    status: SeatStatus = SeatStatus.ACTIVE
    missed_small_blind: bool = False
    missed_big_blind: bool = False
    new: bool = True
    """Not dealt a hand at this table yet."""
    away: bool = False
    """Tournament: absent; dealt in, posts, and is folded (TDA 2024 30)."""

    def copy(self) -> Player:
        """A snapshot: every field as it is (``dataclasses.replace`` looks the fields up
        at every call: six players at every state sent was 5% of a busy room's CPU).

        >>> p = Player("ann", 3, 120, SeatStatus.SITTING_OUT, True, True, False, True)
        >>> q = p.copy()
        >>> q == p and q is not p
        True
        """
        return Player(self.name, self.seat, self.stack, self.status, self.missed_small_blind,
                      self.missed_big_blind, self.new, self.away)


@dataclass(frozen=True, slots=True)
class Stakes:
    """The forced bets of one hand."""

    small_blind: int
    big_blind: int
    ante: int = 0
    ante_type: AnteType = AnteType.NONE
    level: int | None = None


class Table:
    """Seats and the hand-after-hand cycle shared by cash games and tournaments.

    Call :meth:`start_hand`, play the returned record's ``hand`` to the end
    (see :func:`pokerdealer.table.play_hand`), then :meth:`finish_hand`.
    """

    def __init__(
        self,
        settings: GameSettings,
        *,
        rng: random.Random | None,
        first_button: int | None = None,
        keep_hands: int | None = None,
    ) -> None:
        if keep_hands is not None and keep_hands < 1:
            raise TableError(f"keep_hands must be at least 1 (or None: keep every hand), got {keep_hands}")
        self._first_button = first_button
        self._keep_hands = keep_hands
        self._seat_count = settings.seats
        self._button_rule = ButtonRule(settings.button_rule)
        self._heads_up_no_double_bb = settings.heads_up_no_double_bb
        self._structure = settings.structure
        self._variant = settings.variant
        self._options = settings.options
        self._rng = rng
        self._seats: dict[int, Player] = {}
        self._prev: Positions | None = None
        self._current: HandRecord | None = None
        self._played = 0
        self.hands: list[HandRecord] = []
        """The finished hands kept, oldest first: every one, or the last
        ``keep_hands`` (a long-running table need not hold its whole history)."""

    # ----------------------------------------------------------------- queries
    @property
    def keep_hands(self) -> int | None:
        """How many finished hands the table keeps (None: every one)."""
        return self._keep_hands

    @property
    def seat_count(self) -> int:
        return self._seat_count

    @property
    def button_rule(self) -> ButtonRule:
        return self._button_rule

    @property
    def hands_played(self) -> int:
        """How many hands have finished at this table (kept in :attr:`hands` or not)."""
        return self._played

    @property
    def players(self) -> tuple[Player, ...]:
        """Snapshots of the seated players, by seat."""
        return tuple(p.copy() for _, p in sorted(self._seats.items()))

    def player(self, name: str) -> Player:
        """A snapshot of one seated player."""
        return self._find(name).copy()

    def name_at(self, seat: int) -> str | None:
        """The name of the player in ``seat`` (None: free), without a snapshot of every
        player (:attr:`players` copies each: a table's loop asks this at every turn)."""
        p = self._seats.get(seat)
        return None if p is None else p.name

    def seat_of(self, name: str) -> int | None:
        """The seat of the player called ``name`` (None: not seated), without a snapshot
        of every player (the room asks this at every action of a seat).

        >>> from pokerdealer.table import CashGameSettings, CashTable
        >>> t = CashTable(CashGameSettings(1, 2, 40, 200, seats=6))
        >>> _ = t.sit_down("ann", 100, seat=4)
        >>> t.seat_of("ann"), t.seat_of("bob")
        (4, None)
        """
        for seat, p in self._seats.items():
            if p.name == name:
                return seat
        return None

    def stack_of(self, name: str) -> int:
        """The chips of the player called ``name`` (0: not seated), as :attr:`stacks` has them."""
        for p in self._seats.values():
            if p.name == name:
                return p.stack
        return 0

    @property
    def stacks(self) -> dict[str, int]:
        """Chips of every seated player, by name."""
        return {p.name: p.stack for _, p in sorted(self._seats.items())}

    @property
    def current(self) -> HandRecord | None:
        """The hand in play, if any."""
        return self._current

    @property
    def positions(self) -> Positions | None:
        """The button and blinds of the last hand started."""
        return self._current.positions if self._current else self._prev

    @property
    def free_seats(self) -> tuple[int, ...]:
        return tuple(s for s in range(1, self._seat_count + 1) if s not in self._seats)

    def _find(self, name: str) -> Player:
        for p in self._seats.values():
            if p.name == name:
                return p
        raise TableError(f"no player {name!r} at this table")

    def _in_current_hand(self, player: Player) -> bool:
        return self._current is not None and player.seat in self._current.seats

    def _take_seat(self, name: str, seat: int | None) -> int:
        if any(p.name == name for p in self._seats.values()):
            raise TableError(f"{name!r} is already seated")
        if seat is None:
            free = self.free_seats
            if not free:
                raise TableError(f"the table is full ({self._seat_count} seats)")
            return free[0]
        if not 1 <= seat <= self._seat_count:
            raise TableError(f"seat {seat} does not exist (1..{self._seat_count})")
        if seat in self._seats:
            raise TableError(f"seat {seat} is taken by {self._seats[seat].name!r}")
        return seat

    # ---------------------------------------------------------- to override
    def _stakes(self, now: float | None) -> Stakes:
        raise NotImplementedError

    def _rule_options(self) -> RuleOptions:
        """The rule options of the next hand (a tournament changes them once
        the event is heads-up)."""
        return self._options

    def _straddle_allowed(self) -> bool:
        """Whether the player under the gun may straddle (a cash table's option)."""
        return False

    def _run_it_twice(self) -> bool:
        """Whether the table offers to run it twice (a cash table's option)."""
        return False

    def _bomb_pot_ante(self, number: int, asked: bool) -> int:
        """The ante of hand ``number`` if it is a bomb pot (``asked``: the host asked
        for one), else 0; only a cash table plays bomb pots."""
        if asked:
            raise TableError("only a cash table plays bomb pots")
        return 0

    def _after_hand(self, record: HandRecord) -> None:
        """Bookkeeping once the result is applied (busts, eliminations)."""

    def auto_action(self, record: HandRecord, player: int) -> Action | None:
        """The action the table takes for ``player`` without asking (an absent
        tournament player is folded), else ``None``."""
        return None

    # ------------------------------------------------------------ hand cycle
    def _choose_button(self, dealt: Sequence[int]) -> int:
        if self._first_button is not None:
            if self._first_button not in dealt:
                raise TableError(f"first_button {self._first_button} is not a seat dealt in")
            return self._first_button
        if self._rng is not None:
            return self._rng.choice(list(dealt))
        return secrets.choice(list(dealt))

    def start_hand(
        self, now: float | None = None, *, straddlers: Collection[str] = (), bomb_pot: bool = False
    ) -> HandRecord:
        """Deal the next hand: decide who plays, move the button and blinds,
        shuffle with the table's RNG, and post the forced bets.

        :param now: the time (seconds, any epoch) for timed tournament levels.
        :param straddlers: the players who want to straddle (a table that
            allows it): if the player under the gun -- the first left of the big
            blind, with three or more dealt in -- is one of them, they post a
            live straddle of two big blinds before the cards, act last before
            the flop and set its price (docs/rules.md#antes-and-straddles). A player posting to come
            in this hand does not straddle too; anyone else's wish waits for the
            hand they are under the gun.
        :param bomb_pot: play this hand as a bomb pot (a cash table; the host's
            "bomb pot next hand"): every player dealt in antes the table's bomb-pot
            ante, no blind is posted and nobody bets before the flop
            (:mod:`pokerdealer.rules.bomb_pot`). A player who had to post to come
            in plays it for the ante like everyone, and is in. A table with
            ``bomb_pot_every`` plays one every so many hands by itself.
        :return: the record of the hand in play; ``record.hand`` is the rules hand
            and ``record.seats[i]`` the seat of its player ``i``.

        >>> from pokerdealer.table import CashGameSettings, CashTable
        >>> table = CashTable(CashGameSettings(1, 2, 40, 200, straddle=True), first_button=1)
        >>> for name in ("ann", "bob", "cy", "dee"):
        ...     _ = table.sit_down(name, 100)
        >>> hand = table.start_hand(straddlers={"dee"}).hand  # button ann, blinds bob and cy
        >>> hand.config.straddles, hand.committed, hand.config.players[hand.actor]
        ((4,), (0, 1, 2, 4), 'ann')
        """
        if self._current is not None:
            raise TableError(f"hand {self._current.number} is still in play")
        if straddlers and not self._straddle_allowed():
            raise TableError(f"this table does not allow straddles; {', '.join(sorted(straddlers))} asked to straddle")
        stakes = self._stakes(now)
        states = {
            seat: SeatState(p.status, p.missed_small_blind, p.missed_big_blind, p.new)
            for seat, p in self._seats.items()
            if p.stack > 0
        }
        plan = plan_hand(
            self._button_rule,
            self._prev,
            states,
            seat_count=self._seat_count,
            choose_button=self._choose_button,
            blinds=(stakes.small_blind, stakes.big_blind),
            heads_up_no_double_bb=self._heads_up_no_double_bb,
        )
        seats = plan.dealt_in
        n = len(seats)
        pos = plan.positions
        blinds = (stakes.small_blind, stakes.big_blind)
        effective: int | None = None
        dead_small_blind = False
        if n == 2:
            button = seats.index(pos.button)
        elif not pos.small_blind_dead:
            # The player before the small blind acts last (the button, or the
            # player before an empty button seat: the same order, docs/rules.md#who-acts).
            button = (seats.index(pos.small_blind) - 1) % n
        else:
            # Nobody posts the small blind; the big blind is left of the button.
            button = effective = (seats.index(pos.big_blind) - 1) % n
            dead_small_blind = True
        straddles: tuple[int, ...] = ()
        if straddlers and n >= 3:
            under_the_gun = seats[(seats.index(pos.big_blind) + 1) % n]
            posting = {p.seat for p in plan.posts}
            if self._seats[under_the_gun].name in straddlers and under_the_gun not in posting:
                straddles = (2 * stakes.big_blind,)
        config = HandConfig(
            stacks=tuple(self._seats[s].stack for s in seats),
            blinds=blinds,
            button=button,
            dead_small_blind=dead_small_blind,
            posts=tuple(RulesPost(seats.index(p.seat), p.live, p.dead) for p in plan.posts),
            straddles=straddles,
            run_it_twice=self._run_it_twice(),
            ante=stakes.ante,
            ante_type=stakes.ante_type if stakes.ante else AnteType.NONE,
            structure=self._structure,
            variant=self._variant,  # type: ignore[arg-type]
            players=tuple(self._seats[s].name for s in seats),
            options=self._rule_options(),
        )
        ante = self._bomb_pot_ante(self._played + 1, bomb_pot)
        if ante:
            config = as_bomb_pot(config, ante=ante)  # the antes alone: no blind, straddle or post
        deck = shuffled_deck(self._variant, self._rng)  # type: ignore[arg-type]
        hand = Hand(config, deck)
        # The hand is dealt: update the seats.
        for seat in plan.activated:
            p = self._seats[seat]
            p.status = SeatStatus.ACTIVE
            p.missed_small_blind = p.missed_big_blind = False
        for seat in seats:
            self._seats[seat].new = False
        for seat, (missed_sb, missed_bb) in plan.missed.items():
            p = self._seats[seat]
            p.missed_small_blind, p.missed_big_blind = missed_sb, missed_bb
        self._current = HandRecord(
            number=self._played + 1,
            hand=hand,
            seats=seats,
            positions=pos,
            posts=plan.posts,
            effective_button=effective,
            level=stakes.level,
        )
        return self._current

    def finish_hand(self) -> HandRecord:
        """Settle the hand in play: play out a pending showdown (online style),
        pay the stacks, then handle busts and eliminations."""
        record = self._current
        if record is None:
            raise TableError("no hand is in play")
        hand = record.hand
        if not hand.is_complete and hand.street is Street.SHOWDOWN:
            hand.auto_showdown()
        if hand.result is None:
            raise TableError(f"hand {record.number} is not over: {hand.legal().describe()} pending")
        for seat, chips in zip(record.seats, hand.result.final_stacks):
            self._seats[seat].stack = chips
        self._prev = record.positions
        self._current = None
        self._played += 1
        self.hands.append(record)
        if self._keep_hands is not None and len(self.hands) > self._keep_hands:
            del self.hands[: len(self.hands) - self._keep_hands]
        self._after_hand(record)
        return record
