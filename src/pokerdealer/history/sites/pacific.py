"""888poker's text hand histories (Pacific Poker, 888.es, Cassava, LuckyAce:
the 888 network's clients), read into PHH.

888 writes what each action puts in, in brackets: ``Name raises [$3]`` puts
$3 more in (an all-in says no more than that), ``Name posts dead blind [$1 +
$2]`` is a missed small blind (dead) and a live big blind. It writes no line
for a bet nobody called, and no rake: its winners' ``collected [ $5.70 ]``
say both. Cards are shown in the summary (``shows [ 5c, 7s ]``, ``mucks [ 9c,
8s ]``); amounts of French, Spanish or Italian clients read ``1 192,48 $``.
Hold'em No Limit, Pot Limit and Limit ("Fix Limit"), cash games and
tournaments.

>>> text = '''#Game No : 775395630
... ***** 888poker Hand History for Game 775395630 *****
... $10/$20 Blinds No Limit Holdem - *** 27 03 2016 22:36:34
... Tournament #78669312 $0.01 - Table #3 9 Max (Real Money)
... Seat 6 is the button
... Total number of players : 3
... Seat 1: joeballoons ( $970 )
... Seat 6: ketaminol44n ( $1,000 )
... Seat 7: ASKET174 ( $1,000 )
... ASKET174 posts small blind [$10]
... joeballoons posts big blind [$20]
... ** Dealing down cards **
... ketaminol44n raises [$60]
... ASKET174 folds
... joeballoons folds
... ** Summary **
... ketaminol44n did not show his hand
... ketaminol44n collected [ $50 ]'''
>>> hand = read_hand(text)
>>> hand.players, hand.actions[3], hand.finishing_stacks
(('ASKET174', 'joeballoons', 'ketaminol44n'), 'p3 cbr 60 # line 13: ketaminol44n raises [$60]', (990, 950, 1030))
"""

from __future__ import annotations

import datetime
import re
from decimal import Decimal

from pokerdealer.history.convert import UnsupportedHistory
from pokerdealer.history.phh import HandHistory, HistoryError
from pokerdealer.history.sites.core import ANTE, BIG, BOTH, SMALL, SiteHand, amount, cards, set_date

__all__ = ["START", "read_hand"]

# "#Game No : N" (when written) then "***** 888poker Hand History for Game N *****"; a
# brand before "Hand History" tells 888 from PartyPoker.
START = re.compile(
    r"^[ \t\ufeff]*(?:#Game No : \d+[ \t]*\r?\n[ \t\ufeff]*)?\*{5} (?!Hand History)[^*\n]*?Hand History for Game \d+",
    re.MULTILINE,
)
_HEADER = re.compile(r"\*{5} (?P<brand>.*?) ?Hand History for Game (?P<id>\d+)")
_GAME = re.compile(r"^(?P<stakes>.*?) Blinds (?P<game>.+?) - \*\*\* (?P<d>\d+) (?P<m>\d+) (?P<y>\d+) (?P<H>\d+):(?P<M>\d+):(?P<S>\d+)")
_GAMES = {
    "No Limit Holdem": "NT",
    "No Limit Holdem Jackpot table": "NT",
    "Pot Limit Holdem": "PT",
    "Fix Limit Holdem": "FT",
    "Fixed Limit Holdem": "FT",
}
_SEAT = re.compile(r"^Seat (?P<seat>\d+): (?P<name>.+?) \( (?P<stack>[^()]*) \)\s*$")
_POSTS = {"small blind": SMALL, "big blind": BIG, "ante": ANTE, "dead blind": BOTH}
_CURRENCIES = {"$": "USD", "\u20ac": "EUR", "\u00a3": "GBP"}


class _Amounts:
    """888's amounts: ``$1,000.50``, or ``1 000,50 $`` (the sign after the
    number: a comma for the decimals)."""

    def __init__(self, sample: str) -> None:
        self.decimal_comma = bool(re.search(r"\d\s*[$\u20ac\u00a3]", sample))

    def __call__(self, text: str) -> Decimal:
        return amount(text.replace("\xa0", " "), decimal_comma=self.decimal_comma)


def read_hand(block: str, *, first_line: int = 1) -> HandHistory:
    """One 888 hand (its text from its first line) as PHH."""
    lines = [(n, line.strip()) for n, line in enumerate(block.splitlines(), first_line) if line.strip()]
    if lines and lines[0][1].lstrip("\ufeff").startswith("#Game No"):
        lines = lines[1:]
    header = _HEADER.search(lines[0][1]) if lines else None
    if header is None or len(lines) < 3:
        raise HistoryError.said("history.site.header", line=repr(lines[0][1] if lines else ""))
    h = SiteHand(site="888", number=header["id"], first_line=first_line)
    h.metadata["_room"] = header["brand"]
    game = _GAME.match(lines[1][1])
    if game is None:
        raise HistoryError.said("history.site.header", line=repr(lines[1][1]))
    if game["game"] not in _GAMES:
        raise UnsupportedHistory.said("history.site.game", game=repr(game["game"]))
    h.variant = _GAMES[game["game"]]
    money = _Amounts(game["stakes"])
    small, big = (money(x) for x in game["stakes"].split("/"))
    if h.variant == "FT":
        # A Limit table's header gives the blinds: the small bet is the big blind,
        # the big bet the first bet after the turn ($0.25 at $0.06/$0.12), else twice it.
        late = block[block.find("** Dealing turn **") :] if "** Dealing turn **" in block else ""
        bet = re.search(r" bets \[([^\]]*)\]", late)
        h.set_stakes(big, money(bet[1]) if bet else 2 * big, limit=True)
    else:
        h.set_stakes(small, big)
    sign = re.search(r"[$\u20ac\u00a3]", game["stakes"])
    if sign:
        h.metadata["currency"] = _CURRENCIES[sign[0]]
    set_date(h.metadata, datetime.datetime(*(int(game[k]) for k in "ymdHMS")))  # type: ignore[arg-type]
    table = lines[2][1]
    tournament = re.match(r"Tournament #(?P<id>\d+) (?P<buy_in>.*?) - Table #?(?P<table>.*)$", table)
    if tournament:
        h.metadata["_tournament"] = int(tournament["id"])
        h.metadata["_buy_in"] = re.sub(r"[^\d.+]", "", tournament["buy_in"])
        table = tournament["table"]
    else:
        table = re.sub(r"^Table\s+", "", table)
    if seats := re.search(r"\s(\d+) Max\b", table):
        h.metadata["seat_count"] = int(seats[1])
    h.metadata["table"] = re.sub(r"\s*(?:\d+ Max\s*)?\((?:Real|Play) Money\)\s*$", "", table).strip()
    summary = False
    # A player who folds among the posts will not post the big blind: not dealt in.
    last_post = max((k for k, (_, line) in enumerate(lines) if " posts " in line), default=0)
    for k, (number, line) in enumerate(lines[3:], 3):
        h.at(number, line)
        if m := re.match(r"Seat (\d+) is the button", line):
            h.button = int(m[1])
        elif (seat := _SEAT.match(line)) and not h.events:
            h.seat(seat["name"], int(seat["seat"]), money(seat["stack"]))
        elif line.startswith("** Summary **"):
            summary = True
        elif m := re.match(r"\*\* Dealing (?:flop|turn|river) \*\* \[([^\]]*)\]", line):
            h.board(cards(m[1]))
        elif m := re.match(r"Dealt to (.+?) \[([^\]]*)\]", line):
            if h.knows(m[1]):
                h.dealt(m[1], cards(m[2]))
        elif said := h.who(line):
            if k < last_post and said[1].startswith("folds"):
                continue
            _line(h, money, *said)
    if not summary:
        raise HistoryError.said("history.site.cut_off")
    return h.build()


def _line(h: SiteHand, money: _Amounts, name: str, rest: str) -> None:
    if m := re.match(r"posts (small blind|big blind|ante|dead blind) \[([^\]]*)\]", rest):
        chips = sum((money(part) for part in m[2].split("+")), Decimal(0))
        h.post(name, _POSTS[m[1]], chips)
    elif rest.startswith("folds"):
        h.fold(name)
    elif rest.startswith("checks"):
        h.check(name)
    elif m := re.match(r"calls \[([^\]]*)\]", rest):
        h.call(name, money(m[1]))
    elif m := re.match(r"(?:bets|raises|is all-in) \[([^\]]*)\]", rest):
        h.adds(name, money(m[1]))
    elif m := re.match(r"shows \[([^\]]*)\]", rest):
        h.show(name, cards(m[1]))
    elif m := re.match(r"mucks(?: \[([^\]]*)\])?", rest):
        h.muck(name, cards(m[1] or ""))
    elif m := re.match(r"collected \[ ?([^\]]*?) ?\]", rest):
        h.collected(name, money(m[1]))
