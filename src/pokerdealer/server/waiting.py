"""Why a table or a seat is waiting, said to the readers (``{"key", "params"}``).

Two questions players ask when nothing happens:

- the table: why is no hand dealt? A feature holds the deal (the host paused
  or closed the table: each feature's ``deal_veto``), fewer than two players with chips and
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
    from pokerdealer.server.reducer import TableState
    from pokerdealer.table import Player

__all__ = ["entry_note", "note", "starts_afresh", "why_not_dealing"]


def note(key: str, /, **params: Any) -> dict[str, Any]:  # noqa: ANN401
    """A note in words for the page's ``t()``: a catalog key and its params."""
    return {"key": key, "params": params}


def why_not_dealing(state: TableState) -> dict[str, Any] | None:
    """Why the next hand cannot be dealt now, or ``None`` when it can.

    The one rule the table's loop deals by. The features' reasons come first
    (the host's decisions: :mod:`~pokerdealer.server.host`).
    """
    for feature in state.features.all:
        if feature.deal_veto is not None:
            held = feature.deal_veto(state)
            if held is not None:
                return held
    members = state.members
    ready = [p for p in state.table.players if p.stack > 0 and p.status is not SeatStatus.SITTING_OUT]
    humans = [p for p in ready if not ((m := members.named(p.name)) is not None and m.bot)]
    players = len(ready) + _bots_coming_back(state)
    if players >= 2 and humans:
        return None
    if players >= 2:
        return note("room.wait.bots_only")
    return note("room.wait.players", n=len(ready))


def _bots_coming_back(state: TableState) -> int:
    """How many bots the last hand busted buy in again as the next hand is dealt
    (:func:`~pokerdealer.server.between_hands.bots_rebuy`, after the pause): one for
    each free seat. A bust leaves nothing to be held to, so each may."""
    table = state.table
    busted = {name for number, name in table.busted if number == table.hands_played}
    bots = [m for m in state.members if m.bot and m.name in busted and table.seat_of(m.name) is None]
    return min(len(bots), len(table.free_seats))


def starts_afresh(state: TableState) -> bool:
    """Whether the next hand starts the game afresh: fewer than two players are in the
    game (dealt in last time and still in, with chips), so it deals in everyone ready
    and nobody posts or waits for the big blind
    (:func:`~pokerdealer.table.button.plan_hand`, the rule this follows)."""
    return sum(p.status is SeatStatus.ACTIVE and p.stack > 0 for p in state.table.players) < 2


def entry_note(state: TableState, player: Player) -> dict[str, Any] | None:
    """What a player not yet dealt in waits for, or posts, to play (``None``: nothing).

    When the next hand starts the game afresh (:func:`starts_afresh`) it deals in
    everyone ready without a post, waiting or posting alike. The
    reason is "fewer than two are playing" only when fewer than two others are
    ready; with more (a bot that busted and bought in again, newcomers) it is that
    the game starts afresh -- "fewer than two" beside two seated bots read false.
    """
    if player.status not in (SeatStatus.WAITING, SeatStatus.POSTING):
        return None
    if starts_afresh(state):
        others = [p for p in state.table.players if p.name != player.name and p.stack > 0]
        ready = [p for p in others if p.status is not SeatStatus.SITTING_OUT]
        return note("room.entry.free" if len(ready) < 2 else "room.entry.free_restart")
    big = state.settings.big_blind
    if player.status is SeatStatus.WAITING:
        return note("room.entry.wait_bb", amount=big)
    return note("room.entry.post", amount=big)
