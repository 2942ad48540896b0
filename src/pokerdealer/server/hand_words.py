"""A hand's log in words: what each action says, and the lines readers see.

The table's state keeps, for each action of the hand dealt last, only what
cannot be read back from the hand later -- the street it was made on and the
key and params that say it (:data:`Said`; an all-in is one only at that
moment) -- and the shell says them in words when a reader needs them
(:class:`HandLog`): a replayed log says nothing until someone reads it.

>>> from pokerdealer.cards import deck_cards
>>> from pokerdealer.rules import HandConfig
>>> hand = Hand(HandConfig(stacks=(100, 100, 100), blinds=(1, 2)), deck_cards())
>>> action_said(hand.apply(Action("call", 2)), False, hand)
{'key': 'room.log.call', 'params': {'amount': 2}}
>>> said_line((3, "Ann", "preflop", {"key": "room.log.fold", "params": {}}))["text"]
'folds'
"""

from __future__ import annotations

from typing import Any

from pokerdealer.i18n import message
from pokerdealer.rules import Action, Hand
from pokerdealer.table import HandRecord

__all__ = [
    "HandLog", "Said", "action_said", "action_words", "apply_described", "describe_actions", "forced_bets_words",
    "said_action", "said_line",
]

Said = tuple[int, str, str, dict[str, Any]]
"""One action as the log says it: the seat, the player's name, the street, and ``{"key", "params"}``."""


def _probe(record: HandRecord) -> Hand:
    """A fresh copy of the record's hand before any action (same deck, same forced bets)."""
    return Hand(record.hand.config, record.hand.deck, unknown=record.hand.unknown)


def action_said(action: Action, is_bet: bool, after: Hand) -> dict[str, Any]:
    """One action in words, ``{"key", "params"}`` (``room.log.*``; the page says it in its language),
    said as soon as it is applied to ``after`` (``is_bet``: nobody had bet on its street)."""
    kind = action.kind
    p = action.player
    assert p is not None
    if kind in ("fold", "check", "muck"):
        return {"key": f"room.log.{kind}", "params": {}}
    if kind == "show":
        # An uploaded file's unknown hand (``????``) holds stand-in cards: never shown as its.
        # A show after the hand names its cards (one or both: rules.show_after).
        cards = action.cards if action.cards is not None else after.hole_cards[p]
        shown = "?? ??" if p in after.unknown else " ".join(str(c) for c in cards)
        return {"key": "room.log.show", "params": {"cards": shown}}
    if kind == "runs":  # the answer to running it twice (server/run_it_twice.py)
        return {"key": "room.log.runs_twice" if action.amount == 2 else "room.log.runs_once", "params": {}}
    key = "room.log.call" if kind == "call" else "room.log.bet" if is_bet else "room.log.raise"
    said = {"key": key, "params": {"amount": action.amount}}
    if after.stacks[p] == 0 and kind in ("call", "raise"):
        return {"key": "room.log.all_in", "params": {"action": said}}
    return said


def said_action(record: HandRecord, applied: Action, *, street: str, is_bet: bool) -> Said:
    """What the log keeps of an action just applied to ``record``'s hand."""
    p = applied.player
    assert p is not None
    hand = record.hand
    return (record.seats[p], hand.config.players[p], street, action_said(applied, is_bet, hand))


def said_line(said: Said) -> dict[str, Any]:
    """The log line of an action (``text``: its English words; ``said``: key and params)."""
    seat, name, street, words = said
    return {"seat": seat, "name": name, "street": street, "text": message("en", words["key"], **words["params"]),
            "said": words}


def action_words(record: HandRecord, hand: Hand, applied: Action, *, street: str, is_bet: bool) -> dict[str, Any]:
    """The log line of an action already applied to ``hand``."""
    p = applied.player
    assert p is not None
    return said_line((record.seats[p], hand.config.players[p], street, action_said(applied, is_bet, hand)))


def apply_described(record: HandRecord, hand: Hand, action: Action | str) -> tuple[Action, dict[str, Any]]:
    """Apply ``action`` to ``hand`` (the rules judge) and say what happened
    (``said``: key and params; ``text``: the English words)."""
    street, is_bet = hand.street, hand.raise_is_bet
    applied = hand.apply(action)
    return applied, action_words(record, hand, applied, street=street.value, is_bet=is_bet)


def forced_bets_words(record: HandRecord) -> list[dict[str, Any]]:
    """The log lines of the chips put in before the deal: the blinds, straddles and the
    posts of players coming in (live, and dead for a missed small blind)."""
    hand = _probe(record)
    config = hand.config
    names = config.players
    pos = record.positions
    lines: list[dict[str, Any]] = []

    def line(i: int, key: str, amount: int) -> None:
        said = {"key": key, "params": {"amount": amount}}
        lines.append({
            "seat": record.seats[i], "name": names[i], "street": "preflop",
            "text": message("en", key, amount=amount), "said": said,
        })

    if config.bomb_pot:  # everyone antes, no blind (server/bomb_pot.py): the antes are the forced bets
        for i, put in enumerate(hand.contributions):
            line(i, "room.log.post_bomb_ante", put)
        return lines
    posted = {post.player: post for post in config.posts}
    for i in range(len(names)):
        live = hand.committed[i]
        seat = record.seats[i]
        if seat == pos.small_blind and not pos.small_blind_dead and seat != pos.big_blind and live:
            line(i, "room.log.post_small_blind", live)
        elif seat == pos.big_blind and live:
            line(i, "room.log.post_big_blind", live)
        elif i in posted:
            if posted[i].live:
                line(i, "room.log.post_enter", live)
            if posted[i].dead:
                line(i, "room.log.post_dead", posted[i].dead)
        elif live:
            line(i, "room.log.straddle", live)
    return lines


def describe_actions(record: HandRecord) -> list[dict[str, Any]]:
    """The hand's public log in words, with the street of each action."""
    probe = _probe(record)
    return [apply_described(record, probe, action)[1] for action in record.hand.log]


class HandLog:
    """The log of the hand dealt last in words, said from the state's
    :data:`Said` as readers need it, each line once: the lines grow as the hand
    does (the same list, so a reader's encoder adds only the new ones).

    >>> log = HandLog()
    >>> said = ((2, "Bob", "preflop", {"key": "room.log.check", "params": {}}),)
    >>> log.last_by_seat(7, said)[2]["text"]
    'checks'
    """

    __slots__ = ("count", "last", "lines", "number", "said_lines")

    def __init__(self) -> None:
        self.number: int | None = None
        self.count = 0
        self.said_lines: list[dict[str, Any]] = []
        self.lines: list[dict[str, Any]] | None = None
        """The forced bets' lines and the actions', once asked for."""
        self.last: dict[int, dict[str, Any]] = {}

    def _follow(self, number: int, said: tuple[Said, ...]) -> None:
        if number != self.number or len(said) < self.count:
            self.number, self.count, self.said_lines, self.lines, self.last = number, 0, [], None, {}
        for words in said[self.count:]:
            line = said_line(words)
            self.said_lines.append(line)
            self.last[line["seat"]] = line
            if self.lines is not None:
                self.lines.append(line)
        self.count = len(said)

    def in_words(self, record: HandRecord, said: tuple[Said, ...]) -> list[dict[str, Any]]:
        """The log of ``record``, the hand dealt last, whose actions are ``said``: the forced bets first."""
        self._follow(record.number, said)
        if self.lines is None:
            self.lines = forced_bets_words(record) + self.said_lines
        return self.lines

    def last_by_seat(self, number: int, said: tuple[Said, ...]) -> dict[int, dict[str, Any]]:
        """Each seat's last action in hand ``number``, the hand dealt last."""
        self._follow(number, said)
        return self.last
