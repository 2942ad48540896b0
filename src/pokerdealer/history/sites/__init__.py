"""Hand histories of the poker sites, read into PHH: PokerStars and the others.

:func:`detect_site` tells the site from the text; :func:`read_each` reads every
hand of a text (one that cannot be read comes as its error, naming the hand and
why: it never takes the file's other hands with it); :func:`load_hands` reads
a file or a folder, as ``pokerdealer replay``, ``convert`` and ``review`` do,
and the room's upload reads a pasted text with :func:`read_each`.

Each site family has its own small reader over the shared core
(:mod:`pokerdealer.history.sites.core`): a site's reader says what each line
means; the core builds the PHH hand and works out its finishing stacks, so a
replay checks the text against the rules. PokerStars text is read by
:mod:`pokerdealer.history.pokerstars_read`.

>>> detect_site("Full Tilt Poker Game #33730111975: Table Iowa (heads up) - NL Hold'em - $5/$10 - ...")
'fulltilt'
>>> detect_site("PokerStars Hand #7:  Hold'em No Limit (1/2) - 2024/01/15 14:30:00 UTC"), detect_site("hello")
('pokerstars', None)
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from pokerdealer.history.convert import UnsupportedHistory
from pokerdealer.history.phh import HandHistory, HistoryError, load, load_path
from pokerdealer.history.sites import bovada, entraction, fulltilt, ggpoker, ipoker, merge, microgaming, ongame, pacific, party, winamax, winning
from pokerdealer.history.sites.core import decode, read_file

__all__ = [
    "SITES",
    "Site",
    "detect_site",
    "holds_many_hands",
    "is_history_path",
    "load_each",
    "load_hands",
    "load_one",
    "read_each",
]


@dataclass(frozen=True)
class Site:
    """A site family's reader: ``start`` finds each hand's first line,
    ``read_hand(block, first_line)`` reads one hand; ``split``, when given,
    cuts a text into ``(block, first_line)`` itself (an XML game needs its
    session's header)."""

    name: str
    label: str
    start: re.Pattern[str]
    read_hand: Callable[..., HandHistory]
    split: Callable[[str], list[tuple[str, int]]] | None = None


def _pokerstars_site() -> Site:
    from pokerdealer.history import pokerstars_read

    return Site("pokerstars", "PokerStars", pokerstars_read._HAND_START, pokerstars_read._read_hand)


SITES: tuple[Site, ...] = (
    _pokerstars_site(),
    Site("fulltilt", "Full Tilt Poker", fulltilt.START, fulltilt.read_hand),
    Site("888", "888poker", pacific.START, pacific.read_hand),
    Site("partypoker", "PartyPoker", party.START, party.read_hand),
    Site("winamax", "Winamax", winamax.START, winamax.read_hand),
    Site("winning", "Winning Poker Network (ACR)", winning.START, winning.read_hand),
    Site("ggpoker", "GGPoker", ggpoker.START, ggpoker.read_hand),
    Site("bovada", "Bovada / Ignition / Bodog", bovada.START, bovada.read_hand),
    Site("ipoker", "iPoker (XML)", ipoker.START, ipoker.read_hand, ipoker.split),
    Site("merge", "Merge Gaming (Carbon)", merge.START, merge.read_hand, merge.split),
    Site("ongame", "OnGame (bwin)", ongame.START, ongame.read_hand),
    Site("microgaming", "Microgaming (MPN)", microgaming.START, microgaming.read_hand, microgaming.split),
    Site("entraction", "Entraction", entraction.START, entraction.read_hand),
)
"""The sites read, each with its reader."""

_BY_NAME = {site.name: site for site in SITES}
# A hand's number in its first lines: "#123", "Game No : 123", "HandId: #12-3-45", "for Game 123", '<game id="1-2"'.
_HAND_NUMBER = re.compile(r"(?:#|Game No ?: ?|Game ID: |HandId: ?#?|[Ff]or Game |gamecode=\"|<game id=\"|History for hand )\s*([A-Za-z]*\d[\w-]*)")
# File kinds a hand history comes in (a folder's other files are not read).
_SUFFIXES = (".txt", ".xml", ".json", ".log")


def detect_site(text: str) -> str | None:
    """The name of the site whose hand starts first in ``text``, or ``None``."""
    found: list[tuple[int, str]] = []
    for site in SITES:
        match = site.start.search(text)
        if match:
            found.append((match.start(), site.name))
    return min(found)[1] if found else None


def read_each(text: str, *, path: str | None = None) -> list[HandHistory | HistoryError]:
    """Every hand in ``text`` (any site :func:`detect_site` knows) as PHH, or,
    for a hand that cannot be read, the error naming it (its hand number, its
    first line) and saying why."""
    name = detect_site(text)
    if name is None:
        raise HistoryError.said("history.site.unknown", path=path)
    if name == "pokerstars":
        from pokerdealer.history.pokerstars_read import read_each as read_pokerstars

        return read_pokerstars(text, path=path)
    site = _BY_NAME[name]
    # Files joined byte for byte keep each one's byte-order mark: inside a line it starts the next hand.
    text = re.sub(r"(?<=[^\n])\ufeff", "\n", text).replace("\ufeff", "")
    hands: list[HandHistory | HistoryError] = []
    for k, (block, first_line) in enumerate(_blocks(site, text)):
        try:
            hands.append(site.read_hand(block, first_line=first_line))
        except HistoryError as error:
            number = _HAND_NUMBER.search("\n".join(block.strip().splitlines()[:3])) or _HAND_NUMBER.search(block)
            kind = UnsupportedHistory if isinstance(error, UnsupportedHistory) else HistoryError
            if number:
                refused = kind.said("history.ps.in_hand_number", path=path, number=number[1],
                                    line=first_line, reason=error.told)
            else:
                refused = kind.said("history.ps.in_hand", path=path, n=k + 1, line=first_line, reason=error.told)
            refused.hand_number = number[1] if number else None  # type: ignore[attr-defined]
            hands.append(refused)
    return hands


def _blocks(site: Site, text: str) -> list[tuple[str, int]]:
    """Each hand's text and the line it starts on."""
    if site.split is not None:
        return site.split(text)
    starts = [m.start() for m in site.start.finditer(text)]
    ends = starts[1:] + [len(text)]
    return [(text[a:b], text.count("\n", 0, a) + 1) for a, b in zip(starts, ends)]


def _label(path: Path, hand: HandHistory | HistoryError) -> str:
    if isinstance(hand, HandHistory):
        number = hand.metadata.get("_hand_id", hand.metadata.get("hand"))
    else:
        number = getattr(hand, "hand_number", None)
    return f"{path}[#{number}]"


def load_each(path: str | Path) -> list[tuple[str, HandHistory | HistoryError]]:
    """Every hand of a site's hand history file as ``(label, hand)``, the label
    ``path[#hand number]``; a hand that cannot be read comes as its error, a
    file that cannot be read at all as one ``(path, error)``."""
    path = Path(path)
    try:
        hands = read_each(read_file(path))
    except HistoryError as error:
        return [(str(path), error if error.path else error.said_again(path=str(path)))]
    return [(_label(path, hand), hand) for hand in hands]


def is_history_path(path: str | Path) -> bool:
    """Whether ``path`` is read as a site's hand history (not PHH): ``.txt``,
    ``.xml``, ``.json`` or ``.log``."""
    return Path(path).suffix.lower() in _SUFFIXES


def _holds_hands(path: Path) -> bool:
    """Whether a file of a folder is a site's hand history (a README is not)."""
    try:
        with path.open("rb") as file:
            head = decode(file.read(1 << 16))
    except OSError:
        return True  # unreadable: reported when the file is read
    return detect_site(head) is not None


def holds_many_hands(path: str | Path) -> bool:
    """Whether ``path`` is a folder, a ``.phhs`` or a site's file of several hands."""
    path = Path(path)
    if path.is_dir() or path.suffix == ".phhs":
        return True
    if not is_history_path(path):
        return False
    try:
        text = read_file(path)
    except HistoryError:
        return False  # reported when the file is read
    site = detect_site(text)
    if site is None:
        return False
    return len(_blocks(_BY_NAME[site], text)) > 1


def load_one(path: str | Path) -> HandHistory:
    """The one hand of a ``.phh`` file or of a site's hand history file."""
    if not is_history_path(path):
        return load(path)
    hands = []
    for _, hand in load_each(path):
        if isinstance(hand, HistoryError):
            raise hand
        hands.append(hand)
    if len(hands) != 1:
        raise HistoryError(f"{len(hands)} hands in the file, expected one", path=str(path))
    return hands[0]


def load_hands(path: str | Path) -> Iterator[tuple[str, HandHistory | HistoryError]]:
    """Every hand under ``path``, as :func:`~pokerdealer.history.load_path`
    yields them: a site's file gives ``(path[#hand id], hand)`` for each of its
    hands (a hand that cannot be read as its error), or ``(path, error)`` once
    when the file cannot be read. A folder's PHH files and sites' files are
    read, in sorted order."""
    path = Path(path)
    if path.is_dir():
        files = sorted(
            p for p in path.rglob("*")
            if p.is_file() and (p.suffix in (".phh", ".phhs") or (is_history_path(p) and _holds_hands(p)))
        )
        for file in files:
            yield from load_hands(file)
        return
    if not is_history_path(path):
        yield from load_path(path)
        return
    yield from load_each(path)
