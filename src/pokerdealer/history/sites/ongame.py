"""The OnGame network's text hand histories (bwin, PartyPoker's network of
2013-2014 and its skins), read into PHH.

A hand opens ``***** History for hand R5-362012167-85 *****`` (``T5-...`` a
tournament's), then ``Start hand: Mon Jan 06 19:34:00 CET 2014``, ``Table:
Baguio [362012167] (NO_LIMIT TEXAS_HOLDEM $0.50/$1, Real money)`` (or
``POT_LIMIT``, ``LIMIT``; ``100/200, Chips`` in a tournament), ``Button: seat
3`` and its seats, ``Seat 3: Name ($64.46)``. Then ``Name posts small blind
($0.50)``, ``Dealing to Name: [8h, 3c]``, ``raises $2.50 to $3.00`` (to),
``calls $15.50`` and ``bets $18.00`` (what went in), ``[all in]``, ``---
Dealing flop [6d, Kd, 8c]``. No line returns a bet nobody called. The summary
gives each pot ``Main pot: $229.82 won by fyabcf ($226.82)`` (what he
collected, after the ``Rake taken: $3``) and each seat ``Seat 8: fyabcf
($350.06), net: +$113.91, [Kc, Kh]``: the cards of a hand shown at the
showdown.

>>> text = '''***** History for hand R5-362012167-85 *****
... Start hand: Mon Jan 06 19:34:00 CET 2014
... Table: [SPEED] Baguio [362012167] (NO_LIMIT TEXAS_HOLDEM $0.50/$1, Real money)
... Button: seat 3
... Players in round: 2
... Seat 3: -ShottaZ- ($64.46)
... Seat 8: Catchup_ ($146.00)
... -ShottaZ- posts small blind ($0.50)
... Catchup_ posts big blind ($1)
... ---
... Dealing pocket cards
... -ShottaZ- raises $2.50 to $3.00
... Catchup_ folds
... ---
... Summary:
... Main pot: $2.00 won by -ShottaZ- ($2.00)
... Rake taken: $0.00
... Seat 3: -ShottaZ- ($65.46), net: +$1.00
... Seat 8: Catchup_ ($145.00), net: -$1.00
... ***** End of hand R5-362012167-85 *****'''
>>> hand = read_hand(text)
>>> [a.split(" #")[0] for a in hand.actions[2:]], hand.finishing_stacks
(['p2 cbr 3', 'p1 f'], (145, Decimal('65.46')))
"""

from __future__ import annotations

import datetime
import re

from pokerdealer.history.convert import UnsupportedHistory
from pokerdealer.history.phh import HandHistory, HistoryError
from pokerdealer.history.sites.core import BIG, SMALL, SiteHand, amount, cards, set_date, stars_betting

__all__ = ["START", "read_hand"]

START = re.compile(r"^\ufeff*\*{5} History for hand ", re.MULTILINE)
_TABLE = re.compile(r"Table: (?P<table>.*?) \[\d+\] \((?P<limit>\w+) (?P<game>\w+) (?P<stakes>\S+), (?P<money>[^)]*)\)")
_LIMITS = {"NO_LIMIT": "NT", "POT_LIMIT": "PT", "LIMIT": "FT"}
_CURRENCIES = {"$": "USD", "\u20ac": "EUR", "\u00a3": "GBP"}
_MONTHS = {m: i for i, m in enumerate("Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec".split(), start=1)}
_SEAT = re.compile(r"Seat (\d+): (.+?) \(([^)]*)\)\s*$")
_WON = re.compile(r"(.+?) \(([^)]*)\)(?:, |$)")


def read_hand(block: str, *, first_line: int = 1) -> HandHistory:
    """One OnGame hand (from its ``*****`` line to its last) as PHH."""
    lines = block.replace("\ufeff", "").splitlines()
    header = re.match(r"\*{5} History for hand (\S+)", lines[0].strip()) if lines else None
    if header is None:
        raise HistoryError.said("history.site.header", line=repr(lines[0] if lines else ""))
    h = SiteHand(site="ongame", number=header[1], first_line=first_line)
    summary = False
    ended = False
    folded: set[str] = set()
    for offset, raw in enumerate(lines[1:], start=1):
        line = raw.strip()
        h.at(first_line + offset, line)
        if not line:
            continue
        if line.startswith("***** End of hand"):
            ended = True
            break
        if m := re.match(r"Start hand: \w+ (\w+) (\d+) (\d+):(\d+):(\d+) (\S+) (\d{4})$", line):
            if m[1] in _MONTHS:
                when = datetime.datetime(int(m[7]), _MONTHS[m[1]], int(m[2]), int(m[3]), int(m[4]), int(m[5]))
                set_date(h.metadata, when, m[6])
        elif m := _TABLE.match(line):
            _game(h, m)
        elif m := re.match(r"Button: seat (\d+)", line):
            h.button = int(m[1])
        elif line == "Summary:":
            summary = True
        elif summary:
            _summary_line(h, line, folded)
        elif m := _SEAT.match(line):
            h.seat(m[2], int(m[1]), amount(m[3]))
        elif m := re.match(r"--- Dealing (?:flop|turn|river) \[([^\]]*)\]", line):
            h.board(cards(m[1]))
        elif m := re.match(r"Dealing to (.+?): \[([^\]]*)\]", line):
            if h.knows(m[1]):
                h.dealt(m[1], cards(m[2]))
        elif acted := h.who(line):
            _act(h, *acted, folded)
    if not ended:
        raise HistoryError.said("history.site.cut_off")
    return h.build()


def _game(h: SiteHand, m: re.Match[str]) -> None:
    if m["game"] != "TEXAS_HOLDEM" or m["limit"] not in _LIMITS:
        raise UnsupportedHistory.said("history.site.game", game=repr(f"{m['limit']} {m['game']}"))
    h.metadata["table"] = m["table"]
    small, _, big = m["stakes"].partition("/")
    h.set_stakes(amount(small), amount(big), limit=m["limit"] == "LIMIT")
    if m["limit"] != "LIMIT":
        h.variant = _LIMITS[m["limit"]]
    if sign := re.search(r"[$\u20ac\u00a3]", m["stakes"]):
        h.metadata["currency"] = _CURRENCIES[sign[0]]


def _act(h: SiteHand, name: str, rest: str, folded: set[str]) -> None:
    rest = rest.removesuffix("[all in]").strip()
    if m := re.match(r"posts (small|big) blind \(([^)]*)\)", rest):
        h.post(name, SMALL if m[1] == "small" else BIG, amount(m[2]))
    elif rest.startswith("folds"):
        folded.add(name)
        h.fold(name)
    elif stars_betting(h, name, rest):
        pass


def _summary_line(h: SiteHand, line: str, folded: set[str]) -> None:
    """A summary line: what each pot's winners collected, the rake, the hands shown."""
    if m := re.match(r"(?:Main|Side) pot(?: \d+)?: \S+ won by (.*)$", line):
        for winner in _WON.finditer(m[1]):
            h.collected(winner[1], amount(winner[2]))
    elif m := re.match(r"Rake taken: (\S+)", line):
        h.fee(amount(m[1]))
    elif m := re.match(r"Seat \d+: (.+?) \([^)]*\), net: [^\[]*\[([^\]]*)\]", line):
        if h.knows(m[1]) and m[1] not in folded:
            h.show(m[1], cards(m[2]))
