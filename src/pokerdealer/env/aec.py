"""A PettingZoo AEC environment for Texas Hold'em (no limit, pot limit, fixed limit).

One environment is one hand (``hands=1``, the default) or a session of
hands (``hands=N`` or ``hands=None`` for "until one player has every
chip"): the button moves one seat clockwise after each hand and stacks are
carried over; a player with no chips left is terminated.

Sessions are run by a :class:`pokerdealer.table.CashTable` (its button and
blind rules: forward-moving button, heads-up button placement, busted
players leave), with fixed blinds. With straddles, which the table does not
deal, a deliberately **simple** rotation is used instead: the button moves to
the next seat that still has chips (no dead button, no missed blinds).

Agents are ``player_0 .. player_{n-1}`` (seat order, clockwise). The
observation of an agent is a dict:

- ``"observation"``: a ``float32`` vector of :attr:`HoldemEnv.observation_size`
  numbers, seats rotated so that index 0 is the observer (see
  :func:`observation_layout`), chip amounts in big blinds;
- ``"action_mask"``: ``int8``, one per discrete action, all zeros unless it is
  this agent's turn.

The full per-player view (:class:`pokerdealer.rules.PlayerView`) is
:meth:`HoldemEnv.view`. Rewards are chips won or lost (or big blinds with
``reward_unit="bb"``), given to every player of a hand when it ends.

>>> env = HoldemEnv(players=3, stacks=200, blinds=(1, 2), button=0)
>>> env.reset(seed=7)
>>> env.agent_selection, env.action_labels
('player_0', ('fold', 'check_call', 'min_raise', 'raise_0.5_pot', 'raise_1_pot', 'all_in'))
>>> for agent in env.agent_iter():
...     obs, reward, terminated, truncated, info = env.last()
...     env.step(None if terminated or truncated else 1)   # everybody checks or calls
>>> sum(env.hand_payoffs)
0
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import numpy as np

try:
    from gymnasium import spaces
    from pettingzoo import AECEnv
except ImportError as error:  # pragma: no cover - depends on the installed extras
    raise ImportError(
        "pokerdealer.env needs PettingZoo and Gymnasium: pip install 'pokerdealer[env]'"
    ) from error

from pokerdealer.cards import Card, deck_cards
from pokerdealer.errors import IllegalActionError, PokerDealerError
from pokerdealer.rules.actions import CHECK_CALL, FOLD, RAISE, Action, LegalActions
from pokerdealer.rules.config import AnteType, HandConfig, RuleOptions, Structure
from pokerdealer.rules.hand import Hand, Street
from pokerdealer.rules.view import PlayerView
from pokerdealer.env.actions import ActionSet
from pokerdealer.table import CashGameSettings, CashTable

__all__ = ["HoldemEnv", "env", "observation_layout", "raw_env"]

_STREET_INDEX = {"preflop": 0, "flop": 1, "turn": 2, "river": 3, "showdown": 3, "complete": 3}
#: Offset of the street's one-hot entry in the observation, by engine street.
_STREET_SLOT = {street: 104 + _STREET_INDEX[street.value] for street in Street}

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


def observation_layout(players: int) -> dict[str, slice]:
    """Where each field sits in the observation vector for ``players`` seats.

    >>> layout = observation_layout(2)
    >>> layout["hole_cards"], layout["board"], layout["street"], layout["stack"]
    (slice(0, 52, None), slice(52, 104, None), slice(104, 108, None), slice(110, 112, None))
    """
    layout: dict[str, slice] = {
        "hole_cards": slice(0, 52),
        "board": slice(52, 104),
        "street": slice(104, 108),
    }
    k = 108
    for name in SEAT_FIELDS:
        layout[name] = slice(k, k + players)
        k += players
    for name in SCALAR_FIELDS:
        layout[name] = slice(k, k + 1)
        k += 1
    return layout


def _per_seat(value: int | Sequence[int], n: int, what: str) -> tuple[int, ...]:
    if isinstance(value, int):
        return (value,) * n
    values = tuple(int(v) for v in value)
    if len(values) != n:
        raise PokerDealerError(f"{what}: {len(values)} values for {n} players")
    return values


class HoldemEnv(AECEnv):
    """Texas Hold'em as a PettingZoo AEC environment.

    :param players: 2 to 10 seats.
    :param stacks: starting chips, one number for everybody or one per seat.
    :param blinds: ``(small, big)``.
    :param ante: an ante; ``ante_type`` says who pays it (default every player).
    :param straddles: straddle amounts posted after the big blind.
    :param structure: ``"no_limit"``, ``"pot_limit"`` or ``"fixed_limit"``.
    :param options: the house rules (:class:`pokerdealer.rules.RuleOptions`).
    :param hands: hands per episode; ``None`` plays until one player has every chip.
    :param button: the first hand's button seat, or ``"random"`` (drawn from the seed).
    :param raise_fractions: the pot-fraction raises of the discrete action set.
    :param min_raise: include the minimum raise in the action set.
    :param all_in: include all-in in the action set.
    :param action_mode: ``"discrete"`` (an index into :attr:`action_labels`) or
        ``"continuous"``: a pair ``(kind, raise_to)`` with ``kind`` 0 fold,
        1 check/call, 2 raise to ``raise_to`` chips (this street's total); the
        mask then has those three entries.
    :param illegal_action: ``"raise"`` (default: :class:`IllegalActionError`,
        nothing changes) or ``"penalty"`` (PettingZoo's convention: the episode
        ends, the offender gets ``illegal_reward``, the others 0).
    :param reward_unit: ``"chips"`` or ``"bb"`` (chips divided by the big blind).
    :param render_mode: ``None``, ``"ansi"`` (``render()`` returns text) or ``"human"`` (prints).

    Any agent may also step with a :class:`pokerdealer.rules.Action` (the
    engine's own action: ``Action("raise", amount=80)``) in either mode.
    """

    metadata = {
        "name": "pokerdealer_holdem_v0",
        "render_modes": ["ansi", "human"],
        "is_parallelizable": False,
    }

    def __init__(
        self,
        players: int = 2,
        *,
        stacks: int | Sequence[int] = 200,
        blinds: tuple[int, int] = (1, 2),
        ante: int = 0,
        ante_type: AnteType | str = AnteType.NONE,
        straddles: Sequence[int] = (),
        structure: Structure | str = Structure.NO_LIMIT,
        small_bet: int = 0,
        big_bet: int = 0,
        options: RuleOptions | None = None,
        hands: int | None = 1,
        button: int | str = "random",
        raise_fractions: Sequence[float] = (0.5, 1.0),
        min_raise: bool = True,
        all_in: bool = True,
        action_mode: str = "discrete",
        illegal_action: str = "raise",
        illegal_reward: float = -1.0,
        reward_unit: str = "chips",
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        if not 2 <= players <= 10:
            raise PokerDealerError(f"the environment seats 2 to 10 players, got {players}")
        if action_mode not in ("discrete", "continuous"):
            raise PokerDealerError(
                f"action_mode must be 'discrete' or 'continuous', got {action_mode!r}"
            )
        if illegal_action not in ("raise", "penalty"):
            raise PokerDealerError(
                f"illegal_action must be 'raise' or 'penalty', got {illegal_action!r}"
            )
        if reward_unit not in ("chips", "bb"):
            raise PokerDealerError(f"reward_unit must be 'chips' or 'bb', got {reward_unit!r}")
        if render_mode not in (None, "ansi", "human"):
            raise PokerDealerError(
                f"render_mode must be None, 'ansi' or 'human', got {render_mode!r}"
            )
        if hands is not None and hands < 1:
            raise PokerDealerError(f"hands must be at least 1 (or None), got {hands}")
        self.n = n = players
        self.starting_stacks = _per_seat(stacks, n, "stacks")
        # A template config: validates blinds, antes, straddles and structure now.
        self._template = HandConfig(
            stacks=self.starting_stacks,
            blinds=tuple(blinds),  # type: ignore[arg-type]
            ante=ante,
            ante_type=AnteType(ante_type),
            straddles=tuple(straddles),
            structure=Structure(structure),
            small_bet=small_bet,
            big_bet=big_bet,
            options=options or RuleOptions(),
        )
        self.big_blind = self._template.blinds[1]
        if button != "random" and not (isinstance(button, int) and 0 <= button < n):
            raise PokerDealerError(f"button must be a seat 0..{n - 1} or 'random', got {button!r}")
        self._button_choice = button
        self.hands_per_episode = hands
        self.action_set = ActionSet(raise_fractions, min_raise=min_raise, all_in=all_in)
        self.action_mode = action_mode
        self.illegal_action = illegal_action
        self.illegal_reward = float(illegal_reward)
        self.reward_unit = reward_unit
        self.render_mode = render_mode
        self._reward_scale = 1.0 / self.big_blind if reward_unit == "bb" else 1.0
        self._obs_scale = 1.0 / self.big_blind

        self.possible_agents = [f"player_{i}" for i in range(n)]
        self.agent_name_mapping = {a: i for i, a in enumerate(self.possible_agents)}
        self._layout = observation_layout(n)
        self.observation_size = size = self._layout["hand_number"].stop
        total = sum(self.starting_stacks)
        high = np.full(size, max(1.0, total * self._obs_scale), dtype=np.float32)
        high[: self._layout["street"].stop] = 1.0
        for name in ("button", "folded", "all_in", "in_hand", "to_act"):
            high[self._layout[name]] = 1.0
        for name in ("can_fold", "can_check", "can_call", "can_raise"):
            high[self._layout[name]] = 1.0
        high[self._layout["hand_number"]] = np.float32(1e9)
        self._obs_high = high
        # Observations are filled in place in a copy of a per-hand base vector
        # (zeros plus what stays fixed for an agent during a hand: hole cards,
        # button, hand number, and the board dealt so far).
        self._zeros = np.zeros(size, dtype=np.float32)
        self._bases: list[list[Any] | None] = [None] * n  # seat -> see _base()
        # seat -> its observer's (seat, rotated position) pairs: index 0 is the observer.
        self._rotations = [[(seat, (seat - me) % n) for seat in range(n)] for me in range(n)]
        self._all_seats = list(range(n))
        self._all_index = {s: s for s in range(n)}
        mask_size = len(self.action_set) if action_mode == "discrete" else 3
        self._mask_size = mask_size
        self._no_mask = np.zeros(mask_size, dtype=np.int8)
        obs_space = spaces.Dict(
            {
                "observation": spaces.Box(0.0, high, shape=(size,), dtype=np.float32),
                "action_mask": spaces.Box(0, 1, shape=(mask_size,), dtype=np.int8),
            }
        )
        if action_mode == "discrete":
            act_space: spaces.Space[Any] = spaces.Discrete(len(self.action_set))
        else:
            act_space = spaces.Tuple(
                (spaces.Discrete(3), spaces.Box(0.0, float(total), shape=(1,), dtype=np.float32))
            )
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {a: act_space for a in self.possible_agents}

        self._rng = random.Random()
        self._deck = list(deck_cards())
        self.hand: Hand | None = None
        self.hand_number = 0
        self.hand_payoffs: tuple[int, ...] = ()
        self.session_stacks: list[int] = list(self.starting_stacks)
        self._seats: list[int] = []  # hand player index -> seat
        self._seat_index: dict[int, int] = {}  # seat -> hand player index
        self._button = 0
        self._obs_cache: dict[str, dict[str, np.ndarray]] = {}
        self._legal: LegalActions | None = None  # hand.legal() of the current state
        self._amounts: list[int | None] | None = None  # raise-to amounts of the current state
        self._rewarded = False  # self.rewards holds something to clear on the next step
        self._table: CashTable | None = None
        self._configs: dict[tuple[tuple[int, ...], int], HandConfig] = {}
        self.history: list[tuple[HandConfig, tuple[Card, ...], list[Action]]] = []
        self.keep_history = False
        self.agents: list[str] = []

    # ------------------------------------------------------------------ spaces
    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    @property
    def action_labels(self) -> tuple[str, ...]:
        """Names of the discrete actions, by index."""
        return self.action_set.labels

    # ------------------------------------------------------------------- reset
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._rng.seed(seed)
        agents = self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(agents, 0.0)
        self.terminations = dict.fromkeys(agents, False)
        self.truncations = dict.fromkeys(agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in agents}
        self._skip_agent_selection = None
        self._rewarded = False
        self.session_stacks = list(self.starting_stacks)
        self.hand_number = 0
        self.hand_payoffs = ()
        self.history = []
        choice = self._button_choice
        if choice == "random":
            self._button = self._rng.randrange(self.n)
        else:
            self._button = int(choice)  # type: ignore[arg-type]
        self._table = None
        if self.hands_per_episode != 1 and not self._template.straddles:
            self._table = self._new_table()
        self._start_hand()
        self._dead_first()
        self._accumulate_rewards()  # only when a hand ended as soon as it was dealt

    def _start_hand(self) -> None:
        """Deal the next hand of the episode among the seats with chips."""
        if self._table is not None:
            record = self._table.start_hand()
            hand = record.hand
            seats = [s - 1 for s in record.seats]  # table seats are numbered from 1
            self._seats = seats
            self._seat_index = {s: i for i, s in enumerate(seats)}
            self._button = seats[hand.config.button]
            self.hand = hand
        else:
            self._start_simple_hand()
        self.hand_number += 1
        self._obs_cache = {}
        self._bases = [None] * self.n
        self._legal = self._amounts = None
        self._advance()

    def _start_simple_hand(self) -> None:
        stacks = self.session_stacks
        if 0 in stacks:
            seats = [s for s in range(self.n) if stacks[s] > 0]
            self._seat_index = {s: i for i, s in enumerate(seats)}
        else:  # everybody is dealt in (shared, never changed in place)
            seats = self._all_seats
            self._seat_index = self._all_index
        button = self._button
        self._seats = seats
        if button not in self._seat_index:  # simple rotation: next seat with chips
            seats_after = ((button + k) % self.n for k in range(1, self.n + 1))
            button = next(s for s in seats_after if stacks[s] > 0)
            self._button = button
        key = (tuple(stacks), button)
        config = self._configs.get(key)
        if config is None:
            config = self._template.replace(
                stacks=tuple(stacks[s] for s in seats),
                button=self._seat_index[button],
                players=tuple(self.possible_agents[s] for s in seats),
                straddles=self._template.straddles[: max(0, len(seats) - 2)],
            )
            if len(self._configs) > 64:
                self._configs.clear()
            self._configs[key] = config
        # Only the cards a hand can use are drawn (hole cards, burns and board).
        self.hand = Hand(config, self._rng.sample(self._deck, 2 * len(seats) + 8))

    def _new_table(self) -> CashTable:
        """A cash table for a session, every agent seated with its starting stack."""
        t = self._template
        settings = CashGameSettings(
            small_blind=t.blinds[0],
            big_blind=t.blinds[1],
            min_buy_in=1,
            max_buy_in=max(self.starting_stacks),
            ante=t.ante,
            ante_type=t.ante_type,
            seats=self.n,
            structure=t.structure,
            options=t.options,
        )
        table = CashTable(
            settings, rng=random.Random(self._rng.getrandbits(64)), first_button=self._button + 1
        )
        for seat, agent in enumerate(self.possible_agents):
            table.sit_down(agent, self.starting_stacks[seat], seat=seat + 1)
        return table

    def _advance(self) -> None:
        """Point ``agent_selection`` at the next agent to act; finish the hand if over."""
        hand = self.hand
        assert hand is not None
        while True:
            if hand.is_complete:
                self._end_hand()
                return
            actor = hand.actor
            if actor is not None and hand.street is Street.SHOWDOWN:
                hand.auto_showdown()
                continue
            break
        self.agent_selection = self.possible_agents[self._seats[actor]]  # type: ignore[index]

    def _end_hand(self) -> None:
        hand = self.hand
        assert hand is not None and hand.result is not None
        result = hand.result
        self._rewarded = True
        if self._table is not None:
            self._table.finish_hand()
        payoffs = [0] * self.n
        scale = self._reward_scale
        for i, seat in enumerate(self._seats):
            payoffs[seat] = result.payoffs[i]
            self.session_stacks[seat] = result.final_stacks[i]
        self.hand_payoffs = tuple(payoffs)
        if self.keep_history:
            self.history.append((hand.config, hand.deck, list(hand.log)))
        for agent in self.agents:
            seat = self.agent_name_mapping[agent]
            # += : a hand can end inside another's step (a session hand that
            # finishes as soon as it is dealt, everybody all-in on the blinds).
            self.rewards[agent] += payoffs[seat] * scale
            self.infos[agent] = {"hand": self.hand_number, "payoff": payoffs[seat]}
        live = [s for s in range(self.n) if self.session_stacks[s] > 0]
        limit = self.hands_per_episode
        if len(live) < 2 or (limit is not None and self.hand_number >= limit):
            for agent in self.agents:
                self.terminations[agent] = True
            self.agent_selection = self.agents[0]
            return
        for agent in self.agents:
            if self.session_stacks[self.agent_name_mapping[agent]] == 0:
                self.terminations[agent] = True  # busted: steps once more with None
        # Simple rotation (used without a table): the next seat that still has chips.
        self._button = next(
            s for s in ((self._button + k) % self.n for k in range(1, self.n + 1)) if s in live
        )
        self._start_hand()

    def _dead_first(self) -> None:
        """Let terminated agents take their last step (``None``) before play goes on."""
        dead = [a for a in self.agents if self.terminations[a] or self.truncations[a]]
        if not dead or self.agent_selection in dead:
            return
        self._skip_agent_selection = self.agent_selection
        self.agent_selection = dead[0]

    # -------------------------------------------------------------------- step
    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        hand = self.hand
        assert hand is not None
        try:
            record = self._to_engine(action, hand)
            hand.apply(record)
        except IllegalActionError:
            if self.illegal_action == "raise":
                raise
            self._penalise(agent)
            return
        self._cumulative_rewards[agent] = 0.0
        if self._rewarded:  # rewards of a hand that ended in an earlier step
            self._clear_rewards()
            self._rewarded = False
        self._obs_cache = {}
        self._legal = self._amounts = None
        self._advance()
        # Rewards and terminations change only when a hand ends (in _end_hand).
        if self._rewarded:
            self._dead_first()
            self._accumulate_rewards()

    def _to_engine(self, action: Any, hand: Hand) -> Action:
        if isinstance(action, Action):
            if action.player is not None and action.player != hand.actor:
                raise IllegalActionError(
                    f"{self.agent_selection}: the action names player {action.player}, "
                    f"but player {hand.actor} is to act",
                    player=hand.actor,
                    rule="not_your_turn",
                    legal=hand.legal(),
                )
            return action
        if action is None:
            raise IllegalActionError(
                f"{self.agent_selection}: None is only for agents that are done; "
                f"legal: {hand.legal().describe()}",
                player=hand.actor,
                rule="no_action",
                legal=hand.legal(),
            )
        if self.action_mode == "discrete":
            return self.action_set.to_action(action, hand, self._legal, self._amounts)
        kind, amount = action
        kind = int(kind)
        if kind == 0:
            return Action(FOLD)
        if kind == 1:
            return Action(CHECK_CALL)
        if kind == 2:
            value = float(np.asarray(amount).reshape(-1)[0])
            return Action(RAISE, None, int(round(value)))
        raise IllegalActionError(
            f"{self.agent_selection}: action kind {kind} is not 0 (fold), "
            "1 (check/call) or 2 (raise)",
            player=hand.actor,
            rule="unknown_action",
            legal=hand.legal(),
        )

    def _penalise(self, offender: str) -> None:
        """PettingZoo's illegal-move convention: the episode ends for everybody."""
        self._cumulative_rewards[offender] = 0.0
        self._clear_rewards()
        self._rewarded = True
        for agent in self.agents:
            self.rewards[agent] = self.illegal_reward if agent == offender else 0.0
            self.terminations[agent] = True
            self.infos[agent] = {"illegal_move": agent == offender}
        self._accumulate_rewards()

    # ---------------------------------------------------------------- observe
    def observe(self, agent: str) -> dict[str, np.ndarray]:
        # Built on demand, for the agent asked about only, once per state.
        cached = self._obs_cache.get(agent)
        if cached is None:
            cached = self._obs_cache[agent] = self._encode(self.agent_name_mapping[agent])
        return cached

    def _base(self, me: int, hand: Hand) -> list[Any]:
        """``me``'s per-hand entry: ``[base vector, board cards in it, rows, busted]``.

        The base vector holds what is fixed for ``me`` during a hand (hole cards,
        button, hand number) and the board so far; ``rows`` pairs each dealt-in
        player's index with its rotated position, ``busted`` each seat not dealt in.
        """
        base = self._zeros.copy()
        seat_index = self._seat_index
        i_me = seat_index.get(me)
        if i_me is not None:
            for card in hand.hole_cards[i_me]:
                base[card.index] = 1.0
        base[108 + (self._button - me) % self.n] = 1.0
        base[-1] = self.hand_number
        if seat_index is self._all_index:  # everybody dealt in: player index = seat
            rows, busted = self._rotations[me], ()
        else:
            rows = [(seat_index[s], k) for s, k in self._rotations[me] if s in seat_index]
            busted = [(s, k) for s, k in self._rotations[me] if s not in seat_index]
        entry = self._bases[me] = [base, 0, rows, busted]
        return entry

    def _encode(self, me: int) -> dict[str, np.ndarray]:
        hand = self.hand
        assert hand is not None
        entry = self._bases[me]
        if entry is None:
            entry = self._base(me, hand)
        base_vec, dealt, rows, busted = entry
        board = hand.board
        if len(board) != dealt:
            for card in board[dealt:]:
                base_vec[52 + card.index] = 1.0
            entry[1] = len(board)
        vec = base_vec.copy()  # a new array each time: callers may keep it
        vec[_STREET_SLOT[hand.street]] = 1.0
        n = self.n
        scale = self._obs_scale
        stacks = hand.stacks
        committed = hand.committed
        contributed = hand.contributions
        folded = hand.folded
        actor = hand.actor
        b_stack = 108 + n
        b_committed = b_stack + n
        b_contributed = b_committed + n
        b_folded = b_contributed + n
        b_all_in = b_folded + n
        b_in_hand = b_all_in + n
        b_to_act = b_in_hand + n
        for seat, k in busted:
            vec[b_stack + k] = self.session_stacks[seat] * scale
        for i, k in rows:
            stack = stacks[i]
            if stack:
                vec[b_stack + k] = stack * scale
            if committed[i]:
                vec[b_committed + k] = committed[i] * scale
            if contributed[i]:
                vec[b_contributed + k] = contributed[i] * scale
            if folded[i]:
                vec[b_folded + k] = 1.0
            else:
                vec[b_in_hand + k] = 1.0
                if not stack:
                    vec[b_all_in + k] = 1.0
            if actor == i:
                vec[b_to_act + k] = 1.0
        base = b_to_act + n
        vec[base] = (sum(contributed) + hand.dead_money) * scale
        if actor is not None and actor == self._seat_index.get(me):
            legal = self._legal = hand.legal()
            if not legal.can_show:
                if legal.call is not None:
                    vec[base + 1] = legal.call * scale
                    vec[base + 6] = 1.0
                if legal.min_raise_to is not None:
                    vec[base + 2] = legal.min_raise_to * scale
                    vec[base + 3] = legal.max_raise_to * scale  # type: ignore[operator]
                    vec[base + 7] = 1.0
                if legal.can_fold:
                    vec[base + 4] = 1.0
                if legal.can_check:
                    vec[base + 5] = 1.0
                if self.action_mode == "discrete":
                    # Mask and raise amounts in one pass; step() reuses the amounts.
                    self._amounts, mask = self.action_set._resolve(hand, legal)
                    return {"observation": vec, "action_mask": mask.copy()}
                mask = np.array(
                    [
                        legal.can_fold,
                        legal.can_check or legal.call is not None,
                        legal.min_raise_to is not None,
                    ],
                    dtype=np.int8,
                )
                return {"observation": vec, "action_mask": mask}
        return {"observation": vec, "action_mask": self._no_mask.copy()}

    def view(self, agent: str | None) -> PlayerView:
        """``agent``'s view of the current hand (``None``: a spectator), with
        player indices of this hand (see :attr:`seats`)."""
        hand = self.hand
        assert hand is not None
        if agent is None:
            return hand.view(None)
        return hand.view(self._seat_index.get(self.agent_name_mapping[agent], -1))

    @property
    def seats(self) -> tuple[int, ...]:
        """The seat of each player of the current hand (a busted seat is not dealt in)."""
        return tuple(self._seats)

    def legal_raise_range(self) -> tuple[int, int] | None:
        """``(min, max)`` raise-to totals (this street) for the agent to act, or ``None``."""
        hand = self.hand
        assert hand is not None
        legal = hand.legal()
        if legal.min_raise_to is None or legal.can_show:
            return None
        return legal.min_raise_to, legal.max_raise_to  # type: ignore[return-value]

    # ------------------------------------------------------------------ render
    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        hand = self.hand
        text = f"hand {self.hand_number}: {hand!r}" if hand is not None else "(no hand)"
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        self.hand = None


def raw_env(**kwargs: Any) -> HoldemEnv:
    """The environment without wrappers (PettingZoo naming)."""
    return HoldemEnv(**kwargs)


def env(**kwargs: Any) -> HoldemEnv:
    """The environment (PettingZoo naming: ``pokerdealer.env.env(players=6)``).

    No PettingZoo wrapper is applied: illegal actions are handled by the
    environment itself (``illegal_action="raise"`` or ``"penalty"``).
    """
    return HoldemEnv(**kwargs)
