"""What each reader of a table is sent: the public state built once, and each
player's own part (their cards, their legal actions, their limits) added for
them alone -- the last step of the walk of an action
(:mod:`~pokerdealer.server.table_commands`).

The public part is :func:`~pokerdealer.server.views.table_state`, each
reader's own :func:`~pokerdealer.server.private.private_state`; both read the
table's state and the features' parts of each view
(:class:`~pokerdealer.server.reducer.Feature`). The parts that do not change from
one state to the next are not encoded again (:class:`~pokerdealer.server.conns.Texts`).
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from pokerdealer.server.conns import Conn, Texts, dumps
from pokerdealer.server.private import private_state
from pokerdealer.server.table_base import TableBase
from pokerdealer.server.views import table_state

__all__ = ["TableReaders"]


class TableReaders(TableBase):
    """Sending each reader their state."""

    def _public_state(self, players: Any) -> dict[str, Any]:  # noqa: ANN401
        """What every reader sees (a tournament's table adds the event's strip)."""
        return table_state(self, players)

    def broadcast(self, to: Collection[Conn] | None = None) -> None:
        """Send each reader (or those ``to``) the state built for them: the public
        part is encoded once; a player's message adds their own cards and legal actions."""
        readers = self.conns if to is None else to
        if not readers:
            return
        players = self.table.players
        by_name = {p.name: p for p in players}
        public = self._public_state(players)
        last = public.pop("last_hand")
        last_number = last["number"] if last else None
        seats = public.pop("seats")
        texts = self.texts
        seat_texts = [texts.of(("seat", k), row) for k, row in enumerate(seats)]
        head = _public_text(texts, public)[:-1] + ',"seats":'
        spectator_seats = "[" + ",".join(seat_texts) + "]"
        last_text: str | None = None
        record = self.table.current
        for conn in list(readers):
            if conn.closed:  # its detach is on the way: nothing is built for it
                continue
            # The last hand's summary goes to each reader once (the page keeps it).
            fresh = conn.last_hand != last_number
            conn.last_hand = last_number
            parts = [head]
            m = conn.member
            if m is None:
                parts.append(spectator_seats)
            else:
                you, own = private_state(self, m, by_name.get(m.name), record, lang=conn.lang)
                if own is None or (seats[own[0] - 1] or {}).get("name") != m.name:
                    parts.append(spectator_seats)
                else:
                    seat, cards = own
                    row = dict(seats[seat - 1], cards=cards, hidden=False)
                    mine = list(seat_texts)
                    mine[seat - 1] = conn.texts.of("seat", row)  # the reader's own: never the table's texts
                    parts.append("[" + ",".join(mine) + "]")
                parts.append(',"you":' + _you_text(conn, you))
            if fresh:
                if last_text is None:
                    last_text = dumps(last)
                parts.append(',"last_hand":' + last_text)
            parts.append("}")
            conn.send("".join(parts))


def _public_text(texts: Texts, public: dict[str, Any]) -> str:
    """The public state as JSON: the settings, the host's decisions and each line of
    the hand's log encoded only when they change (``texts`` is the table's).

    >>> _public_text(Texts(), {"type": "state", "table": {"id": "t"}, "hand": {"number": 2, "log": [{"seat": 1}]}})
    '{"type":"state","table":{"id":"t"},"hand":{"number":2,"log":[{"seat":1}]}}'
    """
    rest = dict(public)
    kept = [(key, texts.of(key, rest.pop(key))) for key in ("table", "host") if key in rest]
    hand = rest.pop("hand", None)
    if hand is not None and "log" in hand:
        hand = dict(hand)
        log = hand.pop("log")
        lines = texts.lines("log", log)
        kept.append(("hand", dumps(hand)[:-1] + ',"log":[' + lines + "]}"))
    elif "hand" in public:
        kept.append(("hand", dumps(hand)))
    head = dumps(rest)[:-1]
    return head + "".join(f',"{key}":{text}' for key, text in kept) + "}"


def _you_text(conn: Conn, you: dict[str, Any]) -> str:
    """A reader's own part as JSON, their deal proof encoded once a hand.

    >>> conn, proof = Conn(None), {"hand": 1, "paths": ["ab", "cd"]}
    >>> _you_text(conn, {"seat": 2, "deal_proof": proof})
    '{"seat":2,"deal_proof":{"hand":1,"paths":["ab","cd"]}}'
    >>> conn.proof_text[0] is proof
    True
    """
    # Their limits (a session's seconds tick) apart: the rest is mostly as last sent.
    limits = you.pop("limits", None)
    tail = "" if limits is None else ',"limits":' + conn.texts.of("limits", limits)
    if "deal_proof" not in you or you["deal_proof"] is None:
        return conn.texts.of("you", you)[:-1] + tail + "}"
    proof = you.pop("deal_proof")
    if conn.proof_text is None or conn.proof_text[0] is not proof:  # the proof kept with the hand
        conn.proof_text = (proof, dumps(proof))
    return conn.texts.of("you", you)[:-1] + tail + ',"deal_proof":' + conn.proof_text[1] + "}"
