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

>>> name_bots(["tight", "caller", "caller"], lang="en", taken={"TightBot"})
['TightBot 2', 'CallerBot 1', 'CallerBot 2']
>>> name_bots(["caller"], lang="zh-Hant", number_alone=True)
['跟注機器人 1']
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Container, Sequence

from pokerdealer.i18n import message

__all__ = ["bot_name", "name_bots", "unique_name"]


def bot_name(kind: str, number: int | None = None, *, lang: str) -> str:
    """A bot's name from its ``kind`` (``tight``, ``caller``, ``random``), its ``number``
    among its kind (none: the only one) and the table's ``lang``.

    >>> bot_name("random", 3, lang="en")
    'RandomBot 3'
    """
    name = message(lang, f"room.bot.name.{kind}")
    return name if number is None else message(lang, "room.bot.name.numbered", name=name, n=number)


def unique_name(name: str, taken: Container[str]) -> str:
    """``name``, or if it is taken the first of ``name 2``, ``name 3`` ... that is not.

    Not ``name (2)``: PokerKit's reader of PokerStars hand histories takes a
    name's last ``(...)`` for a summary's ``(button)`` and cannot tell ``Ann``
    from ``Ann (2)`` at one table.

    >>> unique_name("Ann", {"Ann", "Ann 2"}), unique_name("Bob", {"Ann"})
    ('Ann 3', 'Bob')
    """
    base, k = name, 2
    while name in taken:
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
    used = set(taken)
    names: list[str] = []
    for kind in kinds:
        seen[kind] += 1
        number = seen[kind] if number_alone or count[kind] > 1 else None
        name = unique_name(bot_name(kind, number, lang=lang), used)
        used.add(name)
        names.append(name)
    return names
