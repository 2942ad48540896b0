"""A table's ledger: each player's buy-ins, top-ups, cash-outs and net, so a
home game can settle up. Derived from the table's log alone (no state of its
own): a ``sit_down`` (or ``seat_approve``, the host seating a request) is a buy-in (a second one after leaving or busting is a
rebuy, counted with the buy-ins), a ``top_up`` a top-up, a ``leave`` a
cash-out of the chips in its ``chips`` (whether the player left, the host
stood them up, they were stood up for sitting out, or the table closed), and
a seat still held counts its stack as still on the table.

Net = cash-outs + on the table - buy-ins - top-ups; with no rake the nets of
everyone at the table add up to nothing. The CSV a host downloads says each
player by seat (none once they left) and name, under headers in the host's
language (the words of the host panel's ledger).

>>> events = [
...     ("sit_down", {"member": 1, "buy_in": 200}),
...     ("sit_down", {"member": 2, "buy_in": 100}),
...     ("top_up", {"member": 2, "amount": 50}),
...     ("leave", {"member": 1, "chips": 260, "reason": "host"}),
... ]
>>> rows = ledger(events, names={1: "Ann", 2: "Bob"}, on_table={2: 90}, seats={2: 4})
>>> [(r.name, r.buy_ins, r.top_ups, r.cash_outs, r.on_table, r.net) for r in rows]
[('Ann', 200, 0, 260, 0, 60), ('Bob', 100, 50, 0, 90, -60)]
>>> print(to_csv(rows, lang="en").replace("\\r\\n", "\\n"), end="")
Seat,Player,Buy-ins,Top-ups,Cashed out,On the table,Net
,Ann,200,0,260,0,60
4,Bob,100,50,0,90,-60
>>> to_csv(rows, lang="zh-Hans").splitlines()[0]
'座位,玩家,买入,补充,已兑现,桌上筹码,净输赢'
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from pokerdealer.i18n import message
from pokerdealer.server import csv_out

__all__ = ["LedgerRow", "csv_header", "ledger", "of_table", "to_csv"]

FIELDS = ("member", "seat", "name", "buy_ins", "top_ups", "cash_outs", "on_table", "net")
"""A row's fields as the host panel reads them (its ``member`` picks the player a button acts on)."""

CSV_FIELDS = FIELDS[1:]
"""The CSV's columns: a person reads a seat and a name, not the room's member number."""


@dataclass(frozen=True, slots=True)
class LedgerRow:
    """One member's money at one table, in chips."""

    member: int
    name: str
    buy_ins: int
    top_ups: int
    cash_outs: int
    on_table: int
    seat: int | None = None
    """The seat held now (None: not seated)."""

    @property
    def net(self) -> int:
        return self.cash_outs + self.on_table - self.buy_ins - self.top_ups

    def to_dict(self) -> dict[str, Any]:
        return {f: getattr(self, f) for f in FIELDS}


def ledger(
    events: Iterable[tuple[str, dict[str, Any]]],
    *,
    names: Mapping[int, str],
    on_table: Mapping[int, int],
    seats: Mapping[int, int] | None = None,
) -> list[LedgerRow]:
    """The ledger from a table's events (``kind, data`` in log order), the
    members' ``names``, the stacks of those seated now (``on_table``) and their
    ``seats``, in member order; members who never bought in are left out."""
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
        LedgerRow(m, names.get(m, f"#{m}"), buy, top, out, on_table.get(m, 0), (seats or {}).get(m))
        for m, (buy, top, out) in sorted(totals.items())
    ]


def csv_header(lang: str) -> tuple[str, ...]:
    """The CSV's header in ``lang``: the host panel's ledger's column names.

    >>> csv_header("zh-Hant")[:3]
    ('座位', '玩家', '買入')
    """
    return tuple(message(lang, f"room.host.ui.col.{f}") for f in CSV_FIELDS)


def to_csv(rows: Iterable[LedgerRow], *, lang: str) -> str:
    """The ledger as CSV in ``lang`` (a header line, then one line per member, a seat
    left empty once its player left; RFC 4180, no formulas: :mod:`~pokerdealer.server.csv_out`)."""
    cells = (["" if row.seat is None else row.seat, *(getattr(row, f) for f in CSV_FIELDS[1:])] for row in rows)
    return csv_out.to_csv(csv_header(lang), cells)


def of_table(lt: Any, events: Iterable[tuple[str, dict[str, Any]]]) -> list[LedgerRow]:  # noqa: ANN401
    """The ledger of live table ``lt`` from its whole log (``events``). During a
    hand a seat counts the chips it started the hand with (nothing is settled yet)."""
    names = {m.id: m.name for m in lt.members.values()}
    seated = [(lt.by_name[p.name].id, p) for p in lt.table.players if p.name in lt.by_name]
    return ledger(events, names=names, on_table={m: p.stack for m, p in seated}, seats={m: p.seat for m, p in seated})
