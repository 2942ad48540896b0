"""Bots playing hands: one hand (:func:`play_hand`) and a whole simulation
(:func:`simulate`) with per-bot statistics.

The simulation is a cash game where every hand starts from the same stacks
(each seat is topped up), the button moves one seat per hand, and seat ``i``
always holds bot ``i``: the usual way to measure a bot in big blinds per 100
hands. Every random choice comes from one seed: the deck orders and each
bot's own :class:`random.Random` are drawn from ``random.Random(seed)``.

>>> import random
>>> from pokerdealer.rules import HandConfig
>>> run = simulate(HandConfig(stacks=(200,) * 3, blinds=(1, 2)), ["caller"] * 3, hands=20, seed=1)
>>> run.hands, sum(s.chips for s in run.stats.values())
(20, 0)
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field

from pokerdealer.bots.base import BaseBot, Bot
from pokerdealer.bots.registry import make_bots
from pokerdealer.cards import deck_cards
from pokerdealer._interrupts import interrupts_between_steps
from pokerdealer.errors import IllegalActionError, Interrupted, PokerDealerError
from pokerdealer.rules import Hand, HandConfig

__all__ = ["BotStats", "SimulationResult", "ci95", "play_hand", "simulate", "simulate_hands"]


def ci95(variance: float, count: int) -> float:
    """Half-width of the 95% (normal) confidence interval of the mean of
    ``count`` samples with this sample variance; infinite below two samples.

    >>> round(ci95(4.0, 100), 3)
    0.392
    """
    if count < 2:
        return math.inf
    return 1.96 * math.sqrt(variance / count)


def play_hand(
    hand: Hand,
    bots: Sequence[Bot],
    *,
    names: Sequence[str] | None = None,
    on_action: Callable[[Hand, int], None] | None = None,
) -> Hand:
    """Let ``bots[i]`` play player ``i`` until the hand is over; returns ``hand``.

    Each bot gets its ``new_hand(view)`` hook first (when it has one). A bot
    that answers with an illegal action stops the hand with a
    :class:`~pokerdealer.errors.PokerDealerError` naming the bot.
    ``on_action(hand, player)`` is called before each action.

    Not :func:`pokerdealer.table.play_hand`: that one starts the next hand of a
    :class:`~pokerdealer.table.Table` (button, blinds, seats, absent players)
    and asks a ``decide`` callback; this one plays a rules
    :class:`~pokerdealer.rules.Hand` you built, with bots, as simulations do.
    """
    for i, bot in enumerate(bots):
        # Skip the hook when it is BaseBot's no-op: building a view is not free.
        if getattr(type(bot), "new_hand", None) not in (None, BaseBot.new_hand):
            bot.new_hand(hand.view(i))  # type: ignore[attr-defined]
    while (actor := hand.actor) is not None:
        if on_action is not None:
            on_action(hand, actor)
        action = bots[actor].act(hand.view(actor))
        try:
            hand.apply(action._replace(player=actor) if action.player is None else action)
        except IllegalActionError as error:
            who = names[actor] if names else f"bot {actor + 1}"
            raise PokerDealerError(f"{who} (seat {actor + 1}) made an illegal action: {error}") from None
    return hand


@dataclass
class BotStats:
    """What one bot (over every seat it held) did in a simulation."""

    name: str
    big_blind: int
    seat_hands: int = 0
    chips: int = 0
    """Net chips won (negative: lost)."""
    sum_squares: int = 0
    vpip: int = 0
    """Hands where it put chips in voluntarily before the flop."""
    preflop_raises: int = 0
    saw_flop: int = 0
    showdowns: int = 0
    won_at_showdown: int = 0
    folds: int = 0

    @property
    def bb_per_100(self) -> float:
        """Result in big blinds per 100 hands."""
        if not self.seat_hands:
            return 0.0
        return 100 * self.chips / self.seat_hands / self.big_blind

    @property
    def ci95(self) -> float:
        """Half-width of the 95% confidence interval of :attr:`bb_per_100`."""
        n = self.seat_hands
        if n < 2:
            return math.inf
        mean = self.chips / n
        variance = max(0.0, (self.sum_squares - n * mean * mean) / (n - 1))
        return ci95(variance, n) * 100 / self.big_blind

    def _rate(self, count: int, of: int) -> float:
        return count / of if of else 0.0

    def to_json(self) -> dict[str, object]:
        n = self.seat_hands
        return {
            "bot": self.name,
            "seat_hands": n,
            "chips": self.chips,
            "bb_per_100": round(self.bb_per_100, 3),
            "ci95": round(self.ci95, 3) if math.isfinite(self.ci95) else None,
            "vpip": round(self._rate(self.vpip, n), 4),
            "pfr": round(self._rate(self.preflop_raises, n), 4),
            "saw_flop": round(self._rate(self.saw_flop, n), 4),
            "went_to_showdown": round(self._rate(self.showdowns, n), 4),
            "won_at_showdown": round(self._rate(self.won_at_showdown, self.showdowns), 4),
            "folded": round(self._rate(self.folds, n), 4),
        }


@dataclass
class SimulationResult:
    """Per-bot statistics of a run (by bot name, in first-seat order)."""

    hands: int
    seconds: float
    stats: dict[str, BotStats] = field(default_factory=dict)

    @property
    def hands_per_second(self) -> float:
        return self.hands / self.seconds if self.seconds > 0 else math.inf

    def to_json(self) -> dict[str, object]:
        return {
            "hands": self.hands,
            "seconds": round(self.seconds, 3),
            "hands_per_second": round(self.hands_per_second, 1),
            "bots": [s.to_json() for s in self.stats.values()],
        }


def simulate_hands(
    config: HandConfig, bot_names: Sequence[str], *, hands: int, seed: int | None = None
) -> Iterator[Hand]:
    """Play ``hands`` hands and yield each finished hand (see the module docstring).

    ``bot_names`` cycle over the seats when fewer than the players.
    """
    for hand, _ in _run(config, bot_names, hands, seed):
        yield hand


def _run(
    config: HandConfig, bot_names: Sequence[str], hands: int, seed: int | None
) -> Iterator[tuple[Hand, int]]:
    """Finished hands, each with the number of its actions taken before the flop."""
    n = config.player_count
    master = random.Random(seed)
    bots = make_bots(bot_names, n, master, variant=config.variant)
    names = [bot_names[i % len(bot_names)] for i in range(n)]
    for bot in bots:
        hook = getattr(bot, "reset", None)
        if hook is not None:
            hook()
    deck_rng = random.Random(master.getrandbits(64))
    cards = deck_cards(config.variant)
    need = 2 * n + 8
    configs = [config.replace(button=b) for b in range(n)]
    preflop = 0

    def count(hand: Hand, actor: int) -> None:
        nonlocal preflop
        if not hand.board:
            preflop += 1

    for number in range(hands):
        preflop = 0
        hand = Hand(configs[number % n], deck_rng.sample(cards, need))
        yield play_hand(hand, bots, names=names, on_action=count), preflop


def simulate(
    config: HandConfig,
    bot_names: Sequence[str],
    *,
    hands: int,
    seed: int | None = None,
    on_hand: Callable[[int, Hand], None] | None = None,
) -> SimulationResult:
    """Play ``hands`` hands and gather each bot's statistics.

    ``on_hand(number, hand)`` is called after each hand (from 1), e.g. to
    advance a progress bar or write the hand history.

    :raises Interrupted: on Ctrl-C, at the end of the hand being played, with the
        result of the hands played as ``partial`` (the first hands of the same
        seed: what a run of that many hands gives).
    """
    if hands < 0:
        raise PokerDealerError(f"the number of hands must be >= 0, got {hands}")
    bot_names = [b.strip() for b in bot_names if b.strip()]
    if not bot_names:
        raise PokerDealerError("no bots given")
    n = config.player_count
    names = [bot_names[i % len(bot_names)] for i in range(n)]
    big = config.blinds[1]
    result = SimulationResult(hands, 0.0)
    stats = result.stats
    for name in names:
        stats.setdefault(name, BotStats(name, big))
    seat_stats = [stats[name] for name in names]
    start = time.perf_counter()
    with interrupts_between_steps() as stop:
        for number, (hand, preflop) in enumerate(_run(config, bot_names, hands, seed), 1):
            _record(hand, preflop, seat_stats)
            if on_hand is not None:
                on_hand(number, hand)
            if stop.asked:
                result.hands, result.seconds = number, time.perf_counter() - start
                raise Interrupted(result)
    result.seconds = time.perf_counter() - start
    return result


def _record(hand: Hand, preflop: int, seat_stats: Sequence[BotStats]) -> None:
    """Add one finished hand to the seats' statistics (``preflop``: how many
    log records were taken before the flop)."""
    result = hand.result
    assert result is not None
    n = hand.config.player_count
    voluntary = [False] * n
    raised = [False] * n
    folded_preflop = [False] * n
    for action in hand.log[:preflop]:
        p = action.player
        assert p is not None
        kind = action.kind
        if kind == "raise":
            voluntary[p] = raised[p] = True
        elif kind == "call":
            voluntary[p] = True
        elif kind == "fold":
            folded_preflop[p] = True
    flop = len(hand.board) >= 3
    showdown = set(result.showdown_order) if len(result.showdown_order) > 1 else set()
    winners = {w for award in result.awards for w in award.shares}
    folded = hand.folded
    for i in range(n):
        s = seat_stats[i]
        payoff = result.payoffs[i]
        s.seat_hands += 1
        s.chips += payoff
        s.sum_squares += payoff * payoff
        s.vpip += voluntary[i]
        s.preflop_raises += raised[i]
        s.saw_flop += flop and not folded_preflop[i]
        if i in showdown:
            s.showdowns += 1
            s.won_at_showdown += i in winners
        s.folds += folded[i]
