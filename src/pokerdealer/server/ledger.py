"""A table's ledger: each player's buy-ins, top-ups, cash-outs and net, so a
home game can settle up. Derived from the table's log alone (no state of its
own): a ``sit_down`` (or ``seat_approve``, the host seating a request) is a buy-in (a second one after leaving or busting is a
rebuy, counted with the buy-ins), a ``top_up`` a top-up, a ``leave`` a
cash-out of the chips in its ``chips`` (whether the player left, the host
stood them up, they were stood up for sitting out, or the table closed), and
a seat still held counts its stack as still on the table.

Net = cash-outs + on the table - buy-ins - top-ups; with no rake the nets of
everyone at the table add up to nothing.

>>> events = [
...     ("sit_down", {"member": 1, "buy_in": 200}),
...     ("sit_down", {"member": 2, "buy_in": 100}),
...     ("top_up", {"member": 2, "amount": 50}),
...     ("leave", {"member": 1, "chips": 260, "reason": "host"}),
... ]
>>> rows = ledger(events, names={1: "Ann", 2: "Bob"}, on_table={2: 90})
>>> [(r.name, r.buy_ins, r.top_ups, r.cash_outs, r.on_table, r.net) for r in rows]
[('Ann', 200, 0, 260, 0, 60), ('Bob', 100, 50, 0, 90, -60)]
>>> print(to_csv(rows).replace("\\r\\n", "\\n"), end="")
member,name,buy_ins,top_ups,cash_outs,on_table,net
1,Ann,200,0,260,0,60
2,Bob,100,50,0,90,-60
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from pokerdealer.server import csv_out

__all__ = ["LedgerRow", "ledger", "of_table", "to_csv"]

CSV_FIELDS = ("member", "name", "buy_ins", "top_ups", "cash_outs", "on_table", "net")


@dataclass(frozen=True, slots=True)
class LedgerRow:
    """One member's money at one table, in chips."""

    member: int
    name: str
    buy_ins: int
    top_ups: int
    cash_outs: int
    on_table: int

    @property
    def net(self) -> int:
        return self.cash_outs + self.on_table - self.buy_ins - self.top_ups

    def to_dict(self) -> dict[str, Any]:
        return {f: getattr(self, f) for f in CSV_FIELDS}


def ledger(
    events: Iterable[tuple[str, dict[str, Any]]],
    *,
    names: Mapping[int, str],
    on_table: Mapping[int, int],
) -> list[LedgerRow]:
    """The ledger from a table's events (``kind, data`` in log order), the
    members' ``names`` and the stacks of those seated now (``on_table``), in
    member order; members who never bought in are left out."""
    totals: dict[int, list[int]] = {}
    for kind, data in events:
        if kind in ("sit_down", "seat_approve"):  # sitting down, or the host approving a request
            totals.setdefault(data["member"], [0, 0, 0])[0] += data["buy_in"]
        elif kind == "top_up":
            totals.setdefault(data["member"], [0, 0, 0])[1] += data["amount"]
        elif kind == "leave":
            # A leave logged before cash-outs were written down counts as nothing taken.
            totals.setdefault(data["member"], [0, 0, 0])[2] += data.get("chips") or 0
    return [
        LedgerRow(m, names.get(m, f"#{m}"), buy, top, out, on_table.get(m, 0))
        for m, (buy, top, out) in sorted(totals.items())
    ]


def to_csv(rows: Iterable[LedgerRow]) -> str:
    """The ledger as CSV (a header line, then one line per member; RFC 4180, no
    formulas: :mod:`~pokerdealer.server.csv_out`)."""
    return csv_out.to_csv(CSV_FIELDS, ([getattr(row, f) for f in CSV_FIELDS] for row in rows))


def of_table(lt: Any, events: Iterable[tuple[str, dict[str, Any]]]) -> list[LedgerRow]:  # noqa: ANN401
    """The ledger of live table ``lt`` from its whole log (``events``). During a
    hand a seat counts the chips it started the hand with (nothing is settled yet)."""
    names = {m.id: m.name for m in lt.members.values()}
    stacks = {lt.by_name[p.name].id: p.stack for p in lt.table.players if p.name in lt.by_name}
    return ledger(events, names=names, on_table=stacks)
