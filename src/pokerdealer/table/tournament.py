"""A single-table tournament: levels, eliminations, standings and prizes.

- **Levels** (docs/rules.md#tournaments): blinds and antes rise on a schedule, by number
  of hands or by time. Time is never read here: every hand gets ``now`` (or
  the tournament an injected ``clock``); the first hand's ``now`` starts the
  clock. A new level applies from the next hand (TDA 2024 23).
- **Button**: DEAD by default (TDA 2026 34 (2024: 32)), heads-up rule §1.2.
- **Absent players** (:meth:`Tournament.set_away`) are dealt in, post, and are
  folded (TDA 2024 30); they can be blinded away.
- **Eliminations** (§10.2): a player with no chips after a hand is out. Players
  busting in the same hand are ranked by their chips at the start of it
  (``bust_tiebreak``: or those chips minus the ante they paid); equal stacks
  share the places, and the prizes of those places are split equally between
  them. An odd remainder of that split goes one unit each to the tied players
  in seat order (lowest seat first).
- **Prizes**: ``payouts[k]`` is the prize for place ``k + 1``, integer money.
  Helper :func:`split_prize_pool` turns percentages into such a table.
- Chips are conserved: the chips in play always equal entries x starting stack.

>>> import random
>>> from pokerdealer.table.play import play_hand
>>> settings = TournamentSettings(100, (Level(5, 10, hands=5), Level(10, 20)), payouts=(70, 30))
>>> t = Tournament(settings, ["ann", "bob", "cat"], rng=random.Random(2))
>>> def shove(view):
...     legal = view.legal
...     return ("p%d cbr %d" % (view.player + 1, legal.max_raise_to)) if legal.max_raise_to else "p%d cc" % (view.player + 1)
>>> while not t.is_over:
...     _ = play_hand(t, shove)
>>> [(s.place, s.prize) for s in t.standings]
[(1, 70), (2, 15), (2, 15)]

Two players went all-in with their starting 100 and lost in the same hand:
they tie for second place and share its prize and third's.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import TypeVar

from pokerdealer.rules import Action, AnteType, BBAPriority, HandConfig, HeadsUpCap, RuleOptions
from pokerdealer.table.button import SeatStatus
from pokerdealer.table.payouts import share_prizes
from pokerdealer.table.record import HandRecord
from pokerdealer.table.settings import BustTiebreak, Level, TableError, TournamentSettings
from pokerdealer.table.table import Player, Stakes, Table

__all__ = ["Standing", "Tournament", "antes_paid", "place_busts", "split_prize_pool", "tie_across_tables"]

K = TypeVar("K")


@dataclass(frozen=True, slots=True)
class Standing:
    """A finishing place. Tied players share ``place`` (the best of their places)."""

    place: int
    name: str
    prize: int
    hand: int | None
    """The hand in which the player busted (``None`` for the winner)."""


def split_prize_pool(pool: int, percents: Sequence[int | float]) -> tuple[int, ...]:
    """Prizes for places 1, 2, ... from percentages of ``pool``, in whole units;
    the remainder from rounding down goes to first place.

    >>> split_prize_pool(1000, (50, 30, 20)), split_prize_pool(100, (65, 35.5))
    ((500, 300, 200), (65, 35))
    """
    prizes = [int(pool * p // 100) for p in percents]
    if prizes and sum(percents) >= 100:
        prizes[0] += pool - sum(prizes)
    return tuple(prizes)


def place_busts(first_place: int, basis: Sequence[tuple[K, int]]) -> list[tuple[int, list[K]]]:
    """Rank players eliminated together (docs/rules.md#tournaments): more chips at the
    start of the hand (``basis``) finishes higher; equal chips tie and share
    the best of their places. ``first_place`` is the best place the group
    covers (players alive before the hand minus busted plus one); ``basis``
    lists ``(key, chips)`` in the order ties keep (the odd units of a shared
    prize go to the first).

    >>> place_busts(7, [("a", 300), ("b", 900), ("c", 300)])
    [(7, ['b']), (8, ['a', 'c'])]
    """
    order = sorted(range(len(basis)), key=lambda i: -basis[i][1])  # stable: keeps the tie order
    groups: list[tuple[int, list[K]]] = []
    k = 0
    while k < len(order):
        chips = basis[order[k]][1]
        group = [basis[i][0] for i in order[k:] if basis[i][1] == chips]
        groups.append((first_place + k, group))
        k += len(group)
    return groups


def tie_across_tables(first_place: int, busts: Sequence[tuple[K, int, Hashable]]) -> list[tuple[int, list[K]]]:
    """Rank one hand-for-hand round's eliminations (docs/rules.md#tournaments; WSOP-T
    126-b, TDA 2024 RP-8A): players busting at *different* tables tie, whatever
    their stacks; at *one* table more chips at the start of the hand finishes
    higher (:func:`place_busts`). ``busts`` lists ``(key, chips, table)`` in
    the order ties keep; ``first_place`` is the best place the round covers.

    When a table loses several players and another table one, the two rules
    meet: each table's busts go out in steps, fewest chips first (equal chips
    one step), and the first step at every table goes out at the same moment,
    then the second, and so on. A step is one tied group; the first steps
    take the worst places.

    >>> tie_across_tables(50, [("ann", 9000, 1), ("bob", 200, 2)])  # a tie, whatever the stacks
    [(50, ['ann', 'bob'])]
    >>> tie_across_tables(49, [("ann", 900, 1), ("cy", 300, 1), ("bob", 200, 2)])
    [(49, ['ann']), (50, ['cy', 'bob'])]
    """
    steps = [0] * len(busts)
    for table in dict.fromkeys(b[2] for b in busts):
        mine = [i for i, b in enumerate(busts) if b[2] == table]
        groups = place_busts(0, [(i, busts[i][1]) for i in mine])  # best first
        for step, (_, group) in enumerate(reversed(groups)):
            for i in group:
                steps[i] = step
    ranked: list[tuple[int, list[K]]] = []
    place = first_place
    for step in range(max(steps, default=-1), -1, -1):
        group = [busts[i][0] for i in range(len(busts)) if steps[i] == step]
        ranked.append((place, group))
        place += len(group)
    return ranked


def antes_paid(config: HandConfig) -> tuple[int, ...]:
    """The ante each player of a hand paid (for the TDA 2026 Rule 22 tie-break).

    >>> antes_paid(HandConfig(stacks=(5000, 1500, 9000), blinds=(500, 1000), ante=1000, ante_type="big_blind"))
    (0, 500, 0)
    """
    n = len(config.stacks)
    paid = [0] * n
    ante = config.ante
    if not ante:
        return tuple(paid)
    stacks = config.stacks
    if config.ante_type is AnteType.PER_PLAYER:
        return tuple(min(ante, s) for s in stacks)
    if config.ante_type is AnteType.BUTTON:
        paid[config.button] = min(ante, stacks[config.button])
    elif config.ante_type is AnteType.BIG_BLIND:
        bb = config.big_blind_player
        if config.options.bba_priority is BBAPriority.BIG_BLIND_FIRST:
            paid[bb] = min(ante, stacks[bb] - min(stacks[bb], config.blinds[1]))
        else:
            paid[bb] = min(ante, stacks[bb])
    return tuple(paid)


class Tournament(Table):
    """A sit-and-go: everyone starts with the same stack, plays to one winner.

    :param settings: stack, levels, payouts and house options.
    :param players: the entrants' names; they are seated at random.
    :param rng: the RNG for seating, shuffles and the first button.
    :param clock: returns the time in seconds, for timed levels when
        :meth:`start_hand` gets no ``now``.
    :param first_button: the seat of the first button (default: drawn at random).
    :param seats: each player's seat (default: a random draw).
    """

    def __init__(
        self,
        settings: TournamentSettings,
        players: Sequence[str],
        *,
        rng: random.Random | None = None,
        clock: Callable[[], float] | None = None,
        first_button: int | None = None,
        seats: Sequence[int] | None = None,
    ) -> None:
        super().__init__(settings, rng=rng, first_button=first_button)
        if not 2 <= len(players) <= settings.seats:
            raise TableError(f"a table of {settings.seats} seats takes 2..{settings.seats} players, got {len(players)}")
        if len(set(players)) != len(players):
            raise TableError("player names must be different")
        self.settings = settings
        self._clock = clock
        self._start_time: float | None = None
        self._entries = 0
        self._standings: list[Standing] = []
        if seats is None:
            order = list(range(1, settings.seats + 1))
            (rng if rng is not None else random.SystemRandom()).shuffle(order)
        else:
            order = list(seats)
            if len(order) != len(players) or len(set(order)) != len(order) or not all(
                1 <= s <= settings.seats for s in order
            ):
                raise TableError(f"seats {tuple(order)} do not fit {len(players)} players at {settings.seats} seats")
        for name, seat in zip(players, order):
            self._seats[seat] = Player(name, seat, settings.starting_stack, new=False)
            self._entries += 1

    # ------------------------------------------------------------------ levels
    def level_index(self, now: float | None = None) -> int:
        """The level the next hand is played at (0 = the first level)."""
        levels = self.settings.levels
        if self.settings.timed:
            if now is None:
                now = self._clock() if self._clock is not None else None
            if now is None:
                raise TableError("timed levels need the time: pass now= or a clock")
            start = self._start_time if self._start_time is not None else now
            elapsed = (now - start) / 60.0
            measure: Callable[[Level], float | None] = lambda lv: lv.minutes
        else:
            elapsed = float(self.hands_played)
            measure = lambda lv: lv.hands
        for i, lv in enumerate(levels):
            length = measure(lv)
            if length is None or elapsed < length:
                return i
            elapsed -= length
        return len(levels) - 1

    @property
    def level(self) -> Level:
        """The level of the hand in play, or of the last hand (first level before any)."""
        record = self._current or (self.hands[-1] if self.hands else None)
        return self.settings.levels[record.level if record and record.level is not None else 0]

    def _stakes(self, now: float | None) -> Stakes:
        if self.is_over:
            raise TableError("the tournament is over")
        if now is None and self.settings.timed and self._clock is not None:
            now = self._clock()
        i = self.level_index(now)
        if self._start_time is None and now is not None:
            self._start_time = now
        lv = self.settings.levels[i]
        return Stakes(lv.small_blind, lv.big_blind, lv.ante, lv.ante_type, i)

    def _rule_options(self) -> RuleOptions:
        # TDA 2026 50 (2024: 48) / WSOP-T 100-b: the fixed-limit cap holds heads-up until the
        # event itself is down to two players; then every round is uncapped.
        if len(self._seats) == 2:
            return self._options.replace(limit_heads_up_cap=HeadsUpCap.UNCAP_IF_ROUND_STARTS_HEADS_UP)
        return self._options

    # ----------------------------------------------------------------- players
    def add_player(self, name: str, *, seat: int | None = None) -> int:
        """Late registration: seat a new entrant with a starting stack (between
        hands). They are dealt in at once unless their seat lies between the
        button and the small blind (TDA 2024 8-A); returns the seat."""
        if self.is_over:
            raise TableError("the tournament is over")
        seat = self._take_seat(name, seat)
        self._seats[seat] = Player(name, seat, self.settings.starting_stack, SeatStatus.ENTRANT)
        self._entries += 1
        return seat

    def set_away(self, name: str, away: bool = True) -> None:
        """Mark a player absent (dealt in, posts, folded) or back."""
        self._find(name).away = away

    def auto_action(self, record: HandRecord, player: int) -> Action | None:
        seat = record.seats[player]
        if not self._seats[seat].away:
            return None
        legal = record.hand.legal()
        return Action("fold" if legal.can_fold else "check", player)

    # --------------------------------------------------------------- results
    @property
    def entries(self) -> int:
        return self._entries

    @property
    def total_chips(self) -> int:
        """Chips in play; always ``entries * starting_stack``."""
        return sum(p.stack for p in self._seats.values())

    @property
    def is_over(self) -> bool:
        return len(self._seats) <= 1

    @property
    def winner(self) -> str | None:
        return self.standings[0].name if self.is_over and self._standings else None

    @property
    def standings(self) -> tuple[Standing, ...]:
        """Finishing places so far, best first (the winner once the event is over)."""
        return tuple(sorted(self._standings, key=lambda s: (s.place, s.name)))

    def _after_hand(self, record: HandRecord) -> None:
        hand = record.hand
        alive = len(self._seats)  # players with chips at the start of the hand
        out = [i for i, seat in enumerate(record.seats) if self._seats[seat].stack == 0]
        if out:
            basis = list(hand.starting_stacks)
            if self.settings.bust_tiebreak is BustTiebreak.START_STACK_AFTER_ANTE:
                basis = [s - a for s, a in zip(basis, antes_paid(hand.config))]
            by_seat = sorted(out, key=lambda i: record.seats[i])
            for place, group in place_busts(alive - len(out) + 1, [(i, basis[i]) for i in by_seat]):
                self._award(place, [hand.config.players[i] for i in group], record.number)
            for i in out:
                del self._seats[record.seats[i]]
        if len(self._seats) == 1:
            (last,) = self._seats.values()
            self._award(1, [last.name], None)

    def _award(self, place: int, names: list[str], hand: int | None) -> None:
        for name, prize in zip(names, share_prizes(self.settings.payouts, place, len(names))):
            self._standings.append(Standing(place, name, prize, hand))
