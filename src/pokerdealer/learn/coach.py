"""The coach: what one player may do now and why, which pots they can win, why
they show first or may muck -- the rules, never advice (issue 16).

Every reason comes from the engine: the raise window and why it is closed
from :func:`pokerdealer.rules.betting.raise_window`, the amounts from
:meth:`Hand.legal`, the pots from :attr:`Hand.pots`, the showdown order from
:attr:`Hand.showdown_order` and :attr:`Hand.aggressor`, why a pot was won
from :func:`pokerdealer.table.awards.award_stories`. The coach only puts them
into words, in the player's language, each line naming its rule and the
anchor of that rule on the room's ``/rules`` page; where it is written comes
from the one table of citations, :mod:`pokerdealer.learn.citations`.

Once the hand is over, :func:`showdown_lesson` tells a player who was in it to
the end how its showdown went by the rules (seed 004) and, when their hand lost
or tied against a shown hand, sets the two best fives side by side with the
deciding card marked (seed 000), from :func:`pokerdealer.evaluation.compare_hands`.

>>> from pokerdealer.cards import parse_cards
>>> from pokerdealer.rules import Hand, HandConfig, deck_for_deal
>>> config = HandConfig(stacks=(200, 200, 200), blinds=(1, 2), players=("Ann", "Bob", "Cy"))
>>> holes = [parse_cards(c) for c in ("As Ah", "Kd 9c", "7s 7d")]
>>> hand = Hand(config, deck_for_deal(config, holes, parse_cards("Ad Qs 7h 3c 2d")))
>>> _ = hand.raise_to(8)  # Cy (the button) raises the big blind of 2 by 6
>>> for line in coach_lines(hand, 0):  # Ann, the small blind
...     print(line.text("en"))
You may call 7, raise or fold. [Check, call or fold: beginners' detail 2]
You may raise to 14 or more, up to 200: the bet is 8 and the largest full bet or raise this round added 6, so a raise must add at least 6. [Minimum raise: TDA 2026 45-A; beginners' detail 3]
>>> coach_lines(hand, 1)  # not Bob's turn: nothing to say yet
[]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from pokerdealer.cards import Card
from pokerdealer.evaluation import Decision, HandValue, Step, compare_hands, evaluate
from pokerdealer.evaluation.explain import (
    card_label,
    comparison_order,
    deciding_part,
    explain_decision,
)
from pokerdealer.i18n import join_names, message
from pokerdealer.learn.citations import cite
from pokerdealer.rules import Hand, Pot, Street, build_pots, unmatched_bet
from pokerdealer.rules.actions import MUCK, SHOW
from pokerdealer.rules.betting import (
    NO_CHIPS_BEYOND_CALL,
    NO_OPPONENT_CAN_CALL,
    NOT_REOPENED,
    PK_FACES_SHORT,
    PK_SHORT_ALL_IN,
    pot_for_limit,
    raise_window,
)
from pokerdealer.rules.config import Structure

__all__ = [
    "CoachLine",
    "Comparison",
    "after_hand",
    "asks_show_or_muck",
    "before_acting",
    "bomb_pot_lines",
    "coach_lines",
    "pots_lines",
    "run_twice_lines",
    "showdown_lesson",
    "showdown_lines",
]

@dataclass(frozen=True)
class CoachLine:
    """One coaching line: a catalog key and its fields, and the rule it explains.

    A field that is a list of ``{"key", "params"}`` messages is said as a list
    ("A, B and C"); ``story`` is the award story of an ``after_hand`` line.
    ``rule`` is the anchor on ``/rules`` (and the rule's title); ``cites``, when
    the line states only part of that section, the topic of the citation table
    that part has (fixed limit's bet sizes have no TDA rule, its cap has one).
    """

    key: str
    params: Mapping[str, Any] = field(default_factory=dict)
    rule: str = ""
    story: Any = None  # pokerdealer.table.awards.AwardStory (imported when needed)
    compare: Comparison | None = None  # two hands side by side (showdown_lesson)
    cites: str = ""

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
        if self.compare is not None:
            out.update(self.compare.fields(lang))
        return out

    def body(self, lang: str) -> str:
        """The line without its rule reference."""
        return message(lang, self.key, **self.fields(lang))

    def cite(self, lang: str) -> str:
        """The rule's name and where it is written, from the one table of
        citations (:data:`~pokerdealer.learn.citations.CITATIONS`), e.g.
        ``Minimum raise: TDA 2026 45-A; beginners' detail 3``."""
        title = message(lang, f"rules.{self.rule}.title")
        numbers = cite(lang, self.cites or self.rule)
        return message(lang, "coach.cite", title=title, numbers=numbers) if numbers else title

    def text(self, lang: str) -> str:
        """The whole line in ``lang``, rule reference included."""
        return message(lang, "coach.line", body=self.body(lang), cite=self.cite(lang))

    def renamed(self, names: Mapping[str, str]) -> CoachLine:
        """This line with the players' names said as ``names`` says them (the name a
        player sat with -> the name a reader says): the room's bots in the reader's
        language (issue 37); a name not in ``names`` stays as it is.

        >>> CoachLine("coach.show.after", {"name": "CallerBot 2"}).renamed({"CallerBot 2": "跟注机器人 2"}).params
        {'name': '跟注机器人 2'}
        """
        if not names:
            return self

        def said(value: Any, key: str = "") -> Any:  # noqa: ANN401
            if isinstance(value, str):
                return names.get(value, value) if key == "name" else value
            if isinstance(value, Mapping):
                return {k: said(v, k) for k, v in value.items()}
            if isinstance(value, list):
                return [said(v) for v in value]
            return value

        story = self.story
        if story is not None:
            story = replace(story, names=tuple(names.get(name, name) for name in story.names))
        compare = self.compare
        if compare is not None:
            compare = replace(compare, you=names.get(compare.you, compare.you), name=names.get(compare.name, compare.name))
        return replace(self, params=said(self.params), story=story, compare=compare)

    def to_json(self, lang: str) -> dict[str, object]:
        """What the room sends the player: key, params, text in ``lang``, the rule and its
        link; for two hands side by side, ``compare`` (:meth:`Comparison.to_json`)."""
        out: dict[str, object] = {
            "key": self.key,
            "params": self.fields(lang),
            "text": self.text(lang),
            "rule": self.rule,
            "cite": self.cite(lang),
            "href": self.href,
        }
        if self.compare is not None:
            out["compare"] = self.compare.to_json(lang)
        return out


def _pot(k: int, amount: int, count: int = 2) -> dict[str, object]:
    """Pot ``k`` of ``count`` in words: the pot, the main pot or side pot ``k``."""
    if count == 1:
        return {"key": "coach.pot.single", "params": {"amount": amount}}
    if k == 0:
        return {"key": "coach.pot.main", "params": {"amount": amount}}
    return {"key": "coach.pot.side", "params": {"n": k, "amount": amount}}


def _award_pot(hand: Hand, story: Any, amount: int) -> dict[str, object]:  # noqa: ANN401
    """The pot an award story is about, in words: ``the pot``, ``the main pot of 30``...;
    of a hand run twice, the run's half of it (``the pot of 51 on the first run``)."""
    count = len(hand.pots)
    pot = _pot(story.pot, amount, count) if count > 1 or hand.runs == 2 else {"key": "coach.pot.the", "params": {}}
    if hand.runs == 2:
        run = {"key": f"coach.run_twice.run.{story.run}", "params": {}}
        pot = {"key": "coach.run_twice.pot", "params": {"pot": pot, "run": run}}
    return pot


def _cards_said(cards: Sequence[Card]) -> str:
    return " ".join(card_label(c) for c in cards)


def run_twice_lines(hand: Hand, player: int) -> list[CoachLine]:
    """Running it twice (:mod:`pokerdealer.rules.run_twice`): while ``player`` is asked,
    what the question means; once the board is run twice, both boards and how each
    pot was halved (the award lines then say each run's half)."""
    if player in hand.run_twice_pending:
        return [CoachLine("coach.run_twice.ask", {}, "all-in-showdown")]
    if hand.runs == 2 and not hand.folded[player]:
        first, second = hand.boards
        said = {"first": _cards_said(first), "second": _cards_said(second)}
        return [CoachLine("coach.run_twice.boards", said, "all-in-showdown")]
    return []


def bomb_pot_lines(hand: Hand, player: int) -> list[CoachLine]:
    """A bomb pot's start (:mod:`pokerdealer.rules.bomb_pot`): on its first betting
    round, why nobody bet before the flop and who acts first."""
    config = hand.config
    if not config.bomb_pot or hand.is_complete or hand.street is not Street.FLOP or any(
        a.kind in ("fold", "raise", "call", "check") for a in hand.log
    ):
        return []
    first = hand.actor
    if first is None:
        return []
    params = {"ante": config.ante, "name": config.players[first]}
    return [CoachLine("coach.bomb_pot.you" if first == player else "coach.bomb_pot.start", params, "action-order")]


def before_acting(hand: Hand, player: int) -> list[CoachLine]:
    """What ``player`` may do now and why; nothing unless it is their turn to bet."""
    legal = hand.legal()
    if legal.actor != player or legal.can_show:
        return []
    lines: list[CoachLine] = []
    stack = hand.stacks[player]
    low, high, rule, reason = raise_window(hand, player)
    if legal.call is None:
        # Preflop, with nobody raised, a blind (or straddle) is a live bet already in: its
        # option (seed 001's 有效下注). Else nobody has bet: checking is free.
        option = hand.street is Street.PREFLOP and hand.committed[player] == hand.current_bet > 0
        lines.append(CoachLine("coach.check_option" if option else "coach.check_free", {}, "check"))
    elif legal.call >= stack:
        lines.append(CoachLine("coach.call_all_in", {"amount": legal.call}, "check"))
    else:
        # "Call or fold" only when no raise is open to them: else the line beside it says they may raise.
        key = "coach.must_call" if rule else "coach.call_raise_or_fold"
        lines.append(CoachLine(key, {"amount": legal.call}, "check"))
    verb = "bet" if hand.raise_is_bet else "raise"
    current = hand.current_bet
    if not rule:
        increment = hand.min_increment
        all_in = hand.committed[player] + stack
        fixed = hand.config.structure is Structure.FIXED_LIMIT
        if low == all_in and low < current + increment:
            # The engine cut the raise to the stack: only an all-in for less is left, in
            # every structure (fixed limit's one bet included; a fixed-limit raise that
            # completes a short all-in is less than a bet over it, but it is not all-in).
            anchor, topic = ("fixed-limit", "fixed-limit-bets") if fixed else ("min-raise", "")
            lines.append(
                CoachLine(f"coach.{verb}.all_in_short", {"to": all_in, "full": current + increment}, anchor, cites=topic)
            )
        elif fixed:
            lines.append(
                CoachLine(f"coach.{verb}.fixed", {"to": low, "unit": increment}, "fixed-limit", cites="fixed-limit-bets")
            )
        else:
            lines.append(
                CoachLine(f"coach.{verb}.range", {"low": low, "high": high, "current": current, "inc": increment}, "min-raise")
            )
            if hand.config.structure is Structure.POT_LIMIT and high < all_in:
                lines.extend(_pot_limit_line(hand, player, high))
    elif rule == "raise_cap":
        lines.append(CoachLine("coach.capped", {"raises": hand.config.options.limit_max_raises}, "fixed-limit", cites="fixed-limit-cap"))
    elif reason in (NOT_REOPENED, PK_FACES_SHORT, PK_SHORT_ALL_IN):
        lines.append(CoachLine("coach.not_reopened", {"current": current}, "reopen"))
    elif reason == NO_CHIPS_BEYOND_CALL:
        lines.append(CoachLine("coach.no_chips", {}, "all-in"))
    elif reason == NO_OPPONENT_CAN_CALL:
        lines.append(CoachLine("coach.no_opponent", {}, "all-in"))
    return lines


def _pot_limit_line(hand: Hand, player: int, high: int) -> list[CoachLine]:
    """Why the most is ``high`` in pot limit, with the arithmetic (docs/rules.md#pot-limit):
    the raise is *by* the pot after the call, the amount said is *to*.

    The pot counts every chip in, bets in front included (preflop, blinds posted
    short count as full: :func:`pot_for_limit`); calling adds the call, and the
    raise adds that whole pot on top: to ``current + pot + call``. Nothing is
    said when something else caps the raise (the largest opponent's stack)."""
    current = hand.current_bet
    pot = pot_for_limit(hand)
    call = current - hand.committed[player]
    after = pot + call
    if high != current + after:
        return []
    if current == 0:
        return [CoachLine("coach.pot_limit.bet", {"high": high}, "pot-limit")]
    fields = {"pot": pot, "call": call, "after": after, "current": current, "high": high}
    # Nothing to call (the big blind's option): the raise is by the pot itself.
    return [CoachLine("coach.pot_limit" if call else "coach.pot_limit.no_call", fields, "pot-limit")]


def _pots_after_call(hand: Hand, player: int, call: int) -> tuple[list[Pot], int, int]:
    """The pots as they would stand right after ``player`` calls ``call`` (all-in
    when it is their stack; 0: as they stand), and ``(bettor, chips)`` of the
    open bet's part nobody has matched: the construction of :attr:`Hand.pots`."""
    contributions = list(hand.contributions)
    stacks = list(hand.stacks)
    contributions[player] += call
    stacks[player] -= call
    live = [not folded for folded in hand.folded]
    active = [alive and stack > 0 for alive, stack in zip(live, stacks)]
    bettor, chips = unmatched_bet(contributions, live, active)
    return build_pots(contributions, live, hand.dead_money, active), bettor, chips


def pots_lines(hand: Hand, player: int) -> list[CoachLine]:
    """Which pots ``player`` can win, when there are side pots or a bet nobody
    has matched; on their turn facing a bet, the pots they can win if they call
    (all-in, when the call takes every chip: seed 003's beginners' detail 4).

    The part of a bet nobody has matched (or can match) is no pot: the coach
    names it as the bettor's, going back to them unless it is called."""
    if hand.folded[player] or hand.is_complete:
        return []
    legal = hand.legal()
    call = legal.call if legal.actor == player and not legal.can_show else None
    all_in = call is not None and call >= hand.stacks[player]
    pots, bettor, unmatched = _pots_after_call(hand, player, call or 0)
    real = pots[:-1] if unmatched else pots
    if len(real) < 2 and not unmatched:
        return []
    can = [_pot(k, pot.amount, len(real)) for k, pot in enumerate(real) if player in pot.eligible]
    cannot = [_pot(k, pot.amount, len(real)) for k, pot in enumerate(real) if player not in pot.eligible]
    total = hand.contributions[player] + (call or 0)
    fields: dict[str, Any] = {"total": total, "can": can, "cannot": cannot, "call": call}
    if call is None:
        key = "coach.pots.some" if cannot else ("coach.pots.all" if len(real) > 1 else "coach.pots.only")
    else:
        key = ("coach.pots.if_all_in" if all_in else "coach.pots.if_call") + (".some" if cannot else ".all")
    lines = [CoachLine(key, {k: v for k, v in fields.items() if v is not None}, "side-pots")]
    if unmatched:
        names = hand.config.players
        if bettor == player:
            lines.append(CoachLine("coach.pots.unmatched_yours", {"amount": unmatched}, "side-pots"))
        else:
            # Can anyone but the bettor and this player still put chips in to call it?
            stacks = hand.stacks
            others = any(
                not hand.folded[q] and stacks[q] > 0 for q in range(len(stacks)) if q not in (player, bettor)
            )
            if all_in:
                key = "coach.pots.unmatched_beyond_you_open" if others else "coach.pots.unmatched_beyond_you"
            else:
                key = "coach.pots.unmatched_open"
            lines.append(CoachLine(key, {"amount": unmatched, "name": names[bettor]}, "side-pots"))
    return lines


def asks_show_or_muck(hand: Hand, player: int) -> bool:
    """Whether the rules leave ``player`` to choose now between showing and mucking:
    it is their turn at a showdown where nobody is all-in (TDA 2026 18-A). Nobody is
    asked whose hand the rules turn up: every hand at an all-in showdown (TDA 2026 17),
    and the called river bettor's, first (the hand the callers paid to see). A coached
    table asks its learner then, with :func:`showdown_lines`.

    >>> from pokerdealer.cards import parse_cards
    >>> from pokerdealer.rules import HandConfig, deck_for_deal
    >>> config = HandConfig(stacks=(100, 100, 100), blinds=(1, 2), players=("Ann", "Bob", "Cy"))
    >>> holes = [parse_cards(c) for c in ("As Ad", "7c 2d", "Kd Qd")]
    >>> hand = Hand(config, deck_for_deal(config, holes, parse_cards("Kh 9s 5c 4d 3h")))
    >>> while hand.street is not Street.RIVER:
    ...     _ = hand.check_or_call()
    >>> _ = hand.bet(10); _ = hand.call(); _ = hand.call()  # Ann bets the river, Bob and Cy call
    >>> sorted(hand.shown), [asks_show_or_muck(hand, p) for p in range(3)]  # Ann's is turned up; Bob next
    ([0], [False, True, False])
    """
    legal = hand.legal()
    return hand.street is Street.SHOWDOWN and legal.actor == player and legal.can_show


def showdown_lines(hand: Hand, player: int) -> list[CoachLine]:
    """At the showdown, when the rules leave ``player`` to show or muck
    (:func:`asks_show_or_muck`): who shows first and why (TDA 2026 18-A), and that
    they may show or muck, a mucked hand giving up the pot."""
    if not asks_show_or_muck(hand, player):
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
            pot = _award_pot(hand, story, result.awards[k].amount)
            lines.append(CoachLine("coach.why_won", {"pot": pot}, "kickers", story=story))
    return lines


@dataclass(frozen=True)
class Comparison:
    """The learner's best five beside a hand shown against hers (seed 000: "5 5 K Q 9
    against 5 5 K Q J: lost on the third kicker"), as
    :func:`~pokerdealer.evaluation.compare_hands` decides them: ``decision.a`` is
    hers, ``decision.b`` the other's.

    ``outcome``: ``lost``, ``tied``, or ``mucked`` (she mucked a hand that was not
    beaten: a mucked hand wins nothing). ``holes``: her hole cards, then the
    other's (shown), for the cards of a tie that do not play.
    """

    decision: Decision
    outcome: str
    you: str
    name: str
    board: tuple[Card, ...]
    holes: tuple[tuple[Card, ...], tuple[Card, ...]]

    @property
    def marked(self) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
        """The deciding cards of each hand: the kicker, the pair, ...; none for a tie, nor
        when the kind of hand decided (no card of a flush beats a straight: the flush does)."""
        if self.decision.step is Step.CATEGORY:
            return ((), ())
        return self.decision.deciding_cards

    def part(self, lang: str) -> str:
        """What decided, in words (``the third kicker``); empty for a tie."""
        return "" if self.decision.step is Step.IDENTICAL else deciding_part(self.decision, lang)

    def five(self, side: int, lang: str) -> str:
        """Hand ``side`` (0 hers, 1 theirs) in comparison order, the deciding cards marked."""
        value = (self.decision.a, self.decision.b)[side]
        marked = self.marked[side]
        return " ".join(
            message(lang, "coach.sd.mark", card=card_label(c)) if c in marked else card_label(c)
            for c in comparison_order(value)
        )

    def why(self, lang: str) -> str:
        """The evaluator's explanation (:func:`~pokerdealer.evaluation.explain.explain_decision`);
        nothing for a mucked hand, which won nothing whatever it held."""
        decision, board = self.decision, frozenset(self.board)
        if self.outcome == "mucked":
            return ""
        if decision.winner is None:
            values = (decision.a, decision.b)
            dead = [c for hole, value in zip(self.holes, values) for c in hole if c not in value.best_five]
            return explain_decision(decision, lang, winners=[self.you, self.name], losers=[], board=board, dead=dead)
        return explain_decision(decision, lang, winners=[self.name], losers=[self.you], board=board)

    def fields(self, lang: str) -> dict[str, object]:
        return {"yours": self.five(0, lang), "theirs": self.five(1, lang), "name": self.name,
                "part": self.part(lang), "why": self.why(lang)}

    def to_json(self, lang: str) -> dict[str, object]:
        """The two hands as cards (``"9s"``) in comparison order with the deciding ones,
        and the short words for the learner's seat on the felt."""
        hands = []
        for side, (who, value) in enumerate(((self.you, self.decision.a), (self.name, self.decision.b))):
            hands.append({
                "name": who,
                "you": side == 0,
                "cards": [str(c) for c in comparison_order(value)],
                "marked": [str(c) for c in self.marked[side]],
            })
        return {"hands": hands, "felt": message(lang, f"coach.sd.felt.{self.outcome}", part=self.part(lang))}


def _names(names: Sequence[str]) -> list[dict[str, object]]:
    """Names as a list the catalog says in the reader's language ("A and B", "A和B")."""
    return [{"key": "coach.sd.name", "params": {"name": name}} for name in names]


def showdown_lesson(hand: Hand, player: int) -> list[CoachLine]:
    """What the coach tells ``player`` once ``hand`` is over and they were in it to
    the end: seed 004's showdown procedure and seed 000's comparison, only the
    lines that apply to this hand.

    - everyone else folded: the pot needs no show;
    - an all-in with the betting over: every hand was turned up, none could be mucked;
    - else who showed first and why (the last bet or raise on the river, or the
      first player left of the button), then: they showed both cards to win (also
      when the board plays), or their hand was mucked (a losing hand may be), or
      the others mucked and their hand won unseen (an uncontested showdown);
    - their hand lost or tied against a shown hand: the two best fives side by
      side, the deciding cards marked (:class:`Comparison`); a pot they won
      against shown hands: why (the award story).

    Only their own cards and the cards shown are ever named: the hands are read
    from ``player``'s view of the hand.

    >>> from pokerdealer.cards import parse_cards
    >>> from pokerdealer.rules import HandConfig, deck_for_deal
    >>> config = HandConfig(stacks=(100, 100), blinds=(1, 2), players=("Ann", "Bob"))
    >>> holes = [parse_cards("9s 3h"), parse_cards("Jd 3c")]
    >>> hand = Hand(config, deck_for_deal(config, holes, parse_cards("5c 5d Kh Qc 2s")))
    >>> while hand.street is not Street.SHOWDOWN:
    ...     _ = hand.check_or_call()
    >>> _ = hand.auto_showdown()  # Ann, the big blind left of the button, shows first
    >>> for line in showdown_lesson(hand, 0):
    ...     print(line.body("en"))
    You were first to show: nobody bet on the river, so the first player still in left of the button shows first, and that was you.
    Your best five 5♦ 5♣ K♥ Q♣ [9♠] against Bob's 5♦ 5♣ K♥ Q♣ [J♦]: you lost on the third kicker — Bob wins: both have a pair of fives; the third kicker J♦ beats Ann's 9♠ (the kickers before it tie: K♥ Q♣).
    """
    result = hand.result
    if result is None or hand.folded[player]:
        return []
    if not result.showdown_order:  # everyone else folded
        return [CoachLine("coach.sd.uncontested", {}, "uncontested")]
    from pokerdealer.table.awards import award_stories

    names = hand.config.players
    seen = hand.view(player).hole_cards  # their own cards and the hands shown, nothing else
    acts = {a.player: a.kind for a in hand.log if a.kind in (SHOW, MUCK)}
    won = any(player in award.winners for award in result.awards)
    shown = player in result.shown
    lines: list[CoachLine] = []
    if not acts:  # the rules turned every hand up: nobody showed or mucked
        lines.append(CoachLine("coach.sd.all_in", {}, "all-in-showdown"))
    else:
        first = result.showdown_order[0]
        why = "aggressor" if hand.aggressor is not None else "button"
        if first == player:
            lines.append(CoachLine(f"coach.sd.first.you.{why}", {}, "show-order"))
        else:
            lines.append(CoachLine(f"coach.sd.first.{why}", {"name": names[first]}, "show-order"))
        mucked = _names([names[i] for i in result.mucked if i != player])
        if acts.get(player) == MUCK:
            lines.append(CoachLine("coach.sd.you_mucked", {}, "show-to-win"))
        elif won and not shown:
            lines.append(CoachLine("coach.sd.won_unshown", {"mucked": mucked}, "uncontested"))
        else:
            if won and shown:
                value = evaluate(
                    seen[player] + hand.board, hand.config.variant,  # type: ignore[operator]
                    trips_beat_straight=hand.config.options.short_deck_trips_beat_straight,
                )
                if all(card in hand.board for card in value.best_five):
                    lines.append(CoachLine("coach.sd.board_plays", {}, "board-plays"))
                else:
                    lines.append(CoachLine("coach.sd.showed_both", {}, "show-to-win"))
            if mucked:
                lines.append(CoachLine("coach.sd.others_mucked", {"mucked": mucked}, "show-to-win"))
    lines.extend(_comparisons(hand, player, seen, award_stories(hand)))
    return lines


def _comparisons(
    hand: Hand, player: int, seen: Sequence[tuple[Card, ...] | None], stories: Sequence[Any]
) -> list[CoachLine]:
    """Her hand beside a shown winner of each pot she contested and did not win alone;
    why she won each pot she won against shown hands."""
    result = hand.result
    assert result is not None
    config = hand.config
    names = config.players
    options = config.options

    def value(i: int, board: tuple[Card, ...]) -> HandValue:
        return evaluate(
            seen[i] + board, config.variant,  # type: ignore[operator]
            trips_beat_straight=options.short_deck_trips_beat_straight,
        )

    # The other player (and the run: a board run twice is compared on each) -> the first pot.
    against: dict[tuple[int, int], int] = {}
    why_won: list[CoachLine] = []
    for k, (award, story) in enumerate(zip(result.awards, stories, strict=True)):
        if player not in story.contenders or story.how == "folded":
            continue
        if award.winners == (player,):
            if story.how == "showdown":
                pot = _award_pot(hand, story, award.amount)
                why_won.append(CoachLine("coach.why_won", {"pot": pot}, "kickers", story=story))
            continue
        shown_winners = [w for w in award.winners if w != player and seen[w] is not None]
        if shown_winners and (shown_winners[0], award.run) not in against:
            against[(shown_winners[0], award.run)] = k
    lines: list[CoachLine] = []
    for (other, run), k in against.items():
        board = hand.boards[run]
        decision = compare_hands(value(player, board), value(other, board))
        if player in result.mucked:
            outcome = "lost" if decision.winner == "b" else "mucked"
        else:
            outcome = "tied" if decision.winner is None else "lost"
        compare = Comparison(
            decision, outcome, names[player], names[other], board,
            (seen[player], seen[other]),  # type: ignore[arg-type]
        )
        pot = (
            {"key": "coach.sd.for_pot", "params": {"pot": (
                _award_pot(hand, stories[k], result.awards[k].amount) if hand.runs == 2
                else _pot(k, result.awards[k].amount)
            )}}
            if len(against) > 1 else {"key": "coach.sd.no_pot", "params": {}}
        )
        lines.append(CoachLine(f"coach.sd.{outcome}", {"pot": pot}, "kickers", compare=compare))
    return lines + why_won


def coach_lines(hand: Hand, player: int) -> list[CoachLine]:
    """Everything the coach says to ``player`` about ``hand`` as it stands now."""
    return [
        *bomb_pot_lines(hand, player),
        *before_acting(hand, player),
        *pots_lines(hand, player),
        *showdown_lines(hand, player),
        *run_twice_lines(hand, player),
        *after_hand(hand, player),
    ]


def texts(lines: Sequence[CoachLine], lang: str) -> list[str]:
    """The lines' texts in ``lang``."""
    return [line.text(lang) for line in lines]
