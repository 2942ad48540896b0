"""Entraction's text hand histories (the Entraction network: Svenska Spel,
Unibet's old rooms...), read into PHH.

A hand opens ``Game # 2645975604 - Texas Hold'em No Limit EUR 0.50/1.00 -
Table "Aguilas"`` (``Pot Limit``, ``Fixed Limit``), lists its players in a
column, ``GrossoGatto   (EUR 100.00 in seat 4)``, then ``Dealer:``, ``Small
Blind:`` and ``Big Blind:`` with their names (and the blinds' amounts), and
each action in two columns: ``ORFEO   Raise   (2.50)``. Every amount is what
went in (``Bet``, ``Call``, ``Raise``, ``All-In``); ``Payback`` is a bet
nobody called, given back. ``Flop   6d - 8d - 9h`` and each later street give
the whole board so far; ``Name shows:  Ad - 9h`` a hand shown, ``Name wins:
EUR 13.30`` what he collected after the ``Rake:`` (the last line about the
chips: a hand cut off before it is refused), and ``Game ended 2012-05-30
15:49:35 GMT+01:00`` the hand's end and date.

>>> text = '''Game # 2646505738 - Texas Hold'em No Limit EUR 25.00/50.00 - Table "Saravane"
...
... Players(max 2):
... del1verance                 (EUR 2,575.00 in seat 1)
... NO12                        (EUR 5,000.00 in seat 2)
...
... Dealer:                     NO12
... Big Blind:                  del1verance (50.00)
... Small Blind:                NO12        (25.00)
...
... NO12                        Raise       (100.00)
... del1verance                 Call        (75.00)
...
... Flop                        3c - 4d - 6d
...
... del1verance                 Check
... NO12                        Bet         (150.00)
... del1verance                 Fold
... NO12                        Payback     (150.00)
...
... NO12 didn't show hand
...
... NO12 wins:                  EUR 249.50
... Rake:                       EUR 0.50
...
... Game ended 2012-05-31 02:47:31 GMT+01:00'''
>>> hand = read_hand(text)
>>> [a.split(" #")[0] for a in hand.actions[2:]], hand.finishing_stacks, hand.metadata["_rake"]
(['p2 cbr 125', 'p1 cc', 'd db 3c4d6d', 'p1 cc', 'p2 cbr 150', 'p1 f'], (2450, Decimal('5124.5')), Decimal('0.5'))
"""

from __future__ import annotations

import datetime
import re
from decimal import Decimal

from pokerdealer.history.convert import UnsupportedHistory
from pokerdealer.history.phh import HandHistory, HistoryError
from pokerdealer.history.sites.core import BIG, SMALL, SiteHand, amount, cards, set_date

__all__ = ["START", "read_hand"]

START = re.compile(r"^\ufeff*Game # \d+ - ", re.MULTILINE)
_HEADER = re.compile(r"Game # (\d+) - (?P<game>.+?) (?P<currency>[A-Z]{3}) (?P<small>[\d.,]+)/(?P<big>[\d.,]+) - Table \"(?P<table>.*)\"")
_GAMES = {"Texas Hold'em No Limit": "NT", "Texas Hold'em Pot Limit": "PT", "Texas Hold'em Fixed Limit": "FT"}
_SEAT = re.compile(r"(.+?)\s+\([A-Z]{3} ([\d.,]+) in seat (\d+)\)$")
_BOARD = re.compile(r"(?:Flop|Turn|River)\s+(\S.*)$")


def read_hand(block: str, *, first_line: int = 1) -> HandHistory:
    """One Entraction hand (from its ``Game #`` line to ``Game ended``) as PHH."""
    lines = block.replace("\ufeff", "").splitlines()
    header = _HEADER.match(lines[0].strip()) if lines else None
    if header is None:
        raise HistoryError.said("history.site.header", line=repr(lines[0] if lines else ""))
    h = SiteHand(site="entraction", number=header[1], first_line=first_line)
    if header["game"] not in _GAMES:
        raise UnsupportedHistory.said("history.site.game", game=repr(header["game"]))
    limit = header["game"].endswith("Fixed Limit")
    h.set_stakes(amount(header["small"]), amount(header["big"]), limit=limit)
    h.variant = _GAMES[header["game"]]
    h.metadata["currency"] = header["currency"]
    h.metadata["table"] = header["table"]
    board = ""
    ended = False
    blinds: list[tuple[bool, str, Decimal]] = []
    for offset, raw in enumerate(lines[1:], start=1):
        line = raw.strip()
        h.at(first_line + offset, line)
        if not line or line.startswith("Players("):
            continue
        if m := re.match(r"Game ended (\d{4})-(\d+)-(\d+) (\d+):(\d+):(\d+) ?(\S*)", line):
            year, month, day, hour, minute, second = map(int, m.groups()[:6])
            set_date(h.metadata, datetime.datetime(year, month, day, hour, minute, second), m[7] or None)
            ended = True
            break
        if m := re.match(r"Dealer:\s+(.+)$", line):
            if h.knows(m[1]):
                h.button = h.seats[m[1]]
        elif m := re.match(r"(Small|Big) Blind:\s+(.+?)\s+\(([\d.,]+)\)$", line):
            # The big blind is written first at times: posted in the order the table takes them.
            blinds.append((m[1] == "Big", m[2], amount(m[3])))
        elif m := re.match(r"Rake:\s+\S+ ([\d.,]+)", line):
            h.fee(amount(m[1]))
            ended = True  # the last line about the chips: "Game ended" adds the date alone
        elif m := _BOARD.match(line):
            shown = cards(m[1])
            if not shown.startswith(board):
                raise HistoryError.said("history.site.board", board=shown, before=board)
            h.board(shown[len(board):])
            board = shown
        elif (m := _SEAT.match(line)) and not h.knows(m[1]):
            h.seat(m[1], int(m[3]), amount(m[2]))
        elif m := re.match(r"(.+?) shows:\s+(.*)$", line):
            h.show(m[1], cards(m[2]))
        elif m := re.match(r"(.+?) wins:\s+\S+ ([\d.,]+)", line):
            h.collected(m[1], amount(m[2]))
        elif acted := h.who(line):
            _act(h, *acted)
    if not ended:
        raise HistoryError.said("history.site.cut_off")
    for big, name, chips in sorted(blinds, key=lambda blind: blind[0]):
        h.post(name, BIG if big else SMALL, chips)
    return h.build()


def _act(h: SiteHand, name: str, rest: str) -> None:
    rest = rest.strip()
    m = re.match(r"(\S+)\s*(?:\(([\d.,]+)\))?", rest)
    if m is None:
        return
    word, chips = m[1], amount(m[2]) if m[2] else None
    if word == "Fold":
        h.fold(name)
    elif word == "Check":
        h.check(name)
    elif word == "Call":
        h.call(name, chips)
    elif word in ("Bet", "Raise", "All-In") and chips is not None:
        h.adds(name, chips)
    elif word == "Payback" and chips is not None:
        h.returned(name, chips)
