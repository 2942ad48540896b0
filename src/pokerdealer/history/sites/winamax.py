"""Winamax's text hand histories, read into PHH.

Close to PokerStars' text without the colon after a name: ``Name raises 2€ to
2.50€``, ``Name calls 20.35€``, ``... and is all-in``, ``Name collected 43.45€
from pot`` (after the rake), ``Total pot 43.45€ | Rake 3€`` (or ``No rake``).
A player coming in posts ``big blind 0.50€ out of position`` (live) and
``small blind 0.25€ out of position`` (dead). No line is written for a bet
nobody called. A tournament's stakes are ``(ante/small/big)``. Files are
UTF-8 or, from older clients, cp1252. Hold'em No Limit, Pot Limit and Limit.

>>> text = '''Winamax Poker - CashGame - HandId: #5343878-96-1383820687 - Holdem no limit (0.25\u20ac/0.50\u20ac) - 2013/11/07 10:38:07 UTC
... Table: 'Athens 11' 5-max (real money) Seat #3 is the button
... Seat 1: Ann (50\u20ac)
... Seat 2: Bob (50\u20ac)
... Seat 3: Cy (50\u20ac)
... *** ANTE/BLINDS ***
... Ann posts small blind 0.25\u20ac
... Bob posts big blind 0.50\u20ac
... *** PRE-FLOP ***
... Cy raises 1\u20ac to 1.50\u20ac
... Ann folds
... Bob folds
... Cy collected 1.25\u20ac from pot
... *** SUMMARY ***
... Total pot 1.25\u20ac | No rake'''
>>> hand = read_hand(text)
>>> hand.metadata["_hand_id"], hand.actions[3], hand.finishing_stacks
('5343878-96-1383820687', 'p3 cbr 1.5 # line 10: Cy raises 1\u20ac to 1.50\u20ac', (Decimal('49.75'), Decimal('49.5'), Decimal('50.75')))
"""

from __future__ import annotations

import datetime
import re

from pokerdealer.history.convert import UnsupportedHistory
from pokerdealer.history.phh import HandHistory, HistoryError
from pokerdealer.history.sites.core import ANTE, BIG, DEAD, SMALL, SiteHand, amount, cards, set_date, stars_betting

__all__ = ["START", "read_hand"]

START = re.compile(r"^[ \t\ufeff]*Winamax Poker - ", re.MULTILINE)
_HEADER = re.compile(
    r"Winamax Poker - (?P<kind>.*?)HandId: #(?P<id>[\d-]+) - (?P<game>.+?) \((?P<stakes>[^()]*)\) - "
    r"(?P<y>\d{4})/(?P<m>\d+)/(?P<d>\d+) (?P<H>\d+):(?P<M>\d+):(?P<S>\d+)(?: (?P<zone>[A-Z]+))?"
)
_GAMES = {"Holdem no limit": "NT", "Holdem pot limit": "PT", "Holdem fixed limit": "FT", "Holdem limit": "FT"}
_TABLE = re.compile(r"^Table: '(?P<table>.*)' (?:(?P<max>\d+)-max )?.*?Seat #(?P<button>\d+) is the button")
_SEAT = re.compile(r"^Seat (?P<seat>\d+): (?P<name>.+?) \((?P<stack>[^()]*?)(?P<out>, sitting out)?\)\s*$")
_CURRENCIES = {"\u20ac": "EUR", "$": "USD", "\u00a3": "GBP"}


def read_hand(block: str, *, first_line: int = 1) -> HandHistory:
    """One Winamax hand (its text from its header line) as PHH."""
    lines = [(n, line.strip()) for n, line in enumerate(block.splitlines(), first_line) if line.strip()]
    header = _HEADER.search(lines[0][1])
    if header is None:
        raise HistoryError.said("history.site.header", line=repr(lines[0][1]))
    h = SiteHand(site="winamax", number=header["id"], first_line=first_line)
    game = header["game"].strip()
    if game not in _GAMES:
        raise UnsupportedHistory.said("history.site.game", game=repr(game))
    h.variant = _GAMES[game]
    stakes = [amount(x) for x in header["stakes"].split("/")]
    h.set_stakes(stakes[-2], stakes[-1], limit=h.variant == "FT")
    if sign := re.search(r"[\u20ac$\u00a3]", header["stakes"]):
        h.metadata["currency"] = _CURRENCIES[sign[0]]
    if tournament := re.match(r'Tournament "(?P<name>[^"]*)".*?level: (?P<level>\d+)', header["kind"]):
        h.metadata["event"] = tournament["name"]
        h.metadata["level"] = int(tournament["level"])
    moment = datetime.datetime(*(int(header[k]) for k in "ymdHMS"))  # type: ignore[arg-type]
    set_date(h.metadata, moment, header["zone"])
    table = _TABLE.match(lines[1][1]) if len(lines) > 1 else None
    if table is None:
        raise HistoryError.said("history.site.header", line=repr(lines[1][1] if len(lines) > 1 else ""))
    h.metadata["table"] = table["table"]
    if table["max"]:
        h.metadata["seat_count"] = int(table["max"])
    h.button = int(table["button"])
    summary = False
    for number, line in lines[2:]:
        h.at(number, line)
        if line.startswith("*** SUMMARY ***"):
            summary = True
        elif summary:
            if m := re.match(r"Total pot .*\| Rake (\S*\d\S*)", line):
                h.fee(amount(m[1]))
        elif (seat := _SEAT.match(line)) and not h.events:
            h.seat(seat["name"], int(seat["seat"]), amount(seat["stack"]), away=bool(seat["out"]))
        elif m := re.match(r"\*\*\* (?:FLOP|TURN|RIVER) \*\*\* (?:\[[^\]]*\] ?)?\[([^\]]*)\]$", line):
            h.board(cards(m[1]))
        elif m := re.match(r"Dealt to (.+?) \[([^\]]*)\]", line):
            if h.knows(m[1]):
                h.dealt(m[1], cards(m[2]))
        elif said := h.who(line):
            _line(h, *said)
    if not summary:
        raise HistoryError.said("history.site.cut_off")
    return h.build()


def _line(h: SiteHand, name: str, rest: str) -> None:
    if m := re.match(r"posts (ante|small blind|big blind) (\S+)( out of position)?", rest):
        what = {"ante": ANTE, "small blind": SMALL, "big blind": BIG}[m[1]]
        if m[3] and what == SMALL:
            what = DEAD  # a missed small blind, posted to come back: dead money
        h.post(name, what, amount(m[2]))
    elif stars_betting(h, name, rest):
        pass
    elif m := re.match(r"shows \[([^\]]*)\]", rest):
        h.show(name, cards(m[1]))
    elif rest.startswith("mucks"):
        h.muck(name)
    elif m := re.match(r"collected (\S+) from", rest):
        h.collected(name, amount(m[1]))
