"""Snapshots: each table's state between hands, so a start replays only the
events after one instead of the whole log.

A row holds the table's state (JSON: :meth:`CashTable.state
<pokerdealer.table.CashTable.state>` and the live table's part) as it is just
after event ``seq``, when ``hands`` hands had finished. One is written after
each hand, in the same transaction as the last event it covers. An old hand is
rebuilt from the snapshot before it plus its own events
(:mod:`pokerdealer.server.history_store`), so the server need not keep every
finished hand in memory. Tables written before this revision have none: they
are replayed from their first event, as before.

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "snapshots",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("seq", sa.Integer(), primary_key=True),
        sa.Column("hands", sa.Integer(), nullable=False),
        sa.Column("data", sa.Text(), nullable=False),
        sa.Column("at", sa.Float(), nullable=False),
    )
    op.create_index("ix_snapshots_table_hands", "snapshots", ["table_id", "hands", "seq"])


def downgrade() -> None:
    op.drop_index("ix_snapshots_table_hands", "snapshots")
    op.drop_table("snapshots")
