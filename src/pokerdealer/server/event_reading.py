"""What a tournament tells its readers: a player where they sit or how they
finished, every table's strip (the clock, the next blinds, the field, the
places), why a table does not deal, and the room tables in play.
"""

from __future__ import annotations

import json
import time
from typing import Any

from pokerdealer.server import event_views, seat_names
from pokerdealer.server.event_base import EventBase, Field
from pokerdealer.server.event_state import Entrant
from pokerdealer.server.event_table import EventTable
from pokerdealer.server.reducer import hash_token
from pokerdealer.server.waiting import note

__all__ = ["EventReading"]


class EventReading(EventBase):
    """Reading a tournament."""

    def entrant(self, token: str | None) -> Entrant | None:
        return self.by_token.get(hash_token(token)) if token else None

    def was_removed(self, token: str | None) -> bool:
        """Whether ``token`` was an entry the host removed (and not entered again since)."""
        return bool(token) and hash_token(token) in self.removed_tokens and self.entrant(token) is None

    def me(self, e: Entrant, token: str) -> dict[str, Any]:
        """What a player's browser needs: where they sit (and the token that
        opens it), or how they finished."""
        ev = self.event
        # Where the room tables follow the event (follow): the event's own where() walks every seat.
        table = self.where.get(e.name)
        where = None if table is None else self.tables[table].inner.seat_of(e.name)
        self._follow_places()
        finishes = self.finishes.get(e.name, ())
        latest = max(finishes, key=lambda s: float("inf") if s.hand is None else s.hand) if finishes else None
        if where is not None:
            status = "finished" if ev.is_over else "playing"
            if not ev.is_over:
                latest = None  # re-entered: the place of an earlier entry is not theirs now
        else:
            status = "out" if latest is not None else "registered"
        return {
            "name": e.name,
            "status": status,
            "table": table,
            "seat": where,
            "seat_token": token if table is not None else None,
            # The event's number of that table, as its page says it ("Table 3"): a page left at a
            # broken table points its player there.
            "table_number": None if table is None else self.tables[table].inner.id,
            "place": latest.place if latest is not None else None,
            "prize": latest.prize if latest is not None else None,
            "moved": self.moved.get(e.name),
            "entries": ev.entries_of(e.name),
            "can_reenter": status == "out" and self.reentry_open(now=time.time())
            and ev.entries_of(e.name) <= ev.settings.re_entries,
        }

    def _follow_places(self) -> None:
        """Keep :attr:`best` and :attr:`finishes` as the standings are: from the places added
        since the last reading when that is all that changed (a bust adds the best places
        so far in front of the others, :attr:`~pokerdealer.table.event.Event.standings`),
        else read anew. Every bust, and every player's ``/me``, read all the places again."""
        places = self.event.standings  # the same tuple until a bust, an entry or the end
        old = self._places
        if places is old:
            return
        added = len(places) - len(old)
        if old and added > 0 and places[added] is old[0]:
            new = places[:added]
        else:
            new = places
            self.best, self.finishes = {}, {}
        for s in reversed(new):  # worst first: a player's best place is written last
            self.best[s.name] = {"name": s.name, "place": s.place, "prize": s.prize}
            self.finishes.setdefault(s.name, []).append(s)
        self._places = places

    def reentry_open(self, *, now: float) -> bool:
        """Whether anyone out may enter again now (the event allows re-entries and its registration is open)."""
        ev = self.event
        return ev.settings.re_entries > 0 and ev.tables_started > 0 and not ev.is_over and ev.registration_open(now)

    def status(self, now: float) -> str:
        return event_views.status(self.event, now=now)

    def strip(self, lt: EventTable) -> dict[str, Any]:
        """What every reader of a table sees of the event: the clock, the next
        blinds, the field, and the places of those who played here."""
        ev = self.event
        now = time.time()
        clock = event_views.clock_view(ev, now=now)
        field = self.field()
        winner = next((s.name for s in ev.standings if s.place == 1), None) if ev.is_over else None
        return {
            "id": self.id,
            "name": self.spec.name,
            "table": lt.inner.id,
            "in_play": lt.in_play,
            "status": self.status(now),
            "level": clock["level"],
            # Blinds and ante with the ante's type, as the tournament page has them: a big-blind
            # ante read as everyone's ("ante 100") would tell each player to post one.
            "blinds": None if clock["on_break"] else {k: clock[k] for k in ("small_blind", "big_blind", "ante", "ante_type")},
            "seconds_left": clock["seconds_left"],
            "next": clock["next"],  # {level, small_blind, big_blind, ante, ante_type}, or None at the last level
            "players_left": ev.alive,
            "entries": ev.entries,
            "average": event_views.average_stack(ev),
            "prize_pool": ev.prize_pool,
            "paid": len(ev.payouts),
            "hand_for_hand": ev.hand_for_hand,
            "re_entry": self.reentry_open(now=now),
            "places": sorted((field.places[name] for name in lt.by_name if name in field.places), key=lambda x: x["place"]),
            # A finished event names its winner on every table's strip, a broken table's too (a bot
            # in the reader's language: its kind and number, as the table's own ``bots``).
            "winner": winner,
            "winner_bot": self.bots_said().get(winner) if winner is not None else None,
            "ranks": {name: field.counts.rank(stack) for name, stack in lt.inner.stacks.items()},
        }

    def field(self) -> Field:
        """What every table's strip reads of the whole field, worked out once
        for each change of the field (a hand finished, an entry, a bust), not once a reader;
        the stacks are kept by :class:`~pokerdealer.server.event_views.ChipCounts`, which reads
        again only the tables that changed, and the places by :meth:`_follow_places`."""
        ev = self.event
        key = (ev.hands, ev.entries, ev.alive, ev.is_over, len(ev.moves))
        old = self._field
        if old is None or old.key != key:
            self.counts.update(ev)
            self._follow_places()
            self._field = Field(key, self.counts, self.best)
        return self._field

    def why_not_dealing(self, lt: EventTable) -> dict[str, Any] | None:
        ev = self.event
        now = time.time()
        if ev.is_over:
            return note("room.wait.event_over")
        if ev.tables_started == 0:
            return note("room.wait.event_not_started")
        if not lt.in_play:
            return note("room.wait.event_table_closed")
        c = ev.clock(now)
        if c.paused:
            return note("room.wait.event_paused")
        if c.level is None:
            return note("room.wait.event_break")
        if not ev.may_deal(lt.inner.id, now):
            return note("room.wait.event_others")
        return None

    def room_tables(self) -> dict[int, str]:
        """The event's table numbers in play -> their room tables."""
        return {t.id: self._of[t].id for t in self.event.tables.values()}

    def room_tables_text(self) -> dict[str, str]:
        """:meth:`room_tables` as the page reads them (numbers as text), kept until a table
        opens or breaks: the page asks every second, and a big event has a thousand tables."""
        ev = self.event
        key = (ev.tables_started, len(ev.broken), len(self._of))
        if self._room_tables is None or self._room_tables[0] != key:
            self._room_tables = (key, {str(k): v for k, v in self.room_tables().items()})
        return self._room_tables[1]

    def bots_said(self) -> dict[str, dict[str, Any]]:
        """The event's bots the room named (:func:`~pokerdealer.server.seat_names.bots_said`), for
        its pages to say each in its reader's language."""
        return self._bots()[0]

    def bots_said_text(self) -> str:
        """:meth:`bots_said` as JSON, for :func:`~pokerdealer.server.tournament_api.public_text`."""
        return self._bots()[1]

    def _bots(self) -> tuple[dict[str, dict[str, Any]], str]:
        # Kept until an entry comes or goes (every page polls each second): every registration
        # gives a new member id and every removal takes an entrant away, so the pair never comes back.
        key = (self.members, len(self.entrants))
        if self._bots_said is None or self._bots_said[0] != key:
            said = seat_names.bots_said(seat_names.bot_kinds(self.entrants.values()))
            self._bots_said = (key, said, json.dumps(said, separators=(",", ":"), ensure_ascii=False))
        return self._bots_said[1], self._bots_said[2]
