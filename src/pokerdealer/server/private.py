"""What only one seated member is sent: their seat, stack, hole cards, legal
actions, how strong their hand is now, what they wait for to be dealt in, and
what the coach says to them about the last showdown.

Their hand's strength is their own cards with the board (nothing secret), said
in the reader's language by the evaluator.
"""

from __future__ import annotations

import time
from collections import OrderedDict
from typing import TYPE_CHECKING, Any, Protocol

from pokerdealer.evaluation import evaluate
from pokerdealer.rules import Street
from pokerdealer.server import proofs, self_limits
from pokerdealer.server.views import legal_payload
from pokerdealer.server.waiting import entry_note

if TYPE_CHECKING:
    from pokerdealer.server.conns import Member
    from pokerdealer.server.hand_book import HandBook
    from pokerdealer.server.reducer import TableState
    from pokerdealer.server.settings import ServerOptions
    from pokerdealer.table import HandRecord, Player

__all__ = ["private_state"]


class Reader(Protocol):
    """What a player's own part is built from (a :class:`~pokerdealer.server.live.LiveTable`)."""

    id: str
    state: TableState
    book: HandBook
    options: ServerOptions

    @property
    def table(self) -> Any: ...  # noqa: ANN401


def private_state(
    lt: Reader, m: Member, player: Player | None, record: HandRecord | None, *, lang: str
) -> tuple[dict[str, Any], tuple[int, list[str]] | None]:
    """``m``'s own part of the state, and their seat and hole cards when dealt in."""
    # The language its words are in: a page switching language waits for the state said in it.
    you: dict[str, Any] = {"member": m.id, "name": m.name, "seat": None, "legal": None, "lang": lang}
    you["coach_showdown"] = _showdown_coach(lt, m, lang=lang)  # seated or not: the hand may have busted them
    if player is None:
        # What they may buy in for again (a recent leaver brings back their stack).
        low, high = lt.table.buy_in_range(m.name, now=time.time())
        you["buy_in"] = {"min": low, "max": _within_limit(lt, m, high)}
        you.update(_own(lt, m, record, lang))  # a stop is seen without a seat too
        return you, _last_hand_cards(lt, m)
    seat = player.seat
    you["seat"] = seat
    you["status"] = player.status.value
    you["stack"] = player.stack
    you["max_top_up"] = _within_limit(lt, m, max(0, lt.table.settings.max_buy_in - player.stack))
    you["entry"] = entry_note(lt.state, player)
    own = _last_hand_cards(lt, m) if record is None else None
    if record is not None:
        i = record.index_of(seat)
        if i is not None:
            hand = record.hand
            # The seat shows the stack behind in this hand; the bar says the same.
            you["stack"] = hand.stacks[i]
            you["entry"] = None
            own = (seat, [str(c) for c in hand.hole_cards[i]])
            you["deal_proof"] = proofs.own_opening(lt, record, i)
            if hand.actor == i and hand.street is not Street.SHOWDOWN:
                you["legal"] = legal_payload(hand, i)
            elif self_limits.asked_to_show(lt.state, m.id, record):
                you["show_or_muck"] = _show_or_muck(lt.state, record, i, lang)
            if len(hand.board) >= 3 and not hand.folded[i]:
                you["strength"] = _strength(lt, record, i, lang)
    you.update(_own(lt, m, record, lang))  # theirs only: coach lines, limits
    return you, own


def _within_limit(lt: Reader, m: Member, most: int) -> int:
    """``most`` chips, or fewer when ``m``'s loss limit leaves fewer to bring
    (:meth:`~pokerdealer.server.self_limits.Own.buy_in_left`)."""
    left = self_limits.own_of(lt.state, m.id).buy_in_left(buy_in=lt.table.settings.max_buy_in)
    return most if left is None else min(most, left)


def _own(lt: Reader, m: Member, record: HandRecord | None, lang: str) -> dict[str, Any]:
    """Their own settings, session and coach (:func:`~pokerdealer.server.self_limits.private`)."""
    return self_limits.private(lt.state, m.id, record, lang=lang, now=time.time(), cool_off=lt.options.limit_cool_off)


def _show_or_muck(state: TableState, record: HandRecord, i: int, lang: str) -> dict[str, Any]:
    """The question a learner is asked on their turn at the showdown: the coach's
    lines (who shows first and why, TDA 2026 18-A; that a mucked hand gives up the
    pot), in their language, with the hand's number and action count to answer with."""
    from pokerdealer.learn.coach import showdown_lines

    hand = record.hand
    lines = self_limits.coach_said(state, hand, showdown_lines(hand, i), lang=lang)
    return {"hand": record.number, "at": len(hand.log), "lines": lines}


def _strength(lt: Reader, record: HandRecord, i: int, lang: str) -> str:
    """Player ``i``'s hand with the board, in words: worked out once a street and
    language (kept with the hand), not at every state sent to them."""
    hand = record.hand
    said = lt.book.strength.setdefault(record.number, {})
    key = (i, len(hand.board), lang)
    if key not in said:
        said[key] = evaluate(hand.hole_cards[i] + hand.board, hand.config.variant).describe(lang)
    return said[key]  # type: ignore[no-any-return]


def _showdown_coach(lt: Reader, m: Member, *, lang: str) -> dict[str, Any] | None:
    """With the coach on, what it says to ``m`` about the showdown of the last hand
    (:func:`pokerdealer.learn.coach.showdown_lesson`: their own cards and the cards
    shown, no other), for as long as that hand is the last one summarised -- through
    the next hand, as the "Last hand" panel.

    ``{"hand": N, "lines": [...]}``, each line as :meth:`CoachLine.to_json` gives it
    (a comparison with both hands' cards and the short words for their seat).
    """
    from pokerdealer.learn.coach import showdown_lesson

    if not lt.table.hands or not self_limits.coach_on(lt.state, m.id):
        return None
    last = lt.table.hands[-1]
    if m.name not in last.players:
        return None
    # A finished hand's words never change: said once, not at every state sent until the next.
    key = (lt.id, last.number, m.name, lang)
    if key in _SAID:
        _SAID.move_to_end(key)
        return _SAID[key]
    lines = showdown_lesson(last.hand, last.players.index(m.name))
    said = {"hand": last.number, "lines": self_limits.coach_said(lt.state, last.hand, lines, lang=lang)} if lines else None
    _SAID[key] = said
    if len(_SAID) > _SAID_KEEP:
        _SAID.popitem(last=False)
    return said


#: The showdown words of the last hands, by (table, hand, player, language), the most recent last.
_SAID: OrderedDict[tuple[str, int, str, str], dict[str, Any] | None] = OrderedDict()
_SAID_KEEP = 1024


def _last_hand_cards(lt: Reader, m: Member) -> tuple[int, list[str]] | None:
    """Between hands, the member's own cards of the hand just over (on their seat until
    the next deal, also when that hand busted them)."""
    if not lt.table.hands:
        return None
    last = lt.table.hands[-1]
    if m.name not in last.players:
        return None
    i = last.players.index(m.name)
    return last.seats[i], [str(c) for c in last.hand.hole_cards[i]]
