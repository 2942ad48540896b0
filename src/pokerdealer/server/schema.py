"""The database's schema: Alembic migrations, run from code, and the start-up check.

The migrations live in ``pokerdealer/server/migrations`` inside the package;
:func:`alembic_config` builds their :class:`~alembic.config.Config` in code, so
``pokerdealer db upgrade`` works from an installed wheel (no ``alembic.ini``).

A server starts only on a database whose schema it knows (:func:`check`):

- at our newest revision (head): it starts;
- a new, empty database (no tables at all): made at head by running the
  migrations, so ``pokerdealer serve`` on a fresh machine needs no other command;
- anything else -- tables but no ``alembic_version`` (made before migrations),
  an older revision, a revision our scripts do not know -- is refused with one
  line naming the command that fixes it: ``pokerdealer db upgrade --db ...``.

A database already at head is recognised without importing Alembic (its
import is a fifth of a start): the head is read from the migration files
(:func:`scripted_head`) and compared with ``alembic_version``; anything else
goes through Alembic.

>>> database_url("room.db")
'sqlite:///room.db'
>>> database_url("postgresql://u:pw@db.example/poker")
'postgresql+psycopg://u:pw@db.example/poker'
>>> shown_db("postgresql://u:secret@db.example/poker")
'postgresql://u:***@db.example/poker'
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sqlalchemy import create_engine, event, inspect, text
from sqlalchemy.engine import Connection, Engine, make_url
from sqlalchemy.exc import ArgumentError, SQLAlchemyError

from pokerdealer.errors import PokerDealerError

if TYPE_CHECKING:  # Alembic is imported only when a migration or an unusual schema needs it
    from alembic.config import Config

__all__ = [
    "BASELINE",
    "DatabaseError",
    "SchemaError",
    "SchemaStatus",
    "alembic_config",
    "check",
    "database_url",
    "make_engine",
    "scripted_head",
    "shown_db",
    "status",
    "upgrade",
]

MIGRATIONS = Path(__file__).parent / "migrations"
#: The revision whose tables a database made before migrations has.
BASELINE = "0001"
_BASELINE_TABLES = {"tables", "members", "events", "hands"}


class DatabaseError(PokerDealerError):
    """The database cannot be opened (bad URL, missing driver, server not reachable)."""


class SchemaError(PokerDealerError):
    """The database's schema is not the one this pokerdealer runs on."""


def database_url(db: str) -> str:
    """``--db`` as a SQLAlchemy URL: a file name means SQLite; ``postgresql://``
    (or ``postgres://``) means PostgreSQL through psycopg 3."""
    if "://" not in db:
        return f"sqlite:///{db}"
    for prefix in ("postgresql://", "postgres://"):
        if db.startswith(prefix):
            return "postgresql+psycopg://" + db[len(prefix):]
    return db


def shown_db(db: str) -> str:
    """``--db`` as it may be printed: the password hidden."""
    if "://" not in db:
        return db
    try:
        return make_url(db).render_as_string(hide_password=True)
    except ArgumentError:
        return db


IDLE_IN_TRANSACTION_MS = 20_000
"""PostgreSQL ends a session left inside a transaction this long (a stalled process's)."""


def make_engine(url: str) -> Engine:
    """An engine for the room: SQLite in WAL mode with foreign keys on."""
    kwargs: dict[str, Any] = {}
    sqlite = url.startswith("sqlite")
    if sqlite:
        kwargs["connect_args"] = {"check_same_thread": False, "timeout": 30}
    else:
        kwargs["pool_pre_ping"] = True
        # The room's transactions are short and never wait on the network in between: one left open
        # is a stalled process's, and it must not hold the rows it locked (the leases) for ever.
        kwargs["connect_args"] = {"options": f"-c idle_in_transaction_session_timeout={IDLE_IN_TRANSACTION_MS}"}
    if not (sqlite or url.startswith("postgresql")):  # the room's SQL is written for these two
        raise DatabaseError(
            f"--db {shown_db(url)}: the room runs on SQLite or PostgreSQL only; give a file name "
            "(SQLite, e.g. pokerdealer.db) or postgresql://user:password@host/name"
        )
    try:
        engine = create_engine(url, **kwargs)
    except ModuleNotFoundError as error:
        if url.startswith("postgresql"):
            raise DatabaseError(
                "PostgreSQL needs the psycopg driver: install pokerdealer[postgres] "
                "(uv sync --extra postgres, or pip install 'psycopg[binary]')"
            ) from None
        raise DatabaseError(f"no database driver for {shown_db(url)}: {error}") from None
    except (ArgumentError, ValueError) as error:
        raise DatabaseError(f"not a database URL: {shown_db(url)} ({error})") from None
    if sqlite:

        @event.listens_for(engine, "connect")
        def _pragmas(dbapi_conn, _record) -> None:  # noqa: ANN001
            cur = dbapi_conn.cursor()
            cur.execute("PRAGMA journal_mode=WAL")
            # WAL + NORMAL: a commit survives the process being killed (not a power cut).
            cur.execute("PRAGMA synchronous=NORMAL")
            cur.execute("PRAGMA foreign_keys=ON")
            cur.close()

    return engine


def alembic_config(connection: Connection | None = None) -> Config:
    """Alembic's configuration, built in code (works from an installed package)."""
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.set_main_option("path_separator", "os")
    if connection is not None:
        config.attributes["connection"] = connection
    return config


@dataclass(frozen=True)
class SchemaStatus:
    state: str
    """``head``, ``empty``, ``behind``, ``unversioned`` or ``unknown``."""
    current: str | None
    head: str
    tables: frozenset[str]


def head_revision() -> str:
    from alembic.script import ScriptDirectory

    head = ScriptDirectory.from_config(alembic_config()).get_current_head()
    assert head is not None
    return head


_REVISION_LINE = re.compile(
    r"""^(revision|down_revision)\s*(?::[^=]*)?=\s*(?:["']([^"']+)["']|None)\s*$""", re.MULTILINE
)


@functools.cache
def scripted_head() -> str | None:
    """The newest revision, read from the migration files' ``revision`` and
    ``down_revision`` lines without importing Alembic; ``None`` unless they
    form one chain of plain strings (then only Alembic may say).

    >>> scripted_head() == head_revision()
    True
    """
    revisions: set[str] = set()
    parents: set[str] = set()
    for path in (MIGRATIONS / "versions").glob("*.py"):
        if path.name == "__init__.py":
            continue
        fields = {m[1]: m[2] for m in _REVISION_LINE.finditer(path.read_text(encoding="utf-8"))}
        if not fields.get("revision"):
            return None  # a revision we cannot read: let Alembic decide
        revisions.add(fields["revision"])
        if fields.get("down_revision"):
            parents.add(fields["down_revision"])
    heads = revisions - parents
    return heads.pop() if len(heads) == 1 and parents <= revisions else None


def _head_status(conn: Connection) -> SchemaStatus | None:
    """The status of a database at the scripted head, read without Alembic; ``None`` otherwise."""
    head = scripted_head()
    if head is None:
        return None
    tables = frozenset(inspect(conn).get_table_names())
    if "alembic_version" not in tables:
        return None
    versions = [row[0] for row in conn.execute(text("SELECT version_num FROM alembic_version"))]
    return SchemaStatus("head", head, head, tables) if versions == [head] else None


def _status(conn: Connection) -> SchemaStatus:
    from alembic.runtime.migration import MigrationContext
    from alembic.script import ScriptDirectory

    script = ScriptDirectory.from_config(alembic_config())
    head = script.get_current_head()
    assert head is not None
    tables = frozenset(inspect(conn).get_table_names())
    current = None
    if "alembic_version" in tables:
        heads = MigrationContext.configure(conn).get_current_heads()
        current = ",".join(heads) if heads else None
    if current is None:
        state = "empty" if not tables - {"alembic_version"} else "unversioned"
    elif current == head:
        state = "head"
    else:
        try:
            known = all(script.get_revision(r) is not None for r in current.split(","))
        except Exception:  # noqa: BLE001 - alembic raises several kinds for a stranger
            known = False
        state = "behind" if known else "unknown"
    return SchemaStatus(state, current, head, tables)


def _open(engine: Engine) -> Connection:
    try:
        return engine.connect()
    except SQLAlchemyError as error:
        raise DatabaseError(
            f"cannot open the database {shown_db(engine.url.render_as_string(hide_password=False))}: "
            f"{_first_line(error)}"
        ) from None


def status(engine: Engine) -> SchemaStatus:
    with _open(engine) as conn:
        return _head_status(conn) or _status(conn)


def check(engine: Engine, db: str, *, create_if_empty: bool = True) -> SchemaStatus:
    """Refuse (:class:`SchemaError`) a schema this pokerdealer does not run on;
    make a new empty database at head if ``create_if_empty``. ``db`` is how the
    user named the database (for the message)."""
    st = status(engine)
    if st.state == "head":
        return st
    fix = f"run: pokerdealer db upgrade --db {shown_db(db)}"
    if st.state == "empty":
        if create_if_empty:
            upgrade(engine)
            return status(engine)
        raise SchemaError(f"the database {shown_db(db)} has no tables yet; {fix}")
    if st.state == "unversioned":
        raise SchemaError(
            f"the database {shown_db(db)} has tables but no alembic_version "
            f"(made before migrations, or by something else); {fix}"
        )
    if st.state == "behind":
        raise SchemaError(
            f"the database {shown_db(db)} is at schema revision {st.current}, this pokerdealer "
            f"needs {st.head}; {fix}"
        )
    raise SchemaError(
        f"the database {shown_db(db)} is at schema revision {st.current}, which this pokerdealer "
        f"does not know (made by a newer version?); upgrade pokerdealer, then {fix}"
    )


def upgrade(engine: Engine, revision: str = "head") -> tuple[str | None, str | None]:
    """Run the migrations up to ``revision``; returns (revision before, after).

    A database made before migrations (our four tables, no ``alembic_version``)
    is first stamped at :data:`BASELINE`. A revision our scripts do not know is
    refused (:class:`SchemaError`): it was made by a newer pokerdealer."""
    from alembic import command

    with _open(engine) as conn:
        st = _status(conn)
        if st.state == "unknown":
            raise SchemaError(
                f"the database is at schema revision {st.current}, which this pokerdealer does "
                "not know (made by a newer version?): upgrade pokerdealer first"
            )
        if st.state == "unversioned":
            if not _BASELINE_TABLES <= st.tables:
                raise SchemaError(
                    "the database has tables that are not pokerdealer's "
                    f"({', '.join(sorted(st.tables)[:5])}): use a database of its own"
                )
            command.stamp(alembic_config(conn), BASELINE)
            conn.commit()
        command.upgrade(alembic_config(conn), revision)
        conn.commit()
        after = _status(conn).current
    return st.current, after


def _first_line(error: BaseException) -> str:
    text = str(getattr(error, "orig", None) or error).strip()
    return text.splitlines()[0] if text else type(error).__name__
