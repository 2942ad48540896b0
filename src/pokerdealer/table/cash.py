"""A cash game: fixed blinds, buy-ins, top-ups, sitting out, missed blinds.

Table stakes (WSOP-LA 60): only the chips in front of a player when a hand
starts play in it; buying chips (:meth:`CashTable.top_up`) and leaving
(:meth:`CashTable.leave`) happen between hands -- or during a hand the
player is not dealt into. A player who busts is unseated (they may sit down
again with a new buy-in).

Missed blinds (docs/rules.md#joining-and-missed-blinds, WSOP-LA 156-157): a player
sitting out misses each blind that passes the seat. Coming back (:meth:`CashTable.sit_in`) they
either post -- the big blind live, the small blind dead -- and play at once,
or wait for the big blind. New players do the same (``entry_rule``).

>>> import random
>>> table = CashTable(CashGameSettings(1, 2, 40, 200), rng=random.Random(3))
>>> table.sit_down("ann", 100), table.sit_down("bob", 150)
(1, 2)
>>> from pokerdealer.table.play import play_hand
>>> record = play_hand(table, lambda view: "p{} f".format(view.player + 1))
>>> sorted(table.stacks.values()), sum(table.stacks.values())
([99, 151], 250)

Between hands the table's whole state is a JSON-ready dict
(:meth:`CashTable.state`); a new table given it (:meth:`CashTable.restore_state`)
deals on exactly as this one would, with the same RNG:

>>> again = CashTable(CashGameSettings(1, 2, 40, 200))
>>> again.restore_state(table.state())
>>> again.stacks == table.stacks, again.hands_played, again.positions == table.positions
(True, 1, True)
"""

from __future__ import annotations

import random
from typing import Any

from pokerdealer.rules.bomb_pot import DEFAULT_ANTE_BIG_BLINDS
from pokerdealer.rules.seven_deuce import SevenDeuce, seven_deuce
from pokerdealer.table.button import Positions, SeatStatus
from pokerdealer.table.record import HandRecord
from pokerdealer.table.settings import CashGameSettings, EntryRule, TableError
from pokerdealer.table.table import Player, Stakes, Table

__all__ = ["CashTable"]


class CashTable(Table):
    """A cash-game table.

    :param settings: blinds, buy-in limits and house options.
    :param rng: the RNG for shuffles and the first button (seeded for
        simulations); ``None`` uses the OS CSPRNG.
    :param first_button: the seat of the first button (default: drawn at random).
    :param keep_hands: keep only the last ``keep_hands`` finished hands in
        :attr:`hands` (and their busts in :attr:`busted`); default: all.
    """

    def __init__(
        self,
        settings: CashGameSettings,
        *,
        rng: random.Random | None = None,
        first_button: int | None = None,
        keep_hands: int | None = None,
    ) -> None:
        super().__init__(settings, rng=rng, first_button=first_button, keep_hands=keep_hands)
        self.settings = settings
        self._options = settings.options.replace(limit_heads_up_cap=settings.limit_heads_up_cap)
        self._left: dict[str, tuple[int, float | None]] = {}
        self._sat_out: dict[str, int] = {}
        self._settled = 0  # the last hand whose 7-2 game was settled (settle)
        self.busted: list[tuple[int, str]] = []
        """``(hand number, name)`` of every player who lost their whole stack
        (in the hands kept, see ``keep_hands``)."""

    def _stakes(self, now: float | None) -> Stakes:
        s = self.settings
        return Stakes(s.small_blind, s.big_blind, s.ante, s.ante_type)

    def _straddle_allowed(self) -> bool:
        return self.settings.straddle

    def _run_it_twice(self) -> bool:
        return self.settings.run_it_twice

    def _bomb_pot_ante(self, number: int, asked: bool) -> int:
        s = self.settings
        if asked or (s.bomb_pot_every and number % s.bomb_pot_every == 0):
            return s.bomb_pot_ante or DEFAULT_ANTE_BIG_BLINDS * s.big_blind
        return 0

    # ---------------------------------------------------------------- seating
    def buy_in_range(self, name: str, *, now: float | None = None) -> tuple[int, int]:
        """The smallest and largest buy-in ``name`` may sit down with now.

        The house limits, except for a player coming back within
        ``rathole_seconds`` of leaving (docs/rules.md#cash-games, WSOP-LA 58: no
        "ratholing"): they must bring back at least the chips they left
        with -- ``max(minimum buy-in, chips taken off)``, even above the
        maximum buy-in (then that is also the most they may bring). Without
        ``now`` (or a leaving time) the return counts as within the window.

        >>> table = CashTable(CashGameSettings(1, 2, 40, 300))
        >>> table.sit_down("ann", 250, now=0.0)
        1
        >>> table.leave("ann", now=60.0)
        250
        >>> table.buy_in_range("ann", now=60.0 + 3600)  # within the hour
        (250, 300)
        >>> table.buy_in_range("ann", now=60.0 + 3601), table.buy_in_range("bob", now=0.0)
        ((40, 300), (40, 300))
        """
        low, high = self.settings.min_buy_in, self.settings.max_buy_in
        floor = self._rathole_floor(name, now)
        if floor is not None and floor > low:
            low, high = floor, max(high, floor)
        return low, high

    def _rathole_floor(self, name: str, now: float | None) -> int | None:
        """The chips ``name`` left with, if they are coming back within the window."""
        left = self._left.get(name)
        window = self.settings.rathole_seconds
        if left is None or not window:
            return None
        chips, when = left
        within = when is None or now is None or now - when <= window
        return chips if within else None

    def sit_down(
        self,
        name: str,
        buy_in: int,
        *,
        seat: int | None = None,
        wait_for_big_blind: bool | None = None,
        now: float | None = None,
    ) -> int:
        """Seat a new player with ``buy_in`` chips; returns the seat.

        :param seat: a free seat (default: the lowest free seat).
        :param wait_for_big_blind: wait for the big blind instead of posting one
            (default from ``settings.entry_rule``). The big blind reaches a
            waiting player within one orbit, heads-up too. Before the table's
            first hand (or when fewer than two players are playing) everyone
            is dealt in at once without posting.
        """
        low, high = self.buy_in_range(name, now=now)
        if not low <= buy_in <= high:
            floor = self._rathole_floor(name, now)
            if floor is not None and floor == low:
                minutes = round(self.settings.rathole_seconds / 60)
                raise TableError.said(
                    "room.error.buy_in_rathole", name=name, buy_in=buy_in, low=low, high=high,
                    floor=floor, minutes=minutes,
                )
            raise TableError.said("room.error.buy_in_outside", name=name, buy_in=buy_in, low=low, high=high)
        seat = self._take_seat(name, seat)
        if wait_for_big_blind is None:
            wait_for_big_blind = self.settings.entry_rule is EntryRule.WAIT_FOR_BIG_BLIND
        status = SeatStatus.WAITING if wait_for_big_blind else SeatStatus.POSTING
        self._seats[seat] = Player(name, seat, buy_in, status, new=True)
        self._left.pop(name, None)
        self._sat_out.pop(name, None)
        return seat

    def top_up(self, name: str, amount: int) -> int:
        """Add chips between hands, up to the maximum buy-in; returns the new stack."""
        p = self._find(name)
        if self._in_current_hand(p):
            raise TableError(f"{name}: chips can only be added between hands (table stakes)")
        if amount <= 0:
            raise TableError(f"{name}: a top-up must be positive, got {amount}")
        if p.stack + amount > self.settings.max_buy_in:
            room = max(0, self.settings.max_buy_in - p.stack)
            raise TableError(
                f"{name}: topping up {amount} would make {p.stack + amount}, over the maximum "
                f"buy-in {self.settings.max_buy_in}; at most {room} may be added"
            )
        p.stack += amount
        return p.stack

    def leave(self, name: str, *, now: float | None = None) -> int:
        """Stand up and take the stack (returned); not during a hand one is in."""
        p = self._find(name)
        if self._in_current_hand(p):
            raise TableError(f"{name}: cannot leave during a hand they are playing")
        del self._seats[p.seat]
        self._left[name] = (p.stack, now)
        self._sat_out.pop(name, None)
        return p.stack

    def sit_out(self, name: str) -> None:
        """Stop being dealt in from the next hand (blinds passing the seat are missed)."""
        p = self._find(name)
        p.status = SeatStatus.SITTING_OUT

    def sit_in(self, name: str, *, post: bool | None = None) -> SeatStatus:
        """Come back from sitting out; returns the new status.

        With no missed blind the player is simply dealt in again. Otherwise
        ``post=True`` posts the missed blinds (big blind live, small blind
        dead) to play the next hand, ``post=False`` waits for the big blind
        (default from ``settings.entry_rule``).
        """
        p = self._find(name)
        if p.status is not SeatStatus.SITTING_OUT:
            raise TableError.said("room.error.not_sitting_out", name=name, status=p.status.value)
        if post is None:
            post = self.settings.entry_rule is EntryRule.POST_BIG_BLIND
        if p.new:
            p.status = SeatStatus.POSTING if post else SeatStatus.WAITING
        elif not (p.missed_small_blind or p.missed_big_blind):
            p.status = SeatStatus.ACTIVE
        else:
            p.status = SeatStatus.POSTING if post else SeatStatus.WAITING
        return p.status

    def hands_sat_out(self, name: str) -> int:
        """How many hands in a row were dealt while ``name`` sat out (0 once they
        are dealt in or stand up): the room stands up an absent squatter.

        >>> table = CashTable(CashGameSettings(1, 2, 40, 200), first_button=1)
        >>> for name in ("ann", "bob", "cat"):
        ...     _ = table.sit_down(name, 100)
        >>> table.sit_out("cat")
        >>> from pokerdealer.table.play import play_hand
        >>> for _ in range(2):
        ...     _ = play_hand(table, lambda view: "p{} f".format(view.player + 1))
        >>> table.hands_sat_out("cat"), table.hands_sat_out("ann")
        (2, 0)
        """
        self._find(name)
        return self._sat_out.get(name, 0)

    def settle(self, record: HandRecord | None = None) -> SevenDeuce:
        """Settle the 7-2 game of the last finished hand (``settings.seven_deuce``;
        :mod:`pokerdealer.rules.seven_deuce`) and move its chips: call it once the
        hand is over and its players had their chance to show (a winner of an
        uncontested pot shows the 7-2 to collect), before the next hand. A player
        it leaves with nothing busts as after a hand. Returns the settlement
        (nothing to move when the game is off or nobody won with a shown 7-2).

        >>> from pokerdealer.cards import parse_cards
        >>> from pokerdealer.rules import deck_for_deal
        >>> table = CashTable(CashGameSettings(1, 2, 40, 200, seven_deuce=10), first_button=3)
        >>> for name in ("ann", "bob", "cy"):
        ...     _ = table.sit_down(name, 100)
        >>> hand = table.start_hand().hand  # ann's small blind, bob's big blind, cy's button
        >>> _ = hand.fold(), hand.fold()  # bob wins the blinds
        >>> record = table.finish_hand()
        >>> table.settle(record).payments  # bob showed nothing
        ()
        """
        last = self.hands[-1] if self.hands else None
        record = record if record is not None else last
        if record is None or record is not last or self._current is not None:
            raise TableError("only the last finished hand is settled, before the next one starts")
        if record.number == self._settled:
            raise TableError(f"hand {record.number} is settled already")
        settlement = seven_deuce(record.hand, bounty=self.settings.seven_deuce)
        players = [self._seats.get(seat) for seat in record.seats]
        for i, change in enumerate(settlement.changes):
            p = players[i]
            if change and (p is None or p.name != record.players[i] or p.stack + change < 0):
                raise TableError(f"{record.players[i]} left the table before hand {record.number} was settled")
        for i, change in enumerate(settlement.changes):
            p = players[i]
            if change and p is not None:
                p.stack += change
                if p.stack == 0:
                    del self._seats[p.seat]
                    self.busted.append((record.number, p.name))
        self._settled = record.number
        return settlement

    def _after_hand(self, record: HandRecord) -> None:
        for seat in record.seats:
            p = self._seats[seat]
            if p.stack == 0:
                del self._seats[seat]
                self.busted.append((record.number, p.name))
        for p in self._seats.values():
            if p.seat not in record.seats and p.status is SeatStatus.SITTING_OUT:
                self._sat_out[p.name] = self._sat_out.get(p.name, 0) + 1
            else:
                self._sat_out.pop(p.name, None)
        if self._keep_hands is not None and self.busted:
            oldest = self._played - self._keep_hands + 1
            self.busted = [b for b in self.busted if b[0] >= oldest]

    # --------------------------------------------------------------- snapshots
    def state(self) -> dict[str, Any]:
        """Everything that decides the coming hands, as JSON-ready data: the
        seats (stack, status, missed blinds), the last hand's button and
        blinds, the hands played, who left with what (ratholing), and how
        many hands in a row each player has sat out.

        Only between hands (a hand in play is its own log: replay it). The
        history -- :attr:`hands`, :attr:`busted` -- is not part of it, nor is
        the RNG, which the table's owner keeps.
        """
        if self._current is not None:
            raise TableError(f"hand {self._current.number} is in play: the state is taken between hands")
        prev = self._prev
        return {
            "hands_played": self._played,
            "prev": None if prev is None else [prev.button, prev.small_blind, prev.big_blind, prev.small_blind_dead],
            "seats": [
                [p.seat, p.name, p.stack, p.status.value, p.missed_small_blind, p.missed_big_blind, p.new, p.away]
                for _, p in sorted(self._seats.items())
            ],
            "left": [[name, chips, when] for name, (chips, when) in self._left.items()],
            "sat_out": dict(self._sat_out),
            "settled": self._settled,
        }

    def restore_state(self, state: dict[str, Any]) -> None:
        """Take the state :meth:`state` gave (no hand may be in play here).
        The kept history starts empty; hands are numbered on from the state's."""
        if self._current is not None:
            raise TableError(f"hand {self._current.number} is in play: a state is restored between hands")
        try:
            played = int(state["hands_played"])
            prev = state["prev"]
            positions = None if prev is None else Positions(int(prev[0]), int(prev[1]), int(prev[2]), bool(prev[3]))
            seats: dict[int, Player] = {}
            for seat, name, stack, status, missed_sb, missed_bb, new, away in state["seats"]:
                seat, stack = int(seat), int(stack)
                if not 1 <= seat <= self._seat_count or seat in seats or stack < 0:
                    raise ValueError(f"seat {seat} with {stack} chips")
                seats[seat] = Player(
                    str(name), seat, stack, SeatStatus(status), bool(missed_sb), bool(missed_bb), bool(new), bool(away)
                )
            left = {str(name): (int(chips), None if when is None else float(when)) for name, chips, when in state["left"]}
            # A state from before the count was kept: nobody has sat out yet.
            sat_out = {str(name): int(n) for name, n in state.get("sat_out", {}).items()}
        except (KeyError, TypeError, ValueError, IndexError) as error:
            raise TableError(f"not a cash table state ({error}); expected what CashTable.state() returns") from None
        self._played = played
        self._prev = positions
        self._seats = seats
        self._left = left
        self._sat_out = sat_out
        self._settled = int(state.get("settled", 0))  # a state from before the 7-2 game: none settled
        self.hands = []
        self.busted = []
