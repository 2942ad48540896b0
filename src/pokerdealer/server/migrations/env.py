"""Alembic's environment for the room's database.

Run from code (:mod:`pokerdealer.server.schema`), never from an ``alembic.ini``:
the caller passes an open connection in ``config.attributes["connection"]``.
On PostgreSQL the whole upgrade runs in one transaction under an advisory
lock, so two server processes starting on one empty database do not race.
"""

from __future__ import annotations

from alembic import context
from sqlalchemy import text

from pokerdealer.server.db import Base

#: pg_advisory_xact_lock key for schema changes ("pokerdea" as a number).
ADVISORY_LOCK = 0x706F6B6572646561


def run() -> None:
    config = context.config
    connection = config.attributes.get("connection")
    if connection is None:
        raise RuntimeError("run migrations with `pokerdealer db upgrade --db URL`")
    context.configure(
        connection=connection,
        target_metadata=Base.metadata,
        render_as_batch=connection.dialect.name == "sqlite",
        transactional_ddl=True,
    )
    with context.begin_transaction():
        if connection.dialect.name == "postgresql":
            connection.execute(text("SELECT pg_advisory_xact_lock(:k)"), {"k": ADVISORY_LOCK})
        context.run_migrations()


try:
    context.config
except (AttributeError, NameError):  # imported outside alembic (pytest's doctest collection): nothing to run
    pass
else:
    run()
