"""What a table works out of its hands once and keeps for its readers.

None of it is the table's state: each piece is a function of the state
(:mod:`~pokerdealer.server.reducer`), kept because readers ask for it at every
state they are sent -- a finished hand's summary, the deck commitment built
from a hand's salts, each player's opening, their hand's strength said in a
language, the hand's log in words -- or because it is no part of the log: a
bot's reasons for its decisions (in memory only: a restart forgets them).

A table keeps one :class:`HandBook`; a table rebuilt for an old hand
(:func:`~pokerdealer.server.history_store.source`) has its own.

>>> book = HandBook()
>>> book.summaries[3] = {"number": 3}
>>> book.forget_before(4); book.summaries
{}
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pokerdealer.server.fair import DeckCommitment
from pokerdealer.server.hand_words import HandLog

if TYPE_CHECKING:
    from pokerdealer.server.reducer import TableState
    from pokerdealer.table import HandRecord

__all__ = ["HandBook", "kept", "last_dealt"]


class HandBook:
    """A table's hands as its readers see them, worked out once (by hand number)."""

    __slots__ = ("bot_reasons", "fair", "log", "openings", "strength", "summaries")

    def __init__(self) -> None:
        self.fair: dict[int, DeckCommitment] = {}
        """The deck commitment (drawn at the deal, or rebuilt from the hand's facts)."""
        self.openings: dict[int, dict[int, dict[str, Any]]] = {}
        """Each player's own two positions opened."""
        self.strength: dict[int, dict[tuple[int, int, str], str]] = {}
        """A player's hand with the board, in words, by (player, cards on the board, language)."""
        self.bot_reasons: dict[int, list[dict[str, Any]]] = {}
        """The bots' reasons for their decisions (not in the log: a restart forgets them)."""
        self.summaries: dict[int, dict[str, Any] | None] = {}
        """Each finished hand's summary for everyone (:func:`~pokerdealer.server.views.summary`)."""
        self.log = HandLog()
        """The hand dealt last in words."""

    def forget_before(self, oldest: int) -> None:
        """Drop what is kept of hands before ``oldest`` (the table no longer keeps them)."""
        for cache in (self.fair, self.openings, self.strength, self.bot_reasons, self.summaries):
            if not cache or min(cache) >= oldest:  # most hands (and a tournament's tables keep every hand)
                continue
            for number in [n for n in cache if n < oldest]:
                del cache[number]


def kept(state: TableState, number: int) -> HandRecord | None:
    """Finished hand ``number`` if the table still holds it in memory."""
    hands = state.table.hands
    if not hands:
        return None
    i = number - hands[0].number
    if 0 <= i < len(hands) and hands[i].number == number:
        return hands[i]
    return None


def last_dealt(state: TableState) -> HandRecord | None:
    """The hand in play, else the last one finished (None: no hand yet, or none kept)."""
    table = state.table
    return table.current or (table.hands[-1] if table.hands else None)
