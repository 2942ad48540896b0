"""Player actions: immutable records, and the short PHH-style notation.

An action is a small immutable record ``Action(kind, player, amount, cards)``:

- ``fold``, ``check``, ``call`` (``amount`` = chips put in, filled in by the hand),
- ``raise`` (a bet is a raise from zero; ``amount`` is the total *to* which the
  player's bet on this street is raised, as in PHH),
- ``all_in`` (input only: the hand records it as the ``raise`` or ``call`` it is),
- ``check_call`` (input only, PHH ``cc``: recorded as ``check`` or ``call``),
- ``show`` (``cards`` = the hole cards, optional on input) and ``muck``; once the
  hand is over, ``show`` with one or both hole cards is a show after the hand
  (:mod:`pokerdealer.rules.show_after`);
- ``runs`` (``amount`` = how many times the player wants the board run: 2 agrees
  to run it twice, 1 refuses; :mod:`pokerdealer.rules.run_twice`).

The notation is PHH's: players are ``p1``..``pN`` (player index + 1); ``pN runs 2``
is ours (PHH has no line for it).

>>> parse_action("p3 cbr 80")
Action(kind='raise', player=2, amount=80, cards=None)
>>> format_action(parse_action("p1 sm AsKd"))
'p1 sm AsKd'
>>> format_action(Action("call", 1, 20)), format_action(Action("muck", 0))
('p2 cc', 'p1 sm')
"""

from __future__ import annotations

from typing import NamedTuple

from pokerdealer.cards import Card, parse_cards
from pokerdealer.errors import PokerDealerError
from pokerdealer.i18n import message

__all__ = [
    "ALL_IN",
    "CALL",
    "CHECK",
    "CHECK_CALL",
    "FOLD",
    "MUCK",
    "RAISE",
    "RUNS",
    "SHOW",
    "Action",
    "LegalActions",
    "format_action",
    "parse_action",
]

FOLD = "fold"
CHECK = "check"
CALL = "call"
CHECK_CALL = "check_call"
RAISE = "raise"
ALL_IN = "all_in"
SHOW = "show"
MUCK = "muck"
RUNS = "runs"

KINDS = frozenset((FOLD, CHECK, CALL, CHECK_CALL, RAISE, ALL_IN, SHOW, MUCK, RUNS))


class Action(NamedTuple):
    """One player action; ``player`` is the player index (``None``: whoever acts)."""

    kind: str
    player: int | None = None
    amount: int | None = None
    cards: tuple[Card, ...] | None = None

    def __str__(self) -> str:
        return format_action(self)


class LegalActions(NamedTuple):
    """What the player to act may do now.

    ``call`` is the chips a call puts in (capped by the stack: an all-in call),
    ``None`` when checking is possible. ``min_raise_to``/``max_raise_to`` are
    raise-*to* totals for this street, ``None`` when raising is closed; when the
    stack is short of the minimum they are both the all-in amount.
    ``can_show``/``can_muck`` are set at showdown, when the betting fields are off.
    """

    actor: int | None
    can_fold: bool = False
    can_check: bool = False
    call: int | None = None
    min_raise_to: int | None = None
    max_raise_to: int | None = None
    can_show: bool = False
    can_muck: bool = False

    def describe(self) -> str:
        """The choices in words, e.g. ``fold, call 20, raise to 40..200``.

        >>> LegalActions(1, True, False, 20, 40, 200).describe()
        'fold, call 20, raise to 40..200'
        """
        said = self.said()
        return message("en", str(said["key"]), **said.get("params", {}))  # type: ignore[arg-type]

    def said(self) -> dict[str, object]:
        """The choices as a catalog message (``legal.*`` keys), for any language.

        >>> said = LegalActions(1, True, False, 20, 40, 200).said()
        >>> message("zh-Hant", "rules.illegal", name="Ann", reason={"key": "rules.cannot_call"}, legal=said)
        'Ann：沒有要跟的注（合法動作：棄牌、跟注 20、加注到 40..200）'
        """
        if self.actor is None:
            return {"key": "legal.none"}
        parts: list[dict[str, object]] = []
        if self.can_show:
            parts.append({"key": "legal.show"})
        if self.can_muck:
            parts.append({"key": "legal.muck"})
        if self.can_fold:
            parts.append({"key": "legal.fold"})
        if self.can_check:
            parts.append({"key": "legal.check"})
        if self.call is not None:
            parts.append({"key": "legal.call", "params": {"amount": self.call}})
        if self.min_raise_to is not None:
            if self.min_raise_to == self.max_raise_to:
                parts.append({"key": "legal.raise_to", "params": {"amount": self.min_raise_to}})
            else:
                parts.append(
                    {"key": "legal.raise_range", "params": {"low": self.min_raise_to, "high": self.max_raise_to}}
                )
        return {"key": "legal.list", "params": {"choices": parts}}


_CODES = {"f": FOLD, "cc": CHECK_CALL, "cbr": RAISE, "sm": SHOW, "runs": RUNS}


def parse_action(text: str) -> Action:
    """Read ``p3 cbr 80``, ``p1 f``, ``p2 cc``, ``p1 sm``, ``p1 sm AsKd``, ``p2 runs 2``.

    The player's moves of PHH, as the engine takes them: integer chips, and a
    bare ``sm`` is a muck. Whole PHH files (dealer lines ``d dh``/``d db``,
    decimal amounts, comments kept) are read by
    :func:`pokerdealer.history.parse_action` into its own record, which the
    history layer then turns into these actions.

    A trailing ``# comment`` is ignored. ``sm`` without cards is a muck;
    ``sm -`` shows the cards that were dealt; after the hand ``sm 7c`` shows one card.

    >>> parse_action("p2 cc # snap")
    Action(kind='check_call', player=1, amount=None, cards=None)
    >>> parse_action("p1 sm")
    Action(kind='muck', player=0, amount=None, cards=None)
    >>> parse_action("p2 runs 2")
    Action(kind='runs', player=1, amount=2, cards=None)
    >>> parse_action("p1 xx")
    Traceback (most recent call last):
    ...
    pokerdealer.errors.PokerDealerError: cannot read action 'p1 xx': expected 'pN f', 'pN cc', 'pN cbr AMOUNT', 'pN sm [CARDS]' or 'pN runs 1|2'
    """
    body = text.split("#", 1)[0].split()
    error = PokerDealerError(
        f"cannot read action {text!r}: expected 'pN f', 'pN cc', 'pN cbr AMOUNT', 'pN sm [CARDS]' or 'pN runs 1|2'"
    )
    if len(body) < 2 or not body[0].startswith("p") or not body[0][1:].isdigit():
        raise error
    player = int(body[0][1:]) - 1
    kind = _CODES.get(body[1])
    if kind is None or player < 0:
        raise error
    args = body[2:]
    if kind is RAISE or kind is RUNS:
        if len(args) != 1:
            raise error
        try:
            amount = int(args[0].replace(",", ""))
        except ValueError:
            raise error from None
        return Action(kind, player, amount)
    if kind is SHOW:
        if not args:
            return Action(MUCK, player)
        if args == ["-"]:
            return Action(SHOW, player)
        cards = parse_cards("".join(args), what="hole cards")
        if not 1 <= len(cards) <= 2:
            raise PokerDealerError(f"cannot read action {text!r}: a player shows one or two hole cards")
        return Action(SHOW, player, None, cards)
    if args:
        raise error
    return Action(kind, player)


def format_action(action: Action) -> str:
    """Write an action in PHH notation (a check and a call are both ``cc``)."""
    who = "p?" if action.player is None else f"p{action.player + 1}"
    kind = action.kind
    if kind == FOLD:
        return f"{who} f"
    if kind in (CHECK, CALL, CHECK_CALL):
        return f"{who} cc"
    if kind in (RAISE, ALL_IN):
        return f"{who} cbr {action.amount}" if action.amount is not None else f"{who} all-in"
    if kind == MUCK:
        return f"{who} sm"
    if kind == SHOW:
        if action.cards:
            return f"{who} sm " + "".join(str(c) for c in action.cards)
        return f"{who} sm -"
    if kind == RUNS:
        return f"{who} runs {action.amount}"
    return f"{who} {kind}"
