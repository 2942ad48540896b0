"""What a bot reads from its view alone: the public log split into streets,
each opponent's likely range from what they did, position and the price.

A :class:`~pokerdealer.rules.PlayerView` carries one log for the whole hand
with no street markers; :func:`street_actions` replays the betting to split
it (a round closes when every player who can still bet has acted since the
last raise). :func:`opponent_range` turns an opponent's actions into the
share of starting hands they are likely to hold (a first raise: the top
quarter; a re-raise: the top 8%; a limp: the top 55%; ...), narrowed after
the flop to the hands that rank highest on the board when they bet or
called. Nothing here looks at a card the view does not show.

>>> from pokerdealer.cards import deck_cards
>>> from pokerdealer.rules import Action, Hand, HandConfig
>>> hand = Hand(HandConfig(stacks=(100, 100, 100), blinds=(1, 2)), deck_cards())
>>> _ = hand.raise_to(6), hand.call(), hand.fold()  # preflop
>>> _ = hand.check(), hand.bet(5)  # the flop
>>> [[a.kind for a in street] for street in street_actions(hand.view(0))]
[['raise', 'call', 'fold'], ['check', 'raise']]
>>> [(r.seat, r.line, r.share, r.keeps) for r in read_ranges(hand.view(0))]
[(2, 'open', 0.25, ((1, 'bet'),))]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from pokerdealer.cards import Card, Variant
from pokerdealer.equity.ranges import PREFLOP_ORDER, class_combos
from pokerdealer.rules import Action, PlayerView

__all__ = [
    "BETTING_KINDS",
    "OpponentRange",
    "RANGE_SHARES",
    "combos_in_order",
    "hand_share",
    "in_position",
    "opponent_range",
    "read_ranges",
    "street_actions",
]

#: The action kinds of a betting round (the showdown's show and muck are not).
BETTING_KINDS = frozenset({"fold", "check", "call", "raise"})

#: The share of starting hands (strongest first, :data:`PREFLOP_ORDER`) an
#: opponent is taken to hold after each preflop line, at a full table and
#: heads-up. Generic players' habits: a bot cannot know who it plays.
RANGE_SHARES: dict[str, tuple[float, float]] = {
    "open": (0.25, 0.70),  # the first raise
    "three_bet": (0.08, 0.20),  # the second raise
    "four_bet": (0.03, 0.07),  # the third raise or more
    "call_raise": (0.30, 0.60),  # called one raise
    "call_reraise": (0.10, 0.25),  # called two raises or more
    "limp": (0.55, 0.85),  # called the big blind, no raise yet
    "any": (1.0, 1.0),  # checked the big blind, or has not acted
}

#: The street (0 preflop .. 3 river) of each size of the board.
_BOARD_STREET = {0: 0, 3: 1, 4: 2, 5: 3}

#: After the flop, the share of its range kept, ranked by the hand it makes
#: on the board then: after a bet, after a raise of a bet, after a call.
POSTFLOP_KEEP: dict[str, float] = {"bet": 0.55, "raise": 0.35, "call": 0.8}


def street_actions(view: PlayerView) -> tuple[tuple[Action, ...], ...]:
    """The betting actions of the log, one tuple per street played so far
    (preflop first); the last tuple is the street being played, possibly empty.

    A round closes when every player who can still bet has acted since the
    last raise (the big blind's option included). A player whose stack is
    empty went all-in with their last action (or with the blinds, when they
    have none) and acts no more.
    """
    n = len(view.players)
    log = [a for a in view.log if a.kind in BETTING_KINDS]
    last: dict[int, int] = {}
    for k, action in enumerate(log):
        assert action.player is not None
        last[action.player] = k
    # Where each all-in player's last action is (-1: all-in from the blinds).
    all_in_at = {
        p: last.get(p, -1) for p in range(n) if view.stacks[p] == 0 and not view.folded[p]
    }
    live = set(range(n))
    able = {p for p in live if all_in_at.get(p, 0) != -1}
    streets: list[list[Action]] = [[]]
    acted: set[int] = set()
    for k, action in enumerate(log):
        p = action.player
        assert p is not None
        streets[-1].append(action)
        if action.kind == "fold":
            live.discard(p)
            able.discard(p)
        elif action.kind == "raise":
            acted = {p}
        else:
            acted.add(p)
        if all_in_at.get(p) == k:
            able.discard(p)
        if len(live) > 1 and able <= acted:
            streets.append([])
            acted = set()
    # Streets nobody could bet on (everyone all-in but one) have no actions.
    while len(streets) <= _BOARD_STREET.get(len(view.board), 0):
        streets.append([])
    return tuple(tuple(s) for s in streets)


@lru_cache(maxsize=2)
def combos_in_order(variant: Variant = "holdem") -> np.ndarray:
    """Every two-card combo of the variant's deck as card indices, ``(m, 2)``,
    strongest class first (:data:`PREFLOP_ORDER`; short deck keeps the same
    order of the classes it has)."""
    lowest = 4 if variant == "shortdeck" else 0
    rows = [
        combo
        for name in PREFLOP_ORDER
        for combo in class_combos(name)
        if min(combo) // 4 >= lowest
    ]
    return np.array(rows, dtype=np.int16)


@lru_cache(maxsize=2)
def _share_of_class(variant: Variant) -> dict[str, float]:
    """The share of all combos in the classes up to and including each class."""
    lowest = 4 if variant == "shortdeck" else 0
    total = len(combos_in_order(variant))
    out: dict[str, float] = {}
    count = 0
    for name in PREFLOP_ORDER:
        combos = [c for c in class_combos(name) if min(c) // 4 >= lowest]
        if combos:
            count += len(combos)
            out[name] = count / total
    return out


def hand_share(hole: Sequence[Card], variant: Variant = "holdem") -> float:
    """Where a starting hand ranks: the share of combos as strong or stronger
    (AA 0.0045, AKs 0.035, 72o 0.96 in hold'em).

    >>> from pokerdealer.cards import parse_cards
    >>> round(hand_share(parse_cards("As Ad")), 4), round(hand_share(parse_cards("7c 2d")), 2)
    (0.0045, 0.96)
    """
    from pokerdealer.bots.strength import hand_class

    return _share_of_class(variant)[hand_class(hole)]


@dataclass(frozen=True)
class OpponentRange:
    """What a bot takes one opponent to hold.

    ``share``: the top share of starting hands after the preflop line
    ``line`` (a :data:`RANGE_SHARES` key); ``keeps``: the share of it kept at
    each later street where they bet (``bet``/``raise``) or called, a
    :data:`POSTFLOP_KEEP` key each.
    """

    seat: int
    line: str
    share: float
    keeps: tuple[tuple[int, str], ...] = ()
    """``(street, what)`` for each postflop street that narrowed the range
    (1 flop, 2 turn, 3 river)."""

    def combos(
        self, dead: Sequence[Card], board: Sequence[Card], variant: Variant = "holdem"
    ) -> np.ndarray:
        """The combos of the range without ``dead`` cards, narrowed by the
        board of each street in :attr:`keeps`; ``(m, 2)`` card indices."""
        ordered = combos_in_order(variant)
        top = ordered[: max(1, round(self.share * len(ordered)))]
        gone = np.zeros(52, dtype=bool)
        gone[[c.index for c in dead]] = True
        top = top[~(gone[top[:, 0]] | gone[top[:, 1]])]
        for street, what in self.keeps:
            if len(top) <= 2 or len(board) < 2 + street:
                break
            shown = board[: 2 + street]  # the flop is three cards, then one a street
            top = _strongest(top, shown, POSTFLOP_KEEP[what], variant)
        return top


def _strongest(combos: np.ndarray, board: Sequence[Card], keep: float, variant: Variant) -> np.ndarray:
    """The ``keep`` share of ``combos`` that make the best hands with ``board``."""
    from pokerdealer.evaluation.batch import evaluate_many

    cards = np.empty((len(combos), 2 + len(board)), dtype=np.int16)
    cards[:, :2] = combos
    cards[:, 2:] = [c.index for c in board]
    ranks = evaluate_many(cards, variant)
    count = max(1, round(keep * len(combos)))
    # Ties at the cut stay in: a range does not split hands of one rank.
    cut = np.partition(ranks, len(ranks) - count)[len(ranks) - count]
    return combos[ranks >= cut]


def opponent_range(view: PlayerView, seat: int, streets: Sequence[Sequence[Action]]) -> OpponentRange:
    """The range ``seat`` is read to hold from their public actions."""
    heads_up = 1 if len(view.players) == 2 else 0
    line = "any"
    raises = 0
    for action in streets[0] if streets else ():
        if action.kind == "raise":
            raises += 1
            if action.player == seat:
                line = ("open", "three_bet", "four_bet")[min(raises, 3) - 1]
        elif action.kind == "call" and action.player == seat:
            line = "limp" if raises == 0 else "call_raise" if raises == 1 else "call_reraise"
    keeps: list[tuple[int, str]] = []
    for street in range(1, len(streets)):
        bets = 0
        what = ""
        for action in streets[street]:
            if action.kind == "raise":
                if action.player == seat:
                    what = "bet" if bets == 0 else "raise"
                bets += 1
            elif action.kind == "call" and action.player == seat and not what:
                what = "call"
        if what:
            keeps.append((street, what))
    return OpponentRange(seat, line, RANGE_SHARES[line][heads_up], tuple(keeps))


def read_ranges(view: PlayerView) -> tuple[OpponentRange, ...]:
    """The range of every opponent still in the hand, by seat."""
    me = view.player
    streets = street_actions(view)
    return tuple(
        opponent_range(view, seat, streets)
        for seat in range(len(view.players))
        if seat != me and not view.folded[seat]
    )


def in_position(view: PlayerView) -> bool:
    """Whether the player acts last after the flop among the players still
    able to bet (the button, or the closest seat to its right)."""
    n = len(view.players)
    me = view.player
    assert me is not None
    others = [
        p for p in range(n) if p != me and not view.folded[p] and view.stacks[p] > 0
    ]
    order = (me - view.button - 1) % n
    return all((p - view.button - 1) % n < order for p in others)
