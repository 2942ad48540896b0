"""The Winning Poker Network's text hand histories (Americas Cardroom, Black
Chip, True Poker, Yatahay...), both its formats, read into PHH.

Since 2019 (and in every Americas Cardroom tournament), PokerStars-like lines
without the colon after a name: ``Hand #61150000 - Holdem(No Limit) -
$0.01/$0.02 - 2019/09/10 12:02:11 UTC`` (a tournament's ``Game Hand #... -
Tournament #... - Holdem(No Limit) - Level 3 (500.00/1000.00)- ...``),
``Name posts the small blind $0.01``, ``posts dead $0.03`` (a player coming in:
the big blind live, the rest dead), ``raises $0.25 to $0.26``, ``calls $13.00
and is all-in``, ``Uncalled bet ($0.18) returned to Name``, ``Name collected
$79.50 from main pot`` or, in the summary, ``Seat 4: Name did not show and won
$0.20``, and ``Total pot $1.71 | Rake $0.07 | JP Fee $0.02``.

Before, ``Game started at: 2014/3/8 22:0:24`` and ``Player Name has small
blind (2)``, ``Player Name raises (10)`` (what went in), ``Player Name allin
(124)``, ``Player Name straddle (0.50)``, ``Player Name posts (0.25) as a
dead bet``, a board ``*** FLOP ***: [9h 10d 7c]``, and a summary giving each
player's ``Bets: 160. Collects: 319.`` -- and the cards shown. Its header does
not say the betting: a hold'em table is No Limit (or capped No Limit, ``CAP``,
read as No Limit).

>>> text = '''Hand #61150000 - Holdem(No Limit) - $0.01/$0.02 - 2019/09/10 12:02:11 UTC
... Joppa 6-max Seat #3 is the button
... Seat 1: Player1 ($7.98)
... Seat 3: Player3 ($2.94)
... Seat 4: Player4 ($2.14)
... Player1 posts the small blind $0.01
... Player3 posts the big blind $0.02
... *** HOLE CARDS ***
... Player4 raises $0.06 to $0.06
... Player1 folds
... Player3 folds
... Uncalled bet ($0.04) returned to Player4
... Player4 does not show
... *** SUMMARY ***
... Total pot $0.05
... Seat 4: Player4 did not show and won $0.05'''
>>> hand = read_hand(text)
>>> hand.players, hand.finishing_stacks
(('Player4', 'Player1', 'Player3'), (Decimal('2.17'), Decimal('7.97'), Decimal('2.92')))
"""

from __future__ import annotations

import datetime
import re

from pokerdealer.history.convert import UnsupportedHistory
from pokerdealer.history.phh import HandHistory, HistoryError
from pokerdealer.history.sites.core import (
    ANTE,
    BIG,
    BOTH,
    DEAD,
    SMALL,
    STRADDLE,
    SiteHand,
    amount,
    cards,
    set_date,
    stars_betting,
)

__all__ = ["START", "read_hand"]

START = re.compile(r"^[ \t\ufeff]*(?:Game started at: |(?:Game )?Hand #\d+ - )", re.MULTILINE)
_HEADER = re.compile(
    r"^[ \t\ufeff]*(?:Game )?Hand #(?P<id>\d+) - (?:Tournament #(?P<tournament>\d+) - )?(?P<game>[^-]+?) - "
    r"(?:Level (?P<level>\d+) \((?P<blinds>[^()]*)\)|(?P<stakes>\S+))\s*- "
    r"(?P<y>\d{4})/(?P<m>\d+)/(?P<d>\d+) (?P<H>\d+):(?P<M>\d+):(?P<S>\d+)(?: (?P<zone>[A-Z]+))?"
)
_GAMES = {"Holdem(No Limit)": "NT", "Holdem(Pot Limit)": "PT", "Holdem(Fixed Limit)": "FT", "Holdem(Limit)": "FT"}
_TABLE = re.compile(r"^(?:Table )?'?(?P<table>.*?)'? (?:(?P<max>\d+)-max )?Seat #(?P<button>\d+) is the button")
_SEAT = re.compile(r"^Seat (?P<seat>\d+): (?P<name>.+) \((?P<stack>[$\u20ac]?[\d.,]+)\)\.?(?P<tail>.*)$")
_CURRENCIES = {"$": "USD", "\u20ac": "EUR"}


def read_hand(block: str, *, first_line: int = 1) -> HandHistory:
    """One Winning Poker hand (its text from its first line) as PHH."""
    lines = [(n, line.strip()) for n, line in enumerate(block.splitlines(), first_line) if line.strip()]
    if lines[0][1].lstrip("\ufeff").startswith("Game started at:"):
        return _read_2014(lines, first_line)
    header = _HEADER.match(lines[0][1])
    if header is None:
        raise HistoryError.said("history.site.header", line=repr(lines[0][1]))
    h = SiteHand(site="winning", number=header["id"], first_line=first_line)
    if header["game"] not in _GAMES:
        raise UnsupportedHistory.said("history.site.game", game=repr(header["game"]))
    h.variant = _GAMES[header["game"]]
    stakes = header["blinds"] or header["stakes"]
    small, big = (amount(x) for x in stakes.split("/")[:2])
    h.set_stakes(small, big, limit=h.variant == "FT")
    if header["tournament"]:
        h.metadata["_tournament"] = int(header["tournament"])
        h.metadata["level"] = int(header["level"])
    elif sign := re.match(r"[$\u20ac]", stakes):
        h.metadata["currency"] = _CURRENCIES[sign[0]]
    set_date(h.metadata, datetime.datetime(*(int(header[k]) for k in "ymdHMS")), header["zone"])  # type: ignore[arg-type]
    table = _TABLE.match(lines[1][1]) if len(lines) > 1 else None
    if table is None:
        raise HistoryError.said("history.site.header", line=repr(lines[1][1] if len(lines) > 1 else ""))
    h.metadata["table"] = table["table"]
    if table["max"]:
        h.metadata["seat_count"] = int(table["max"])
    h.button = int(table["button"])
    summary = False
    won = {}  # the summary's "won $X", when the text says no "collected"
    for number, line in lines[2:]:
        h.at(number, line)
        if line.startswith("*** SUMMARY ***"):
            summary = True
        elif summary:
            if line.startswith("Total pot") and "|" in line:
                for fee in line.split("|")[1:]:
                    h.fee(amount(fee.split()[-1]))
            elif (m := re.match(r"Seat \d+: (.*)$", line)) and (said := h.who(m[1])):
                if found := re.search(r"\bwon \(?([$\u20ac]?[\d.,]+)", said[1]):
                    won[said[0]] = amount(found[1])
        elif (seat := _SEAT.match(line)) and not h.events:
            h.seat(seat["name"], int(seat["seat"]), amount(seat["stack"]), away="sitting out" in seat["tail"])
        elif m := re.match(r"\*\*\* (?:FLOP|TURN|RIVER) \*\*\* (?:\[[^\]]*\] )?\[([^\]]*)\]$", line):
            h.board(cards(m[1]))
        elif m := re.match(r"Dealt to (.+?) \[([^\]]*)\]", line):
            if h.knows(m[1]):
                h.dealt(m[1], cards(m[2]))
        elif m := re.match(r"Uncalled bet \((\S+)\) returned to (.+)$", line):
            h.returned(m[2], amount(m[1]))
        elif said := h.who(line):
            _line(h, *said)
    if not summary:
        raise HistoryError.said("history.site.cut_off")
    if not h.collects:
        for name, chips in won.items():
            h.collected(name, chips)
    return h.build()


def _line(h: SiteHand, name: str, rest: str) -> None:
    if m := re.match(r"posts (?:the )?(ante|small blind|big blind|dead) (\S+)", rest):
        h.post(name, {"ante": ANTE, "small blind": SMALL, "big blind": BIG, "dead": BOTH}[m[1]], amount(m[2]))
    elif m := re.match(r"posts (\S*\d\S*)$", rest):
        h.post(name, BIG, amount(m[1]))  # a player coming in posts a big blind
    elif m := re.match(r"posts (?:a )?straddle (\S+)", rest):
        h.post(name, STRADDLE, amount(m[1]))
    elif stars_betting(h, name, rest):
        pass
    elif m := re.match(r"shows \[([^\]]*)\]", rest):
        h.show(name, cards(m[1]))
    elif rest.startswith("mucks"):
        h.muck(name)
    elif m := re.match(r"collected (\S+) from", rest):
        h.collected(name, amount(m[1]))


_OLD_SEAT = re.compile(r"^Seat (?P<seat>\d+): (?P<name>.+) \((?P<stack>\d[\d,]*(?:\.\d+)?)\)\.?$")
_OLD_POSTS = {"has small blind": SMALL, "has big blind": BIG, "straddle": STRADDLE, "posts": BIG}


def _read_2014(lines: list[tuple[int, str]], first_line: int) -> HandHistory:
    """A hand of the format before 2019 (``Game started at:``)."""
    started = re.search(r"(\d{4})/(\d+)/(\d+) (\d+):(\d+):(\d+)", lines[0][1])
    game = re.match(r"Game ID: (?P<id>\d+) (?P<stakes>[\d.]+/[\d.]+) (?P<table>.*) \((?P<game>[^()]*)\)$", lines[1][1]) \
        if len(lines) > 1 else None
    if game is None:
        raise HistoryError.said("history.site.header", line=repr(lines[1][1] if len(lines) > 1 else lines[0][1]))
    h = SiteHand(site="winning", number=game["id"], first_line=first_line)
    if game["game"] != "Hold'em":
        raise UnsupportedHistory.said("history.site.game", game=repr(game["game"]))
    small, big = (amount(x) for x in game["stakes"].split("/"))
    h.set_stakes(small, big)
    h.metadata["table"] = re.sub(r"\s+", " ", game["table"]).strip()
    if started:
        year, month, day, hour, minute, second = map(int, started.groups())
        set_date(h.metadata, datetime.datetime(year, month, day, hour, minute, second))
    summary = False
    for number, line in lines[2:]:
        h.at(number, line)
        if m := re.match(r"Seat (\d+) is the button", line):
            h.button = int(m[1])
        elif line.startswith("------ Summary ------"):
            summary = True
        elif (seat := _OLD_SEAT.match(line)) and not h.events:
            h.seat(seat["name"], int(seat["seat"]), amount(seat["stack"]))
        elif m := re.match(r"\*\*\* (?:FLOP|TURN|RIVER) \*\*\*: (?:\[[^\]]*\] )?\[([^\]]*)\]$", line):
            h.board(cards(m[1]))
        elif m := re.match(r"Uncalled bet \((\S+)\) returned to (.+)$", line):
            h.returned(m[2], amount(m[1]))
        elif m := re.match(r"\*?Player (.*)$", line):
            said = h.who(m[1])
            if said is None:
                continue
            if summary:
                _summary_2014(h, *said)
            elif (m := re.match(r"allin \((\S+)\)", said[1])) and not any(e.kind == "dealt" for e in h.events) \
                    and not any(e.kind == "post" and e.what == BIG for e in h.events):
                h.post(said[0], BIG, amount(m[1]))  # a big blind posted all in, before the deal
            else:
                _line_2014(h, *said)
    if not summary:
        raise HistoryError.said("history.site.cut_off")
    return h.build()


def _line_2014(h: SiteHand, name: str, rest: str) -> None:
    if m := re.match(r"posts \((\S+)\) as a dead bet", rest):
        h.post(name, DEAD, amount(m[1]))
    elif m := re.match(r"(has small blind|has big blind|straddle|posts) \((\S+)\)", rest):
        h.post(name, _OLD_POSTS[m[1]], amount(m[2]))
    elif rest.startswith("folds"):
        h.fold(name)
    elif rest.startswith("checks"):
        h.check(name)
    elif m := re.match(r"calls \((\S+)\)", rest):
        h.call(name, amount(m[1]))
    elif m := re.match(r"(?:bets|raises|allin) \((\S+)\)", rest):
        h.adds(name, amount(m[1]))
    elif rest.startswith("mucks"):
        h.muck(name)
    elif rest.startswith("received a card"):
        h.dealt(name, "")


def _summary_2014(h: SiteHand, name: str, rest: str) -> None:
    """``shows: Straight to 10 [3c 6h 7d 8c]. Bets: 160. Collects: 319. Wins: 159.``"""
    if m := re.match(r"shows: .*?\[([^\]]*)\]", rest):
        h.show(name, cards(m[1]))
    if m := re.search(r"Collects: (\d[\d,]*(?:\.\d+)?)", rest):
        chips = amount(m[1])
        if chips:
            h.collected(name, chips)
