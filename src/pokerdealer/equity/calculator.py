"""All-in equity of 2 to 10 hands or ranges: exact enumeration or Monte Carlo.

>>> result = equity(["AsKs", "QhQd"])
>>> result.method, result.boards, round(result.players[0].equity, 7)
('exact', 1712304, 0.4621446)
>>> sum(p.equity for p in result.players)
1.0

How a question is answered:

1. Every player's input is read as a range (a single hand is a range of
   one combo); combos that use a board or dead card are removed, and so
   are combos that use a card another player holds in every one of their
   combos.
2. Every deal is equally likely: a deal is one combo per player (no card
   shared, weighted by the product of the combo weights) and a completion
   of the board from the cards left. So combos that collide between
   players' ranges count in proportion to the number of compatible deals.
3. If the number of boards times the number of combos and compatible combo
   assignments is at most :data:`EXACT_LIMIT`, every deal is enumerated
   (``method == "exact"``); otherwise deals are sampled
   (``method == "monte_carlo"``) and ``std_error`` reports the largest
   standard error of a player's equity.

With a preflop equity table (``table=``, an :class:`~pokerdealer.equity.table.EquityTable`
or the path of its Parquet file), a heads-up question with no board, no dead
cards and no forced Monte Carlo or category breakdown is answered from the
table when it holds the matchup (``method == "table"``, ``std_error`` is
``None``). The table is exact, so the answer is the one enumeration gives:

* two hand classes (``"AKs"``, ``"QQ"``, each taken whole): their row;
* a single combo against a hand class, from a class table: the row of the
  combo's class (the other class is suit-symmetric, so every combo of a class
  does the same against it); ``boards`` is that combo's share of the row;
* two single combos, from a combo table: their row.

Anything else (ranges, ``"random"``, two combos with a class table, where
the suits of both hands matter, more players, a board) is computed as above.
``boards`` is the number of equally likely deals the table counted.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from os import PathLike
from typing import Any, Literal

import numpy as np

from pokerdealer.cards import CARDS, RANKS, Card, CardsLike, format_cards, parse_cards
from pokerdealer.equity import _kernel
from pokerdealer.equity._exact import exact_tally
from pokerdealer.equity._montecarlo import monte_carlo_tally
from pokerdealer.equity.errors import EquityError
from pokerdealer.equity.ranges import Range, RangeLike, class_combos, parse_range
from pokerdealer.equity.table import EquityTable, load_equity_table
from pokerdealer.errors import CardParseError, Interrupted
from pokerdealer.evaluation.value import Category

__all__ = [
    "DEFAULT_SAMPLES",
    "EXACT_LIMIT",
    "CategoryStats",
    "EquityResult",
    "PlayerEquity",
    "equity",
]

#: Largest exact workload chosen automatically: boards x (live combos + combo
#: assignments x players). At most about a second on one core (a unit costs about
#: a nanosecond); ``exact=True`` lifts it.
EXACT_LIMIT = 1_000_000_000
#: Monte Carlo samples when neither ``samples`` nor ``seconds`` is given.
DEFAULT_SAMPLES = 1_000_000
#: Most combo assignments (one combo per player) held in memory for enumeration.
ASSIGNMENT_LIMIT = 1 << 22
#: Combo assignments looked at to check that some deal exists, for Monte Carlo.
FEASIBILITY_LIMIT = 1 << 16

Method = Literal["exact", "monte_carlo", "table"]


@dataclass(frozen=True)
class CategoryStats:
    """How often a player's final hand is ``category``, and wins or ties with it."""

    category: Category
    frequency: float
    win: float
    tie: float

    def to_dict(self) -> dict[str, Any]:
        return {
            "category": self.category.value,
            "frequency": self.frequency,
            "win": self.win,
            "tie": self.tie,
        }


@dataclass(frozen=True)
class PlayerEquity:
    """One player's result.

    ``win``: probability of holding the only best hand; ``tie``: of sharing
    the best hand; ``equity``: expected share of the pot (ties split
    equally). ``std_error`` is the Monte Carlo standard error of ``equity``
    (``None`` when exact); ``combos`` the number of live combos.
    ``categories`` (on request) breaks the results down by final hand
    category, strongest first.
    """

    input: str
    win: float
    tie: float
    equity: float
    std_error: float | None
    combos: int
    categories: tuple[CategoryStats, ...] | None = None

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "input": self.input,
            "win": self.win,
            "tie": self.tie,
            "equity": self.equity,
            "std_error": self.std_error,
            "combos": self.combos,
        }
        if self.categories is not None:
            data["categories"] = [c.to_dict() for c in self.categories]
        return data


@dataclass(frozen=True)
class EquityResult:
    """The answer to an equity question.

    ``boards`` is the number of equally likely deals scored: (combo
    assignment, board) pairs when exact or from an equity table, samples for
    Monte Carlo. ``std_error`` is the largest player ``std_error`` (``None``
    unless Monte Carlo).
    """

    players: tuple[PlayerEquity, ...]
    method: Method
    boards: int
    std_error: float | None
    board: tuple[Card, ...] = ()
    dead: tuple[Card, ...] = ()
    seconds: float = 0.0

    def to_dict(self) -> dict[str, Any]:
        """The JSON shape of the ``equity`` command."""
        return {
            "players": [p.to_dict() for p in self.players],
            "method": self.method,
            "boards": self.boards,
            "std_error": self.std_error,
            "board": format_cards(self.board),
            "dead": format_cards(self.dead),
            "seconds": self.seconds,
        }


def _as_range(player: RangeLike, number: int) -> tuple[str, Range]:
    if isinstance(player, Range):
        return player.text, player
    if isinstance(player, str):
        return player.strip(), parse_range(player)
    try:
        first, second = parse_cards(player, count=2, what=f"player {number}'s hole cards")
    except CardParseError as error:
        raise EquityError(str(error)) from None
    text = format_cards((first, second)).replace(" ", "")
    return text, Range.from_combos([(first.index, second.index)], text=text)


def _prune(
    combos: list[list[tuple[int, int]]], weights: list[list[float]], inputs: list[str]
) -> None:
    """Drop combos using a card that another player holds in all of their combos.

    Repeats until nothing changes (dropping combos can leave a player with a
    card common to all the rest). Raises when a player has nothing left.
    """
    changed = True
    while changed:
        changed = False
        held = []
        for player in combos:
            common = set(player[0]) if player else set()
            for combo in player[1:]:
                common &= set(combo)
            held.append(common)
        for p, player in enumerate(combos):
            owner = {card: q for q in range(len(combos)) if q != p for card in held[q]}
            keep = [i for i, c in enumerate(player) if c[0] not in owner and c[1] not in owner]
            if not keep:
                card = next(c for combo in player for c in combo if c in owner)
                q = owner[card]
                raise EquityError(
                    f"player {p + 1} ({inputs[p]!r}) cannot be dealt: every combo needs a card "
                    f"that player {q + 1} ({inputs[q]!r}) always holds, like '{CARDS[card]}'"
                )
            if len(keep) != len(player):
                combos[p] = [player[i] for i in keep]
                weights[p] = [weights[p][i] for i in keep]
                changed = True


def equity(
    players: Sequence[RangeLike],
    *,
    board: CardsLike = (),
    dead: CardsLike = (),
    exact: bool | None = None,
    samples: int | None = None,
    seconds: float | None = None,
    seed: int | None = None,
    categories: bool = False,
    progress: Callable[[float], None] | None = None,
    table: EquityTable | str | PathLike[str] | None = None,
) -> EquityResult:
    """Win, tie and equity of each of 2 to 10 players, each a hand or a range.

    :param players: hands or ranges: range text (``"AsKs"``, ``"QQ+,AKo"``),
        a :class:`Range`, or two cards.
    :param board: 0, 3, 4 or 5 board cards.
    :param dead: cards known to be out of play.
    :param exact: ``True`` forces enumeration, ``False`` forces Monte Carlo,
        ``None`` enumerates when the work is within :data:`EXACT_LIMIT`.
    :param samples: run Monte Carlo with this many samples (giving a count
        selects Monte Carlo; with ``exact=True`` it is an error).
    :param seconds: run Monte Carlo for at most this long, alone or with
        ``samples`` (whichever ends first); it also selects Monte Carlo.
        Without either, Monte Carlo uses :data:`DEFAULT_SAMPLES`.
    :param seed: seeds Monte Carlo; with a sample count (not a time budget)
        the result is reproducible.
    :param categories: also break each player's results down by final hand
        category.
    :param progress: called with the fraction done (0..1) as work proceeds.
    :param table: a preflop equity table (or its Parquet path, read with
        :func:`~pokerdealer.equity.table.load_equity_table`) answering the
        heads-up preflop matchups it holds (``method == "table"``; see the
        module docstring for which).
    :raises EquityError: bad players, cards, a question with no deal, or a
        table file that cannot be read.
    :raises Interrupted: Ctrl-C; during Monte Carlo, with the result of the
        samples scored so far as ``partial`` (``None`` before the first batch).

    >>> r = equity(["AA", "KK"], board="2c 7d 9h")
    >>> r.method, r.players[0].combos, round(r.players[0].equity, 3)
    ('exact', 6, 0.916)
    """
    started = time.perf_counter()
    if not isinstance(players, (str, Range)):
        players = list(players)
    if isinstance(players, (str, Range)) or not 2 <= len(players) <= 10:
        count = "one" if isinstance(players, (str, Range)) else len(players)
        raise EquityError(f"equity needs 2 to 10 players, got {count}")
    if exact is True and (samples is not None or seconds is not None):
        raise EquityError("exact enumeration takes no sample count or time budget")
    if samples is not None and samples < 1:
        raise EquityError(f"samples must be at least 1, got {samples}")
    if seconds is not None and not seconds > 0:
        raise EquityError(f"seconds must be positive, got {seconds}")
    if table is not None and not isinstance(table, EquityTable):
        table = load_equity_table(table)
    board_cards = parse_cards(board, count=(0, 3, 4, 5), what="board")
    dead_cards = parse_cards(dead, what="dead cards")
    for card in dead_cards:
        if card in board_cards:
            raise EquityError(f"'{card}' is both on the board and among the dead cards")
    known = {c.index for c in board_cards + dead_cards}

    inputs: list[str] = []
    combos: list[list[tuple[int, int]]] = []
    weights: list[list[float]] = []
    for number, player in enumerate(players, start=1):
        text, parsed = _as_range(player, number)
        live = [
            (combo, w)
            for combo, w in zip(parsed.indices(), parsed.weights)
            if combo[0] not in known and combo[1] not in known
        ]
        if not live:
            raise EquityError(
                f"player {number} ({text!r}) has no combos left once the board and dead cards "
                "are removed"
            )
        inputs.append(text)
        combos.append([c for c, _ in live])
        weights.append([w for _, w in live])
    shapes = [_shape(c, w) for c, w in zip(combos, weights)] if table is not None else []
    _prune(combos, weights, inputs)

    sampling = exact is False or samples is not None or seconds is not None
    if (
        table is not None
        and len(combos) == 2
        and not board_cards
        and not dead_cards
        and not sampling
        and not categories
    ):
        answer = _from_table(table, shapes, inputs, combos, started)
        if answer is not None:
            if progress is not None:
                progress(1.0)
            return answer

    fixed = set()
    for player in combos:
        common = set(player[0])
        for combo in player[1:]:
            common &= set(combo)
        fixed |= common
    deck = np.array([c for c in range(52) if c not in known and c not in fixed], np.intp)
    k = 5 - len(board_cards)
    needed = k + 2 * len(combos) - len(fixed)
    if needed > len(deck):
        raise EquityError(
            f"not enough cards: {len(players)} players and a board need {needed} more cards, "
            f"{len(deck)} are left"
        )
    board_key = int(_kernel.card_codes(np.array([c.index for c in board_cards], np.intp)).sum())
    board_mask = 0
    for card in board_cards:
        board_mask |= int(_kernel.card_bits(np.array(card.index)))
    arrays = _kernel.Players(
        keys=[], masks=[], holes=[], weights=[], board_key=board_key, board_mask=board_mask
    )
    every_pair = math.comb(len(deck), 2)
    for player, player_weights in zip(combos, weights):
        arrays.uniform.append(len(player) == every_pair and len(set(player_weights)) == 1)
        cards = np.array(player, np.intp)
        holes = np.bitwise_or.reduce(_kernel.card_bits(cards), axis=1)
        arrays.keys.append(_kernel.card_codes(cards).sum(axis=1) + board_key)
        arrays.masks.append(holes | board_mask)
        arrays.holes.append(holes)
        arrays.weights.append(np.array(player_weights, np.float64))

    # Monte Carlo only needs to know that some deal exists: a small limit will do.
    limit = FEASIBILITY_LIMIT if sampling else ASSIGNMENT_LIMIT
    assignments = _kernel.compatible_assignments(arrays.holes, arrays.weights, limit)
    if assignments is not None and (len(assignments[1]) == 0 or assignments[1].sum() <= 0):
        raise EquityError(
            "the players cannot all be dealt at once: every way to give each player a combo "
            "from their range shares a card"
        )
    boards = math.comb(len(deck), k)
    method: Method
    if sampling:
        method = "monte_carlo"
    elif assignments is None:
        if exact:
            raise EquityError(
                "too many combo assignments to enumerate exactly (more than "
                f"{ASSIGNMENT_LIMIT:,}); use Monte Carlo"
            )
        method = "monte_carlo"
    else:
        work = boards * (sum(len(p) for p in combos) + len(assignments[1]) * len(combos))
        method = "exact" if exact or work <= EXACT_LIMIT else "monte_carlo"

    if method == "exact":
        assert assignments is not None
        dead_mask = 0
        for card in dead_cards:
            dead_mask |= int(_kernel.card_bits(np.array(card.index)))
        tally = exact_tally(
            arrays,
            deck,
            k,
            assignments,
            dead=dead_mask,
            categories=categories,
            progress=progress,
        )
    else:
        if samples is None and seconds is None:
            samples = DEFAULT_SAMPLES
        try:
            tally = monte_carlo_tally(
                arrays,
                deck,
                k,
                np.random.default_rng(seed),
                samples=samples,
                seconds=seconds,
                categories=categories,
                progress=progress,
                seeded=seed is not None,
            )
        except Interrupted as stop:  # Ctrl-C: the samples scored so far are an estimate too
            scored = stop.partial
            partial = None
            if scored is not None and scored.outcomes > 0:
                partial = _result(scored, method, inputs, combos, board_cards, dead_cards, started)
            raise Interrupted(partial) from None
        if tally.outcomes == 0:
            raise EquityError(
                "no deal could be sampled: the ranges almost never fit together without sharing "
                "a card"
            )
    return _result(tally, method, inputs, combos, board_cards, dead_cards, started)


#: What a player's input is, for a table lookup: ("class", "AKs"), ("combo", "AsKs") or None.
_Shape = tuple[Literal["class", "combo"], str] | None


def _shape(combos: list[tuple[int, int]], weights: list[float]) -> _Shape:
    """A single combo, a whole hand class (equal weights), or neither."""
    if len(combos) == 1:
        a, b = combos[0]
        return "combo", f"{CARDS[max(a, b)]}{CARDS[min(a, b)]}"
    if len(set(weights)) != 1:
        return None
    name = _class_of(combos[0])
    given = {frozenset(c) for c in combos}
    if given != {frozenset(c) for c in class_combos(name)}:
        return None
    return "class", name


def _class_of(combo: tuple[int, int]) -> str:
    """``AKs``, ``AKo`` or ``QQ`` of a combo given as card indices."""
    a, b = CARDS[max(combo)], CARDS[min(combo)]
    if a.rank == b.rank:
        return RANKS[a.rank] * 2
    return RANKS[a.rank] + RANKS[b.rank] + ("s" if a.suit == b.suit else "o")


def _from_table(
    table: EquityTable,
    shapes: list[_Shape],
    inputs: list[str],
    combos: list[list[tuple[int, int]]],
    started: float,
) -> EquityResult | None:
    """A heads-up preflop answer from ``table``, or ``None`` when it does not hold
    the matchup exactly (see the module docstring)."""
    first, second = shapes
    if first is None or second is None:
        return None
    keys = [first[1], second[1]]
    share = 1  # combos of the class looked up for a single combo
    if table.kind == "combos":
        if first[0] != "combo" or second[0] != "combo":
            return None
    else:
        if first[0] == "combo" and second[0] == "combo":
            return None  # the suits of both hands matter: not a class question
        for p, (kind, _) in enumerate((first, second)):
            if kind == "combo":
                keys[p] = _class_of(combos[p][0])
                share = len(class_combos(keys[p]))
    try:
        row = table.lookup(keys[0], keys[1])
    except EquityError:
        return None
    if row.boards <= 0 or row.boards % share or row.wins % share or row.ties % share:
        return None
    boards, wins, ties = row.boards // share, row.wins // share, row.ties // share
    outcomes = ((wins, ties), (boards - wins - ties, ties))
    players = tuple(
        PlayerEquity(
            input=text,
            win=won / boards,
            tie=tied / boards,
            equity=(won + tied / 2) / boards,
            std_error=None,
            combos=len(player),
        )
        for text, player, (won, tied) in zip(inputs, combos, outcomes)
    )
    return EquityResult(
        players=players,
        method="table",
        boards=boards,
        std_error=None,
        seconds=time.perf_counter() - started,
    )


def _result(
    tally: _kernel.Tally,
    method: Method,
    inputs: list[str],
    combos: list[list[tuple[int, int]]],
    board: tuple[Card, ...],
    dead: tuple[Card, ...],
    started: float,
) -> EquityResult:
    total = tally.total
    players = []
    errors = []
    for p, text in enumerate(inputs):
        share = tally.share[p] / total
        error = None
        if method == "monte_carlo":
            n = tally.outcomes
            variance = max(tally.share_sq[p] / total - share * share, 0.0)
            error = math.sqrt(variance / max(n - 1, 1))
            errors.append(error)
        breakdown = None
        if tally.categories is not None:
            breakdown = tuple(
                CategoryStats(category, *(float(v) / total for v in tally.categories[p, c]))
                for c, category in enumerate(_kernel.CATEGORY_ORDER)
            )
        players.append(
            PlayerEquity(
                input=text,
                win=float(tally.win[p] / total),
                tie=float(tally.tie[p] / total),
                equity=float(share),
                std_error=error,
                combos=len(combos[p]),
                categories=breakdown,
            )
        )
    return EquityResult(
        players=tuple(players),
        method=method,
        boards=tally.outcomes,
        std_error=max(errors) if errors else None,
        board=board,
        dead=dead,
        seconds=time.perf_counter() - started,
    )
