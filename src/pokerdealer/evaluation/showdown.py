"""Showdown: read every player's hand against the board, name the winners, say why.

>>> result = showdown("Ad Qs 7h 3c 2d", {"A": "As Kd", "B": "Ah 9c"})
>>> result.winners, result.split, result.decided_by.step, result.decided_by.kicker_index
(['A'], False, <Step.KICKER: 'kicker'>, 1)
>>> result.decided_by.explanation
"A wins: both have a pair of aces; the first kicker K♦ beats B's Q♠ (from the board)"
>>> print(result.explain("zh-Hant"))
A贏：雙方都是一對A；第一張踢腳K♦大過B的Q♠（公牌）

With three or more players, the explanation is about the winner(s) against
the best loser(s): what the winners had that the next best hand did not.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass

from pokerdealer.cards import Card, CardsLike, Variant, deck_cards, parse_cards
from pokerdealer.errors import CardParseError, PokerDealerError
from pokerdealer.evaluation.explain import Decision, Step, compare_hands, explain_decision
from pokerdealer.evaluation.scalar import evaluate
from pokerdealer.evaluation.value import Category, HandValue
from pokerdealer.i18n import check_lang, join_names, message, rank_name, you_key

__all__ = ["DecidedBy", "ShowdownResult", "showdown"]


@dataclass(frozen=True)
class DecidedBy:
    """What decided the pot: the :class:`Step`, the kicker (from 1, only for
    step ``kicker``), and the explanation in the language asked for."""

    step: Step
    kicker_index: int | None
    explanation: str


@dataclass(frozen=True)
class ShowdownResult:
    """The outcome of a showdown.

    ``winners`` lists the winning players in the order they were given (several
    when the pot is split); ``hands`` holds every player's evaluated hand;
    ``decision`` is the comparison between a winner and a best loser (or, when
    everyone ties, between two winners) that ``decided_by`` puts in words.
    """

    winners: list[str]
    split: bool
    hands: dict[str, HandValue]
    decided_by: DecidedBy
    decision: Decision
    board: tuple[Card, ...]
    hole_cards: dict[str, tuple[Card, ...]]

    @property
    def losers(self) -> list[str]:
        """The players who win nothing, in the order given."""
        return [name for name in self.hands if name not in self.winners]

    def explain(self, lang: str = "en", *, pot: int = 0) -> str:
        """The explanation again, in another language; ``pot`` ``k`` says it of side pot ``k``."""
        return _explain_pot(self.decision, lang, self.hands, self.hole_cards, self.board, pot=pot)


def _best(hands: Mapping[str, HandValue], names: list[str]) -> list[str]:
    """The names among ``names`` holding the strongest hand (several on a tie)."""
    if not names:
        return []
    top = max(hands[name].rank for name in names)
    return [name for name in names if hands[name].rank == top]


def _explain_pot(
    decision: Decision,
    lang: str,
    hands: Mapping[str, HandValue],
    holes: Mapping[str, tuple[Card, ...]],
    board: tuple[Card, ...],
    *,
    pot: int = 0,
) -> str:
    """Explain ``decision`` as the decision between the winners and the best losers."""
    names = list(hands)
    winners = _best(hands, names)
    best_losers = _best(hands, [name for name in names if name not in winners])
    dead: list[Card] = []
    if not best_losers:  # everyone split: say which hole cards did not play
        for name in winners:
            best_five = set(hands[name].best_five)
            dead.extend(card for card in holes[name] if card not in best_five)
    text = explain_decision(
        decision, lang, winners=winners, losers=best_losers, board=frozenset(board), dead=dead,
        pot=pot, hands=hands,
    )
    for name in best_losers:
        counterfeit = _counterfeit(name, winners, hands, holes, board)
        if counterfeit is not None:
            text += counterfeit.explain(lang)
    return text


@dataclass(frozen=True)
class _Counterfeit:
    """A loser's two pair counterfeited, where it decided the pot (seed 000's 疊牌).

    ``pair``: the rank of the loser's pair (made with a hole card) that the board's
    pair ``board_pair`` pushed out of their best five; ``without``: the loser's hand
    with one card of that pair on the board; ``outcome``: what that hand would have
    done against the winners, ``beaten`` (every one) or ``not_lost`` (tied with some).
    """

    name: str
    winners: tuple[str, ...]
    pair: int
    board_pair: int
    without: HandValue
    outcome: str

    def explain(self, lang: str) -> str:
        return message(
            lang,
            you_key(f"explain.counterfeit.{self.outcome}", [self.name]),
            name=self.name,
            pair=rank_name(self.pair, lang, plural=True),
            board_pair=rank_name(self.board_pair, lang, plural=True),
            board_card=rank_name(self.board_pair, lang),
            without=_pairs_words(self.without, lang),
            winners=join_names(list(self.winners), lang),
        )


def _pairs_words(value: HandValue, lang: str) -> str:
    """A two pair or one pair without its kickers: ``two pair of sixes and twos``.

    >>> _pairs_words(evaluate("6s 6h 2d 2s Ac"), "en"), _pairs_words(evaluate("2d 2s Ac 9h 7c"), "zh-Hans")
    ('two pair of sixes and twos', '一对2')
    """
    ranks = sorted({card.rank for card in value.made}, reverse=True)
    if value.category is Category.TWO_PAIR:
        high, low = (rank_name(rank, lang, plural=True) for rank in ranks)
        return message(lang, "made.two_pair", high_pair=high, low_pair=low)
    return message(lang, "made.one_pair", pair=rank_name(ranks[0], lang, plural=True))


def _counterfeit(
    name: str,
    winners: list[str],
    hands: Mapping[str, HandValue],
    holes: Mapping[str, tuple[Card, ...]],
    board: tuple[Card, ...],
) -> _Counterfeit | None:
    """How ``name``'s two pair was counterfeited, if it was and that decided the pot.

    Counterfeited: a pair of theirs made with a hole card is out of their best five,
    pushed out by a pair on the board above it (two pairs beat it into third place).
    Decided: the winners hold two pair too, and without that board pair (one of its
    two cards taken away) ``name``'s hand would not have lost to any of them.

    >>> board = parse_cards("5d 4h Kc 9s 9h")
    >>> holes = {"You": parse_cards("5s 4s"), "B": parse_cards("Ac Kd")}
    >>> hands = {n: evaluate(h + board) for n, h in holes.items()}
    >>> found = _counterfeit("You", ["B"], hands, holes, board)
    >>> found.pair, found.board_pair, found.outcome  # fours pushed out by the nines
    (2, 7, 'beaten')
    >>> _counterfeit("B", ["You"], hands, holes, board) is None  # nothing of B's pushed out
    True
    """
    value = hands[name]
    if value.category is not Category.TWO_PAIR:
        return None
    if any(hands[winner].category is not Category.TWO_PAIR for winner in winners):
        return None  # a better kind of hand decided, not the pairs
    hole = holes[name]
    on_board = Counter(card.rank for card in board)
    seven = Counter(card.rank for card in hole + board)
    playing = Counter(card.rank for card in value.best_five)
    pushed = [
        rank for rank, count in seven.items()
        if count >= 2 and playing[rank] < 2 and any(card.rank == rank for card in hole)
    ]
    if not pushed:
        return None
    pair = max(pushed)
    # The board pair that pushed it out: the lowest board pair above it in the best five
    # (with one card of it taken away, the pushed-out pair plays again).
    above = [
        rank for rank, count in on_board.items()
        if count == 2 and playing[rank] == 2 and rank > pair
    ]
    if not above:
        return None
    board_pair = min(above)
    dropped = next(card for card in reversed(board) if card.rank == board_pair)
    fewer = tuple(card for card in board if card != dropped)
    variant = value.variant
    without = evaluate(hole + fewer, variant)
    others = [evaluate(holes[winner] + fewer, variant).rank for winner in winners]
    if any(without.rank < other for other in others):
        return None  # it would have lost anyway: the counterfeit did not decide
    # Beaten, or tied with some: with two hole cards a tie here would need the very same
    # pairs and kicker, which would have tied the hand as it fell too; said safely anyway.
    outcome = "beaten" if all(without.rank > other for other in others) else "not_lost"
    return _Counterfeit(name, tuple(winners), pair, board_pair, without, outcome)


def showdown(
    board: CardsLike,
    players: Mapping[str, CardsLike],
    *,
    variant: Variant = "holdem",
    lang: str = "en",
    trips_beat_straight: bool = True,
) -> ShowdownResult:
    """Evaluate every player's two hole cards with the board and decide the pot.

    ``board`` has 3 to 5 cards, each player exactly 2, and no card may appear
    twice anywhere; there must be at least two players. Cards are text
    (``"As Kd"``) or :class:`~pokerdealer.cards.Card` objects. ``variant`` and
    ``trips_beat_straight`` are passed to :func:`~pokerdealer.evaluation.evaluate`.

    >>> showdown("As Kh Qc Jd Ts", {"p1": "9h 7s", "p2": "2c 2d"}).winners
    ['p1', 'p2']
    >>> showdown("As Kh Qc Jd Ts", {"p1": "9h 7s", "p2": "9h 2d"})
    Traceback (most recent call last):
    ...
    pokerdealer.errors.CardParseError: '9h' appears twice: in p1's hole cards and in p2's hole cards
    """
    check_lang(lang)
    deck_cards(variant)  # rejects an unknown variant with the standard message
    if len(players) < 2:
        raise PokerDealerError(f"a showdown needs at least 2 players, got {len(players)}")
    board_cards = parse_cards(board, count=(3, 4, 5), what="board", variant=variant)
    holes = {
        str(name): parse_cards(cards, count=2, what=f"{name}'s hole cards", variant=variant)
        for name, cards in players.items()
    }
    _reject_duplicates(board_cards, holes)

    hands = {
        name: evaluate(hole + board_cards, variant, trips_beat_straight=trips_beat_straight)
        for name, hole in holes.items()
    }
    names = list(hands)
    winners = _best(hands, names)
    best_losers = _best(hands, [name for name in names if name not in winners])
    decision = compare_hands(hands[winners[0]], hands[(best_losers or winners)[-1]])
    explanation = _explain_pot(decision, lang, hands, holes, board_cards)
    return ShowdownResult(
        winners=winners,
        split=len(winners) > 1,
        hands=hands,
        decided_by=DecidedBy(decision.step, decision.kicker_index, explanation),
        decision=decision,
        board=board_cards,
        hole_cards=holes,
    )


def _reject_duplicates(board: tuple[Card, ...], holes: Mapping[str, tuple[Card, ...]]) -> None:
    owner: dict[Card, str] = {card: "the board" for card in board}
    for name, hole in holes.items():
        for card in hole:
            if card in owner:
                raise CardParseError(
                    f"'{card}' appears twice: in {owner[card]} and in {name}'s hole cards",
                    token=str(card),
                )
            owner[card] = f"{name}'s hole cards"
