"""Why a table or a seat is waiting, said to the readers (``{"key", "params"}``).

Two questions players ask when nothing happens:

- the table: why is no hand dealt? The host paused or closed it, fewer than two players with chips and
  not sitting out, or only bots left (a table of bots alone does not play:
  the room deals for people) -- :func:`why_not_dealing`;
- a newcomer: when am I dealt in, and what does it cost? They wait for the
  big blind to reach their seat, or post a big blind to play the next hand,
  or (fewer than two playing: the game starts afresh) are dealt in at once for nothing --
  :func:`entry_note`.

>>> note("room.wait.bots_only")
{'key': 'room.wait.bots_only', 'params': {}}
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pokerdealer.table import SeatStatus

if TYPE_CHECKING:
    from pokerdealer.server.live import LiveTable
    from pokerdealer.table import Player

__all__ = ["entry_note", "note", "starts_afresh", "why_not_dealing"]


def note(key: str, /, **params: Any) -> dict[str, Any]:  # noqa: ANN401
    """A note in words for the page's ``t()``: a catalog key and its params."""
    return {"key": key, "params": params}


def _is_bot(lt: LiveTable, name: str) -> bool:
    member = lt.by_name.get(name)
    return bool(member and member.bot)


def why_not_dealing(lt: LiveTable) -> dict[str, Any] | None:
    """Why the next hand cannot be dealt now, or ``None`` when it can.

    The one rule the table's loop deals by (:meth:`LiveTable._can_deal`).
    The host's decisions come first (:mod:`~pokerdealer.server.host`).
    """
    h = lt.host
    if h.closed or h.closing:
        return note("room.wait.host_closed" if h.closed else "room.wait.host_closing")
    if h.paused:
        return note("room.wait.host_paused")
    ready = [p for p in lt.table.players if p.stack > 0 and p.status is not SeatStatus.SITTING_OUT]
    humans = [p for p in ready if not _is_bot(lt, p.name)]
    if len(ready) >= 2 and humans:
        return None
    if len(ready) >= 2:
        return note("room.wait.bots_only")
    return note("room.wait.players", n=len(ready))


def starts_afresh(lt: LiveTable) -> bool:
    """Whether the next hand starts the game afresh: fewer than two players are in the
    game (dealt in last time and still in, with chips), so it deals in everyone ready
    and nobody posts or waits for the big blind
    (:func:`~pokerdealer.table.button.plan_hand`, the rule this follows)."""
    return sum(p.status is SeatStatus.ACTIVE and p.stack > 0 for p in lt.table.players) < 2


def entry_note(lt: LiveTable, player: Player) -> dict[str, Any] | None:
    """What a player not yet dealt in waits for, or posts, to play (``None``: nothing).

    When the next hand starts the game afresh (:func:`starts_afresh`) it deals in
    everyone ready without a post, waiting or posting alike. The
    reason is "fewer than two are playing" only when fewer than two others are
    ready; with more (a bot that busted and bought in again, newcomers) it is that
    the game starts afresh -- "fewer than two" beside two seated bots read false.
    """
    if player.status not in (SeatStatus.WAITING, SeatStatus.POSTING):
        return None
    if starts_afresh(lt):
        others = [p for p in lt.table.players if p.name != player.name and p.stack > 0]
        ready = [p for p in others if p.status is not SeatStatus.SITTING_OUT]
        return note("room.entry.free" if len(ready) < 2 else "room.entry.free_restart")
    big = lt.settings.big_blind
    if player.status is SeatStatus.WAITING:
        return note("room.entry.wait_bb", amount=big)
    return note("room.entry.post", amount=big)
