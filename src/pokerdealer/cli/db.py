"""``pokerdealer db``: the room's database schema (Alembic migrations)."""

from __future__ import annotations

from typing import Annotated

import typer

from pokerdealer.cli._app import app, console, fail

db_app = typer.Typer(
    name="db", help="The poker room's database: schema migrations.", no_args_is_help=True,
)
app.add_typer(db_app, name="db")

DbOption = Annotated[
    str,
    typer.Option("--db", help="SQLite file, or a database URL such as postgresql://user:pw@host/poker."),
]


@db_app.command("upgrade")
def upgrade_command(
    db: DbOption = "pokerdealer.db",
    revision: Annotated[str, typer.Option("--revision", help="Target revision.")] = "head",
) -> None:
    """Bring the database's schema to the newest revision (safe to run again).

    A new database gets every table; one made before migrations is adopted
    (stamped at the first revision) and brought up to date. Several servers
    may share the database: stop them, upgrade once, start them again.
    """
    from pokerdealer.server.schema import (
        DatabaseError,
        SchemaError,
        database_url,
        make_engine,
        shown_db,
        upgrade,
    )

    _check_revision(revision)  # before the database is opened: a new SQLite file is made on opening
    try:
        engine = make_engine(database_url(db))
        try:
            before, after = upgrade(engine, revision)
        finally:
            engine.dispose()
    except (SchemaError, DatabaseError) as error:
        raise fail(str(error)) from None
    except Exception as error:  # noqa: BLE001 - alembic's own errors (bad revision name, ...)
        raise fail(f"upgrade failed: {str(error).splitlines()[0] if str(error) else type(error).__name__}") from None
    where = shown_db(db)
    if before == after:
        console.print(f"{where}: schema already at revision {after}", markup=False, soft_wrap=True)
    else:
        console.print(f"{where}: schema upgraded from {before or 'nothing'} to {after}", markup=False, soft_wrap=True)


def _check_revision(revision: str) -> None:
    """Refuse a ``--revision`` our migration scripts do not know, naming the ones they do."""
    from alembic.script import ScriptDirectory

    from pokerdealer.server.schema import alembic_config

    script = ScriptDirectory.from_config(alembic_config())
    try:
        script.get_revisions(revision)
    except Exception:  # noqa: BLE001 - alembic's own errors: an unknown or ambiguous name
        known = ", ".join(r.revision for r in reversed(list(script.walk_revisions())))
        raise fail(f"--revision {revision!r}: no such schema revision; give head or one of {known}") from None


@db_app.command("status")
def status_command(db: DbOption = "pokerdealer.db") -> None:
    """Show the database's schema revision and whether a server can start on it.

    Exits 0 at the newest revision (or for a new empty database), 1 otherwise.
    """
    from pokerdealer.server.schema import DatabaseError, database_url, make_engine, shown_db, status

    try:
        engine = make_engine(database_url(db))
        try:
            st = status(engine)
        finally:
            engine.dispose()
    except DatabaseError as error:
        raise fail(str(error)) from None
    console.print(
        f"{shown_db(db)}: {st.state} (revision {st.current or 'none'}, newest {st.head})", markup=False, soft_wrap=True
    )
    if st.state not in ("head", "empty"):
        raise typer.Exit(1)
