"""Message catalogs: English, 繁體中文 (``zh-Hant``) and 简体中文 (``zh-Hans``).

Each language is one plain dict in its own module (:mod:`.en`,
:mod:`.zh_hant`, :mod:`.zh_hans`) mapping a dotted key to a
:meth:`str.format` template. :func:`message` looks a key up and fills it in.

>>> message("en", "category.full_house")
'full house'
>>> message("zh-Hant", "category.two_pair"), message("zh-Hans", "category.two_pair")
('兩對', '两对')
>>> rank_name(4, "en", plural=True), rank_name(8, "zh-Hans")
('sixes', '10')
>>> message("fr", "category.flush")
Traceback (most recent call last):
...
pokerdealer.errors.PokerDealerError: unknown language 'fr': expected one of en, zh-Hant, zh-Hans

Every catalog has the same keys (a test checks it); a missing key is a
programming error and raises :class:`KeyError`.
"""

from __future__ import annotations

from collections.abc import Sequence

from pokerdealer.errors import PokerDealerError
from pokerdealer.i18n.catalogs import CATALOGS, LANGUAGES, fill

__all__ = ["CATALOGS", "LANGUAGES", "check_lang", "join_names", "message", "rank_name", "you_key"]


def check_lang(lang: str) -> str:
    """Return ``lang`` if it is a known language, else raise :class:`PokerDealerError`
    (said by key, so the room refuses it in the reader's language)."""
    if lang not in CATALOGS:
        raise PokerDealerError.said("i18n.unknown_lang", lang=str(lang), langs=", ".join(LANGUAGES))
    return lang


def message(lang: str, key: str, /, **fields: object) -> str:
    """The message ``key`` in ``lang``, with ``fields`` filled in.

    A field that is itself a message, ``{"key": ..., "params": {...}}``, is
    put in the same language first, a list of them joined by ``list.separator``
    (how the rules and the room nest words):

    >>> message("zh-Hans", "room.log.all_in", action={"key": "room.log.call", "params": {"amount": 4}})
    '跟注 4（全下）'
    """
    if lang != "en" and fields:
        fields = {name: _reader(value, lang) for name, value in fields.items()}
    return fill(check_lang(lang), key, fields)


def _reader(name: object, lang: str) -> object:
    """The player named "You" (the coach's and ``play``'s reader) as Chinese says it: 你,
    never "You" inside a Chinese sentence (issue 38: 大过你的一对Q, not 大过You的一对Q).

    >>> _reader("You", "zh-Hans"), _reader("Ann", "zh-Hans")
    ('你', 'Ann')
    """
    if isinstance(name, str) and name.casefold() == "you":
        return fill(check_lang(lang), "i18n.you", {})
    return name


def you_key(key: str, names: Sequence[str]) -> str:
    """``key`` or its ``.you`` form when the one player named is the reader called "you"
    (the coach's and ``play``'s default name): English then says "You win", "your".

    >>> you_key("result.wins", ["You"]), you_key("result.wins", ["Ann"]), you_key("result.wins", ["you", "B"])
    ('result.wins.you', 'result.wins', 'result.wins')
    """
    return f"{key}.you" if len(names) == 1 and names[0].casefold() == "you" else key


def rank_name(rank: int, lang: str, *, plural: bool = False) -> str:
    """A rank (0 = deuce .. 12 = ace) as a word: ``ace``/``aces`` in English, ``A`` in Chinese."""
    return message(lang, f"{'ranks' if plural else 'rank'}.{rank}")


def join_names(names: Sequence[str], lang: str) -> str:
    """``A``, ``A and B``, ``A, B and C`` (``A、B和C`` in Chinese).

    >>> join_names(["A", "B", "C"], "en"), join_names(["A", "B", "C"], "zh-Hant")
    ('A, B and C', 'A、B和C')
    """
    if lang != "en":
        names = [_reader(name, lang) for name in names]  # type: ignore[misc]
    if len(names) <= 1:
        return "".join(names)
    head = message(lang, "list.separator").join(names[:-1])
    return head + message(lang, "list.and") + names[-1]
