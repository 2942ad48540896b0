"""The Microgaming Poker Network's XML hand histories (MPN), read into PHH.

Each ``<Game id="..." date="2013-09-23 14:27:33" stakes="0.01|0.02"
betlimit="NL" gametype="Hold'em" ...>`` (``PL`` Pot Limit, ``FL`` Limit,
whose stakes are its small and big bets; ``currencysymbol`` the currency's
sign in base64 UTF-16) lists its ``<Seat num="3" alias="Name"
balance="0.34" endbalance="0.38"/>`` (``dealer="true"`` on the button,
``sittingout="true"``) and its ``<Action seq="N" type="T" seat="S"
value="V"/>`` in order: ``SmallBlind``, ``BigBlind``, ``Fold``, ``Check``,
and ``Call``, ``Bet``, ``Raise`` and ``AllIn`` each with what went in;
``DealFlop``, ``DealTurn``, ``DealRiver`` and ``DealCards`` (the hero's) with
their ``<Card value="10" suit="s"/>``; ``ShowCards`` and ``MuckCards`` (with
the cards, or none); ``MoneyReturned`` a bet nobody called, given back; and
``<Action type="Win"><Seat num="3" amount="1.02"/>``, what a player collected
after the rake. A ``BadBeatContribution`` is a player's fee to the bad-beat
jackpot, out of his stack and not into the pot: he plays the hand with his
balance less it (kept in ``_jackpot_fees``). An ``AllIn`` before anyone has
acted is a blind that takes all a player has.

>>> text = '''<Game hhversion="4" id="5049093555" date="2013-09-23 14:29:32" tablename="Micro NLHE 28"
...  stakes="0.01|0.02" betlimit="NL" gametype="Hold&apos;em" currencysymbol="rCA=">
... <Seats><Seat num="3" alias="Ann" balance="0.56" endbalance="1.02"/>
... <Seat num="4" alias="Bob" balance="2.16" endbalance="1.60" dealer="true"/></Seats>
... <Gameplay><Action seq="1" type="SmallBlind" seat="4" value="0.01"/>
... <Action seq="2" type="BigBlind" seat="3" value="0.02"/>
... <Action seq="3" type="AllIn" seat="4" value="2.15"/><Action seq="4" type="AllIn" seat="3" value="0.54"/>
... <Action seq="5" type="MoneyReturned" seat="4" value="1.60"/>
... <Action seq="6" type="ShowCards" seat="3"><Card value="8" suit="c"/><Card value="7" suit="c"/></Action>
... <Action seq="7" type="ShowCards" seat="4"><Card value="10" suit="d"/><Card value="K" suit="h"/></Action>
... <Action seq="8" type="DealFlop"><Card value="9" suit="c"/><Card value="2" suit="c"/><Card value="10" suit="c"/></Action>
... <Action seq="9" type="DealTurn"><Card value="3" suit="h"/></Action>
... <Action seq="10" type="DealRiver"><Card value="J" suit="s"/></Action>
... <Action type="Win"><Seat num="3" amount="1.02" pot="0"/></Action></Gameplay></Game>'''
>>> (block, first_line), = split(text)
>>> hand = read_hand(block, first_line=first_line)
>>> hand.finishing_stacks, hand.metadata["_rake"], hand.metadata["currency"]
((Decimal('1.02'), Decimal('1.6')), Decimal('0.1'), 'EUR')
"""

from __future__ import annotations

import base64
import binascii
import datetime
import re
import xml.etree.ElementTree as ElementTree
from decimal import Decimal

from pokerdealer.history.convert import UnsupportedHistory
from pokerdealer.history.phh import HandHistory, HistoryError
from pokerdealer.history.sites.core import BIG, SMALL, SiteHand, amount, cards, parse_xml, set_date

__all__ = ["START", "read_hand", "split"]

START = re.compile(r"<Game hhversion=")
_GAME = re.compile(r"<Game\b.*?</Game>", re.DOTALL)
_LIMITS = {"NL": "NT", "PL": "PT", "FL": "FT"}
_CURRENCIES = {"$": "USD", "\u20ac": "EUR", "\u00a3": "GBP"}


def split(text: str) -> list[tuple[str, int]]:
    """Each ``<Game>`` of ``text`` and the line it starts on."""
    return [(m.group(), text.count("\n", 0, m.start()) + 1) for m in _GAME.finditer(text)]


def _currency(symbol: str) -> str | None:
    """The currency of ``currencysymbol`` (a sign in base64 UTF-16: ``rCA=`` is ``€ ``)."""
    try:
        sign = base64.b64decode(symbol, validate=True).decode("utf-16-le").strip()
    except (binascii.Error, UnicodeDecodeError, ValueError):
        return None
    return _CURRENCIES.get(sign)


def _cards(action: ElementTree.Element) -> str:
    return cards(" ".join(f"{c.get('value', '')}{c.get('suit', '')}" for c in action.iterfind("Card")))


def read_hand(block: str, *, first_line: int = 1) -> HandHistory:
    """One Microgaming ``<Game>`` as PHH."""
    game = parse_xml(block.strip().lstrip("\ufeff"))
    h = SiteHand(site="microgaming", number=game.get("id", ""), first_line=first_line)
    kind, limit = game.get("gametype", ""), game.get("betlimit", "")
    if "Hold'em" not in kind or limit not in _LIMITS:
        raise UnsupportedHistory.said("history.site.game", game=repr(f"{kind} {limit}".strip()))
    small, _, big = game.get("stakes", "").partition("|")
    h.set_stakes(amount(small), amount(big), limit=limit == "FL")
    h.variant = _LIMITS[limit]
    if currency := _currency(game.get("currencysymbol", "")):
        h.metadata["currency"] = currency
    if table := game.get("tablename"):
        h.metadata["table"] = table
    if m := re.fullmatch(r"(\d{4})-(\d+)-(\d+) (\d+):(\d+):(\d+)", game.get("date", "")):
        year, month, day, hour, minute, second = map(int, m.groups())
        set_date(h.metadata, datetime.datetime(year, month, day, hour, minute, second))
    names: dict[str, str] = {}
    for seat in game.iterfind("Seats/Seat"):
        names[seat.get("num", "")] = name = seat.get("alias", "")
        h.seat(name, int(seat.get("num", "0")), amount(seat.get("balance", "0")), away=seat.get("sittingout") == "true")
        if seat.get("dealer") == "true":
            h.button = int(seat.get("num", "0"))
    _gameplay(h, game, names)
    return h.build()


def _gameplay(h: SiteHand, game: ElementTree.Element, names: dict[str, str]) -> None:
    line = h.line[0]  # XML has no line per action: each action's comment is its element
    fees: dict[str, Decimal] = {}
    blinds: list[str] = []  # the blinds posted while nobody has acted yet
    shown: set[str] = set()
    acted = False
    for action in game.iterfind("Gameplay/Action"):
        kind = action.get("type", "")
        who = names.get(action.get("seat", ""), action.get("seat", ""))
        chips = amount(action.get("value") or "0")
        h.at(line, f'<Action seq="{action.get("seq")}" type="{kind}" seat="{action.get("seat")}"/>')
        if kind == "AllIn" and not acted:
            kind = "BigBlind" if blinds else "SmallBlind"  # a blind that takes all a player has
        if kind in ("Fold", "Check", "Call", "Bet", "Raise", "AllIn"):
            acted = True
        if kind == "SmallBlind":
            h.post(who, SMALL, chips)
            blinds.append(kind)
        elif kind == "BigBlind":
            h.post(who, BIG, chips)
            blinds.append(kind)
        elif kind == "Fold":
            h.fold(who)
        elif kind == "Check":
            h.check(who)
        elif kind == "Call":
            h.call(who, chips)
        elif kind in ("Bet", "Raise", "AllIn"):
            h.adds(who, chips)
        elif kind in ("DealFlop", "DealTurn", "DealRiver"):
            h.board(_cards(action))
        elif kind == "DealCards":
            if h.knows(who):
                h.dealt(who, _cards(action))
        elif kind == "ShowCards":
            if who not in shown:  # shown when all in, and again at the showdown: one show
                h.show(who, _cards(action))
            shown.add(who)
        elif kind == "MuckCards":
            h.muck(who, _cards(action))
        elif kind == "MoneyReturned":
            h.returned(who, chips)
        elif kind == "BadBeatContribution":
            # Out of his stack, not into the pot: he plays the hand with the rest.
            if not h.knows(who):
                raise HistoryError.said("history.site.not_seated", name=who, line=line)
            fees[who] = fees.get(who, Decimal(0)) + chips
            h.stacks[who] -= chips
        elif kind == "Win":
            for seat in action.iterfind("Seat"):
                h.collected(names.get(seat.get("num", ""), seat.get("num", "")), amount(seat.get("amount", "0")))
        elif kind != "Disconnect":
            raise HistoryError.said("history.site.action_kind", site="Microgaming", kind=kind)
    if fees:
        h.metadata["_jackpot_fees"] = fees
