"""Many tables' one-hand episodes in NumPy arrays, stepped together: the fast path of
:func:`~pokerdealer.env.vector_env`.

:class:`TableBatch` plays what a batch of :class:`~pokerdealer.env.HoldemGymEnv`
tables plays, table ``i`` exactly as ``HoldemGymEnv`` reset with ``seed + i``
(the same deals, buttons, bot choices, rewards and observations, bit for bit),
for the configuration learners use most: no limit, the default rules, fixed
starting stacks, one hand per episode, the discrete actions, and the
``random`` and ``caller`` bots in the other seats. Each table's state is a
row of arrays (stacks, bets, who is still to act...), and each rule the
engine applies to one hand is applied here to every row at once; the forced
bets come from the engine's own plan of each button (:func:`_plan`), the
showdowns from the batch evaluator. What it does not cover,
:func:`batch_refusal` names, and the vector environment then runs one
``HoldemGymEnv`` per table.

The rules are the engine's (docs/rules.md; :mod:`pokerdealer.rules.hand`,
:mod:`pokerdealer.rules.betting`, :mod:`pokerdealer.rules.pots`) and
``tests/env/test_batch.py`` plays thousands of random hands both ways and
compares every value.

>>> from pokerdealer.env import HoldemGymEnv
>>> first = HoldemGymEnv(["random"], stacks=100, blinds=(1, 2))
>>> batch_refusal(first, ["random"]) is None
True
>>> batch = TableBatch(first, ["random"], tables=3)
>>> batch.reset([1, 2, 3])
>>> batch.observation.shape, batch.mask.shape
((3, 133), (3, 6))
"""

from __future__ import annotations

import os
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from gymnasium.utils import seeding

from pokerdealer.env._batch_layout import SEAT_FLAGS, SEAT_INTS, TABLE_FLAGS, TABLE_FLOATS, TABLE_INTS
from pokerdealer.env.core import _DEAL_BLOCK, observation_layout
from pokerdealer.errors import IllegalActionError, PokerDealerError
from pokerdealer.evaluation._compact import compact_tables
from pokerdealer.evaluation.batch import evaluate_many
from pokerdealer.evaluation.tables import Ranking, tables_for
from pokerdealer.rules.config import RuleOptions, Structure
from pokerdealer.rules.hand import _plan

__all__ = ["BATCHED_BOTS", "TableBatch", "batch_refusal", "check_actions", "compiled_kernel"]

#: The bots the batch plays itself (their choices drawn from each bot's own generator).
BATCHED_BOTS = ("random", "caller")
_FOLD, _CALL, _RAISE = 0, 1, 2
_NO_LEVEL = np.int64(1) << 62


def compiled_kernel() -> Any:  # noqa: ANN401
    """The compiled step's module (:mod:`pokerdealer.env._batch_numba`), or ``None``
    without Numba or with ``POKERDEALER_NUMBA=0``."""
    if os.environ.get("POKERDEALER_NUMBA", "1") == "0":
        return None
    try:
        from pokerdealer.env import _batch_numba
    except ImportError:
        return None
    return _batch_numba


def batch_refusal(first: Any, opponents: Sequence[Any]) -> str | None:  # noqa: ANN401
    """Why a batch of tables like ``first`` (a :class:`~pokerdealer.env.HoldemGymEnv`)
    cannot be stepped in arrays, or ``None`` when it can.

    >>> from pokerdealer.env import HoldemGymEnv
    >>> batch_refusal(HoldemGymEnv(["tight"], stacks=100), ["tight"])
    "opponent 'tight' is not one of ('random', 'caller')"
    """
    aec = first.aec
    t = aec._template
    for spec in opponents:
        if not (isinstance(spec, str) and spec in BATCHED_BOTS):
            return f"opponent {spec!r} is not one of {BATCHED_BOTS}"
    if aec.hands_per_episode != 1:
        return "episodes of more than one hand"
    if aec.action_mode != "discrete" or aec.illegal_action != "raise":
        return "not the discrete actions with illegal_action='raise'"
    if t.structure is not Structure.NO_LIMIT:
        return f"structure {t.structure}"
    if t.options != RuleOptions() or t.variant != "holdem":
        return "rule options or variant other than the defaults"
    if t.ante or t.straddles or t.posts or t.button_blind or min(t.stacks) < 1:
        return "antes, straddles, posts, a button blind or an empty stack"
    if aec.render_mode is not None:
        return "rendering"
    return None


def check_actions(
    actions: np.ndarray,
    mask: np.ndarray,
    labels: Sequence[str],
    seat: int,
    *,
    tables: np.ndarray | None = None,
) -> None:
    """Raise :class:`~pokerdealer.errors.IllegalActionError` naming the first table whose
    action is not legal in its ``mask`` row (the action, and the legal ones), before
    any table moves: one illegal action leaves every table as it was. ``tables``: the
    tables the rows are (when not every table's).

    >>> mask = np.array([[1, 1, 0], [1, 1, 1]], dtype=np.int8)
    >>> check_actions(np.array([1, 2]), mask, ("fold", "check_call", "all_in"), seat=0)
    >>> check_actions(np.array([2, 2]), mask, ("fold", "check_call", "all_in"), seat=0)
    Traceback (most recent call last):
    ...
    pokerdealer.errors.IllegalActionError: table 0: action 2 (all_in) is not legal now; legal: 0 fold, 1 check_call
    """
    count, size = mask.shape
    inside = (actions >= 0) & (actions < size)
    legal = np.zeros(count, dtype=np.bool_)
    legal[inside] = mask[np.flatnonzero(inside), actions[inside]] == 1
    if legal.all():
        return
    i = int(np.flatnonzero(~legal)[0])
    a = int(actions[i])
    what = f"{a} ({labels[a]})" if 0 <= a < size else f"{a} (not one of 0..{size - 1})"
    allowed = ", ".join(f"{k} {labels[k]}" for k in np.flatnonzero(mask[i]).tolist())
    table = i if tables is None else int(tables[i])
    raise IllegalActionError(
        f"table {table}: action {what} is not legal now; legal: {allowed}", player=seat, rule="masked_action"
    )


@dataclass(frozen=True)
class Finals:
    """The episodes a step ended: ``tables`` (their indices) and, in the same order,
    each one's final observation and info, as :class:`~pokerdealer.env.HoldemGymEnv`
    gives them (lists, not a dict by table: the vector env places them into its
    info arrays in one assignment instead of a Python loop over the ended tables).

    >>> Finals().tables.size, Finals().observations
    (0, [])
    """

    tables: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.int64))
    observations: list[dict[str, np.ndarray]] = field(default_factory=list)
    infos: list[dict[str, Any]] = field(default_factory=list)


class TableBatch:
    """``tables`` tables like ``first``, their hands in arrays (rows: tables, columns: seats).

    :param first: a :class:`~pokerdealer.env.HoldemGymEnv` of the configuration
        (:func:`batch_refusal` must have accepted it).
    :param opponents: the bot names, one per seat other than the learner's.
    :param tables: how many tables.
    :param numba: step with the compiled kernel (:mod:`pokerdealer.env._batch_numba`,
        one call a step for every table); ``None``: when Numba is installed
        (and ``POKERDEALER_NUMBA`` is not ``0``); ``False``: the NumPy path. Both
        play the same hands.

    After :meth:`reset` and each :meth:`step`, :attr:`observation` and
    :attr:`mask` hold every table's learner observation (each table waits for
    its learner); :attr:`reward`, :attr:`terminated`, :attr:`skipped` and
    :attr:`finals` what the step gave.
    """

    def __init__(  # noqa: ANN401
        self, first: Any, opponents: Sequence[str], tables: int, *, numba: bool | None = None
    ) -> None:
        aec = first.aec
        template = aec._template
        n = self.n = aec.n
        self.tables = tables
        self.seat = s = first.seat
        self.action_set = aec.action_set
        self.obs_scale = 1.0 / template.blinds[1]
        self.reward_scale = aec._reward_scale
        choice = aec._button_choice
        self.fixed_button = -1 if choice == "random" else int(choice)
        self.starting = np.array(template.stacks, dtype=np.int64)
        self.min_bet = template.min_bet
        self.need = 2 * n + 8
        # The others' bots in seat order ("random" or "caller"; None: the learner).
        kinds: list[str | None] = [None] * n
        others = [q for q in range(n) if q != s]
        for q, spec in zip(others, opponents):
            kinds[q] = spec
        self.bot_kinds = kinds
        # The forced bets of each button, from the engine's plan of that config (hand._Plan:
        # 10 stacks, 11 bets, 12 contributions, 15 the bet to call, 16 the minimum raise,
        # 20 the first to act).
        plans = [
            _plan(template.replace(button=b, players=tuple(f"player_{q}" for q in range(n))))
            for b in range(n)
        ]
        self.plan_stacks = np.array([p[10] for p in plans], dtype=np.int64)
        self.plan_committed = np.array([p[11] for p in plans], dtype=np.int64)
        self.plan_total = np.array([p[12] for p in plans], dtype=np.int64)
        self.plan_current = np.array([p[15] for p in plans], dtype=np.int64)
        self.plan_min_inc = np.array([p[16] for p in plans], dtype=np.int64)
        self.plan_first = np.array([p[20] for p in plans], dtype=np.int64)
        seats = np.arange(n)
        self.seats = seats
        # Deck positions: player i's hole cards (rules.deal.hole_positions) for each button, the board.
        k = (seats[None, :] - np.arange(n)[:, None] - 1) % n
        self.hole_positions = np.stack([k, n + k], axis=2)  # (button, player, 2)
        base = 2 * n
        self.board_positions = np.array([base + 1, base + 2, base + 3, base + 5, base + 7])
        self.rotation = (s + seats) % n  # the observer first
        layout = observation_layout(n)
        self.size = layout["hand_number"].stop
        self.layout = {name: part.start for name, part in layout.items()}
        self.fractions = np.array(self.action_set.fractions, dtype=np.float64)

        # The state lives in a few packed arrays, each field a named view (self.stacks...):
        # the compiled kernel hands a function few arrays that way (see _batch_numba.Hand)
        # and finds a table's fields together (table first: [table, field, seat]); the
        # NumPy path reads whole fields (field first: [field, table, seat], each view
        # contiguous, as its reshape(-1) writes need).
        self.kernel = compiled_kernel() if numba is not False else None
        if numba and self.kernel is None:
            raise PokerDealerError(
                "numba=True needs Numba (pip install pokerdealer[numba]) and POKERDEALER_NUMBA not 0"
            )
        field_first = self.kernel is None
        for attribute, names, dtype, per_seat in (
            ("seat_ints", SEAT_INTS, np.int64, True), ("seat_flags", SEAT_FLAGS, np.bool_, True),
            ("table_ints", TABLE_INTS, np.int64, False), ("table_flags", TABLE_FLAGS, np.bool_, False),
            ("table_floats", TABLE_FLOATS, np.float64, False),
        ):
            shape = (len(names), tables) if field_first else (tables, len(names))
            packed = np.zeros(shape + ((n,) if per_seat else ()), dtype=dtype)
            setattr(self, attribute, packed)
            for k, name in enumerate(names):
                setattr(self, name, packed[k] if field_first else packed[:, k])
        self.stacks: np.ndarray
        self.committed: np.ndarray
        self.total: np.ndarray
        self.acted: np.ndarray
        self.folded: np.ndarray
        self.pend: np.ndarray
        self.board_count: np.ndarray
        self.button: np.ndarray
        self.current: np.ndarray
        self.min_inc: np.ndarray
        self.street: np.ndarray
        self.live: np.ndarray
        self.actor: np.ndarray
        self.skipped: np.ndarray
        self.deck_size: np.ndarray
        self.deck_next: np.ndarray
        self.complete: np.ndarray
        self.fresh: np.ndarray
        self.terminated: np.ndarray
        self.need_deck: np.ndarray
        self.carried: np.ndarray
        self.carry_in: np.ndarray
        self.reward: np.ndarray
        self.acted[:] = -1
        self.actor[:] = -1
        self.hole = np.zeros((tables, n, 2), dtype=np.int64)
        self.board = np.zeros((tables, 5), dtype=np.int64)
        # Episode bookkeeping (HoldemGymEnv's): no learner decision yet, skipped hands' rewards;
        # each episode a step ended: its final observation and payoffs (rows of the tables
        # whose ``terminated`` is set; :meth:`finals` makes Gymnasium's dicts of them).
        self.final_obs = np.zeros((tables, self.size), dtype=np.float32)
        self.final_payoffs = np.zeros((tables, n), dtype=np.int64)
        self._final_dicts: tuple[list[dict[str, Any]], list[dict[str, Any]]] | None = None
        self.observation = np.zeros((tables, self.size), dtype=np.float32)
        self.mask = np.zeros((tables, len(self.action_set)), dtype=np.int8)
        self.amounts = np.zeros((tables, len(self.action_set)), dtype=np.int64)
        self.no_mask = np.zeros(len(self.action_set), dtype=np.int8)
        self.no_mask.flags.writeable = False  # shared by the compiled path's final observations
        # Each table's generators, as HoldemGymEnv and HoldemCore hold them.
        self.np_randoms: list[np.random.Generator | None] = [None] * tables
        self.rngs = [random.Random() for _ in range(tables)]
        self.core_rngs = [random.Random() for _ in range(tables)]
        self.generators: list[np.random.Generator] = [np.random.default_rng(0)] * tables
        # randrange(n) is _randbelow(n) for n > 0: the same draw without its argument checks.
        self.button_draws = [r._randbelow for r in self.core_rngs]
        # Each table's block of shuffles (HoldemCore._next_shuffle's), the next one to deal:
        # the NumPy path's (the compiled path draws each deck in the step that deals it).
        blocks = _DEAL_BLOCK if self.kernel is None else 0
        self.decks = np.zeros((tables, blocks, self.need), dtype=np.int8)
        self.blocks = [1] * tables
        self.bot_rngs: list[list[random.Random | None]] = [[None] * n for _ in range(tables)]
        # Table i, seat q at i * n + q: whether a random bot sits there, and its generator's
        # getrandbits (see _below).
        self.random_seat = np.tile([kind == "random" for kind in kinds], tables)
        self.getbits: list[Any] = [None] * (tables * n)
        self.seeded = [False] * tables
        self.all_rows = np.arange(tables)
        # The bots' decisions so far (the compiled path counts them in the kernel).
        self.counter = np.zeros(2, dtype=np.int64)
        self._entry: Any = None
        if self.kernel is not None:
            self.state = self._compiled_state(self.kernel, opponents)

    @property
    def bot_decisions(self) -> int:
        """The bots' decisions so far (benchmarks count them with the learner's)."""
        return int(self.counter[0])

    @property
    def compiled(self) -> bool:
        """Whether the steps run in the compiled kernel (else in NumPy)."""
        return self.kernel is not None

    def _compiled_state(self, kernel: Any, opponents: Sequence[str]) -> Any:  # noqa: ANN401
        """The kernel's :class:`~pokerdealer.env._batch_numba.State`: this batch's arrays
        (shared, so both sides see every write), the constants, the generators' states."""
        n, tables = self.n, self.tables
        self.mt = np.zeros((tables * n + tables, 625), dtype=np.int64)
        self.pcg = np.zeros((tables, 4), dtype=np.uint64)  # each table's deck generator
        compact = compact_tables(tables_for(Ranking("holdem", True)), 7)
        plans = np.concatenate([
            self.plan_stacks, self.plan_committed, self.plan_total, self.plan_current[:, None],
            self.plan_min_inc[:, None], self.plan_first[:, None], self.hole_positions.reshape(n, 2 * n),
        ], axis=1)
        fixed = np.concatenate([
            self.board_positions, self.rotation, self.starting, [k == "random" for k in self.bot_kinds]
        ]).astype(np.int64)
        a = self.action_set
        hand = kernel.Hand(
            n=n, seat=self.seat, min_bet=int(self.min_bet), si=self.seat_ints, sf=self.seat_flags,
            ti=self.table_ints, tf=self.table_flags,
        )
        view = kernel.View(
            h=hand, hole=self.hole, board=self.board,
            offsets=np.array([self.layout[f] for f in kernel.OFFSET_FIELDS], dtype=np.int64),
            fixed=fixed, fractions=self.fractions, mask=self.mask, amounts=self.amounts,
            obs_scale=float(self.obs_scale), min_raise=bool(a.min_raise), all_in=bool(a.all_in),
        )
        dealer = kernel.Dealer(
            h=hand, mt=self.mt, plans=plans, pcg=self.pcg, keys=np.zeros(self.need, dtype=np.uint64),
            order=np.zeros(self.need, dtype=np.int64), hole=self.hole, board=self.board, fixed=fixed,
            fixed_button=self.fixed_button,
        )
        show = kernel.Show(
            h=hand, hole=self.hole, board=self.board, fixed=fixed,
            ev=compact.arguments(),
        )
        return kernel.State(
            h=hand, look=view, dealer=dealer, show=show, reward_scale=float(self.reward_scale),
            floats=self.table_floats, mt=self.mt, fixed=fixed, observation=self.observation,
            final_obs=self.final_obs, final_payoffs=self.final_payoffs, counter=self.counter,
        )

    # ------------------------------------------------------------- seeding
    def _seed(self, i: int, seed: int | None) -> None:
        """Table ``i`` seeded as ``HoldemGymEnv.reset(seed=seed)`` seeds its own, its
        bots' and its core's generators."""
        if seed is not None or self.np_randoms[i] is None:
            self.np_randoms[i] = seeding.np_random(seed)[0]
        np_random = self.np_randoms[i]
        assert np_random is not None
        rng = self.rngs[i]
        rng.seed(int(np_random.integers(2**63)))
        bots = self.bot_rngs[i]
        for q in range(self.n):
            if q != self.seat:
                bot = bots[q] = random.Random(rng.getrandbits(64))
                self.getbits[i * self.n + q] = bot.getrandbits
        core_rng = self.core_rngs[i]
        core_rng.seed(rng.getrandbits(64))
        self.generators[i] = np.random.default_rng(core_rng.getrandbits(64))
        if self.kernel is not None:  # the kernel draws on from here, in its own copies
            for q in range(self.n):
                if q != self.seat:
                    self.mt[i * self.n + q] = self.kernel.mt_state(bots[q])
            self.mt[self.tables * self.n + i] = self.kernel.mt_state(core_rng)
            self.pcg[i] = self.kernel.pcg_state(self.generators[i])
        self.deck_size[i] = self.deck_next[i] = 0
        self.blocks[i] = 1
        self.seeded[i] = True

    def _next_shuffles(self, rows: np.ndarray) -> np.ndarray:
        """Each row's next deck order: HoldemCore._next_shuffle's blocks, drawn alike
        (a table whose block is used up draws the next, twice as big up to 256)."""
        used_up = rows[self.deck_next[rows] == self.deck_size[rows]]
        for i in used_up.tolist():
            self._draw_block(i)
        k = self.deck_next[rows]
        self.deck_next[rows] = k + 1
        return self.decks[rows, k].astype(np.int64)

    def _draw_block(self, i: int) -> None:
        """Table ``i``'s next block of decks after the ones it has left."""
        size = self.blocks[i]
        self.blocks[i] = min(2 * size, _DEAL_BLOCK)
        keys = self.generators[i].random((size, 52))
        left = int(self.deck_size[i] - self.deck_next[i])
        decks = self.decks[i]
        decks[:left] = decks[self.deck_next[i] : self.deck_size[i]]
        decks[left : left + size] = keys.argsort(axis=1)[:, : self.need]
        self.deck_size[i] = left + size
        self.deck_next[i] = 0

    def _run(self, rows: np.ndarray, actions: np.ndarray, mode: int) -> None:
        """The kernel plays ``rows`` (``mode``) until every table waits for its learner
        (it draws each deck itself, from the table's generator)."""
        kernel = self.kernel
        run = self._entry
        if run is None:  # the first call compiles (or loads) the kernel
            bad = kernel.run(self.state, rows, actions, mode)
            self._entry = kernel.entry_point(self.state, rows, actions, mode) or kernel.run
        else:
            bad = run(self.state, rows, actions, mode)
        if bad >= 0:
            check_actions(actions[rows], self.mask[rows], self.action_set.labels, self.seat, tables=rows)
            raise AssertionError(f"the kernel refused table {bad}'s action, check_actions did not")  # pragma: no cover

    def finals(self, *, copy: bool = True) -> Finals:
        """The episodes the last step ended (``terminated``), their final observations and
        infos as :class:`~pokerdealer.env.HoldemGymEnv` gives them, made from the final
        arrays (the final masks: one all-zero array, read-only, shared by every table).
        At 1,024 tables about 600 episodes end a step: one comprehension each for the
        observations and the infos, nothing else per episode (these objects, built and
        freed, were a third of a step; the next-step autoreset of the vector env needs none).

        ``copy=False``: each table's two dicts are made once and filled again (the final
        observation is a view of the batch's array): overwritten by the next step that
        ends the table's episode, as the vector env's ``copy=False`` arrays are."""
        ended = np.flatnonzero(self.terminated)
        if not ended.size:
            return Finals(ended)
        paid = map(tuple, self.final_payoffs[ended].tolist())
        if not copy:
            if self._final_dicts is None:
                zero = self.no_mask
                self._final_dicts = (
                    [{"observation": row, "action_mask": zero} for row in self.final_obs],
                    [{"hand": 1, "payoffs": (), "illegal_move": False} for _ in range(self.tables)],
                )
            observations, infos = self._final_dicts
            chosen = [infos[t] for t in ended.tolist()]
            for info, payoffs in zip(chosen, paid):
                info["payoffs"] = payoffs
            return Finals(ended, [observations[t] for t in ended.tolist()], chosen)
        zero = self.no_mask
        return Finals(
            ended,
            [{"observation": row, "action_mask": zero} for row in self.final_obs[ended]],
            [{"hand": 1, "payoffs": payoffs, "illegal_move": False} for payoffs in paid],
        )

    # ------------------------------------------------------------- episodes
    def reset(self, seeds: Sequence[int | None]) -> None:
        """Every table starts an episode (``seeds``: one per table; ``None`` goes on
        with a seeded table's generators)."""
        for i, seed in enumerate(seeds):
            if seed is not None or not self.seeded[i]:
                self._seed(i, seed)
        self.carried[:] = 0.0
        self.skipped[:] = 0
        self.fresh[:] = True
        self.terminated[:] = False
        if self.kernel is not None:
            self.carry_in[:] = 0.0
            self._run(self.all_rows, self.all_rows, self.kernel.DEAL)
            return
        self._deal(self.all_rows)
        self._play()
        self._encode_turns()

    def check(self, actions: np.ndarray) -> None:
        """Raise IllegalActionError (nothing changed) if some table's action is not legal."""
        check_actions(actions, self.mask, self.action_set.labels, self.seat)

    def step(self, actions: np.ndarray, rows: np.ndarray | None = None) -> None:
        """Every table's learner acts (or those of ``rows``: the others stay as they are),
        then the bots until each table waits for its learner again; an ended episode starts
        again. An illegal action at any table stepped: an
        :class:`~pokerdealer.errors.IllegalActionError` (check_actions) and no table moves."""
        if rows is None:
            rows = self.all_rows
        if self.kernel is not None:
            # (one layout, so the kernel's entry point found on the first call fits every call)
            self._run(
                np.ascontiguousarray(rows, dtype=np.int64),
                np.ascontiguousarray(actions, dtype=np.int64),
                self.kernel.APPLY,
            )
            return
        check_actions(actions[rows], self.mask[rows], self.action_set.labels, self.seat, tables=rows)
        chosen = actions[rows]
        kind = np.where(chosen == 0, _FOLD, np.where(chosen == 1, _CALL, _RAISE))
        to = self.amounts[rows, chosen]
        carried = self.carried[rows]
        self.carried[rows] = 0.0
        self.skipped[rows] = 0
        self.reward[rows] = 0.0
        self.terminated[rows] = False
        self.fresh[rows] = False
        self._apply(rows, np.full(rows.size, self.seat), kind, to)
        self._play()
        self.reward[rows] += carried
        self._encode_turns()

    def _play(self) -> None:
        """The bots act, hands end and new ones are dealt until every table waits for its learner."""
        seat = self.seat
        while True:
            actor = self.actor
            bots = np.flatnonzero((actor >= 0) & (actor != seat))
            if bots.size:
                self._bots_act(bots)
                continue
            # Ended hands wait for the others' bots: one pass of dealing for all of them
            # (each table's own order of events is the same; a pass per ended hand cost
            # more in NumPy's fixed price per call than the work itself).
            done = np.flatnonzero(self.complete)
            if not done.size:
                return
            self._end_episodes(done)

    def _end_episodes(self, rows: np.ndarray) -> None:
        """The hands at ``rows`` are over: pay them, end the episodes the learner played in
        (reward, final observation and info) or carry a skipped hand's result, deal again."""
        payoffs = self._award(rows)
        value = payoffs[:, self.seat] * self.reward_scale
        fresh = self.fresh[rows]
        ended = rows[~fresh]
        if ended.size:
            self.reward[ended] = value[~fresh]
            self.terminated[ended] = True
            final = np.zeros((ended.size, self.size), dtype=np.float32)
            self._encode(ended, final, acting=False)
            self.final_obs[ended] = final
            self.final_payoffs[ended] = payoffs[~fresh]
            self.skipped[ended] = 0
        skipped = rows[fresh]
        if skipped.size:  # the learner had nothing to decide: played through, reward carried
            self.carried[skipped] += value[fresh]
            self.skipped[skipped] += 1
        self.fresh[rows] = True
        self._deal(rows)

    # --------------------------------------------------------------- dealing
    def _deal(self, rows: np.ndarray) -> None:
        """A new hand at each of ``rows``: button, deck, forced bets, the first to act."""
        n = self.n
        if self.fixed_button < 0:
            draws = self.button_draws
            b = np.array([draws[i](n) for i in rows.tolist()], dtype=np.int64)
        else:
            b = np.full(rows.size, self.fixed_button, dtype=np.int64)
        cards = self._next_shuffles(rows)
        self.button[rows] = b
        self.stacks[rows] = self.plan_stacks[b]
        self.committed[rows] = self.plan_committed[b]
        self.total[rows] = self.plan_total[b]
        self.current[rows] = self.plan_current[b]
        self.min_inc[rows] = self.plan_min_inc[b]
        self.street[rows] = 0
        self.board_count[rows] = 0
        self.folded[rows] = False
        self.live[rows] = n
        self.complete[rows] = False
        self.hole[rows] = cards[np.arange(rows.size)[:, None, None], self.hole_positions[b]]
        self.board[rows] = cards[:, self.board_positions]
        self._end_rounds(self._begin_round(rows, self.plan_first[b]))

    # ---------------------------------------------------------------- rounds
    def _first_from(self, pend: np.ndarray, start: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The first pending seat at or after ``start`` (clockwise; -1 if none) and how many are pending."""
        n = self.n
        position = (self.seats[None, :] - start[:, None]) % n
        key = np.where(pend, position, n)
        first = key.argmin(axis=1)
        count = pend.sum(axis=1)
        return np.where(count > 0, first, -1), count

    def _covers(self, rows: np.ndarray, p: np.ndarray, pend_one: np.ndarray) -> np.ndarray:
        """hand._covers_every_all_in for player ``p`` of each row (only where ``pend_one``)."""
        stacks = self.stacks[rows]
        committed = self.committed[rows]
        others = ~self.folded[rows] & (self.seats[None, :] != p[:, None])
        nobody_with_chips = ~(others & (stacks > 0)).any(axis=1)
        top = np.where(others, committed, 0).max(axis=1)
        mine = committed[np.arange(rows.size), np.maximum(p, 0)]
        return pend_one & nobody_with_chips & (mine >= top)

    def _begin_round(self, rows: np.ndarray, first: np.ndarray) -> np.ndarray:
        """Hand._begin_round at each row; returns the rows whose round is over at once."""
        self.acted[rows] = -1
        stacks = self.stacks[rows]
        committed = self.committed[rows]
        folded = self.folded[rows]
        reach = np.where(folded, 0, committed + stacks)
        second = np.sort(reach, axis=1)[:, -2]
        pend = ~folded & (stacks > 0) & (committed < second[:, None])
        actor, count = self._first_from(pend, first)
        one = count == 1
        if one.any():
            mine = committed[np.arange(rows.size), np.maximum(actor, 0)]
            clear = one & ((mine >= self.current[rows]) | self._covers(rows, actor, one))
            pend[clear] = False
            actor[clear] = -1
            count[clear] = 0
        self.pend[rows] = pend
        self.actor[rows] = actor
        return rows[count == 0]

    def _end_rounds(self, rows: np.ndarray) -> None:
        """Hand._end_round at each row (and the next street's rounds that end at once)."""
        n = self.n
        while rows.size:
            total = self.total[rows]
            order = np.sort(total, axis=1)
            extra = order[:, -1] - order[:, -2]
            back = extra > 0
            if back.any():  # the uncalled bet goes back (docs/rules.md#uncalled-bets)
                r = rows[back]
                who = total[back].argmax(axis=1)
                e = extra[back]
                self.stacks[r, who] += e
                c = self.committed[r, who]
                self.committed[r, who] = np.where(c > e, c - e, 0)
                self.total[r, who] -= e
            stacks = self.stacks[rows]
            folded = self.folded[rows]
            able = ((stacks > 0) & ~folded).sum(axis=1)
            won = self.live[rows] == 1
            shown = ~won & ((self.street[rows] == 3) | (able <= 1))
            over = won | shown
            if over.any():
                self.board_count[rows[shown]] = 5
                ended = rows[over]
                self.complete[ended] = True
                self.actor[ended] = -1
                self.pend[ended] = False
            rows = rows[~over]
            if not rows.size:
                return
            street = self.street[rows] + 1
            self.street[rows] = street
            self.board_count[rows] = street + 2  # flop 3, turn 4, river 5
            self.committed[rows] = 0
            self.current[rows] = 0
            self.min_inc[rows] = self.min_bet
            rows = self._begin_round(rows, (self.button[rows] + 1) % n)

    # --------------------------------------------------------------- actions
    def _legal(self, rows: np.ndarray, p: np.ndarray) -> tuple[np.ndarray, ...]:
        """betting.legal_actions / raise_window of player ``p`` at each row (no limit):
        the call (0: a check), whether a raise is open, and its range."""
        n = self.n
        at = rows * n + p  # (row, player) in the flattened arrays
        here = np.arange(rows.size) * n + p  # the same in the rows gathered here
        stacks = self.stacks[rows]
        committed = self.committed[rows]
        current = self.current[rows]
        min_inc = self.min_inc[rows]
        stack = stacks.reshape(-1)[here]
        mine = committed.reshape(-1)[here]
        to_call = current - mine
        acted = self.acted.reshape(-1)[at]
        # Closed: not reopened since the player acted (TDA), no chips beyond the call, or
        # nobody else left who could answer a raise.
        reach = committed + stacks
        reach[self.folded[rows]] = 0
        reach.reshape(-1)[here] = 0  # a raise needs someone else to answer it
        closed = ((acted >= 0) & (current - acted < min_inc)) | (stack <= to_call) | (
            reach.max(axis=1) <= current
        )
        hi = mine + stack
        lo = np.minimum(current + min_inc, hi)
        call = np.where(to_call > 0, np.minimum(to_call, stack), 0)
        return call, ~closed, lo, hi, mine

    def _apply(self, rows: np.ndarray, p: np.ndarray, kind: np.ndarray, to: np.ndarray) -> None:
        """Hand.apply of a fold, check/call or raise to ``to`` by player ``p`` at each row."""
        n = self.n
        at = rows * n + p  # (row, player) in the flattened arrays
        stacks = self.stacks.reshape(-1)
        committed = self.committed.reshape(-1)
        current = self.current[rows]
        raising = kind == _RAISE
        mine = committed[at]
        # The chips each player puts in: none for a fold, the call (all-in at most), the raise.
        put = np.where(
            raising, to - mine, np.where(kind == _CALL, np.minimum(current - mine, stacks[at]), 0)
        )
        stacks[at] -= put
        committed[at] = mine + put
        self.total.reshape(-1)[at] += put
        self.acted.reshape(-1)[at] = np.where(raising, to, current)
        folds = kind == _FOLD
        if folds.any():
            self.folded.reshape(-1)[at[folds]] = True
            self.live[rows[folds]] -= 1
        pend = self.pend
        if raising.any():
            r, q, amount = rows[raising], p[raising], to[raising]
            increment = amount - current[raising]
            min_inc = self.min_inc[r]
            self.min_inc[r] = np.where(increment >= min_inc, increment, min_inc)
            self.current[r] = amount
            # Everyone else with chips acts again after a raise.
            pend[r] = ~self.folded[r] & (self.stacks[r] > 0) & (self.seats[None, :] != q[:, None])
        pend.reshape(-1)[at] = False
        actor, count = self._first_from(pend[rows], (p + 1) % n)
        calm = ~raising
        won = calm & (self.live[rows] == 1)
        one = calm & (count == 1) & ~won
        if one.any():
            clear = self._covers(rows, actor, one)
            pend[rows[clear]] = False
            actor[clear] = -1
            count[clear] = 0
        self.actor[rows] = np.where(won, -1, actor)
        ended = rows[won | (calm & (count == 0))]
        if ended.size:
            self._end_rounds(ended)

    def _bots_act(self, rows: np.ndarray) -> None:
        """Each row's bot to act decides (RandomBot / CallerBot, with its own generator)."""
        p = self.actor[rows]
        self.counter[0] += rows.size
        call, open_, lo, hi, _mine = self._legal(rows, p)
        kinds = np.full(rows.size, _CALL, dtype=np.int64)  # the caller checks or calls
        to = np.zeros(rows.size, dtype=np.int64)
        seat_at = rows * self.n + p
        r = np.flatnonzero(self.random_seat[seat_at])
        if r.size:
            # RandomBot.decide: passive, [fold], [raise], uniformly; a raise to any legal total.
            # Each bot draws from its own generator and acts once here: the draws' order
            # across bots does not matter, only each bot's own (the choice, then the size).
            facing = call[r] > 0
            pick = self._below(seat_at[r], 1 + facing + open_[r])
            kinds[r[(pick == 1) & facing]] = _FOLD
            raising = r[(pick == 2) | ((pick == 1) & ~facing)]
            if raising.size:
                low = lo[raising]
                kinds[raising] = _RAISE
                to[raising] = low + self._below(seat_at[raising], hi[raising] - low + 1)
        self._apply(rows, p, kinds, to)

    def _below(self, seats: np.ndarray, n: np.ndarray) -> np.ndarray:
        """``rng.randrange(n[j])`` of the bot at each of ``seats`` (``randint(a, b)`` is
        ``a + randrange(b - a + 1)``), drawn as CPython's ``Random._randbelow`` draws it:
        ``getrandbits(n.bit_length())`` again until below ``n``. Each bot draws from its
        own generator; one call asks each bot once, so only each bot's own order matters."""
        get = self.getbits
        bits = np.frexp(n.astype(np.float64))[1]  # n.bit_length(), exact below 2**53
        r = np.array([get[k](b) for k, b in zip(seats.tolist(), bits.tolist())], dtype=np.int64)
        again = np.flatnonzero(r >= n)
        while again.size:
            r[again] = [get[k](b) for k, b in zip(seats[again].tolist(), bits[again].tolist())]
            again = again[r[again] >= n[again]]
        return r

    # -------------------------------------------------------------- showdown
    def _award(self, rows: np.ndarray) -> np.ndarray:
        """Hand._finish at each complete row: the pots pushed; returns each seat's payoff."""
        folded = self.folded[rows]
        total = self.total[rows]
        stacks = self.stacks[rows].copy()
        won = self.live[rows] == 1
        w = np.flatnonzero(won)
        if w.size:  # uncontested: everything to the last player in
            stacks[w, (~folded[w]).argmax(axis=1)] += total[w].sum(axis=1)
        s = np.flatnonzero(~won)
        if s.size:
            stacks[s] += self._shares(rows[s], total[s], folded[s])
        self.stacks[rows] = stacks
        self.committed[rows] = 0
        self.total[rows] = 0
        return stacks - self.starting

    def _shares(self, rows: np.ndarray, total: np.ndarray, folded: np.ndarray) -> np.ndarray:
        """What each player wins at a showdown: pots.build_pots' main and side pots, each to
        its best hands, a split's odd chips clockwise from the button (pots.split_pot)."""
        n = self.n
        m = rows.size
        live = ~folded
        # The hands still in, ranked by the batch evaluator (folded seats rank -1).
        at, seat = np.nonzero(live)
        seven = np.concatenate([self.hole[rows[at], seat], self.board[rows[at]]], axis=1)
        ranks = np.full((m, n), -1, dtype=np.int64)
        ranks[at, seat] = evaluate_many(seven)
        levels = np.sort(np.where(live, total, _NO_LEVEL), axis=1)
        top = levels[np.arange(m), live.sum(axis=1) - 1]
        position = (self.seats[None, :] - self.button[rows][:, None] - 1) % n
        shares = np.zeros((m, n), dtype=np.int64)
        # Every hand still in put in the same (the usual showdown): one pot of everything.
        one = np.flatnonzero(levels[:, 0] == top)
        if one.size:
            r = ranks[one]
            shares[one] = self._split(total[one].sum(axis=1), r == r.max(axis=1)[:, None], position[one])
        side = np.flatnonzero(levels[:, 0] != top)
        if not side.size:
            return shares
        # Side pots: one per level the hands still in reached, each to the best hand eligible.
        total, live, ranks, levels, top, position = (
            total[side], live[side], ranks[side], levels[side], top[side], position[side]
        )
        above = np.maximum(total - top[:, None], 0).sum(axis=1)  # folded chips over the top level
        won = np.zeros((side.size, n), dtype=np.int64)
        previous = np.zeros(side.size, dtype=np.int64)
        for j in range(n):
            level = levels[:, j]
            new = (level != _NO_LEVEL) & (level > previous)
            if not new.any():
                continue
            level = np.where(new, level, previous)
            amount = (np.minimum(total, level[:, None]) - np.minimum(total, previous[:, None])).sum(axis=1)
            amount += np.where(new & (level == top), above, 0)
            eligible = live & (total >= level[:, None]) & new[:, None]
            r = np.where(eligible, ranks, -1)
            won += self._split(amount, eligible & (r == r.max(axis=1)[:, None]), position)
            previous = level
        shares[side] = won
        return shares

    @staticmethod
    def _split(amount: np.ndarray, winners: np.ndarray, position: np.ndarray) -> np.ndarray:
        """pots.split_pot of each row's ``amount`` among its ``winners``: equal shares, the
        odd chips one each to the winners first dealt (``position``: from the button's left)."""
        count = np.maximum(winners.sum(axis=1), 1)
        share = amount // count
        rest = amount - share * count
        split = np.flatnonzero(rest)
        extra = np.zeros(winners.shape, dtype=np.int64)
        if split.size:
            w = winners[split]
            p = position[split]
            ahead = (w[:, None, :] & (p[:, None, :] < p[:, :, None])).sum(axis=2)  # winners dealt before
            extra[split] = ahead < rest[split][:, None]
        return winners * (share[:, None] + extra)

    # ----------------------------------------------------------- observation
    def _encode_turns(self) -> None:
        """Every table's learner observation, mask and raise amounts (each waits for its learner)."""
        self._encode(self.all_rows, self.observation, acting=True)

    def _encode(self, rows: np.ndarray, out: np.ndarray, *, acting: bool) -> None:
        """HoldemCore._encode of the learner's seat at each row into ``out`` (and, ``acting``,
        the actor's scalars, the mask and the amounts)."""
        n = self.n
        s = self.seat
        lay = self.layout
        m = rows.size
        ar = np.arange(m)
        scale = self.obs_scale
        out.fill(0.0)
        hole = self.hole[rows, s]
        out[ar, hole[:, 0]] = 1.0
        out[ar, hole[:, 1]] = 1.0
        shown = np.arange(5)[None, :] < self.board_count[rows][:, None]
        rr, cc = np.nonzero(shown)
        out[rr, lay["board"] + self.board[rows][rr, cc]] = 1.0
        complete = self.complete[rows]
        out[ar, lay["street"] + np.where(complete, 3, self.street[rows])] = 1.0
        rot = self.rotation
        out[ar, lay["button"] + (self.button[rows] - s) % n] = 1.0
        stacks = self.stacks[rows][:, rot]
        folded = self.folded[rows][:, rot]
        total = self.total[rows]
        out[:, lay["stack"] : lay["stack"] + n] = stacks * scale
        out[:, lay["committed"] : lay["committed"] + n] = self.committed[rows][:, rot] * scale
        out[:, lay["contributed"] : lay["contributed"] + n] = total[:, rot] * scale
        out[:, lay["folded"] : lay["folded"] + n] = folded
        out[:, lay["all_in"] : lay["all_in"] + n] = ~folded & (stacks == 0)
        out[:, lay["in_hand"] : lay["in_hand"] + n] = ~folded
        actor = self.actor[rows]
        has = np.flatnonzero(actor >= 0)
        out[has, lay["to_act"] + (actor[has] - s) % n] = 1.0
        out[:, lay["pot"]] = total.sum(axis=1) * scale
        out[:, lay["hand_number"]] = 1.0
        if not acting:
            return
        # Every row waits for its learner: the actor's scalars, the mask and the amounts.
        p = np.full(m, s)
        call, open_, lo, hi, mine = self._legal(rows, p)
        out[:, lay["to_call"]] = call * scale
        out[:, lay["can_call"]] = call > 0
        out[:, lay["min_raise_to"]] = np.where(open_, lo, 0) * scale
        out[:, lay["max_raise_to"]] = np.where(open_, hi, 0) * scale
        out[:, lay["can_fold"]] = 1.0  # RuleOptions.fold_when_check_allowed
        out[:, lay["can_check"]] = call == 0
        out[:, lay["can_raise"]] = open_
        # ActionSet._raises: each choice's raise-to amount, legal only inside lo..hi.
        mask = self.mask
        amounts = self.amounts
        mask[:, :2] = 1
        amounts[:] = 0
        action_set = self.action_set
        k = 2
        if action_set.min_raise:
            mask[:, 2] = open_
            amounts[:, 2] = lo
            k = 3
        if self.fractions.size:
            current = self.current[rows]
            base = (total.sum(axis=1) + (current - mine)).astype(np.float64)
            for f in self.fractions.tolist():
                amount = current + (f * base + 0.5).astype(np.int64)
                mask[:, k] = open_ & (lo <= amount) & (amount <= hi)
                amounts[:, k] = amount
                k += 1
        if action_set.all_in:
            mask[:, k] = open_
            amounts[:, k] = hi
