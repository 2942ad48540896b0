"""The coach's showdown comparisons checked by code that is not the engine's:
over hundreds of generated showdowns, the step, the kicker or made card and the
cards the coach marks as deciding agree with a small hand model written here
(which phevaluator confirms on every pair compared), and no line names a card
the rules did not show its reader.

The model: the best five of seven by trying all 21, each five read as (category,
ranks in the order they are compared). The first rank that differs decides, and
its place in that order says which part it is (for a pair: the pair, then the
first, second and third kicker).
"""

from __future__ import annotations

import itertools
import json
import random
from collections import Counter
from dataclasses import dataclass

from phevaluator import evaluate_cards

from pokerdealer.cards import Card, deck_cards
from pokerdealer.evaluation.explain import card_label
from pokerdealer.i18n import LANGUAGES
from pokerdealer.learn.coach import Comparison, showdown_lesson
from pokerdealer.rules import Hand, HandConfig, Street

RANKS = "23456789TJQKA"
ORDINALS = ("first", "second", "third", "fourth", "fifth")

# Category numbers of the model (higher wins), and the name of each place in the
# compared ranks: ("made", n) is the n-th made part, ("kicker", n) the n-th kicker.
HIGH, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH, ROYAL = range(10)
PLACES = {
    HIGH: [("made", 1)] + [("kicker", n) for n in range(1, 5)],
    PAIR: [("made", 1)] + [("kicker", n) for n in range(1, 4)],
    TWO_PAIR: [("made", 1), ("made", 2), ("kicker", 1)],
    TRIPS: [("made", 1), ("kicker", 1), ("kicker", 2)],
    STRAIGHT: [("made", 1)],
    FLUSH: [("made", n) for n in range(1, 6)],
    FULL_HOUSE: [("made", 1), ("made", 2)],
    QUADS: [("made", 1), ("kicker", 1)],
    STRAIGHT_FLUSH: [("made", 1)],
    ROYAL: [("made", 1)],
}
# What the coach must call each made part, in English (a kicker: "the third kicker", "the kicker" when alone).
MADE_WORDS = {
    HIGH: ["the top card"],
    PAIR: ["the pair"],
    TWO_PAIR: ["the higher pair", "the lower pair"],
    TRIPS: ["the three of a kind"],
    STRAIGHT: ["the top card"],
    FLUSH: [f"the {o} card of the flush" for o in ORDINALS],
    FULL_HOUSE: ["the three of a kind", "the pair"],
    QUADS: ["the four of a kind"],
    STRAIGHT_FLUSH: ["the top card"],
    ROYAL: ["the top card"],
}


def five_key(five: tuple[Card, ...]) -> tuple[int, tuple[int, ...]]:
    """(category, ranks in comparison order) of five cards; ranks 0 (deuce) .. 12 (ace)."""
    ranks = sorted((c.rank for c in five), reverse=True)
    counts = Counter(ranks)
    grouped = tuple(r for r, _ in sorted(counts.items(), key=lambda rc: (rc[1], rc[0]), reverse=True))
    shape = sorted(counts.values(), reverse=True)
    flush = len({c.suit for c in five}) == 1
    top = None
    if len(counts) == 5 and ranks[0] - ranks[4] == 4:
        top = ranks[0]
    elif ranks == [12, 3, 2, 1, 0]:  # the wheel, five high
        top = 3
    if top is not None and flush:
        return (ROYAL if top == 12 else STRAIGHT_FLUSH, (top,))
    if shape[0] == 4:
        return QUADS, grouped
    if shape[:2] == [3, 2]:
        return FULL_HOUSE, grouped
    if flush:
        return FLUSH, tuple(ranks)
    if top is not None:
        return STRAIGHT, (top,)
    if shape[0] == 3:
        return TRIPS, grouped
    if shape[:2] == [2, 2]:
        return TWO_PAIR, grouped
    if shape[0] == 2:
        return PAIR, grouped
    return HIGH, tuple(ranks)


def best_key(seven: tuple[Card, ...]) -> tuple[int, tuple[int, ...]]:
    return max(five_key(five) for five in itertools.combinations(seven, 5))


@dataclass(frozen=True)
class Verdict:
    """What decided between two hands in the model: ``place`` is ``("category", 0)``,
    ``("made", n)``, ``("kicker", n)`` or ``("identical", 0)``; ``ranks`` the deciding
    ranks (mine, theirs) at that place."""

    winner: str | None  # "a", "b" or None
    place: tuple[str, int]
    ranks: tuple[int, int] | None


def judge(a: tuple[int, tuple[int, ...]], b: tuple[int, tuple[int, ...]]) -> Verdict:
    winner = None if a == b else "a" if a > b else "b"
    if a[0] != b[0]:
        return Verdict(winner, ("category", 0), None)
    for i, (ra, rb) in enumerate(zip(a[1], b[1], strict=True)):
        if ra != rb:
            return Verdict(winner, PLACES[a[0]][i], (ra, rb))
    return Verdict(None, ("identical", 0), None)


def play(seed: int) -> Hand:
    """A generated hand played to its end: 2 to 5 players, stacks some of which go
    all-in preflop (side pots), the rest checking or calling down; the room's showdown."""
    rng = random.Random(seed)
    n = rng.randint(2, 5)
    stacks = tuple(rng.choice((20, 60, 200, 200)) for _ in range(n))
    deck = list(deck_cards())
    rng.shuffle(deck)
    hand = Hand(HandConfig(stacks=stacks, blinds=(1, 2), players=tuple(f"P{i}" for i in range(n))), deck)
    shove = rng.random() < 0.3
    while not hand.is_complete:
        if hand.street is Street.SHOWDOWN:
            hand.auto_showdown()
        elif shove and hand.street is Street.PREFLOP and hand.legal().max_raise_to is not None and rng.random() < 0.4:
            hand.all_in()
        else:
            hand.check_or_call()
    return hand


HANDS = 600


def comparisons() -> list[tuple[Hand, int, Comparison, str]]:
    """Every comparison the coach makes over the generated hands: (hand, player, it, its English text)."""
    out = []
    for seed in range(HANDS):
        hand = play(seed)
        for player in range(hand.config.player_count):
            for line in showdown_lesson(hand, player):
                if line.compare is not None:
                    out.append((hand, player, line.compare, line.text("en")))
    return out


def test_the_deciding_card_the_coach_names_is_the_models() -> None:
    seen: Counter[str] = Counter()
    for hand, player, compare, text in comparisons():
        other = hand.config.players.index(compare.name)
        board = hand.board
        mine, theirs = best_key(hand.hole_cards[player] + board), best_key(hand.hole_cards[other] + board)
        verdict = judge(mine, theirs)
        # phevaluator (1 is the best hand) agrees with the model on who wins.
        ph = [evaluate_cards(*(str(c) for c in hand.hole_cards[i] + board)) for i in (player, other)]
        assert (verdict.winner is None) == (ph[0] == ph[1]) and (verdict.winner == "a") == (ph[0] < ph[1])
        decision = compare.decision
        assert decision.winner == verdict.winner, text
        assert compare.outcome == ("tied" if verdict.winner is None else "lost" if verdict.winner == "b" else "mucked")
        # The fives the coach sets side by side are best fives, in the order compared.
        for value, key in ((decision.a, mine), (decision.b, theirs)):
            assert five_key(value.best_five) == key
        kind, index = verdict.place
        seen[kind] += 1
        if kind == "category":
            assert decision.step.value == "category" and compare.marked == ((), ())
            assert "you lost on the kind of hand" in text or compare.outcome == "mucked"
            continue
        if kind == "identical":
            assert decision.step.value == "identical" and compare.marked == ((), ())
            assert text.startswith(f"A tie with {compare.name}") or "A tie with" in text
            continue
        assert verdict.ranks is not None
        mark_a, mark_b = compare.marked
        assert {c.rank for c in mark_a} == {verdict.ranks[0]} and {c.rank for c in mark_b} == {verdict.ranks[1]}, text
        for card in mark_a:
            assert f"[{card_label(card)}]" in text
        if kind == "kicker":
            assert decision.step.value == "kicker" and decision.kicker_index == index
            # A hand with one kicker (two pair, four of a kind) has no "first": it is "the kicker".
            only = sum(kind == "kicker" for kind, _ in PLACES[mine[0]]) == 1
            words = "the kicker" if only else f"the {ORDINALS[index - 1]} kicker"
        else:
            assert decision.step.value == "made_cards" and decision.made_index == index
            words = MADE_WORDS[mine[0]][index - 1]
        if compare.outcome == "lost":
            assert f"you lost on {words} — " in text, (words, text)
    # Every kind of decision was met, many times over.
    assert min(seen[k] for k in ("category", "made", "kicker", "identical")) >= 20, seen
    assert sum(seen.values()) >= 300, seen


def test_every_player_who_lost_or_tied_against_a_shown_hand_is_compared() -> None:
    for seed in range(HANDS):
        hand = play(seed)
        result = hand.result
        assert result is not None
        for player in result.showdown_order:
            lines = showdown_lesson(hand, player)
            compared = {line.compare.name for line in lines if line.compare is not None}
            beaten = [
                award for award in result.awards
                if player in award.eligible and award.winners != (player,)
                and any(w in result.shown for w in award.winners if w != player)
            ]
            lost_after_muck = player in result.mucked  # her mucked hand is compared with the winner shown
            if beaten or lost_after_muck:
                assert compared, (seed, player, [line.key for line in lines])
            for name in compared:
                other = hand.config.players.index(name)
                assert other in result.shown and other != player
                assert any(other in award.winners for award in result.awards)


def test_no_line_names_a_card_its_reader_was_not_shown() -> None:
    for seed in range(0, HANDS, 3):
        hand = play(seed)
        result = hand.result
        assert result is not None
        for player in range(hand.config.player_count):
            hidden = [
                card for i, hole in enumerate(hand.hole_cards)
                if i != player and i not in result.shown for card in hole
            ]
            for line in showdown_lesson(hand, player):
                for lang in LANGUAGES:
                    said = json.dumps(line.to_json(lang), ensure_ascii=False)
                    for card in hidden:
                        assert f"\"{card}\"" not in said and card_label(card) not in said, (seed, player, said)
