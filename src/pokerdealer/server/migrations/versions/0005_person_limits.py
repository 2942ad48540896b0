"""Person limits: a player's own limits and their chips at each table, across the room.

A loss or time limit is the player's, not a table's (seed 001: 设定可承受的时间与
预算): ``persons.own`` holds the limits they set last, at whichever table (JSON:
minutes, loss, unit, time_sit_out, when they were set, and the times they chose
to go on that day), and ``person_tables`` holds, for each table they play, what
they brought there and took away and the stacks in front of them, their session
there (when it started, since when they have had no seat). A table writes its
row in the same transaction as the events that change it and reads the others'
when the person joins it, asks for chips or finishes a hand there, so the loss
counts across tables and a buy-in is capped by what is left of it
(:mod:`pokerdealer.server.self_limits`).

Revision ID: 0005
Revises: 0004
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("persons", sa.Column("own", sa.Text(), nullable=True))
    op.create_table(
        "person_tables",
        sa.Column("person", sa.String(64), primary_key=True),
        sa.Column("table_id", sa.String(64), primary_key=True),
        sa.Column("brought", sa.Integer(), nullable=False),
        sa.Column("taken", sa.Integer(), nullable=False),
        sa.Column("stacks", sa.Integer(), nullable=False),
        sa.Column("started_at", sa.Float(), nullable=True),
        sa.Column("away_since", sa.Float(), nullable=True),
        sa.Column("at", sa.Float(), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("person_tables")
    op.drop_column("persons", "own")
