"""The database: tables, seat holders, and each table's event log.

A table is rebuilt by replaying its events in order (a hand is a log:
docs/architecture.md#a-hand-is-a-log). Every write goes through one writer thread that groups the writes
waiting at that moment into one transaction (group commit), so the event
loop never blocks on the database and many tables share one fsync.

Schema (SQLAlchemy models below):

- ``tables``: id, name, settings (JSON), seed, created_at, closed;
- ``members``: who holds or held a seat -- display name, a SHA-256 of the
  secret seat token, bot kind;
- ``events``: ``(table_id, seq)`` -> kind + JSON data: ``sit_down``,
  ``top_up``, ``sit_out``, ``sit_in``, ``leave`` (``reason: sat_out`` when an
  absent player is stood up), ``hand_start`` (deck, the per-position salts as
  one hex string, the Merkle root as ``commitment``; see
  :mod:`pokerdealer.server.fair`), ``act`` (one action in PHH notation),
  ``hand_end``, and the promises made during a hand (``top_up_pending``,
  ``leave_pending``);
- ``hands``: one row per hand -- the root (``commitment``), the deck (never
  sent to anyone: only the public positions are revealed), ``salt`` (empty
  since the per-position salts, which live in the event), and the hand's state
  (street, actions so far, actor), updated in the same transaction as each action;
- ``leases``: which server process plays each table and until when, and the
  lobby's numbers for it (read and written by :mod:`pokerdealer.server.leases`;
  see :mod:`pokerdealer.server.room`);
- ``snapshots``: ``(table_id, seq)`` -> the table's state between hands just
  after event ``seq``, with ``hands`` finished (see
  :mod:`pokerdealer.server.snapshot`): a start replays only the events after one;
- ``persons``: the SHA-256 of a browser's own key -> the newest stop by that
  player's loss or time limit (JSON), or none once they chose to go on: it holds
  at every table that browser plays; and their own limits as they set them last
  (``own``, JSON) (see :mod:`pokerdealer.server.self_limits`);
- ``person_tables``: ``(person, table_id)`` -> what they brought to that table
  and took away, the stacks in front of them, and their session there: their
  loss limit counts across the room's tables.

The schema is made and changed only by the Alembic migrations in
``migrations/`` (:mod:`pokerdealer.server.schema`); the models below mirror it.
"""

from __future__ import annotations

import asyncio
import json
import logging
import queue
import threading
from collections.abc import Callable
from typing import Any

from sqlalchemy import (
    Boolean,
    Float,
    ForeignKey,
    Integer,
    String,
    Text,
    UniqueConstraint,
    create_engine,
    delete,
    func,
    insert,
    select,
    update,
)
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column

__all__ = [
    "MAX_HAND_NUMBER", "Base", "EventRow", "HandRow", "LeaseRow", "MemberRow", "PersonRow", "PersonTableRow",
    "SnapshotRow", "Store", "TableRow",
]

MAX_HAND_NUMBER = 2**62
"""No table plays more hands (a hand a millisecond for 146 million years); a number past it
in a path is no hand, and is never put in a query (SQLite's and PostgreSQL's integers end at 2**63 - 1)."""

log = logging.getLogger("pokerdealer.server")


class Base(DeclarativeBase):
    pass


class TableRow(Base):
    __tablename__ = "tables"
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    name: Mapped[str] = mapped_column(String(64))
    settings: Mapped[str] = mapped_column(Text)
    seed: Mapped[int | None] = mapped_column(Integer, nullable=True)
    created_at: Mapped[float] = mapped_column(Float)
    closed: Mapped[bool] = mapped_column(Boolean, default=False)


class MemberRow(Base):
    __tablename__ = "members"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), index=True)
    name: Mapped[str] = mapped_column(String(64))
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True, unique=True)
    bot: Mapped[str | None] = mapped_column(String(64), nullable=True)
    created_at: Mapped[float] = mapped_column(Float)


class EventRow(Base):
    __tablename__ = "events"
    __table_args__ = (UniqueConstraint("table_id", "seq"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), index=True)
    seq: Mapped[int] = mapped_column(Integer)
    kind: Mapped[str] = mapped_column(String(16))
    data: Mapped[str] = mapped_column(Text)
    at: Mapped[float] = mapped_column(Float)


class HandRow(Base):
    __tablename__ = "hands"
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    number: Mapped[int] = mapped_column(Integer, primary_key=True)
    commitment: Mapped[str] = mapped_column(String(64))
    salt: Mapped[str] = mapped_column(String(64))
    deck: Mapped[str] = mapped_column(Text)
    started_at: Mapped[float] = mapped_column(Float)
    ended_at: Mapped[float | None] = mapped_column(Float, nullable=True)
    street: Mapped[str] = mapped_column(String(16))
    actions: Mapped[int] = mapped_column(Integer, default=0)
    actor_seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    summary: Mapped[str | None] = mapped_column(Text, nullable=True)


class LeaseRow(Base):
    __tablename__ = "leases"
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    owner: Mapped[str] = mapped_column(String(100), index=True)
    node: Mapped[str] = mapped_column(String(200))
    expires_at: Mapped[float] = mapped_column(Float)
    players: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    bots: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    hands: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    wanted_by: Mapped[str | None] = mapped_column(String(100), nullable=True)
    wanted_at: Mapped[float | None] = mapped_column(Float, nullable=True)


class SnapshotRow(Base):
    __tablename__ = "snapshots"
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    hands: Mapped[int] = mapped_column(Integer)
    data: Mapped[str] = mapped_column(Text)
    at: Mapped[float] = mapped_column(Float)


class PersonRow(Base):
    __tablename__ = "persons"
    hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    stop: Mapped[str | None] = mapped_column(Text, nullable=True)
    at: Mapped[float] = mapped_column(Float)
    own: Mapped[str | None] = mapped_column(Text, nullable=True)


class PersonTableRow(Base):
    __tablename__ = "person_tables"
    person: Mapped[str] = mapped_column(String(64), primary_key=True)
    table_id: Mapped[str] = mapped_column(String(64), primary_key=True)
    brought: Mapped[int] = mapped_column(Integer)
    taken: Mapped[int] = mapped_column(Integer)
    stacks: Mapped[int] = mapped_column(Integer)
    started_at: Mapped[float | None] = mapped_column(Float, nullable=True)
    away_since: Mapped[float | None] = mapped_column(Float, nullable=True)
    at: Mapped[float] = mapped_column(Float)


class Row(tuple):  # type: ignore[type-arg]
    """A row to write in bulk with the other writers' rows of the same kind: its
    values in the order of its kind's statement (:data:`_BULK`), run by the
    driver's ``executemany`` -- no SQLAlchemy statement is built or compiled per
    row (that was most of the database writer's CPU: a fifth of the room's).

    >>> EventValues(("t1", 3, "act", "{}", 1.5))[:3]
    ('t1', 3, 'act')
    """

    __slots__ = ()


class EventValues(Row):
    """``(table_id, seq, kind, data, at)``: one event of a table's log."""

    __slots__ = ()


class HandValues(Row):
    """``(table_id, number, commitment, salt, deck, started_at, street, actions, actor_seat)``: a hand's row."""

    __slots__ = ()


class SnapshotValues(Row):
    """``(table_id, seq, hands, data, at)``: a table's state between hands."""

    __slots__ = ()


class HandStateValues(Row):
    """``(street, actions, actor_seat, ended_at, summary, table_id, number)``: a hand's state now."""

    __slots__ = ()


_BULK: dict[type[Row], str] = {
    HandValues: "INSERT INTO hands (table_id, number, commitment, salt, deck, started_at, street, actions, actor_seat)"
    " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
    EventValues: "INSERT INTO events (table_id, seq, kind, data, at) VALUES (?, ?, ?, ?, ?)",
    SnapshotValues: "INSERT INTO snapshots (table_id, seq, hands, data, at) VALUES (?, ?, ?, ?, ?)",
    HandStateValues: "UPDATE hands SET street = ?, actions = ?, actor_seat = ?, ended_at = ?, summary = ?"
    " WHERE table_id = ? AND number = ?",
}
"""Each kind of row's statement, in the driver's own words (``?`` marks; ``%s`` for a
driver that takes those: :func:`_bulk_sql`), in the order a batch runs them."""


def _bulk_sql(kind: type[Row], paramstyle: str) -> str:
    """``kind``'s statement with the parameter marks of a driver of ``paramstyle``.

    >>> _bulk_sql(SnapshotValues, "pyformat")[-27:]
    'VALUES (%s, %s, %s, %s, %s)'
    """
    sql = _BULK[kind]
    return sql if paramstyle == "qmark" else sql.replace("?", "%s")


Op = Callable[[Connection], Any] | Row

_STOP = object()


class Store:
    """The database behind a server: a writer thread with group commit, and
    synchronous reads (used at start-up and from worker threads)."""

    def __init__(self, url: str) -> None:
        from pokerdealer.server.schema import make_engine

        self.url = url
        self.engine: Engine = make_engine(url)
        self._queue: queue.SimpleQueue[Any] = queue.SimpleQueue()
        self._thread: threading.Thread | None = None
        self.commits = 0
        self.writes = 0
        self._locks: Engine | None = None
        self._writer: Connection | None = None
        """The writer thread's own connection (opened at its first batch)."""

    # ----------------------------------------------------------------- writer
    def start(self) -> None:
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name="pokerdealer-db", daemon=True)
            self._thread.start()

    def stop_writer(self) -> None:
        """Commit what is queued, then end the writer thread."""
        if self._thread is not None:
            self._queue.put(_STOP)
            self._thread.join(timeout=10)
            self._thread = None

    def stop(self) -> None:
        self.stop_writer()
        self.engine.dispose()
        if self._locks is not None:
            self._locks.dispose()

    @property
    def locks(self) -> Engine:
        """Connections that hold a session lock each (one per shared log this
        process writes: :mod:`~pokerdealer.server.log_turn`), kept apart from
        the reads' and writes' pool so that many logs cannot starve it."""
        if self._locks is None:
            if self.engine.dialect.name != "postgresql":
                return self.engine
            self._locks = create_engine(self.engine.url, pool_size=0, pool_pre_ping=True)
        return self._locks

    def write(self, ops: list[Op]) -> asyncio.Future[None]:
        """Run ``ops`` in one transaction (maybe shared with other writers');
        the future resolves once it is committed."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[None] = loop.create_future()
        self._queue.put((ops, future, loop))
        return future

    def write_now(self, ops: list[Op]) -> None:
        """Run ``ops`` in one transaction from this thread (start-up, tests)."""
        with self.engine.begin() as conn:
            _execute(conn, [ops])

    def _run(self) -> None:
        while True:
            item = self._queue.get()
            if item is _STOP:
                self._close_writer()
                return
            batch = [item]
            stop = False
            while len(batch) < 512:
                try:
                    nxt = self._queue.get_nowait()
                except queue.Empty:
                    break
                if nxt is _STOP:
                    stop = True
                    break
                batch.append(nxt)
            self._commit(batch)
            if stop:
                self._close_writer()
                return

    def _close_writer(self) -> None:
        if self._writer is not None:
            self._writer.close()
            self._writer = None

    def _commit(self, batch: list[Any]) -> None:
        try:
            # The writer keeps its connection: no pool check-out (nor PostgreSQL's ping) a batch.
            if self._writer is None:
                self._writer = self.engine.connect()
            conn = self._writer
            try:
                with conn.begin():
                    _execute(conn, [ops for ops, _, _ in batch])
            except Exception:
                self._writer = None  # a broken connection is not used again
                conn.close()
                raise
            self.commits += 1
            self.writes += len(batch)
            for _, future, loop in batch:
                loop.call_soon_threadsafe(_resolve, future, None)
            return
        except Exception:  # noqa: BLE001 - isolate the failing writer below
            if len(batch) == 1:
                ops, future, loop = batch[0]
                import sys

                error = sys.exc_info()[1]
                log.exception("database write failed")
                loop.call_soon_threadsafe(_resolve, future, error)
                return
        for item in batch:  # one at a time, so one bad write fails alone
            self._commit([item])

    # ------------------------------------------------------------------ reads
    def read(self, fn: Callable[[Connection], Any]) -> Any:
        with self.engine.connect() as conn:
            return fn(conn)

    def transact(self, fn: Callable[[Connection], Any]) -> Any:
        """Run ``fn`` in its own transaction, outside the group commit (leases,
        new members: short writes whose answer is needed at once)."""
        with self.engine.begin() as conn:
            return fn(conn)


def _execute(conn: Connection, groups: list[list[Op]]) -> None:
    """Each writer's own statements (tables, members, ...) in order, the hands'
    rows before any that follows them; then every event row, every snapshot and
    every hand's state, each kind in one ``executemany`` of the driver."""
    rows: dict[type[Row], list[Row]] = {kind: [] for kind in _BULK}
    hands = rows[HandValues]
    for ops in groups:
        for op in ops:
            if isinstance(op, Row):
                rows[type(op)].append(op)
            else:
                if hands:  # a statement after a hand's row may touch that hand
                    _bulk(conn, HandValues, hands)
                    hands.clear()
                op(conn)
    for kind, values in rows.items():
        if values:
            _bulk(conn, kind, values)


def _bulk(conn: Connection, kind: type[Row], values: list[Row]) -> None:
    cursor = conn.connection.cursor()  # the DBAPI connection of this transaction
    try:
        cursor.executemany(_bulk_sql(kind, conn.dialect.paramstyle), values)
    finally:
        cursor.close()


def _resolve(future: asyncio.Future[None], error: BaseException | None) -> None:
    if future.done():
        return
    if error is None:
        future.set_result(None)
    else:
        future.set_exception(error)


# ----------------------------------------------------------- operations
def op_insert_table(
    table_id: str, name: str, settings: dict[str, Any], seed: int | None, at: float
) -> Op:
    def op(conn: Connection) -> None:
        conn.execute(
            insert(TableRow).values(
                id=table_id, name=name, settings=json.dumps(settings), seed=seed,
                created_at=at, closed=False,
            )
        )

    return op


def op_close_table(table_id: str) -> Op:
    """The table leaves the lobby and is no longer taken on start; it can still
    be read (its history), taken on demand (:func:`~pokerdealer.server.leases.try_claim`)."""

    def op(conn: Connection) -> None:
        conn.execute(update(TableRow).where(TableRow.id == table_id).values(closed=True))

    return op


def op_event(table_id: str, seq: int, kind: str, data: dict[str, Any], at: float) -> Op:
    return EventValues((table_id, seq, kind, json.dumps(data, separators=(",", ":")), at))


def op_hand_start(
    table_id: str, number: int, commit: str, salt: str, deck: str, at: float, street: str,
    actor_seat: int | None,
) -> Op:
    return HandValues((table_id, number, commit, salt, deck, at, street, 0, actor_seat))


def op_hand_state(
    table_id: str, number: int, *, street: str, actions: int, actor_seat: int | None,
    ended_at: float | None = None, summary: dict[str, Any] | None = None,
) -> Op:
    text = None if summary is None else json.dumps(summary)
    return HandStateValues((street, actions, actor_seat, ended_at, text, table_id, number))


def op_hand_summary(table_id: str, number: int, summary: dict[str, Any]) -> Op:
    """Rewrite a finished hand's stored summary (the history list's fields)."""
    text = json.dumps(summary)

    def op(conn: Connection) -> None:
        conn.execute(
            update(HandRow).where(HandRow.table_id == table_id, HandRow.number == number).values(summary=text)
        )

    return op


def op_person_stop(person: str, stop: dict[str, Any], at: float) -> Op:
    """``person`` (a browser key's hash) is stopped by their limit at ``at``: the
    newest stop, whichever table wrote it."""
    text = json.dumps(stop, separators=(",", ":"), ensure_ascii=False)

    def op(conn: Connection) -> None:
        if conn.dialect.name == "postgresql":
            from sqlalchemy.dialects.postgresql import insert as upsert
        else:
            from sqlalchemy.dialects.sqlite import insert as upsert
        # An upsert, not a read then a write: two processes may stop one person at once.
        statement = upsert(PersonRow).values(hash=person, stop=text, at=at)
        conn.execute(statement.on_conflict_do_update(index_elements=["hash"], set_={"stop": text, "at": at}))

    return op


def _upsert(conn: Connection) -> Any:  # noqa: ANN401 - the dialect's insert
    if conn.dialect.name == "postgresql":
        from sqlalchemy.dialects.postgresql import insert as postgresql_insert

        return postgresql_insert
    from sqlalchemy.dialects.sqlite import insert as sqlite_insert

    return sqlite_insert


def op_person_own(person: str, own: dict[str, Any]) -> Op:
    """``person``'s own limits as they set them last, at any table (JSON: the row's ``own``)."""
    text = json.dumps(own, separators=(",", ":"))

    def op(conn: Connection) -> None:
        statement = _upsert(conn)(PersonRow).values(hash=person, stop=None, at=0.0, own=text)
        conn.execute(statement.on_conflict_do_update(index_elements=["hash"], set_={"own": text}))

    return op


def op_person_table(person: str, table_id: str, row: dict[str, Any], at: float) -> Op:
    """``person``'s chips and session at ``table_id`` now: brought, taken, stacks,
    started_at, away_since (the keys of :class:`PersonTableRow`)."""

    def op(conn: Connection) -> None:
        statement = _upsert(conn)(PersonTableRow).values(person=person, table_id=table_id, at=at, **row)
        conn.execute(statement.on_conflict_do_update(index_elements=["person", "table_id"], set_={**row, "at": at}))

    return op


def person_views(conn: Connection, persons: list[str], table_id: str) -> dict[str, dict[str, Any]]:
    """For each of ``persons``: their stop in force (``stop``), their own limits
    (``own``) and their rows at the tables other than ``table_id`` (``tables``);
    only persons with any of these."""
    if not persons:
        return {}
    out: dict[str, dict[str, Any]] = {}
    for hash_, stop, own in conn.execute(
        select(PersonRow.hash, PersonRow.stop, PersonRow.own).where(PersonRow.hash.in_(persons))
    ).all():
        out[hash_] = {"stop": None if stop is None else json.loads(stop),
                      "own": None if own is None else json.loads(own), "tables": []}
    columns = (PersonTableRow.person, PersonTableRow.brought, PersonTableRow.taken, PersonTableRow.stacks,
               PersonTableRow.started_at, PersonTableRow.away_since)
    for person, brought, taken, stacks, started_at, away_since in conn.execute(
        select(*columns).where(PersonTableRow.person.in_(persons), PersonTableRow.table_id != table_id)
    ).all():
        view = out.setdefault(person, {"stop": None, "own": None, "tables": []})
        view["tables"].append({"brought": brought, "taken": taken, "stacks": stacks,
                               "started_at": started_at, "away_since": away_since})
    return out


def op_person_go_on(person: str, stopped_at: float) -> Op:
    """``person`` chose to go on after the stop of ``stopped_at``: the row is cleared
    unless a newer stop (another table's, since) is there."""

    def op(conn: Connection) -> None:
        conn.execute(
            update(PersonRow).where(PersonRow.hash == person, PersonRow.at <= stopped_at).values(stop=None)
        )

    return op


def person_stops(conn: Connection, persons: list[str]) -> dict[str, dict[str, Any]]:
    """The stop in force for each of ``persons`` that has one."""
    if not persons:
        return {}
    rows = conn.execute(
        select(PersonRow.hash, PersonRow.stop).where(PersonRow.hash.in_(persons), PersonRow.stop.is_not(None))
    ).all()
    return {r[0]: json.loads(r[1]) for r in rows}


def insert_members(conn: Connection, table_id: str, rows: list[tuple[str, str | None, str | None]], at: float) -> list[int]:
    """Add members (name, token hash, bot) to a table; their ids come from the
    database, so processes sharing it never hand out the same one."""
    ids = []
    for name, token_hash, bot in rows:
        result = conn.execute(
            insert(MemberRow).values(
                table_id=table_id, name=name, token_hash=token_hash, bot=bot, created_at=at
            )
        )
        ids.append(int(result.inserted_primary_key[0]))
    return ids


def room_hand_number(conn: Connection, table_id: str, number: int) -> int | None:
    """A hand's number in the whole room: the id of the event that started it
    (``None``: no such hand). A table counts its own hands 1, 2, ...; trackers
    drop a hand whose number they have seen, so an export across tables needs
    numbers no two tables share. The events' id is the room's one counter, and
    it grows with time as PokerStars hand numbers do.

    Hands start in order, one ``hand_start`` event each: the ``number``-th is the
    hand's (checked against the number it records; else searched for). A number no
    hand can have is no hand, not a query (a database's integers end at 2**63 - 1).
    """
    if not 1 <= number <= MAX_HAND_NUMBER:
        return None
    query = (
        select(EventRow.id, EventRow.data)
        .where(EventRow.table_id == table_id, EventRow.kind == "hand_start")
        .order_by(EventRow.seq)
    )
    row = conn.execute(query.offset(max(number - 1, 0)).limit(1)).first()
    if row is not None and json.loads(row[1]).get("number") == number:
        return int(row[0])
    for event_id, data in conn.execute(query):
        if json.loads(data).get("number") == number:
            return int(event_id)
    return None


def delete_members(conn: Connection, ids: list[int]) -> None:
    conn.execute(delete(MemberRow).where(MemberRow.id.in_(ids)))


def load_table(conn: Connection, table_id: str) -> dict[str, Any] | None:
    """Everything needed to rebuild one table, closed ones too (None: no such table):
    its newest snapshot from before the last finished hand (``None``: there is
    none, replay from the start) and the events after it -- that hand, the
    moves between hands and the hand in play -- so the last hand is in memory
    again without replaying the whole log."""
    session = Session(bind=conn)
    t = session.get(TableRow, table_id)
    if t is None:
        return None
    members = session.scalars(
        select(MemberRow).where(MemberRow.table_id == t.id).order_by(MemberRow.id)
    ).all()
    last = conn.execute(
        select(func.max(HandRow.number)).where(HandRow.table_id == t.id, HandRow.ended_at.is_not(None))
    ).scalar()
    snapshot = snapshot_before(conn, t.id, int(last or 0))
    after = snapshot["seq"] if snapshot is not None else 0
    return {
        "id": t.id,
        "name": t.name,
        "settings": json.loads(t.settings),
        "seed": t.seed,
        "created_at": t.created_at,
        "members": [
            {"id": m.id, "name": m.name, "token_hash": m.token_hash, "bot": m.bot}
            for m in members
        ],
        "snapshot": snapshot,
        "events": events_between(conn, t.id, after),
    }


def snapshot_before(conn: Connection, table_id: str, number: int) -> dict[str, Any] | None:
    """The newest snapshot taken before hand ``number`` started (fewer than
    ``number`` hands finished): ``{"seq", "hands", "data"}``, or None."""
    row = conn.execute(
        select(SnapshotRow.seq, SnapshotRow.hands, SnapshotRow.data)
        .where(SnapshotRow.table_id == table_id, SnapshotRow.hands < max(number, 1))
        .order_by(SnapshotRow.hands.desc(), SnapshotRow.seq.desc())
        .limit(1)
    ).first()
    if row is None:
        return None
    return {"seq": row[0], "hands": row[1], "data": json.loads(row[2])}


def events_between(
    conn: Connection, table_id: str, after: int, until: int | None = None
) -> list[tuple[int, str, dict[str, Any], float]]:
    """The events with ``after < seq`` (``<= until`` if given), in order."""
    query = select(EventRow.seq, EventRow.kind, EventRow.data, EventRow.at).where(
        EventRow.table_id == table_id, EventRow.seq > after
    )
    if until is not None:
        query = query.where(EventRow.seq <= until)
    rows = conn.execute(query.order_by(EventRow.seq)).all()
    # One JSON document of them all: the parser is called once, not per event (a restart of a
    # big tournament reads its whole log: 180,000 events, whose decoding was 0.9 s of CPU).
    datas = json.loads("[" + ",".join(data for _, _, data, _ in rows) + "]")
    return [(seq, kind, data, at) for (seq, kind, _, at), data in zip(rows, datas, strict=True)]


def op_snapshot(table_id: str, seq: int, hands: int, data: dict[str, Any], at: float) -> Op:
    return SnapshotValues((table_id, seq, hands, json.dumps(data, separators=(",", ":")), at))


def lobby(conn: Connection) -> list[dict[str, Any]]:
    """Every open table with its lease's numbers, oldest first."""
    rows = conn.execute(
        select(
            TableRow.id, TableRow.settings, TableRow.created_at, LeaseRow.players, LeaseRow.bots,
            LeaseRow.hands,
        )
        .outerjoin(LeaseRow, LeaseRow.table_id == TableRow.id)
        .where(TableRow.closed.is_(False))
        .order_by(TableRow.created_at)
    ).all()
    return [
        {"id": r[0], "settings": settings_or_none(r[1]), "created_at": r[2], "players": r[3] or 0,
         "bots": r[4] or 0, "hands": r[5] or 0}
        for r in rows
    ]


def settings_or_none(text: str) -> dict[str, Any] | None:
    """A table's stored settings; None if unreadable (the room leaves that table out)."""
    try:
        settings = json.loads(text)
    except ValueError:
        return None
    return settings if isinstance(settings, dict) else None


def listed_tournaments(
    conn: Connection, *, held: set[str] | frozenset[str] = frozenset(), window: int = 500
) -> list[dict[str, Any]]:
    """The lobby's tournaments: every open row whose settings have a ``tournament`` listed
    in the lobby (its ``listed``), oldest first: ``{"id", "tournament", "created_at", "log", "creator"}``.

    ``log`` is what the event's log tells without replaying it, for those not in ``held``
    (the events this process plays, known better in memory; ``None`` for them), each an
    indexed look-up: ``started`` (an ``ev_start`` is written), ``entries`` (registrations
    less removals, counted before the start only: a started event's log is long), ``last_at`` (its newest
    event: a running event writes at least every few seconds) and ``last_clock``: the newest
    of ``ev_start``, ``ev_pause``, ``ev_resume``, ``ev_restart`` among its newest ``window``
    events (``None``: none there), so a pause is told though the hands in play went on after it.
    """
    rows = conn.execute(
        select(TableRow.id, TableRow.settings, TableRow.created_at)
        .where(TableRow.closed.is_(False), TableRow.settings.contains('"tournament"'))
        .order_by(TableRow.created_at)
    ).all()
    out = []
    for table_id, text, created_at in rows:
        settings = settings_or_none(text)
        spec = settings.get("tournament") if settings is not None else None
        if not isinstance(spec, dict) or spec.get("listed") is not True:
            continue
        log_facts = None
        if table_id not in held:
            of_event = EventRow.table_id == table_id
            started = conn.execute(select(EventRow.seq).where(of_event, EventRow.kind == "ev_start").limit(1)).first()
            last = conn.execute(select(EventRow.seq, EventRow.at).where(of_event).order_by(EventRow.seq.desc()).limit(1)).first()
            entries = clock = None
            if started is None:
                entries = conn.execute(  # registrations less those the host removed
                    select(func.count()).select_from(EventRow).where(of_event, EventRow.kind == "ev_register")
                ).scalar() - conn.execute(
                    select(func.count()).select_from(EventRow).where(of_event, EventRow.kind == "ev_remove")
                ).scalar()
            elif last is not None:
                clock = conn.execute(
                    select(EventRow.kind)
                    .where(of_event, EventRow.seq > last[0] - window,
                           EventRow.kind.in_(("ev_start", "ev_pause", "ev_resume", "ev_restart")))
                    .order_by(EventRow.seq.desc()).limit(1)
                ).scalar()
            log_facts = {
                "started": started is not None,
                "entries": None if entries is None else int(entries),
                "last_at": None if last is None else last[1],
                "last_clock": clock,
            }
        out.append({"id": table_id, "tournament": spec, "created_at": created_at, "log": log_facts,
                    "creator": settings.get("creator") if settings is not None else None})
    return out


def count_open_tables(conn: Connection) -> int:
    return int(conn.execute(select(func.count()).select_from(TableRow).where(TableRow.closed.is_(False))).scalar() or 0)


# ------------------------------------------------------ shared event logs
def last_seq(conn: Connection, table_id: str) -> int:
    """The number of the newest event in a log (0: none)."""
    return int(conn.execute(select(func.max(EventRow.seq)).where(EventRow.table_id == table_id)).scalar() or 0)
