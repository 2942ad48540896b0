"""The catalogs themselves, and filling in one of their messages.

Below :mod:`pokerdealer.errors`: an error says itself in English from here
(:meth:`~pokerdealer.errors.PokerDealerError.said`), so nothing here raises
one; :func:`pokerdealer.i18n.message`, which refuses an unknown language with
a :class:`~pokerdealer.errors.PokerDealerError`, is the one to call.

>>> fill("zh-Hant", "category.two_pair", {})
'兩對'
"""

from __future__ import annotations

from collections.abc import Mapping

from pokerdealer.i18n import en, zh_hans, zh_hant

__all__ = ["CATALOGS", "LANGUAGES", "fill"]

#: Language code → catalog. The order is the order shown in messages and ``--help``.
CATALOGS: dict[str, dict[str, str]] = {
    "en": en.MESSAGES,
    "zh-Hant": zh_hant.MESSAGES,
    "zh-Hans": zh_hans.MESSAGES,
}

#: The language codes accepted everywhere a ``lang`` is taken.
LANGUAGES: tuple[str, ...] = tuple(CATALOGS)


def fill(lang: str, key: str, fields: Mapping[str, object]) -> str:
    """Message ``key`` of the known language ``lang`` with ``fields`` filled in; a
    field that is itself a message (``{"key": ..., "params": {...}}``) or a list of
    them is said in the same language first.

    >>> fill("en", "room.log.all_in", {"action": {"key": "room.log.call", "params": {"amount": 4}}})
    'calls 4 (all-in)'
    """
    filled = {name: _said(lang, value) for name, value in fields.items()}
    return CATALOGS[lang][key].format(**filled)


def _said(lang: str, value: object) -> object:
    if isinstance(value, Mapping) and "key" in value:
        return fill(lang, value["key"], value.get("params") or {})
    if isinstance(value, list):  # a list of messages: said one after the other
        return fill(lang, "list.separator", {}).join(str(_said(lang, v)) for v in value)
    return value
