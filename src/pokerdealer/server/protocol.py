"""Messages from browsers: size-limited, strictly validated, never trusted.

The browser only proposes; the rules engine judges. A message that is too
large, not JSON, of an unknown type, or with a missing, extra or mistyped
field is rejected here with a message naming what was wrong.

>>> parse('{"type": "act", "kind": "raise", "amount": 40, "hand": 3}')["amount"]
40
>>> parse('{"type": "act", "kind": "raise", "amount": "40", "hand": 3}')
Traceback (most recent call last):
...
pokerdealer.server.protocol.ProtocolError: act: amount must be a whole number
"""

from __future__ import annotations

import json
import unicodedata
from typing import Any

from pokerdealer.server.words import Said

__all__ = [
    "CHAT_LIMIT", "MAX_MESSAGE_BYTES", "WHATS", "ProtocolError", "chat_text", "clean_text", "parse", "visible_text",
]

MAX_MESSAGE_BYTES = 2048
_MAX_INT = 10**12


class ProtocolError(Said, ValueError):
    """A browser message that is rejected (the table is not touched): a catalog
    key (``room.protocol.*``) and params, its text the English one."""


_INT, _STR, _OPT_INT, _OPT_STR, _BOOL = "int", "str", "int?", "str?", "bool"

#: type -> {field: kind}; "id" (a client correlation number) is allowed everywhere.
_SCHEMAS: dict[str, dict[str, str]] = {
    "hello": {"token": _OPT_STR, "lang": _OPT_STR},
    "lang": {"lang": _STR},
    "act": {"kind": _STR, "amount": _OPT_INT, "hand": _INT, "at": _OPT_INT},
    "sit_out": {},
    "sit_in": {},
    "leave": {},
    "top_up": {"amount": _INT},
    "sit": {"amount": _INT, "seat": _OPT_INT},
    "chat": {"text": _STR},
    "ping": {},
    "coach": {"on": _INT},
    "straddle": {"on": _INT},
    "limits": {"minutes": _OPT_INT, "loss": _OPT_INT, "unit": _OPT_STR, "time_sit_out": _OPT_INT},
    "limit_continue": {},
    "run_it_twice": {"agree": _BOOL},
    "show": {"cards": _STR},
    "rabbit_hunt": {},
    "avatar": {"emoji": _OPT_STR},
}
ACT_KINDS = ("fold", "check", "call", "raise", "all_in", "show", "muck")


ZWJ = "\u200d"
#: What may stand between an emoji and the joiner after it: presentation
#: selectors and skin tones (the joiner still joins two pictures).
_EMOJI_TAIL = frozenset("\ufe0e\ufe0f\U0001f3fb\U0001f3fc\U0001f3fd\U0001f3fe\U0001f3ff")


def _joins_pictures(text: str, i: int) -> bool:
    """Whether the zero-width joiner at ``text[i]`` joins two pictures (👨‍👩‍👧):
    a symbol (``So``) before it, past any selector or skin tone, and one after."""
    j = i - 1
    while j >= 0 and text[j] in _EMOJI_TAIL:
        j -= 1
    after = text[i + 1] if i + 1 < len(text) else ""
    return j >= 0 and unicodedata.category(text[j]) == "So" and after != "" and unicodedata.category(after) == "So"


def clean_text(text: str, limit: int) -> str:
    """Strip control and format characters and surrounding space; cut to ``limit``.
    The zero-width joiner inside an emoji sequence is kept (without it a family
    is three people); anywhere else it is an invisible trick, and goes.

    >>> clean_text("A\u200bn\u200dn \U0001f468\u200d\U0001f469\u200d\U0001f467", 24) == "Ann \U0001f468\u200d\U0001f469\u200d\U0001f467"
    True
    """
    kept = "".join(
        ch for i, ch in enumerate(text)
        if unicodedata.category(ch)[0] != "C" or ch == " " or (ch == ZWJ and _joins_pictures(text, i))
    )
    return " ".join(kept.split())[:limit]


CHAT_LIMIT = 200
"""The most characters in a chat line (after :func:`chat_text` normalised it)."""

#: Letters that are drawn as nothing (Hangul fillers, the blank Braille pattern):
#: a line of them alone is as empty as a line of spaces.
_BLANK_LETTERS = frozenset("\u115f\u1160\u3164\uffa0\u2800")


WHATS = ("name", "table_name", "tournament_name", "chat")
"""What :func:`visible_text` checks (catalog ``room.protocol.what.<what>`` names it)."""


def _what(what: str) -> dict[str, Any]:
    if what not in WHATS:
        raise ValueError(f"what must be one of {', '.join(WHATS)}, got {what!r}")
    return {"key": f"room.protocol.what.{what}", "params": {}}


def visible_text(text: str, *, what: str, limit: int) -> str:
    """Text a person typed (a name, a chat line) as it is stored and shown: NFC,
    control and format characters out, runs of space made one. Checked *after*
    that, so nothing invisible counts: something must be left to see (not only
    marks or blank letters), and at most ``limit`` characters. Raises
    :class:`ProtocolError` naming ``what`` (one of :data:`WHATS`).

    >>> visible_text(" Ann\u200b ", what="name", limit=24)
    'Ann'
    >>> visible_text("\u200b\u3164\u2800", what="name", limit=24)
    Traceback (most recent call last):
    ...
    pokerdealer.server.protocol.ProtocolError: the name has nothing visible in it
    >>> visible_text("x" * 25, what="name", limit=24)
    Traceback (most recent call last):
    ...
    pokerdealer.server.protocol.ProtocolError: the name has at most 24 characters (this one has 25)
    """
    line = clean_text(unicodedata.normalize("NFC", text), len(text))
    if not any(ch not in _BLANK_LETTERS and unicodedata.category(ch)[0] in "LNPS" for ch in line):
        raise ProtocolError("room.protocol.nothing_visible", what=_what(what))
    if len(line) > limit:
        raise ProtocolError("room.protocol.too_long", what=_what(what), limit=limit, n=len(line))
    return line


def chat_text(text: str) -> str:
    """A chat line as it is shown (:func:`visible_text`), at most :data:`CHAT_LIMIT` characters.

    >>> chat_text("  nice\u200b  hand\u0007 ")
    'nice hand'
    >>> chat_text("\u200b\u3164\u2800")
    Traceback (most recent call last):
    ...
    pokerdealer.server.protocol.ProtocolError: chat: the message has nothing visible in it
    """
    return visible_text(text, what="chat", limit=CHAT_LIMIT)


def parse(text: str | bytes | None) -> dict[str, Any]:
    """Read one browser message; raises :class:`ProtocolError` with the reason."""
    if text is None:
        raise ProtocolError("room.protocol.binary")
    if isinstance(text, bytes):
        raise ProtocolError("room.protocol.binary")
    if len(text) > MAX_MESSAGE_BYTES or len(text.encode("utf-8")) > MAX_MESSAGE_BYTES:
        raise ProtocolError("room.protocol.too_large", limit=MAX_MESSAGE_BYTES)
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise ProtocolError("room.protocol.not_json") from None
    if not isinstance(data, dict):
        raise ProtocolError("room.protocol.not_object")
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in _SCHEMAS:
        raise ProtocolError("room.protocol.unknown_type", types=", ".join(_SCHEMAS))
    schema = _SCHEMAS[kind]
    extra = set(data) - set(schema) - {"type", "id"}
    if extra:
        raise ProtocolError("room.protocol.extra_fields", kind=kind, fields=", ".join(sorted(map(str, extra))))
    if "id" in data and not _is_int(data["id"]):
        raise ProtocolError("room.protocol.id_int", kind=kind)
    for name, spec in schema.items():
        value = data.get(name)
        if value is None:
            if spec.endswith("?"):
                continue
            raise ProtocolError("room.protocol.required", kind=kind, name=name)
        if spec.startswith("int") and not _is_int(value):
            raise ProtocolError("room.protocol.int", kind=kind, name=name)
        if spec.startswith("str") and not isinstance(value, str):
            raise ProtocolError("room.protocol.text", kind=kind, name=name)
        if spec == _BOOL and not isinstance(value, bool):
            raise ProtocolError("room.protocol.bool", kind=kind, name=name)
    if kind == "act":
        if data["kind"] not in ACT_KINDS:
            raise ProtocolError("room.protocol.act_kind", kinds=", ".join(ACT_KINDS))
        if data["kind"] == "raise" and data.get("amount") is None:
            raise ProtocolError("room.protocol.raise_amount")
        if data["kind"] != "raise" and data.get("amount") is not None:
            raise ProtocolError("room.protocol.no_amount", kind=data["kind"])
    if kind == "chat":
        data["text"] = chat_text(data["text"])
    if kind == "hello" and data.get("token") is not None and len(data["token"]) > 100:
        raise ProtocolError("room.protocol.token_long")
    return data


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and -_MAX_INT <= value <= _MAX_INT
