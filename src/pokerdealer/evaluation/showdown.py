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
from pokerdealer.i18n import check_lang, message, rank_name, you_key

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
    if winners and hands[winners[0]].category is Category.TWO_PAIR:
        for name in best_losers:
            dropped = _counterfeited(hands[name], holes[name], board)
            if dropped is not None:
                text += message(lang, you_key("explain.counterfeit", [name]), name=name, pair=rank_name(dropped, lang, plural=True))
    return text


def _counterfeited(value: HandValue, hole: tuple[Card, ...], board: tuple[Card, ...]) -> int | None:
    """The rank of a pair made with a hole card that the board's pair pushed out of a
    two pair (seed 000's 疊牌, counterfeit), or ``None``.

    >>> from pokerdealer.evaluation import evaluate
    >>> board, hole = parse_cards("5d 4h Kc 9s 9h"), parse_cards("5s 4s")
    >>> _counterfeited(evaluate(hole + board), hole, board)  # the fours no longer play
    2
    """
    if value.category is not Category.TWO_PAIR:
        return None
    on_board = Counter(card.rank for card in board)
    seven = Counter(card.rank for card in hole + board)
    playing = {card.rank for card in value.best_five}
    if not any(count >= 2 and rank in playing for rank, count in on_board.items()):
        return None  # no board pair in the two pair: nothing was counterfeited
    lost = [
        rank for rank, count in seven.items()
        if count >= 2 and rank not in playing and any(card.rank == rank for card in hole)
    ]
    return max(lost) if lost else None


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
