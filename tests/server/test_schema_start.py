"""The start-up schema check reads a database at head without importing Alembic,
and still hands every other schema to Alembic (refused or migrated as before)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from sqlalchemy import text

from pokerdealer.server import schema
from pokerdealer.server.schema import check, database_url, head_revision, make_engine, scripted_head


def test_the_scripted_head_is_alembics_head():
    assert scripted_head() == head_revision()


def test_checking_a_database_at_head_imports_no_alembic(tmp_path):
    db = str(tmp_path / "room.db")
    engine = make_engine(database_url(db))
    check(engine, db)  # made at head by the migrations
    engine.dispose()
    code = (
        "import sys, json\n"
        "from pokerdealer.server.schema import check, database_url, make_engine\n"
        f"engine = make_engine(database_url({db!r}))\n"
        f"state = check(engine, {db!r}).state\n"
        "print(json.dumps([state, sorted(m for m in sys.modules if m.split('.')[0] in ('alembic', 'mako'))]))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120)
    state, loaded = json.loads(out.stdout)
    assert state == "head"
    assert loaded == []


def test_a_database_behind_head_still_goes_to_alembic_and_is_refused(tmp_path):
    db = str(tmp_path / "room.db")
    engine = make_engine(database_url(db))
    check(engine, db)
    with engine.begin() as conn:
        conn.execute(text("UPDATE alembic_version SET version_num = '0001'"))
    with pytest.raises(schema.SchemaError, match="at schema revision 0001"):
        check(engine, db)
    engine.dispose()


def test_migration_files_it_cannot_read_leave_the_head_to_alembic(tmp_path, monkeypatch):
    versions = tmp_path / "versions"
    versions.mkdir()
    (versions / "0001_a.py").write_text('revision = "0001"\ndown_revision = None\n')
    (versions / "0002_b.py").write_text('revision = compute()\ndown_revision = "0001"\n')
    monkeypatch.setattr(schema, "MIGRATIONS", tmp_path)
    scripted_head.cache_clear()
    try:
        assert scripted_head() is None
    finally:
        scripted_head.cache_clear()
