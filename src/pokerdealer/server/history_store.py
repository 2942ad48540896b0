"""Finished hands: the last few in memory, every older one from the database.

A long-running table does not keep its whole history in memory: its
:class:`~pokerdealer.table.CashTable` keeps the last ``keep_hands`` finished
hands (:class:`~pokerdealer.server.settings.ServerOptions`), and the live
table their fairness data and summaries (:func:`forget_old`). A history
endpoint asking for an older hand gets a **source** (:func:`source`): a
throwaway live table rebuilt from the database -- the snapshot taken before
that hand plus the events up to its end, applied by the same
:meth:`LiveTable.apply_event <pokerdealer.server.live.LiveTable.apply_event>`
as a restart -- so the hand's record, meta and summary come from exactly the
code that serves a hand in memory, and nothing is served that the live path
would not serve.

The history list needs only a row per hand (:func:`list_row`): it is
stored in the ``hands`` row at the hand's end (:func:`stored_summary`), so
listing 200 hands reads 200 rows and replays nothing.

>>> list_row(7, {"players": ["ann", "bob"], "pot": 4, "winners": ["bob"], "board": None}, 1.5)
{'number': 7, 'board': None, 'players': ['ann', 'bob'], 'pot': 4, 'winners': ['bob'], 'started_at': 1.5}
"""

from __future__ import annotations

import asyncio
import json
from typing import TYPE_CHECKING, Any

from sqlalchemy import select
from sqlalchemy.engine import Connection

from pokerdealer.server import db

if TYPE_CHECKING:
    from pokerdealer.server.live import LiveTable
    from pokerdealer.table import HandRecord

__all__ = ["forget_old", "kept", "list_row", "listing", "source", "stored_summary"]

LIST_LIMIT = 200
"""Hands in the history list (newest first)."""
STORED = ("board", "players", "pot", "winners")
"""The list's fields kept in each ``hands`` row."""


def kept(lt: LiveTable, number: int) -> HandRecord | None:
    """Finished hand ``number`` if ``lt`` still holds it in memory."""
    hands = lt.table.hands
    if not hands:
        return None
    i = number - hands[0].number
    if 0 <= i < len(hands) and hands[i].number == number:
        return hands[i]
    return None


def forget_old(lt: LiveTable) -> None:
    """Drop the meta and summaries of hands no longer kept (after a hand ends)."""
    hands = lt.table.hands
    oldest = hands[0].number if hands else lt.table.hands_played + 1
    for cache in (lt.hand_meta, lt.summaries):
        if not cache or min(cache) >= oldest:  # most hands (and a tournament's tables keep every hand)
            continue
        for number in [n for n in cache if n < oldest]:
            del cache[number]


def stored_summary(record: HandRecord, summary: dict[str, Any]) -> dict[str, Any]:
    """What the ``hands`` row keeps of a finished hand for the history list:
    players, pot, winners, board (all public once the hand is over)."""
    awards = summary.get("awards", [])
    return {
        "players": list(record.players),
        "pot": sum(a["amount"] for a in awards),
        "winners": sorted({w["name"] for a in awards for w in a["winners"]}),
        "board": summary.get("board"),
    }


def list_row(number: int, stored: dict[str, Any], started_at: float | None) -> dict[str, Any]:
    """One line of the history list."""
    return {"number": number, **{k: stored.get(k) for k in STORED}, "started_at": started_at}


async def listing(lt: LiveTable, limit: int = LIST_LIMIT) -> list[dict[str, Any]]:
    """The newest ``limit`` finished hands, newest first: kept hands from
    memory, older ones from their stored rows (rebuilt if written before rows
    kept the list's fields)."""
    rows = await asyncio.to_thread(lt.room.store.read, lambda c: _stored_rows(c, lt.id, limit))
    out = []
    for number, started_at, text in rows:
        stored = json.loads(text) if text else {}
        if not all(k in stored for k in STORED):
            src = await source(lt, number)
            record = kept(src, number) if src is not None else None
            if record is None:
                continue
            stored = stored_summary(record, src.summary(number) or {})  # type: ignore[union-attr]
        out.append(list_row(number, stored, started_at))
    return out


def _stored_rows(conn: Connection, table_id: str, limit: int) -> list[tuple[int, float, str | None]]:
    rows = conn.execute(
        select(db.HandRow.number, db.HandRow.started_at, db.HandRow.summary)
        .where(db.HandRow.table_id == table_id, db.HandRow.ended_at.is_not(None))
        .order_by(db.HandRow.number.desc())
        .limit(limit)
    ).all()
    return [(r[0], r[1], r[2]) for r in rows]


async def source(lt: LiveTable, number: int) -> LiveTable | None:
    """Where hand ``number`` is served from: ``lt`` itself while it holds the
    hand (in play or kept), else a live table rebuilt from the database up to
    the hand's end; None if there is no such hand."""
    if number in lt.hand_meta:
        return lt
    if not 1 <= number <= lt.table.hands_played:
        return None
    snapshot, events = await asyncio.to_thread(lt.room.store.read, lambda c: _hand_log(c, lt.id, number))
    return rebuild(lt, number, snapshot, events)


def _hand_log(conn: Connection, table_id: str, number: int) -> tuple[dict[str, Any] | None, list[Any]]:
    """The snapshot before hand ``number`` and the events after it, up to the
    first snapshot taken after the hand (it ends before that)."""
    snapshot = db.snapshot_before(conn, table_id, number)
    after = snapshot["seq"] if snapshot is not None else 0
    until = conn.execute(
        select(db.SnapshotRow.seq)
        .where(db.SnapshotRow.table_id == table_id, db.SnapshotRow.hands >= number)
        .order_by(db.SnapshotRow.hands, db.SnapshotRow.seq)
        .limit(1)
    ).scalar()
    return snapshot, db.events_between(conn, table_id, after, until)


def rebuild(lt: LiveTable, number: int, snapshot: dict[str, Any] | None, events: list[Any]) -> LiveTable:
    """A throwaway copy of ``lt`` (same settings and members) brought from
    ``snapshot`` through ``events`` to the end of hand ``number``."""
    from pokerdealer.server.live import LiveTable, Member
    from pokerdealer.server.snapshot import restore

    scratch = LiveTable(lt.room, lt.id, lt.host.base, seed=lt.seed, created_at=lt.created_at)
    for m in lt.members.values():
        scratch.add_member(Member(m.id, m.name, m.token_hash, bot=m.bot))
    if snapshot is not None:
        restore(scratch, snapshot)
    for seq, kind, data, at in events:
        scratch.apply_event(kind, data, at)
        scratch.seq = seq
        if scratch.table.hands_played >= number:
            break
    if kept(scratch, number) is None:
        raise LookupError(f"table {lt.id}: hand {number} is not in its log")
    return scratch
