"""The coach's numbers checked by computations that are not the engine's, over
hundreds of generated hands: the pots a player can win (a small model written
here: what a player all-in for T can win is every player's chips up to T), and
the pot-limit maximum (written here from RULES.md §4.2, and PokerKit's own)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from pokerkit import Automation, Mode
from pokerkit.games import PotLimitPokerMixin, TexasHoldemMixin, UnfixedLimitHoldem

from pokerdealer.cards import deck_cards
from pokerdealer.learn.coach import coach_lines
from pokerdealer.rules import Action, Hand, HandConfig, Structure

NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve", "Fay")


def _spots(hands: int, seed: int, *, free_folds: bool = True, **config: Any) -> Iterator[Hand]:  # noqa: ANN401
    """Every betting decision of ``hands`` random hands, short stacks often all-in;
    with ``free_folds`` a player may fold when checking is free (the rules allow it)."""
    rng = random.Random(seed)
    for _ in range(hands):
        n = rng.randint(2, 6)
        stacks = tuple(rng.choice([rng.randint(3, 60), rng.randint(60, 600)]) for _ in range(n))
        deck = list(deck_cards())
        rng.shuffle(deck)
        hand = Hand(HandConfig(stacks=stacks, blinds=(1, 2), players=NAMES[:n], **config), deck)
        while not hand.is_complete:
            legal = hand.legal()
            if legal.can_show:
                hand.auto_showdown()
                break
            yield hand
            roll = rng.random()
            if legal.min_raise_to is not None and roll < 0.35:
                to = rng.choice([legal.min_raise_to, legal.max_raise_to, rng.randint(legal.min_raise_to, legal.max_raise_to)])
                hand.apply(Action("raise", None, to))
            elif legal.can_fold and roll > 0.85 and (free_folds or not legal.can_check):
                hand.fold()
            else:
                hand.check_or_call()


# ------------------------------------------------------------------ side pots
def _unmatched(contributions: list[int], stacks: list[int], live: list[bool]) -> tuple[int, int]:
    """``(bettor, chips)``: once a live player is all-in, the top contribution's
    excess over the second largest (folded players counted) is nobody's pot yet."""
    if all(stacks[i] for i in range(len(stacks)) if live[i]):
        return 0, 0
    top = max(contributions)
    second = sorted(contributions)[-2]
    return contributions.index(top), top - second


def _can_win(contributions: list[int], stacks: list[int], live: list[bool], dead: int, player: int) -> int:
    """What ``player`` can win of the chips in (the unmatched part aside): all of
    it with chips behind; all-in for T, every player's chips up to T, and the dead money."""
    bettor, unmatched = _unmatched(contributions, stacks, live)
    matched = [c - (unmatched if i == bettor else 0) for i, c in enumerate(contributions)]
    if stacks[player]:
        return sum(matched) + dead
    return dead + sum(min(c, matched[player]) for c in matched)


def _amounts(items: list[dict[str, Any]]) -> int:
    return sum(item["params"]["amount"] for item in items)


def test_the_felts_pots_hold_every_chip_and_name_no_unmatched_bet_as_a_side_pot() -> None:
    open_bets = 0
    for hand in _spots(300, seed=1):
        contributions, stacks = list(hand.contributions), list(hand.stacks)
        live = [not f for f in hand.folded]
        pots = hand.pots
        assert sum(pot.amount for pot in pots) == sum(contributions) + hand.dead_money
        bettor, unmatched = _unmatched(contributions, stacks, live)
        found = hand.unmatched
        if unmatched:
            open_bets += 1
            assert found is not None and found == pots[-1] == (unmatched, (bettor,))
        else:
            assert found is None
        # The rest are pots of matched chips: what each can win is what the model says.
        for player in (i for i in range(len(live)) if live[i]):
            won = sum(pot.amount for pot in pots[: len(pots) - (found is not None)] if player in pot.eligible)
            assert won == _can_win(contributions, stacks, live, hand.dead_money, player)
    assert open_bets > 300


def test_the_coach_names_the_pots_a_player_can_win_as_the_model_counts_them() -> None:
    short_calls = 0
    for hand in _spots(300, seed=2):
        legal = hand.legal()
        live = [not f for f in hand.folded]
        for player in (i for i in range(len(live)) if live[i]):
            contributions, stacks = list(hand.contributions), list(hand.stacks)
            call = legal.call if player == legal.actor else None
            if call is not None:  # what the player can win if they call (all-in if short)
                contributions[player] += call
                stacks[player] -= call
            bettor, unmatched = _unmatched(contributions, stacks, live)
            lines = [line for line in coach_lines(hand, player) if line.rule == "side-pots"]
            if unmatched:
                assert lines, (hand.log, player)
            if not lines:
                continue
            first = lines[0]
            can, cannot = first.params["can"], first.params.get("cannot", [])
            assert _amounts(can) == _can_win(contributions, stacks, live, hand.dead_money, player)
            assert _amounts(can) + _amounts(cannot) + unmatched == sum(contributions) + hand.dead_money
            if call is not None:
                assert first.params["call"] == call
                assert first.key.startswith("coach.pots.if_all_in" if stacks[player] == 0 else "coach.pots.if_call")
            if unmatched:
                (said,) = lines[1:]
                assert said.params["amount"] == unmatched
                assert said.params.get("name", NAMES[player]) == NAMES[bettor]
                short_calls += call is not None and stacks[player] == 0 and bettor != player
            else:
                assert len(lines) == 1
    assert short_calls > 100


# ---------------------------------------------------------------- pot limit
class _PotLimitTexasHoldem(PotLimitPokerMixin, TexasHoldemMixin, UnfixedLimitHoldem):
    """PokerKit's pieces put together as pot-limit Texas hold'em (it ships PL Omaha only)."""


def _pokerkit(hand: Hand) -> Any:  # noqa: ANN401
    """PokerKit's state after the same actions (its own cards: the betting does not read them)."""
    config = hand.config
    game = _PotLimitTexasHoldem(tuple(Automation), False, 0, config.blinds, config.blinds[1], mode=Mode.CASH_GAME)
    state = game(config.stacks, config.player_count)
    for action in hand.log:
        assert state.actor_index == action.player  # both engines agree on who acts
        if action.kind == "fold":
            state.fold()
        elif action.kind == "raise":
            state.complete_bet_or_raise_to(action.amount)
        else:
            state.check_or_call()
    return state


def test_pot_limit_maxima_are_the_models_and_pokerkits() -> None:
    said = 0
    for hand in _spots(200, seed=3, free_folds=False, structure=Structure.POT_LIMIT):
        legal = hand.legal()
        player = legal.actor
        lines = [line for line in coach_lines(hand, player) if line.rule == "pot-limit"]
        all_in = hand.committed[player] + hand.stacks[player]
        if legal.max_raise_to is None or legal.max_raise_to >= all_in:
            assert not lines  # no raise, or the stack, not the pot, is the limit
            continue
        # RULES.md §4.2, written here: the pot with every bet in it, plus the call, on top of the bet.
        current = max(hand.committed)
        pot = sum(hand.contributions)
        call = current - hand.committed[player]
        model = current + pot + call
        (line,) = lines
        assert line.params["high"] == legal.max_raise_to == model, hand.log
        if current:
            assert (line.params["pot"], line.params["call"], line.params["after"]) == (pot, call, pot + call)
            assert f"to {model} ({current} + {pot + call})" in line.text("en")
            assert line.key == ("coach.pot_limit" if call else "coach.pot_limit.no_call")
        assert _pokerkit(hand).max_completion_betting_or_raising_to_amount == model, hand.log
        said += 1
    assert said > 300


# -------------------------------------------------------- the raise, said
def test_a_raise_that_takes_every_chip_short_of_a_full_raise_is_said_as_an_all_in_in_every_structure() -> None:
    """Issue 38: in fixed limit a 3-chip stack facing a bet of 2 was told "raise to 3: every
    raise adds one bet of 2". Model, written here: a fixed-limit raise adds the street's unit
    (the small bet preflop and on the flop, the big bet after); a player whose chips do not
    reach the bet plus that unit (or, in no limit and pot limit, the bet plus the smallest
    raise the engine allows) can only go all-in, and the coach must say so."""
    short = 0
    for structure in Structure:
        for hand in _spots(250, seed=4, free_folds=False, structure=structure):
            legal = hand.legal()
            player = legal.actor
            if legal.min_raise_to is None:
                continue
            chips = hand.committed[player] + hand.stacks[player]
            current = max(hand.committed)
            if structure is Structure.FIXED_LIMIT:
                unit = hand.config.small_bet if hand.street.value in ("preflop", "flop") else hand.config.big_bet
                full = current + unit
            else:
                full = current + hand.min_increment
            (line,) = [line for line in coach_lines(hand, player) if line.key.startswith(("coach.raise.", "coach.bet."))]
            if chips < full:
                assert line.key.endswith(".all_in_short"), (structure, hand.log, line.key)
                assert line.params["to"] == chips == legal.max_raise_to
                assert "all-in" in line.body("en") and "全下" in line.body("zh-Hans") and "全下" in line.body("zh-Hant")
                short += structure is Structure.FIXED_LIMIT
            else:
                assert not line.key.endswith(".all_in_short"), (structure, hand.log, line.key)
                if structure is Structure.FIXED_LIMIT:
                    assert line.params["unit"] == unit and line.params["to"] <= full
    assert short > 20
