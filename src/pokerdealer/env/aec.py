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

With ``action_mode="continuous"`` the observation is the vector alone (its
``can_fold``, ``can_check``, ``can_call``, ``can_raise``, ``min_raise_to`` and
``max_raise_to`` fields say what is legal) and an action is a pair
``(kind, size)`` in ``[-1, 1]`` (see :class:`HoldemEnv`).

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

from pokerdealer.cards import Card
from pokerdealer.env.actions import ActionSet
from pokerdealer.env.core import HoldemCore, observation_layout
from pokerdealer.errors import IllegalActionError, PokerDealerError
from pokerdealer.rules.actions import Action
from pokerdealer.rules.config import AnteType, HandConfig, RuleOptions, Structure
from pokerdealer.rules.hand import Hand
from pokerdealer.rules.view import PlayerView
from pokerdealer.table import CashGameSettings, CashTable

__all__ = ["HoldemEnv", "env", "observation_layout", "raw_env"]

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
        ``"continuous"``: a pair ``(kind, size)`` in the ``Box`` ``[-1, 1]²`` (the
        normalized space Gymnasium and stable-baselines3 recommend): ``kind``
        below -1/3 folds, up to 1/3 checks or calls, above 1/3 raises, to
        ``size``'s place in the legal raise-to range (-1 the minimum, 1 the
        maximum, rounded to the chip; :meth:`legal_raise_range`). The observation
        is then the vector alone, without a mask. A raise when raising is closed
        (or a fold the rules forbid) is illegal, never turned into a call: random
        actions (PettingZoo's ``api_test``) need ``illegal_action="penalty"``.
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
        # The hands themselves: dealing, actions, observations (compiled in release wheels).
        self._core = core = HoldemCore(
            self._template, self.action_set, discrete=action_mode == "discrete"
        )

        self.possible_agents = [f"player_{i}" for i in range(n)]
        self.agent_name_mapping = {a: i for i, a in enumerate(self.possible_agents)}
        self._layout = observation_layout(n)
        self.observation_size = size = core.size
        total = sum(self.starting_stacks)
        high = np.full(size, max(1.0, total * core.obs_scale), dtype=np.float32)
        high[: self._layout["street"].stop] = 1.0
        for name in ("button", "folded", "all_in", "in_hand", "to_act"):
            high[self._layout[name]] = 1.0
        for name in ("can_fold", "can_check", "can_call", "can_raise"):
            high[self._layout[name]] = 1.0
        high[self._layout["hand_number"]] = np.float32(1e9)
        self._obs_high = high
        vector_space = spaces.Box(0.0, high, shape=(size,), dtype=np.float32)
        obs_space: spaces.Space[Any]
        act_space: spaces.Space[Any]
        self._discrete = action_mode == "discrete"
        if self._discrete:
            obs_space = spaces.Dict(
                {
                    "observation": vector_space,
                    "action_mask": spaces.Box(0, 1, shape=(core.mask_size,), dtype=np.int8),
                }
            )
            act_space = spaces.Discrete(len(self.action_set))
        else:
            # PettingZoo's tools sample a dict's "action_mask" for the action space,
            # which a Box cannot take: the vector's can_* fields say what is legal.
            obs_space = vector_space
            act_space = spaces.Box(-1.0, 1.0, shape=(2,), dtype=np.float32)
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {a: act_space for a in self.possible_agents}

        self.hand_payoffs: tuple[int, ...] = ()
        self._rewarded = False  # self.rewards holds something to clear on the next step
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

    # ----------------------------------------------------------- hand state
    @property
    def hand(self) -> Hand | None:
        """The current hand (the full-information engine state)."""
        return self._core.hand

    @property
    def hand_number(self) -> int:
        """Hands dealt so far in this episode."""
        return self._core.hand_number

    @property
    def session_stacks(self) -> list[int]:
        """Each seat's chips between hands (brought up to date when a hand ends)."""
        return self._core.session_stacks

    @property
    def table(self) -> CashTable | None:
        """The session's cash table (``None`` for single hands, and with straddles)."""
        return self._core.table

    @property
    def button(self) -> int:
        """The current hand's button seat."""
        return self._core.button

    # ------------------------------------------------------------------- reset
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        agents = self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(agents, 0.0)
        self.terminations = dict.fromkeys(agents, False)
        self.truncations = dict.fromkeys(agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in agents}
        self._skip_agent_selection = None
        self._rewarded = False
        self.hand_payoffs = ()
        self.history = []
        core = self._core
        choice = self._button_choice
        core.reset(seed, -1 if choice == "random" else int(choice))  # type: ignore[arg-type]
        if self.hands_per_episode != 1 and not self._template.straddles:
            core.table = self._new_table()
        seat = core.start_hand()
        if seat >= 0:
            self.agent_selection = self.possible_agents[seat]
        else:  # over as soon as dealt (everybody all-in on the blinds)
            self._end_hand()

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
        core = self._core
        table = CashTable(
            settings, rng=random.Random(core.rng.getrandbits(64)), first_button=core.button + 1
        )
        for seat, agent in enumerate(self.possible_agents):
            table.sit_down(agent, self.starting_stacks[seat], seat=seat + 1)
        return table

    def _end_hand(self) -> None:
        """Reward every agent for the hand just finished, then deal the next one
        (for as long as hands end as soon as they are dealt) or end the episode;
        agents that are done step next."""
        core = self._core
        while True:
            hand = core.hand
            assert hand is not None
            payoffs = core.payoffs()
            self._rewarded = True
            self.hand_payoffs = tuple(payoffs)
            if self.keep_history:
                self.history.append((hand.config, hand.deck, list(hand.log)))
            scale = self._reward_scale
            number = core.hand_number
            for agent in self.agents:
                seat = self.agent_name_mapping[agent]
                # += : a hand can end inside another's step (a session hand that
                # finishes as soon as it is dealt, everybody all-in on the blinds).
                self.rewards[agent] += payoffs[seat] * scale
                self.infos[agent] = {"hand": number, "payoff": payoffs[seat]}
            stacks = core.session_stacks
            limit = self.hands_per_episode
            if (limit is not None and number >= limit) or sum(1 for s in stacks if s > 0) < 2:
                for agent in self.agents:
                    self.terminations[agent] = True
                self.agent_selection = self.agents[0]
                break
            for agent in self.agents:
                if stacks[self.agent_name_mapping[agent]] == 0:
                    self.terminations[agent] = True  # busted: steps once more with None
            # Simple rotation (used without a table): the next seat that still has chips.
            core.button = core.next_seat_with_chips(core.button)
            seat = core.start_hand()
            if seat >= 0:
                self.agent_selection = self.possible_agents[seat]
                break
        self._dead_first()
        self._accumulate_rewards()

    def _dead_first(self) -> None:
        """Let terminated agents take their last step (``None``) before play goes on."""
        selection = self.agent_selection
        if self.terminations.get(selection) or self.truncations.get(selection):
            return
        for agent in self.agents:
            if self.terminations[agent] or self.truncations[agent]:
                self._skip_agent_selection = selection
                self.agent_selection = agent
                return

    # -------------------------------------------------------------------- step
    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        core = self._core
        try:
            seat = core.act(action)
        except IllegalActionError as error:
            if self.illegal_action == "raise":
                raise IllegalActionError(
                    f"{agent}: {error}", player=error.player, rule=error.rule, legal=error.legal
                ) from None
            self._penalise(agent)
            return
        self._cumulative_rewards[agent] = 0.0
        if self._rewarded:  # rewards of a hand that ended in an earlier step
            self._clear_rewards()
            self._rewarded = False
        if seat >= 0:
            self.agent_selection = self.possible_agents[seat]
            return
        self._end_hand()  # rewards and terminations change only when a hand ends

    def _was_dead_step(self, action: Any) -> None:
        """A terminated agent's last step (``None``): PettingZoo's bookkeeping, with
        the rewards cleared only when a hand has left some (``_rewarded``)."""
        if action is not None:
            raise ValueError("when an agent is dead, the only valid action is None")
        agent = self.agent_selection
        terminations, truncations = self.terminations, self.truncations
        del terminations[agent], truncations[agent], self.rewards[agent]
        del self._cumulative_rewards[agent], self.infos[agent]
        agents = self.agents
        agents.remove(agent)
        for other in agents:  # the next agent that is done steps next
            if terminations[other] or truncations[other]:
                if self._skip_agent_selection is None:
                    self._skip_agent_selection = agent
                self.agent_selection = other
                break
        else:
            if self._skip_agent_selection is not None:
                self.agent_selection = self._skip_agent_selection
            self._skip_agent_selection = None
        if self._rewarded:
            self._clear_rewards()
            self._rewarded = False

    def _penalise(self, offender: str) -> None:
        """PettingZoo's illegal-move convention: the episode ends for everybody."""
        self._core.forget_observations()
        self._cumulative_rewards[offender] = 0.0
        self._clear_rewards()
        self._rewarded = True
        for agent in self.agents:
            self.rewards[agent] = self.illegal_reward if agent == offender else 0.0
            self.terminations[agent] = True
            self.infos[agent] = {"illegal_move": agent == offender}
        self._accumulate_rewards()

    # ---------------------------------------------------------------- observe
    def observe(self, agent: str) -> Any:
        # Built on demand, for the agent asked about only, once per state.
        obs = self._core.observe(self.agent_name_mapping[agent])
        return obs if self._discrete else obs["observation"]

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """The selected agent's observation, reward, termination, truncation and info
        (PettingZoo's ``last()``, without its extra calls)."""
        agent = self.agent_selection
        obs = self._core.observe(self.agent_name_mapping[agent]) if observe else None
        if obs is not None and not self._discrete:
            obs = obs["observation"]
        return (
            obs,
            self._cumulative_rewards[agent],
            self.terminations[agent],
            self.truncations[agent],
            self.infos[agent],
        )

    def view(self, agent: str | None) -> PlayerView:
        """``agent``'s view of the current hand (``None``: a spectator), with
        player indices of this hand (see :attr:`seats`)."""
        hand = self.hand
        assert hand is not None
        if agent is None:
            return hand.view(None)
        return hand.view(self._core.seat_index.get(self.agent_name_mapping[agent], -1))

    @property
    def seats(self) -> tuple[int, ...]:
        """The seat of each player of the current hand (a busted seat is not dealt in)."""
        return tuple(self._core.seats)

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
        self._core.hand = None


def raw_env(**kwargs: Any) -> HoldemEnv:
    """The environment without wrappers (PettingZoo naming)."""
    return HoldemEnv(**kwargs)


def env(**kwargs: Any) -> HoldemEnv:
    """The environment (PettingZoo naming: ``pokerdealer.env.env(players=6)``).

    No PettingZoo wrapper is applied: illegal actions are handled by the
    environment itself (``illegal_action="raise"`` or ``"penalty"``).
    """
    return HoldemEnv(**kwargs)
