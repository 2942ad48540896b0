"""The ``glossary`` drill: the words of the game in the seed articles' words, the nuts,
and the burn card.

Levels: what a word means (seed 001's glossary: the button, the blinds, hole cards,
the board, the streets, the pot, the kicker, all-in, main and side pots, heads-up,
under the gun, the nuts, a split pot; the burn card of its live-table dealing); the
nuts on a board (the best hand any two cards can make there, the evaluator's, over
every two cards left); which cards the dealer turns up next from the deck (one card
burned face down before the flop, the turn and the river: the engine deals it so).

>>> import random
>>> q = glossary_question(random.Random(2), level=1, lang="en")
>>> q.choices[q.answer_index] == q.answer["nuts"]
True
"""

from __future__ import annotations

import itertools
import random

from pokerdealer.cards import Card, deck_cards
from pokerdealer.evaluation import Category, HandValue, evaluate
from pokerdealer.evaluation.explain import card_label
from pokerdealer.i18n import CATALOGS, message, rank_name
from pokerdealer.learn.diagram import hands_diagram
from pokerdealer.learn.drill_cites import with_cite
from pokerdealer.learn.question import Question
from pokerdealer.rules import Hand, HandConfig, Street

__all__ = ["GLOSSARY_LEVELS", "TERMS", "glossary_question"]

GLOSSARY_LEVELS = 3

#: The words taught, in seed 001's glossary order, and the burn card (its dealing): the
#: catalog's ``rules.glossary.<word>.name`` entries, which ``/rules#glossary`` lists too.
TERMS = tuple(
    key.split(".")[2] for key in CATALOGS["en"] if key.startswith("rules.glossary.") and key.endswith(".name")
)

#: The streets of the burn level and how many cards each turns up.
_STREETS = {"flop": 3, "turn": 1, "river": 1}


def _labels(cards: tuple[Card, ...] | list[Card]) -> str:
    return " ".join(card_label(card) for card in cards)


def _word(rng: random.Random, lang: str) -> Question:
    """What a word of the game means; the wrong choices are other words' meanings."""
    term = rng.choice(TERMS)
    others = rng.sample([t for t in TERMS if t != term], 3)
    options = [term, *others]
    rng.shuffle(options)
    name = message(lang, f"rules.glossary.{term}.name")
    ask = message(lang, "quiz.glossary.word.ask", name=name)
    facts = message(lang, "quiz.glossary.word.facts", name=name, means=message(lang, f"rules.glossary.{term}.means"))
    return Question(
        topic="glossary", level=0, prompt=ask,
        choices=tuple(message(lang, f"rules.glossary.{option}.means") for option in options),
        answer_index=options.index(term), answer={"term": term},
        explanation=with_cite(message(lang, "quiz.end", text=facts), lang, "burn_card" if term == "burn" else "glossary"),
        data={"term": term, "choices": options}, ask=ask,
    )


def _summary(value: HandValue, lang: str) -> str:
    """A hand as the nuts question names it: its kind and the ranks that make it."""
    category = value.category
    ranks = sorted({card.rank for card in value.made}, reverse=True)
    if category is Category.FLUSH:
        return message(lang, "quiz.glossary.nuts.flush", high=rank_name(max(c.rank for c in value.made), lang))
    if category is Category.FOUR_OF_A_KIND:
        return message(lang, "made.four_of_a_kind", quads=rank_name(ranks[0], lang, plural=True))
    if category is Category.THREE_OF_A_KIND:
        return message(lang, "made.three_of_a_kind", trips=rank_name(ranks[0], lang, plural=True))
    if category is Category.TWO_PAIR:
        high, low = (rank_name(rank, lang, plural=True) for rank in ranks)
        return message(lang, "made.two_pair", high_pair=high, low_pair=low)
    if category is Category.ONE_PAIR:
        return message(lang, "made.one_pair", pair=rank_name(ranks[0], lang, plural=True))
    return value.describe(lang)  # straights, full houses, straight flushes: said whole


def _nuts(rng: random.Random, lang: str) -> Question:
    """The nuts on a flop, turn or river: the best hand any two of the cards left make;
    the wrong choices are the next best kinds of hand there."""
    deck = list(deck_cards())
    rng.shuffle(deck)
    board = tuple(deck[: rng.choice((3, 4, 5))])
    rest = deck[len(board) :]
    best: dict[str, tuple[int, tuple[Card, ...]]] = {}  # summary -> its best rank, an example
    for hole in itertools.combinations(rest, 2):
        value = evaluate(hole + board)
        said = _summary(value, "en")  # grouped by the English words, the same hands in any language
        if said not in best or value.rank > best[said][0]:
            best[said] = (value.rank, tuple(sorted(hole)))
    ranked = sorted(best.values(), key=lambda item: -item[0])[:4]
    examples = [hole for _, hole in ranked]
    words = [_summary(evaluate(hole + board), lang) for hole in examples]
    order = list(range(len(words)))
    rng.shuffle(order)
    ask = message(lang, "quiz.glossary.nuts.ask", board=_labels(board))
    facts = message(
        lang, "quiz.glossary.nuts.facts", hand=words[0], cards=_labels(examples[0]),
        means=message(lang, "rules.glossary.nuts.means"),
    )
    return Question(
        topic="glossary", level=1, prompt=ask,
        choices=tuple(words[i] for i in order), answer_index=order.index(0),
        answer={"nuts": words[0]},
        explanation=with_cite(message(lang, "quiz.end", text=facts), lang, "glossary"),
        data={"board": " ".join(str(c) for c in board),
              "examples": ["".join(str(c) for c in examples[i]) for i in order]},
        ask=message(lang, "quiz.glossary.nuts.ask_short"),
        diagram=hands_diagram([], board=[str(c) for c in board]),
    )


def _burn(rng: random.Random, lang: str) -> Question:
    """Which of the next cards of the deck the dealer turns up for a street: one card is
    burned face down before each. The answer is the engine's board, dealt from the deck."""
    n = rng.randint(2, 6)
    deck = list(deck_cards())
    rng.shuffle(deck)
    hand = Hand(HandConfig(stacks=(100,) * n, blinds=(1, 2)), deck)
    while hand.street is not Street.SHOWDOWN:
        hand.check_or_call()
    street = rng.choice(list(_STREETS))
    size = _STREETS[street]
    after = tuple(deck[2 * n : 2 * n + 8])  # the deck once the hole cards are dealt
    dealt = {"flop": hand.board[:3], "turn": hand.board[3:4], "river": hand.board[4:5]}[street]
    start = after.index(dealt[0])
    wrong_starts = [s for s in (start - 1, start + 1, start + 2, start - 2, start - 3) if 0 <= s <= 8 - size]
    starts = [start, *wrong_starts[:3]]
    rng.shuffle(starts)
    ask = message(lang, "quiz.glossary.burn.ask", n=n, street=message(lang, f"quiz.glossary.burn.street.{street}"), cards=_labels(after))
    facts = message(lang, f"quiz.glossary.burn.{street}", cards=_labels(dealt), burned=card_label(after[start - 1]))
    return Question(
        topic="glossary", level=2, prompt=ask,
        choices=tuple(_labels(after[s : s + size]) for s in starts), answer_index=starts.index(start),
        answer={"cards": " ".join(str(c) for c in dealt)},
        explanation=with_cite(message(lang, "quiz.end", text=facts), lang, "burn_card"),
        data={"players": n, "street": street, "next": " ".join(str(c) for c in after)},
        ask=ask,
    )


def glossary_question(rng: random.Random, *, level: int, lang: str) -> Question:
    """A word of the game, the nuts on a board, or the burn card."""
    level = min(level, GLOSSARY_LEVELS - 1)
    return (_word, _nuts, _burn)[level](rng, lang)
