"""The coach: what one player may do now and why, which pots they can win, why
they show first or may muck -- the rules, never advice (issue 16).

Every reason comes from the engine: the raise window and why it is closed
from :func:`pokerdealer.rules.betting.raise_window`, the amounts from
:meth:`Hand.legal`, the pots from :attr:`Hand.pots`, the showdown order from
:attr:`Hand.showdown_order` and :attr:`Hand.aggressor`, why a pot was won
from :func:`pokerdealer.table.awards.award_stories`. The coach only puts them
into words, in the player's language, each line naming its rule and the
anchor of that rule on the room's ``/rules`` page.

>>> from pokerdealer.cards import parse_cards
>>> from pokerdealer.rules import Hand, HandConfig, deck_for_deal
>>> config = HandConfig(stacks=(200, 200, 200), blinds=(1, 2), players=("Ann", "Bob", "Cy"))
>>> holes = [parse_cards(c) for c in ("As Ah", "Kd 9c", "7s 7d")]
>>> hand = Hand(config, deck_for_deal(config, holes, parse_cards("Ad Qs 7h 3c 2d")))
>>> _ = hand.raise_to(8)  # Cy (the button) raises the big blind of 2 by 6
>>> for line in coach_lines(hand, 0):  # Ann, the small blind
...     print(line.text("en"))
You must call 7 or fold. [Check, call or fold: TDA 58; beginners' detail 2]
You may raise to 14 or more, up to 200: the bet is 8 and the largest full bet or raise this round added 6, so a raise must add at least 6. [Minimum raise: TDA 43-A; beginners' detail 3]
>>> coach_lines(hand, 1)  # not Bob's turn: nothing to say yet
[]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from pokerdealer.i18n import join_names, message
from pokerdealer.rules import Hand, Street
from pokerdealer.rules.betting import (
    NO_CHIPS_BEYOND_CALL,
    NO_OPPONENT_CAN_CALL,
    NOT_REOPENED,
    PK_FACES_SHORT,
    PK_SHORT_ALL_IN,
    raise_window,
)
from pokerdealer.rules.config import Structure

__all__ = ["RULES", "CoachLine", "after_hand", "before_acting", "coach_lines", "pots_lines", "showdown_lines"]

#: Each rule the coach cites: its anchor on ``/rules`` -> (TDA 2024 rule, seed
#: article detail number or 0). The words are the catalog's ``rules.<anchor>.*``.
RULES: dict[str, tuple[str, int]] = {
    "action-order": ("TDA 34, 36", 1),
    "check": ("TDA 58", 2),
    "min-raise": ("TDA 43-A", 3),
    "reopen": ("TDA 47-A", 3),
    "all-in": ("TDA 47", 0),
    "fixed-limit": ("TDA 48", 0),
    "pot-limit": ("TDA 54", 0),
    "side-pots": ("TDA 21", 4),
    "kickers": ("TDA 12", 5),  # cards speak: the best five of the seven, read from the cards
    "show-order": ("TDA 17-A", 6),
    "show-to-win": ("TDA 13-A", 6),
    "all-in-showdown": ("TDA 16", 6),
}


@dataclass(frozen=True)
class CoachLine:
    """One coaching line: a catalog key and its fields, and the rule it explains.

    A field that is a list of ``{"key", "params"}`` messages is said as a list
    ("A, B and C"); ``story`` is the award story of an ``after_hand`` line.
    """

    key: str
    params: Mapping[str, Any] = field(default_factory=dict)
    rule: str = ""
    story: Any = None  # pokerdealer.table.awards.AwardStory (imported when needed)

    @property
    def href(self) -> str:
        """Where the rule is explained in the room: ``/rules#<anchor>``."""
        return f"/rules#{self.rule}"

    def fields(self, lang: str) -> dict[str, object]:
        """The params as :func:`message` takes them in ``lang`` (lists said as lists)."""
        out: dict[str, object] = {}
        for name, value in self.params.items():
            if isinstance(value, list):
                value = join_names([message(lang, v["key"], **v.get("params", {})) for v in value], lang)
            out[name] = value
        if self.story is not None:
            out["story"] = self.story.text(lang)
        return out

    def body(self, lang: str) -> str:
        """The line without its rule reference."""
        return message(lang, self.key, **self.fields(lang))

    def cite(self, lang: str) -> str:
        """The rule's name and numbers, e.g. ``Minimum raise: TDA 43-A; beginners' detail 3``."""
        tda, detail = RULES[self.rule]
        numbers = tda if not detail else message(lang, "coach.cite.both", tda=tda, n=detail)
        return message(lang, "coach.cite", title=message(lang, f"rules.{self.rule}.title"), numbers=numbers)

    def text(self, lang: str) -> str:
        """The whole line in ``lang``, rule reference included."""
        return message(lang, "coach.line", body=self.body(lang), cite=self.cite(lang))

    def to_json(self, lang: str) -> dict[str, object]:
        """What the room sends the player: key, params, text in ``lang``, the rule and its link."""
        return {
            "key": self.key,
            "params": self.fields(lang),
            "text": self.text(lang),
            "rule": self.rule,
            "cite": self.cite(lang),
            "href": self.href,
        }


def _pot(k: int, amount: int) -> dict[str, object]:
    if k == 0:
        return {"key": "coach.pot.main", "params": {"amount": amount}}
    return {"key": "coach.pot.side", "params": {"n": k, "amount": amount}}


def before_acting(hand: Hand, player: int) -> list[CoachLine]:
    """What ``player`` may do now and why; nothing unless it is their turn to bet."""
    legal = hand.legal()
    if legal.actor != player or legal.can_show:
        return []
    lines: list[CoachLine] = []
    stack = hand.stacks[player]
    if legal.call is None:
        lines.append(CoachLine("coach.check_free", {}, "check"))
    elif legal.call >= stack:
        lines.append(CoachLine("coach.call_all_in", {"amount": legal.call}, "check"))
    else:
        lines.append(CoachLine("coach.must_call", {"amount": legal.call}, "check"))
    low, high, rule, reason = raise_window(hand, player)
    verb = "bet" if hand.raise_is_bet else "raise"
    current = hand.current_bet
    if not rule:
        increment = hand.min_increment
        all_in = hand.committed[player] + stack
        if hand.config.structure is Structure.FIXED_LIMIT:
            lines.append(CoachLine(f"coach.{verb}.fixed", {"to": low, "unit": increment}, "fixed-limit"))
        elif low < current + increment:
            # The engine cut the minimum to the stack: only an all-in for less is left.
            lines.append(CoachLine(f"coach.{verb}.all_in_short", {"to": all_in, "full": current + increment}, "min-raise"))
        else:
            lines.append(
                CoachLine(f"coach.{verb}.range", {"low": low, "high": high, "current": current, "inc": increment}, "min-raise")
            )
            if hand.config.structure is Structure.POT_LIMIT and high < all_in:
                lines.append(CoachLine("coach.pot_limit", {"high": high}, "pot-limit"))
    elif rule == "raise_cap":
        lines.append(CoachLine("coach.capped", {}, "fixed-limit"))
    elif reason in (NOT_REOPENED, PK_FACES_SHORT, PK_SHORT_ALL_IN):
        lines.append(CoachLine("coach.not_reopened", {"current": current}, "reopen"))
    elif reason == NO_CHIPS_BEYOND_CALL:
        lines.append(CoachLine("coach.no_chips", {}, "all-in"))
    elif reason == NO_OPPONENT_CAN_CALL:
        lines.append(CoachLine("coach.no_opponent", {}, "all-in"))
    return lines


def pots_lines(hand: Hand, player: int) -> list[CoachLine]:
    """Which pots ``player`` can win, when there are side pots and they are still in."""
    pots = hand.pots
    if len(pots) < 2 or hand.folded[player] or hand.is_complete:
        return []
    can = [_pot(k, pot.amount) for k, pot in enumerate(pots) if player in pot.eligible]
    cannot = [_pot(k, pot.amount) for k, pot in enumerate(pots) if player not in pot.eligible]
    total = hand.contributions[player]
    if cannot:
        return [CoachLine("coach.pots.some", {"total": total, "can": can, "cannot": cannot}, "side-pots")]
    return [CoachLine("coach.pots.all", {"can": can}, "side-pots")]


def showdown_lines(hand: Hand, player: int) -> list[CoachLine]:
    """At the showdown, on ``player``'s turn: who shows first and why, and that
    they may show or muck."""
    legal = hand.legal()
    if hand.street is not Street.SHOWDOWN or legal.actor != player or not legal.can_show:
        return []
    order = hand.showdown_order
    first = order[0]
    why = "coach.show.why_aggressor" if hand.aggressor == first else "coach.show.why_button"
    names = hand.config.players
    if first == player:
        lines = [CoachLine("coach.show.you_first", {"why": {"key": why, "params": {}}}, "show-order")]
    else:
        lines = [CoachLine("coach.show.after", {"name": names[first], "why": {"key": why, "params": {}}}, "show-order")]
    lines.append(CoachLine("coach.show.or_muck", {}, "show-to-win"))
    return lines


def after_hand(hand: Hand, player: int) -> list[CoachLine]:
    """Once the hand is over and ``player`` was in it to the showdown: why every
    hand was tabled (an all-in), and why each pot's winner won."""
    result = hand.result
    if result is None or player not in result.showdown_order:
        return []
    from pokerdealer.table.awards import award_stories

    lines: list[CoachLine] = []
    acted = any(action.kind in ("show", "muck") for action in hand.log)
    if not acted and len(result.shown) >= 2:
        lines.append(CoachLine("coach.all_in_tabled", {}, "all-in-showdown"))
    for k, story in enumerate(award_stories(hand)):
        if story.how != "folded":
            pot = _pot(k, result.awards[k].amount) if len(result.awards) > 1 else {"key": "coach.pot.the", "params": {}}
            lines.append(CoachLine("coach.why_won", {"pot": pot}, "kickers", story=story))
    return lines


def coach_lines(hand: Hand, player: int) -> list[CoachLine]:
    """Everything the coach says to ``player`` about ``hand`` as it stands now."""
    return [
        *before_acting(hand, player),
        *pots_lines(hand, player),
        *showdown_lines(hand, player),
        *after_hand(hand, player),
    ]


def texts(lines: Sequence[CoachLine], lang: str) -> list[str]:
    """The lines' texts in ``lang``."""
    return [line.text(lang) for line in lines]
