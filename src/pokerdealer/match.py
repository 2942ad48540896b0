"""Bot matches: many hands between bots, optionally with duplicate dealing.

Every hand starts from the same stacks (a cash game topped up each hand),
and the button moves one seat per deal. With ``duplicate=True`` each deal
(a deck order and a button) is played once per seating rotation: with two
bots the same cards are dealt again with the seats swapped, with ``n`` bots
each bot sits once in every seat. Luck of the cards then cancels out
between the bots, and the confidence interval is much narrower.

The result reports each bot's winnings in big blinds per 100 hands with a
95% confidence interval (normal approximation; the samples are single hands,
or whole rotations of a deal with duplicate dealing, which are independent).

>>> result = play_match(["caller", "tight"], hands=40, duplicate=True, seed=1)
>>> result.hands, result.deals, sum(result.totals())
(40, 20, 0)
>>> result.names
('caller', 'tight')
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from pokerdealer.bots import Bot, make_bot, play_hand
from pokerdealer.bots.arena import ci95
from pokerdealer.cards import deck_cards
from pokerdealer.errors import Interrupted, PokerDealerError
from pokerdealer.rules import Hand, HandConfig, Structure

__all__ = ["BotResult", "MatchResult", "play_match", "plot_match"]


@dataclass(frozen=True)
class BotResult:
    """One bot's line of the report."""

    name: str
    hands: int
    chips: int
    bb_per_100: float
    ci95: float
    """Half-width of the 95% confidence interval of ``bb_per_100``."""

    def to_json(self) -> dict[str, object]:
        return {
            "name": self.name,
            "hands": self.hands,
            "chips": self.chips,
            "bb_per_100": round(self.bb_per_100, 4),
            "ci95": round(self.ci95, 4),
        }


@dataclass
class MatchResult:
    """Chips won by each bot in each hand, in the order played."""

    names: tuple[str, ...]
    winnings: np.ndarray
    """``int64`` array ``(hands, bots)``: chips won by each bot in each hand."""
    big_blind: int
    duplicate: bool
    seed: int | None
    rotations: int
    """Hands per deal (the number of bots with duplicate dealing, else 1)."""
    kinds: tuple[str, ...] = ()
    """The bot each seat was asked for (``names`` without the ``#N`` that
    tells two of a kind apart); empty: the names."""

    @property
    def hands(self) -> int:
        return int(self.winnings.shape[0])

    @property
    def deals(self) -> int:
        return self.hands // self.rotations

    def totals(self) -> tuple[int, ...]:
        """Chips won by each bot over the match (they sum to zero)."""
        return tuple(int(x) for x in self.winnings.sum(axis=0))

    def cumulative_bb(self) -> np.ndarray:
        """Cumulative winnings of each bot in big blinds, hand by hand."""
        return np.cumsum(self.winnings, axis=0) / self.big_blind

    def bot_results(self) -> list[BotResult]:
        """bb/100 and its 95% confidence interval for each bot."""
        return [self._result(name, [i]) for i, name in enumerate(self.names)]

    def kind_results(self) -> list[BotResult]:
        """bb/100 and its 95% interval for each kind of bot, over all its
        seats: a seat's average, so that three ``regular`` against three
        ``tight`` at six seats compare as one bot against another.

        >>> r = play_match(["caller", "tight", "caller", "tight"], hands=40, duplicate=True, seed=1)
        >>> [(k.name, k.hands) for k in r.kind_results()]
        [('caller', 80), ('tight', 80)]
        """
        kinds = self.kinds or self.names
        seats: dict[str, list[int]] = {}
        for i, kind in enumerate(kinds):
            seats.setdefault(kind, []).append(i)
        return [self._result(kind, where) for kind, where in seats.items()]

    def _result(self, name: str, seats: list[int]) -> BotResult:
        units = self.winnings.reshape(self.deals, self.rotations, -1).sum(axis=1)
        # Big blinds per deal (or per hand), a seat's average over the seats given.
        samples = units[:, seats].sum(axis=1) / self.big_blind / len(seats)
        count = len(samples)
        mean = float(samples.mean()) if count else 0.0
        variance = float(samples.var(ddof=1)) if count > 1 else 0.0
        per_hand = 100.0 / self.rotations
        ci = ci95(variance, count) * per_hand
        chips = int(self.winnings[:, seats].sum())
        return BotResult(name, self.hands * len(seats), chips, mean * per_hand, ci)

    def to_json(self) -> dict[str, object]:
        return {
            "hands": self.hands,
            "deals": self.deals,
            "duplicate": self.duplicate,
            "seed": self.seed,
            "big_blind": self.big_blind,
            "bots": [b.to_json() for b in self.bot_results()],
            "kinds": [b.to_json() for b in self.kind_results()],
        }


def _bot(spec: str | Bot, rng: random.Random) -> tuple[str, Bot]:
    if isinstance(spec, str):
        return spec, make_bot(spec, rng)
    return getattr(spec, "name", type(spec).__name__), spec


def play_match(
    bots: Sequence[str | Bot],
    *,
    hands: int = 1000,
    duplicate: bool = False,
    seed: int | None = None,
    stacks: int = 200,
    blinds: tuple[int, int] = (1, 2),
    ante: int = 0,
    structure: Structure | str = Structure.NO_LIMIT,
    progress: Callable[[int, int], None] | None = None,
) -> MatchResult:
    """Play ``hands`` hands between ``bots`` (2 to 10; names or bot objects).

    With ``duplicate`` the number of hands is rounded up to whole deals
    (a multiple of the number of bots). ``progress(done, total)`` is called
    every 100 hands and at the end.

    :raises Interrupted: on Ctrl-C, with the result of the deals played so
        far as ``partial``.
    """
    n = len(bots)
    if not 2 <= n <= 10:
        raise PokerDealerError(f"a match needs 2 to 10 bots, got {n}")
    if hands < 1:
        raise PokerDealerError(f"hands must be at least 1, got {hands}")
    rng = random.Random(seed)
    made = [_bot(spec, random.Random(rng.getrandbits(64))) for spec in bots]
    names = kinds = tuple(name for name, _ in made)
    if len(set(names)) != len(names):
        names = tuple(f"{name}#{i + 1}" for i, name in enumerate(names))
    players = [bot for _, bot in made]
    for bot in players:
        hook = getattr(bot, "reset", None)
        if hook is not None:
            hook()
    rotations = n if duplicate else 1
    deals = -(-hands // rotations)
    total = deals * rotations
    configs = [
        HandConfig(
            stacks=(stacks,) * n,
            blinds=blinds,
            ante=ante,
            structure=Structure(structure),
            button=b,
        )
        for b in range(n)
    ]
    deck = list(deck_cards())
    need = 2 * n + 8
    winnings = np.zeros((total, n), dtype=np.int64)
    row = 0
    try:
        for deal in range(deals):
            cards = rng.sample(deck, need)
            config = configs[deal % n]
            for r in range(rotations):
                # Rotation r: bot i sits in seat (i + r) % n, so seat s holds bot (s - r) % n.
                # (Without duplicate dealing r is 0: the bots keep their seats and the
                # moving button gives each of them every position.)
                seat_bots = [players[(s - r) % n] for s in range(n)]
                seat_names = [names[(s - r) % n] for s in range(n)]
                hand = play_hand(Hand(config, cards), seat_bots, names=seat_names)
                if not hand.is_complete:  # pragma: no cover - play_hand plays to the end
                    raise PokerDealerError("a hand did not finish")
                payoffs = hand.result.payoffs  # type: ignore[union-attr]
                for s in range(n):
                    winnings[row, (s - r) % n] = payoffs[s]
                row += 1
                if progress is not None and row % 100 == 0:
                    progress(row, total)
    except KeyboardInterrupt:
        # The deals played in full (every rotation of each, with duplicate dealing).
        played = winnings[: row // rotations * rotations].copy()
        partial = MatchResult(names, played, blinds[1], duplicate, seed, rotations, kinds)
        raise Interrupted(partial) from None
    if progress is not None:
        progress(total, total)
    return MatchResult(names, winnings, blinds[1], duplicate, seed, rotations, kinds)


def plot_match(result: MatchResult, path: str, *, title: str | None = None) -> None:
    """Save a PNG of each bot's cumulative winnings (big blinds) against hands.

    Uses matplotlib's Agg backend (no display needed); needs the ``plot`` extra.
    """
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError as error:  # pragma: no cover - depends on the installed extras
        raise PokerDealerError(
            "plotting needs matplotlib: pip install 'pokerdealer[plot]'"
        ) from error
    curves = result.cumulative_bb()
    x = np.arange(1, result.hands + 1)
    fig, ax = plt.subplots(figsize=(9, 5), dpi=100)
    try:
        for i, line in enumerate(result.bot_results()):
            label = f"{line.name}: {line.bb_per_100:+.1f} ± {line.ci95:.1f} bb/100"
            ax.plot(x, curves[:, i], label=label, linewidth=1.2)
        ax.axhline(0, color="grey", linewidth=0.6)
        ax.set_xlabel("hands")
        ax.set_ylabel("cumulative winnings (big blinds)")
        kind = "duplicate" if result.duplicate else "plain"
        ax.set_title(title or f"{' vs '.join(result.names)} ({result.hands} hands, {kind})")
        ax.legend(loc="best")
        ax.grid(True, alpha=0.3)
        fig.tight_layout()
        fig.savefig(path, format="png")
    finally:
        plt.close(fig)
