"""Which server process plays each table, and until when: the ``leases`` rows
(:mod:`~pokerdealer.server.room` says how processes share tables; a tournament's
tables follow its event, :mod:`~pokerdealer.server.tournament`).
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import bindparam, insert, select, update
from sqlalchemy.engine import Connection

from pokerdealer.server.db import LeaseRow, Op, TableRow, settings_or_none

__all__ = [
    "claimable", "free_leases", "hand_over", "lease_of", "op_insert_lease", "release", "renew", "try_claim", "want",
    "wanted",
]


def op_insert_lease(table_id: str, owner: str, node: str, expires_at: float) -> Op:
    def op(conn: Connection) -> None:
        conn.execute(
            insert(LeaseRow).values(
                table_id=table_id, owner=owner, node=node, expires_at=expires_at,
                players=0, bots=0, hands=0,
            )
        )

    return op


def try_claim(
    conn: Connection, table_id: str, owner: str, node: str, now: float, until: float,
    *, reclaim_node: bool,
) -> str:
    """Take a table's lease if it is free: expired, already ours, or (with
    ``reclaim_node``) held by an earlier process on our node, which must be dead
    since we hold the node's address. Returns ``claimed``, ``taken`` or ``missing``."""
    # A closed table is still taken when asked for (its history stays readable).
    if conn.execute(select(TableRow.id).where(TableRow.id == table_id)).first() is None:
        return "missing"
    free = (LeaseRow.owner == owner) | (LeaseRow.expires_at < now)
    if reclaim_node:
        free = free | (LeaseRow.node == node)
    result = conn.execute(
        update(LeaseRow)
        .where(LeaseRow.table_id == table_id, free)
        .values(owner=owner, node=node, expires_at=until, wanted_by=None, wanted_at=None)
    )
    if result.rowcount == 1:
        return "claimed"
    if conn.execute(select(LeaseRow.owner).where(LeaseRow.table_id == table_id)).first() is None:
        # No lease row at all: the first insert wins (the primary key decides).
        try:
            with conn.begin_nested():
                op_insert_lease(table_id, owner, node, until)(conn)
        except Exception:  # noqa: BLE001 - another process inserted it first
            return "taken"
        return "claimed"
    return "taken"


def claimable(conn: Connection, owner: str, node: str, now: float, *, reclaim_node: bool) -> list[str]:
    """Open tables whose lease is free now (oldest first); the caller skips its own."""
    free = (LeaseRow.expires_at < now) | LeaseRow.table_id.is_(None) | (LeaseRow.owner == owner)
    if reclaim_node:
        free = free | (LeaseRow.node == node)
    rows = conn.execute(
        select(TableRow.id)
        .outerjoin(LeaseRow, LeaseRow.table_id == TableRow.id)
        .where(TableRow.closed.is_(False), free)
        .order_by(TableRow.created_at)
    ).all()
    return [r[0] for r in rows]


def renew(conn: Connection, owner: str, until: float, stats: dict[str, tuple[int, int, int]]) -> set[str]:
    """Extend every lease we hold; write the lobby's numbers that changed;
    return the tables we hold (a table missing here was lost)."""
    conn.execute(update(LeaseRow).where(LeaseRow.owner == owner).values(expires_at=until))
    if stats:
        conn.execute(
            update(LeaseRow)
            .where(LeaseRow.table_id == bindparam("t"), LeaseRow.owner == owner)
            .values(players=bindparam("p"), bots=bindparam("b"), hands=bindparam("h")),
            [{"t": t, "p": p, "b": b, "h": h} for t, (p, b, h) in stats.items()],
        )
    rows = conn.execute(select(LeaseRow.table_id).where(LeaseRow.owner == owner)).all()
    return {r[0] for r in rows}


def wanted(conn: Connection, owner: str, since: float) -> dict[str, str]:
    """Our tables that another process asked for since ``since``: table -> that process."""
    rows = conn.execute(
        select(LeaseRow.table_id, LeaseRow.wanted_by).where(
            LeaseRow.owner == owner, LeaseRow.wanted_by.is_not(None), LeaseRow.wanted_by != owner,
            LeaseRow.wanted_at >= since,
        )
    ).all()
    return {r[0]: r[1] for r in rows}


def want(conn: Connection, table_id: str, owner: str, now: float) -> None:
    """Ask the holder of a table's lease to hand it to us once nobody reads it there."""
    conn.execute(
        update(LeaseRow).where(LeaseRow.table_id == table_id, LeaseRow.owner != owner)
        .values(wanted_by=owner, wanted_at=now)
    )


def hand_over(conn: Connection, table_id: str, owner: str, to: str, until: float) -> bool:
    """Give our lease to the process that asked for it (it loads the table on its
    next request or scan; if it died meanwhile, the lease simply expires)."""
    result = conn.execute(
        update(LeaseRow).where(LeaseRow.table_id == table_id, LeaseRow.owner == owner)
        .values(owner=to, node="", expires_at=until, wanted_by=None, wanted_at=None)
    )
    return result.rowcount == 1


def release(conn: Connection, owner: str, table_ids: list[str]) -> None:
    """Give leases back at once (a clean stop): another process may take them now."""
    if table_ids:
        conn.execute(
            update(LeaseRow)
            .where(LeaseRow.owner == owner, LeaseRow.table_id.in_(table_ids))
            .values(expires_at=0.0)
        )


def lease_of(conn: Connection, table_id: str) -> dict[str, Any] | None:
    """Who holds a stored row's lease, and its ``kind``: ``event`` (a tournament's
    own row), ``event_table`` (a table of one) or ``table`` (a cash table). A
    request for one kind by the id of another is answered "no such" at once
    (it is not played elsewhere). None: no such row."""
    row = conn.execute(
        select(TableRow.closed, LeaseRow.owner, LeaseRow.node, LeaseRow.expires_at, TableRow.settings)
        .outerjoin(LeaseRow, LeaseRow.table_id == TableRow.id)
        .where(TableRow.id == table_id)
    ).first()
    if row is None:  # a closed table too: its history is read where it is played
        return None
    settings = settings_or_none(row[4]) or {}
    kind = "event" if "tournament" in settings else "event_table" if "event" in settings else "table"
    return {"owner": row[1], "node": row[2], "expires_at": row[3], "kind": kind}


def free_leases(conn: Connection, table_ids: list[str], owner: str, now: float) -> list[str]:
    """Which of ``table_ids`` have a lease that is ours, expired, or missing (a
    tournament's tables are closed rows: :func:`claimable` does not list them)."""
    if not table_ids:
        return []
    rows = conn.execute(
        select(TableRow.id, LeaseRow.owner, LeaseRow.expires_at)
        .outerjoin(LeaseRow, LeaseRow.table_id == TableRow.id)
        .where(TableRow.id.in_(table_ids))
    ).all()
    return [r[0] for r in rows if r[1] is None or r[1] == owner or r[2] < now]
