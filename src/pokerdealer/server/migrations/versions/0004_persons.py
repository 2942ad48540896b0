"""Persons: a player's stop by their own limit, at every table of one browser.

A browser keeps a random key of its own and sends it with each join; the room
stores only its SHA-256 (``hash``). The row holds the newest stop by a loss or
time limit (JSON: why, when, the net and the minutes played, the table's
name), or none once the player chose to go on. A table writes it in the same
transaction as its ``limit_stop`` or ``limit_continue`` event and reads it
when that browser takes a seat there, so a stop holds at a second seat and at
a new table (:mod:`pokerdealer.server.self_limits`).

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "persons",
        sa.Column("hash", sa.String(64), primary_key=True),
        sa.Column("stop", sa.Text(), nullable=True),
        sa.Column("at", sa.Float(), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("persons")
