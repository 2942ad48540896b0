"""The database: tables, seat holders, and each table's event log.

A table is rebuilt by replaying its events in order (DESIGN.md: a hand is a
log). Every write goes through one writer thread that groups the writes
waiting at that moment into one transaction (group commit), so the event
loop never blocks on the database and many tables share one fsync.

Schema (SQLAlchemy models below):

- ``tables``: id, name, settings (JSON), seed, created_at, closed;
- ``members``: who holds or held a seat -- display name, a SHA-256 of the
  secret seat token, bot kind;
- ``events``: ``(table_id, seq)`` -> kind + JSON data: ``sit_down``,
  ``top_up``, ``sit_out``, ``sit_in``, ``leave``, ``hand_start`` (deck, salt,
  commitment), ``act`` (one action in PHH notation), ``hand_end``;
- ``hands``: one row per hand -- commitment, salt and deck (revealed only
  after the hand), and the hand's state (street, actions so far, actor),
  updated in the same transaction as each action.
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
    bindparam,
    create_engine,
    event,
    insert,
    select,
    update,
)
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column

__all__ = ["Base", "EventRow", "HandRow", "MemberRow", "Store", "TableRow"]

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


class Row(dict):  # type: ignore[type-arg]
    """A row to write in bulk with the other writers' rows of the same kind."""

    kind = ""


class EventValues(Row):
    kind = "event"


class HandStateValues(Row):
    kind = "hand_state"


Op = Callable[[Connection], Any] | Row

_STOP = object()


class Store:
    """The database behind a server: a writer thread with group commit, and
    synchronous reads (used at start-up and from worker threads)."""

    def __init__(self, url: str) -> None:
        kwargs: dict[str, Any] = {}
        if url.startswith("sqlite"):
            kwargs["connect_args"] = {"check_same_thread": False, "timeout": 30}
        self.url = url
        self.engine: Engine = create_engine(url, **kwargs)
        if url.startswith("sqlite"):

            @event.listens_for(self.engine, "connect")
            def _pragmas(dbapi_conn, _record) -> None:  # noqa: ANN001
                cur = dbapi_conn.cursor()
                cur.execute("PRAGMA journal_mode=WAL")
                # WAL + NORMAL: a commit survives the process being killed (not a power cut).
                cur.execute("PRAGMA synchronous=NORMAL")
                cur.execute("PRAGMA foreign_keys=ON")
                cur.close()

        Base.metadata.create_all(self.engine)
        self._queue: queue.SimpleQueue[Any] = queue.SimpleQueue()
        self._thread: threading.Thread | None = None
        self.commits = 0
        self.writes = 0

    # ----------------------------------------------------------------- writer
    def start(self) -> None:
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name="pokerdealer-db", daemon=True)
            self._thread.start()

    def stop(self) -> None:
        if self._thread is not None:
            self._queue.put(_STOP)
            self._thread.join(timeout=10)
            self._thread = None
        self.engine.dispose()

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
                return

    def _commit(self, batch: list[Any]) -> None:
        try:
            with self.engine.begin() as conn:
                _execute(conn, [ops for ops, _, _ in batch])
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
    def read(self, fn: Op) -> Any:
        with self.engine.connect() as conn:
            return fn(conn)


_STATE_UPDATE = (
    update(HandRow)
    .where(HandRow.table_id == bindparam("t"), HandRow.number == bindparam("n"))
    .values(
        street=bindparam("street"), actions=bindparam("actions"), actor_seat=bindparam("actor_seat"),
        ended_at=bindparam("ended_at"), summary=bindparam("summary"),
    )
)


def _execute(conn: Connection, groups: list[list[Op]]) -> None:
    """Inserts of tables, members and hands first (in order), then every event
    row in one bulk insert, then the hands' states in order."""
    events: list[Row] = []
    states: list[Row] = []
    for ops in groups:
        for op in ops:
            if isinstance(op, EventValues):
                events.append(op)
            elif isinstance(op, HandStateValues):
                states.append(op)
            else:
                op(conn)
    if events:
        conn.execute(insert(EventRow), events)
    if states:
        conn.execute(_STATE_UPDATE, states)


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


def op_insert_member(
    member_id: int, table_id: str, name: str, token_hash: str | None, bot: str | None, at: float
) -> Op:
    def op(conn: Connection) -> None:
        conn.execute(
            insert(MemberRow).values(
                id=member_id, table_id=table_id, name=name, token_hash=token_hash, bot=bot,
                created_at=at,
            )
        )

    return op


def op_event(table_id: str, seq: int, kind: str, data: dict[str, Any], at: float) -> Op:
    text = json.dumps(data, separators=(",", ":"))
    return EventValues(table_id=table_id, seq=seq, kind=kind, data=text, at=at)


def op_hand_start(
    table_id: str, number: int, commit: str, salt: str, deck: str, at: float, street: str,
    actor_seat: int | None,
) -> Op:
    def op(conn: Connection) -> None:
        conn.execute(
            insert(HandRow).values(
                table_id=table_id, number=number, commitment=commit, salt=salt, deck=deck,
                started_at=at, street=street, actions=0, actor_seat=actor_seat,
            )
        )

    return op


def op_hand_state(
    table_id: str, number: int, *, street: str, actions: int, actor_seat: int | None,
    ended_at: float | None = None, summary: dict[str, Any] | None = None,
) -> Op:
    return HandStateValues(
        t=table_id, n=number, street=street, actions=actions, actor_seat=actor_seat,
        ended_at=ended_at, summary=None if summary is None else json.dumps(summary),
    )


def load_all(conn: Connection) -> dict[str, Any]:
    """Everything needed to rebuild the open tables, in order."""
    session = Session(bind=conn)
    tables = session.scalars(
        select(TableRow).where(TableRow.closed.is_(False)).order_by(TableRow.created_at)
    ).all()
    out: dict[str, Any] = {"tables": [], "max_member": 0}
    max_member = conn.execute(select(MemberRow.id).order_by(MemberRow.id.desc()).limit(1)).scalar()
    out["max_member"] = max_member or 0
    for t in tables:
        members = session.scalars(
            select(MemberRow).where(MemberRow.table_id == t.id).order_by(MemberRow.id)
        ).all()
        events = conn.execute(
            select(EventRow.seq, EventRow.kind, EventRow.data, EventRow.at)
            .where(EventRow.table_id == t.id)
            .order_by(EventRow.seq)
        ).all()
        hands = session.scalars(
            select(HandRow).where(HandRow.table_id == t.id).order_by(HandRow.number)
        ).all()
        out["tables"].append(
            {
                "id": t.id,
                "name": t.name,
                "settings": json.loads(t.settings),
                "seed": t.seed,
                "created_at": t.created_at,
                "members": [
                    {"id": m.id, "name": m.name, "token_hash": m.token_hash, "bot": m.bot}
                    for m in members
                ],
                "events": [(seq, kind, json.loads(data), at) for seq, kind, data, at in events],
                "hands": {
                    h.number: {
                        "commitment": h.commitment, "salt": h.salt, "deck": h.deck,
                        "started_at": h.started_at, "ended_at": h.ended_at,
                    }
                    for h in hands
                },
            }
        )
    return out
