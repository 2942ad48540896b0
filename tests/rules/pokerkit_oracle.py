"""Drive PokerKit 0.7.7 and our engine side by side on the same hand.

Used by the differential test and the benchmark. PokerKit positions are
"index 0 = first player left of the button, last = button" (heads-up:
index 0 is the big blind); our players are clockwise by seat with any
button, so ``pk = (i - button - 1) % n``.
"""

from __future__ import annotations

import functools
import random
import warnings
from collections.abc import Sequence
from typing import Any

from pokerkit import (
    Automation,
    FixedLimitTexasHoldem,
    HandHistory,
    NoLimitShortDeckHoldem,
    NoLimitTexasHoldem,
    ShortDeckHoldemHand,
    StandardHighHand,
)
from pokerkit.games import PotLimitPokerMixin, TexasHoldemMixin, UnfixedLimitHoldem

from pokerdealer.cards import Card, deck_cards
from pokerdealer.rules import AnteType, Hand, HandConfig, RuleOptions, Structure


class _EvaluatedOnce:
    """PokerKit's own hand evaluation, each result kept. PokerKit evaluates a player's best five
    cards again at every question (who can still win: for each player at the show-down, again at
    hand killing, then for the pots) and looks a hand up in its table again at every comparison:
    about 60% of the differential's time. A hand is a function of its cards, so the answers are
    still PokerKit's, each computed once (2,500 hands: 20 -> 9 s)."""

    @classmethod
    def from_game(cls, hole_cards: Any, board_cards: Any = ()) -> Any:  # noqa: ANN401
        return _best_hand(cls, tuple(hole_cards), tuple(board_cards))

    @property
    def entry(self) -> Any:  # noqa: ANN401
        # Not functools.cached_property: that takes a lock at every read (Python 3.11).
        entry = self.__dict__.get("entry")
        if entry is None:
            lookup = self.lookup  # type: ignore[attr-defined]
            entry = self.__dict__["entry"] = lookup.get_entry(self.cards)  # type: ignore[attr-defined]
        return entry


@functools.lru_cache(maxsize=4096)
def _best_hand(kind: Any, hole_cards: tuple[Any, ...], board_cards: tuple[Any, ...]) -> Any:  # noqa: ANN401
    """PokerKit's best hand of ``kind`` (a hand type of ours) from the cards."""
    return super(_EvaluatedOnce, kind).from_game(hole_cards, board_cards)


class _StandardHighHand(_EvaluatedOnce, StandardHighHand):
    pass


class _ShortDeckHoldemHand(_EvaluatedOnce, ShortDeckHoldemHand):
    pass


class _NoLimitTexasHoldem(NoLimitTexasHoldem):
    hand_types = (_StandardHighHand,)


class _FixedLimitTexasHoldem(FixedLimitTexasHoldem):
    hand_types = (_StandardHighHand,)


class _NoLimitShortDeckHoldem(NoLimitShortDeckHoldem):
    hand_types = (_ShortDeckHoldemHand,)


class PotLimitTexasHoldem(PotLimitPokerMixin, TexasHoldemMixin, UnfixedLimitHoldem):
    """PokerKit has no pot-limit hold'em class; its parts make one."""

    hand_types = (_StandardHighHand,)


class PokerKitHistory(HandHistory):
    """PokerKit's reader of PHH files, whose hold'em states evaluate hands as the oracle's do
    (:class:`_EvaluatedOnce`)."""

    game_types = {
        **HandHistory.game_types,
        "FT": _FixedLimitTexasHoldem,
        "NT": _NoLimitTexasHoldem,
        "NS": _NoLimitShortDeckHoldem,
    }


AUTOMATIONS = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.RUNOUT_COUNT_SELECTION,
    Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
    Automation.HAND_KILLING,
    Automation.CHIPS_PUSHING,
    Automation.CHIPS_PULLING,
)


def random_config(rng: random.Random, options: RuleOptions) -> HandConfig:
    """A random hand: 2-9 players, any structure, antes, straddles, short stacks."""
    variant = "shortdeck" if rng.random() < 0.1 else "holdem"
    n = rng.randint(2, 9)
    structure = (
        Structure.NO_LIMIT
        if variant == "shortdeck"
        else rng.choice([Structure.NO_LIMIT, Structure.POT_LIMIT, Structure.FIXED_LIMIT])
    )
    bb = rng.choice([2, 2, 4, 10, 100])
    sb = rng.choice([bb // 2, bb // 2, 1, 0 if n > 2 else 1])
    straddles: tuple[int, ...] = ()
    if structure is not Structure.FIXED_LIMIT and n >= 4 and rng.random() < 0.2:
        straddles = tuple(bb * 2 ** (k + 1) for k in range(rng.randint(1, min(2, n - 3))))
    ante_type = rng.choice(list(AnteType))
    ante = 0 if ante_type is AnteType.NONE else rng.choice([1, bb // 2 or 1, bb])
    depth = rng.choice([3, 10, 30, 100])
    stacks = tuple(max(1, int(rng.expovariate(1 / (depth * bb)))) for _ in range(n))
    return HandConfig(
        stacks=stacks,
        blinds=(sb, bb),
        button=rng.randrange(n),
        straddles=straddles,
        ante=ante,
        ante_type=ante_type,
        structure=structure,
        variant=variant,  # type: ignore[arg-type]
        options=options,
    )


def pokerkit_state(  # noqa: ANN201
    config: HandConfig, *, automations=AUTOMATIONS, ante_trimming: bool = False, **game: object  # noqa: ANN001
):
    """A PokerKit state for ``config`` (dealing and actions left to the caller);
    ``ante_trimming``: antes are contributions (PHH's ``ante_trimming_status``);
    ``game`` passes PokerKit's game keywords (``mode=Mode.CASH_GAME``...)."""
    n = config.player_count
    b = config.button
    to_pk = [(i - b - 1) % n for i in range(n)]
    sb, bb = config.blinds
    # Per-PokerKit-position forced bets.
    blinds = [0] * n
    antes = [0] * n
    pk_sb = to_pk[config.small_blind_player]
    pk_bb = to_pk[config.big_blind_player]
    if not config.bomb_pot:  # a bomb pot posts no blind (its antes are below)
        blinds[pk_sb] = sb
        blinds[pk_bb] = bb
    for player, amount in zip(config.straddle_players, config.straddles):
        blinds[to_pk[player]] = amount
    if config.ante:
        if config.ante_type is AnteType.PER_PLAYER:
            antes = [config.ante] * n
        elif config.ante_type is AnteType.BIG_BLIND:
            antes[pk_bb] = config.ante
        elif config.ante_type is AnteType.BUTTON:
            antes[to_pk[b]] = config.ante
    if n == 2:  # PokerKit reads heads-up arrays reversed
        blinds.reverse()
        antes.reverse()
    stacks = [0] * n
    for i, s in enumerate(config.stacks):
        stacks[to_pk[i]] = s
    if config.variant == "shortdeck":
        return _NoLimitShortDeckHoldem.create_state(
            automations, ante_trimming, antes, blinds, config.min_bet, stacks, n, **game
        )
    if config.structure is Structure.FIXED_LIMIT:
        return _FixedLimitTexasHoldem.create_state(
            automations, ante_trimming, antes, blinds, config.small_bet, config.big_bet, stacks, n, **game
        )
    kind = _NoLimitTexasHoldem if config.structure is Structure.NO_LIMIT else PotLimitTexasHoldem
    if kind is _NoLimitTexasHoldem:
        return kind.create_state(automations, ante_trimming, antes, blinds, config.min_bet, stacks, n, **game)
    return kind(automations, ante_trimming, antes, blinds, config.min_bet, **game)(stacks, n)


def pokerkit_deal(state, deck: Sequence[Card], n: int) -> None:  # noqa: ANN001
    """Let PokerKit deal what our engine deals from ``deck``."""
    base = 2 * n
    board = [deck[base + 1], deck[base + 2], deck[base + 3], deck[base + 5], deck[base + 7]]
    dealt = len(state.board_cards)  # one entry per board card (a list of runouts)
    hole_next = sum(len(h) for h in state.hole_cards)
    while True:
        if state.can_deal_hole():
            k = hole_next
            # Card k of the deal goes to PokerKit player k % n, in deck order.
            state.deal_hole(str(deck[k]))
            hole_next += 1
        elif state.can_burn_card():
            state.burn_card("??")
        elif state.can_deal_board():
            count = state.board_dealing_count
            with warnings.catch_warnings():
                # PokerKit's own deck disagrees with ours about which cards are left.
                warnings.simplefilter("ignore", UserWarning)
                state.deal_board("".join(str(c) for c in board[dealt : dealt + count]))
            dealt += count
        else:
            return


def play_both(rng: random.Random, config: HandConfig, deck: Sequence[Card]) -> tuple[Hand, object]:
    """Play one random hand on both engines, checking at every step that the
    player to act and the legal actions agree. Returns both end states."""
    n = config.player_count
    b = config.button
    hand = Hand(config, deck)
    state = pokerkit_state(config)
    pokerkit_deal(state, deck, n)
    while hand.actor is not None and hand.street.value != "showdown":
        legal = hand.legal()
        p = legal.actor
        assert p is not None
        pk = (p - b - 1) % n
        assert state.actor_index == pk, (hand, hand.log, state.actor_index, pk)
        assert state.can_fold() == legal.can_fold, (hand.log, legal)
        pk_call = state.checking_or_calling_amount
        assert pk_call == (legal.call or 0), (hand.log, legal, pk_call)
        lo = state.min_completion_betting_or_raising_to_amount
        hi = state.max_completion_betting_or_raising_to_amount
        assert (lo, hi) == (legal.min_raise_to, legal.max_raise_to), (hand.log, legal, lo, hi)
        choices = ["cc"]
        if legal.can_fold:
            choices.append("f")
        if legal.min_raise_to is not None:
            choices += ["min", "max", "mid"]
        choice = rng.choice(choices)
        if choice == "f":
            hand.fold()
            state.fold()
        elif choice == "cc":
            hand.check_or_call()
            state.check_or_call()
        else:
            assert legal.min_raise_to is not None and legal.max_raise_to is not None
            amount = {
                "min": legal.min_raise_to,
                "max": legal.max_raise_to,
                "mid": rng.randint(legal.min_raise_to, legal.max_raise_to),
            }[choice]
            hand.raise_to(amount)
            state.complete_bet_or_raise_to(amount)
        pokerkit_deal(state, deck, n)
    if not hand.is_complete:
        hand.auto_showdown()
    return hand, state


def finishing_stacks(config: HandConfig, state) -> tuple[int, ...]:  # noqa: ANN001
    n = config.player_count
    return tuple(state.stacks[(i - config.button - 1) % n] for i in range(n))


def random_deck(rng: random.Random, variant: str) -> list[Card]:
    deck = list(deck_cards(variant))  # type: ignore[arg-type]
    rng.shuffle(deck)
    return deck
