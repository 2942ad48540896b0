"""PokerKit 0.7.7 agrees with the home-game rules on random hands: running it twice
(PokerKit's cash-game runout count of 2, every runout dealt from the same deck, one
after the other) and bomb pots (everyone antes, the antes trimmed as contributions,
nobody bets before the flop), with ``RuleOptions.pokerkit()``.

Same deck order, same random actions on both engines; at every decision the player
to act and the legal amounts agree, and so does whether the players are asked to
run it twice; at the end the finishing stacks are identical."""

from __future__ import annotations

import random
import warnings

import pytest
from pokerkit import Automation, Mode

from pokerdealer.rules import Hand, HandConfig, RuleOptions
from pokerdealer.rules.bomb_pot import bomb_pot
from pokerdealer.rules.deal import board_positions, second_run_positions
from tests.rules.pokerkit_oracle import (
    AUTOMATIONS,
    finishing_stacks,
    pokerkit_state,
    random_config,
    random_deck,
)

OPTIONS = RuleOptions.pokerkit()
#: The players choose the runout count here (PokerKit's automation would choose none).
CHOOSING = tuple(a for a in AUTOMATIONS if a is not Automation.RUNOUT_COUNT_SELECTION)


class Dealer:
    """Deals PokerKit what our engine deals from the deck: the hole cards, then the
    board cards in the order they come out (a second run's after the first's)."""

    def __init__(self, deck, n: int, *, offered: bool) -> None:  # noqa: ANN001
        self.deck = deck
        self.n = n
        self.offered = offered  # else PokerKit's cash game asks anyway: one runout
        self.board = [deck[i] for i in board_positions(n)]
        self.holes = 0
        self.dealt = 0

    def run_twice_from(self, out: int) -> None:
        """The players agreed with ``out`` board cards out: the second run follows."""
        self.board += [self.deck[i] for i in second_run_positions(self.n, out).board]

    def deal(self, state) -> None:  # noqa: ANN001
        while True:
            if state.can_deal_hole():
                state.deal_hole(str(self.deck[self.holes]))
                self.holes += 1
            elif state.can_burn_card():
                state.burn_card("??")
            elif not self.offered and state.can_select_runout_count():
                state.select_runout_count()
            elif state.can_deal_board():
                count = state.board_dealing_count
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore", UserWarning)  # PokerKit's own deck differs
                    state.deal_board("".join(map(str, self.board[self.dealt : self.dealt + count])))
                self.dealt += count
            else:
                return


def play(rng: random.Random, config: HandConfig, deck, state, dealer: Dealer) -> Hand:  # noqa: ANN001
    """Random legal actions on both engines; random answers to running it twice."""
    n = config.player_count
    b = config.button
    hand = Hand(config, deck)
    dealer.deal(state)

    def bomb_preflop() -> None:
        # A bomb pot has no betting before the flop; PokerKit's hand has a preflop
        # round of zero blinds, which everyone checks (its PHH reader does the same).
        while config.bomb_pot and state.street_index == 0 and state.actor_index is not None:
            state.check_or_call()
            dealer.deal(state)

    bomb_preflop()
    while not hand.is_complete and hand.street.value != "showdown":
        asked = bool(hand.run_twice_pending)
        assert asked == state.can_select_runout_count(), (hand.log, asked)
        if asked:
            runs = 2 if rng.random() < 0.8 else 1
            if runs == 2:
                dealer.run_twice_from(len(hand.board))
            while hand.run_twice_pending:
                hand.apply(f"p{hand.run_twice_pending[0] + 1} runs {runs}")
                if runs == 1:
                    break
            while state.can_select_runout_count():
                state.select_runout_count(runs)
            dealer.deal(state)
            bomb_preflop()
            continue
        legal = hand.legal()
        p = legal.actor
        assert p is not None and state.actor_index == (p - b - 1) % n, (hand.log, state.actor_index)
        assert state.checking_or_calling_amount == (legal.call or 0), (hand.log, legal)
        lo = state.min_completion_betting_or_raising_to_amount
        hi = state.max_completion_betting_or_raising_to_amount
        assert (lo, hi) == (legal.min_raise_to, legal.max_raise_to), (hand.log, legal, lo, hi)
        choices = ["cc", "cc"] + (["f"] if legal.can_fold else []) + (["max", "min"] if lo is not None else [])
        choice = rng.choice(choices)
        if choice == "f":
            hand.fold(), state.fold()
        elif choice == "cc":
            hand.check_or_call(), state.check_or_call()
        else:
            amount = legal.max_raise_to if choice == "max" else legal.min_raise_to
            hand.raise_to(amount), state.complete_bet_or_raise_to(amount)
        dealer.deal(state)
    if not hand.is_complete:
        hand.auto_showdown()
    dealer.deal(state)
    assert not state.status, hand.log
    return hand


def run_twice_hands(seeds: range) -> int:
    """Random hands at a table that offers to run it twice; how many ran twice."""
    twice = 0
    for seed in seeds:
        rng = random.Random(seed)
        config = random_config(rng, OPTIONS).replace(run_it_twice=True)
        if rng.random() < 0.7:
            # Short stacks: more all-ins before the river, so more hands are asked.
            config = config.replace(stacks=tuple(rng.randint(1, 12 * config.blinds[1]) for _ in config.stacks))
        deck = random_deck(rng, config.variant)
        state = pokerkit_state(config, automations=CHOOSING, mode=Mode.CASH_GAME)
        hand = play(rng, config, deck, state, Dealer(deck, config.player_count, offered=config.run_it_twice))
        assert hand.result.final_stacks == finishing_stacks(config, state), (seed, config, hand.log)
        twice += hand.runs == 2
    return twice


@pytest.mark.parametrize("first", range(0, 1000, 500))
def test_pokerkit_agrees_on_random_hands_run_twice(first: int):
    # 500 hands a test, about 10 s of CPU (PokerKit is most of it); about 60% run twice.
    twice = run_twice_hands(range(first, first + 500))
    assert twice >= 200  # the agreement is exercised, not only the tables that offer it


@pytest.mark.slow
def test_pokerkit_agrees_on_10000_more_hands_run_twice():
    assert run_twice_hands(range(1000, 11_000)) >= 4000


def bomb_pot_hands(seeds: range) -> None:
    """Random bomb pots (any structure but pot limit's PokerKit class, short stacks
    often, run twice or not), PokerKit's antes trimmed as contributions."""
    for seed in seeds:
        rng = random.Random(seed)
        config = random_config(rng, OPTIONS)
        ante = rng.choice([1, config.blinds[1], 2 * config.blinds[1], 5 * config.blinds[1]])
        config = bomb_pot(config, ante=ante).replace(run_it_twice=rng.random() < 0.5)
        if rng.random() < 0.5:
            config = config.replace(stacks=tuple(rng.randint(1, 8 * ante) for _ in config.stacks))
        deck = random_deck(rng, config.variant)
        state = pokerkit_state(config, automations=CHOOSING, ante_trimming=True, mode=Mode.CASH_GAME)
        hand = play(rng, config, deck, state, Dealer(deck, config.player_count, offered=config.run_it_twice))
        assert hand.result.final_stacks == finishing_stacks(config, state), (seed, config, hand.log)


def test_pokerkit_agrees_on_random_bomb_pots():
    # 500 hands, about 10 s of CPU.
    bomb_pot_hands(range(500))


@pytest.mark.slow
def test_pokerkit_agrees_on_10000_more_bomb_pots():
    bomb_pot_hands(range(500, 10_500))
