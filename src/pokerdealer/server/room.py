"""The room: every live table of one server process, loaded from the database on start."""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from typing import Any

from pokerdealer.server import db
from pokerdealer.server.live import Command, LiveTable, Member, Rejected
from pokerdealer.server.settings import ServerOptions, TableSettings

__all__ = ["Room"]

log = logging.getLogger("pokerdealer.server")


class Room:
    """All tables of this process (one process: tables and their sockets live together)."""

    def __init__(self, options: ServerOptions) -> None:
        self.options = options
        self.store = db.Store(options.db_url)
        self.tables: dict[str, LiveTable] = {}
        self._member_id = 0

    def next_member_id(self) -> int:
        self._member_id += 1
        return self._member_id

    def load(self) -> None:
        """Rebuild every open table, and every hand in play, from the stored logs."""
        data = self.store.read(db.load_all)
        self._member_id = data["max_member"]
        for t in data["tables"]:
            settings = TableSettings.from_dict(t["settings"])
            lt = LiveTable(self, t["id"], settings, seed=t["seed"], created_at=t["created_at"])
            for m in t["members"]:
                member = Member(m["id"], m["name"], m["token_hash"], bot=m["bot"])
                if not member.bot:
                    member.away_since = time.monotonic()
                lt.add_member(member)
            try:
                lt.restore(t["events"])
            except Exception:  # noqa: BLE001
                log.exception("table %s cannot be rebuilt from its log; left closed", t["id"])
                continue
            self.tables[lt.id] = lt
        log.info("loaded %d table(s)", len(self.tables))

    async def start(self) -> None:
        self.store.start()
        for lt in self.tables.values():
            lt.start()
        if self.options.demo_table and not self.tables:
            await self.create_table(
                TableSettings(name="Demo table", listed=True, bots=("tight", "caller", "random"))
            )

    async def stop(self) -> None:
        await asyncio.gather(*(lt.stop() for lt in self.tables.values()), return_exceptions=True)
        self.store.stop()

    async def create_table(self, settings: TableSettings) -> LiveTable:
        table_id = secrets.token_urlsafe(9)
        at = time.time()
        lt = LiveTable(self, table_id, settings, seed=self.options.test_seed, created_at=at)
        await self.store.write(
            [db.op_insert_table(table_id, settings.name, settings.to_dict(), self.options.test_seed, at)]
        )
        self.tables[table_id] = lt
        lt.start()
        if settings.bots:
            await self.call(lt, "bot_setup", {"bots": list(settings.bots)})
        return lt

    async def call(self, lt: LiveTable, kind: str, data: dict[str, Any]) -> Any:
        """Send a command to a table's task and wait for its answer."""
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        await lt.queue.put(Command(kind, None, data, future))
        return await asyncio.wait_for(future, 30)

    def listed(self) -> list[dict[str, Any]]:
        out = []
        for lt in self.tables.values():
            if not lt.settings.listed:
                continue
            out.append(lt_info(lt))
        return out


def lt_info(lt: LiveTable) -> dict[str, Any]:
    s = lt.settings
    players = lt.table.players
    return {
        "id": lt.id,
        "name": s.name,
        "structure": s.structure,
        "blinds": [s.small_blind, s.big_blind],
        "stack": s.stack,
        "seats": s.seats,
        "players": len(players),
        "bots": sum(1 for p in players if lt.by_name.get(p.name) and lt.by_name[p.name].bot),
        "clock": s.clock,
        "lang": s.lang,
        "hands": len(lt.table.hands),
        "url": f"/t/{lt.id}",
    }


__all__ += ["Rejected", "lt_info"]
