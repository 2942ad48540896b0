"""Drills on reading hands: ``showdown`` (which hand wins) and ``best_five``.

The answers come from the evaluator and its explanations
(:func:`pokerdealer.evaluation.showdown`); the levels follow seed articles
000 and 004: two players with different hands, then the same hand decided by
its made cards, then kickers down to the fifth card and a board card as a
kicker, then a board that plays (split), then a counterfeited two pair, then
three players.

>>> import random
>>> q = showdown_question(random.Random(1), level=0, lang="en")
>>> q.topic, sorted(q.data), sorted(q.answer)
('showdown', ['board', 'hands'], ['winners'])
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Sequence

from pokerdealer.cards import Card, deck_cards, parse_cards
from pokerdealer.errors import PokerDealerError
from pokerdealer.evaluation import HandValue, Step, evaluate, showdown
from pokerdealer.evaluation.explain import card_label
from pokerdealer.evaluation.showdown import ShowdownResult
from pokerdealer.i18n import join_names, message
from pokerdealer.learn.diagram import hands_diagram
from pokerdealer.learn.drill_cites import with_cite
from pokerdealer.learn.question import Question

__all__ = ["BEST_FIVE_LEVELS", "SHOWDOWN_LEVELS", "best_five_question", "showdown_question"]

SHOWDOWN_LEVELS = 6
BEST_FIVE_LEVELS = 5
_TRIES = 20_000


def _codes(cards: Sequence[Card], sep: str = " ") -> str:
    return sep.join(str(card) for card in cards)


def _labels(cards: Sequence[Card]) -> str:
    return " ".join(card_label(card) for card in cards)


def _shuffled(rng: random.Random) -> list[Card]:
    deck = list(deck_cards())
    rng.shuffle(deck)
    return deck


# ------------------------------------------------------------------ showdown
def _classify(result: ShowdownResult) -> str:
    """Which lesson a two-player showdown teaches (the level it belongs to)."""
    decision = result.decision
    if decision.step is Step.IDENTICAL:
        return "split"
    if decision.step is Step.CATEGORY:
        return "category"
    if decision.step is Step.MADE_CARDS:
        return "made"
    assert decision.kicker_index is not None
    winner_cards = decision.deciding_cards[0 if decision.winner == "a" else 1]
    # A board card that is the winner's deciding kicker (seed 000: it pushes a hole card out).
    board_kicker = any(card in result.board for card in winner_cards)
    return "deep_kicker" if decision.kicker_index >= 2 or board_kicker else "kicker"


def _random_showdown(rng: random.Random, players: int) -> tuple[tuple[Card, ...], dict[str, tuple[Card, ...]]]:
    deck = _shuffled(rng)
    names = "ABCDEF"[:players]
    holes = {name: (deck[2 * i], deck[2 * i + 1]) for i, name in enumerate(names)}
    return tuple(deck[2 * players : 2 * players + 5]), holes


def _counterfeit(rng: random.Random) -> tuple[tuple[Card, ...], dict[str, tuple[Card, ...]]]:
    """Seed 000's counterfeit: a two pair made with both hole cards on the flop,
    beaten when the board pairs above its lower pair."""
    while True:
        low, high, top, pair = sorted(rng.sample(range(13), 4))
        # A (two pair, high and low), the board pairs `pair`; B holds `top` and a card.
        other = rng.choice([r for r in range(13) if r not in (low, high, top, pair)])
        suits = [rng.sample(range(4), 4) for _ in range(13)]

        def card(rank: int, k: int) -> Card:
            return Card(rank * 4 + suits[rank][k])

        a = (card(high, 0), card(low, 0))
        b = (card(top, 0), card(other, 0))
        board = [card(high, 1), card(low, 1), card(top, 1), card(pair, 0), card(pair, 1)]
        result = showdown(board, {"A": a, "B": b})
        if result.winners == ["B"] and result.hands["A"].category.value == "two_pair":
            return tuple(board), {"A": a, "B": b}


def _showdown_deal(rng: random.Random, level: int) -> tuple[tuple[Card, ...], dict[str, tuple[Card, ...]]]:
    if level == 4:
        return _counterfeit(rng)
    players = 3 if level >= 5 else 2
    wanted = {0: "category", 1: "made", 2: "deep_kicker", 3: "split"}.get(level)
    for _ in range(_TRIES):
        board, holes = _random_showdown(rng, players)
        result = showdown(board, holes)
        if wanted is None or _classify(result) == wanted:
            return board, holes
    raise PokerDealerError(f"no showdown found for level {level}")  # pragma: no cover


def _hand_line(name: str, value: HandValue, hole: tuple[Card, ...], lang: str) -> str:
    """``A: A♠ A♦ K♦ Q♠ 7♥ (pair of aces, kickers K Q 7)``, and the hole cards that do not play."""
    text = message(
        lang, "quiz.hand_line", name=name, cards=_labels(value.best_five), hand=value.describe(lang)
    )
    dead = [card_label(card) for card in hole if card not in value.best_five]
    if dead:
        text += message(lang, "quiz.not_playing", cards=join_names(dead, lang))
    return text


def showdown_question(rng: random.Random, *, level: int, lang: str) -> Question:
    """Which hand wins (or splits) a showdown."""
    board, holes = _showdown_deal(rng, level)
    result = showdown(board, holes)
    names = list(holes)
    holders = message(lang, "list.separator").join(
        message(lang, "quiz.holds", name=name, cards=_labels(hole)) for name, hole in holes.items()
    )
    prompt = message(lang, "quiz.showdown.ask", board=_labels(board), holders=holders)
    options: list[list[str]] = [[name] for name in names]
    if len(result.winners) > 1 and result.winners != names:
        options.append(list(result.winners))
    options.append(names)
    choices = tuple(
        option[0] if len(option) == 1 else message(lang, "quiz.split", names=join_names(option, lang))
        for option in options
    )
    lines = [_hand_line(name, result.hands[name], holes[name], lang) for name in names]
    explanation = message(
        lang, "quiz.explain", facts=message(lang, "quiz.line_sep").join(lines),
        why=message(lang, "quiz.end", text=result.explain(lang)),
    )
    rules = ("kickers", "board_plays") if level == 3 else ("kickers",)
    return Question(
        topic="showdown",
        level=level,
        prompt=prompt,
        choices=choices,
        answer_index=options.index(list(result.winners)),
        answer={"winners": list(result.winners)},
        explanation=with_cite(explanation, lang, *rules),
        data={"board": _codes(board), "hands": {n: _codes(h, "") for n, h in holes.items()}},
        ask=message(lang, "quiz.showdown.ask_short"),
        diagram=hands_diagram(
            [(name, [str(card) for card in hole]) for name, hole in holes.items()],
            board=[str(card) for card in board],
        ),
    )


# ----------------------------------------------------------------- best five
def _best_fives(seven: Sequence[Card]) -> tuple[int, list[tuple[Card, ...]]]:
    """The best rank of ``seven`` and every five-card subset reaching it."""
    ranked = [(evaluate(five).rank, five) for five in itertools.combinations(seven, 5)]
    top = max(rank for rank, _ in ranked)
    return top, [five for rank, five in ranked if rank == top]


def _hole_count(value: HandValue, hole: Sequence[Card]) -> int:
    return sum(card in value.best_five for card in hole)


_BEST_FIVE_WANTED: dict[int, Callable[[HandValue, tuple[Card, ...], tuple[Card, ...]], bool]] = {
    # Both hole cards play.
    0: lambda value, hole, board: _hole_count(value, hole) == 2,
    # One hole card plays: the other is pushed out (seed 003: A♣ 7♦ on A♠ K♥ K♣ 9♦ 3♠).
    1: lambda value, hole, board: _hole_count(value, hole) == 1,
    # The board plays: no hole card is in the best five.
    2: lambda value, hole, board: _hole_count(value, hole) == 0,
    # A hole card pairs the board but does not play (counterfeited, or kicked out).
    3: lambda value, hole, board: any(
        card not in value.best_five and any(b.rank == card.rank for b in board) for card in hole
    ),
    # Hold'em is not Omaha: the best five uses one hole card or none, and a five made with
    # both (Omaha's rule: exactly two of your cards) is a lower kind of hand (seed 001).
    4: lambda value, hole, board: _hole_count(value, hole) < 2
    and _with_both(hole, board).category != value.category,
}


def _with_both(hole: tuple[Card, ...], board: tuple[Card, ...]) -> HandValue:
    """The best five that uses both hole cards and three of the board (Omaha's way of
    reading a hand, here with two hole cards): not hold'em's best five when one card or
    none of yours plays.

    >>> _with_both(parse_cards("2c 3d"), parse_cards("As Ks Qs Js Ts")).category.value
    'high_card'
    """
    return max((evaluate(hole + rest) for rest in itertools.combinations(board, 3)), key=lambda v: v.rank)


def best_five_question(rng: random.Random, *, level: int, lang: str) -> Question:
    """Pick the best five of the seven cards (two hole cards and the board)."""
    wanted = _BEST_FIVE_WANTED[min(level, BEST_FIVE_LEVELS - 1)]
    for _ in range(_TRIES):
        deck = _shuffled(rng)
        hole, board = tuple(deck[:2]), tuple(deck[2:7])
        value = evaluate(hole + board)
        if value.category.value == "high_card" and level != 2:
            continue  # nothing to read
        top, fives = _best_fives(hole + board)
        if len(fives) == 1 and wanted(value, hole, board):
            break
    else:  # pragma: no cover
        raise PokerDealerError(f"no best-five drill found for level {level}")
    best = tuple(value.best_five)
    distractors = _distractors(rng, hole, board, best)
    options = [best, *distractors]
    rng.shuffle(options)
    choices = tuple(_labels(option) for option in options)
    used = _hole_count(value, hole)
    dead = [card for card in hole if card not in best]
    facts = message(
        lang, "quiz.best_five.facts", cards=_labels(best), hand=value.describe(lang),
        used=message(lang, f"quiz.best_five.used.{used}"),
    )
    if dead:
        facts += message(lang, "quiz.best_five.dead", cards=join_names([card_label(c) for c in dead], lang))
    data = {"board": _codes(board), "hole": _codes(hole, "")}
    if level >= 4:
        both = _with_both(hole, board)
        facts += message(lang, "quiz.best_five.omaha", hand=both.describe(lang))
        data["both"] = _codes(both.best_five)
    return Question(
        topic="best_five",
        level=level,
        prompt=message(lang, "quiz.best_five.ask", board=_labels(board), hole=_labels(hole)),
        choices=choices,
        answer_index=options.index(best),
        answer={"cards": _codes(best)},
        explanation=with_cite(
            message(lang, "quiz.explain", facts=facts, why=message(lang, "quiz.best_five.rule")),
            lang, "best_five",
        ),
        data=data,
        ask=message(lang, "quiz.best_five.ask_short"),
        diagram=hands_diagram(
            [(message(lang, "quiz.you"), [str(card) for card in hole])], board=[str(card) for card in board]
        ),
    )


def _distractors(
    rng: random.Random, hole: tuple[Card, ...], board: tuple[Card, ...], best: tuple[Card, ...]
) -> list[tuple[Card, ...]]:
    """Three wrong fives: both hole cards forced in, the five highest ranks, and one more."""
    best_rank = evaluate(best).rank
    seven = hole + board

    def ordered(five: Sequence[Card]) -> tuple[Card, ...]:
        return tuple(evaluate(five).best_five)

    candidates: list[tuple[Card, ...]] = []
    # "You must use both hole cards" (seed 003: you need not).
    with_both = max(
        (hole + rest for rest in itertools.combinations(board, 3)), key=lambda five: evaluate(five).rank
    )
    candidates.append(ordered(with_both))
    # "The five highest cards."
    candidates.append(ordered(sorted(seven, key=lambda card: card.rank, reverse=True)[:5]))
    others = [five for five in itertools.combinations(seven, 5)]
    rng.shuffle(others)
    others.sort(key=lambda five: -evaluate(five).rank)  # the strongest wrong answers first
    candidates.extend(ordered(five) for five in others)
    chosen: list[tuple[Card, ...]] = []
    for five in candidates:
        if evaluate(five).rank < best_rank and set(five) not in [set(c) for c in chosen]:
            chosen.append(five)
        if len(chosen) == 3:
            break
    return chosen

