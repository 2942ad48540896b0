"""Hands played and written by PokerKit itself (its own rules, its own PHH writer).

Used to check that ``replay --rules pokerkit`` reproduces PokerKit's finishing
stacks on files another tool wrote: straddles, antes, odd-chip splits (a board
everyone plays, odd blinds), short deck and fixed limit. With ``choices``, the
players also choose at the showdown (show, muck, or PokerKit's automatic
choice -- PokerKit lets a player muck at an all-in showdown) and a short-deck
game may have a button blind above its minimum bet.
"""

from __future__ import annotations

import random
import warnings

from pokerkit import (
    Automation,
    FixedLimitTexasHoldem,
    HandHistory,
    NoLimitShortDeckHoldem,
    NoLimitTexasHoldem,
)

from pokerdealer.cards import deck_cards

AUTOMATIONS = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.CARD_BURNING,
    Automation.RUNOUT_COUNT_SELECTION,
    Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
    Automation.HAND_KILLING,
    Automation.CHIPS_PUSHING,
    Automation.CHIPS_PULLING,
)

ROYAL = ("Ah", "Kh", "Qh", "Jh", "Th")


def _game(rng: random.Random, kind: str, n: int, choices: bool):  # noqa: ANN202
    """A PokerKit game: odd blinds, sometimes antes and straddles (with ``choices``,
    a short-deck button blind above the minimum bet too)."""
    automations = AUTOMATIONS
    if choices:
        automations = tuple(a for a in AUTOMATIONS if a is not Automation.HOLE_CARDS_SHOWING_OR_MUCKING)
    bb = rng.choice([2, 4, 10])
    min_bet = bb
    sb = min(rng.choice([1, bb // 2, bb // 2 + 1]), bb - 1)  # PokerKit seats equal blinds oddly
    blinds = [sb, bb] + [0] * (n - 2)
    if choices and kind == "NS" and n > 2 and rng.random() < 0.5:
        blinds = [0] * (n - 1) + [bb]  # a button blind: PokerKit raises it by the minimum bet
        min_bet = bb // 2
    if kind == "NT" and n >= 4 and rng.random() < 0.5:
        blinds[2] = 2 * bb  # a straddle, sometimes two
        if n >= 5 and rng.random() < 0.5:
            blinds[3] = 4 * bb
    antes = [rng.choice([0, 1, 3])] * n if rng.random() < 0.4 else [0] * n
    trimming = rng.random() < 0.5
    if kind == "FT":
        return FixedLimitTexasHoldem(automations, trimming, antes, blinds, bb, 2 * bb)
    game = NoLimitShortDeckHoldem if kind == "NS" else NoLimitTexasHoldem
    return game(automations, trimming, antes, blinds, min_bet)


def pokerkit_hand(rng: random.Random, kind: str, *, choices: bool = False) -> tuple[str, list[int]]:
    """Play one random hand in PokerKit and return ``(PHH text, finishing stacks)``.

    With ``choices`` each player at the showdown shows, mucks, or lets PokerKit
    choose. PokerKit itself may fail such a hand (an ``AssertionError`` when the
    last hands of a side pot are mucked): then nothing was played.
    """
    n = rng.randint(2, 9 if kind == "NS" else 10)
    game = _game(rng, kind, n, choices)
    stacks = [rng.choice([7, 40, 150, 1000]) for _ in range(n)]
    state = game(stacks, n)
    deck = [str(c) for c in deck_cards("shortdeck" if kind == "NS" else "holdem")]
    rng.shuffle(deck)
    if rng.random() < 0.3:  # a board everyone plays: split pots and odd chips
        deck = [c for c in deck if c not in ROYAL and c[0] != "9"]
        board = list(ROYAL)
    else:
        board = [deck.pop() for _ in range(5)]
    with warnings.catch_warnings():
        # PokerKit's deck bookkeeping differs from ours about which cards are left.
        warnings.simplefilter("ignore", UserWarning)
        while state.status:
            if state.can_deal_hole():
                state.deal_hole(deck.pop())
            elif state.can_deal_board():
                count = state.board_dealing_count
                state.deal_board("".join(board[:count]))
                del board[:count]
            elif choices and state.can_show_or_muck_hole_cards():
                state.show_or_muck_hole_cards(rng.choice([True, False, None, None]))
            elif state.actor_index is not None:
                choice = rng.random()
                lo = state.min_completion_betting_or_raising_to_amount
                if choice < 0.15 and state.can_fold():
                    state.fold()
                elif choice < 0.4 and lo is not None:
                    hi = state.max_completion_betting_or_raising_to_amount
                    state.complete_bet_or_raise_to(rng.choice([lo, hi, rng.randint(lo, hi)]))
                else:
                    state.check_or_call()
            else:  # pragma: no cover - the automations do everything else
                raise AssertionError(f"PokerKit is stuck: {state}")
    stacks = list(state.stacks)
    history = HandHistory.from_game_state(game, state, finishing_stacks=stacks)
    return history.dumps(), stacks
