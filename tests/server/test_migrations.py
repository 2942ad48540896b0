"""The schema is Alembic's: `pokerdealer db upgrade`, and a server that refuses a
schema it does not know with one line naming the command that fixes it.
On SQLite and PostgreSQL alike."""

from __future__ import annotations

import json
import time
from pathlib import Path

from sqlalchemy import text
from typer.testing import CliRunner

from pokerdealer.cli import app
from pokerdealer.server.schema import (
    BASELINE,
    alembic_config,
    check,
    database_url,
    head_revision,
    make_engine,
    status,
)
from tests.server.conftest import Client, Server

runner = CliRunner()


def _engine(db: str):  # noqa: ANN202
    return make_engine(database_url(db))


def _at(db: str, revision: str) -> None:
    """Bring a new database to ``revision`` (as an older pokerdealer left it)."""
    from alembic import command

    engine = _engine(db)
    try:
        with engine.connect() as conn:
            command.upgrade(alembic_config(conn), revision)
            conn.commit()
    finally:
        engine.dispose()


def _sql(db: str, *statements: str) -> None:
    engine = _engine(db)
    try:
        with engine.begin() as conn:
            for s in statements:
                conn.execute(text(s))
    finally:
        engine.dispose()


def _old_table(db: str, table_id: str = "oldtable1") -> None:
    """A listed table written by the pre-migration schema (no lease row)."""
    settings = {"name": "Old", "listed": True, "bots": [], "clock": 30.0}
    _sql(
        db,
        "INSERT INTO tables (id, name, settings, seed, created_at, closed) VALUES "
        f"('{table_id}', 'Old', '{json.dumps(settings)}', NULL, {time.time()}, false)",
    )


def _serve_refused(db: str) -> str:
    """`pokerdealer serve` on ``db``: it must exit 2 before listening; its message."""
    result = runner.invoke(app, ["serve", "--db", db, "--port", "1", "--no-demo"])
    assert result.exit_code == 2, result.output
    message = result.stderr.strip()
    assert "\n" not in message, message  # one line
    assert f"pokerdealer db upgrade --db {db}" in message
    return message


def _upgrade(db: str) -> str:
    result = runner.invoke(app, ["db", "upgrade", "--db", db])
    assert result.exit_code == 0, result.output
    return result.stdout


def test_a_new_empty_database_is_made_at_head(db_target: str) -> None:
    engine = _engine(db_target)
    try:
        assert status(engine).state == "empty"
        st = check(engine, db_target, create_if_empty=True)
        assert st.state == "head" and st.current == head_revision()
        assert {"tables", "members", "events", "hands", "leases", "snapshots", "alembic_version"} <= st.tables
        assert check(engine, db_target).state == "head"  # and again: nothing to do
    finally:
        engine.dispose()
    assert "already at revision" in _upgrade(db_target)
    result = runner.invoke(app, ["db", "status", "--db", db_target])
    assert result.exit_code == 0 and "head" in result.stdout


def test_an_older_revision_is_refused_then_upgraded_keeping_the_tables(db_target: str, tmp_path: Path) -> None:
    _at(db_target, BASELINE)
    _old_table(db_target)
    message = _serve_refused(db_target)
    assert f"revision {BASELINE}" in message and f"needs {head_revision()}" in message
    result = runner.invoke(app, ["db", "status", "--db", db_target])
    assert result.exit_code == 1 and "behind" in result.stdout

    out = _upgrade(db_target)
    assert f"from {BASELINE} to {head_revision()}" in out
    # The old table is served again, from its own lease row, and plays.
    server = Server(db_target, workdir=tmp_path).start()
    try:
        assert [t["id"] for t in server.get("/api/tables").json()] == ["oldtable1"]
        ann = server.join("oldtable1", "Ann")
        server.join("oldtable1", "Bob")
        c = Client(server, "oldtable1", ann["token"])
        try:
            c.until(lambda s: s["hand"] is not None)
        finally:
            c.close()
    finally:
        server.stop()


def test_a_database_from_before_migrations_is_refused_then_adopted(db_target: str) -> None:
    _at(db_target, BASELINE)
    _old_table(db_target)
    _sql(db_target, "DROP TABLE alembic_version")  # exactly what the old create_all left
    message = _serve_refused(db_target)
    assert "no alembic_version" in message
    out = _upgrade(db_target)
    assert f"from nothing to {head_revision()}" in out or f"from {BASELINE}" in out
    engine = _engine(db_target)
    try:
        assert status(engine).state == "head"
        with engine.connect() as conn:
            assert conn.execute(text("SELECT table_id FROM leases")).scalars().all() == ["oldtable1"]
    finally:
        engine.dispose()


def test_an_unknown_revision_is_refused_and_not_touched(db_target: str) -> None:
    _at(db_target, "head")
    _sql(db_target, "UPDATE alembic_version SET version_num = 'zz99future'")
    message = _serve_refused(db_target)
    assert "zz99future" in message and "does not know" in message
    result = runner.invoke(app, ["db", "upgrade", "--db", db_target])
    assert result.exit_code == 2
    assert "does not know" in result.stderr
    engine = _engine(db_target)
    try:
        assert status(engine).current == "zz99future"
    finally:
        engine.dispose()


def test_foreign_tables_without_a_version_are_refused(db_target: str) -> None:
    _sql(db_target, "CREATE TABLE someone_elses (id INTEGER PRIMARY KEY)")
    assert "no alembic_version" in _serve_refused(db_target)
    result = runner.invoke(app, ["db", "upgrade", "--db", db_target])
    assert result.exit_code == 2 and "not pokerdealer's" in result.stderr


def test_an_unreachable_database_is_one_line() -> None:
    url = "postgresql://nobody:secret@127.0.0.1:1/none"
    for args in (["serve", "--db", url, "--port", "1"], ["db", "upgrade", "--db", url]):
        result = runner.invoke(app, args)
        assert result.exit_code == 2, result.output
        message = result.stderr.strip()
        assert "\n" not in message and "cannot open the database" in message
        assert "secret" not in message


def test_missing_postgresql_binaries_fail_naming_the_package(monkeypatch) -> None:  # noqa: ANN001
    import pytest

    from tests.server import conftest

    monkeypatch.setattr(conftest, "_pg_bindir", lambda: None)
    with pytest.raises(pytest.fail.Exception, match=r"apt-get install -y postgresql"):
        conftest.pg_bindir_or_fail()
