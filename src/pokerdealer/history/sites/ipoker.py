"""iPoker's XML hand histories (the iPoker network: William Hill, Betfair,
Titan, bet365...), read into PHH.

A session's ``<general>`` says the game (``<gametype>Holdem NL
€0.50/€1</gametype>``), then each ``<game gamecode="...">`` lists its players
(``chips`` before the hand, ``dealer="1"`` on the button, ``win`` what he
collected) and its rounds: 0 the posts, 1 preflop, 2-4 flop, turn, river, each
``<action no="N" player="..." type="T" sum="€0.50"/>`` (written out of order
at times: ``no`` is the order) and ``<cards type="Pocket" player="...">D9
CK</cards>`` (suit then rank; ``X X`` unseen). The types: 0 fold, 1 small
blind, 2 big blind (a second one is a player coming in: a big blind live, the
rest dead), 3 call, 4 check, 5 bet, 6 and 7 all-in (what went in), 8 and 9 not
in the hand, 15 ante, 23 raise (*to* its total on the street). A player whose
cards are written and who did not fold showed them. No line gives the rake or
a bet nobody called: a winner's ``win`` may count his own uncalled bet (files
before ``<uncalled_bet_enabled>``).

>>> text = '''<session sessioncode="0"><general><gametype>Holdem NL $25/$50</gametype>
... <tablename>Konark, 134690321</tablename><startdate>2012-05-31 19:45:07</startdate></general>
... <game gamecode="3305969126"><general><startdate>2012-05-31 19:45:16</startdate><players>
... <player seat="3" name="Atreju84" chips="$5,753.50" dealer="1" win="$348" bet="$250"/>
... <player seat="8" name="nazikra" chips="$4,800" dealer="0" win="$0" bet="$100"/></players></general>
... <round no="0"><action no="1" player="Atreju84" type="1" sum="$25"/>
... <action no="2" player="nazikra" type="2" sum="$50"/></round>
... <round no="1"><cards type="Pocket" player="Atreju84">X X</cards>
... <action no="3" player="Atreju84" type="23" sum="$100"/><action no="4" player="nazikra" type="3" sum="$50"/></round>
... <round no="2"><cards type="Flop" player="">S5 H5 SK</cards>
... <action no="6" player="Atreju84" type="5" sum="$150"/><action no="5" player="nazikra" type="4" sum="$0"/>
... <action no="7" player="nazikra" type="0" sum="$0"/></round></game></session>'''
>>> (block, first_line), = split(text)
>>> hand = read_hand(block, first_line=first_line)
>>> [a.split(" #")[0] for a in hand.actions[2:]], hand.finishing_stacks
(['p2 cbr 100', 'p1 cc', 'd db 5s5hKs', 'p1 cc', 'p2 cbr 150', 'p1 f'], (4700, Decimal('5851.5')))
"""

from __future__ import annotations

import datetime
import re
import xml.etree.ElementTree as ElementTree
from decimal import Decimal

from pokerdealer.history.convert import UnsupportedHistory
from pokerdealer.history.phh import HandHistory, HistoryError
from pokerdealer.history.sites.core import ANTE, BIG, BOTH, SMALL, XML_GAME, SiteHand, amount, set_date, xml_game

__all__ = ["START", "read_hand", "split"]

START = re.compile(r"<game gamecode=")
_GENERAL = re.compile(r"<session\b.*?<general>.*?</general>", re.DOTALL)
_GAMES = {"Holdem NL": "NT", "Holdem PL": "PT", "Holdem L": "FT", "Holdem FL": "FT"}
_SUITS = {"S": "s", "H": "h", "D": "d", "C": "c"}
_CURRENCIES = {"$": "USD", "\u20ac": "EUR", "\u00a3": "GBP"}


def split(text: str) -> list[tuple[str, int]]:
    """Each game of ``text`` with its session's ``<general>`` before it (the
    game type and table are the session's), and the line the game starts on."""
    sessions = [(m.start(), m.group()) for m in _GENERAL.finditer(text)]
    blocks = []
    for game in XML_GAME.finditer(text):
        general = next((g for start, g in reversed(sessions) if start < game.start()), "")
        blocks.append((general + "\n" + game.group(), text.count("\n", 0, game.start()) + 1))
    return blocks


def _money(text: str | None) -> Decimal:
    text = (text or "0").strip()
    return amount(text, decimal_comma=bool(re.search(r",\d{1,2}$", text)))


def _cards(text: str) -> str:
    """``D9 CK`` or ``H10`` (suit, then rank) as PHH cards; ``X`` unseen: ``""``."""
    found = [(c[0].upper(), c[1:].upper()) for c in text.split() if c[:1].upper() in _SUITS and c[1:]]
    if not found:
        return ""
    return "".join(("T" if rank == "10" else rank) + _SUITS[suit] for suit, rank in found)


def read_hand(block: str, *, first_line: int = 1) -> HandHistory:
    """One iPoker game (with its session's ``<general>``, as :func:`split`
    gives it) as PHH."""
    game, general = xml_game(block)
    h = SiteHand(site="ipoker", number=game.get("gamecode", ""), first_line=first_line)
    kind = re.search(r"<gametype>\s*(.*?)\s*</gametype>", general)
    gametype = kind[1] if kind else ""
    name = next((k for k in _GAMES if gametype.startswith(k + " ") or gametype == k), None)
    if name is None:
        raise UnsupportedHistory.said("history.site.game", game=repr(gametype))
    h.variant = _GAMES[name]
    if stakes := re.search(r"([^\s/]+)/([^\s/]+)$", gametype):
        h.set_stakes(_money(stakes[1]), _money(stakes[2]), limit=h.variant == "FT")
        if sign := re.search(r"[$\u20ac\u00a3]", stakes[1]):
            h.metadata["currency"] = _CURRENCIES[sign[0]]
    if table := re.search(r"<tablename>\s*(.*?)\s*</tablename>", general):
        h.metadata["table"] = table[1]
    when = game.findtext("general/startdate") or ""
    if m := re.match(r"(\d{4})-(\d+)-(\d+) (\d+):(\d+):(\d+)", when):
        year, month, day, hour, minute, second = map(int, m.groups())
        set_date(h.metadata, datetime.datetime(year, month, day, hour, minute, second))
    won: dict[str, Decimal] = {}
    for player in game.iterfind("general/players/player"):
        who = player.get("name", "")
        h.seat(who, int(player.get("seat", "0")), _money(player.get("chips")))
        if player.get("dealer") == "1":
            h.button = int(player.get("seat", "0"))
        if (win := _money(player.get("win"))) > 0:
            won[who] = win
    _rounds(h, game)
    for who, chips in won.items():
        h.collected(who, chips)
    return h.build()


def _rounds(h: SiteHand, game: ElementTree.Element) -> None:
    line = h.line[0]  # XML has no line per action: each action's comment is its element
    holes: dict[str, str] = {}
    folded: set[str] = set()
    big_posted = False
    for round_ in sorted(game.iterfind("round"), key=lambda r: int(r.get("no", "0"))):
        for cards in round_.iterfind("cards"):
            if cards.get("type") == "Pocket":
                hole = _cards(cards.text or "")
                if hole and h.knows(cards.get("player", "")):
                    holes[cards.get("player", "")] = hole
                    h.dealt(cards.get("player", ""), hole)
            elif board := _cards(cards.text or ""):
                h.at(line, f'<cards type="{cards.get("type")}">{cards.text}</cards>')
                h.board(board)
        for action in sorted(round_.iterfind("action"), key=lambda a: int(a.get("no", "0"))):
            who, kind, chips = action.get("player", ""), int(action.get("type", "-1")), _money(action.get("sum"))
            h.at(line, f'<action no="{action.get("no")}" player="{who}" type="{kind}" sum="{action.get("sum")}"/>')
            if kind in (8, 9):
                continue  # not in the hand (sitting out, or a blind not posted)
            if kind == 1:
                h.post(who, SMALL, chips)
            elif kind == 2:
                h.post(who, BOTH if big_posted and h.big_blind and chips > h.big_blind else BIG, chips)
                big_posted = True
            elif kind == 15:
                h.post(who, ANTE, chips)
                continue
            elif kind == 0:
                folded.add(who)
                h.fold(who)
            elif kind == 4:
                h.check(who)
            elif kind == 3:
                h.call(who, chips)
            elif kind in (5, 6, 7):
                h.adds(who, chips)
            elif kind == 23:
                h.raise_to(who, chips)
            else:
                raise HistoryError.said("history.site.ipoker_action", kind=kind)
    for who, hole in holes.items():
        if who not in folded:
            h.show(who, hole)

