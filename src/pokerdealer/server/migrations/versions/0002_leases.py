"""Table leases: which server process plays each table, until when.

Several server processes can share one database: each table is played by
the process holding its lease (renewed every third of its length); a lease
not renewed in time is free for another process to take. The owner also
keeps the lobby's numbers here (players, bots, hands) so every process can
list every table. A process asked for a table it does not hold notes it in
``wanted_by``; the holder hands the lease over once it has no reader there.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "leases",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("owner", sa.String(100), nullable=False),
        sa.Column("node", sa.String(200), nullable=False),
        sa.Column("expires_at", sa.Float(), nullable=False),
        sa.Column("players", sa.Integer(), nullable=False, server_default="0"),
        sa.Column("bots", sa.Integer(), nullable=False, server_default="0"),
        sa.Column("hands", sa.Integer(), nullable=False, server_default="0"),
        sa.Column("wanted_by", sa.String(100), nullable=True),
        sa.Column("wanted_at", sa.Float(), nullable=True),
    )
    op.create_index("ix_leases_owner", "leases", ["owner"])
    # Every existing table gets a free lease; hands played so far are counted.
    op.execute(
        "INSERT INTO leases (table_id, owner, node, expires_at, players, bots, hands) "
        "SELECT t.id, '', '', 0, 0, 0, "
        "(SELECT COUNT(*) FROM hands h WHERE h.table_id = t.id AND h.ended_at IS NOT NULL) "
        "FROM tables t"
    )


def downgrade() -> None:
    op.drop_index("ix_leases_owner", "leases")
    op.drop_table("leases")
