"""Cards and decks: reading, printing, shuffling.

A card prints as rank then suit (``As Kd Th 9c``, ``T`` for ten). Input is
read liberally: ``10h``, lower case, unicode suits (``A♠``, ``a♠``), and any
mix of spaces and commas between cards, or none at all.

>>> parse_cards("As Kd, 10h 9♣")
(Card('As'), Card('Kd'), Card('Th'), Card('9c'))
>>> format_cards(parse_cards("ahkh"))
'Ah Kh'

Every card has an integer ``index`` = ``rank * 4 + suit`` (rank 0..12 for
2..A, suit 0..3 for c, d, h, s). The hot paths (evaluation, equity,
simulation) work on these integers; :class:`Card` wraps them at the edges.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Literal, Union

from pokerdealer.errors import CardParseError

__all__ = [
    "CARDS",
    "RANKS",
    "SUITS",
    "Card",
    "CardsLike",
    "Deck",
    "Variant",
    "deck_cards",
    "format_cards",
    "parse_card",
    "parse_cards",
]

RANKS = "23456789TJQKA"
SUITS = "cdhs"
SUIT_SYMBOLS = "♣♦♥♠"
_SUIT_ALIASES = {
    **{s: i for i, s in enumerate(SUITS)},
    **{s: i for i, s in enumerate(SUIT_SYMBOLS)},
    **{s: i for i, s in enumerate("♧♢♡♤")},
}
_RANK_ALIASES = {**{r: i for i, r in enumerate(RANKS)}, "10": 8}

Variant = Literal["holdem", "shortdeck"]

#: Lowest rank index in each variant's deck (short deck plays 6 through A).
_LOWEST_RANK: dict[str, int] = {"holdem": 0, "shortdeck": 4}


@dataclass(frozen=True, slots=True)
class Card:
    """One playing card. Compare cards by ``index``; print with ``str``.

    >>> Card.parse("T♠").rank_char, Card.parse("T♠").suit_char
    ('T', 's')
    """

    index: int

    def __post_init__(self) -> None:
        if not 0 <= self.index < 52:
            raise CardParseError(f"card index {self.index} is outside 0..51", token=str(self.index))

    @property
    def rank(self) -> int:
        """0 for a deuce up to 12 for an ace."""
        return self.index >> 2

    @property
    def suit(self) -> int:
        """0..3 for clubs, diamonds, hearts, spades."""
        return self.index & 3

    @property
    def rank_char(self) -> str:
        return RANKS[self.index >> 2]

    @property
    def suit_char(self) -> str:
        return SUITS[self.index & 3]

    @property
    def symbol(self) -> str:
        """The card with a unicode suit, e.g. ``A♠``."""
        return RANKS[self.index >> 2] + SUIT_SYMBOLS[self.index & 3]

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read one card; see :func:`parse_card`."""
        return parse_card(text)

    def __str__(self) -> str:
        return RANKS[self.index >> 2] + SUITS[self.index & 3]

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"

    def __lt__(self, other: Card) -> bool:
        return self.index < other.index


#: The 52 cards, ``CARDS[i].index == i``. Parsing always returns these objects.
CARDS: tuple[Card, ...] = tuple(Card(i) for i in range(52))

CardsLike = Union[str, Card, Iterable[Union[str, Card, int]]]

_TOKEN = re.compile(r"(10|[2-9tjqka])([cdhs♣♦♥♠♧♢♡♤])", re.IGNORECASE)
_SEPARATORS = re.compile(r"[\s,;]+")
_BY_TEXT: dict[str, Card] = {str(c): c for c in CARDS}
"""Each card as :func:`str` writes it: a logged deck is read by lookups, not the pattern."""


def parse_card(text: str) -> Card:
    """Read one card such as ``As``, ``10h``, ``a♠``.

    >>> parse_card("10h")
    Card('Th')
    >>> parse_card("1x")
    Traceback (most recent call last):
    ...
    pokerdealer.errors.CardParseError: '1x' is not a card: expected a rank (2-9, T or 10, J, Q, K, A) followed by a suit (c, d, h, s or ♣ ♦ ♥ ♠), like 'As' or '10h'
    """
    token = text.strip()
    match = _TOKEN.fullmatch(token)
    if match is None:
        raise CardParseError(_bad_card_message(token), token=token)
    rank = _RANK_ALIASES[match.group(1).upper()]
    suit = _SUIT_ALIASES[match.group(2).lower()]
    return CARDS[rank * 4 + suit]


def _bad_card_message(token: str) -> str:
    return (
        f"{token!r} is not a card: expected a rank (2-9, T or 10, J, Q, K, A) followed by a "
        "suit (c, d, h, s or ♣ ♦ ♥ ♠), like 'As' or '10h'"
    )


def _split_tokens(text: str) -> list[str]:
    """Split card text into card tokens: by separators, then glued cards like ``AsKd``."""
    tokens: list[str] = []
    for chunk in _SEPARATORS.split(text.strip()):
        if not chunk:
            continue
        position = 0
        while position < len(chunk):
            match = _TOKEN.match(chunk, position)
            if match is None:
                # Quote the whole unreadable rest of the chunk, not a single character.
                rest = chunk[position:]
                raise CardParseError(_bad_card_message(rest), token=rest)
            tokens.append(match.group(0))
            position = match.end()
    return tokens


def _read(text: str) -> list[Card]:
    """The cards of a text: at once if written as :func:`format_cards` writes
    them (``"As Kd"``: a deck replayed from a log), else token by token."""
    cards = [_BY_TEXT.get(token) for token in text.split()]
    if None in cards:
        return [parse_card(token) for token in _split_tokens(text)]
    return cards  # type: ignore[return-value]


def parse_cards(
    cards: CardsLike,
    *,
    count: int | Sequence[int] | None = None,
    what: str = "cards",
    variant: Variant = "holdem",
) -> tuple[Card, ...]:
    """Read a list of cards from text or from cards, card strings or indices.

    ``count`` (one number or several allowed numbers) checks how many cards
    there are; ``what`` names them in messages ("hole cards", "board").
    Duplicates are always rejected, and with ``variant="shortdeck"`` so are
    cards below a six.

    >>> parse_cards("AsKd", count=2, what="hole cards")
    (Card('As'), Card('Kd'))
    >>> parse_cards("As As")
    Traceback (most recent call last):
    ...
    pokerdealer.errors.CardParseError: 'As' appears twice in the cards
    >>> parse_cards("As Kd Qh", count=2, what="hole cards")
    Traceback (most recent call last):
    ...
    pokerdealer.errors.CardParseError: hole cards need 2 cards, got 3: 'As Kd Qh'
    """
    result: list[Card] = []
    if isinstance(cards, Card):
        result.append(cards)
    elif isinstance(cards, str):
        result.extend(_read(cards))
    else:
        for item in cards:
            if isinstance(item, Card):
                result.append(item)
            elif isinstance(item, int):
                if not 0 <= item < 52:
                    raise CardParseError(_bad_card_message(str(item)), token=str(item))
                result.append(CARDS[item])
            elif isinstance(item, str):
                result.extend(parse_card(token) for token in _split_tokens(item))
            else:
                raise CardParseError(_bad_card_message(repr(item)), token=repr(item))
    seen: set[int] = set()
    for card in result:
        if card.index in seen:
            raise CardParseError(f"'{card}' appears twice in the {what}", token=str(card))
        seen.add(card.index)
    lowest = _LOWEST_RANK[variant]
    for card in result:
        if card.rank < lowest:
            raise CardParseError(
                f"'{card}' is not in the short deck (6 through A)", token=str(card)
            )
    if count is not None:
        allowed = (count,) if isinstance(count, int) else tuple(count)
        if len(result) not in allowed:
            wanted = " or ".join(str(n) for n in allowed)
            shown = format_cards(result) if result else ""
            raise CardParseError(
                f"{what} need {wanted} cards, got {len(result)}: {shown!r}", token=shown
            )
    return tuple(result)


def format_cards(cards: Iterable[Card | int], *, symbols: bool = False) -> str:
    """Print cards separated by spaces, ``As Kd`` (or ``A♠ K♦`` with ``symbols``)."""
    out = []
    for card in cards:
        card = CARDS[card] if isinstance(card, int) else card
        out.append(card.symbol if symbols else str(card))
    return " ".join(out)


def deck_cards(variant: Variant = "holdem") -> tuple[Card, ...]:
    """The cards of a fresh deck, in index order: 52 for hold'em, 36 for short deck."""
    if variant not in _LOWEST_RANK:
        raise CardParseError(
            f"unknown variant {variant!r}: expected 'holdem' or 'shortdeck'", token=str(variant)
        )
    return CARDS[_LOWEST_RANK[variant] * 4 :]


class Deck:
    """An ordered deck, dealt from the top.

    With ``rng`` (a :class:`random.Random`, seeded for reproducible
    simulations) the deck is shuffled with it; without, it is shuffled from
    the operating system's CSPRNG (:mod:`secrets`) for real play. ``cards``
    gives an explicit order instead (e.g. to replay a hand).

    >>> deck = Deck(rng=random.Random(7))
    >>> len(deck), len(deck.deal(2)), len(deck)
    (52, 2, 50)
    >>> Deck(rng=random.Random(7)).cards == Deck(rng=random.Random(7)).cards
    True
    """

    def __init__(
        self,
        cards: CardsLike | None = None,
        *,
        rng: random.Random | None = None,
        variant: Variant = "holdem",
    ) -> None:
        if cards is not None:
            self._cards = list(parse_cards(cards, what="deck", variant=variant))
        else:
            self._cards = list(deck_cards(variant))
            shuffler = rng
            if shuffler is None:
                import secrets  # with hmac and hashlib: not for a command that deals no cards

                shuffler = secrets.SystemRandom()
            shuffler.shuffle(self._cards)
        self.variant: Variant = variant

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards still in the deck, top first."""
        return tuple(self._cards)

    def deal(self, n: int = 1) -> tuple[Card, ...]:
        """Take ``n`` cards from the top."""
        if n < 0 or n > len(self._cards):
            raise CardParseError(
                f"cannot deal {n} cards from a deck of {len(self._cards)}", token=str(n)
            )
        dealt, self._cards = self._cards[:n], self._cards[n:]
        return tuple(dealt)

    def __len__(self) -> int:
        return len(self._cards)

    def __repr__(self) -> str:
        return f"Deck({format_cards(self._cards)!r})"
