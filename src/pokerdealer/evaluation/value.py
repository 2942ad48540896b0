"""What an evaluated hand is: its category, its rank, and the cards that count."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import FrozenInstanceError, dataclass

from pokerdealer.cards import Card, Variant
from pokerdealer.evaluation.category import Category

__all__ = ["SUITS_OF_A_RANK", "Category", "ClassInfo", "Groups", "HandValue", "new_hand_value", "read_hand_value"]


@dataclass(frozen=True, slots=True)
class HandValue:
    """The value of a 5-7 card hand.

    ``rank`` is a total order: higher is better, equal ranks tie. For
    hold'em there are exactly 7,462 distinct ranks (1 = 7-5-4-3-2 offsuit,
    7,462 = royal flush). ``best_five`` lists the made part first
    (``made``), then the kickers high to low (``kickers``).

    >>> from pokerdealer.evaluation import evaluate
    >>> value = evaluate("As Kd Ad Qs 7h 3c 2d")
    >>> value.category, [str(c) for c in value.made], [str(c) for c in value.kickers]
    (<Category.ONE_PAIR: 'one_pair'>, ['As', 'Ad'], ['Kd', 'Qs', '7h'])
    """

    category: Category
    rank: int
    best_five: tuple[Card, ...]
    made: tuple[Card, ...]
    kickers: tuple[Card, ...]
    variant: Variant = "holdem"

    def describe(self, lang: str = "en") -> str:
        """The hand in words, in ``en``, ``zh-Hant`` or ``zh-Hans``."""
        from pokerdealer.evaluation.explain import describe_hand

        return describe_hand(self, lang)

    def __lt__(self, other: HandValue) -> bool:
        return self.rank < other.rank


_new = object.__new__
_set_category, _set_rank, _set_best_five, _set_made, _set_kickers, _set_variant = (
    HandValue.__dict__[name].__set__  # the slots' own setters, past the frozen __setattr__
    for name in ("category", "rank", "best_five", "made", "kickers", "variant")
)


def new_hand_value(
    category: Category,
    rank: int,
    best_five: tuple[Card, ...],
    made: tuple[Card, ...],
    kickers: tuple[Card, ...],
    variant: Variant,
) -> HandValue:
    """``HandValue(category, rank, best_five, made, kickers, variant)``, made in
    half the time: the dataclass's ``__init__`` sets each field through
    ``object.__setattr__`` (a frozen class), this through the slots' setters.
    The value is the same.

    >>> from pokerdealer.cards import parse_cards
    >>> five = parse_cards("As Ad Kc Qd 7h")
    >>> args = (Category.ONE_PAIR, 3000, five, five[:2], five[2:], "holdem")
    >>> new_hand_value(*args) == HandValue(*args)
    True
    """
    value = _new(HandValue)
    _set_category(value, category)
    _set_rank(value, rank)
    _set_best_five(value, best_five)
    _set_made(value, made)
    _set_kickers(value, kickers)
    _set_variant(value, variant)
    return value


#: A rank class's cards, as :func:`read_hand_value` reads them: its category, then for
#: the made part and for the kickers, each run of equal ranks of its pattern as (the bit
#: shift of that rank's four cards in a card set, a table from those four bits, masked
#: by :data:`SUITS_OF_A_RANK`, to the highest cards held of that rank, as many as the
#: run asks), then the variant and the rank itself.
Groups = tuple[tuple[int, dict[int, tuple[Card, ...]]], ...]
#: A rank's four cards in a card set, shifted down to the rank's: one bit a suit, three
#: apart (a card set gives each card a 3-bit counter, so that a card twice shows).
SUITS_OF_A_RANK = 0b001_001_001_001
ClassInfo = tuple[Category, Groups, Groups, Variant, int]

_get_made = HandValue.__dict__["made"].__get__
_get_kickers = HandValue.__dict__["kickers"].__get__
_get_best_five = HandValue.__dict__["best_five"].__get__


def _frozen(name: str) -> Callable[..., None]:
    """A field's setter and deleter on a lazy value: refused, as the frozen dataclass
    refuses them."""

    def refuse(self: object, *value: object) -> None:
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    return refuse


class _ReadHandValue(HandValue):
    """A :class:`HandValue` made from its rank class and its cards (:func:`read_hand_value`):
    the rank, category and variant are the class's; the best five, made part and kickers
    are worked out when one of them is first read (most values are compared by rank and
    never described). Equal, hashed, printed and pickled as the value ``HandValue(...)``
    with the same fields.

    Made as :func:`~pokerdealer.evaluation.evaluate` makes it, in three steps the
    interpreter runs without a call each: ``value = _ReadHandValue()`` (``object``'s
    ``__init__``), ``value._hand = hand``, ``value._info = info`` (``object``'s
    ``__setattr__``, so each is a plain slot store). The fields stay frozen: each is a
    property whose setter and deleter raise :class:`~dataclasses.FrozenInstanceError`.
    """

    __slots__ = ("_hand", "_info")
    #: the set of the cards that may play (-1 once read), and the rank class
    _hand: int
    _info: ClassInfo

    __init__ = object.__init__
    # Both, so that the type's attribute setter is object's own (a store to a slot
    # then runs inline); the public fields refuse through their properties.
    __setattr__ = object.__setattr__
    __delattr__ = object.__delattr__

    @property  # type: ignore[override]
    def rank(self) -> int:
        return self._info[4]  # type: ignore[no-any-return]

    @property  # type: ignore[override]
    def category(self) -> Category:
        return self._info[0]  # type: ignore[no-any-return]

    @property  # type: ignore[override]
    def variant(self) -> Variant:
        return self._info[3]  # type: ignore[no-any-return]

    def _read(self) -> None:
        """The best five, made part and kickers, from the card set and the class's groups
        (once: the card set is then forgotten)."""
        hand = self._hand
        info = self._info
        made: tuple[Card, ...] = ()
        for shift, top in info[1]:
            made += top[(hand >> shift) & SUITS_OF_A_RANK]
        kickers: tuple[Card, ...] = ()
        for shift, top in info[2]:
            kickers += top[(hand >> shift) & SUITS_OF_A_RANK]
        _set_made(self, made)
        _set_kickers(self, kickers)
        _set_best_five(self, made + kickers)
        self._hand = -1

    @property  # type: ignore[override]
    def best_five(self) -> tuple[Card, ...]:
        if self._hand >= 0:
            self._read()
        return _get_best_five(self)  # type: ignore[no-any-return]

    @property  # type: ignore[override]
    def made(self) -> tuple[Card, ...]:
        if self._hand >= 0:
            self._read()
        return _get_made(self)  # type: ignore[no-any-return]

    @property  # type: ignore[override]
    def kickers(self) -> tuple[Card, ...]:
        if self._hand >= 0:
            self._read()
        return _get_kickers(self)  # type: ignore[no-any-return]

    def _fields(self) -> tuple[object, ...]:
        return (self.category, self.rank, self.best_five, self.made, self.kickers, self.variant)

    def _plain(self) -> HandValue:
        return HandValue(*self._fields())  # type: ignore[arg-type]

    def __eq__(self, other: object) -> bool:
        # (the dataclass's __eq__ wants the very same class on both sides)
        if isinstance(other, _ReadHandValue):
            return self._fields() == other._fields()
        if isinstance(other, HandValue):
            return self._fields() == (
                other.category, other.rank, other.best_five, other.made, other.kickers, other.variant
            )
        return NotImplemented

    __hash__ = HandValue.__hash__  # the same fields, so the same hash as the plain value

    def __repr__(self) -> str:
        return repr(self._plain())

    def __reduce__(self) -> tuple[type[HandValue], tuple[object, ...]]:
        # a copy or a pickle is the plain value (the dataclass's own state would set
        # the fields through __setattr__, which these properties refuse)
        return HandValue, self._fields()


# Each field's property refuses a new value or a delete, as the frozen dataclass does
# (the class's own __setattr__ is object's, for the slot stores that make a value).
for _name in ("category", "rank", "best_five", "made", "kickers", "variant"):
    _getter = _ReadHandValue.__dict__[_name].fget
    setattr(_ReadHandValue, _name, property(_getter, _frozen(_name), _frozen(_name), _getter.__doc__))
del _name, _getter


def read_hand_value(hand: int, info: ClassInfo) -> HandValue:
    """The value of the rank class ``info`` (its rank, category, variant and groups) whose
    cards are read from ``hand`` (the set of the cards that may play, bits where the
    groups' shifts and :data:`SUITS_OF_A_RANK` say; for a flush, that suit's only;
    :func:`~pokerdealer.evaluation.evaluate`'s key, whose low bits are not read) when
    first needed: what
    :func:`~pokerdealer.evaluation.evaluate` returns (it makes the same inline).

    >>> from pokerdealer.evaluation import evaluate
    >>> value = evaluate("As Ad Kc Qd 7h 3c 2d")
    >>> value.rank, [str(c) for c in value.kickers], value == HandValue(*value.__reduce__()[1])
    (4133, ['Kc', 'Qd', '7h'], True)
    """
    value = _ReadHandValue()
    value._hand = hand
    value._info = info
    return value
