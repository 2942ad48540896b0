"""The home-game rules in PHH: our own fields for what PHH has no line for.

PHH (spec v0.0.2) has no way to say that the players agreed to run it twice;
PokerKit's reader picks one runout. We write the agreement in a user field (PHH
user fields start with ``_``; PokerKit ignores them), and the boards as PokerKit
0.7 lays out a multi-runout board: the first run's ``d db`` lines, then the
second run's, each street dealt again from the street after the cards that were
out when the players agreed (PokerKit returns to that street and deals it
again):

- ``_run_it_twice = ["p2 runs 2", "p1 runs 2"]``: the table offered to run it
  twice and these are the answers, in the order given (``runs 2`` agrees,
  ``runs 1`` refuses; positions as in ``actions``). A file with it is a table
  that offers it (:attr:`HandConfig.run_it_twice
  <pokerdealer.rules.HandConfig.run_it_twice>`); PokerKit reads the same
  finishing stacks when it is given the same runout count (its cash-game mode).

- ``_bomb_pot = true``: a bomb pot (:mod:`pokerdealer.rules.bomb_pot`). The
  ``antes`` are every player's ante, ``blinds_or_straddles`` all 0,
  ``ante_trimming_status`` true (the antes are contributions: a short stack is
  all in for less, with side pots) and the actions have no line before the
  flop's ``d db``. PokerKit reads it as it is: its reader checks the preflop
  round of no blinds around, and the stacks are the same.

- ``_shows_after_hand = ["p1 sm 7c2d", "p3 sm Qh"]``: cards players chose to
  show once the hand was over (:mod:`pokerdealer.rules.show_after`), one or
  both, in the order shown. PHH's ``sm`` lines end the hand's showdown, so these
  are not actions: PokerKit ignores them, and they change no stack.

- ``_seven_deuce = {bounty = 10, paid = [["p2", "p1", 10], ["p3", "p1", 4]]}``:
  the table played the 7-2 game (:mod:`pokerdealer.rules.seven_deuce`) with
  this bounty, and after the hand these players paid it (payer, payee, chips;
  ``paid`` empty when nobody won with a shown 7-2). The chips move after the
  hand: ``finishing_stacks`` are the hand's, before them.

>>> answers = run_twice_answers({"_run_it_twice": ["p2 runs 2", "p1 runs 2"]}, 2)
>>> [str(a) for a in answers]
['p2 runs 2', 'p1 runs 2']
>>> boards = split_boards(list("ABCDEFG"), runs=2)  # all in on the flop: two turns and rivers
>>> ["".join(b) for b in boards]
['ABCDE', 'ABCFG']
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, TypeVar

from pokerdealer.history.phh import HistoryError
from pokerdealer.rules import Action, AnteType, HandConfig, parse_action
from pokerdealer.rules.actions import RUNS

__all__ = [
    "BOMB_POT",
    "RUN_IT_TWICE",
    "SEVEN_DEUCE",
    "SHOWS_AFTER_HAND",
    "bomb_pot_config",
    "run_twice_answers",
    "run_twice_street_sizes",
    "seven_deuce_bounty",
    "seven_deuce_field",
    "shows_after_hand",
    "split_boards",
]

#: The PHH user field of the answers to running it twice.
RUN_IT_TWICE = "_run_it_twice"
#: The PHH user field of a bomb pot.
BOMB_POT = "_bomb_pot"
#: The PHH user field of the cards shown after the hand.
SHOWS_AFTER_HAND = "_shows_after_hand"
#: The PHH user field of the 7-2 game's bounty and what it moved.
SEVEN_DEUCE = "_seven_deuce"

T = TypeVar("T")


def run_twice_answers(metadata: Mapping[str, Any], player_count: int) -> list[Action] | None:
    """The answers a file records (``None``: the table did not offer to run it twice).

    >>> run_twice_answers({"_run_it_twice": ["p3 runs 2"]}, 2)
    Traceback (most recent call last):
    ...
    pokerdealer.history.phh.HistoryError: _run_it_twice ['p3 runs 2']: expected answers like ["p1 runs 2", "p2 runs 1"] of the hand's 2 players
    """
    said = metadata.get(RUN_IT_TWICE)
    if said is None:
        return None
    try:
        if not isinstance(said, list):
            raise ValueError
        answers = [parse_action(text) for text in said]
        if any(a.kind != RUNS or not 0 <= (a.player or 0) < player_count for a in answers):
            raise ValueError
    except (ValueError, TypeError, AttributeError):
        raise HistoryError(
            f"{RUN_IT_TWICE} {said!r}: expected answers like [\"p1 runs 2\", \"p2 runs 1\"] "
            f"of the hand's {player_count} players"
        ) from None
    return answers


def split_boards(board: Sequence[T], *, runs: int) -> tuple[list[T], ...]:
    """The boards of a file's ``d db`` cards: one, or (run twice) the first five and
    the second run's, which shares the cards out when the players agreed."""
    if runs == 1 or len(board) <= 5:
        return (list(board),)
    again = len(board) - 5
    shared = 5 - again
    return list(board[:5]), list(board[:shared]) + list(board[5:])


def run_twice_street_sizes(shared: int) -> tuple[int, ...]:
    """How many cards each street of the second run deals, ``shared`` cards being
    out when the players agreed (the sizes of its ``d db`` lines).

    >>> run_twice_street_sizes(0), run_twice_street_sizes(3), run_twice_street_sizes(4)
    ((3, 1, 1), (1, 1), (1,))
    """
    return {0: (3, 1, 1), 3: (1, 1), 4: (1,)}[shared]


def bomb_pot_config(
    stacks: tuple[int, ...], blinds: tuple[int, ...], antes: tuple[int, ...], **config: Any  # noqa: ANN401
) -> HandConfig:
    """The engine configuration of a bomb pot's PHH hand (in chips): every player's
    ante (the largest the file states: a short stack's is its stack), no blind, the
    ``min_bet`` the minimum bet; the button last, as PHH orders the players; ``config``
    the rest (structure, variant, options, bet sizes) as the file says it.

    >>> bomb_pot_config((50, 50), (0, 0), (4, 4), min_bet=2).blinds
    (0, 2)
    """
    if any(blinds) or not any(antes):
        raise HistoryError(
            f"{BOMB_POT}: a bomb pot has every player's ante and no blind, got antes {list(antes)} "
            f"and blinds_or_straddles {list(blinds)}"
        )
    big = config.get("min_bet") or config.get("small_bet") or max(antes)
    return HandConfig(
        stacks=stacks,
        blinds=(0, big),
        button=len(stacks) - 1,
        ante=max(antes),
        ante_type=AnteType.PER_PLAYER,
        bomb_pot=True,
        **config,
    )


def shows_after_hand(metadata: Mapping[str, Any], player_count: int) -> list[Action]:
    """The shows after the hand a file records (our ``_shows_after_hand``).

    >>> [str(a) for a in shows_after_hand({"_shows_after_hand": ["p2 sm Qh"]}, 2)]
    ['p2 sm Qh']
    """
    said = metadata.get(SHOWS_AFTER_HAND, [])
    try:
        if not isinstance(said, list):
            raise ValueError
        shows = [parse_action(text) for text in said]
        if any(a.kind != "show" or not a.cards or not 0 <= (a.player or 0) < player_count for a in shows):
            raise ValueError
    except (ValueError, TypeError, AttributeError):
        raise HistoryError(
            f"{SHOWS_AFTER_HAND} {said!r}: expected shows like [\"p1 sm 7c2d\", \"p2 sm Qh\"] "
            f"of the hand's {player_count} players"
        ) from None
    return shows


def seven_deuce_field(settlement: Any, position: Mapping[int, int]) -> dict[str, Any]:  # noqa: ANN401
    """Our ``_seven_deuce`` field of a settlement (a
    :class:`~pokerdealer.rules.seven_deuce.SevenDeuce`), players at their PHH
    ``position`` (engine index -> 0-based position)."""
    return {
        "bounty": settlement.bounty,
        "paid": [[f"p{position[p.payer] + 1}", f"p{position[p.payee] + 1}", p.chips] for p in settlement.payments],
    }


def seven_deuce_bounty(metadata: Mapping[str, Any]) -> int:
    """The 7-2 bounty a file records (0: the game was not played).

    >>> seven_deuce_bounty({"_seven_deuce": {"bounty": 10, "paid": []}}), seven_deuce_bounty({})
    (10, 0)
    """
    said = metadata.get(SEVEN_DEUCE)
    if said is None:
        return 0
    bounty = said.get("bounty") if isinstance(said, Mapping) else None
    if isinstance(bounty, bool) or not isinstance(bounty, int) or bounty < 0:
        raise HistoryError(f"{SEVEN_DEUCE} {said!r}: expected {{bounty = 10, paid = [[payer, payee, chips], ...]}}")
    return bounty
