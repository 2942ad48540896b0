"""A policy learned against the built-in bots, seated as the ``learned`` bot.

The policy is a table: for each state, a value per discrete action of the
environment's default :class:`~pokerdealer.env.actions.ActionSet` (fold,
check/call, minimum raise, half pot, pot, all-in). A state is three numbers a
player can read at any table (:func:`policy_states`):

- the street (preflop, flop, turn, river),
- the hand's equity against one random hand, in tenths (preflop from a table
  of all 1,326 starting hands; after the flop by Monte Carlo, from the bot's
  own generator),
- the price: nothing to call, or the call's share of the pot after calling
  (at most 1/5, at most 1/3, more).

:func:`pokerdealer.env.learning.train_policy` learns the values on the vector
environment (Monte Carlo control: each decision of a hand is credited with
the hand's result); ``examples/learn_to_beat_the_bots.py`` is the recipe. The
bot plays the legal action of the highest value: ``pokerdealer match learned
caller --duplicate`` and a room table's ``learned`` bot seat the policy shipped
with the package (``bots/data/learned_policy.npz``), or the file named by
``POKERDEALER_POLICY``.

>>> import random
>>> from pokerdealer.bots import make_bot
>>> make_bot("learned", random.Random(1)).name
'learned'
"""

from __future__ import annotations

import os
import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from pokerdealer.bots.base import BaseBot, pot_total, to_call
from pokerdealer.errors import PokerDealerError
from pokerdealer.rules.actions import CHECK_CALL, Action, LegalActions

if TYPE_CHECKING:
    from pokerdealer.cards import Card
    from pokerdealer.rules.view import PlayerView

__all__ = [
    "ACTION_LABELS",
    "EQUITY_BUCKETS",
    "POLICY_ENV",
    "PRICE_EDGES",
    "SHIPPED_POLICY",
    "STATES",
    "LearnedBot",
    "LearnedPolicy",
    "equity_against_one",
    "policy_states",
    "preflop_equities",
]

#: The actions the policy values, the environment's default ActionSet's labels.
ACTION_LABELS = ("fold", "check_call", "min_raise", "raise_0.5_pot", "raise_1_pot", "all_in")
_FRACTIONS = {3: 0.5, 4: 1.0}
#: Equity in this many equal buckets (tenths).
EQUITY_BUCKETS = 10
#: The price buckets' upper edges: the call's share of the pot after calling
#: (0: nothing to call; then at most 1/5, at most 1/3, more).
PRICE_EDGES = (0.0, 0.2, 1.0 / 3.0)
#: How many states a policy has: streets x equity buckets x price buckets.
STATES = 4 * EQUITY_BUCKETS * (len(PRICE_EDGES) + 1)
#: Environment variable naming a policy file for the ``learned`` bot.
POLICY_ENV = "POKERDEALER_POLICY"
#: The policy the package ships (examples/learn_to_beat_the_bots.py made it).
SHIPPED_POLICY = Path(__file__).with_name("data") / "learned_policy.npz"


def policy_states(street: np.ndarray, equity: np.ndarray, call: np.ndarray, pot: np.ndarray) -> np.ndarray:
    """The state index of each row: street (0..3), equity (0..1), chips to call and
    the pot before calling (any unit, the same for both).

    >>> policy_states(np.array([0, 3]), np.array([0.95, 0.31]), np.array([0, 2]), np.array([3, 4])).tolist()
    [36, 134]
    """
    bucket = np.minimum((np.asarray(equity) * EQUITY_BUCKETS).astype(np.int64), EQUITY_BUCKETS - 1)
    call = np.asarray(call, dtype=np.float64)
    share = np.divide(call, call + np.asarray(pot, dtype=np.float64), out=np.zeros_like(call), where=call > 0)
    price = np.where(call <= 0, 0, np.searchsorted(np.array(PRICE_EDGES[1:]), share, side="left") + 1)
    return (np.asarray(street, dtype=np.int64) * EQUITY_BUCKETS + bucket) * (len(PRICE_EDGES) + 1) + price


def equity_against_one(
    hole: np.ndarray, board: np.ndarray, generator: np.random.Generator, *, samples: int = 64
) -> np.ndarray:
    """Each row's share of the pot against one random hand, by Monte Carlo: ``hole``
    ``(rows, 2)`` card indices, ``board`` ``(rows, k)`` (the same ``k`` for every row,
    0..5); ``samples`` boards and opposing hands a row, drawn from ``generator``.

    >>> from pokerdealer.cards import parse_cards
    >>> aces = np.array([[c.index for c in parse_cards("As Ad")]])
    >>> board = np.array([[c.index for c in parse_cards("Ac Ah Kd")]])
    >>> float(equity_against_one(aces, board, np.random.default_rng(1))[0])
    1.0
    """
    from pokerdealer.evaluation.batch import evaluate_many

    hole = np.asarray(hole, dtype=np.int64)
    board = np.asarray(board, dtype=np.int64).reshape(len(hole), -1)
    rows, shown = len(hole), board.shape[1]
    need = 2 + 5 - shown
    # A sample without replacement per row and sample: the first ``need`` cards of a
    # random order of the deck, the known cards sorted last.
    keys = generator.random((rows, samples, 52))
    known = np.zeros((rows, 52), dtype=np.float64)
    every = np.arange(rows)[:, None]
    known[every, hole] = 2.0
    if shown:
        known[every, board] = 2.0
    keys += known[:, None, :]
    drawn = np.argpartition(keys, need - 1, axis=2)[:, :, :need]
    common = np.concatenate((np.broadcast_to(board[:, None, :], (rows, samples, shown)), drawn[:, :, 2:]), axis=2)
    mine = np.concatenate((np.broadcast_to(hole[:, None, :], (rows, samples, 2)), common), axis=2)
    theirs = np.concatenate((drawn[:, :, :2], common), axis=2)
    ranks = evaluate_many(np.concatenate((mine.reshape(-1, 7), theirs.reshape(-1, 7))).astype(np.int16))
    mine_rank, their_rank = ranks[: rows * samples], ranks[rows * samples :]
    share = np.where(mine_rank > their_rank, 1.0, np.where(mine_rank == their_rank, 0.5, 0.0))
    return share.reshape(rows, samples).mean(axis=1)


def preflop_equities(generator: np.random.Generator, *, samples: int = 2000) -> np.ndarray:
    """Every starting hand's equity against one random hand, a ``(52, 52)`` table
    indexed by the two cards (either order), by Monte Carlo (``samples`` a hand, the
    same for each of a class's suits: the table is by class).

    >>> table = preflop_equities(np.random.default_rng(1), samples=100)
    >>> from pokerdealer.cards import parse_cards
    >>> a, b = (c.index for c in parse_cards("As Ah"))
    >>> bool(0.7 < table[a, b] == table[b, a] < 0.97)
    True
    """
    from pokerdealer.bots.strength import hand_class
    from pokerdealer.cards import deck_cards

    cards = deck_cards()
    pairs = [(a, b) for a in range(52) for b in range(a + 1, 52)]
    classes: dict[str, list[tuple[int, int]]] = {}
    for a, b in pairs:
        classes.setdefault(hand_class((cards[a], cards[b])), []).append((a, b))
    first = np.array([members[0] for members in classes.values()], dtype=np.int64)
    equity = equity_against_one(first, np.zeros((len(first), 0), dtype=np.int64), generator, samples=samples)
    table = np.zeros((52, 52), dtype=np.float32)
    for value, members in zip(equity.tolist(), classes.values()):
        for a, b in members:
            table[a, b] = table[b, a] = value
    return table


@dataclass(frozen=True, eq=False)
class LearnedPolicy:
    """A state-action value table (``values``: ``(STATES, 6)``), the preflop equity
    table it reads (``preflop``: ``(52, 52)``) and the Monte Carlo samples a decision
    after the flop takes (``samples``)."""

    values: np.ndarray
    preflop: np.ndarray
    samples: int = 64

    def __post_init__(self) -> None:
        if self.values.shape != (STATES, len(ACTION_LABELS)) or self.preflop.shape != (52, 52):
            raise PokerDealerError(
                f"a policy needs values of shape ({STATES}, {len(ACTION_LABELS)}) and a (52, 52) preflop table, "
                f"not {self.values.shape} and {self.preflop.shape}"
            )

    def choose(self, states: np.ndarray, masks: np.ndarray) -> np.ndarray:
        """The legal action of the highest value in each row (``masks``: 1 legal).

        >>> policy = LearnedPolicy(np.zeros((STATES, 6)), np.zeros((52, 52)))
        >>> policy.choose(np.array([0]), np.array([[1, 1, 0, 0, 0, 1]])).tolist()
        [0]
        """
        values = np.where(np.asarray(masks) == 1, self.values[np.asarray(states)], -np.inf)
        return values.argmax(axis=1)

    def equities(self, hole: np.ndarray, board: np.ndarray, generator: np.random.Generator) -> np.ndarray:
        """Each row's equity against one random hand (``board``'s width the same for every row)."""
        if board.shape[1] == 0:
            return self.preflop[hole[:, 0], hole[:, 1]].astype(np.float64)
        return equity_against_one(hole, board, generator, samples=self.samples)

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write the policy as a NumPy ``.npz`` file."""
        np.savez_compressed(
            path, values=self.values.astype(np.float32), preflop=self.preflop.astype(np.float32),
            samples=np.int64(self.samples), labels=np.array(ACTION_LABELS),
        )

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> LearnedPolicy:
        """Read a policy :meth:`save` wrote; a clear error for anything else."""
        try:
            with np.load(path, allow_pickle=False) as data:
                labels = tuple(str(x) for x in data["labels"])
                if labels != ACTION_LABELS:
                    raise PokerDealerError(f"policy {path} is for the actions {labels}, not {ACTION_LABELS}")
                return cls(np.array(data["values"]), np.array(data["preflop"]), int(data["samples"]))
        except (OSError, KeyError, ValueError) as error:
            raise PokerDealerError(f"cannot read a policy from {path}: {error}") from None


@lru_cache(maxsize=8)
def _load_policy(path: str, mtime_ns: int) -> LearnedPolicy:
    return LearnedPolicy.load(path)


def _policy_at(path: str | os.PathLike[str]) -> LearnedPolicy:
    text = os.fspath(path)
    try:
        stamp = os.stat(text).st_mtime_ns
    except OSError as error:
        raise PokerDealerError(f"cannot read a policy from {text}: {error.strerror or error}") from None
    return _load_policy(text, stamp)


class LearnedBot(BaseBot):
    """Plays a :class:`LearnedPolicy`: ``policy`` (a policy or the path of its file; by
    default the file named by ``POKERDEALER_POLICY``, else the one shipped)."""

    name = "learned"

    def __init__(
        self, rng: random.Random | None = None, *, policy: LearnedPolicy | str | os.PathLike[str] | None = None
    ) -> None:
        super().__init__(rng)
        if policy is None:
            policy = os.environ.get(POLICY_ENV) or SHIPPED_POLICY
        self.policy = policy if isinstance(policy, LearnedPolicy) else _policy_at(policy)
        self._generator: np.random.Generator | None = None

    def reset(self) -> None:
        self._generator = None

    def state(self, view: PlayerView) -> int:
        """The policy's state of the seat to act in ``view`` (the environment's
        :func:`~pokerdealer.env.learning.observation_states` reads the same)."""
        me = view.player
        assert me is not None
        hole_cards = view.hole_cards[me]
        assert hole_cards is not None
        if self._generator is None:  # derived from the injected rng: the same seed, the same play
            self._generator = np.random.default_rng(self.rng.getrandbits(64))
        hole = np.array([[c.index for c in hole_cards]], dtype=np.int64)
        board = np.array([[c.index for c in view.board]], dtype=np.int64).reshape(1, len(view.board))
        equity = self.policy.equities(hole, board, self._generator)
        street = {0: 0, 3: 1, 4: 2}.get(len(view.board), 3)
        return int(policy_states(np.array([street]), equity, np.array([to_call(view)]), np.array([pot_total(view)]))[0])

    def decide(self, view: PlayerView, legal: LegalActions) -> Action:
        me = view.player
        assert me is not None
        state = np.array([self.state(view)])
        amounts = _amounts(view, legal)
        mask = np.array([[1 if a is not None else 0 for a in amounts]], dtype=np.int8)
        choice = int(self.policy.choose(state, mask)[0])
        if choice == 0:
            return Action("fold", me)
        if choice == 1:
            return Action(CHECK_CALL, me)
        amount = amounts[choice]
        assert amount is not None
        return Action("raise", me, amount)


def _amounts(view: PlayerView, legal: LegalActions) -> Sequence[Any]:
    """Each action's amount when legal (fold and check/call: True), else None, as the
    environment's ActionSet masks them (a pot fraction outside the legal range is not
    offered, not clamped)."""
    low, high = legal.min_raise_to, legal.max_raise_to
    fold = True if legal.can_fold else None
    if low is None or high is None:
        return (fold, True, None, None, None, None)
    me = view.player
    assert me is not None
    current = max(view.committed)
    call = current - view.committed[me]
    fractions = [current + int(f * (pot_total(view) + call) + 0.5) for f in (_FRACTIONS[3], _FRACTIONS[4])]
    all_in = high if high == view.committed[me] + view.stacks[me] else None
    return (fold, True, low, *(a if low <= a <= high else None for a in fractions), all_in)

