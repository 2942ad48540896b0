"""A hand walked through street by street for its review (:func:`review_hand`).

The hand is replayed through the rules (:func:`~pokerdealer.history.history_to_hand`)
and walked again action by action: at each street, the board, the pot, the
stacks and each player's equity (:mod:`.equities`); at each decision, whose
turn it was and why, the price of a call against the pot, and what the coach
tells the player to act (:func:`pokerdealer.learn.coach.before_acting` and
:func:`~pokerdealer.learn.coach.pots_lines`: the minimum raise, the pot-limit
maximum, why a short all-in did not reopen the betting...); at the end, who
showed first and why, and why each pot went where it went, the deciding card
named (:func:`~pokerdealer.learn.coach.after_hand`). Amounts are in the
history's units (dollars and cents for a file in dollars).

Only the cards the history shows are used: a hand it does not show is never
named, and counts as any two cards in the equities.

>>> from pokerdealer.history import loads
>>> history = loads('''
... variant = "NT"
... antes = [0, 0]
... blinds_or_straddles = [1, 2]
... min_bet = 2
... starting_stacks = [100, 100]
... actions = ["d dh p1 AsKs", "d dh p2 QhQd", "p2 cbr 6", "p1 cc", "d db Kd7h2c", "p1 cbr 10", "p2 f"]
... players = ["Ann", "Bob"]
... ''')
>>> review = review_hand(history)
>>> [(s.street, s.board, s.pot) for s in review.streets]
[('preflop', (), 3), ('flop', ('Kd', '7h', '2c'), 12)]
>>> review.streets[1].equity.shares["Ann"] > 0.8, review.streets[0].decisions[0].player
(True, 'Bob')
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from pokerdealer.cards import Card
from pokerdealer.history.convert import Replay, history_to_hand
from pokerdealer.history.phh import HandHistory, Number
from pokerdealer.learn.coach import CoachLine, after_hand, before_acting, pots_lines, run_twice_lines
from pokerdealer.review.equities import StreetEquity, street_equity
from pokerdealer.rules import Action, Hand, Street, replay

__all__ = ["Decision", "HandReview", "Said", "StreetReview", "amount_text", "review_hand"]

_STREET_SIZES = {3: "flop", 4: "turn", 5: "river"}


@dataclass(frozen=True)
class Said:
    """Words from the catalogs: a key and its fields (a field may be a ``Said``)."""

    key: str
    params: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Decision:
    """One player's decision: their stack and the pot before it, what a call
    cost (``to_call``, 0 when checking was free), whose turn it was and why,
    the price of the call against the pot, the coach's lines to them, and
    what they did."""

    player: str
    stack: Number
    pot: Number
    to_call: Number
    turn: CoachLine
    price: Said | None
    coach: tuple[CoachLine, ...]
    action: Said
    kind: str
    amount: Number | None


@dataclass(frozen=True)
class StreetReview:
    """A street: its board, the pot and stacks as it starts, each player's
    equity, and the decisions taken on it."""

    street: str
    board: tuple[str, ...]
    pot: Number
    stacks: dict[str, Number]
    in_hand: tuple[str, ...]
    equity: StreetEquity
    decisions: list[Decision] = field(default_factory=list)
    #: Of a board run twice, the run a street dealt after the players agreed
    #: belongs to (1 or 2); 0 for a street both runs share, or a board run once.
    run: int = 0


@dataclass(frozen=True)
class HandReview:
    """A whole hand reviewed (see the module docstring)."""

    history: HandHistory
    players: tuple[str, ...]
    seats: tuple[int, ...]
    button: str
    starting: tuple[Number, ...]
    holes: dict[str, tuple[str, ...]]
    streets: list[StreetReview]
    showdown: list[CoachLine]
    awards: list[Said]
    finishing: tuple[Number, ...]
    check: str


def amount_text(value: Number | None) -> str:
    """An amount as a reader reads it: thousands grouped, cents kept (``2,094.70``).

    >>> amount_text(2094), amount_text(Decimal("2094.7")), amount_text(Decimal("0.5"))
    ('2,094', '2,094.70', '0.50')
    """
    if value is None:
        return ""
    if isinstance(value, Decimal) and value != value.to_integral_value():
        return f"{value:,.2f}" if value == value.quantize(Decimal("0.01")) else f"{value:,}"
    return f"{int(value):,}"


def _units(value: Any, replay_: Replay) -> Any:  # noqa: ANN401 - params of any catalog line
    """A coach line's chip amounts in the history's units, as text (``n`` and ``raises`` count, not chips)."""
    if isinstance(value, dict):
        return {k: v if k in ("n", "raises") else _units(v, replay_) for k, v in value.items()}
    if isinstance(value, list):
        return [_units(v, replay_) for v in value]
    if isinstance(value, int) and not isinstance(value, bool):
        return amount_text(replay_.amount(value))
    return value


def _in_units(line: CoachLine, replay_: Replay) -> CoachLine:
    return dataclasses.replace(line, params=_units(dict(line.params), replay_))


def _turn_line(probe: Hand, player: int, *, first: bool) -> CoachLine:
    """Whose turn it is and why (docs/rules.md#who-acts)."""
    name = probe.config.players[player]
    heads_up = probe.config.player_count == 2
    preflop = probe.street is Street.PREFLOP
    if not first:
        return CoachLine("review.turn.next", {"name": name}, "action-order")
    if heads_up:
        key = "review.turn.first_preflop_heads_up" if preflop else "review.turn.first_after_heads_up"
        return CoachLine(key, {"name": name}, "action-order", cites="heads-up")
    key = "review.turn.first_preflop" if preflop else "review.turn.first_after"
    return CoachLine(key, {"name": name}, "action-order")


def _pot(probe: Hand) -> int:
    """Every chip in the middle: the pots, bets in front and dead money included
    (once the hand is over, what the pots held when they were awarded)."""
    if probe.result is not None:
        return sum(award.amount for award in probe.result.awards)
    return sum(probe.contributions) + probe.dead_money


def _action_said(action: Action, is_bet: bool, after: Hand, amount: Number | None) -> Said:
    """What a player did, in the replayer's words (``room.log.*``)."""
    kind = action.kind
    if kind in ("fold", "check"):
        return Said(f"room.log.{kind}")
    key = "room.log.call" if kind == "call" else "room.log.bet" if is_bet else "room.log.raise"
    said = Said(key, {"amount": amount_text(amount)})
    player = action.player
    if player is not None and after.stacks[player] == 0:
        return Said("room.log.all_in", {"action": said})
    return said


def review_hand(history: HandHistory, *, equities: bool = True) -> HandReview:
    """The review of one hand (see the module docstring); ``equities=False``
    leaves the equities out (they cost a few milliseconds a street, and up to
    a second preflop against unknown hands)."""
    replay_ = history_to_hand(history, auto_showdown=True)
    names = history.player_names
    hand = replay_.hand
    named = replay(dataclasses.replace(hand.config, players=tuple(names)), hand.deck, hand.log, unknown=hand.unknown)
    known: list[tuple[Card, ...] | None] = [
        h if h is not None and None not in h else None for h in replay_.known_holes  # type: ignore[misc]
    ]
    amount = replay_.amount
    seats = history.metadata.get("seats")
    if not (isinstance(seats, list) and len(seats) == len(names)):
        seats = list(range(1, len(names) + 1))
    probe = Hand(named.config, named.deck, unknown=named.unknown)
    streets: list[StreetReview] = []

    def open_street(name: str, board: Sequence[Card], *, run: int = 0) -> None:
        in_hand = [i for i in range(len(names)) if not probe.folded[i]]
        dead = [c for i, h in enumerate(known) if h is not None and probe.folded[i] for c in h]
        equity = (
            street_equity([names[i] for i in in_hand], [known[i] for i in in_hand], board=board, dead=dead)
            if equities and named.config.variant == "holdem" else StreetEquity()
        )
        streets.append(StreetReview(
            street=name,
            board=tuple(str(c) for c in board),
            pot=amount(_pot(probe)),  # type: ignore[arg-type]
            stacks={names[i]: amount(probe.stacks[i]) for i in range(len(names))},  # type: ignore[misc]
            in_hand=tuple(names[i] for i in in_hand),
            equity=equity,
            run=run,
        ))

    def open_streets(before: int) -> None:
        """The streets the last action dealt (``before`` cards were out): a
        board run twice deals both runs' streets when the last player agrees."""
        runs = probe.boards if probe.runs == 2 else (probe.board,)
        for run, board in enumerate(runs, start=1):
            for size in (3, 4, 5):
                if before < size <= len(board):
                    open_street(_STREET_SIZES[size], board[:size], run=run if len(runs) == 2 else 0)

    open_street("preflop", ())
    for action in named.log:
        if action.kind in ("show", "muck", "runs"):
            before = len(probe.board)
            probe.apply(action)
            open_streets(before)  # the last player agreeing to run it twice deals both runs
            continue
        player = probe.actor
        assert player is not None
        legal = probe.legal()
        first = not streets[-1].decisions
        to_call = legal.call or 0
        pot = _pot(probe)
        coach = [_in_units(line, replay_) for line in (*before_acting(probe, player), *pots_lines(probe, player))]
        price = None
        if to_call:
            share = f"{to_call / (pot + to_call):.0%}"
            price = Said("review.price", {"call": amount_text(amount(to_call)), "pot": amount_text(amount(pot)),
                                          "after": amount_text(amount(pot + to_call)), "share": share})
        stack = probe.stacks[player]
        is_bet = probe.raise_is_bet
        turn = _turn_line(probe, player, first=first)
        before = len(probe.board)
        applied = probe.apply(action)
        chips = applied.amount
        streets[-1].decisions.append(Decision(
            player=names[player],
            stack=amount(stack),  # type: ignore[arg-type]
            pot=amount(pot),  # type: ignore[arg-type]
            to_call=amount(to_call),  # type: ignore[arg-type]
            turn=turn,
            price=price,
            coach=tuple(coach),
            action=_action_said(applied, is_bet, probe, amount(chips) if chips is not None else None),
            kind=applied.kind,
            amount=amount(chips) if chips is not None else None,
        ))
        open_streets(before)
    showdown: list[CoachLine] = []
    result = named.result
    awards: list[Said] = []
    if result is not None:
        if result.showdown_order:
            first_to_show = result.showdown_order[0]
            if any(a.kind in ("show", "muck") for a in named.log):
                why = "aggressor" if named.aggressor is not None else "button"
                showdown.append(CoachLine(f"coach.sd.first.{why}", {"name": names[first_to_show]}, "show-order"))
            showdown.extend(run_twice_lines(named, first_to_show))  # both boards, each pot halved
            showdown.extend(_in_units(line, replay_) for line in after_hand(named, first_to_show))
        several = len(named.pots) > 1
        for j, award in enumerate(result.awards):
            # Pot k of its run: a board run twice awards each pot once a run.
            k = sum(1 for other in result.awards[:j] if other.run == award.run)
            said = Said("coach.pot.single" if not several else "coach.pot.main" if k == 0 else "coach.pot.side",
                        {"amount": amount_text(amount(award.amount)), "n": k})
            if named.runs == 2:
                said = Said("coach.run_twice.pot", {"pot": said, "run": Said(f"coach.run_twice.run.{award.run}")})
            awards.append(Said("review.award", {"pot": said, "names": [names[w] for w in award.winners]}))
    button = names[named.config.button]
    return HandReview(
        history=history,
        players=tuple(names),
        seats=tuple(seats),
        button=button,
        starting=tuple(amount(s) for s in named.starting_stacks),  # type: ignore[misc]
        holes={names[i]: tuple(str(c) for c in h) for i, h in enumerate(known) if h is not None},
        streets=streets,
        showdown=showdown,
        awards=awards,
        finishing=replay_.finishing_stacks,
        check=replay_.check,
    )

