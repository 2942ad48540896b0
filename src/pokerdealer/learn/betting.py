"""Drills on a hand in progress: ``min_raise``, ``action_order`` and ``show_order``.

Each drill plays a short no-limit hand with the rules engine
(:class:`pokerdealer.rules.Hand`) and asks about the state it reaches; the
answer is what the engine says (its legal minimum raise, its player to act,
its showdown order), the hand so far is given as PHH text (players ``p1``..,
``p1`` the small blind and the last player the button; heads-up ``p1`` is the
big blind) and in words.

The levels follow the seed articles' beginner mistakes (001, 003, 004) and
docs/rules.md#order-of-play, #bets-and-raises, #who-shows-first: an open raise, a
bet and a raise, a short all-in that does not raise the minimum, a short all-in that does not reopen the betting
(TDA 2026 49-A), short all-ins that add up to a full raise; the first player
preflop and after the flop, heads-up, the big blind's option (check is not
fold), the action after a raise; who shows first after a river bet, after
checks, after a raise, after a turn bet, whether the hands are turned up
now when a player is all-in and called (seed 004's first question: only once
nobody still in can bet, TDA 2026 17), and whether a player may show before
their turn (yes: the order is for when nobody shows of their own accord).

>>> import random
>>> q = min_raise_question(random.Random(2), level=0, lang="en")
>>> q.answer["min_raise_to"] - q.data["phh"].count("cbr") > 0
True
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Collection

from pokerdealer.cards import deck_cards
from pokerdealer.evaluation.explain import card_label
from pokerdealer.history import dumps, hand_to_history
from pokerdealer.i18n import join_names, message
from pokerdealer.learn.diagram import Seat, table_diagram
from pokerdealer.learn.drill_cites import with_cite
from pokerdealer.learn.question import Question
from pokerdealer.rules import Action, Hand, HandConfig, Street, Structure

__all__ = [
    "ACTION_ORDER_LEVELS",
    "MIN_RAISE_LEVELS",
    "SHOW_ORDER_LEVELS",
    "action_order_question",
    "min_raise_question",
    "show_order_question",
]

MIN_RAISE_LEVELS = 5
ACTION_ORDER_LEVELS = 5
SHOW_ORDER_LEVELS = 6

_STREET_KEYS = {
    Street.PREFLOP: "replay.preflop",
    Street.FLOP: "replay.flop",
    Street.TURN: "replay.turn",
    Street.RIVER: "replay.river",
}


def _name(player: int) -> str:
    """The PHH name of an engine player (the button is the last player: ``p{i+1}``)."""
    return f"p{player + 1}"


class _Play:
    """A no-limit hand being played for a drill, with the words of every action."""

    def __init__(
        self, rng: random.Random, players: int, *, bb: int | None = None,
        stacks: dict[int, int] | None = None, button: int | None = None,
        structure: Structure = Structure.NO_LIMIT,
    ) -> None:
        self.bb = bb = bb if bb is not None else _big_blind(rng)
        deep = 100 * bb
        chips = [deep] * players
        for player, stack in (stacks or {}).items():
            chips[player] = stack
        deck = list(deck_cards())
        rng.shuffle(deck)
        # By default the button is the last player, so engine player i is PHH p(i+1)
        # (a drill with another button writes no PHH: its names would not match).
        config = HandConfig(
            stacks=tuple(chips), blinds=(bb // 2, bb),
            button=players - 1 if button is None else button, structure=structure,
        )
        self.hand = Hand(config, deck)
        self.steps: list[tuple[Street, int, str, dict[str, object]]] = []

    @property
    def n(self) -> int:
        return self.hand.config.player_count

    def act(self, kind: str, amount: int | None = None) -> int:
        """The player to act does ``kind`` (``fold``, ``check``, ``call``, ``raise``,
        ``check_call``, ``all_in``); returns who acted."""
        hand = self.hand
        street, is_bet, player = hand.street, hand.raise_is_bet, hand.actor
        assert player is not None
        record = hand.apply(Action(kind, None, amount))
        key = {"fold": "fold", "check": "check", "call": "call"}.get(record.kind)
        if key is None:
            key = "bet" if is_bet else "raise"
        fields: dict[str, object] = {"amount": record.amount}
        if record.kind in ("call", "raise") and hand.stacks[player] == 0:
            fields["all_in"] = True
        self.steps.append((street, player, key, fields))
        return player

    def until(self, street: Street, choose: Callable[[int], str] | None = None) -> None:
        """Play on to ``street``: each player checks or calls (or does ``choose(player)``)."""
        while self.hand.street != street:
            player = self.hand.actor
            assert player is not None
            kind = choose(player) if choose else "check_call"
            self.act(kind)

    def live(self) -> list[int]:
        return [i for i, folded in enumerate(self.hand.folded) if not folded]

    def phh(self) -> str:
        """The hand so far as PHH (no line a showdown would add: nobody has shown yet)."""
        history = hand_to_history(self.hand)
        actions = tuple(line for line in history.actions if not re.match(r"p\d+ sm", line))
        return dumps(history.replace(actions=actions))

    def roles(self, player: int) -> tuple[str, ...]:
        """The seat's marks on a diagram: ``BTN``, ``SB``, ``BB`` (heads-up the button is the SB)."""
        config = self.hand.config
        marks = []
        if player == config.button:
            marks.append("BTN")
        if player == config.small_blind_player:
            marks.append("SB")
        if player == config.big_blind_player:
            marks.append("BB")
        return tuple(marks)

    def setup(self, lang: str) -> str:
        """``No-limit hold'em, blinds 1/2, 3 players: p1 (small blind) 200, ...``."""
        hand, n = self.hand, self.n
        config = hand.config
        sb, bb = config.blinds
        seats = []
        for i in range(n):
            roles = []
            if n == 2 and i == config.button:
                roles.append("quiz.role.button_small_blind")
            else:
                if i == config.small_blind_player:
                    roles.append("quiz.role.small_blind")
                if i == config.big_blind_player:
                    roles.append("quiz.role.big_blind")
                if i == config.button:
                    roles.append("quiz.role.button")
            name = _name(i)
            if roles:
                name = message(lang, "quiz.role", name=name, role=message(lang, roles[0]))
            seats.append(message(lang, "quiz.stack", name=name, stack=config.stacks[i]))
        return message(
            lang, f"quiz.setup.{config.structure.value}", sb=sb, bb=bb, n=n,
            seats=message(lang, "list.separator").join(seats),
        )

    def street_lines(self, lang: str) -> list[str]:
        """Each round so far in words: ``Flop (A♠ 7♦ 2♣): p1 checks, p2 bets 4.``"""
        board = self.hand.board
        shown = {Street.PREFLOP: 0, Street.FLOP: 3, Street.TURN: 4, Street.RIVER: 5}
        streets = [s for s in _STREET_KEYS if s == Street.PREFLOP or len(board) >= shown[s]]
        lines = []
        for street in streets:
            words = [
                message(lang, "quiz.did", name=_name(player), action=_said(lang, key, fields))
                for s, player, key, fields in self.steps
                if s == street
            ]
            title = message(lang, _STREET_KEYS[street])
            if street != Street.PREFLOP:
                cards = " ".join(card_label(card) for card in board[: shown[street]])
                title = message(lang, "quiz.street_board", street=title, cards=cards)
            did = message(lang, "quiz.action_sep").join(words) if words else message(lang, "quiz.no_action")
            lines.append(message(lang, "quiz.street", street=title, actions=did))
        return lines

    def narrate(self, lang: str) -> str:
        """The table and the actions so far, in words."""
        sep = message(lang, "quiz.sentence_sep")
        return sep.join([self.setup(lang), *self.street_lines(lang)])

    def note(self, lang: str) -> str:
        """``No-limit · blinds 1/2``: what the diagram does not draw."""
        sb, bb = self.hand.config.blinds
        return message(lang, f"quiz.note.{self.hand.config.structure.value}", sb=sb, bb=bb)

    def diagram(
        self, lang: str, *, mark: int | None = None, roles: Collection[str] = ("BTN", "SB", "BB"),
        log: bool = True, bets: bool = True,
    ) -> dict[str, object]:
        """The hand as it stands, as a table diagram (:mod:`pokerdealer.learn.diagram`):
        hole cards face down, chips in front, each player's last action this round.
        ``roles`` are the marks drawn, ``bets=False`` leaves the chips in front out
        (a question about who posts the blinds must not show them)."""
        hand = self.hand
        last: dict[int, str] = {}
        for street, player, key, fields in self.steps:
            if street == hand.street:
                last[player] = _said(lang, key, fields)
        seats = []
        for i in range(self.n):
            folded = hand.folded[i]
            seats.append(
                Seat(
                    _name(i),
                    stack=hand.stacks[i] if bets else hand.config.stacks[i],
                    bet=hand.committed[i] if bets else 0,
                    cards=() if folded else ("", ""),
                    roles=tuple(r for r in self.roles(i) if r in roles),
                    folded=folded,
                    all_in=hand.stacks[i] == 0 and not folded,
                    said=last.get(i, "") if bets else "",
                    mark="you" if i == mark else "",
                )
            )
        pot = sum(hand.contributions) - sum(hand.committed) + hand.dead_money if bets else 0
        return table_diagram(
            seats, board=[str(card) for card in hand.board], pot=pot, note=self.note(lang),
            log=self.street_lines(lang) if log else (),
        )


def _said(lang: str, key: str, fields: dict[str, object]) -> str:
    said = message(lang, f"replay.{key}", amount=fields["amount"])
    if fields.get("all_in"):
        said += message(lang, "replay.all_in")
    return said


def _question(
    topic: str, level: int, play: _Play, lang: str, *, ask: str, answer: dict[str, object],
    facts: str, choices: list[int] | None = None, right: int | None = None, mark: int | None = None,
) -> Question:
    return Question(
        topic=topic,
        level=level,
        prompt=play.narrate(lang) + message(lang, "quiz.sentence_sep") + ask,
        choices=tuple(_name(i) for i in choices) if choices is not None else None,
        answer_index=choices.index(right) if choices is not None and right is not None else None,
        answer=answer,
        explanation=facts,
        data={"phh": play.phh()},
        ask=ask,
        diagram=play.diagram(lang, mark=mark),
    )


# ----------------------------------------------------------------- min_raise
def min_raise_question(rng: random.Random, *, level: int, lang: str) -> Question:
    """The smallest raise-to the player to act may make (``null``: may not raise)."""
    level = min(level, MIN_RAISE_LEVELS - 1)
    if level == 0:
        # Seed 001: blinds 1/2, raise to 6 (+4): the next raise is to 10 at least.
        play = _Play(rng, rng.randint(3, 6))
        play.act("raise", play.bb * rng.randint(2, 4))
        kind = "full"
    elif level == 1:
        # Seed 003: a bet of 20, raised to 60 (+40): the next raise is to 100 at least.
        play = _Play(rng, rng.randint(3, 4))
        play.until(Street.FLOP)
        bet = play.bb * rng.randint(1, 4)
        play.act("raise", bet)
        play.act("raise", bet * rng.randint(2, 4))
        kind = "full"
    elif level == 2:
        # A short all-in over a raise does not make the minimum raise bigger
        # (TDA 2026 45-A, docs/rules.md#minimum-raises).
        n = rng.randint(4, 6)
        bb = _big_blind(rng)
        to = bb * rng.randint(2, 4)
        increment = to - bb
        all_in = to + rng.randint(1, increment - 1) if increment > 1 else to + 1
        play = _Play(rng, n, bb=bb, stacks={3: all_in})
        play.act("raise", to)
        play.act("all_in")
        kind = "short"
    elif level == 3:
        # A short all-in does not reopen the betting for a player who acted (TDA 2026 49-A).
        n = rng.randint(3, 5)
        bb = _big_blind(rng)
        checked = rng.random() < 0.5
        bet = bb * rng.randint(2, 4)
        short = rng.randint(1, bb - 1) if checked else bet + rng.randint(1, bet - 1)
        play = _Play(rng, n, bb=bb, stacks={1: bb + short})
        play.until(Street.FLOP, lambda p: "fold" if p > 2 else "check_call")
        if checked:
            play.act("check")  # a check is an action (docs/rules.md#re-opening)
        else:
            play.act("raise", bet)
        play.act("all_in")
        play.act("call")
        kind = "closed"
    else:
        # TDA 2024 47 addendum Ex. 1: short all-ins that add up to a full raise reopen the betting.
        bb = _big_blind(rng)
        bet = bb * rng.randint(2, 4)
        first = bet + rng.randint(1, bet - 1)
        second = rng.randint(2 * bet, first + bet - 1)
        play = _Play(rng, 4, bb=bb, stacks={1: bb + first, 3: bb + second})
        play.until(Street.FLOP)
        play.act("raise", bet)
        play.act("all_in")
        play.act("call")
        play.act("all_in")
        kind = "reopened"
    hand = play.hand
    player = hand.actor
    assert player is not None
    legal = hand.legal()
    answer = legal.min_raise_to
    current = hand.current_bet
    name = _name(player)
    fields: dict[str, object] = {"name": name, "answer": answer, "current": current}
    if answer is not None:
        fields["inc"] = answer - current
    if kind == "short":
        _, allin_player, _, allin_fields = play.steps[-1]
        fields["allin"] = allin_fields["amount"]
        fields["short"] = int(allin_fields["amount"]) - play.steps[-2][3]["amount"]  # type: ignore[operator]
    if kind in ("closed", "reopened"):
        acted = hand.committed[player]
        fields.update(acted=acted, rise=current - acted, inc=_full_increment(play))
    facts = message(lang, f"quiz.min_raise.{kind}", **fields)
    if level == 0:
        facts += message(lang, "quiz.min_raise.preflop_note")
    facts = with_cite(facts, lang, "reopen" if kind in ("closed", "reopened") else "min_raise")
    return _question(
        "min_raise", level, play, lang, ask=message(lang, "quiz.min_raise.ask", name=name),
        answer={"min_raise_to": answer}, facts=facts, mark=player,
    )


def _big_blind(rng: random.Random) -> int:
    return rng.choice([2, 10, 100])


def _full_increment(play: _Play) -> int:
    """The last full bet or raise of this betting round (docs/rules.md#minimum-raises): a bet or
    raise adding at least the previous full one; short all-ins do not count."""
    hand = play.hand
    increment = hand.config.min_bet
    current = 0
    for street, _player, key, fields in play.steps:
        if street != hand.street or key not in ("bet", "raise"):
            continue
        to = int(fields["amount"])  # type: ignore[call-overload]
        if to - current >= increment:
            increment = to - current
        current = to
    return increment


# -------------------------------------------------------------- action_order
def action_order_question(rng: random.Random, *, level: int, lang: str) -> Question:
    """Who acts next."""
    level = min(level, ACTION_ORDER_LEVELS - 1)
    skipped: list[int] = []
    if level == 0:
        play = _Play(rng, rng.randint(3, 6))
        kind = "preflop"
    elif level == 1:
        play = _Play(rng, rng.randint(3, 6))
        n = play.n

        def fold_some(player: int) -> str:
            live = len(play.live())
            if player == 1 or live <= 2 or rng.random() < 0.5:
                return "check_call"
            return "fold"

        play.until(Street.FLOP, fold_some)
        skipped = [i for i in range(n) if play.hand.folded[i] and i < play.live()[0]]
        kind = "postflop"
    elif level == 2:
        play = _Play(rng, 2)
        if rng.random() < 0.5:
            kind = "heads_up_preflop"
        else:
            play.until(Street.FLOP)
            kind = "heads_up_postflop"
    elif level == 3:
        play = _Play(rng, rng.randint(3, 6))
        n = play.n
        while play.hand.actor != 1:
            play.act("fold" if rng.random() < 0.3 and len(play.live()) > 2 else "call")
        kind = "option"
    else:
        # After a bet and an all-in raise, the action goes round to who has not matched it.
        n = rng.randint(4, 6)
        bb = _big_blind(rng)
        play = _Play(rng, n, bb=bb, stacks={2: bb + bb * rng.randint(6, 12)})
        play.until(Street.FLOP)
        play.act("check")
        play.act("raise", bb * rng.randint(1, 3))
        play.act("all_in")
        for _ in range(rng.randint(1, n - 3)):
            play.act("fold")
        skipped = [i for i in range(n) if play.hand.folded[i]] + [2]
        kind = "around"
    hand = play.hand
    player = hand.actor
    assert player is not None
    fields: dict[str, object] = {"name": _name(player), "bb": _name(hand.config.big_blind_player)}
    facts = message(lang, f"quiz.order.{kind}", **fields)
    if skipped:
        facts += message(lang, "quiz.order.skipped", names=join_names([_name(i) for i in sorted(skipped)], lang))
    facts = message(lang, "quiz.end", text=facts)
    rules = {"heads_up_preflop": ("heads_up",), "heads_up_postflop": ("heads_up",), "option": ("action_order", "check")}
    facts = with_cite(facts, lang, *rules.get(kind, ("action_order",)))
    return _question(
        "action_order", level, play, lang, ask=message(lang, "quiz.order.ask"),
        answer={"next_to_act": _name(player)}, facts=facts,
        choices=play.live() if level != 4 else list(range(play.n)), right=player,
    )


# ---------------------------------------------------------------- show_order
def show_order_question(rng: random.Random, *, level: int, lang: str) -> Question:
    """Who must show first at a showdown nobody is all-in for (TDA 2026 18-A); at the
    top level, whether an all-in called turns every hand up now (TDA 2026 17)."""
    level = min(level, SHOW_ORDER_LEVELS - 1)
    if level == 4:
        return _tabled_question(rng, lang)
    if level == 5:
        return _volunteer_question(rng, lang)
    n = rng.randint(2, 3) if level == 0 else rng.randint(3, 5)
    play = _Play(rng, n)

    def some_fold(player: int) -> str:
        # Anyone but the big blind may fold preflop; two or more stay in.
        if play.hand.street == Street.PREFLOP and player != 1 and len(play.live()) > 2 and rng.random() < 0.4:
            return "fold"
        return "check_call"

    play.until(Street.TURN if level == 3 else Street.RIVER, some_fold)
    live = play.live()
    note = ""
    if level == 3:
        # A turn bet, called: it does not decide who shows first.
        bettor = rng.choice(live[1:])
        while play.hand.actor != bettor:
            play.act("check")
        play.act("raise", play.bb * rng.randint(1, 4))
        play.until(Street.RIVER)
        note = message(lang, "quiz.show.turn_note", name=_name(bettor))
    if level in (0, 2):
        bettor = rng.choice(live)
        while play.hand.actor != bettor:
            play.act("check")
        bet = play.bb * rng.randint(1, 4)
        play.act("raise", bet)
        if level == 2:
            raiser = rng.choice([p for p in live if p != bettor])
            while play.hand.actor != raiser:
                play.act("call")
            play.act("raise", bet * rng.randint(2, 3))
    play.until(Street.SHOWDOWN)
    hand = play.hand
    first = hand.showdown_order[0]
    river_bets = [s for s in play.steps if s[0] == Street.RIVER and s[2] in ("bet", "raise")]
    kind = "aggressor" if river_bets else "first_left"
    facts = with_cite(message(lang, f"quiz.show.{kind}", name=_name(first)) + note, lang, "show_order")
    return _question(
        "show_order", level, play, lang, ask=message(lang, "quiz.show.ask"),
        answer={"first_to_show": _name(first)}, facts=facts, choices=live, right=first,
    )


def _volunteer_question(rng: random.Random, lang: str) -> Question:
    """The river is checked (or bet and called) and, before the first to show has shown, a
    later player tables both cards at once: allowed -- the order of show is only for
    when nobody shows of their own accord (TDA 2026 18-A; seed 004). The first to show
    is the engine's."""
    n = rng.randint(3, 5)
    play = _Play(rng, n)
    play.until(Street.RIVER)
    if rng.random() < 0.5:  # a river bet, called round: the bettor shows first
        bettor = rng.choice(play.live())
        while play.hand.actor != bettor:
            play.act("check")
        play.act("raise", play.bb * rng.randint(1, 4))
    play.until(Street.SHOWDOWN)
    hand = play.hand
    first = hand.showdown_order[0]
    eager = rng.choice([p for p in hand.showdown_order if p != first])
    ask = message(lang, "quiz.show.volunteer.ask", name=_name(eager), first=_name(first))
    options = ["yes", "no", "best_only", "after_muck"]
    rng.shuffle(options)
    facts = with_cite(
        message(lang, "quiz.show.volunteer.facts", name=_name(eager), first=_name(first)), lang, "show_order"
    )
    return Question(
        topic="show_order",
        level=5,
        prompt=play.narrate(lang) + message(lang, "quiz.sentence_sep") + ask,
        choices=tuple(message(lang, f"quiz.show.volunteer.{option}", first=_name(first)) for option in options),
        answer_index=options.index("yes"),
        answer={"may_show": True},
        explanation=facts,
        data={"phh": play.phh(), "player": _name(eager), "first_to_show": _name(first)},
        ask=ask,
        diagram=play.diagram(lang, mark=eager),
    )


def _tabled_question(rng: random.Random, lang: str) -> Question:
    """A player is all-in and the last player to act is about to call: are the hands
    turned face up now? Only when nobody still in can bet any more (seed 004's two
    first cases: a preflop all-in called heads-up, against three players on the flop
    two of whom can still bet). The answer is the engine's: after the call, is
    anyone left to act?"""
    bb = _big_blind(rng)
    short = bb * rng.randint(5, 30)
    case = rng.choice(("heads_up", "folded", "two_all_in", "others_bet", "others_bet"))
    if case == "heads_up":  # p2, the button and small blind, moves all-in; p1 must call
        play = _Play(rng, 2, bb=bb, stacks={1: short})
        play.act("all_in")
    elif case == "folded":  # the button all-in, the small blind folds, the big blind to call
        play = _Play(rng, 3, bb=bb, stacks={2: short})
        play.act("all_in")
        play.act("fold")
    else:  # all in to the flop; there the small blind (and in one case the next) moves all-in
        n = 3 if case == "two_all_in" else rng.randint(3, 4)
        stacks = {0: short, 1: short + bb * rng.randint(5, 20)} if case == "two_all_in" else {0: short}
        play = _Play(rng, n, bb=bb, stacks=stacks)
        play.until(Street.FLOP)
        play.act("all_in")
        if case == "two_all_in":
            play.act("all_in")
        while play.hand.actor != n - 1:
            play.act("call")
    hand = play.hand
    caller = hand.actor
    assert caller is not None
    all_in = [i for i in play.live() if hand.stacks[i] == 0]
    call = hand.legal().call
    diagram = play.diagram(lang, mark=caller)
    narrated, phh = play.narrate(lang), play.phh()
    play.act("call")
    now = hand.actor is None  # nobody left who could bet: the betting is over
    names = join_names([_name(i) for i in all_in], lang)
    if now:
        facts = message(lang, "quiz.show.tabled.now_facts", names=names, caller=_name(caller))
    else:
        others = join_names([_name(i) for i in play.live() if hand.stacks[i] > 0], lang)
        facts = message(lang, "quiz.show.tabled.later_facts", names=names, others=others)
    options = ["now", "later", "all_in_only", "river"]
    rng.shuffle(options)
    ask = message(lang, "quiz.show.tabled.ask", caller=_name(caller), amount=call)
    return Question(
        topic="show_order",
        level=4,
        prompt=narrated + message(lang, "quiz.sentence_sep") + ask,
        choices=tuple(message(lang, f"quiz.show.tabled.{option}") for option in options),
        answer_index=options.index("now" if now else "later"),
        answer={"tabled_now": now},
        explanation=with_cite(facts, lang, "all_in_showdown"),
        data={"phh": phh, "caller": _name(caller)},
        ask=ask,
        diagram=diagram,
    )
