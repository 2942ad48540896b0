"""The room's words: every text a reader is sent goes through the message catalogs.

A message to a browser carries its catalog ``key``, the ``params`` that fill
it, and ``message``: the text already in that reader's language (the page
shows it; the key and params let a page render it again in another
language). A param that is itself ``{"key": ..., "params": ...}`` is filled
in first, in the same language (the page's ``t()`` in ``static/common.js``
does the same).

>>> said_text("zh-Hans", "room.error.buy_in_range", {"low": 50, "high": 200})
'买入须为 50 至 200'
>>> words("en", "room.error.not_your_turn")["message"]
'it is not your turn'

Pages fetch the catalogs' room keys from ``/api/i18n`` (:func:`page_catalog`);
a first visit's language comes from ``Accept-Language`` (:func:`pick_language`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pokerdealer.i18n import CATALOGS, LANGUAGES, check_lang, message

__all__ = [
    "PAGE_PREFIXES",
    "Refused",
    "Said",
    "error_words",
    "page_catalog",
    "pick_language",
    "reader_language",
    "said_text",
    "table_name",
    "words",
]

#: The catalog keys the pages use (served by ``/api/i18n``).
PAGE_PREFIXES = ("room.", "rules.", "legal.", "list.", "quiz.", "event.", "rankings.", "history.")

#: A table name that is a catalog key under this prefix (the demo table's,
#: ``room.table.name.demo``) is stored as the key, so every process reading the row
#: names it alike, and read in each reader's language: by :func:`table_name`, and
#: on the pages by ``tableName()`` in ``static/common.js``. Such names are the room's own: a
#: host's name under this prefix is refused (:meth:`TableSettings.from_host
#: <pokerdealer.server.settings.TableSettings.from_host>`), so a typed name is shown as typed.
TABLE_NAME_KEYS = "room.table.name."


class Said(Exception):
    """A refusal in words: a catalog key and its params (the text in English by ``str()``).

    >>> str(Said("room.error.buy_in_range", low=50, high=200))
    'a buy-in must be 50 to 200'
    """

    def __init__(self, key: str, /, **params: Any) -> None:  # noqa: ANN401
        self.key = key
        self.params = params
        super().__init__(said_text("en", key, params))


class Refused(Said):
    """A refused HTTP request in words: its status, catalog key and params; the
    app answers ``{"detail", "key", "params", "message"}`` in the language of the
    request's ``Accept-Language`` (:func:`refusal_body`).

    >>> error = Refused(404, "room.error.no_such_table")
    >>> error.status, refusal_body("zh-Hant", error)["detail"]
    (404, '沒有這張牌桌')
    """

    def __init__(self, status: int, key: str, /, *, headers: Mapping[str, str] | None = None,
                 **params: Any) -> None:  # noqa: ANN401
        self.status = status
        self.headers = dict(headers or {})
        super().__init__(key, **params)


def refusal_body(lang: str, error: Exception) -> dict[str, Any]:
    """The JSON of a refused request: ``detail`` and ``message`` in ``lang``, with the
    key and params a page renders in its own language (an error without a key: its text)."""
    said = error_words(lang, error)
    return {"detail": said["message"], **said}


def said_text(lang: str, key: str, params: Mapping[str, Any] | None = None) -> str:
    """The text of ``key`` in ``lang``, nested ``{"key", "params"}`` params filled in first."""
    return message(lang, key, **(params or {}))


def words(lang: str, key: str, /, **params: Any) -> dict[str, Any]:  # noqa: ANN401
    """``{"key", "params", "message"}``: the fields of a message to a reader of ``lang``."""
    return {"key": key, "params": params, "message": said_text(lang, key, params)}


def table_name(lang: str, name: str) -> str:
    """A table's name in ``lang``: a catalog key under :data:`TABLE_NAME_KEYS` in
    words, any other name as its host typed it.

    >>> table_name("zh-Hant", "room.table.name.demo"), table_name("zh-Hant", "room.table.name.x")
    ('示範牌桌', 'room.table.name.x')
    >>> table_name("zh-Hans", "Friday game")
    'Friday game'
    """
    if name.startswith(TABLE_NAME_KEYS) and name in CATALOGS["en"]:
        return said_text(lang, name)
    return name


REFUSED = "room.error.refused"
"""The key of a refusal that has no words of its own (its English text in ``text``)."""


def error_words(lang: str, error: Exception) -> dict[str, Any]:
    """The fields of a refusal: from its key when it has one (:class:`Said`, the
    rules' and the table's errors), else :data:`REFUSED` with its English text as it is.

    >>> error_words("en", ValueError("odd"))
    {'key': 'room.error.refused', 'params': {'text': 'odd'}, 'message': 'odd'}
    """
    key = getattr(error, "key", "")
    if key and key in CATALOGS["en"]:
        return words(lang, key, **(getattr(error, "params", None) or {}))
    # Every refusal has a key a page can act on: one without words of its own is "refused", its text kept.
    return words(lang, REFUSED, text=str(error))


def pick_language(accept: str | None, default: str = "en") -> str:
    """The room's language for an ``Accept-Language`` header: Traditional Chinese for
    zh-TW, zh-HK, zh-MO and zh-Hant, Simplified for other Chinese, English for English,
    else ``default`` (a table's language for its invitee whose browser reads none of ours).

    >>> pick_language("zh-TW,zh;q=0.9,en;q=0.8"), pick_language("zh-CN,en;q=0.5")
    ('zh-Hant', 'zh-Hans')
    >>> pick_language("fr-FR,zh-HK;q=0.3"), pick_language("zh-SG"), pick_language("de"), pick_language(None)
    ('zh-Hant', 'zh-Hans', 'en', 'en')
    >>> pick_language("de", "zh-Hans"), pick_language("en-US", "zh-Hans")
    ('zh-Hans', 'en')
    """
    ranked: list[tuple[float, int, str]] = []
    for order, part in enumerate((accept or "").split(",")):
        tag, _, rest = part.strip().partition(";")
        q = 1.0
        if rest.strip().startswith("q="):
            try:
                q = float(rest.strip()[2:])
            except ValueError:
                q = 0.0
        lang = _language_of(tag.strip())
        if lang is not None and q > 0:
            ranked.append((-q, order, lang))
    return min(ranked)[2] if ranked else default


def _language_of(tag: str) -> str | None:
    parts = tag.lower().replace("_", "-").split("-")
    if parts[0] == "en":
        return "en"
    if parts[0] != "zh":
        return None
    if "hant" in parts or any(p in ("tw", "hk", "mo") for p in parts[1:]):
        return "zh-Hant"
    return "zh-Hans"


def reader_language(asked: object, default: str) -> str:
    """A websocket reader's language: what their hello asked for if known, else ``default``."""
    return asked if isinstance(asked, str) and asked in LANGUAGES else default


def page_catalog(lang: str) -> dict[str, str]:
    """The catalog entries the pages use, in ``lang``, and each rule's citation
    (``rules.<topic>.cite``, from the one table of citations)."""
    from pokerdealer.learn.citations import page_citations

    words = {k: v for k, v in CATALOGS[check_lang(lang)].items() if k.startswith(PAGE_PREFIXES)}
    return {**words, **page_citations(lang)}
