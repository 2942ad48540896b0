"""Finished hands: the last few in memory, every older one from the database.

A long-running table does not keep its whole history in memory: its
:class:`~pokerdealer.table.CashTable` keeps the last ``keep_hands`` finished
hands (:class:`~pokerdealer.server.settings.ServerOptions`), and the live
table their fairness data and summaries. A history
endpoint asking for an older hand gets a **source** (:func:`source`): the
table's state rebuilt from the database -- the snapshot taken before that
hand plus the events up to its end, a fold of the same
:func:`~pokerdealer.server.reducer.reduce` as a restart (:class:`Rebuilt`) --
so the hand's record, meta and summary come from exactly the code that serves
a hand in memory, and nothing is served that the live path would not serve.

The history list needs only a row per hand (:func:`list_row`): it is
stored in the ``hands`` row at the hand's end (:func:`stored_summary`), so
listing 200 hands reads 200 rows and replays nothing.

>>> list_row(7, {"players": ["ann", "bob"], "pot": 4, "winners": ["bob"], "board": None}, 1.5)
{'number': 7, 'board': None, 'players': ['ann', 'bob'], 'pot': 4, 'winners': ['bob'], 'started_at': 1.5}
"""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass, field
from typing import Any, Protocol

from sqlalchemy import select
from sqlalchemy.engine import Connection

from pokerdealer.server import db
from pokerdealer.server.hand_book import HandBook
from pokerdealer.server.hand_book import kept as kept_in
from pokerdealer.server.host import host_of
from pokerdealer.server.proofs import Source, facts_of
from pokerdealer.server.reducer import MemberInfo, TableState, new_state, reduce
from pokerdealer.server.settings import TableSettings
from pokerdealer.server.snapshot import restore
from pokerdealer.server.views import summary
from pokerdealer.table import CashTable, HandRecord

__all__ = ["Rebuilt", "kept", "list_row", "listing", "source", "stored_summary"]

LIST_LIMIT = 200
"""Hands in the history list (newest first)."""
STORED = ("board", "players", "pot", "winners")
"""The list's fields kept in each ``hands`` row."""


def kept(src: Source, number: int) -> HandRecord | None:
    """Finished hand ``number`` if ``src`` still holds it in memory."""
    return kept_in(src.state, number)


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


class Table(Source, Protocol):
    """A live table, as the history reads it (:class:`~pokerdealer.server.live.LiveTable`)."""

    room: Any
    seed: int | None
    members: dict[int, Any]

    def summary(self, number: int) -> dict[str, Any] | None: ...


@dataclass
class Rebuilt:
    """A table's state rebuilt from its log up to the end of one hand (:func:`source`),
    served as the live table serves the hands it holds."""

    id: str
    state: TableState
    book: HandBook = field(default_factory=HandBook)

    @property
    def table(self) -> CashTable:
        return self.state.table

    @property
    def settings(self) -> TableSettings:
        return self.state.settings

    @property
    def by_token(self) -> dict[str, MemberInfo]:
        """The members by their token's hash (a player's own download)."""
        return {m.token_hash: m for m in self.state.members if m.token_hash}

    @property
    def hand_meta(self) -> dict[int, dict[str, Any]]:
        """What the log says of each hand kept (:class:`~pokerdealer.server.proofs.HandFacts`), as dicts."""
        return {n: facts.meta() for n, facts in self.state.part("proofs").items()}

    def summary(self, number: int) -> dict[str, Any] | None:
        return summary(self, number)


async def listing(lt: Table, limit: int = LIST_LIMIT) -> list[dict[str, Any]]:
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
            if src is None or record is None:
                continue
            stored = stored_summary(record, src.summary(number) or {})
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


async def source(lt: Table, number: int) -> Table | Rebuilt | None:
    """Where hand ``number`` is served from: ``lt`` itself while it holds the
    hand (in play or kept), else its state rebuilt from the database up to the
    hand's end; None if there is no such hand."""
    if facts_of(lt.state, number) is not None:
        return lt
    if not 1 <= number <= lt.table.hands_played:
        return None
    snapshot, events = await asyncio.to_thread(lt.room.store.read, lambda c: _hand_log(c, lt.id, number))
    return rebuild(lt, number, snapshot, events)


def _hand_log(conn: Connection, table_id: str, number: int) -> tuple[dict[str, Any] | None, list[Any]]:
    """The snapshot before hand ``number`` and the events after it, up to the
    first snapshot taken after the next hand (this one ends before that, and so do
    the events about it after its end)."""
    snapshot = db.snapshot_before(conn, table_id, number)
    after = snapshot["seq"] if snapshot is not None else 0
    # Up to the snapshot after the next hand: what is said of this one after its end comes before it.
    until = conn.execute(
        select(db.SnapshotRow.seq)
        .where(db.SnapshotRow.table_id == table_id, db.SnapshotRow.hands >= number + 1)
        .order_by(db.SnapshotRow.hands, db.SnapshotRow.seq)
        .limit(1)
    ).scalar()
    return snapshot, db.events_between(conn, table_id, after, until)


def rebuild(lt: Table, number: int, snapshot: dict[str, Any] | None, events: list[Any]) -> Rebuilt:
    """``lt``'s state (same settings and members) brought from ``snapshot``
    through ``events`` to the end of hand ``number``."""
    state = new_state(
        host_of(lt.state).base, seed=lt.seed, keep_hands=lt.room.options.keep_hands,
        features=lt.state.features, members=lt.state.members,
    )
    if snapshot is not None:
        state = restore(state, snapshot)
    for _, kind, data, at in events:
        if kind == "hand_start" and state.table.hands_played >= number:
            break  # the next deal: what is said of the hand after its end (a show, a rabbit hunt) came before
        state = reduce(state, kind, data, at)
    scratch = Rebuilt(lt.id, state)
    if kept(scratch, number) is None:
        raise LookupError(f"table {lt.id}: hand {number} is not in its log")
    return scratch
