"""The betting rules: what the player to act may do, and why anything else is illegal.

One function decides each rule. :func:`raise_window` answers "may this
player raise, and to what?" for the list of legal actions *and* for
checking a raise, so the two can never disagree; :func:`check_action` turns
a requested action into the record the hand will apply, or raises
:class:`~pokerdealer.errors.IllegalActionError` naming the rule.

These functions only read the hand's state (:class:`~pokerdealer.rules.state.HandState`);
they never change it (:mod:`pokerdealer.rules.hand` does).
"""

from __future__ import annotations

from pokerdealer.errors import IllegalActionError
from pokerdealer.i18n import message
from pokerdealer.rules.actions import (
    ALL_IN,
    CALL,
    CHECK,
    CHECK_CALL,
    FOLD,
    MUCK,
    RAISE,
    SHOW,
    Action,
    LegalActions,
)
from pokerdealer.rules.config import (
    HeadsUpCap,
    PLSmallBlindRounding,
    ShortBlindCall,
    Structure,
)
from pokerdealer.rules.state import HandState

__all__ = [
    "NOT_REOPENED",
    "NO_CHIPS_BEYOND_CALL",
    "NO_OPPONENT_CAN_CALL",
    "PK_FACES_SHORT",
    "PK_SHORT_ALL_IN",
    "check_action",
    "legal_actions",
    "pot_for_limit",
    "raise_window",
    "reject",
]

# The reasons raise_window gives for "raise_closed", one code each: the coach
# (pokerdealer.learn.coach) tells them apart, and the words are the catalog's
# rules.reason.<code> (pokerdealer.i18n), so a refusal can be said in any language.
NOT_REOPENED = "not_reopened"
PK_SHORT_ALL_IN = "short_all_in"
PK_FACES_SHORT = "acted_short"
NO_CHIPS_BEYOND_CALL = "no_chips"
NO_OPPONENT_CAN_CALL = "no_opponent"

_NO_ACTION = LegalActions(None)
# Records are immutable: the fold and check of each player are made once.
_FOLDS = tuple(Action(FOLD, p) for p in range(10))
# NamedTuple construction without the keyword-handling __new__ (hot path).
_tuple_new = tuple.__new__
_CHECKS = tuple(Action(CHECK, p) for p in range(10))
_NO_LIMIT = Structure.NO_LIMIT
_POT_LIMIT = Structure.POT_LIMIT


def raise_window(h: HandState, p: int) -> tuple[int, int, str, str]:
    """``(min_to, max_to, "", "")`` when player ``p`` may bet or raise now,
    else ``(0, 0, rule, reason)`` with the rule code and its reason (the
    catalog key ``rules.reason.<reason>`` of :mod:`pokerdealer.i18n`).

    Rules decided here: re-opening after short all-ins (TDA 2026 49 / PokerKit
    mode, docs/rules.md#fixed-limit, #re-opening), the fixed-limit cap and its heads-up option,
    no raise without chips beyond the call or without an opponent who can
    respond (§3.4), minimum bet and raise (§4.1), pot-limit maximum (§4.2),
    fixed-limit sizes (§4.3), and the optional cap at the largest opponent.
    """
    stacks = h._stacks
    committed = h._committed
    current = h._current_bet
    mine = committed[p]
    stack = stacks[p]
    to_call = current - mine
    fixed_limit = h._fixed_limit
    if h._tda:
        acted = h._acted_at[p]
        if acted >= 0:
            threshold = h._unit if fixed_limit else 2 * h._min_inc
            if 2 * (current - acted) < threshold:
                return 0, 0, "raise_closed", NOT_REOPENED
    else:
        call = to_call if to_call < stack else stack
        if call < h._pk_inc:
            return 0, 0, "raise_closed", PK_SHORT_ALL_IN
        if h._pk_short and h._pk_short < h._pk_inc and h._pk_acted[p]:
            return 0, 0, "raise_closed", PK_FACES_SHORT
    if fixed_limit and h._raises >= h._cap and not _uncapped(h):
        return 0, 0, "raise_cap", "capped"
    if stack <= to_call:
        return 0, 0, "raise_closed", NO_CHIPS_BEYOND_CALL
    folded = h._folded
    for q in h._cycles[p]:
        # Some opponent can put in more than the current bet.
        if q != p and not folded[q] and stacks[q] and committed[q] + stacks[q] > current:
            break
    else:
        return 0, 0, "raise_closed", NO_OPPONENT_CAN_CALL
    all_in = mine + stack
    structure = h._structure
    if structure is _NO_LIMIT:
        lo = current + h._min_inc
        hi = all_in
    elif structure is _POT_LIMIT:
        lo = current + h._min_inc
        hi = 2 * current - mine + pot_for_limit(h)
        if hi < lo:
            hi = lo
    else:
        lo = hi = (h._level if h._tda else current) + h._unit
    if h._options.raise_to_largest_opponent:
        reach = _reach(h, p)
        if hi > reach:
            hi = reach
    if hi > all_in:
        hi = all_in
    if lo > hi:
        lo = hi
    return lo, hi, "", ""


def _uncapped(h: HandState) -> bool:
    mode = h._options.limit_heads_up_cap
    if mode is HeadsUpCap.CAPPED:
        return False
    if mode is HeadsUpCap.UNCAP_IF_ROUND_STARTS_HEADS_UP:
        return h._round_started_heads_up
    return h._heads_up_before_cap


def pot_for_limit(h: HandState) -> int:
    """The pot used for the pot-limit maximum: every chip in, bets in front
    included; preflop, short or missing blinds count as full (TDA 2026 56-B) under
    ``FULL_BLIND``, and the small blind as a big blind with ``SB_AS_BB``."""
    pot = sum(h._total) + h._dead
    if h._street == 0:
        if h._options.short_blind_call_amount is ShortBlindCall.FULL_BLIND:
            pot += h._blind_shortfall
        if (
            h._options.pl_small_blind_rounding is PLSmallBlindRounding.SB_AS_BB
            and h._acted_at[h._bb] < 0
            and h._sb != h._bb
            and not h._config.button_blind
        ):
            # A dead small blind counts as posted in full (TDA 2026 56-B), then rounded up.
            sb = h._sb
            posted = h._committed[sb] if sb >= 0 else h._config.blinds[0]
            gap = h._config.blinds[1] - posted
            if gap > 0:
                pot += gap
    return pot


def legal_actions(h: HandState) -> LegalActions:
    """The legal actions of the player to act (``LegalActions(None)`` if nobody),
    worked out once per state of the hand."""
    if h._c_legal_v == h._version:
        return h._c_legal  # type: ignore[return-value]
    legal = h._c_legal = _legal_actions(h)
    h._c_legal_v = h._version
    return legal


def _legal_actions(h: HandState) -> LegalActions:
    pending = h._pending
    if not pending:
        if h._showdown_pending:
            return _tuple_new(  # type: ignore[no-any-return]
                LegalActions, (h._showdown_pending[0], False, False, None, None, None, True, True)
            )
        return _NO_ACTION
    p = pending[0]
    to_call = h._current_bet - h._committed[p]
    lo: int | None
    hi: int | None
    lo, hi, rule, _reason = raise_window(h, p)
    if rule:
        lo = hi = None
    if to_call > 0:
        stack = h._stacks[p]
        return _tuple_new(  # type: ignore[no-any-return]
            LegalActions, (p, True, False, to_call if to_call < stack else stack, lo, hi, False, False)
        )
    return _tuple_new(  # type: ignore[no-any-return]
        LegalActions, (p, h._options.fold_when_check_allowed, True, None, lo, hi, False, False)
    )


def reject(
    h: HandState, player: int | None, rule: str, key: str, params: dict[str, object] | None = None
) -> IllegalActionError:
    """The error for breaking ``rule``: its words are catalog entry ``rules.<key>``
    (English in the message; key and params kept, so it can be said in any language),
    and what would have been legal. The other rules of the hand (running it twice,
    showing after the hand) refuse through it too."""
    legal = legal_actions(h)
    name = h._config.players[player] if player is not None and 0 <= player < h._n else "?"
    fields: dict[str, object] = {
        "name": name,
        "reason": {"key": f"rules.{key}", "params": params or {}},
        "legal": legal.said(),
    }
    error = IllegalActionError(message("en", "rules.illegal", **fields), player=player, rule=rule, legal=legal)
    error.key = "rules.illegal"
    error.params = fields
    return error


def _kind(kind: str) -> object:
    """An action kind in words (an unknown one as it was written)."""
    return {"key": f"rules.kind.{kind}"} if kind in _KINDS else repr(kind)


_KINDS = (FOLD, CHECK, CALL, RAISE, ALL_IN, SHOW, MUCK, CHECK_CALL)


def check_action(h: HandState, action: Action) -> Action:
    """The record ``action`` becomes if it is legal now; else raise
    :class:`IllegalActionError` (the hand is not touched either way)."""
    kind = action.kind
    if h._showdown_pending:
        return _check_showdown(h, action)
    pending = h._pending
    player = action.player
    if not pending:
        raise reject(h, player, "no_action_pending", "no_action_pending", {"kind": _kind(kind)})
    p = pending[0]
    if player is None:
        player = p
    elif player != p:
        raise reject(h, player, "not_your_turn", "not_your_turn", {"name": h._config.players[p]})
    to_call = h._current_bet - h._committed[p]
    if kind == CHECK_CALL:
        kind = CALL if to_call > 0 else CHECK
    if kind == FOLD:
        if to_call <= 0 and not h._options.fold_when_check_allowed:
            raise reject(h, p, "cannot_fold", "cannot_fold")
        return _FOLDS[p]
    if kind == CHECK:
        if to_call > 0:
            raise reject(h, p, "cannot_check", "cannot_check", {"amount": to_call})
        return _CHECKS[p]
    stack = h._stacks[p]
    if kind == CALL:
        if to_call <= 0:
            raise reject(h, p, "cannot_call", "cannot_call")
        return _tuple_new(Action, (CALL, p, to_call if to_call < stack else stack, None))  # type: ignore[no-any-return]
    if kind == ALL_IN:
        if stack <= to_call:
            return Action(CALL, p, stack)
        kind, amount = RAISE, h._committed[p] + stack
    elif kind == RAISE:
        raw: object = getattr(action, "amount")  # untyped read: mypyc would reject a non-int here
        if type(raw) is not int:
            raise reject(h, p, "bad_amount", "bad_amount", {"got": repr(raw)})
        amount = raw
    elif kind in (SHOW, MUCK):
        raise reject(h, p, "not_showdown", "not_showdown", {"kind": _kind(kind)})
    else:
        raise reject(h, p, "unknown_action", "unknown_action", {"kind": repr(kind)})
    if h._c_legal_v == h._version:
        # The legal actions of this very state are known: a raise inside them is legal.
        legal = h._c_legal
        assert legal is not None
        low, high = legal.min_raise_to, legal.max_raise_to
        if low is not None and low <= amount <= high:  # type: ignore[operator]
            return _tuple_new(Action, (RAISE, p, amount, None))  # type: ignore[no-any-return]
    lo, hi, rule, reason = raise_window(h, p)
    if (lo > amount or amount > hi or rule) and h._options.accept_uncallable_raise:
        record = _uncallable_raise(h, p, amount, hi, rule)
        if record is not None:
            return record
    verb = {"key": "rules.verb.bet" if h.raise_is_bet else "rules.verb.raise"}
    if rule:
        why = {"key": f"rules.reason.{reason}", "params": {"cap": h._cap}}
        raise reject(h, p, rule, "cannot_raise", {"verb": verb, "reason": why})
    if amount < lo:
        raise reject(h, p, "min_raise", "min_raise", {"verb": verb, "amount": amount, "low": lo})
    if amount > hi:
        raise reject(h, p, "max_raise", "max_raise", {"verb": verb, "amount": amount, "high": hi})
    return Action(RAISE, p, amount)


def _reach(h: HandState, p: int) -> int:
    """The most any opponent of ``p`` still in the hand can have bet this street."""
    committed = h._committed
    stacks = h._stacks
    folded = h._folded
    reach = 0
    for q in range(h._n):
        if q != p and not folded[q]:
            r = committed[q] + stacks[q]
            if r > reach:
                reach = r
    return reach


def _uncallable_raise(h: HandState, p: int, amount: int, hi: int, rule: str) -> Action | None:
    """``RuleOptions.accept_uncallable_raise``: the record of a raise to at least
    what every opponent can match, else ``None`` (the usual error stands)."""
    current = h._current_bet
    mine = h._committed[p]
    stack = h._stacks[p]
    if amount > mine + stack:
        return None
    reach = _reach(h, p)
    if amount < reach:
        return None
    if reach <= current:
        # Nobody can call a raise: what is left of it is a call.
        to_call = current - mine
        if to_call <= 0 or amount < current:
            return None
        return Action(CALL, p, to_call if to_call < stack else stack)
    if rule or reach > hi:
        return None  # the raise to ``reach`` itself is not allowed (closed, cap, pot limit)
    return Action(RAISE, p, amount)


def _check_showdown(h: HandState, action: Action) -> Action:
    p = h._showdown_pending[0]
    player = p if action.player is None else action.player
    if player != p:
        raise reject(h, player, "not_your_turn", "not_your_turn_showdown", {"name": h._config.players[p]})
    kind = action.kind
    if kind == MUCK:
        return _tuple_new(Action, (MUCK, p, None, None))  # type: ignore[no-any-return]
    if kind == SHOW:
        hole = h._hole[p]
        if action.cards is not None and sorted(action.cards) != sorted(hole):
            raise reject(h, p, "wrong_cards", "wrong_cards")
        return _tuple_new(Action, (SHOW, p, None, hole))  # type: ignore[no-any-return]
    raise reject(h, p, "showdown", "showdown", {"kind": _kind(action.kind)})
