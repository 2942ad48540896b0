"""The Merge Gaming Network's XML hand histories (Carbon Poker and its skins),
read into PHH.

Each ``<game id="...">`` follows a ``<description type="Holdem" stakes="No
Limit ($1/$2)"/>`` (the game and stakes of the games after it; ``Limit
$10/$20`` gives a Limit game's small and big bets), lists its players by seat
(``balance`` before the hand; ``dealtin="false"`` sitting out; ``<players
dealer="5">`` the button's seat) and its rounds: ``BLINDS``, ``PREFLOP``,
``POSTFLOP``, ``POSTTURN``, ``POSTRIVER``, ``SHOWDOWN`` and the end
(``END_OF_GAME``, or ``END_OF_FOLDED_GAME`` when everyone else folded). Each
``<event type="T" player="SEAT" amount="A"/>`` in its ``sequence``: a
``RAISE`` is *to* its total on the street, a ``CALL``, ``BET`` or ``ALL_IN``
what went in. ``<cards type="COMMUNITY" cards="Js,Qh,Jd"/>`` is the whole
board so far, dealt as its round starts (the file may write it after the
round's bets), ``SHOWN`` and ``MUCKED`` a player's hand. ``<winner
amount="407.70" .../>`` is what a player collected after the rake, and one
marked ``uncalled="true"`` his own bet nobody called, given back. After a
hand everyone folded to, a player may look at the board that would have come
(a ``RABBIT`` hunt: its cards are no part of the hand) or show his cards.

>>> text = '''<description type="Holdem" stakes="No Limit ($1/$2)"/>
... <game id="56114855-410" starttime="20120529015906" data="20120529|Bad Beat|56114855|56114855-410|false">
... <players dealer="1"><player seat="0" nickname="Ann" balance="$100" dealtin="true"/>
... <player seat="1" nickname="Bob" balance="$80.50" dealtin="true"/></players>
... <round id="BLINDS" sequence="1"><event sequence="1" type="SMALL_BLIND" player="1" amount="1.00"/>
... <event sequence="2" type="BIG_BLIND" player="0" amount="2.00"/></round>
... <round id="PREFLOP" sequence="2"><event sequence="3" type="RAISE" player="1" amount="6.00"/>
... <event sequence="4" type="CALL" player="0" amount="4.00"/></round>
... <round id="POSTFLOP" sequence="3"><cards type="COMMUNITY" cards="Js,Qh,Jd"/>
... <event sequence="5" type="BET" player="0" amount="8.00"/><event sequence="6" type="FOLD" player="1"/></round>
... <round id="END_OF_FOLDED_GAME" sequence="4">
... <winner amount="8.00" uncalled="true" potnumber="2" player="0" pottype="n"/>
... <winner amount="11.50" uncalled="false" potnumber="1" player="0" pottype="n"/></round></game>'''
>>> (block, first_line), = split(text)
>>> hand = read_hand(block, first_line=first_line)
>>> [a.split(" #")[0] for a in hand.actions[2:]], hand.finishing_stacks, hand.metadata["_rake"]
(['p2 cbr 6', 'p1 cc', 'd db JsQhJd', 'p1 cbr 8', 'p2 f'], (Decimal('105.5'), Decimal('74.5')), Decimal('0.5'))
"""

from __future__ import annotations

import datetime
import re
import xml.etree.ElementTree as ElementTree

from pokerdealer.history.convert import UnsupportedHistory
from pokerdealer.history.phh import HandHistory, HistoryError
from pokerdealer.history.sites.core import BIG, SMALL, XML_GAME, SiteHand, amount, cards, set_date, xml_game

__all__ = ["START", "read_hand", "split"]

START = re.compile(r"<game id=\"[^\"]*\" starttime=")
_DESCRIPTION = re.compile(r"<description\b[^>]*>")
_LIMITS = {"No Limit": "NT", "Pot Limit": "PT", "Limit": "FT"}
_CURRENCIES = {"$": "USD", "\u20ac": "EUR", "\u00a3": "GBP"}


def split(text: str) -> list[tuple[str, int]]:
    """Each game of ``text`` with the ``<description>`` before it (the game and
    stakes are its), and the line the game starts on."""
    descriptions = [(m.start(), m.group()) for m in _DESCRIPTION.finditer(text)]
    blocks = []
    for game in XML_GAME.finditer(text):
        description = next((d for start, d in reversed(descriptions) if start < game.start()), "")
        blocks.append((description + "\n" + game.group(), text.count("\n", 0, game.start()) + 1))
    return blocks


def _game(h: SiteHand, description: str) -> None:
    """The game and stakes of ``<description type="Holdem" stakes="No Limit ($1/$2)"/>``."""
    kind = re.search(r'type="([^"]*)"', description)
    stakes = re.search(r'stakes="([^"]*)"', description)
    said = f"{kind[1] if kind else ''} {stakes[1] if stakes else ''}".strip()
    limit = next((k for k in _LIMITS if stakes and stakes[1].startswith(k + " ")), None)
    if not kind or kind[1] != "Holdem" or limit is None or not stakes:
        raise UnsupportedHistory.said("history.site.game", game=repr(said))
    blinds = re.search(r"([^\s/()]+)/([^\s/()]+)\)?$", stakes[1])
    if blinds is None:
        raise HistoryError.said("history.site.stakes", line=repr(description))
    h.variant = _LIMITS[limit]
    h.set_stakes(amount(blinds[1]), amount(blinds[2]), limit=h.variant == "FT")
    if sign := re.search(r"[$\u20ac\u00a3]", blinds[1]):
        h.metadata["currency"] = _CURRENCIES[sign[0]]


def read_hand(block: str, *, first_line: int = 1) -> HandHistory:
    """One Merge game (with its ``<description>``, as :func:`split` gives it) as PHH."""
    game, header = xml_game(block)
    h = SiteHand(site="merge", number=game.get("id", ""), first_line=first_line)
    _game(h, header)
    data = (game.get("data") or "").split("|")
    if len(data) > 1 and data[1]:
        h.metadata["table"] = data[1]
    if m := re.fullmatch(r"(\d{4})(\d\d)(\d\d)(\d\d)(\d\d)(\d\d)", game.get("starttime", "")):
        year, month, day, hour, minute, second = map(int, m.groups())
        set_date(h.metadata, datetime.datetime(year, month, day, hour, minute, second))
    names: dict[str, str] = {}
    players = game.find("players")
    for player in game.iterfind("players/player"):
        seat = player.get("seat", "")
        names[seat] = player.get("nickname", "")
        h.seat(names[seat], int(seat) + 1, amount(player.get("balance", "0")), away=player.get("dealtin") == "false")
    if players is not None and players.get("dealer", "").isdigit():
        h.button = int(players.get("dealer", "0")) + 1  # seats counted from 1, as players read them
    _rounds(h, game, names)
    return h.build()


def _rounds(h: SiteHand, game: ElementTree.Element, names: dict[str, str]) -> None:
    line = h.line[0]  # XML has no line per action: each action's comment is its element
    board = ""
    for round_ in game.iterfind("round"):
        kind_of_round = round_.get("id", "")
        if kind_of_round == "GAME_CANCELLED":
            raise UnsupportedHistory.said("history.site.cancelled")  # no result: nothing to replay
        after_the_hand = kind_of_round == "END_OF_FOLDED_GAME"  # a rabbit hunt, cards shown for show
        # A round's board comes first, wherever the file writes it (after its bets at times).
        items = sorted(round_, key=lambda item: item.get("type") != "COMMUNITY")
        for item in items:
            who = names.get(item.get("player", ""), item.get("player", ""))
            if item.tag == "winner":
                chips = amount(item.get("amount", "0"))
                if item.get("uncalled") == "true":
                    h.returned(who, chips)
                else:
                    h.collected(who, chips)
            elif item.tag == "cards" and not after_the_hand:
                shown = cards((item.get("cards") or "").replace(",", " "))
                h.at(line, f'<cards type="{item.get("type")}" cards="{item.get("cards")}"/>')
                if item.get("type") == "COMMUNITY":
                    if not shown.startswith(board):
                        raise HistoryError.said("history.site.board", board=shown, before=board)
                    h.board(shown[len(board):])
                    board = shown
                elif item.get("type") == "SHOWN":
                    h.show(who, shown)
                elif item.get("type") == "MUCKED":
                    h.muck(who, shown)
            elif item.tag == "event":
                kind, chips = item.get("type", ""), amount(item.get("amount", "0"))
                h.at(line, f'<event sequence="{item.get("sequence")}" type="{kind}" player="{item.get("player")}"/>')
                if kind == "SMALL_BLIND":
                    h.post(who, SMALL, chips)
                elif kind == "BIG_BLIND":
                    h.post(who, BIG, chips)  # a second big blind: a player coming in posts it live
                elif kind == "FOLD":
                    h.fold(who)
                elif kind == "CHECK":
                    h.check(who)
                elif kind == "CALL":
                    h.call(who, chips)
                elif kind in ("BET", "ALL_IN"):
                    h.adds(who, chips)
                elif kind == "RAISE":
                    h.raise_to(who, chips)
                elif kind not in ("SHOW", "MUCK", "CHAT", "RABBIT"):  # the cards say what was shown
                    raise HistoryError.said("history.site.action_kind", site="Merge", kind=kind)
