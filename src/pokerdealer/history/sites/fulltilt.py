"""Full Tilt Poker's text hand histories (2005 to 2016), read into PHH.

Close to PokerStars' text, with its own words: ``Name posts the small blind of
$5``, ``The button is in seat #2`` after the posts, ``raises to $25`` (to),
``calls $138, and is all in``, ``Uncalled bet of $32 returned to Name``,
``Name wins the pot ($615.50)`` (after the rake), ``Name adds $10`` (chips for
the next hand: no part of this one). Hold'em No Limit, Pot Limit, Limit and
Capped No Limit (a player who "is capped" has put in the cap: every stack
plays at most it, our ``_cap``), cash games and tournaments ("(255707037),
Table 179"); a board the players agree to run twice ("*** RIVER 1 ***",
"*** RIVER 2 ***", "wins pot 1") is read as :mod:`pokerdealer.history.home_games`
lays it out.

>>> text = '''Full Tilt Poker Game #33730111975: Table Iowa (heads up) - NL Hold'em - $5/$10 - 12:40:19 ET - 2014/01/06
... Seat 1: jobetzu ($2,094.70)
... Seat 2: theking881 ($308)
... theking881 posts the small blind of $5
... jobetzu posts the big blind of $10
... The button is in seat #2
... *** HOLE CARDS ***
... theking881 raises to $25
... jobetzu folds
... Uncalled bet of $15 returned to theking881
... theking881 mucks
... theking881 wins the pot ($20)
... *** SUMMARY ***
... Total pot $20 | Rake $0'''
>>> hand = read_hand(text)
>>> hand.players, hand.actions[2:], hand.finishing_stacks
(('jobetzu', 'theking881'), ('p2 cbr 25 # line 8: theking881 raises to $25', 'p1 f # line 9: jobetzu folds'), (Decimal('2084.7'), 318))
"""

from __future__ import annotations

import datetime
import re

from pokerdealer.history.convert import UnsupportedHistory
from pokerdealer.history.phh import HandHistory, HistoryError
from pokerdealer.history.sites.core import (
    ANTE,
    BIG,
    DEAD,
    SMALL,
    SiteHand,
    amount,
    cards,
    set_date,
)

__all__ = ["START", "read_hand"]

START = re.compile(r"^[ \t\ufeff]*Full ?Tilt Poker (?:Game|Hand) #", re.MULTILINE)
_HEADER = re.compile(r"^[ \t\ufeff]*Full ?Tilt Poker (?:Game|Hand) #(?P<id>\d+):\s*(?P<rest>.*)$")
_GAMES = {
    "NL Hold'em": "NT",
    "No Limit Hold'em": "NT",
    "CAP NL Hold'em": "NT",
    "Cap No Limit Hold'em": "NT",
    "PL Hold'em": "PT",
    "Pot Limit Hold'em": "PT",
    "Limit Hold'em": "FT",
    "FL Hold'em": "FT",
}
_GAME = re.compile(r"Hold'em|Omaha|Stud|Razz|Draw|Badugi|Triple|HORSE|Mixed")
_STAKES = re.compile(r"^(?P<small>[^/\s]+)/(?P<big>[^/\s]+)(?:\s+Ante\s+(?P<ante>\S+))?$")
_DATE = re.compile(r"(?P<H>\d{1,2}):(?P<M>\d{2}):(?P<S>\d{2}) (?P<zone>[A-Z]+) - (?P<y>\d{4})/(?P<m>\d{1,2})/(?P<d>\d{1,2})")
_SEAT = re.compile(r"^Seat (?P<seat>\d+): (?P<name>.+?) \((?P<stack>[^()]*)\)(?P<tail>.*)$")
_POSTS = {
    "posts the small blind of": SMALL,
    "posts the big blind of": BIG,
    "posts a dead small blind of": DEAD,
    "antes": ANTE,
    "posts": BIG,  # "Name posts $1": a player coming in
}
_CURRENCIES = {"$": "USD", "\u20ac": "EUR", "\u00a3": "GBP"}


def _header(h: SiteHand, line: str) -> None:
    found = _HEADER.match(line)
    if found is None:
        raise HistoryError.said("history.site.header", line=repr(line))
    parts = [p.strip() for p in found["rest"].split(" - ")]
    game = next((i for i, p in enumerate(parts) if _GAME.search(p)), None)
    if game is None:
        raise HistoryError.said("history.site.header", line=repr(line))
    kind = re.sub(r"^\S*\d\S* (?=Cap )", "", parts[game])  # "$15 Cap No Limit Hold'em"
    if kind not in _GAMES:
        raise UnsupportedHistory.said("history.site.game", game=repr(parts[game]))
    h.variant = _GAMES[kind]
    table = parts[0]
    tournament = re.match(r"(?P<event>.*)\((?P<id>\d+)\),\s*Table (?P<table>.+)$", table)
    if tournament:
        h.metadata["_tournament"] = int(tournament["id"])
        h.metadata["event"] = tournament["event"].strip()
        table = "Table " + tournament["table"]
    h.metadata["table"] = re.sub(r"^Table\s+", "", table)
    stakes = next((m for p in parts[1:] if (m := _STAKES.match(p))), None)
    if stakes is None:
        raise HistoryError.said("history.site.stakes", line=repr(line))
    h.set_stakes(amount(stakes["small"]), amount(stakes["big"]), limit=h.variant == "FT")
    code = _CURRENCIES.get(stakes["small"][:1])
    if code:
        h.metadata["currency"] = code
    when = _DATE.search(found["rest"])
    if when:
        set_date(h.metadata, datetime.datetime(*(int(when[k]) for k in "ymdHMS")), when["zone"])  # type: ignore[arg-type]


def read_hand(block: str, *, first_line: int = 1) -> HandHistory:
    """One Full Tilt hand (its text from its header line) as PHH."""
    lines = [(n, line.rstrip()) for n, line in enumerate(block.splitlines(), first_line) if line.strip()]
    header = _HEADER.match(lines[0][1])
    h = SiteHand(site="fulltilt", number=header["id"] if header else "", first_line=first_line)
    _header(h, lines[0][1])
    summary = False
    for number, line in lines[1:]:
        h.at(number, line)
        if line.startswith("*** SUMMARY ***"):
            summary = True
            continue
        if summary:
            if m := re.match(r"Total pot .*\| Rake (\S+)", line):
                h.fee(amount(m[1]))
            continue
        if (seat := _SEAT.match(line)) and not h.events:
            h.seat(seat["name"], int(seat["seat"]), amount(seat["stack"]), away="sitting out" in seat["tail"])
            continue
        if m := re.match(r"The button is in seat #(\d+)", line):
            h.button = int(m[1])
            continue
        if line.startswith("Players agree to Run It Twice"):
            h.run_twice = True
            continue
        if m := re.match(r"\*\*\* (?:FLOP|TURN|RIVER)(?: [12])? \*\*\* (?:\[[^\]]*\] )?\[([^\]]*)\]", line):
            h.board(cards(m[1]))  # run twice: "*** RIVER 1 ***", then "*** RIVER 2 ***"
            continue
        if m := re.match(r"Dealt to (.+?) \[([^\]]+)\]", line):
            if h.knows(m[1]):
                h.dealt(m[1], cards(m[2]))
            continue
        if m := re.match(r"Uncalled bet of (\S+) returned to (.+)$", line):
            h.returned(m[2], amount(m[1]))
            continue
        said = h.who(line)
        if said is None:
            continue
        name, rest = said
        if m := re.match(r"(?:wins|ties for) (?:the |the high |the low |the side |the main |side )?pot(?: \d+)? \((\S+)\)", rest):
            h.collected(name, amount(m[1]))
            continue
        for words, what in _POSTS.items():
            if rest.startswith(words + " "):
                h.post(name, what, amount(rest[len(words) + 1 :].split()[0]))
                break
        else:
            _act(h, name, rest)
    if not summary:
        raise HistoryError.said("history.site.cut_off")
    return h.build()


def _act(h: SiteHand, name: str, rest: str) -> None:
    if rest.startswith("folds"):
        h.fold(name)
    elif rest.startswith("checks"):
        h.check(name)
    elif m := re.match(r"calls (\S+?),?(?: |$)", rest):
        h.call(name, amount(m[1]))
        if rest.endswith("and is capped"):
            h.capped.add(name)
    elif m := re.match(r"bets (\S+?),?(?: |$)", rest):
        h.bet(name, amount(m[1]))
    elif m := re.match(r"raises to (\S+?),?(?: |$)", rest):
        h.raise_to(name, amount(m[1]))
        if rest.endswith("and is capped"):
            h.capped.add(name)
    elif m := re.match(r"shows \[([^\]]+)\]", rest):
        h.show(name, cards(m[1]))
    elif rest.startswith("mucks"):
        h.muck(name)
