"""Bovada's text hand histories (the PaiWangLuo network: Bovada, Ignition,
Bodog), read into PHH.

Bovada's tables are anonymous: a player is named by his position, ``Dealer``,
``Small Blind``, ``Big Blind``, ``UTG``, ``UTG+1``... (the hero marked
``[ME]``), and every player's cards are written once the hand is over (``Card
dealt to a spot [Th Qh]``). So positions, not seat numbers (a tournament's
seats are numbered in the hundreds), give the order: the players are seated
here small blind first and the dealer last. A cash table's header gives no
stakes: the posts do. Its own words: ``Raises $0.90 to $1``, ``All-in $3``
(what went in), ``All-in(raise) $9 to $10``, ``Return uncalled portion of bet
$0.40``, ``Hand result $8.89`` (after the rake, which no line states),
``Showdown [Ks Qs Ts 9s 4s]`` (the best five: the hole cards are the dealt
ones), ``Does not show`` and ``Mucks``, ``Posts chip $0.10`` (a player coming
in: live, he completes it to call), ``Posts dead chip $0.35`` (a big blind live, the rest dead), ``Ante chip 20``. Zone tables' ``Leave`` and
``Enter``, deposits and rankings are no part of the hand.

>>> text = '''Bovada Hand #4290323128 TBL#26728545 HOLDEM No Limit - 2022-05-26 09:17:19
... Seat 1: Small Blind [ME] ($20.50 in chips)
... Seat 2: Big Blind ($28.79 in chips)
... Seat 3: Dealer ($24.90 in chips)
... Dealer : Set dealer [3]
... Small Blind  [ME] : Small Blind $0.10
... Big Blind : Big blind $0.25
... *** HOLE CARDS ***
... Small Blind  [ME] : Card dealt to a spot [Ad Jd]
... Big Blind : Card dealt to a spot [Td 2s]
... Dealer : Card dealt to a spot [5d 7h]
... Dealer : Folds
... Small Blind  [ME] : Raises $0.90 to $1
... Big Blind : Folds
... Small Blind  [ME] : Return uncalled portion of bet $0.75
... Small Blind  [ME] : Does not show [Ad Jd] (High Card)
... Small Blind  [ME] : Hand result $0.50
... *** SUMMARY ***
... Total Pot($0.50)'''
>>> hand = read_hand(text)
>>> hand.players, hand.actions[:3], hand.finishing_stacks
(('Small Blind', 'Big Blind', 'Dealer'), ('d dh p1 AdJd', 'd dh p2 Td2s', 'd dh p3 5d7h'), (Decimal('20.75'), Decimal('28.54'), Decimal('24.9')))
"""

from __future__ import annotations

import datetime
import re
from decimal import Decimal

from pokerdealer.history.convert import UnsupportedHistory
from pokerdealer.history.phh import HandHistory, HistoryError
from pokerdealer.history.sites.core import ANTE, BIG, BOTH, DEAD, SMALL, SiteHand, amount, cards, set_date

__all__ = ["START", "read_hand"]

START = re.compile(r"^[ \t\ufeff]*(?:Bovada|Ignition|Bodog) Hand #\d+", re.MULTILINE)
_HEADER = re.compile(
    r"^[ \t\ufeff]*(?P<room>Bovada|Ignition|Bodog) Hand #(?P<id>\d+):? +(?P<rest>.*?) - "
    r"(?P<y>\d{4})-(?P<m>\d+)-(?P<d>\d+) (?P<H>\d+):(?P<M>\d+):(?P<S>\d+)"
)
_GAMES = {"No Limit": "NT", "Pot Limit": "PT", "Fixed Limit": "FT", "Limit": "FT"}
_SEAT = re.compile(r"^Seat (?P<seat>\d+): (?P<name>.+?)(?P<me> +\[ME\])? \((?P<stack>[^()]*?) in chips\)")
_WHO = re.compile(r"^(?P<name>[A-Za-z][A-Za-z +0-9]*?)(?: +\[ME\])? +: (?P<rest>.*)$")


def _position(name: str) -> int:
    """Where a position sits from the small blind (the dealer last)."""
    if name == "Small Blind":
        return 1
    if name == "Big Blind":
        return 2
    if name == "UTG":
        return 3
    if m := re.fullmatch(r"UTG\+(\d+)", name):
        return 3 + int(m[1])
    if name == "Dealer":
        return 99
    raise HistoryError.said("history.site.position", name=repr(name))


def _header(h: SiteHand, found: re.Match[str]) -> None:
    rest = found["rest"]
    h.metadata["_room"] = found["room"]
    if tournament := re.search(r"Tournament #(\d+)", rest):
        h.metadata["_tournament"] = int(tournament[1])
    if table := re.search(r"TBL#(\d+)|Zone Poker ID#(\d+)", rest):
        h.metadata["table"] = table[1] or f"Zone {table[2]}"
    game = re.search(r"\b(HOLDEM|OMAHA(?: HiLo)?|[A-Z]{4,}(?= ))", rest)
    if game is None or game[1] != "HOLDEM":
        raise UnsupportedHistory.said("history.site.game", game=repr(game[1] if game else rest))
    limit = next((v for k, v in _GAMES.items() if k in rest), "NT")
    h.variant = limit
    if level := re.search(r"Level (\d+) \(([\d,.]+)/([\d,.]+)\)", rest):
        h.metadata["level"] = int(level[1])
        h.set_stakes(amount(level[2]), amount(level[3]), limit=limit == "FT")
    set_date(h.metadata, datetime.datetime(*(int(found[k]) for k in "ymdHMS")))  # type: ignore[arg-type]


def read_hand(block: str, *, first_line: int = 1) -> HandHistory:
    """One Bovada hand (its text from its header line) as PHH."""
    lines = [(n, line.strip()) for n, line in enumerate(block.splitlines(), first_line) if line.strip()]
    found = _HEADER.match(lines[0][1])
    if found is None:
        raise HistoryError.said("history.site.header", line=repr(lines[0][1]))
    h = SiteHand(site="bovada", number=found["id"], first_line=first_line)
    _header(h, found)
    holes: dict[str, str] = {}
    summary = False
    for number, line in lines[1:]:
        h.at(number, line)
        if line.startswith("*** SUMMARY ***"):
            summary = True
        elif summary:
            continue
        elif (seat := _SEAT.match(line)) and not h.events:
            stack = seat["stack"]
            if "$" in stack:
                h.metadata["currency"] = "USD"
            h.seat(seat["name"], _position(seat["name"]), amount(stack))
            if seat["me"]:
                h.metadata["_hero"] = seat["name"]
        elif m := re.match(r"\*\*\* (?:FLOP|TURN|RIVER) \*\*\* (?:\[[^\]]*\] )?\[([^\]]*)\]$", line):
            h.board(cards(m[1]))
        elif (said := _WHO.match(line)) and h.knows(said["name"]):
            _line(h, holes, said["name"], said["rest"].strip())
    if "Dealer" in h.seats:
        h.button = h.seats["Dealer"]
    if not summary:
        raise HistoryError.said("history.site.cut_off")
    if h.variant == "FT" and h.small_bet is None:
        big = max((e.chips or Decimal(0) for e in h.events if e.kind == "post" and e.what == BIG), default=None)
        if big:
            h.set_stakes(big, 2 * big, limit=True)
    return h.build()


def _line(h: SiteHand, holes: dict[str, str], name: str, rest: str) -> None:
    if m := re.match(r"(Small Blind|Small blind|Big blind|Big Blind|Ante chip|Posts chip|Posts dead chip) (\S+)", rest):
        chips = amount(m[2])
        # "Posts chip": a player coming in, live (a $0.10 post completed with a $0.15 call);
        # "Posts dead chip $0.35": a big blind live and the small one dead.
        what = {"small blind": SMALL, "big blind": BIG, "ante chip": ANTE}.get(m[1].lower(), BIG)
        if m[1] == "Posts dead chip":
            big = next((e.chips for e in h.events if e.kind == "post" and e.what == BIG), None)
            what = BOTH if big is not None and chips > big else DEAD
        h.post(name, what, chips)
    elif m := re.match(r"Card dealt to a spot \[([^\]]*)\]", rest):
        holes[name] = cards(m[1])
        h.dealt(name, holes[name])
    elif rest.startswith(("Folds", "Fold")):
        h.fold(name)
    elif rest.startswith("Checks"):
        h.check(name)
    elif m := re.match(r"Calls?(?:\(\w+\))? (\S+)", rest):
        h.call(name, amount(m[1]))
    elif m := re.match(r"Bets (\S+)", rest):
        h.bet(name, amount(m[1]))
    elif m := re.match(r"(?:Raises|All-in\(raise\)) \S+ to (\S+)", rest):
        h.raise_to(name, amount(m[1]))
    elif m := re.match(r"All-in (\S+)", rest):
        h.adds(name, amount(m[1]))
    elif m := re.match(r"Return uncalled portion of bet (\S+)", rest):
        h.returned(name, amount(m[1]))
    elif rest.startswith("Showdown"):
        h.show(name, holes.get(name, ""))  # the best five are written: his hole cards are the dealt ones
    elif rest.startswith(("Does not show", "Mucks")):
        h.muck(name)
    elif m := re.match(r"Hand [Rr]esult(?:-Side Pot)? (\S+)", rest):
        h.collected(name, amount(m[1]))
