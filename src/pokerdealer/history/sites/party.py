"""PartyPoker's text hand histories (partypoker and its skins), read into PHH.

Like 888 (the two share their roots), PartyPoker writes what each action puts
in: ``Name raises [$2 USD]`` adds $2, ``Name is all-In  [$4.90 USD]`` adds what
was left, ``posts big blind + dead [$3]`` is a live big blind and a dead small
one; a small blind posted after the big blind, to come in, is live. It writes no line for a bet nobody called and no rake; ``Name wins
$14.18 USD`` counts the winner's own uncalled bet (a "side pot" when he was
called all in for less). Cards: ``shows [ 8c, 8d
]``, and ``doesn't show [ Jc, Jd ]`` for a hand that lost at the showdown
(the real cards of a mucked hand). A tournament writes its chips with
thousands separators, a dot or a comma (``Blinds-Antes(1.200/2.400 -400)``,
``( 126,043 )``). Hold'em No Limit, Pot Limit and Limit.

>>> text = '''***** Hand History for Game 13549932236 *****
... $0.05/$0.10 USD NL Texas Hold'em - Sunday, January 05, 19:24:07 EST 2014
... Table Aksay (Real Money)
... Seat 5 is the button
... Total number of players : 3/6
... Seat 5: Ann ( $10 USD )
... Seat 6: Bob ( $10 USD )
... Seat 1: Cy ( $10 USD )
... Bob posts small blind [$0.05 USD].
... Cy posts big blind [$0.10 USD].
... ** Dealing down cards **
... Ann raises [$0.30 USD]
... Bob folds
... Cy folds
... Ann does not show cards.
... Ann wins $0.45 USD'''
>>> hand = read_hand(text)
>>> hand.players, hand.actions[3], hand.finishing_stacks
(('Bob', 'Cy', 'Ann'), 'p3 cbr 0.3 # line 12: Ann raises [$0.30 USD]', (Decimal('9.95'), Decimal('9.9'), Decimal('10.15')))
"""

from __future__ import annotations

import datetime
import re
from decimal import Decimal

from pokerdealer.history.convert import UnsupportedHistory
from pokerdealer.history.phh import HandHistory, HistoryError
from pokerdealer.history.sites.core import ANTE, BIG, BOTH, SMALL, SiteHand, amount, cards, set_date

__all__ = ["START", "read_hand"]

START = re.compile(r"^[ \t\ufeff]*(?:#Game No : \d+[ \t]*\r?\n[ \t\ufeff]*)?\*{5} Hand History [Ff]or Game \d+", re.MULTILINE)
_HEADER = re.compile(r"\*{5} Hand History [Ff]or Game (?P<id>\d+)")
_GAME = re.compile(r"\b(?P<limit>NL|PL|FL) (?P<game>Texas Hold'em|Hold'em|Omaha(?: Hi-Lo)?|[A-Za-z' -]+?)(?= - | \$| \d|$)")
_GAMES = {("NL", "Texas Hold'em"): "NT", ("PL", "Texas Hold'em"): "PT", ("FL", "Texas Hold'em"): "FT"}
_DATE = re.compile(r"- \w+, (?P<month>\w+) (?P<d>\d+), (?P<H>\d+):(?P<M>\d+):(?P<S>\d+) (?P<zone>[A-Z]+) (?P<y>\d{4})")
_SEAT = re.compile(r"^Seat (?P<seat>\d+): (?P<name>.+?) \( (?P<stack>[^()]*) \)\s*$")
_POSTS = {"small blind": SMALL, "big blind": BIG, "ante": ANTE, "big blind + dead": BOTH}
_MONTHS = {m: k for k, m in enumerate(
    ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
     "November", "December"), 1)}


def _money(text: str) -> Decimal:
    """An amount: ``$1,234.50 USD``; thousands with dots or commas, ``1.200`` or ``126,043``."""
    text = re.sub(r"[^\d.,]", "", text)
    if re.fullmatch(r"\d{1,3}(?:[.,]\d{3})+", text):
        return Decimal(re.sub(r"[.,]", "", text))
    return amount(text)


def _header(h: SiteHand, line: str) -> None:
    game = _GAME.search(line)
    if game is None:
        raise HistoryError.said("history.site.header", line=repr(line))
    key = (game["limit"], game["game"])
    if key not in _GAMES:
        raise UnsupportedHistory.said("history.site.game", game=repr(f"{game['limit']} {game['game']}"))
    h.variant = _GAMES[key]
    stakes = re.search(r"Blinds-Antes\((?P<small>[\d.,]+)/(?P<big>[\d.,]+)", line) or re.match(
        r"(?P<small>[^/\s]+)/(?P<big>[^/\s]+) ", line)
    if stakes:
        h.set_stakes(_money(stakes["small"]), _money(stakes["big"]), limit=h.variant == "FT")
    code = re.search(r"\b(USD|EUR|GBP|CAD)\b", line)
    if code and not line.startswith(("NL ", "PL ", "FL ")):
        h.metadata["currency"] = code[1]
    if tournament := re.search(r"Trny: ?(\d+)", line):
        h.metadata["_tournament"] = int(tournament[1])
        if level := re.search(r"Level: ?(\d+)", line):
            h.metadata["level"] = int(level[1])
    if (when := _DATE.search(line)) and when["month"] in _MONTHS:
        moment = datetime.datetime(int(when["y"]), _MONTHS[when["month"]], int(when["d"]),
                                   int(when["H"]), int(when["M"]), int(when["S"]))
        set_date(h.metadata, moment, when["zone"])


def read_hand(block: str, *, first_line: int = 1) -> HandHistory:
    """One PartyPoker hand (its text from its first line) as PHH."""
    lines = [(n, line.strip()) for n, line in enumerate(block.splitlines(), first_line) if line.strip()]
    if lines and lines[0][1].lstrip("\ufeff").startswith("#Game No"):
        lines = lines[1:]
    header = _HEADER.search(lines[0][1]) if lines else None
    if header is None or len(lines) < 3:
        raise HistoryError.said("history.site.header", line=repr(lines[0][1] if lines else ""))
    h = SiteHand(site="partypoker", number=header["id"], first_line=first_line)
    _header(h, lines[1][1])
    table = re.sub(r"^Table\s+", "", lines[2][1])
    h.metadata["table"] = re.sub(r"\s*\((?:Real|Play) Money\)\s*$", "", table).strip()
    won = False
    for number, line in lines[3:]:
        h.at(number, line)
        if m := re.match(r"Seat (\d+) is the button", line):
            h.button = int(m[1])
        elif m := re.match(r"Total number of players : \d+/(\d+)", line):
            h.metadata["seat_count"] = int(m[1])
        elif (seat := _SEAT.match(line)) and not h.events:
            h.seat(seat["name"], int(seat["seat"]), _money(seat["stack"]))
        elif m := re.match(r"\*\* Dealing (?:Flop|Turn|River) \*\* \[([^\]]*)\]", line):
            h.board(cards(m[1]))
        elif m := re.match(r"Dealt to (.+?) \[([^\]]*)\]", line):
            if h.knows(m[1]):
                h.dealt(m[1], cards(m[2]))
        elif line.startswith("Game #") and line.endswith("starts."):
            break  # the next hand's first line, written at the end of this one
        elif said := h.who(line):
            won = _line(h, *said) or won
    if not won:
        raise HistoryError.said("history.site.cut_off")
    return h.build()


def _line(h: SiteHand, name: str, rest: str) -> bool:
    """Read one player's line; whether it says he won."""
    if m := re.match(r"posts (small blind|big blind \+ dead|big blind|ante) \[([^\]]*)\]", rest):
        what = _POSTS[m[1]]
        if what == SMALL and any(e.kind == "post" and e.what == BIG for e in h.events):
            what = BIG  # a small blind posted to come in is live: he completes it to call
        h.post(name, what, _money(m[2]))
    elif rest.startswith("folds"):
        h.fold(name)
    elif rest.startswith("checks"):
        h.check(name)
    elif m := re.match(r"calls \[([^\]]*)\]", rest):
        h.call(name, _money(m[1]))
    elif m := re.match(r"(?:bets|raises|is all-In) +\[([^\]]*)\]", rest):
        h.adds(name, _money(m[1]))
    elif m := re.match(r"shows \[([^\]]*)\]", rest):
        h.show(name, cards(m[1]))
    elif m := re.match(r"doesn't show \[([^\]]*)\]", rest):
        h.muck(name, cards(m[1]))
    elif m := re.match(r"wins ([^ ]+(?: USD| EUR| GBP| chips)?)", rest):
        h.collected(name, _money(m[1]))
        return True
    return False
