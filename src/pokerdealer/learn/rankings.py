"""Drills on the order of hands: ``hand_rankings`` and ``short_deck``.

Every answer is the evaluator's (:func:`pokerdealer.evaluation.evaluate`,
:func:`~pokerdealer.evaluation.compare_hands`), the order of the categories
its :class:`~pokerdealer.evaluation.Ranking`. The hands are made to teach one
point each, after seed articles 001 and 003 (the ten categories, A-2-3-4-5 the
lowest straight, no wrap-around Q-K-A-2-3, suits never count) and
docs/rules.md#short-deck (short deck: a flush beats a full house in every rule
set; three of a kind against a straight depends on the house's rules -- so seed 003's
"顺子大于同花", a straight beats a flush, is not the common rule: it is no
rule at all).

hand_rankings levels: name the hand; which is higher, two categories; the
straights (the wheel, no wrap-around); the same category, decided by the made
cards or a kicker; suits never count. short_deck levels: a flush against a full
house; the lowest straight A-6-7-8-9; three of a kind against a straight under
a stated rule set; the seed's "straight beats flush"; any two categories.

>>> import random
>>> q = hand_rankings_question(random.Random(4), level=2, lang="en")
>>> q.topic, sorted(q.answer), q.choices[-1]
('hand_rankings', ['winners'], 'A and B split')
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from pokerdealer.cards import Card, Variant
from pokerdealer.errors import PokerDealerError
from pokerdealer.evaluation import Category, HandValue, Ranking, compare_hands, evaluate
from pokerdealer.evaluation.explain import card_label
from pokerdealer.i18n import message
from pokerdealer.learn.diagram import hands_diagram
from pokerdealer.learn.drill_cites import with_cite
from pokerdealer.learn.question import Question

__all__ = [
    "HAND_RANKINGS_LEVELS",
    "SHORT_DECK_LEVELS",
    "SHORT_DECK_RULES",
    "category_order",
    "hand_rankings_question",
    "random_hand",
    "short_deck_question",
]

HAND_RANKINGS_LEVELS = 5
SHORT_DECK_LEVELS = 5
_TRIES = 10_000

#: The two short-deck rule sets (docs/rules.md#short-deck): whether three of a kind beats a
#: straight.
SHORT_DECK_RULES: dict[str, bool] = {"triton": True, "wsop": False}

# Pairs of categories beginners mix up (seed 001's list; seed 003's FAQ).
_CONFUSED = (
    (Category.THREE_OF_A_KIND, Category.TWO_PAIR),
    (Category.FLUSH, Category.STRAIGHT),
    (Category.FULL_HOUSE, Category.FLUSH),
    (Category.STRAIGHT, Category.THREE_OF_A_KIND),
    (Category.FOUR_OF_A_KIND, Category.FULL_HOUSE),
    (Category.STRAIGHT_FLUSH, Category.FOUR_OF_A_KIND),
    (Category.TWO_PAIR, Category.ONE_PAIR),
    (Category.ONE_PAIR, Category.HIGH_CARD),
)
# Hands with kickers or made cards to compare (level 3).
_SAME = (
    Category.FULL_HOUSE, Category.TWO_PAIR, Category.ONE_PAIR, Category.THREE_OF_A_KIND,
    Category.FLUSH, Category.HIGH_CARD, Category.FOUR_OF_A_KIND, Category.STRAIGHT,
)
# How many cards of one rank each category holds, largest group first.
_GROUPS: dict[Category, tuple[int, ...]] = {
    Category.FOUR_OF_A_KIND: (4, 1),
    Category.FULL_HOUSE: (3, 2),
    Category.THREE_OF_A_KIND: (3, 1, 1),
    Category.TWO_PAIR: (2, 2, 1),
    Category.ONE_PAIR: (2, 1, 1, 1),
    Category.HIGH_CARD: (1, 1, 1, 1, 1),
}


def category_order(variant: Variant = "holdem", *, trips_beat_straight: bool = True) -> list[Category]:
    """The ten categories from the highest, as the evaluator ranks them (the royal
    flush first: it is the top straight flush).

    >>> [c.value for c in category_order()][:4]
    ['royal_flush', 'straight_flush', 'four_of_a_kind', 'full_house']
    >>> [c.value for c in category_order("shortdeck")][3:7]
    ['flush', 'full_house', 'three_of_a_kind', 'straight']
    """
    order = Ranking(variant, trips_beat_straight).strength_order[::-1]
    return [Category.ROYAL_FLUSH, *order]


def random_hand(
    rng: random.Random, category: Category, variant: Variant = "holdem", *, avoid: Sequence[Card] = ()
) -> tuple[Card, ...]:
    """Five cards the evaluator reads as ``category`` (and none of ``avoid``)."""
    ranking = Ranking(variant)
    ranks = list(range(ranking.lowest_rank, 13))
    straights = ranking.straights()
    taken = set(avoid)
    for _ in range(_TRIES):
        if category in (Category.ROYAL_FLUSH, Category.STRAIGHT_FLUSH, Category.STRAIGHT):
            tops = straights[-1:] if category is Category.ROYAL_FLUSH else straights
            if category is Category.STRAIGHT_FLUSH:
                tops = straights[:-1]
            pattern = list(rng.choice(tops))
            if category is Category.STRAIGHT:
                suits = [rng.randrange(4) for _ in pattern]
            else:
                suits = [rng.randrange(4)] * 5
        elif category is Category.FLUSH:
            pattern = rng.sample(ranks, 5)
            suits = [rng.randrange(4)] * 5
        else:
            groups = _GROUPS[category]
            chosen = rng.sample(ranks, len(groups))
            pattern, suits = [], []
            for rank, size in zip(chosen, groups, strict=True):
                pattern += [rank] * size
                suits += rng.sample(range(4), size)
        cards = tuple(Card(rank * 4 + suit) for rank, suit in zip(pattern, suits, strict=True))
        if len(set(cards)) == 5 and not taken & set(cards) and evaluate(cards, variant).category is category:
            return cards
    raise PokerDealerError(f"no {category.value} hand found")  # pragma: no cover


def _labels(cards: Sequence[Card]) -> str:
    return " ".join(card_label(card) for card in cards)


def _codes(cards: Sequence[Card]) -> str:
    return "".join(str(card) for card in cards)


def _order_text(lang: str, variant: Variant = "holdem", *, trips_beat_straight: bool = True) -> str:
    names = [message(lang, f"category.{c.value}") for c in category_order(variant, trips_beat_straight=trips_beat_straight)]
    return message(lang, "quiz.rank.order_sep").join(names)


def _hand_line(lang: str, name: str, cards: Sequence[Card], value: HandValue) -> str:
    return message(lang, "quiz.hand_line", name=name, cards=_labels(cards), hand=value.describe(lang))


def _wraps(cards: Sequence[Card]) -> bool:
    """Five ranks that would be a straight only by going round the corner, through
    the ace to the deuce (Q-K-A-2-3): not a straight (seeds 001 and 003).

    >>> from pokerdealer.cards import parse_cards
    >>> _wraps(parse_cards("Qs Kd Ah 2c 3d")), _wraps(parse_cards("As 2d 3h 4c 5d"))
    (True, False)
    """
    ranks = {card.rank for card in cards}
    cyclic = any(ranks == {(start + k) % 13 for k in range(5)} for start in range(13))
    return cyclic and {12, 0} <= ranks and ranks != {12, 0, 1, 2, 3}


# ------------------------------------------------------------- hand_rankings
def _name_question(rng: random.Random, lang: str) -> Question:
    order = category_order()
    category = rng.choice(order)
    cards = random_hand(rng, category)
    value = evaluate(cards)
    at = order.index(value.category)
    # Wrong names: the neighbours in the order (what beginners mix up). A royal flush is
    # a straight flush too (the highest, seed 001), so that name is not a wrong one for it.
    near = [
        order[i] for step in (1, 2, 3, 4) for i in (at - step, at + step)
        if 0 <= i < len(order)
        and not (value.category is Category.ROYAL_FLUSH and order[i] is Category.STRAIGHT_FLUSH)
    ]
    options = [value.category, *near[:3]]
    rng.shuffle(options)
    facts = message(lang, "quiz.rank.named", cards=_labels(value.best_five), hand=value.describe(lang))
    if value.category is Category.ROYAL_FLUSH:
        facts += message(lang, "quiz.rank.royal_is_straight_flush")
    why = message(lang, "quiz.rank.order", order=_order_text(lang))
    return Question(
        topic="hand_rankings",
        level=0,
        prompt=message(lang, "quiz.rank.name_ask", cards=_labels(cards)),
        choices=tuple(message(lang, f"category.{c.value}") for c in options),
        answer_index=options.index(value.category),
        answer={"category": value.category.value},
        explanation=with_cite(message(lang, "quiz.explain", facts=facts, why=why), lang, "hand_rankings"),
        data={"cards": _codes(cards)},
        ask=message(lang, "quiz.rank.name_ask_short"),
        diagram=hands_diagram([("", [str(c) for c in cards])]),
    )


def _straights_pair(rng: random.Random) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """A straight lesson: the wheel against a higher straight or three of a kind,
    or Q-K-A-2-3 (no straight) against a pair."""
    wheel = Ranking().straights()[0]
    case = rng.randrange(4)
    while True:
        if case <= 1:
            a = _with_ranks(rng, wheel, flush=False)
            b = random_hand(rng, Category.STRAIGHT if case == 0 else Category.THREE_OF_A_KIND, avoid=a)
        else:
            corner = rng.choice([(10, 11, 12, 0, 1), (11, 12, 0, 1, 2), (9, 10, 11, 12, 0)])
            a = _with_ranks(rng, corner, flush=False)
            b = random_hand(rng, Category.ONE_PAIR if case == 2 else Category.HIGH_CARD, avoid=a)
        if evaluate(a).rank != evaluate(b).rank and len(set(a) | set(b)) == 10:
            return (a, b) if rng.random() < 0.5 else (b, a)


def _with_ranks(rng: random.Random, ranks: Sequence[int], *, flush: bool) -> tuple[Card, ...]:
    """Cards of ``ranks``, suited alike or not (never five of one suit unless ``flush``)."""
    while True:
        suits = [rng.randrange(4)] * 5 if flush else [rng.randrange(4) for _ in ranks]
        if flush or len(set(suits)) > 1:
            return tuple(Card(rank * 4 + suit) for rank, suit in zip(ranks, suits, strict=True))


def _same_kind_pair(rng: random.Random) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    category = rng.choice(_SAME)
    while True:
        a = random_hand(rng, category)
        b = random_hand(rng, category, avoid=a)
        if evaluate(a).rank != evaluate(b).rank:
            return a, b


def _suits_pair(rng: random.Random) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """The same ranks in other suits (a split), or the same but for the last card."""
    # Three or four of a rank cannot be dealt again in other suits: hands with pairs at most.
    category = rng.choice(
        [Category.TWO_PAIR, Category.ONE_PAIR, Category.FLUSH, Category.HIGH_CARD, Category.STRAIGHT]
    )
    while True:
        a = random_hand(rng, category)
        ranks = [card.rank for card in a]
        if rng.random() < 0.3:
            # One card a rank lower: decided by that card, not by suits.
            k = rng.randrange(5)
            ranks[k] -= 1
        if min(ranks) < 0:
            continue
        b = _with_ranks(rng, ranks, flush=category is Category.FLUSH)
        if len(set(a) | set(b)) == 10 and evaluate(b).category is category:
            return a, b


def _compare_question(
    topic: str, level: int, lang: str, a: tuple[Card, ...], b: tuple[Card, ...], rng: random.Random,
    *, variant: Variant = "holdem", rules: str = "both",
) -> Question:
    """Which of two five-card hands is higher (or a split; in short deck, or "it depends")."""
    names = ("A", "B")
    by_rules = {
        name: compare_hands(evaluate(a, variant, trips_beat_straight=flag), evaluate(b, variant, trips_beat_straight=flag))
        for name, flag in SHORT_DECK_RULES.items()
    } if variant == "shortdeck" else {"holdem": compare_hands(evaluate(a), evaluate(b))}
    if rules in by_rules:
        by_rules = {rules: by_rules[rules]}
    winners = {name: _winners(decision.winner) for name, decision in by_rules.items()}
    agreed = len({tuple(w) for w in winners.values()}) == 1
    answer = next(iter(winners.values())) if agreed else None
    options: list[list[str] | None] = [["A"], ["B"], ["A", "B"]]
    if variant == "shortdeck":
        options.append(None)  # "it depends on the house's rules"
    choices = tuple(_choice_text(option, lang) for option in options)
    decision = next(iter(by_rules.values()))
    lines = [_hand_line(lang, name, cards, value) for name, cards, value in zip(names, (a, b), (decision.a, decision.b), strict=True)]
    facts = message(lang, "quiz.line_sep").join(lines)
    if variant == "shortdeck":
        why = _short_deck_why(lang, by_rules, rules, orders=level == SHORT_DECK_LEVELS - 1)
        cited = ("short_deck",)
    else:
        why = message(lang, "quiz.end", text=decision.explain(lang))
        for cards, name in ((a, "A"), (b, "B")):
            if _wraps(cards):
                why += message(lang, "quiz.rank.no_wrap", name=name)
        if level == 4:
            why += message(lang, "quiz.rank.suits")
        cited = ("kickers",) if decision.step.value in ("made_cards", "kicker", "identical") else ("hand_rankings",)
    ask_key = f"quiz.rank.compare_ask.{rules}" if variant == "shortdeck" else "quiz.rank.compare_ask"
    ask = message(lang, ask_key)
    data: dict[str, object] = {"hands": {"A": _codes(a), "B": _codes(b)}, "variant": variant}
    if variant == "shortdeck":
        data["rules"] = rules
    return Question(
        topic=topic,
        level=level,
        prompt=message(lang, "quiz.rank.compare_prompt", a=_labels(a), b=_labels(b), ask=ask),
        choices=choices,
        answer_index=options.index(answer),
        answer={"winners": answer},
        explanation=with_cite(message(lang, "quiz.explain", facts=facts, why=why), lang, *cited),
        data=data,
        ask=ask,
        diagram=hands_diagram([("A", [str(c) for c in a]), ("B", [str(c) for c in b])]),
    )


def _winners(winner: str | None) -> list[str]:
    return ["A", "B"] if winner is None else [winner.upper()]


def _choice_text(option: list[str] | None, lang: str) -> str:
    if option is None:
        return message(lang, "quiz.rank.depends")
    if len(option) == 1:
        return option[0]
    return message(lang, "quiz.split", names=message(lang, "list.and").join(option))


def hand_rankings_question(rng: random.Random, *, level: int, lang: str) -> Question:
    """Name a hand, or say which of two hands is higher."""
    level = min(level, HAND_RANKINGS_LEVELS - 1)
    if level == 0:
        return _name_question(rng, lang)
    if level == 1:
        high, low = rng.choice(_CONFUSED)
        a = random_hand(rng, high)
        b = random_hand(rng, low, avoid=a)
        pair = (a, b) if rng.random() < 0.5 else (b, a)
    elif level == 2:
        pair = _straights_pair(rng)
    elif level == 3:
        pair = _same_kind_pair(rng)
    else:
        pair = _suits_pair(rng)
    return _compare_question("hand_rankings", level, lang, *pair, rng)


# ---------------------------------------------------------------- short_deck
def _short_deck_why(lang: str, by_rules: dict[str, object], rules: str, *, orders: bool) -> str:
    said = []
    for name, decision in by_rules.items():
        text = decision.explain(lang)  # type: ignore[attr-defined]
        said.append(message(lang, f"quiz.short.under.{name}", text=text))
    why = message(lang, "quiz.line_sep").join(said)
    if orders:
        order = {name: _order_text(lang, "shortdeck", trips_beat_straight=flag) for name, flag in SHORT_DECK_RULES.items()}
        why = message(lang, "quiz.end", text=why) + message(lang, "quiz.short.orders", **order)
    else:
        why = message(lang, "quiz.end", text=why)
    return why + message(lang, "quiz.short.seed")


def short_deck_question(rng: random.Random, *, level: int, lang: str) -> Question:
    """Which of two short-deck hands is higher, under one rule set or both."""
    level = min(level, SHORT_DECK_LEVELS - 1)
    while True:
        rules = "both"
        if level == 0:
            cats = (Category.FLUSH, Category.FULL_HOUSE)
        elif level == 1:
            cats = (Category.STRAIGHT, rng.choice([Category.STRAIGHT, Category.TWO_PAIR, Category.HIGH_CARD]))
        elif level == 2:
            cats = (Category.THREE_OF_A_KIND, Category.STRAIGHT)
            rules = rng.choice(list(SHORT_DECK_RULES))
        elif level == 3:
            cats = (Category.STRAIGHT, Category.FLUSH)
        else:
            cats = tuple(rng.sample(category_order("shortdeck"), 2))  # type: ignore[assignment]
            rules = rng.choice(["both", *SHORT_DECK_RULES])
        if level == 1:
            a = _with_ranks(rng, Ranking("shortdeck").straights()[0], flush=False)  # A-6-7-8-9
        else:
            a = random_hand(rng, cats[0], "shortdeck")
        if cats[1] is Category.ROYAL_FLUSH and len({card.suit for card in a if card.rank >= 8}) == 4:
            continue  # every royal flush would need one of A's cards: draw again
        b = random_hand(rng, cats[1], "shortdeck", avoid=a)
        if evaluate(a, "shortdeck").rank != evaluate(b, "shortdeck").rank:
            break
    pair = (a, b) if rng.random() < 0.5 else (b, a)
    return _compare_question("short_deck", level, lang, *pair, rng, variant="shortdeck", rules=rules)
