"""The ACPC dealer protocol (version 2.0.0): match states, actions, games.

The server sends, after every event, one line per seat::

    MATCHSTATE:<position>:<hand number>:<betting>:<cards>

- ``position``: 0 is the first player after the button (heads-up, with
  reversed blinds, the big blind; otherwise the small blind);
- ``betting``: one string per betting round, ``/`` between rounds; ``f``
  fold, ``c`` check or call, ``r<N>`` raise *to* ``N`` chips put in the
  whole hand (no limit and pot limit), ``r`` a raise in fixed limit;
- ``cards``: hole cards by position separated by ``|`` (empty when hidden),
  then ``/flop/turn/river``.

The client whose turn it is answers with the same state and ``:<action>``.

Positions are engine player indices here: a hand is played with the button
on the last position (``button = n - 1``), so position ``p`` is player ``p``.

>>> game = AcpcGame(players=2, stack=20000, blinds=(50, 100))
>>> state = parse_matchstate("MATCHSTATE:1:31:r300r900:|JdTc")
>>> state.position, state.hand_number, state.rounds, state.hole_cards
(1, 31, (('r300', 'r900'),), (None, (Card('Jd'), Card('Tc'))))
>>> hand = replay_state(game, state)
>>> hand.actor, hand.legal().call, to_acpc(game, hand, hand.check_action("p2 cc"))
(1, 600, 'c')
>>> format_matchstate(hand, 1, 31, state.rounds)
'MATCHSTATE:1:31:r300r900:|JdTc'
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from fractions import Fraction
from typing import NamedTuple

from pokerdealer.cards import Card, parse_card
from pokerdealer.errors import IllegalActionError, PokerDealerError
from pokerdealer.rules import (
    Action,
    Hand,
    HandConfig,
    RuleOptions,
    Street,
    Structure,
    deck_for_deal,
)

__all__ = [
    "VERSION",
    "AcpcError",
    "AcpcGame",
    "MatchState",
    "acpc_number",
    "acpc_values",
    "apply_acpc",
    "format_matchstate",
    "parse_matchstate",
    "replay_state",
    "to_acpc",
]

VERSION = "VERSION:2.0.0"

_TOKEN = re.compile(r"f|c|r\d*")


class AcpcError(PokerDealerError):
    """A protocol violation: a malformed line, a wrong state, an illegal action."""


@dataclass(frozen=True)
class AcpcGame:
    """The game both sides play (what an ACPC ``.gamedef`` file says).

    Stacks are reset every hand (ACPC's "Doyle's game"). Fixed limit uses the
    big blind as the small bet and twice it as the big bet.
    """

    players: int = 2
    stack: int = 20000
    blinds: tuple[int, int] = (50, 100)
    structure: Structure = Structure.NO_LIMIT
    options: RuleOptions = field(
        default_factory=lambda: RuleOptions(fold_when_check_allowed=False, limit_max_raises=3)
    )
    """ACPC: a fold is only legal when facing a bet; fixed limit caps a round at
    four bets (the standard gamedef's ``maxRaises = 3 4 4 4``: preflop three raises
    over the big blind, after the flop a bet and three raises)."""

    def __post_init__(self) -> None:
        if not 2 <= self.players <= 10:
            raise AcpcError(f"ACPC games have 2 to 10 players, got {self.players}")
        object.__setattr__(self, "structure", Structure(self.structure))

    def config(self, names: tuple[str, ...] = ()) -> HandConfig:
        """The engine configuration of a hand (button on the last position)."""
        return HandConfig(
            stacks=(self.stack,) * self.players,
            blinds=self.blinds,
            structure=self.structure,
            button=self.players - 1,
            players=names,
            options=self.options,
        )


class MatchState(NamedTuple):
    """One ``MATCHSTATE`` line, read."""

    position: int
    hand_number: int
    rounds: tuple[tuple[str, ...], ...]
    """Action tokens of each betting round reached (``("r300", "c")``...)."""
    hole_cards: tuple[tuple[Card, ...] | None, ...]
    board: tuple[Card, ...]
    text: str
    """The state part of the line (without any action)."""


def _cards(text: str, what: str, line: str) -> tuple[Card, ...]:
    if len(text) % 2:
        raise AcpcError(f"cannot read {what} {text!r} in {line!r}")
    try:
        return tuple(parse_card(text[k : k + 2]) for k in range(0, len(text), 2))
    except PokerDealerError:
        raise AcpcError(f"cannot read {what} {text!r} in {line!r}") from None


def parse_matchstate(line: str) -> MatchState:
    """Read ``MATCHSTATE:pos:hand:betting:cards`` (a trailing ``:action`` is ignored).

    >>> parse_matchstate("MATCHSTATE:0:30:cc/:9s8h|/8c8d5c").board
    (Card('8c'), Card('8d'), Card('5c'))
    """
    line = line.strip()
    parts = line.split(":")
    if len(parts) not in (5, 6) or parts[0] != "MATCHSTATE":
        raise AcpcError(f"not a match state: {line!r}")
    try:
        position, number = int(parts[1]), int(parts[2])
    except ValueError:
        raise AcpcError(f"bad position or hand number in {line!r}") from None
    betting = parts[3]
    rounds = []
    for text in betting.split("/"):
        tokens = _TOKEN.findall(text)
        if "".join(tokens) != text:
            raise AcpcError(f"cannot read betting {betting!r} in {line!r}")
        rounds.append(tuple(tokens))
    card_parts = parts[4].split("/")
    holes = tuple(
        _cards(h, "hole cards", line) or None for h in card_parts[0].split("|")
    )
    board: tuple[Card, ...] = ()
    for text in card_parts[1:]:
        board += _cards(text, "board", line)
    return MatchState(position, number, tuple(rounds), holes, board, ":".join(parts[:5]))


def _prior(hand: Hand, p: int) -> int:
    """Chips ``p`` put in on earlier streets (ACPC raises count the whole hand)."""
    return hand.contributions[p] - hand.committed[p]


def to_acpc(game: AcpcGame, hand: Hand, record: Action) -> str:
    """The ACPC token of an engine action record about to be applied to ``hand``."""
    kind = record.kind
    if kind == "fold":
        return "f"
    if kind in ("check", "call"):
        return "c"
    if kind == "raise":
        if game.structure is Structure.FIXED_LIMIT:
            return "r"
        assert record.player is not None and record.amount is not None
        return f"r{record.amount + _prior(hand, record.player)}"
    raise AcpcError(f"{kind} has no ACPC action")


def apply_acpc(game: AcpcGame, hand: Hand, token: str) -> Action:
    """Apply one ACPC action token to ``hand``; returns the engine record.

    Raises :class:`AcpcError` for a token the rules do not allow now.
    """
    p = hand.actor
    if p is None or hand.street in (Street.SHOWDOWN, Street.COMPLETE):
        raise AcpcError(f"action {token!r} when nobody is to act")
    try:
        if token == "f":
            return hand.apply(Action("fold", p))
        if token == "c":
            return hand.apply(Action("check_call", p))
        if token.startswith("r"):
            if len(token) == 1:
                if game.structure is not Structure.FIXED_LIMIT:
                    raise AcpcError("a no-limit raise needs an amount: r<total chips in the hand>")
                legal = hand.legal()
                if legal.min_raise_to is None:
                    raise AcpcError(f"position {p} cannot raise now ({legal.describe()})")
                return hand.apply(Action("raise", p, legal.min_raise_to))
            if not token[1:].isdigit():
                raise AcpcError(f"cannot read action {token!r}: expected f, c or r<amount>")
            total = int(token[1:])
            if game.structure is Structure.FIXED_LIMIT:
                raise AcpcError("fixed-limit raises are written 'r' without an amount")
            return hand.apply(Action("raise", p, total - _prior(hand, p)))
    except IllegalActionError as error:
        raise AcpcError(f"position {p}: illegal action {token!r}: {error}") from None
    raise AcpcError(f"unknown action {token!r}: expected f, c or r<amount>")


def replay_state(game: AcpcGame, state: MatchState) -> Hand:
    """Rebuild the hand a match state describes (unknown cards filled in).

    Only what the state shows is real: the other players' hidden hole cards
    and the undealt board are placeholders, so use ``hand.view(position)``.
    """
    config = game.config()
    n = game.players
    holes = list(state.hole_cards) + [None] * (n - len(state.hole_cards))
    if len(holes) != n:
        raise AcpcError(f"{len(state.hole_cards)} hole-card fields for {n} players")
    try:
        deck = deck_for_deal(config, holes[:n], state.board)
    except PokerDealerError as error:
        raise AcpcError(f"impossible cards in {state.text!r}: {error}") from None
    hand = Hand(config, deck)
    last = len(state.rounds) - 1
    for k, tokens in enumerate(state.rounds):
        for token in tokens:
            if _round(hand) != k:
                raise AcpcError(f"betting round {k + 1} is already over in {state.text!r}")
            apply_acpc(game, hand, token)
        if k < last and _round(hand) <= k:
            raise AcpcError(f"betting round {k + 1} is not over at its '/' in {state.text!r}")
    return hand


def acpc_values(hand: Hand) -> tuple[Fraction, ...]:
    """What each position won or lost in a finished hand, as the ACPC dealer counts it.

    The dealer shares a split pot exactly among its winners, so an odd chip
    becomes a fraction (two winners of a 903-chip pot get 451.5 each) where the
    rules hand it to one player (:attr:`~pokerdealer.rules.HandResult.payoffs`
    are whole chips). Everything else -- the pots, their winners, uncalled
    chips -- is the rules' own result.

    >>> game = AcpcGame(players=3, stack=20000, blinds=(50, 100))
    >>> state = parse_matchstate("MATCHSTATE:0:0:r201cc/r351fc/cc/cc:2c3d||4h5c/AsKsQs/Js/Ts")
    >>> hand = replay_state(game, state)
    >>> hand.auto_showdown().payoffs, [str(v) for v in acpc_values(hand)]
    ((101, -201, 100), ['201/2', '-201', '201/2'])
    """
    result = hand.result
    if result is None:
        raise AcpcError("the hand is not over: it has no value yet")
    values = [Fraction(chips) for chips in result.payoffs]
    for award in result.awards:
        if len(award.winners) < 2:
            continue
        exact = Fraction(award.amount, len(award.winners))
        for player, chips in award.shares.items():
            values[player] += exact - chips
    return tuple(values)


def acpc_number(value: Fraction) -> int | float:
    """A value as a JSON number: an ``int`` when whole, else a ``float``.

    >>> acpc_number(Fraction(-201)), acpc_number(Fraction(201, 2))
    (-201, 100.5)
    """
    if value.denominator == 1:
        return int(value)
    return float(value)


def _round(hand: Hand) -> int:
    """The betting round the hand is in (0 preflop .. 3 river; 4 when over)."""
    if hand.street in (Street.SHOWDOWN, Street.COMPLETE):
        return 4
    board = len(hand.board)
    return 0 if board < 3 else board - 2


def _hole_text(cards: tuple[Card, ...] | None) -> str:
    return "".join(str(c) for c in cards) if cards else ""


def format_matchstate(
    hand: Hand,
    position: int,
    hand_number: int,
    rounds: tuple[tuple[str, ...], ...] | list[list[str]],
) -> str:
    """The ``MATCHSTATE`` line ``position`` sees now.

    ``rounds`` are the action tokens of each round so far (see
    :class:`MatchState`). Hidden hole cards are empty; once the hand is over,
    every player who did not fold at a showdown is shown.
    """
    board = hand.board
    reached = 1 if len(board) < 3 else len(board) - 1  # rounds: preflop, flop, turn, river
    rounds_list = [list(r) for r in rounds] + [[] for _ in range(4)]
    betting = "/".join("".join(tokens) for tokens in rounds_list[:reached])
    folded = hand.folded
    showdown = hand.is_complete and sum(1 for f in folded if not f) > 1
    holes = []
    for i, cards in enumerate(hand.hole_cards):
        visible = i == position or (showdown and not folded[i]) or i in hand.shown
        holes.append(_hole_text(cards) if visible else "")
    cards_text = "|".join(holes)
    if len(board) >= 3:
        cards_text += "/" + "".join(str(c) for c in board[:3])
    for card in board[3:]:
        cards_text += "/" + str(card)
    return f"MATCHSTATE:{position}:{hand_number}:{betting}:{cards_text}"
