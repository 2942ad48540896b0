"""Hands in words: what a hand is, and what decided between two hands.

Two hands are compared in the three fixed steps every showdown runs (seed
article 000, "平手比法速覽"):

1. ``category`` — the better category wins (a flush beats a straight).
2. ``made_cards`` — same category: the cards that make the hand, part by
   part: the pair; for two pair the higher pair, then the lower pair; the
   three of a kind; the four of a kind; for a full house the three of a kind,
   then the pair; for straights and straight flushes the top card only (the
   wheel A-2-3-4-5 is five high, the lowest straight); for a **flush all
   five cards are made cards**, compared card by card from the top, so a
   flush decided on its third card is ``made_cards`` with ``made_index`` 3;
   for high card the top card (the other four are kickers).
3. ``kicker`` — then the kickers, highest first; ``kicker_index`` counts
   from 1. Only cards in the best five count: a board card can be a
   player's top kicker and push a hole card out.

If all five cards tie the step is ``identical`` (split). Suits never count.

>>> from pokerdealer.evaluation import evaluate
>>> a = evaluate("As Kd Ad Qs 7h 3c 2d")
>>> b = evaluate("Ah 9c Ad Qs 7h 3c 2d")
>>> describe_hand(a), describe_hand(b, "zh-Hant")
('pair of aces, kickers K Q 7', '一對A，踢腳Q 9 7')
>>> decision = compare_hands(a, b)
>>> decision.step, decision.winner, decision.kicker_index
(<Step.KICKER: 'kicker'>, 'a', 1)
>>> decision.explain(board=parse_cards("Ad Qs 7h 3c 2d"))
"A wins: both have a pair of aces; the first kicker K♦ beats B's Q♠ (from the board)"
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Literal, Protocol

from pokerdealer.cards import RANKS, Card, parse_cards
from pokerdealer.errors import PokerDealerError
from pokerdealer.i18n import check_lang, join_names, message, rank_name, you_key

if TYPE_CHECKING:
    from pokerdealer.evaluation.category import Category

__all__ = [
    "Decision",
    "HandValueLike",
    "Step",
    "card_label",
    "compare_hands",
    "comparison_order",
    "deciding_cards_of",
    "deciding_part",
    "describe_hand",
    "explain_decision",
]

_ACE = 12
_STRAIGHTS = frozenset({"royal_flush", "straight_flush", "straight"})

#: Part names of the made cards, in comparison order, per category.
_PARTS: dict[str, tuple[str, ...]] = {
    "four_of_a_kind": ("part.quads",),
    "full_house": ("part.trips", "part.pair"),
    "three_of_a_kind": ("part.trips",),
    "two_pair": ("part.high_pair", "part.low_pair"),
    "one_pair": ("part.pair",),
    "high_card": ("part.top_card",),
}


class HandValueLike(Protocol):
    """What the words read of an evaluated hand: a
    :class:`~pokerdealer.evaluation.HandValue` is one (this module asks for no more,
    so the values need not know the words to be described by them)."""

    @property
    def category(self) -> Category: ...
    @property
    def rank(self) -> int: ...
    @property
    def best_five(self) -> tuple[Card, ...]: ...
    @property
    def made(self) -> tuple[Card, ...]: ...
    @property
    def kickers(self) -> tuple[Card, ...]: ...
    @property
    def variant(self) -> str: ...


class Step(StrEnum):
    """The step of the comparison that decided between two hands."""

    CATEGORY = "category"
    """The categories differ."""
    MADE_CARDS = "made_cards"
    """Same category; the cards that make the hand differ."""
    KICKER = "kicker"
    """Same made cards; a kicker differs (see ``Decision.kicker_index``)."""
    IDENTICAL = "identical"
    """The five cards are identical in rank: split."""


def card_label(card: Card) -> str:
    """A card as written in explanations: ``A♠``, ``10♥`` (a ten is written ``10``).

    >>> card_label(Card.parse("Th")), card_label(Card.parse("As"))
    ('10♥', 'A♠')
    """
    return _rank_label(card.rank) + card.symbol[1:]


def _rank_label(rank: int) -> str:
    return "10" if rank == 8 else RANKS[rank]


def _labels(cards: Iterable[Card]) -> str:
    return " ".join(card_label(card) for card in cards)


def _rank_labels(cards: Iterable[Card]) -> str:
    return " ".join(_rank_label(card.rank) for card in cards)


def _made_parts(value: HandValueLike) -> list[tuple[str, tuple[Card, ...]]]:
    """The made cards split into the parts compared in step 2, in comparison order."""
    category = value.category.value
    made = tuple(value.made)
    if category in _STRAIGHTS:
        # A straight is compared by its top card alone; best_five puts it first
        # (the wheel is ordered 5-4-3-2-A).
        return [("part.top_card", made[:1])]
    if category == "flush":
        ordered = sorted(made, key=lambda card: card.rank, reverse=True)
        return [("part.flush_card", (card,)) for card in ordered]
    counts = Counter(card.rank for card in made)
    ranks = sorted(counts, key=lambda rank: (counts[rank], rank), reverse=True)
    groups = [tuple(card for card in made if card.rank == rank) for rank in ranks]
    return list(zip(_PARTS[category], groups, strict=True))


def _kickers(value: HandValueLike) -> tuple[Card, ...]:
    return tuple(sorted(value.kickers, key=lambda card: card.rank, reverse=True))


def comparison_order(value: HandValueLike) -> tuple[Card, ...]:
    """The best five in the order a comparison reads them: the made parts in turn
    (the pair, or the higher pair then the lower; a flush's cards high to low; a
    straight from its top card), then the kickers high to low. Two hands of one
    category line up card for card, so they can be set side by side.

    >>> from pokerdealer.evaluation import evaluate
    >>> " ".join(card_label(c) for c in comparison_order(evaluate("9s 5c 5d Kh Qc 2s 3h")))
    '5♦ 5♣ K♥ Q♣ 9♠'
    >>> " ".join(card_label(c) for c in comparison_order(evaluate("As 2c 3d 4h 5s Kc Kd")))
    '5♠ 4♥ 3♦ 2♣ A♠'
    """
    if value.category.value in _STRAIGHTS:
        return tuple(value.made)  # best_five puts a straight's top card first (the wheel 5-4-3-2-A)
    made = tuple(card for _, cards in _made_parts(value) for card in cards)
    return made + _kickers(value)


def deciding_part(decision: Decision, lang: str = "en") -> str:
    """What decided between two hands that do not tie, in words: ``the third
    kicker``, ``the pair``, ``the second card of the flush``, ``the kind of hand``.

    >>> from pokerdealer.evaluation import evaluate
    >>> board = "5c 5d Kh Qc 2s"
    >>> decision = compare_hands(evaluate(f"9s 3h {board}"), evaluate(f"Jd 3c {board}"))
    >>> deciding_part(decision), deciding_part(decision, "zh-Hant")
    ('the third kicker', '第三張踢腳')
    """
    if decision.step is Step.CATEGORY:
        return message(lang, "part.category")
    if decision.step is Step.KICKER:
        return _kicker_words(decision, lang)
    if decision.step is Step.MADE_CARDS:
        assert decision.made_index is not None
        winner = decision.a if decision.winner == "a" else decision.b
        part_key, _ = _made_parts(winner)[decision.made_index - 1]
        return message(lang, part_key, ordinal=message(lang, f"ordinal.{decision.made_index}"))
    raise PokerDealerError("identical hands: no card decided between them")


def deciding_cards_of(decision: Decision, value: HandValueLike) -> tuple[Card, ...]:
    """``value``'s cards at the step that decided ``decision`` (its kicker, its pair...):
    players of one strength hold the same ranks there, but each their own suits.

    >>> from pokerdealer.evaluation import evaluate
    >>> board = "Ad 6s 5h 3c 2d"
    >>> decision = compare_hands(evaluate(f"As Kd {board}"), evaluate(f"Ah 7s {board}"))
    >>> deciding_cards_of(decision, evaluate(f"Ac 7h {board}"))
    (Card('7h'),)
    """
    if decision.step is Step.KICKER:
        assert decision.kicker_index is not None
        return (_kickers(value)[decision.kicker_index - 1],)
    assert decision.step is Step.MADE_CARDS and decision.made_index is not None
    return _made_parts(value)[decision.made_index - 1][1]


def _owned(
    names: Sequence[str],
    cards_of: Mapping[str, tuple[Card, ...]],
    shown: Callable[[tuple[Card, ...]], str],
    lang: str,
) -> str:
    """Each name with its own cards ("小美's 7♠ and Bob's 7♥"); players playing the very
    same cards (a board card) are named together ("小美 and Bob's 7♠ (from the board)").

    >>> cards = {"A": (Card.parse("7s"),), "B": (Card.parse("7h"),), "C": (Card.parse("7s"),)}
    >>> _owned(["A", "B", "C"], cards, lambda c: card_label(c[0]), "en")
    "A and C's 7♠ and B's 7♥"
    """
    groups: dict[tuple[Card, ...], list[str]] = {}
    for name in names:
        groups.setdefault(tuple(sorted(cards_of[name], key=str)), []).append(name)
    return join_names(
        [
            message(lang, you_key("explain.owned", group), names=join_names(group, lang), cards=shown(cards_of[group[0]]))
            for group in groups.values()
        ],
        lang,
    )


def _kicker_words(decision: Decision, lang: str) -> str:
    """The deciding kicker in words: ``the third kicker``, or ``the kicker`` for a hand
    with only one (two pair, four of a kind): no "first" where there is no second."""
    assert decision.kicker_index is not None
    if len(decision.a.kickers) == 1:
        return message(lang, "part.kicker.only")
    return message(lang, "part.kicker", ordinal=message(lang, f"ordinal.{decision.kicker_index}"))


def _is_lowest_straight(value: HandValueLike) -> bool:
    """True for the ace-low straight (A-2-3-4-5, or A-6-7-8-9 in short deck)."""
    made = value.made
    return (
        value.category.value in _STRAIGHTS
        and made[0].rank != _ACE
        and any(card.rank == _ACE for card in made)
    )


def _rank_fields(value: HandValueLike, lang: str) -> dict[str, str]:
    """The words a description needs: rank names of the made parts, kickers."""
    parts = [cards for _, cards in _made_parts(value)]
    top = parts[0][0].rank

    def plural(index: int) -> str:
        return rank_name(parts[index][0].rank, lang, plural=True)

    category = value.category.value
    fields: dict[str, str] = {"kickers": _rank_labels(_kickers(value))}
    if category in ("straight_flush", "straight", "high_card"):
        fields["high"] = rank_name(top, lang)
    elif category == "flush":
        fields["high"] = rank_name(top, lang)
        fields["cards"] = _rank_labels(cards[0] for cards in parts)
    elif category == "four_of_a_kind":
        fields["quads"] = plural(0)
    elif category == "full_house":
        fields["trips"], fields["pair"] = plural(0), plural(1)
    elif category == "three_of_a_kind":
        fields["trips"] = plural(0)
    elif category == "two_pair":
        fields["high_pair"], fields["low_pair"] = plural(0), plural(1)
    elif category == "one_pair":
        fields["pair"] = plural(0)
    return fields


def describe_hand(value: HandValueLike, lang: str = "en") -> str:
    """A short description of a hand in ``lang`` (``en``, ``zh-Hant`` or ``zh-Hans``).

    >>> from pokerdealer.evaluation import evaluate
    >>> describe_hand(evaluate("Ks Kd 9c 9s Qd 5h 2h"))
    'two pair, kings and nines, kicker Q'
    >>> describe_hand(evaluate("Ks Kd 9c 9s Qd 5h 2h"), "zh-Hans")
    '两对，K和9，踢脚Q'
    >>> describe_hand(evaluate("As 5s 4d 3c 2s Kd Qh"))
    'straight, five high (the wheel: A-2-3-4-5, the lowest straight)'
    >>> describe_hand(evaluate("As 5s 4d 3c 2s Kd Qh"), "zh-Hant")
    '順子，5高（輪子：A-2-3-4-5，最小的順子）'
    >>> describe_hand(evaluate("Kc Kd Ks Ah Ad"))
    'full house, kings full of aces'
    """
    check_lang(lang)
    category = value.category.value
    text = message(lang, f"describe.{category}", **_rank_fields(value, lang))
    if _is_lowest_straight(value):
        text = message(lang, f"describe.wheel.{value.variant}", hand=text)
    return text


@dataclass(frozen=True)
class Decision:
    """What decided between hands ``a`` and ``b`` (see the module docstring for the steps).

    ``winner`` is ``"a"``, ``"b"``, or ``None`` for a split. ``made_index``
    (step ``made_cards``, from 1) says which part decided: 1 for the pair, the
    higher pair, the three of a kind (also of a full house), the four of a kind
    or the top card; 2 for the lower pair or a full house's pair; for a flush
    the position of the deciding card. ``kicker_index`` (step ``kicker``, from
    1) is the deciding kicker. ``deciding_cards`` holds the cards compared at
    the deciding step, ``a``'s then ``b``'s (their made cards for ``category``,
    nothing for ``identical``).
    """

    step: Step
    winner: Literal["a", "b"] | None
    a: HandValueLike
    b: HandValueLike
    made_index: int | None = None
    kicker_index: int | None = None
    deciding_cards: tuple[tuple[Card, ...], tuple[Card, ...]] = ((), ())

    def explain(
        self,
        lang: str = "en",
        *,
        names: tuple[str, str] = ("A", "B"),
        board: Iterable[Card | str] = (),
    ) -> str:
        """The decision in words, calling the hands ``names``.

        Cards in ``board`` are marked as board cards where a single card decides.
        """
        board_cards = frozenset(parse_cards(board))
        if self.winner is None:
            return explain_decision(self, lang, winners=list(names), losers=[], board=board_cards)
        winner, loser = names if self.winner == "a" else names[::-1]
        return explain_decision(self, lang, winners=[winner], losers=[loser], board=board_cards)


def compare_hands(a: HandValueLike, b: HandValueLike) -> Decision:
    """Compare two evaluated hands and say which step decided.

    The winner always follows ``rank`` (higher wins, equal splits); the
    steps only explain it.

    >>> from pokerdealer.evaluation import evaluate
    >>> board = "5d 4h Kc 9s 9h"
    >>> d = compare_hands(evaluate(f"5s 4s {board}"), evaluate(f"Ac Kd {board}"))
    >>> d.step, d.winner, d.made_index, d.deciding_cards
    (<Step.MADE_CARDS: 'made_cards'>, 'b', 1, ((Card('9s'), Card('9h')), (Card('Kd'), Card('Kc'))))
    """
    if a.variant != b.variant:
        raise PokerDealerError(
            f"cannot compare a {a.variant} hand with a {b.variant} hand"
        )
    winner: Literal["a", "b"] | None
    winner = None if a.rank == b.rank else "a" if a.rank > b.rank else "b"
    if a.category != b.category:
        return Decision(Step.CATEGORY, winner, a, b, deciding_cards=(tuple(a.made), tuple(b.made)))
    if winner is None:
        return Decision(Step.IDENTICAL, None, a, b)
    for index, ((_, cards_a), (_, cards_b)) in enumerate(
        zip(_made_parts(a), _made_parts(b), strict=True), start=1
    ):
        if cards_a[0].rank != cards_b[0].rank:
            return Decision(
                Step.MADE_CARDS, winner, a, b, made_index=index, deciding_cards=(cards_a, cards_b)
            )
    for index, (kicker_a, kicker_b) in enumerate(zip(_kickers(a), _kickers(b), strict=True), 1):
        if kicker_a.rank != kicker_b.rank:
            return Decision(
                Step.KICKER, winner, a, b, kicker_index=index,
                deciding_cards=((kicker_a,), (kicker_b,)),
            )
    raise PokerDealerError(  # pragma: no cover - the evaluator contradicts its own best five
        f"hands rank {a.rank} and {b.rank} but their best five cards tie: "
        f"{_labels(a.best_five)} / {_labels(b.best_five)}"
    )


def _summary(value: HandValueLike, lang: str) -> str:
    """The hand without its kickers (``a pair of aces``, ``two pair of kings and nines``).

    Hands that have no kickers are described in full.
    """
    category = value.category.value
    if category in _PARTS and category != "full_house":
        return message(lang, f"made.{category}", **_rank_fields(value, lang))
    return describe_hand(value, lang)


#: Short deck's categories ranked otherwise than with 52 cards: (winner, loser) -> why.
_SHORT_DECK_WHY = {
    ("flush", "full_house"): "explain.shortdeck.flush",
    ("three_of_a_kind", "straight"): "explain.shortdeck.trips",
    ("straight", "three_of_a_kind"): "explain.shortdeck.straight",
}


def _short_deck_order(win: HandValueLike, lose: HandValueLike, lang: str) -> str:
    """Why, in short deck, ``win``'s category beats ``lose``'s where the order differs from
    52 cards (and which order this table uses for trips and straights); ``""`` otherwise.

    >>> from pokerdealer.evaluation import evaluate
    >>> flush = evaluate("Ah Jh 8h 7h 6h Ks Kd", "shortdeck")
    >>> boat = evaluate("Ks Kd Kc 7s 7d 6c Jc", "shortdeck")
    >>> _short_deck_order(flush, boat, "en").startswith("; in short deck a flush beats a full house")
    True
    """
    if win.variant != "shortdeck":
        return ""
    key = _SHORT_DECK_WHY.get((str(win.category), str(lose.category)))
    return message(lang, key) if key else ""


def explain_decision(
    decision: Decision,
    lang: str,
    *,
    winners: Sequence[str],
    losers: Sequence[str],
    board: Collection[Card] = frozenset(),
    dead: Sequence[Card] = (),
    pot: int = 0,
    hands: Mapping[str, HandValueLike] | None = None,
) -> str:
    """The words for ``decision`` between the players ``winners`` and ``losers``.

    ``pot``: 0 for the main pot (or the only one), ``k`` for side pot ``k``: a split
    side pot is said as one ("A and B split side pot 1", 平分边池1), never "the pot".

    ``winners`` (and ``losers``) may name several players holding hands of the
    same strength; ``decision`` compares one hand of each side (``a``/``b`` as
    in the decision); ``hands`` (each name's hand) is then needed, because each
    player's own deciding cards are named: "the first kicker decides: K♦ against
    小美's 7♠ and Bob's 7♥". For a split (``identical``), ``losers`` is empty and
    ``dead`` lists the tied players' hole cards that are not in their best five.
    Used by :meth:`Decision.explain` and by :func:`pokerdealer.evaluation.showdown.showdown`.
    """
    check_lang(lang)
    names = join_names(list(winners), lang)

    def mark(card: Card) -> str:
        label = card_label(card)
        return message(lang, "board_card", card=label) if card in board else label

    if decision.step is Step.IDENTICAL:
        value = decision.a
        # Name the cards when everyone plays the very same five (the board), else their ranks.
        same = set(decision.a.best_five) == set(decision.b.best_five)
        cards = _labels(value.best_five) if same else _rank_labels(value.best_five)
        key = "explain.identical.two" if len(winners) == 2 else "explain.identical"
        text = message(lang, key, names=names, hand=describe_hand(value, lang), cards=cards)
        if pot:
            text = message(lang, "explain.side_pot", n=pot) + text
        if board and all(card in board for card in value.best_five):
            text += message(lang, "explain.board_plays")
        if dead:
            key = "explain.dead_card" if len(dead) == 1 else "explain.dead_cards"
            text += message(lang, key, cards=join_names([card_label(c) for c in dead], lang))
        return text

    win, lose = (decision.a, decision.b) if decision.winner == "a" else (decision.b, decision.a)
    win_cards, lose_cards = decision.deciding_cards
    if decision.winner == "b":
        win_cards, lose_cards = lose_cards, win_cards
    if len(winners) > 1:
        result = message(lang, "result.split.side" if pot else "result.split", names=names, n=pot)
    else:
        result = message(lang, you_key("result.wins", winners), names=names)
    fields = {
        "result": result,
        "losers": join_names(list(losers), lang),
        "win_hand": _summary(win, lang),
        "lose_hand": _summary(lose, lang),
    }
    if decision.step is Step.CATEGORY:
        return message(lang, "explain.category", **fields) + _short_deck_order(win, lose, lang)

    def shown(cards: tuple[Card, ...]) -> str:
        return mark(cards[0]) if len(cards) == 1 else _labels(cards)

    if len(winners) > 1 or len(losers) > 1:
        # Several players on a side hold the same ranks but not the same cards: each
        # name goes with its own ("小美's 7♠ and Bob's 7♥", never "小美 and Bob's 7♥").
        if hands is None:
            raise PokerDealerError(
                "explaining a decision between several players needs their hands "
                f"(winners {list(winners)}, losers {list(losers)})"
            )
        cards_of = {name: deciding_cards_of(decision, hands[name]) for name in [*winners, *losers]}
        # A lone winner's cards go bare (the result names them); losers' always go named.
        win_shown = (
            shown(cards_of[winners[0]]) if len(winners) == 1 else _owned(winners, cards_of, shown, lang)
        )
        sides = {"win_cards": win_shown, "lose_cards": _owned(losers, cards_of, shown, lang)}
        plural = "split" if len(winners) > 1 else "many"  # English: "K♦ beats", "A's K♦ and B's K♥ beat"
        if decision.step is Step.MADE_CARDS:
            return message(
                lang, f"explain.made_cards.{plural}", part=deciding_part(decision, lang), **sides, **fields
            )
        text = message(
            lang, f"explain.kicker.{plural}", made=_summary(win, lang),
            kicker=_kicker_words(decision, lang), **sides, **fields,
        )
    elif decision.step is Step.MADE_CARDS:
        return message(
            lang, "explain.made_cards", part=deciding_part(decision, lang),
            win_cards=shown(win_cards), lose_cards=shown(lose_cards), **fields,
        )
    else:
        text = message(
            lang,
            you_key("explain.kicker", losers),  # "your" kicker, never "You's"
            made=_summary(win, lang),
            kicker=_kicker_words(decision, lang),
            win_card=mark(win_cards[0]),
            lose_card=mark(lose_cards[0]),
            **fields,
        )
    assert decision.kicker_index is not None
    earlier = _kickers(win)[: decision.kicker_index - 1]
    if earlier:
        text += message(lang, "explain.kicker.earlier_tie", cards=_labels(earlier))
    return text
