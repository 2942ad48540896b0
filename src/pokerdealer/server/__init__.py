"""The poker room in a browser: FastAPI + websockets + SQLAlchemy (SQLite by default).

``pokerdealer serve`` runs :func:`create_app`. Layout:

- :mod:`~pokerdealer.server.app`: pages, JSON API, the table websocket;
- :mod:`~pokerdealer.server.room`: every table of the process, rebuilt from the database on start;
- :mod:`~pokerdealer.server.live`: one table, owned by one task (single writer);
- :mod:`~pokerdealer.server.between_hands`: promises kept after a hand, absent squatters stood up;
- :mod:`~pokerdealer.server.host`: the host's commands (pause, blinds, seat approval, stand-ups, closing);
- :mod:`~pokerdealer.server.ledger`: each player's buy-ins, top-ups, cash-outs and net, from the log;
- :mod:`~pokerdealer.server.seat_names`: a bot's name in its table's language; a name kept apart from those taken;
- :mod:`~pokerdealer.server.timebank`: seconds added to the action clock once per hand;
- :mod:`~pokerdealer.server.views`: what each reader is sent;
- :mod:`~pokerdealer.server.protocol`: validation of browser messages;
- :mod:`~pokerdealer.server.chat`: table chat, said once to every reader, within its limits;
- :mod:`~pokerdealer.server.limits`: token buckets and the connection caps by address and table;
- :mod:`~pokerdealer.server.db`: the schema and the group-commit writer;
- :mod:`~pokerdealer.server.snapshot`: the table's state between hands, so a start replays only what follows;
- :mod:`~pokerdealer.server.history_store`: the last hands in memory, older ones rebuilt from the database;
- :mod:`~pokerdealer.server.fair`: the deck commitment (a Merkle root) and its check;
- :mod:`~pokerdealer.server.proofs`: each reader's part of a hand's deck proof.
"""

from pokerdealer.server.app import create_app
from pokerdealer.server.settings import ServerOptions, TableSettings

__all__ = ["ServerOptions", "TableSettings", "create_app"]
