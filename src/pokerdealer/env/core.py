"""The environment's inner loop: deal, act, encode; no PettingZoo in sight.

:class:`HoldemCore` runs the hands of an episode for
:class:`pokerdealer.env.HoldemEnv`: it deals each hand (or asks the session's
:class:`~pokerdealer.table.CashTable` to), turns an agent's choice into an
engine :class:`~pokerdealer.rules.Action`, plays automatic showdowns, and
encodes observations. The PettingZoo bookkeeping (agents, rewards,
terminations) stays in :mod:`pokerdealer.env.aec`.

This module is on the hot path of every step, so it is written for mypyc
(typed attributes, no dynamic tricks): release wheels compile it together
with the rules engine, and the ``.py`` file is the pure-Python fallback.

>>> from pokerdealer.rules import HandConfig
>>> from pokerdealer.env.actions import ActionSet
>>> core = HoldemCore(HandConfig(stacks=(100, 100), blinds=(1, 2)), ActionSet())
>>> core.reset(7, 0)
>>> core.start_hand()  # seat 0 (the button, heads-up) acts first
0
>>> core.observe(0)["action_mask"].tolist()
[1, 1, 1, 1, 1, 1]
>>> core.act(0), core.payoffs()  # a fold: the hand is over
(-1, [-1, 1])
"""

from __future__ import annotations

import math
import random
from typing import Any, cast

import numpy as np

from pokerdealer.cards import Card, deck_cards
from pokerdealer.env.actions import ActionSet
from pokerdealer.errors import IllegalActionError, PokerDealerError
from pokerdealer.rules.actions import CHECK_CALL, FOLD, RAISE, Action
from pokerdealer.rules.config import HandConfig
from pokerdealer.rules.hand import Hand, Street

__all__ = ["HAND_FIELDS", "SCALAR_FIELDS", "SEAT_FIELDS", "HoldemCore", "observation_layout"]

#: Per-seat fields of the observation, in order (each ``n`` long, observer first).
SEAT_FIELDS = (
    "button", "stack", "committed", "contributed", "folded", "all_in", "in_hand", "to_act"
)
#: Scalar fields at the end of the observation.
SCALAR_FIELDS = (
    "pot",
    "to_call",
    "min_raise_to",
    "max_raise_to",
    "can_fold",
    "can_check",
    "can_call",
    "can_raise",
    "hand_number",
)
#: The card fields at the start of the observation: one-hots over the 52 cards,
#: then the street (preflop, flop, turn, river; showdown counts as the river).
HAND_FIELDS = (("hole_cards", 52), ("board", 52), ("street", 4))

_STREET_OFFSET = {
    Street.PREFLOP: 0, Street.FLOP: 1, Street.TURN: 2, Street.RIVER: 3,
    Street.SHOWDOWN: 3, Street.COMPLETE: 3,
}
_CARDS: tuple[Card, ...] = deck_cards()
#: The continuous mode's kind thresholds: fold below -1/3, raise above 1/3.
_THIRD = 1.0 / 3.0
#: Hands dealt per block of shuffles drawn from NumPy at once.
_DEAL_BLOCK = 256


def observation_layout(players: int) -> dict[str, slice]:
    """Where each field sits in the observation vector for ``players`` seats.

    >>> layout = observation_layout(2)
    >>> layout["hole_cards"], layout["board"], layout["street"], layout["stack"]
    (slice(0, 52, None), slice(52, 104, None), slice(104, 108, None), slice(110, 112, None))
    """
    layout: dict[str, slice] = {}
    k = 0
    for name, size in HAND_FIELDS:
        layout[name] = slice(k, k + size)
        k += size
    for name in SEAT_FIELDS:
        layout[name] = slice(k, k + players)
        k += players
    for name in SCALAR_FIELDS:
        layout[name] = slice(k, k + 1)
        k += 1
    return layout


_LAYOUT = observation_layout(0)
#: The scalars only the actor's observation carries, in the order of its block.
_ACTOR_FIELDS = (
    "to_call", "min_raise_to", "max_raise_to", "can_fold", "can_check", "can_call", "can_raise"
)
#: Where the board, the street and the per-seat fields start (the same for any n).
# (typed: slice bounds are Any, and mypyc would do boxed arithmetic with them)
_BOARD: int = _LAYOUT["board"].start
_STREET: int = _LAYOUT["street"].start
_SEATS: int = _LAYOUT["street"].stop


class HoldemCore:
    """The hands of one episode, for seats ``0 .. n-1`` (seat order, clockwise).

    :param template: the table's config (stacks, blinds, antes, straddles, rules);
        each hand gets a copy with its own stacks and button.
    :param action_set: the discrete actions (``discrete=False``: the continuous
        ``(kind, size)`` pairs instead).
    """

    def __init__(
        self, template: HandConfig, action_set: ActionSet, *, discrete: bool = True
    ) -> None:
        n = len(template.stacks)
        self.n = n
        self.template = template
        self.action_set = action_set
        self.discrete = discrete
        self.obs_scale = 1.0 / template.blinds[1]  # chips in big blinds
        self.size = observation_layout(n)["hand_number"].stop
        layout = observation_layout(n)
        # Every number any observation can hold, in one preallocated buffer:
        # the public state of the current hand (seats in seat order, not
        # rotated), a slot that stays 0, each seat's hole cards (52 one-hots a
        # seat, written when the hand is dealt), and the legal-action scalars of
        # the actor's state. Each observation is then a single gather from it
        # (``idle_gathers``, or ``acting_gathers`` for the actor): one new array,
        # nothing written into it afterwards. Rewritten only where the state changed.
        self.zero_slot = self.size
        self.hole_base = self.size + 1
        self.actor_base = self.hole_base + 52 * n
        self.public = np.zeros(self.actor_base + len(_ACTOR_FIELDS), dtype=np.float32)
        # Writes go through a memoryview of the same buffer: a single item set
        # costs about half of NumPy's __setitem__.
        # (Any: typeshed's memoryview takes ints only, and a float32 view takes floats.)
        self.public_items: Any = memoryview(cast(Any, self.public))
        self.idle_gathers = [self._gather(me, layout, acting=False) for me in range(n)]
        self.acting_gathers = [self._gather(me, layout, acting=True) for me in range(n)]
        self.public_fresh = False
        self.street_slot = -1
        self.board_cards = 0
        self.actor_slot = -1
        self.pot = -1
        self.p_stacks: list[int] = []
        self.p_committed: list[int] = []
        self.p_contributed: list[int] = []
        self.p_flags: list[int] = []  # 0 in the hand, 1 all-in, 2 folded, -1 not written yet
        self.rows: list[tuple[int, int]] = []  # (player index in the hand, seat)
        self.mask_size = len(action_set) if discrete else 3
        self.no_mask = np.zeros(self.mask_size, dtype=np.int8)
        # observer -> (seat, rotated position) pairs, index 0 the observer.
        self.rotations = [[(seat, (seat - me) % n) for seat in range(n)] for me in range(n)]
        self.all_seats = list(range(n))
        self.all_index = {s: s for s in range(n)}
        self.rng = random.Random()
        self.generator = np.random.default_rng()
        self.deals: list[list[int]] = []
        self.block = 1
        """How many shuffles the next draw makes: 1 after a seed, doubling to :data:`_DEAL_BLOCK`."""
        self.hand: Hand | None = None
        self.table: Any = None  # a CashTable for sessions (see HoldemEnv)
        self.hand_number = 0
        self.session_stacks: list[int] = list(template.stacks)
        self.seats: list[int] = []  # hand player index -> seat
        self.seat_index: dict[int, int] = {}  # seat -> hand player index
        self.button = 0
        self.configs: dict[tuple[tuple[int, ...], int], HandConfig] = {}
        # The raise-to amounts of the actor's observation, for act() to reuse.
        self.amounts: list[int | None] | None = None
        self.observed: list[dict[str, np.ndarray] | None] = [None] * n

    def _gather(self, me: int, layout: dict[str, slice], *, acting: bool) -> np.ndarray:
        """Where each slot of ``me``'s vector comes from in :attr:`public`: its
        own hole cards, the per-seat fields rotated so that ``me`` comes first,
        and the legal-action scalars from the actor's block (``acting``) or
        the zero slot."""
        n = self.n
        source = list(range(self.size))
        for k in range(_BOARD):
            source[k] = self.hole_base + 52 * me + k
        for name in SEAT_FIELDS:
            start: int = layout[name].start
            for k in range(n):
                source[start + k] = start + (me + k) % n
        for j, name in enumerate(_ACTOR_FIELDS):
            source[layout[name].start] = self.actor_base + j if acting else self.zero_slot
        return np.array(source, dtype=np.intp)

    # ------------------------------------------------------------------ hands
    def reset(self, seed: int | None, button: int) -> None:
        """A new episode: stacks back to the start, ``button`` (``-1``: drawn)."""
        if seed is not None:
            self.rng.seed(seed)
            # Seeded from the Python generator: any seed random.seed takes works.
            self.generator = np.random.default_rng(self.rng.getrandbits(64))
            self.deals = []
            self.block = 1
        self.session_stacks = list(self.template.stacks)
        self.hand_number = 0
        self.button = self.rng.randrange(self.n) if button < 0 else button
        self.table = None

    def start_hand(self) -> int:
        """Deal the next hand (among the seats with chips); return the seat to
        act, or ``-1`` if it is already over (everybody all-in on the forced bets)."""
        table = self.table
        if table is not None:
            record = table.start_hand()
            hand: Hand = record.hand
            seats = [s - 1 for s in record.seats]  # table seats are numbered from 1
            self.seats = seats
            self.seat_index = {s: i for i, s in enumerate(seats)}
            self.button = seats[hand.config.button]
            self.hand = hand
        else:
            self.hand = self._deal_simple_hand()
        self.hand_number += 1
        self._new_public()
        self.forget_observations()
        return self.advance()

    def _deal_simple_hand(self) -> Hand:
        n = self.n
        stacks = self.session_stacks
        if 0 in stacks:
            seats = [s for s in range(n) if stacks[s] > 0]
            self.seat_index = {s: i for i, s in enumerate(seats)}
        else:  # everybody is dealt in (shared, never changed in place)
            seats = self.all_seats
            self.seat_index = self.all_index
        self.seats = seats
        button = self.button
        if button not in self.seat_index:  # simple rotation: next seat with chips
            button = self.next_seat_with_chips(button)
            self.button = button
        key = (tuple(stacks), button)
        config = self.configs.get(key)
        if config is None:
            template = self.template
            config = template.replace(
                stacks=tuple([stacks[s] for s in seats]),
                button=self.seat_index[button],
                players=tuple([f"player_{s}" for s in seats]),
                straddles=template.straddles[: max(0, len(seats) - 2)],
            )
            if len(self.configs) > 64:
                self.configs.clear()
            self.configs[key] = config
        # Only the cards a hand can use (hole cards, burns and board).
        order = self._next_shuffle()
        return Hand(config, [_CARDS[i] for i in order[: 2 * len(seats) + 8]])

    def _next_shuffle(self) -> list[int]:
        """The next deck order (its first ``2n + 8`` cards), from a block of
        NumPy shuffles drawn at once. The blocks grow from one shuffle after a
        seed: an episode of one hand, reseeded at every reset (a batch of
        tables does), drew 256 to use one. The generator's numbers come in the
        same order whatever the blocks, so the decks are the same."""
        deals = self.deals
        if not deals:
            size = self.block
            self.block = min(2 * size, _DEAL_BLOCK)
            keys = self.generator.random((size, 52))
            block: list[list[int]] = keys.argsort(axis=1)[:, : 2 * self.n + 8].tolist()
            block.reverse()
            self.deals = deals = block
        return deals.pop()

    def next_seat_with_chips(self, seat: int) -> int:
        """The first seat after ``seat`` (clockwise) that still has chips."""
        n = self.n
        stacks = self.session_stacks
        for k in range(1, n + 1):
            s = (seat + k) % n
            if stacks[s] > 0:
                return s
        raise PokerDealerError("nobody has chips left")

    def advance(self) -> int:
        """Play automatic showdowns; return the seat to act, or ``-1`` once the
        hand is complete."""
        hand = self.hand
        assert hand is not None
        while True:
            if hand.is_complete:
                return -1
            actor = hand.actor
            assert actor is not None  # an incomplete hand always waits for someone
            if hand.street is Street.SHOWDOWN:
                hand.auto_showdown()
                continue
            return self.seats[actor]

    def payoffs(self) -> list[int]:
        """Chips won or lost by each seat in the hand just finished (and the
        session's stacks brought up to date)."""
        hand = self.hand
        assert hand is not None
        result = hand.result
        assert result is not None
        if self.table is not None:
            self.table.finish_hand()
        payoffs = [0] * self.n
        for i, seat in enumerate(self.seats):
            payoffs[seat] = result.payoffs[i]
            self.session_stacks[seat] = result.final_stacks[i]
        return payoffs

    # ---------------------------------------------------------------- actions
    def act(self, action: Any) -> int:
        """Apply an agent's choice; return the seat to act next, or ``-1`` if the
        hand is now complete. An illegal choice raises
        :class:`IllegalActionError` and changes nothing."""
        hand = self.hand
        assert hand is not None
        hand.apply(self.to_engine(action, hand))
        self.forget_observations()
        return self.advance()

    def forget_observations(self) -> None:
        """Build observations anew from now on (a new state, or a step that left
        the hand as it was: an illegal move's penalty still hands out new arrays)."""
        self.observed = [None] * self.n
        self.amounts = None
        self.public_fresh = False

    def to_engine(self, action: Any, hand: Hand) -> Action:
        """The engine action for a discrete index, a continuous ``(kind, size)`` pair, or an
        :class:`Action` (given as is: the engine judges it, whose turn included)."""
        if isinstance(action, Action):
            return action
        if action is None:
            raise IllegalActionError(
                f"None is only for agents that are done; legal: {hand.legal().describe()}",
                player=hand.actor,
                rule="no_action",
                legal=hand.legal(),
            )
        if self.discrete:
            return self.action_set.to_action(int(action), hand, hand.legal(), self.amounts)
        return self._continuous_action(action, hand)

    def _continuous_action(self, action: Any, hand: Hand) -> Action:
        """The engine action for a continuous pair ``(kind, size)``, both in
        ``[-1, 1]``: ``kind`` below -1/3 folds, up to 1/3 checks or calls, above
        raises; a raise goes to ``size``'s place in the legal range (-1 the
        minimum, 1 the maximum, rounded to the chip). A raise when raising is
        closed, or a fold the rules do not allow, is illegal: nothing is turned
        into another action."""
        try:
            kind_value, size_value = action
            kind = float(np.asarray(kind_value).reshape(-1)[0])
            size = float(np.asarray(size_value).reshape(-1)[0])
        except (TypeError, ValueError, IndexError):
            raise IllegalActionError(
                f"a continuous action is a pair (kind, size) in [-1, 1], got {action!r}",
                player=hand.actor,
                rule="unknown_action",
                legal=hand.legal(),
            ) from None
        if not (-1.0 <= kind <= 1.0 and -1.0 <= size <= 1.0):  # also false for NaN
            raise IllegalActionError(
                f"a continuous action is a pair (kind, size) in [-1, 1], got ({kind}, {size})",
                player=hand.actor,
                rule="unknown_action",
                legal=hand.legal(),
            )
        if kind < -_THIRD:
            return Action(FOLD)
        if kind <= _THIRD:
            return Action(CHECK_CALL)
        legal = hand.legal()
        low = legal.min_raise_to
        high = legal.max_raise_to
        if low is None or high is None:
            return Action(RAISE, None, 0)  # the engine says why raising is closed
        return Action(RAISE, None, low + math.floor((size + 1.0) / 2.0 * (high - low) + 0.5))

    # ------------------------------------------------------------ observation
    def observe(self, me: int) -> dict[str, np.ndarray]:
        """Seat ``me``'s observation of the current state (built once per state;
        the arrays are new, so callers may keep them)."""
        observed = self.observed[me]
        if observed is None:
            observed = self.observed[me] = self._encode(me)
        return observed

    def _new_public(self) -> None:
        """A new hand: the public vector back to zeros, its fixed fields written."""
        self.public.fill(0.0)
        public = self.public_items
        n = self.n
        seat_index = self.seat_index
        public[_SEATS + self.button] = 1.0
        public[self.size - 1] = self.hand_number
        hand = self.hand
        assert hand is not None
        hole_base = self.hole_base
        for i, seat in enumerate(self.seats):  # each dealt seat's cards, once a hand
            for card in hand._hole[i]:
                public[hole_base + 52 * seat + card.index] = 1.0
        scale = self.obs_scale
        b_stack = _SEATS + n
        for seat in range(n):
            if seat not in seat_index:  # not dealt in: only the stack is shown
                public[b_stack + seat] = self.session_stacks[seat] * scale
        players = len(self.seats)
        self.rows = list(enumerate(self.seats))
        self.p_stacks = [0] * players
        self.p_committed = [0] * players
        self.p_contributed = [0] * players
        self.p_flags = [-1] * players
        self.street_slot = -1
        self.board_cards = 0
        self.actor_slot = -1
        self.pot = -1

    def _update_public(self, hand: Hand) -> None:
        """Bring :attr:`public` up to the hand's state, writing only what changed
        (an action moves one player's chips; a new street clears the bets)."""
        public = self.public_items
        board = hand._board
        if len(board) != self.board_cards:
            for card in board[self.board_cards :]:
                public[_BOARD + card.index] = 1.0
            self.board_cards = len(board)
        street_slot = _STREET + _STREET_OFFSET[hand.street]
        if street_slot != self.street_slot:
            if self.street_slot >= 0:
                public[self.street_slot] = 0.0
            public[street_slot] = 1.0
            self.street_slot = street_slot
        n = self.n
        scale = self.obs_scale
        b_stack = _SEATS + n
        b_committed = b_stack + n
        b_contributed = b_committed + n
        b_folded = b_contributed + n
        b_all_in = b_folded + n
        b_in_hand = b_all_in + n
        b_to_act = b_in_hand + n
        stacks = hand._stacks
        committed = hand._committed
        contributed = hand._total
        folded = hand._folded
        p_stacks = self.p_stacks
        p_committed = self.p_committed
        p_contributed = self.p_contributed
        p_flags = self.p_flags
        for i, seat in self.rows:
            stack = stacks[i]
            if stack != p_stacks[i]:
                public[b_stack + seat] = stack * scale
                p_stacks[i] = stack
            value = committed[i]
            if value != p_committed[i]:
                public[b_committed + seat] = value * scale
                p_committed[i] = value
            value = contributed[i]
            if value != p_contributed[i]:
                public[b_contributed + seat] = value * scale
                p_contributed[i] = value
            flags = 2 if folded[i] else 0 if stack else 1
            old = p_flags[i]
            if flags != old:
                if old >= 0:
                    public[(b_folded if old == 2 else b_all_in) + seat] = 0.0
                    if old != 2:
                        public[b_in_hand + seat] = 0.0
                if flags == 2:
                    public[b_folded + seat] = 1.0
                else:
                    public[b_in_hand + seat] = 1.0
                    if flags == 1:
                        public[b_all_in + seat] = 1.0
                p_flags[i] = flags
        actor = hand.actor
        actor_slot = -1 if actor is None else b_to_act + self.seats[actor]
        if actor_slot != self.actor_slot:
            if self.actor_slot >= 0:
                public[self.actor_slot] = 0.0
            if actor_slot >= 0:
                public[actor_slot] = 1.0
            self.actor_slot = actor_slot
        pot = sum(contributed) + hand._dead
        if pot != self.pot:
            public[b_to_act + n] = pot * scale
            self.pot = pot
        self.public_fresh = True

    def _encode(self, me: int) -> dict[str, np.ndarray]:
        hand = self.hand
        assert hand is not None
        if not self.public_fresh:
            self._update_public(hand)
        actor = hand.actor
        if actor is None or actor != self.seat_index.get(me, -1):
            return {"observation": self.public[self.idle_gathers[me]],
                    "action_mask": self.no_mask.copy()}
        legal = hand.legal()
        if legal.can_show:
            return {"observation": self.public[self.idle_gathers[me]],
                    "action_mask": self.no_mask.copy()}
        # The actor's block (every field written: the last state's values go).
        items = self.public_items
        block = self.actor_base
        scale = self.obs_scale
        call = legal.call
        low = legal.min_raise_to
        high = legal.max_raise_to
        if call is not None:
            items[block] = call * scale
            items[block + 5] = 1.0
        else:
            items[block] = 0.0
            items[block + 5] = 0.0
        if low is not None and high is not None:
            items[block + 1] = low * scale
            items[block + 2] = high * scale
            items[block + 6] = 1.0
        else:
            items[block + 1] = 0.0
            items[block + 2] = 0.0
            items[block + 6] = 0.0
        items[block + 3] = 1.0 if legal.can_fold else 0.0
        items[block + 4] = 1.0 if legal.can_check else 0.0
        vec = self.public[self.acting_gathers[me]]
        if self.discrete:
            # Mask and raise amounts in one pass; act() reuses the amounts.
            amounts, mask = self.action_set.resolve(hand, legal)
            self.amounts = amounts
            return {"observation": vec, "action_mask": mask.copy()}
        kinds = [int(legal.can_fold), int(legal.can_check or call is not None), int(low is not None)]
        return {"observation": vec, "action_mask": np.array(kinds, dtype=np.int8)}
