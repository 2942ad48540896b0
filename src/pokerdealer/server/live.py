"""One live table: the reducer's shell (:mod:`~pokerdealer.server.reducer`).

A table's state is a value that only its events change; a :class:`LiveTable`
is everything around it that is not a value: the one task that owns the
state, the queue of commands, the database, the clocks, the bots and the
readers. The walk of one player's action, top to bottom:

1. **wire** -- the browser's message arrives on the table's websocket
   (:func:`~pokerdealer.server.app.create_app`'s ``/ws/{table}``);
2. **protocol** -- :func:`~pokerdealer.server.protocol.parse` checks it (size,
   type, every field) or refuses it, naming what was wrong;
3. **command** -- it is queued for the table (:meth:`~pokerdealer.server.table_base.TableBase.offer`)
   and its task takes it (:meth:`~pokerdealer.server.table_commands.TableCommands._handle`);
4. **events** -- the core or the feature that owns the command turns it into
   events, or refuses it in the sender's words
   (:meth:`~pokerdealer.server.table_commands.TableCommands._message`);
5. **reduce** -- each event changes the state (:func:`~pokerdealer.server.reducer.reduce`,
   :meth:`~pokerdealer.server.table_base.TableBase.apply_event`);
6. **commit** -- the events are written in one transaction
   (:meth:`~pokerdealer.server.table_base.TableBase._do`);
7. **views** -- every reader is sent what they may see
   (:meth:`~pokerdealer.server.readers.TableReaders.broadcast`).

The clock (:class:`~pokerdealer.server.table_clock.TableClock`) walks the same
steps from 4 for what is due without a command: a bot's turn, a clock run
out, the showdown, the next deal. A server starting again replays the log
through the same :func:`~pokerdealer.server.reducer.reduce`, so a restarted
table -- and a hand in play -- is exactly what it was.
"""

from __future__ import annotations

from pokerdealer.server.conns import Command, Conn, Member, Rejected, Texts
from pokerdealer.server.readers import TableReaders
from pokerdealer.server.reducer import hash_token
from pokerdealer.server.table_clock import TableClock
from pokerdealer.server.table_commands import TableCommands

__all__ = ["Command", "Conn", "LiveTable", "Member", "Rejected", "Texts", "hash_token"]


class LiveTable(TableCommands, TableClock, TableReaders):
    """A table in play: its state, its members and readers, its clock, owned by one task
    (:class:`~pokerdealer.server.table_base.TableBase`), with its commands, its clock
    and what each reader is sent."""
