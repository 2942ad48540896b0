"""Who is asked to show or muck at a coached table, and what they are told, checked over
random hands in no limit, pot limit and fixed limit against a model written here from
the rules (TDA 2026 18-A and 17; seed 004): a player is asked only at a showdown nobody
is all-in at, only on their turn, never the called river bettor (the rules table that
hand); the first to show is the last to bet or raise on the river, else the first player
still in left of the button; mucking gives up the pot."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from pokerdealer.cards import deck_cards
from pokerdealer.i18n import LANGUAGES, message
from pokerdealer.learn.coach import asks_show_or_muck, showdown_lines
from pokerdealer.rules import Action, Hand, HandConfig, Street, Structure, replay

NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve", "Fay")


def showdowns(hands: int, seed: int, structure: Structure) -> Iterator[Hand]:
    """Every showdown decision of random hands, a river bet often, a short stack sometimes all-in."""
    rng = random.Random(seed)
    for _ in range(hands):
        n = rng.randint(2, 6)
        stacks = tuple(rng.choice([rng.randint(3, 40), rng.randint(200, 400)]) for _ in range(n))
        deck = list(deck_cards())
        rng.shuffle(deck)
        hand = Hand(HandConfig(stacks=stacks, blinds=(1, 2), players=NAMES[:n], structure=structure), deck)
        while not hand.is_complete:
            legal = hand.legal()
            if legal.can_show:
                yield hand
                hand.apply(Action("show" if rng.random() < 0.6 else "muck"))
                continue
            roll = rng.random()
            if legal.min_raise_to is not None and roll < (0.5 if hand.street is Street.RIVER else 0.1):
                hand.raise_to(legal.min_raise_to)
            elif legal.can_fold and roll > 0.9 and not legal.can_check:
                hand.fold()
            else:
                hand.check_or_call()


def first_to_show(hand: Hand) -> tuple[int, bool]:
    """TDA 2026 18-A, from the log: the last to bet or raise on the river (``True``), else
    the first player still in clockwise from the left of the button (``False``)."""
    probe = replay(hand.config, hand.deck, [])
    raisers = []
    for action in hand.log:
        if probe.street is Street.RIVER and action.kind == "raise":
            raisers.append(action.player)
        probe.apply(action)
    if raisers:
        return raisers[-1], True
    n = hand.config.player_count
    return next(p for p in ((hand.config.button + k) % n for k in range(1, n + 1)) if not hand.folded[p]), False


@pytest.mark.parametrize("structure", list(Structure))
def test_only_a_player_the_rules_leave_to_choose_is_asked_and_told_who_shows_first(structure: Structure) -> None:
    asked = 0
    for hand in showdowns(200, 7, structure):
        n = hand.config.player_count
        actor = hand.legal().actor
        first, by_bet = first_to_show(hand)
        all_in = any(hand.stacks[p] == 0 for p in range(n) if not hand.folded[p])
        for player in range(n):
            expected = player == actor and not all_in and not (player == first and first in hand.shown)
            assert asks_show_or_muck(hand, player) == expected, (hand.log, player)
            lines = showdown_lines(hand, player)
            assert bool(lines) == expected
            if not lines:
                continue
            asked += 1
            order, muck = lines
            assert (order.rule, muck.rule) == ("show-order", "show-to-win")
            for lang in LANGUAGES:
                said = order.text(lang)
                if first == player:
                    assert order.key == "coach.show.you_first"
                else:
                    assert order.key == "coach.show.after" and NAMES[first] in said
                assert "TDA 2026 18-A" in said
            assert "a mucked hand gives up every pot you are in" in muck.text("en")
            assert "盖牌就放弃" in muck.text("zh-Hans") and "蓋牌就放棄" in muck.text("zh-Hant")
            assert order.params["why"]["key"] == ("coach.show.why_aggressor" if by_bet else "coach.show.why_button")
    assert asked > 100


def test_the_first_player_still_in_left_of_the_button_is_named_as_such() -> None:
    for lang, words in (("en", "the first player still in left of the button"), ("zh-Hans", "还有牌的玩家"), ("zh-Hant", "還有牌的玩家")):
        assert words in message(lang, "coach.show.why_button")
