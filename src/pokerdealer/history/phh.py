"""PHH, the open Poker Hand History format: reading and writing.

A ``.phh`` file is one TOML document holding one hand; a ``.phhs`` file holds
many hands as tables ``[1]``, ``[2]``, ... (the specification:
https://phh.readthedocs.io). This module reads and writes the format for every
variant code; replaying a hand through the rules is :mod:`pokerdealer.history.convert`.

>>> history = loads('''
... variant = "NT"
... antes = [0, 0, 0]
... blinds_or_straddles = [1, 2, 0]
... min_bet = 2
... starting_stacks = [200, 200, 200]
... actions = ["d dh p1 AcKs", "d dh p2 ????", "d dh p3 7h6h", "p3 cbr 6  # open", "p1 f", "p2 f"]
... ''')
>>> history.variant, history.player_count, history.actions[3]
('NT', 3, 'p3 cbr 6  # open')
>>> parse_action(history.actions[3])
PhhAction(actor=2, kind='cbr', amount=6, commentary='open')
>>> loads(dumps(history)) == history
True

Variant codes: the spec's eleven (``FT``, ``NT``, ``NS``, ``PO``, ``FO/8``,
``F7S``, ``F7S/8``, ``FR``, ``N2L1D``, ``F2L3D``, ``FB``) plus ``PT``, **our own
code for pot-limit Texas hold'em** (the spec has none; ``PO`` is Omaha). A
``PT`` hand has the fields of an ``NT`` hand (``min_bet``, no ``small_bet``).

Numbers are kept as read: TOML integers as :class:`int`, TOML floats as
:class:`~decimal.Decimal` (never binary floats), so ``10112.5`` survives a round
trip exactly. ``inf`` (an unknown stack) is ``Decimal('Infinity')``.

Player order is positional: ``p1`` is the small blind, the last player the
button; heads-up the ``antes`` and ``blinds_or_straddles`` arrays are
reverse-assigned (``p1`` posts the big blind), as in the spec.

Fields this module does not model (``author``, ``event``, ``hand``, ``time``,
``_``-prefixed user fields, ...) are kept as they were, in order, in
:attr:`HandHistory.metadata`, and written back.
"""

from __future__ import annotations

import datetime
import math
import re
import tomllib
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import Any

from pokerdealer.cards import CARDS, RANKS, SUITS, Card
from pokerdealer.errors import PokerDealerError

__all__ = [
    "HOLDEM_VARIANTS",
    "VARIANTS",
    "VARIANT_NAMES",
    "HandHistory",
    "HistoryError",
    "Number",
    "PhhAction",
    "dump",
    "dump_all",
    "dumps",
    "dumps_all",
    "format_action",
    "format_cards_phh",
    "load",
    "load_all",
    "load_path",
    "loads",
    "loads_all",
    "parse_action",
    "parse_amount",
    "parse_cards_phh",
]

Number = int | Decimal

#: Every variant code this module reads and writes. ``PT`` is ours (pot-limit hold'em).
VARIANTS: frozenset[str] = frozenset(
    ("FT", "NT", "NS", "PT", "PO", "FO/8", "F7S", "F7S/8", "FR", "N2L1D", "F2L3D", "FB")
)

#: The variants the rules engine plays (Texas hold'em and short deck).
HOLDEM_VARIANTS: frozenset[str] = frozenset(("NT", "FT", "NS", "PT"))

#: What each variant code names (the spec's eleven and our ``PT``).
VARIANT_NAMES: dict[str, str] = {
    "FT": "fixed-limit Texas hold'em",
    "NT": "no-limit Texas hold'em",
    "NS": "no-limit short-deck hold'em",
    "PT": "pot-limit Texas hold'em, pokerdealer's own code",
    "PO": "pot-limit Omaha",
    "FO/8": "fixed-limit Omaha hi/lo",
    "F7S": "fixed-limit seven-card stud",
    "F7S/8": "fixed-limit seven-card stud hi/lo",
    "FR": "fixed-limit razz",
    "N2L1D": "no-limit 2-7 single draw",
    "F2L3D": "fixed-limit 2-7 triple draw",
    "FB": "fixed-limit badugi",
}

_LIMIT_VARIANTS = frozenset(("FT", "FO/8", "F7S", "F7S/8", "FR", "F2L3D", "FB"))
_STUD_VARIANTS = frozenset(("F7S", "F7S/8", "FR"))


class HistoryError(PokerDealerError):
    """A hand history that cannot be read: bad TOML, a missing or ill-typed field,
    an unknown variant, an action or card that does not follow the grammar.

    ``path`` (when known) names the file; ``index`` the action (from 0 in
    ``actions``) at fault, if any.
    """

    def __init__(self, message: str, *, path: str | None = None, index: int | None = None) -> None:
        super().__init__(f"{path}: {message}" if path else message)
        self.path = path
        self.index = index
        self.reason = message

    @classmethod
    def said(cls, key: str, /, *, path: str | None = None, **params: Any) -> HistoryError:  # noqa: ANN401
        """The error whose reason is catalog entry ``key`` (English text; the key and
        params kept, so the room says it in each reader's language).

        >>> error = HistoryError.said("history.missing_field", path="a.phh", field="antes")
        >>> str(error), error.key
        ("a.phh: missing required field 'antes'", 'history.missing_field')
        """
        from pokerdealer.i18n import message  # the catalogs import the errors

        error = cls(message("en", key, **params), path=path)
        error.key = key
        error.params = params
        return error

    def said_again(self, *, path: str | None = None, index: int | None = None) -> HistoryError:
        """The same reason, placed (``path``, ``index``), its key and params kept.

        >>> HistoryError.said("history.missing_field", field="antes").said_again(path="b.phh").params
        {'field': 'antes'}
        """
        error = type(self)(self.reason, path=path, index=index if index is not None else self.index)
        error.key, error.params = self.key, self.params
        return error

    @property
    def told(self) -> object:
        """The reason as a field of another message: its key and params when it has a
        key (so it is said in the reader's language), else its English words.

        >>> HistoryError.said("history.not_amount", token="'x'").told
        {'key': 'history.not_amount', 'params': {'token': "'x'"}}
        """
        return {"key": self.key, "params": dict(self.params)} if self.key else self.reason


# -- cards ---------------------------------------------------------------------

#: Two-character card text -> Card; ``??`` (unknown) -> None.
_CARD_TEXT: dict[str, Card | None] = {str(card): card for card in CARDS}
_CARD_TEXT.update({r.lower() + s: CARDS[i * 4 + j] for i, r in enumerate(RANKS) for j, s in enumerate(SUITS)})
_CARD_TEXT.update({r + s.upper(): CARDS[i * 4 + j] for i, r in enumerate(RANKS) for j, s in enumerate(SUITS)})
_CARD_TEXT["??"] = None


def parse_cards_phh(text: str) -> tuple[Card | None, ...]:
    """Read PHH cards: two characters each, no separators, ``??`` for an unknown card.

    ``10`` is accepted for a ten, as pokerkit does.

    >>> parse_cards_phh("AcKs")
    (Card('Ac'), Card('Ks'))
    >>> parse_cards_phh("????Jd")
    (None, None, Card('Jd'))
    >>> parse_cards_phh("AcK")
    Traceback (most recent call last):
    ...
    pokerdealer.history.phh.HistoryError: cannot read cards 'AcK': expected two characters per card like 'AcKs', '??' for an unknown card
    """
    if "10" in text:
        text = text.replace("10", "T")
    if len(text) % 2:
        raise _bad_cards(text)
    get = _CARD_TEXT.get
    out = []
    for i in range(0, len(text), 2):
        piece = text[i : i + 2]
        card = get(piece, False)
        if card is False:
            raise _bad_cards(text)
        out.append(card)
    return tuple(out)  # type: ignore[arg-type]


def _bad_cards(text: str) -> HistoryError:
    return HistoryError.said("history.bad_cards", cards=repr(text))


def format_cards_phh(cards: Iterable[Card | None]) -> str:
    """Write cards the PHH way, glued: ``AcKs``; an unknown card is ``??``.

    >>> format_cards_phh(parse_cards_phh("As??"))
    'As??'
    """
    return "".join("??" if card is None else str(card) for card in cards)


# -- actions -------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PhhAction:
    """One line of ``actions``, read.

    ``actor`` is the player index (``p1`` = 0) or ``None`` for the dealer ``d``.
    ``kind`` is the PHH code: ``dh`` deal hole (``player`` gets ``cards``),
    ``db`` deal board, ``cbr`` complete/bet/raise to ``amount``, ``cc``
    check/call, ``f`` fold, ``sm`` show (``cards``; ``show_dealt`` for
    ``sm -``) or muck (no cards), ``sd`` stand pat/discard, ``pb`` bring-in,
    and ``""`` for a line holding only a comment (or nothing).
    """

    actor: int | None
    kind: str
    player: int | None = None
    cards: tuple[Card | None, ...] | None = None
    amount: Number | None = None
    show_dealt: bool = False
    commentary: str | None = None

    @property
    def is_dealer(self) -> bool:
        return self.actor is None and self.kind in ("dh", "db")

    @property
    def is_muck(self) -> bool:
        return self.kind == "sm" and self.cards is None and not self.show_dealt

    def __repr__(self) -> str:
        parts = [f"actor={self.actor!r}", f"kind={self.kind!r}"]
        for name in ("player", "cards", "amount", "show_dealt", "commentary"):
            value = getattr(self, name)
            if value is not None and value is not False:
                parts.append(f"{name}={value!r}")
        return f"PhhAction({', '.join(parts)})"

    def __str__(self) -> str:
        return format_action(self)


_PLAYER = re.compile(r"p([1-9][0-9]*)")
#: The action lines PHH allows, as the refusal of a line lists them (the last after "or").
_GRAMMAR = {
    "grammar": "'d dh pN CARDS', 'd db CARDS', 'pN f', 'pN cc', 'pN cbr AMOUNT', 'pN sm [CARDS|-]', 'pN sd [CARDS]'",
    "last": "'pN pb'",
}


def _player(token: str, text: str) -> int:
    match = _PLAYER.fullmatch(token)
    if match is None:
        raise HistoryError.said("history.not_a_player", action=repr(text), token=repr(token))
    return int(match.group(1)) - 1


def parse_amount(token: str) -> Number:
    """Read an amount: an integer, or a decimal (``0.5``) kept exact; commas are ignored.

    >>> parse_amount("1,000"), parse_amount("2.5")
    (1000, Decimal('2.5'))
    """
    token = token.replace(",", "")
    if token.isdigit():
        return int(token)
    try:
        value = Decimal(token)
    except InvalidOperation:
        raise HistoryError.said("history.not_amount", token=repr(token)) from None
    if not value.is_finite() or value < 0:
        raise HistoryError.said("history.not_amount", token=repr(token))
    return value


def parse_action(text: str) -> PhhAction:
    """Read one entry of ``actions`` (PHH grammar; a ``# comment`` may follow).

    The whole grammar of the file format, dealer lines and decimals included,
    kept as written; :func:`pokerdealer.rules.parse_action` is the engine's
    own short notation for a player's move (integer chips only).

    >>> parse_action("d dh p1 AcKs")
    PhhAction(actor=None, kind='dh', player=0, cards=(Card('Ac'), Card('Ks')))
    >>> parse_action("p3 cbr 80"), parse_action("p1 sm -"), parse_action("p2 sm")
    (PhhAction(actor=2, kind='cbr', amount=80), PhhAction(actor=0, kind='sm', show_dealt=True), PhhAction(actor=1, kind='sm'))
    >>> parse_action("  # just a note")
    PhhAction(actor=None, kind='', commentary='just a note')
    >>> parse_action("p1 raise 80")
    Traceback (most recent call last):
    ...
    pokerdealer.history.phh.HistoryError: cannot read action 'p1 raise 80': expected 'd dh pN CARDS', 'd db CARDS', 'pN f', 'pN cc', 'pN cbr AMOUNT', 'pN sm [CARDS|-]', 'pN sd [CARDS]' or 'pN pb'
    """
    body, hash_, comment = text.partition("#")
    commentary = comment.strip() if hash_ else None
    words = body.split()
    n = len(words)
    if n == 0:
        return PhhAction(None, "", commentary=commentary)
    head = words[0]
    try:
        if head == "d":
            if n == 4 and words[1] == "dh":
                player = _player(words[2], text)
                return PhhAction(None, "dh", player, parse_cards_phh(words[3]), commentary=commentary)
            if n == 3 and words[1] == "db":
                return PhhAction(None, "db", None, parse_cards_phh(words[2]), commentary=commentary)
            raise HistoryError.said("history.bad_action", action=repr(text), **_GRAMMAR)
        actor = _player(head, text)
        kind = words[1] if n > 1 else ""
        if n == 2 and kind in ("f", "cc", "pb", "sm", "sd"):
            return PhhAction(actor, kind, commentary=commentary)
        if n == 3:
            arg = words[2]
            if kind == "cbr":
                return PhhAction(actor, kind, amount=parse_amount(arg), commentary=commentary)
            if kind == "sm":
                if arg == "-":
                    return PhhAction(actor, kind, show_dealt=True, commentary=commentary)
                return PhhAction(actor, kind, cards=parse_cards_phh(arg), commentary=commentary)
            if kind == "sd":
                return PhhAction(actor, kind, cards=parse_cards_phh(arg), commentary=commentary)
    except HistoryError as error:
        if error.key in ("history.bad_action", "history.not_a_player"):
            raise
        raise HistoryError.said("history.in_action", action=repr(text), reason=error.told) from None
    raise HistoryError.said("history.bad_action", action=repr(text), **_GRAMMAR)


def format_action(action: PhhAction) -> str:
    """Write an action back in PHH grammar (with its comment, if any).

    >>> format_action(parse_action("p1   sm   AsKd #  shows"))
    'p1 sm AsKd # shows'
    """
    if action.kind == "":
        text = ""
    elif action.actor is None:
        cards = format_cards_phh(action.cards or ())
        text = f"d dh p{(action.player or 0) + 1} {cards}" if action.kind == "dh" else f"d db {cards}"
    else:
        text = f"p{action.actor + 1} {action.kind}"
        if action.kind == "cbr":
            text += f" {action.amount}"
        elif action.show_dealt:
            text += " -"
        elif action.cards is not None:
            text += " " + format_cards_phh(action.cards)
    if action.commentary is not None:
        text = f"{text} # {action.commentary}" if text else f"# {action.commentary}"
    return text


# -- the hand history ----------------------------------------------------------


@dataclass(frozen=True)
class HandHistory:
    """One hand as PHH records it.

    Arrays are tuples, numbers :class:`int` or :class:`~decimal.Decimal`;
    ``actions`` are the lines as written (read them with :meth:`parsed_actions`).
    Fields PHH leaves out are ``None``. ``metadata`` keeps every other field
    (``author``, ``hand``, ``_``-prefixed user fields, ...) in order.
    """

    variant: str
    antes: tuple[Number, ...]
    starting_stacks: tuple[Number, ...]
    actions: tuple[str, ...]
    blinds_or_straddles: tuple[Number, ...] | None = None
    min_bet: Number | None = None
    small_bet: Number | None = None
    big_bet: Number | None = None
    bring_in: Number | None = None
    players: tuple[str, ...] | None = None
    finishing_stacks: tuple[Number, ...] | None = None
    ante_trimming_status: bool = False
    metadata: Mapping[str, Any] = field(default_factory=dict, hash=False)

    def __post_init__(self) -> None:
        _validate(self)

    @property
    def player_count(self) -> int:
        return len(self.starting_stacks)

    @property
    def player_names(self) -> tuple[str, ...]:
        """``players`` if given, else ``p1``..``pN``."""
        return self.players or tuple(f"p{i + 1}" for i in range(self.player_count))

    @property
    def is_holdem(self) -> bool:
        """Whether the rules engine plays this variant (``NT``, ``FT``, ``NS``, ``PT``)."""
        return self.variant in HOLDEM_VARIANTS

    def parsed_actions(self) -> list[PhhAction]:
        """Every line of ``actions`` read; a bad line raises :class:`HistoryError`
        naming its index."""
        out = []
        for index, text in enumerate(self.actions):
            try:
                out.append(parse_action(text))
            except HistoryError as error:
                raise HistoryError.said("history.at_action", index=index, reason=error.told).said_again(
                    index=index
                ) from None
        return out

    def replace(self, **changes: Any) -> HandHistory:
        """A copy with some fields changed (``actions=...`` to cut or extend a hand)."""
        return replace(self, **changes)

    def to_dict(self) -> dict[str, Any]:
        """The TOML document as a dict, in the order :func:`dumps` writes it."""
        out: dict[str, Any] = {"variant": self.variant}
        if self.ante_trimming_status:
            out["ante_trimming_status"] = True
        out["antes"] = list(self.antes)
        for name in ("blinds_or_straddles",):
            value = getattr(self, name)
            if value is not None:
                out[name] = list(value)
        for name in ("bring_in", "min_bet", "small_bet", "big_bet"):
            value = getattr(self, name)
            if value is not None:
                out[name] = value
        out["starting_stacks"] = list(self.starting_stacks)
        out["actions"] = list(self.actions)
        for key, value in self.metadata.items():
            out[key] = value
        if self.players is not None:
            out["players"] = list(self.players)
        if self.finishing_stacks is not None:
            out["finishing_stacks"] = list(self.finishing_stacks)
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], *, path: str | None = None) -> HandHistory:
        """Build a history from a parsed TOML table, checking every field."""
        try:
            return _from_dict(cls, data)
        except HistoryError as error:
            if path is None:
                raise
            raise error.said_again(path=path) from None


_FIELDS = (
    "variant",
    "antes",
    "starting_stacks",
    "actions",
    "blinds_or_straddles",
    "min_bet",
    "small_bet",
    "big_bet",
    "bring_in",
    "players",
    "finishing_stacks",
    "ante_trimming_status",
)


def _number(value: Any, name: str) -> Number:
    if isinstance(value, bool) or not isinstance(value, (int, Decimal, float)):
        raise HistoryError.said("history.not_number", field=name, value=repr(value))
    if isinstance(value, float):
        value = Decimal(repr(value)) if math.isfinite(value) else Decimal(value)
    return value


def _numbers(value: Any, name: str) -> tuple[Number, ...]:
    if not isinstance(value, (list, tuple)):
        raise HistoryError.said("history.not_numbers", field=name, value=repr(value))
    return tuple(_number(v, name) for v in value)


def _from_dict(cls: type[HandHistory], data: Mapping[str, Any]) -> HandHistory:
    if not isinstance(data, Mapping):
        raise HistoryError.said("history.not_table", got=type(data).__name__)
    for required in ("variant", "antes", "starting_stacks", "actions"):
        if required not in data:
            raise HistoryError.said("history.missing_field", field=required)
    variant = data["variant"]
    kwargs: dict[str, Any] = {"variant": variant}
    for name in ("antes", "starting_stacks", "blinds_or_straddles", "finishing_stacks"):
        if name in data:
            kwargs[name] = _numbers(data[name], name)
    for name in ("min_bet", "small_bet", "big_bet", "bring_in"):
        if name in data:
            kwargs[name] = _number(data[name], name)
    actions = data["actions"]
    if not isinstance(actions, (list, tuple)) or not all(isinstance(a, str) for a in actions):
        raise HistoryError.said("history.not_strings", field="actions")
    kwargs["actions"] = tuple(actions)
    if "players" in data:
        players = data["players"]
        if not isinstance(players, (list, tuple)) or not all(isinstance(p, str) for p in players):
            raise HistoryError.said("history.not_strings", field="players")
        kwargs["players"] = tuple(players)
    if "ante_trimming_status" in data:
        status = data["ante_trimming_status"]
        if not isinstance(status, bool):
            raise HistoryError.said("history.not_bool", field="ante_trimming_status", value=repr(status))
        kwargs["ante_trimming_status"] = status
    kwargs["metadata"] = {k: v for k, v in data.items() if k not in _FIELDS}
    return cls(**kwargs)


def _validate(history: HandHistory) -> None:
    variant = history.variant
    if not isinstance(variant, str) or variant not in VARIANTS:
        raise HistoryError.said(
            "history.unknown_variant", variant=repr(variant), variants=", ".join(sorted(VARIANTS))
        )
    n = len(history.starting_stacks)
    if n < 2:
        raise HistoryError.said("history.too_few_players", n=n)
    for name in ("antes", "blinds_or_straddles", "players", "finishing_stacks"):
        value = getattr(history, name)
        if value is not None and len(value) != n:
            raise HistoryError.said("history.entries", field=name, entries=len(value), n=n)
    if variant in _STUD_VARIANTS:
        if history.bring_in is None:
            raise HistoryError.said("history.needs", variant=variant, fields="bring_in")
    elif history.blinds_or_straddles is None:
        raise HistoryError.said("history.needs", variant=variant, fields="blinds_or_straddles")
    if variant in _LIMIT_VARIANTS:
        if history.small_bet is None or history.big_bet is None:
            raise HistoryError.said("history.needs_limit", variant=variant)
    elif history.min_bet is None:
        raise HistoryError.said("history.needs", variant=variant, fields="min_bet")


# -- reading -------------------------------------------------------------------


_FAST_KEY = re.compile(r"([A-Za-z_][A-Za-z0-9_]*)[ \t]*=[ \t]*(.*?)[ \t]*")
_FAST_ITEM = (
    r"""'[^'\x00-\x08\x0a-\x1f\x7f]*'|"[^"\\\x00-\x08\x0a-\x1f\x7f]*"|"""
    r"[-+]?[0-9]+(?:\.[0-9]+)?|true|false"
)
_FAST_ARRAY = re.compile(rf"\[[ \t]*(?:(?:{_FAST_ITEM})[ \t]*,[ \t]*)*(?:(?:{_FAST_ITEM})[ \t]*)?\]")
_FAST_ITEMS = re.compile(_FAST_ITEM)
_FAST_INT = re.compile(r"[-+]?(?:0|[1-9][0-9]*)")
_FAST_FLOAT = re.compile(r"[-+]?(?:0|[1-9][0-9]*)\.[0-9]+")


def _fast_scalar(token: str) -> Any:
    first = token[0]
    if first == "'" or first == '"':
        return token[1:-1]
    if token == "true":
        return True
    if token == "false":
        return False
    if _FAST_INT.fullmatch(token):
        return int(token)
    if _FAST_FLOAT.fullmatch(token):
        return Decimal(token)
    raise ValueError(token)


def _fast_toml(text: str) -> dict[str, Any] | None:
    """Parse the simple TOML most PHH files are (one ``key = value`` per line,
    scalars and one-line arrays of scalars, comment lines); ``None`` when the
    text uses anything else, so :mod:`tomllib` reads it. About three times faster."""
    out: dict[str, Any] = {}
    for line in text.splitlines():
        stripped = line.strip()
        if not stripped or stripped[0] == "#":
            continue
        match = _FAST_KEY.fullmatch(stripped)
        if match is None:
            return None
        key, value = match.groups()
        if key in out or not value:
            return None
        try:
            if value[0] == "[":
                if _FAST_ARRAY.fullmatch(value) is None:
                    return None
                out[key] = [_fast_scalar(item) for item in _FAST_ITEMS.findall(value)]
            else:
                if _FAST_ITEMS.fullmatch(value) is None:
                    return None
                out[key] = _fast_scalar(value)
        except ValueError:
            return None
    return out


def _toml(text: str, path: str | None) -> dict[str, Any]:
    fast = _fast_toml(text)
    if fast is not None:
        return fast
    try:
        return tomllib.loads(text, parse_float=Decimal)
    except tomllib.TOMLDecodeError as error:
        raise HistoryError.said("history.not_toml", path=path, detail=str(error)) from None


def loads(text: str, *, path: str | None = None) -> HandHistory:
    """Read one hand from ``.phh`` text."""
    return HandHistory.from_dict(_toml(text, path), path=path)


def loads_all(text: str, *, path: str | None = None) -> list[HandHistory]:
    """Read every hand of ``.phhs`` text (tables ``[1]``, ``[2]``, ... in file order).

    >>> hands = loads_all(dumps_all([loads(_EXAMPLE), loads(_EXAMPLE)]))
    >>> len(hands), hands[0] == hands[1]
    (2, True)
    """
    data = _toml(text, path)
    out = []
    for key, table in data.items():
        where = f"{path}[{key}]" if path else f"[{key}]"
        if not isinstance(table, dict):
            raise HistoryError.said("history.not_hand_table", path=path, key=key, value=repr(table))
        out.append(HandHistory.from_dict(table, path=where))
    return out


def _read_text(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise HistoryError.said("history.not_utf8", path=str(path)) from None
    except OSError as error:
        raise HistoryError(f"cannot read: {error.strerror or error}", path=str(path)) from None


def load(path: str | Path) -> HandHistory:
    """Read one hand from a ``.phh`` file."""
    path = Path(path)
    return loads(_read_text(path), path=str(path))


def load_all(path: str | Path) -> list[HandHistory]:
    """Read every hand of a ``.phhs`` file."""
    path = Path(path)
    return loads_all(_read_text(path), path=str(path))


def load_path(path: str | Path) -> Iterator[tuple[str, HandHistory | HistoryError]]:
    """Every hand under ``path``: a ``.phh``, a ``.phhs`` or a folder (recursively,
    in sorted order). Yields ``(name, history)``, or ``(name, error)`` for a file or
    hand that cannot be read, so one bad file does not stop a batch. Names are
    file paths, with ``[key]`` appended for hands of a ``.phhs``.
    """
    path = Path(path)
    if path.is_dir():
        files = sorted(
            p for p in path.rglob("*") if p.suffix in (".phh", ".phhs") and p.is_file()
        )
    else:
        files = [path]
    for file in files:
        name = str(file)
        if file.suffix == ".phhs":
            try:
                data = _toml(_read_text(file), name)
            except HistoryError as error:
                yield name, error
                continue
            for key, table in data.items():
                where = f"{name}[{key}]"
                try:
                    if not isinstance(table, dict):
                        raise HistoryError.said("history.not_hand_table", key=key, value=repr(table))
                    yield where, HandHistory.from_dict(table)
                except HistoryError as error:
                    yield where, error.said_again(path=where)
        else:
            try:
                yield name, load(file)
            except HistoryError as error:
                yield name, error


# -- writing -------------------------------------------------------------------

_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")
_ESCAPES = {'"': '\\"', "\\": "\\\\", "\b": "\\b", "\t": "\\t", "\n": "\\n", "\f": "\\f", "\r": "\\r"}


def _string(text: str) -> str:
    out = []
    for ch in text:
        if ch in _ESCAPES:
            out.append(_ESCAPES[ch])
        elif ord(ch) < 0x20 or ord(ch) == 0x7F:
            out.append(f"\\u{ord(ch):04x}")
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def _key(key: str) -> str:
    return key if _BARE_KEY.fullmatch(key) else _string(key)


def _value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, (Decimal, float)):
        if isinstance(value, float):
            value = Decimal(repr(value)) if math.isfinite(value) else Decimal(value)
        if value.is_nan():
            return "nan"
        if value.is_infinite():
            return "-inf" if value < 0 else "inf"
        text = str(value)
        if not any(c in text for c in ".eE"):
            text += ".0"  # keep it a TOML float, so it reads back as a Decimal
        return text
    if isinstance(value, str):
        return _string(value)
    if isinstance(value, (datetime.datetime, datetime.date, datetime.time)):
        return value.isoformat()
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_value(v) for v in value) + "]"
    if isinstance(value, Mapping):
        return "{" + ", ".join(f"{_key(str(k))} = {_value(v)}" for k, v in value.items()) + "}"
    raise HistoryError(f"cannot write {value!r} ({type(value).__name__}) to TOML")


def _document(data: Mapping[str, Any]) -> str:
    lines = []
    for key, value in data.items():
        if key == "actions" and value:
            lines.append("actions = [")
            lines.extend(f"  {_string(action)}," for action in value)
            lines.append("]")
        else:
            lines.append(f"{_key(key)} = {_value(value)}")
    return "\n".join(lines) + "\n"


def dumps(history: HandHistory) -> str:
    """Write one hand as ``.phh`` text (valid TOML; one action per line)."""
    return _document(history.to_dict())


def dumps_all(histories: Iterable[HandHistory]) -> str:
    """Write many hands as ``.phhs`` text: tables ``[1]``, ``[2]``, ..."""
    parts = []
    for number, history in enumerate(histories, 1):
        parts.append(f"[{number}]\n" + _document(history.to_dict()))
    return "\n".join(parts)


def dump(history: HandHistory, path: str | Path) -> None:
    """Write one hand to a ``.phh`` file."""
    Path(path).write_text(dumps(history), encoding="utf-8")


def dump_all(histories: Iterable[HandHistory], path: str | Path) -> None:
    """Write many hands to a ``.phhs`` file."""
    Path(path).write_text(dumps_all(histories), encoding="utf-8")


_EXAMPLE = """
variant = "NT"
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [100, 100]
actions = ["d dh p1 AsKd", "d dh p2 ????", "p2 f"]
"""

