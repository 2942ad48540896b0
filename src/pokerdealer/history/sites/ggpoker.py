"""GGPoker's text hand histories (GG Network: GGPoker, Natural8...), read into PHH.

PokerStars-like (``Name: raises $2.4 to $4.4``, ``Uncalled bet ($2.5) returned
to Name``, ``Name collected $2 from pot``), with its own words: a header
``Poker Hand #HD23847510: Hold'em No Limit ($0.5/$1) - 2017/11/12 11:43:27``
(``#TM...: Tournament #...`` for a tournament), ``Dealt to Name`` for every
player (the cards only for the hero), ``*** SHOWDOWN ***``, ``Name: straddle
$2``, ``posts missed blind`` (dead), ``Bet & Muck $0.05`` (a bet its owner
will not show if called: called, ``Bet & Muck folds`` is his muck), and fees beyond the
rake: ``Total pot $0.22 | Rake $0.01 | Jackpot $0 | Bingo $0 | Fortune $0 |
Tax $0``. An all-in player's "EV Cashout" (``Pays Cashout Risk ($22.68)``,
``Receives Cashout``) is insurance paid outside the pot: the hand's stacks
are the pot's, the cashout is kept in ``_cashout``. A board run twice
(``*** FIRST FLOP ***`` ... ``*** SECOND RIVER ***``) is read as
:mod:`pokerdealer.history.home_games` lays it out; one run three times and a pot
the room adds money to (``Cash Drop to Pot``: nobody's chips) are skipped, with
their reasons.

>>> text = '''Poker Hand #HD23847510: Hold'em No Limit  ($0.5/$1) - 2017/11/12 11:43:27
... Table 'NLHGold11' 6-max Seat #2 is the button
... Seat 1: 79adcegg ($173.04 in chips)
... Seat 2: 853aak6d ($100 in chips)
... Seat 4: ac12334d ($190.65 in chips)
... Seat 5: 1234gsaa ($85.59 in chips)
... ac12334d: posts small blind $0.5
... 1234gsaa: posts big blind $1
... *** HOLE CARDS ***
... Dealt to 79adcegg
... Dealt to 853aak6d
... Dealt to ac12334d
... Dealt to 1234gsaa
... 79adcegg: folds
... 853aak6d: folds
... ac12334d: raises $2.5 to $3.5
... 1234gsaa: folds
... Uncalled bet ($2.5) returned to ac12334d
... *** SHOWDOWN ***
... ac12334d collected $2 from pot
... *** SUMMARY ***
... Total pot $2 | Rake $0 | Jackpot $0 | Bingo $0'''
>>> hand = read_hand(text)
>>> hand.metadata["_hand_id"], hand.players, hand.finishing_stacks
('HD23847510', ('ac12334d', '1234gsaa', '79adcegg', '853aak6d'), (Decimal('191.65'), Decimal('84.59'), Decimal('173.04'), 100))
"""

from __future__ import annotations

import datetime
import re
from decimal import Decimal

from pokerdealer.history.convert import UnsupportedHistory
from pokerdealer.history.phh import HandHistory, HistoryError
from pokerdealer.history.sites.core import (
    ANTE,
    BIG,
    DEAD,
    SMALL,
    STRADDLE,
    SiteHand,
    amount,
    cards,
    phh_number,
    set_date,
)

__all__ = ["START", "read_hand"]

START = re.compile(r"^[ \t\ufeff]*Poker Hand #[A-Z]*\d+: ", re.MULTILINE)
_HEADER = re.compile(
    r"^[ \t\ufeff]*Poker Hand #(?P<id>[A-Z]*\d+): (?:Tournament #(?P<tournament>\d+), (?P<event>.*?) )?"
    r"(?P<game>Hold'em No Limit|Hold'em Pot Limit|Hold'em Limit|PLO\S*|Omaha\S*(?: [A-Za-z]+)*?|[A-Za-z'][^(]*?)\s*"
    r"(?:- Level ?(?P<level>\d+))?\s*\((?P<stakes>[^()]*)\)\s*- (?P<y>\d{4})/(?P<m>\d+)/(?P<d>\d+) (?P<H>\d+):(?P<M>\d+):(?P<S>\d+)"
)
_GAMES = {"Hold'em No Limit": "NT", "Hold'em Pot Limit": "PT", "Hold'em Limit": "FT"}
_TABLE = re.compile(r"^Table '(?P<table>.*)' (?:(?P<max>\d+)-max )?Seat #(?P<button>\d+) is the button")
_SEAT = re.compile(r"^Seat (?P<seat>\d+): (?P<name>.+?) \((?P<stack>[^()]*?) in chips\)(?P<tail>.*)$")
_POSTS = {"small blind": SMALL, "big blind": BIG, "the ante": ANTE, "missed blind": DEAD, "straddle": STRADDLE}


def read_hand(block: str, *, first_line: int = 1) -> HandHistory:
    """One GGPoker hand (its text from its header line) as PHH."""
    lines = [(n, line.strip()) for n, line in enumerate(block.splitlines(), first_line) if line.strip()]
    header = _HEADER.match(lines[0][1])
    if header is None:
        raise HistoryError.said("history.site.header", line=repr(lines[0][1]))
    h = SiteHand(site="ggpoker", number=header["id"], first_line=first_line)
    game = header["game"].strip()
    if game not in _GAMES:
        raise UnsupportedHistory.said("history.site.game", game=repr(game))
    h.variant = _GAMES[game]
    stakes = [amount(x) for x in header["stakes"].split("/")[:2]]
    h.set_stakes(stakes[0], stakes[1], limit=h.variant == "FT")
    if header["tournament"]:
        h.metadata["_tournament"] = int(header["tournament"])
        h.metadata["event"] = header["event"]
        if header["level"]:
            h.metadata["level"] = int(header["level"])
    elif "$" in header["stakes"]:
        h.metadata["currency"] = "USD"
    set_date(h.metadata, datetime.datetime(*(int(header[k]) for k in "ymdHMS")))  # type: ignore[arg-type]
    table = _TABLE.match(lines[1][1]) if len(lines) > 1 else None
    if table is None:
        raise HistoryError.said("history.site.header", line=repr(lines[1][1] if len(lines) > 1 else ""))
    h.metadata["table"] = table["table"]
    if table["max"]:
        h.metadata["seat_count"] = int(table["max"])
    h.button = int(table["button"])
    summary = False
    cashout: dict[str, Decimal] = {}
    for number, line in lines[2:]:
        h.at(number, line)
        if line.startswith("*** SUMMARY ***"):
            summary = True
        elif summary:
            if line.startswith("Total pot") and "|" in line:
                for fee in line.split("|")[1:]:
                    h.fee(amount(fee.split()[-1]))
        elif (seat := _SEAT.match(line)) and not h.events:
            h.seat(seat["name"], int(seat["seat"]), amount(seat["stack"]), away="sitting out" in seat["tail"])
        elif line.startswith("Cash Drop to Pot"):
            raise UnsupportedHistory.said("history.site.cash_drop")
        elif line.startswith("*** THIRD "):
            raise UnsupportedHistory.said("history.ps.run_thrice")
        elif m := re.match(r"\*\*\* (FIRST |SECOND )?(?:FLOP|TURN|RIVER) \*\*\* (?:\[[^\]]*\] )?\[([^\]]*)\]$", line):
            h.run_twice = h.run_twice or m[1] == "SECOND "
            h.board(cards(m[2]))
        elif m := re.match(r"Dealt to (.+?) \[([^\]]*)\]", line):
            if h.knows(m[1]):
                h.dealt(m[1], cards(m[2]))
        elif m := re.match(r"Dealt to (.+?)$", line):
            if h.knows(m[1]):
                h.dealt(m[1], "")
        elif m := re.match(r"Uncalled bet \((\S+)\) returned to (.+)$", line):
            h.returned(m[2], amount(m[1]))
        elif m := re.match(r"(.+?) collected (\S+) from ", line):
            if h.knows(m[1]):
                h.collected(m[1], amount(m[2]))
        elif said := h.who(line, ": "):
            name, rest = said
            if m := re.match(r"(?:Pays Cashout Risk|Receives Cashout) \((\S+)\)", rest):
                sign = -1 if rest.startswith("Pays") else 1
                cashout[name] = cashout.get(name, Decimal(0)) + sign * amount(m[1])
            else:
                _act(h, name, rest)
    if not summary:
        raise HistoryError.said("history.site.cut_off")
    if cashout:
        h.metadata["_cashout"] = {name: phh_number(chips) for name, chips in cashout.items()}
    return h.build()


def _act(h: SiteHand, name: str, rest: str) -> None:
    if m := re.match(r"(?:posts (small blind|big blind|the ante|missed blind)|(straddle)) (\S+)", rest):
        h.post(name, _POSTS[m[1] or m[2]], amount(m[3]))
    elif rest.startswith("Bet & Muck folds"):
        h.muck(name)  # his river bet was called: he does not show
    elif rest.startswith("folds"):
        h.fold(name)
    elif rest.startswith("checks"):
        h.check(name)
    elif m := re.match(r"calls (\S+)", rest):
        h.call(name, amount(m[1]))
    elif m := re.match(r"(?:bets|Bet & Muck) (\S+)", rest):
        h.bet(name, amount(m[1]))
    elif m := re.match(r"raises \S+ to (\S+)", rest):
        h.raise_to(name, amount(m[1]))
    elif m := re.match(r"shows \[([^\]]*)\]", rest):
        h.show(name, cards(m[1]))
    elif rest.startswith("mucks"):
        h.muck(name)
