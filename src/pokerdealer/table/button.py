"""Between hands: who is dealt in, and where the button and blinds go.

Every rule about the button, the blinds moving, heads-up, players joining
and missed blinds lives here (docs/rules.md#button-and-blinds), as pure functions over seat
numbers. Seats are numbered ``1..seat_count`` and clockwise is increasing
seat number, wrapping around.

Two button rules (:class:`~pokerdealer.table.ButtonRule`, docs/rules.md#dead-or-moving-button):

- **DEAD** (TDA 2026 34 (2024: 32), WSOP): the big blind moves to the first dealt-in seat
  after the last big blind; the small blind is the last big blind's seat
  (dead -- not posted -- when that player is gone); the button is the last
  small blind's seat, even when it is empty (dead button).
- **FORWARD_MOVING** (PokerStars): the button moves to the next dealt-in
  seat, the small and big blinds are the next two. Always both blinds.

Heads-up (two dealt in) the button posts the small blind; the big blind is
the first dealt-in seat after the last big blind, so nobody has the big blind
twice in a row (TDA 2026 36-C (2024: 34-B)). That is the DEAD rule's step 1, and it is applied
to FORWARD_MOVING too unless ``heads_up_no_double_bb=False`` (then the button
simply moves on, docs/rules.md#dead-or-moving-button). Going from heads-up back to three or more,
FORWARD_MOVING also moves the big blind one dealt-in seat on from the last
big blind, with both blinds right behind it: nobody has it twice in a row,
nobody's turn is skipped, and a newcomer sitting just after the big blind
gets it at once.

The worked examples of docs/rules.md#dead-or-moving-button (seats 1..6, button 1, SB 2, BB 3):

>>> prev = Positions(button=1, small_blind=2, big_blind=3)
>>> next_positions(ButtonRule.DEAD, prev, [1, 2, 4, 5, 6])   # the BB busts
Positions(button=2, small_blind=3, big_blind=4, small_blind_dead=True)
>>> after = next_positions(ButtonRule.DEAD, prev, [1, 2, 4, 5, 6])
>>> next_positions(ButtonRule.DEAD, after, [1, 2, 4, 5, 6])   # then a dead button
Positions(button=3, small_blind=4, big_blind=5, small_blind_dead=False)
>>> next_positions(ButtonRule.FORWARD_MOVING, prev, [1, 2, 4, 5, 6])
Positions(button=2, small_blind=4, big_blind=5, small_blind_dead=False)

Joining (docs/rules.md#joining-and-missed-blinds), decided by :func:`plan_hand` from each seat's
:class:`SeatStatus`: an ``ENTRANT`` (tournament) is dealt in at once unless the
seat lies strictly between the button and the small blind; a ``POSTING``
player (cash) is dealt in at once by posting a live big blind -- plus the
small blind, dead, if they missed it -- unless the seat lies strictly between
the button and the big blind (the blinds just passed it: they wait until the
button passes); a ``WAITING`` player is dealt in when the big blind reaches
the seat, and posts nothing extra -- within one orbit: the big blind never
jumps over a waiting seat (heads-up it reaches the newcomer the next hand or
the one after; under FORWARD_MOVING, when a player leaving would make it jump,
it moves one seat on instead, see :func:`_place`). At the table's first hand
nobody waits or posts: everyone who wants to play is dealt in and the first
button is drawn; the same when fewer than two players are active (the game
restarts, the button moving on from the last hand). A seated player who is
not dealt in misses each blind that passes the seat (``missed_big_blind`` /
``missed_small_blind``), unless they never played at the table.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum

from pokerdealer.table.settings import ButtonRule, TableError

__all__ = [
    "HandPlan",
    "Positions",
    "Post",
    "SeatState",
    "SeatStatus",
    "first_positions",
    "is_between",
    "next_positions",
    "plan_hand",
]


class SeatStatus(StrEnum):
    """Where a seated player stands for the next hand."""

    ACTIVE = "active"
    """Dealt in (a tournament player who is away is still ACTIVE: posts, folds)."""
    WAITING = "waiting"
    """Cash: waits until the big blind reaches the seat."""
    POSTING = "posting"
    """Cash: comes in at once by posting (live BB; dead SB if missed)."""
    ENTRANT = "entrant"
    """Tournament newcomer: dealt in unless between the button and the small blind."""
    SITTING_OUT = "sitting_out"
    """Cash: not dealt in; misses the blinds that pass the seat."""


@dataclass(frozen=True, slots=True)
class SeatState:
    """What :func:`plan_hand` needs to know about one occupied seat."""

    status: SeatStatus = SeatStatus.ACTIVE
    missed_small_blind: bool = False
    missed_big_blind: bool = False
    new: bool = False
    """Has not played at this table yet: owes a big blind, never missed blinds."""


@dataclass(frozen=True, slots=True)
class Positions:
    """The button and blind seats of one hand.

    ``small_blind`` is the seat the small blind is at even when nobody posts it
    (``small_blind_dead``). Heads-up ``small_blind == button``. The button seat
    may be empty or sitting out (a dead button).
    """

    button: int
    small_blind: int
    big_blind: int
    small_blind_dead: bool = False

    @property
    def heads_up(self) -> bool:
        return self.button == self.small_blind


@dataclass(frozen=True, slots=True)
class Post:
    """A forced bet outside the blinds by a player coming in, by seat
    (docs/rules.md#joining-and-missed-blinds).

    The table's side of :class:`pokerdealer.rules.Post`, which names the
    player by their index in the hand: the table plans posts by seat before
    it knows who is dealt in, and turns each into a ``rules.Post`` when it
    builds the hand (:meth:`Table.start_hand <pokerdealer.table.Table.start_hand>`).
    """

    seat: int
    live: int
    """Chips posted live (a big blind): they count as the player's bet."""
    dead: int
    """Chips posted dead (a missed small blind): they go to the pot."""


@dataclass(frozen=True, slots=True)
class HandPlan:
    """Who plays the next hand and how the blinds fall."""

    positions: Positions
    dealt_in: tuple[int, ...]
    """Seats dealt in, ascending."""
    posts: tuple[Post, ...] = ()
    """Extra posts by players coming in."""
    activated: tuple[int, ...] = ()
    """Seats that come in this hand (their missed blinds are cleared)."""
    missed: Mapping[int, tuple[bool, bool]] = field(default_factory=dict)
    """For seats not dealt in: ``(missed_small_blind, missed_big_blind)`` after this hand."""


def is_between(seat: int, start: int, end: int, seat_count: int) -> bool:
    """Whether ``seat`` lies strictly clockwise after ``start`` and before ``end``.

    >>> is_between(1, 9, 2, 9), is_between(2, 9, 2, 9), is_between(5, 3, 3, 9)
    (True, False, True)
    """
    span = (end - start) % seat_count or seat_count
    return 0 < (seat - start) % seat_count < span


def _next(seat: int, seats: Iterable[int]) -> int:
    """The first of ``seats`` clockwise strictly after ``seat``."""
    ordered = sorted(seats)
    for s in ordered:
        if s > seat:
            return s
    return ordered[0]


def _previous(seat: int, seats: Iterable[int]) -> int:
    """The first of ``seats`` counter-clockwise strictly before ``seat``."""
    ordered = sorted(seats, reverse=True)
    for s in ordered:
        if s < seat:
            return s
    return ordered[0]


def first_positions(dealt: Sequence[int], button: int) -> Positions:
    """The first hand: the button at ``button``, blinds the next dealt-in seats.

    >>> first_positions([2, 5, 7], 7), first_positions([2, 5], 5)
    (Positions(button=7, small_blind=2, big_blind=5, small_blind_dead=False), Positions(button=5, small_blind=5, big_blind=2, small_blind_dead=False))
    """
    if len(dealt) < 2:
        raise TableError(f"a hand needs two players dealt in, got {len(dealt)}")
    if button not in dealt:
        raise TableError(f"the first button must be a dealt-in seat, got {button}")
    if len(dealt) == 2:
        return Positions(button, button, _next(button, dealt))
    sb = _next(button, dealt)
    return Positions(button, sb, _next(sb, dealt))


def _behind_big_blind(bb: int, dealt: Sequence[int]) -> Positions:
    """Three or more dealt in: the big blind at ``bb``, the small blind and the
    button on the two dealt-in seats before it (both blinds posted)."""
    sb = _previous(bb, dealt)
    return Positions(_previous(sb, dealt), sb, bb)


def next_positions(
    rule: ButtonRule,
    prev: Positions,
    dealt: Iterable[int],
    *,
    heads_up_no_double_bb: bool = True,
) -> Positions:
    """Positions for the next hand, from the last hand's and the seats dealt in.

    The three 3-to-2 cases of docs/rules.md#dead-or-moving-button (seats 1, 2, 3; button 1):

    >>> prev = Positions(1, 2, 3)
    >>> [next_positions(ButtonRule.DEAD, prev, d).big_blind for d in ([2, 3], [1, 3], [1, 2])]
    [2, 1, 1]
    """
    dealt = sorted(set(dealt))
    if len(dealt) < 2:
        raise TableError(f"a hand needs two players dealt in, got {len(dealt)}")
    rule = ButtonRule(rule)
    if len(dealt) == 2:
        if rule is ButtonRule.DEAD or heads_up_no_double_bb:
            bb = _next(prev.big_blind, dealt)
            button = dealt[0] if dealt[1] == bb else dealt[1]
        else:
            button = _next(prev.button, dealt)
            bb = dealt[0] if dealt[1] == button else dealt[1]
        return Positions(button, button, bb)
    if rule is ButtonRule.FORWARD_MOVING:
        if prev.heads_up:
            # Heads-up -> three or more: the big blind moves on to the next
            # dealt-in seat after the last big blind (as heads-up, §1.2), the
            # small blind and button are the two dealt-in seats before it. A
            # newcomer sitting there gets it at once, nobody has it twice in a
            # row and nobody's turn is skipped.
            return _behind_big_blind(_next(prev.big_blind, dealt), dealt)
        button = _next(prev.button, dealt)
        sb = _next(button, dealt)
        bb = _next(sb, dealt)
        if bb == prev.big_blind and heads_up_no_double_bb:
            # Only when players join a short table: move one more seat rather
            # than give the same player the big blind twice in a row.
            button, sb, bb = sb, bb, _next(bb, dealt)
        return Positions(button, sb, bb)
    bb = _next(prev.big_blind, dealt)
    sb = prev.big_blind
    button = prev.small_blind
    if button == bb:
        # Only after a heads-up hand whose blinds have both moved on: the button
        # goes to the seat before the small blind instead of onto the big blind.
        button = _previous(sb, [s for s in dealt if s != bb] + [sb])
        if button == sb:
            button = _previous(sb, dealt)
    return Positions(button, sb, bb, sb not in dealt)


def _place(
    rule: ButtonRule,
    prev: Positions,
    dealt: set[int],
    waiting: set[int],
    seat_count: int,
    opts: dict[str, bool],
) -> tuple[Positions, int | None]:
    """The positions when ``dealt`` play, and the one waiting seat (if any) the
    big blind reaches this hand: that player comes in as the big blind.

    A waiting seat is never passed over by the big blind (they get it within one
    orbit: docs/rules.md#joining-and-missed-blinds). Under DEAD the big blind advances one seat at a
    time, so it reaches every waiting seat in turn. Under FORWARD_MOVING the
    big blind can jump over seats when players leave or sit out (§1.3b); when
    it would jump over a waiting seat, it moves instead to the next seat after
    the last big blind among the players and the waiting seats, with both
    blinds right behind it.
    """
    positions = next_positions(rule, prev, dealt, **opts)
    waiter = None
    for s in sorted(waiting, key=lambda s: (s - prev.big_blind) % seat_count):
        trial = next_positions(rule, prev, dealt | {s}, **opts)
        if trial.big_blind == s:
            positions, waiter = trial, s
            break
    bb = positions.big_blind
    if (
        rule is ButtonRule.FORWARD_MOVING
        and bb != prev.big_blind
        and any(is_between(s, prev.big_blind, bb, seat_count) for s in waiting)
    ):
        bb = _next(prev.big_blind, dealt | waiting)
        waiter = bb if bb in waiting else None
        players = sorted(dealt | {bb})
        if len(players) == 2:
            other = players[0] if players[1] == bb else players[1]
            return Positions(other, other, bb), waiter
        return _behind_big_blind(bb, players), waiter
    return positions, waiter


def plan_hand(
    rule: ButtonRule,
    prev: Positions | None,
    seats: Mapping[int, SeatState],
    *,
    seat_count: int,
    choose_button: Callable[[Sequence[int]], int],
    blinds: tuple[int, int],
    heads_up_no_double_bb: bool = True,
) -> HandPlan:
    """Decide who is dealt in, who posts, the positions, and who misses blinds.

    ``seats`` maps every occupied seat to its state; ``choose_button`` picks the
    first button among the dealt-in seats (uniformly at random, docs/rules.md#button-and-blinds);
    ``blinds`` = ``(small, big)`` sizes the posts.
    When fewer than two players are active the game (re)starts: everyone who
    wants to play is dealt in without posting.

    >>> st = {1: SeatState(), 3: SeatState(), 5: SeatState(SeatStatus.WAITING, new=True)}
    >>> plan = plan_hand(ButtonRule.DEAD, Positions(5, 1, 3), st, seat_count=6, choose_button=min, blinds=(1, 2))
    >>> plan.dealt_in, plan.positions.big_blind
    ((1, 3, 5), 5)
    """
    hopeful = (SeatStatus.WAITING, SeatStatus.POSTING, SeatStatus.ENTRANT)
    active = {s for s, st in seats.items() if st.status is SeatStatus.ACTIVE}
    wanting = {s for s, st in seats.items() if st.status in hopeful}
    opts = {"heads_up_no_double_bb": heads_up_no_double_bb}
    if prev is None or len(active) < 2:
        dealt = sorted(active | wanting)
        if len(dealt) < 2:
            raise TableError(f"a hand needs two players ready to play, got {len(dealt)}")
        if prev is None:
            positions = first_positions(dealt, choose_button(dealt))
        else:
            positions = next_positions(rule, prev, dealt, **opts)
        return HandPlan(positions, tuple(dealt), (), tuple(sorted(wanting)), {})

    # Posting players and tournament entrants come in unless the blinds just passed them.
    coming = {s for s in wanting if seats[s].status is not SeatStatus.WAITING}
    waiting = {s for s in wanting if seats[s].status is SeatStatus.WAITING}
    while True:
        positions, waiter = _place(rule, prev, active | coming, waiting, seat_count, opts)
        # Under DEAD the button is the last small blind's seat (next_positions moves
        # it only when newcomers sit exactly where the blinds have just passed).
        start = prev.small_blind if rule is ButtonRule.DEAD else positions.button
        held = {
            s
            for s in coming
            if s != positions.big_blind
            and (
                is_between(s, start, positions.big_blind, seat_count)
                if seats[s].status is SeatStatus.POSTING
                else is_between(s, start, positions.small_blind, seat_count)
            )
        }
        if positions.big_blind == prev.big_blind:
            held = set(coming)  # newcomers never make the big blind pay twice in a row
        if not held:
            break
        coming -= held
    if waiter is not None:
        coming.add(waiter)
    dealt = active | coming

    posts = []
    for s in sorted(coming):
        st = seats[s]
        if st.status is not SeatStatus.POSTING or s == positions.big_blind:
            continue
        live = blinds[1] if st.new or st.missed_big_blind else 0
        dead = blinds[0] if st.missed_small_blind and not st.new else 0
        if live or dead:
            posts.append(Post(s, live, dead))

    missed: dict[int, tuple[bool, bool]] = {}
    for s, st in seats.items():
        if s in dealt:
            continue
        missed_sb, missed_bb = st.missed_small_blind, st.missed_big_blind
        if not st.new:
            if is_between(s, prev.big_blind, positions.big_blind, seat_count):
                missed_bb = True
            if s == positions.small_blind or (
                not prev.heads_up
                and is_between(s, prev.small_blind, positions.small_blind, seat_count)
            ):
                missed_sb = True
        missed[s] = (missed_sb, missed_bb)
    return HandPlan(positions, tuple(sorted(dealt)), tuple(posts), tuple(sorted(coming)), missed)
