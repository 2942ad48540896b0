"""Drills on the game around the hand: ``cash_vs_tournament`` and ``etiquette``.

cash_vs_tournament (seed 001: "現金桌多半固定 / 錦標賽會升盲"): the answers
are the table layer's -- a tournament's clock (:meth:`Event.clock`) against a
cash table's fixed blinds, what a busted player may do
(:meth:`CashTable.buy_in_range`, :func:`~pokerdealer.table.place_busts`), what
chips are worth (:func:`~pokerdealer.table.payout_table`,
:meth:`CashTable.leave`), adding chips (:meth:`CashTable.top_up`). Levels:
blinds after some minutes; losing every chip; two players out in one hand;
what the chips are worth; adding chips; whose rules decide (the TDA's are written
for tournaments; a card room, a site or a home game may have its own, seeds 001
and 004).

etiquette (seed 003, "轮到自己再行动、不泄露弃掉的牌"; seed 004 on protecting
your hand): the answers are the rules engine's -- whose turn it is and who
acts before a player who wants to act early (:attr:`Hand.actor`, which refuses
anyone else), who may ever see a folded hand (:meth:`Hand.view`), who wins when
the best hand is thrown away unshown (:meth:`Hand.muck`), and that an action said
or chips put forward in turn bind (the engine takes the first and moves on). Levels
in that order.

>>> import random
>>> q = etiquette_question(random.Random(3), level=2, lang="en")
>>> q.answer["winners"] != [q.data["mucked"]]
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from pokerdealer.cards import Card, deck_cards
from pokerdealer.errors import PokerDealerError
from pokerdealer.evaluation import evaluate
from pokerdealer.evaluation.explain import card_label
from pokerdealer.i18n import join_names, message
from pokerdealer.learn.betting import _name, _Play
from pokerdealer.learn.diagram import hands_diagram
from pokerdealer.learn.drill_cites import with_cite
from pokerdealer.learn.question import Question
from pokerdealer.rules import Action, Street
from pokerdealer.table import (
    CashGameSettings,
    CashTable,
    Event,
    EventSettings,
    Level,
    TableError,
    payout_table,
    place_busts,
    structure,
)

__all__ = [
    "CASH_VS_TOURNAMENT_LEVELS",
    "ETIQUETTE_LEVELS",
    "WHOSE_RULES",
    "cash_vs_tournament_question",
    "etiquette_question",
]

CASH_VS_TOURNAMENT_LEVELS = 6
ETIQUETTE_LEVELS = 4
_NAMES = "ABCDEF"


def _choices(rng: random.Random, right: str, wrong: Sequence[str]) -> tuple[tuple[str, ...], int]:
    options = [right]
    for text in wrong:
        if text not in options:
            options.append(text)
    rng.shuffle(options)
    return tuple(options), options.index(right)


def _blinds(lang: str, small: int, big: int) -> str:
    return message(lang, "quiz.game.blinds", small=small, big=big)


# -------------------------------------------------------- cash_vs_tournament
def _cash_table(small: int, big: int, low: int, high: int, *, a: int | None = None) -> CashTable:
    """A cash table where A (with ``a`` chips, default the maximum) and B sit."""
    table = CashTable(CashGameSettings(small, big, low, high), rng=random.Random(0), first_button=1)
    table.sit_down("A", high if a is None else a)
    table.sit_down("B", high)
    return table


def _blinds_later(rng: random.Random, lang: str) -> dict[str, object]:
    """Blinds some minutes after the start: the cash table's stay, the tournament's rise.

    The prompt lists the tournament's schedule (its levels and breaks) to one level
    past the answer, so the question can be answered from what it says; the time asked
    is inside a level (never on the minute a level changes, never in a break) and past
    the first level, so the four choices differ."""
    preset = rng.choice(["turbo", "regular", "deep"])
    levels = structure(preset, timed=True)
    event = Event(EventSettings(starting_stack=1500, levels=levels), rng=random.Random(0))
    for name in _NAMES[:4]:
        event.register(name)
    event.start(now=0.0)
    first = next(x for x in levels if isinstance(x, Level))
    length = int(first.minutes or 1)
    changes = set()  # the minutes on which a level or a break begins
    elapsed = 0
    for item in levels:
        changes.add(elapsed)
        elapsed += int(item.minutes or 0)
    while True:
        minutes = rng.randint(length + 1, 8 * length)  # within the first levels, past the first
        clock = event.clock(now=minutes * 60.0)
        if clock.level is not None and minutes not in changes:
            break
    cash = _cash_table(first.small_blind, first.big_blind, 40 * first.big_blind, 100 * first.big_blind)
    record = cash.start_hand(now=minutes * 60.0)
    cash_blinds = record.hand.config.blinds
    now = (clock.level.small_blind, clock.level.big_blind)
    number = sum(1 for x in levels[: clock.index + 1] if isinstance(x, Level))
    after = next(x for x in levels[clock.index + 1 :] if isinstance(x, Level))
    shown = (*levels[: clock.index + 1], after)
    schedule = message(lang, "list.separator").join(
        _blinds(lang, x.small_blind, x.big_blind) if isinstance(x, Level)
        else message(lang, "quiz.game.later.break", minutes=x.minutes)
        for x in shown
    )
    right = message(lang, "quiz.game.blinds_pair", cash=_blinds(lang, *cash_blinds), tournament=_blinds(lang, *now))
    one_less = next(x for x in reversed(levels[: clock.index]) if isinstance(x, Level))
    wrong = [
        message(lang, "quiz.game.blinds_pair", cash=_blinds(lang, *now), tournament=_blinds(lang, *now)),
        message(lang, "quiz.game.blinds_pair", cash=_blinds(lang, *cash_blinds), tournament=_blinds(lang, *cash_blinds)),
    ]
    # The level before (one too few), else the level after (one too many): both are listed.
    off_by_one = one_less if (one_less.small_blind, one_less.big_blind) != tuple(cash_blinds) else after
    wrong.append(message(
        lang, "quiz.game.blinds_pair", cash=_blinds(lang, *cash_blinds),
        tournament=_blinds(lang, off_by_one.small_blind, off_by_one.big_blind),
    ))
    return {
        "prompt": message(
            lang, "quiz.game.later.ask", blinds=_blinds(lang, *cash_blinds), minutes=length, later=minutes,
            schedule=schedule,
        ),
        "right": right, "wrong": wrong,
        "facts": message(
            lang, "quiz.game.later.facts", cash=_blinds(lang, *cash_blinds), minutes=length, later=minutes,
            level=number, tournament=_blinds(lang, *now),
        ),
        "answer": {"cash": list(cash_blinds), "tournament": list(now)},
        "data": {"preset": preset, "minutes": minutes},
        "rules": ("cash_game", "tournament"),
    }


def _bust(rng: random.Random, lang: str) -> dict[str, object]:
    """Losing every chip: a cash player may buy in again, a freezeout player is out."""
    if rng.random() < 0.5:
        big = rng.choice([2, 10, 20])
        low, high = 20 * big, 100 * big
        table = CashTable(CashGameSettings(big // 2, big, low, high), rng=random.Random(0))
        table.sit_down("B", high)
        # A lost every chip (and so left with none: no minimum from chips taken
        # off, WSOP-LA 58); the engine says what A may sit down with again.
        low, high = table.buy_in_range("A")
        right = message(lang, "quiz.game.bust.rebuy", low=low, high=high)
        wrong = [
            message(lang, "quiz.game.bust.out"),
            message(lang, "quiz.game.bust.wait_level"),
            message(lang, "quiz.game.bust.rebuy", low=low // 2, high=high * 2),
        ]
        return {
            "prompt": message(lang, "quiz.game.bust.cash_ask", blinds=_blinds(lang, big // 2, big), low=low, high=high),
            "right": right, "wrong": wrong,
            "facts": message(lang, "quiz.game.bust.cash_facts", low=low, high=high),
            "answer": {"game": "cash", "buy_in": [low, high]},
            "data": {"game": "cash"},
            "rules": ("cash_game",),
        }
    left = rng.randint(3, 9)
    (place, _names), = place_busts(left, [("A", rng.randint(1, 50) * 100)])
    right = message(lang, "quiz.game.bust.out_place", place=place)
    wrong = [
        message(lang, "quiz.game.bust.rebuy_any"),
        message(lang, "quiz.game.bust.out_place", place=place - 1),
        message(lang, "quiz.game.bust.out_place", place=1),
    ]
    return {
        "prompt": message(lang, "quiz.game.bust.tournament_ask", left=left),
        "right": right, "wrong": wrong,
        "facts": message(lang, "quiz.game.bust.tournament_facts", place=place, left=left),
        "answer": {"game": "tournament", "place": place},
        "data": {"game": "tournament", "left": left},
        "rules": ("tournament",),
    }


def _two_out(rng: random.Random, lang: str) -> dict[str, object]:
    """Two players out in one hand: more chips at the start of the hand finishes higher."""
    left = rng.randint(4, 9)
    chips = rng.sample(range(2, 40), 2) if rng.random() < 0.8 else [rng.randint(2, 39)] * 2
    stacks = {"A": chips[0] * 100, "B": chips[1] * 100}
    groups = place_busts(left - 1, list(stacks.items()))
    places = {name: place for place, names in groups for name in names}
    def said(a: int, b: int) -> str:
        return message(lang, "list.separator").join(
            message(lang, "quiz.game.place", name=name, place=place) for name, place in (("A", a), ("B", b))
        )

    right = said(places["A"], places["B"])
    # Every other way the two places could be given out.
    wrong = [said(a, b) for a in (left - 1, left) for b in (left - 1, left) if (a, b) != (places["A"], places["B"])]
    return {
        "prompt": message(lang, "quiz.game.two_out.ask", left=left, a=stacks["A"], b=stacks["B"]),
        "right": right, "wrong": wrong,
        "facts": message(lang, "quiz.game.two_out.facts" if len(groups) == 2 else "quiz.game.two_out.tie", places=right),
        "answer": {"places": places},
        "data": {"left": left, "stacks": stacks},
        "rules": ("tournament",),
    }


def _chips_worth(rng: random.Random, lang: str) -> dict[str, object]:
    """Cash chips are money you take when you leave; tournament chips win a prize by place."""
    if rng.random() < 0.5:
        big = rng.choice([2, 10, 20])
        chips = rng.randint(5, 300) * big
        # A bought in for 100 big blinds and now has ``chips`` (a table that seats
        # such a stack); leaving, A takes what the table hands back.
        table = _cash_table(big // 2, big, 5 * big, max(100 * big, chips), a=chips)
        taken = table.leave("A")
        right = message(lang, "quiz.game.worth.cash", chips=taken)
        wrong = [
            message(lang, "quiz.game.worth.cash", chips=100 * big),
            message(lang, "quiz.game.worth.nothing"),
            message(lang, "quiz.game.worth.cash", chips=taken - 100 * big),
        ]
        return {
            "prompt": message(lang, "quiz.game.worth.cash_ask", buy_in=100 * big, chips=chips),
            "right": right, "wrong": wrong,
            "facts": message(lang, "quiz.game.worth.cash_facts", chips=taken),
            "answer": {"game": "cash", "takes": taken},
            "data": {"game": "cash", "buy_in": 100 * big, "chips": chips},
            "rules": ("cash_game",),
        }
    entries = rng.randint(6, 20)
    buy_in = rng.choice([10, 20, 50, 100])
    percents = rng.choice([(50, 30, 20), (60, 40), (65, 35), (40, 30, 20, 10)])
    prizes = payout_table(entries * buy_in, entries, percents)
    place = rng.randint(1, len(prizes))
    chips = rng.randint(20, 200) * 100
    right = message(lang, "quiz.game.worth.prize", prize=prizes[place - 1])
    wrong = [
        message(lang, "quiz.game.worth.prize", prize=chips),
        message(lang, "quiz.game.worth.prize", prize=buy_in),
        message(lang, "quiz.game.worth.prize", prize=prizes[place] if place < len(prizes) else prizes[0]),
    ]
    return {
        "prompt": message(
            lang, "quiz.game.worth.tournament_ask", entries=entries, buy_in=buy_in, pool=entries * buy_in,
            percents=" / ".join(f"{p}%" for p in percents), place=place, chips=chips,
        ),
        "right": right, "wrong": wrong,
        "facts": message(lang, "quiz.game.worth.tournament_facts", pool=entries * buy_in, place=place, prize=prizes[place - 1]),
        "answer": {"game": "tournament", "prize": prizes[place - 1]},
        "data": {"game": "tournament", "entries": entries, "buy_in": buy_in, "percents": list(percents), "place": place},
        "rules": ("tournament",),
    }


def _top_up(rng: random.Random, lang: str) -> dict[str, object]:
    """Adding chips at a cash table: between hands, up to the maximum buy-in."""
    big = rng.choice([2, 10, 20])
    high = 100 * big
    stack = rng.randint(5, 95) * big
    candidates = sorted({high - stack, high, stack, max(big, (high - stack) // 2)})
    # The most the engine lets A add between hands: every candidate tried on A's table.
    allowed = []
    for amount in candidates:
        table = _cash_table(big // 2, big, 5 * big, high, a=stack)
        try:
            table.top_up("A", amount)
        except TableError:
            continue
        allowed.append(amount)
    most = max(allowed)
    right = message(lang, "quiz.game.top_up.amount", amount=most)
    wrong = [message(lang, "quiz.game.top_up.amount", amount=a) for a in candidates if a != most]
    wrong.append(message(lang, "quiz.game.top_up.none"))
    return {
        "prompt": message(lang, "quiz.game.top_up.ask", blinds=_blinds(lang, big // 2, big), high=high, stack=stack),
        "right": right, "wrong": wrong[:3],
        "facts": message(lang, "quiz.game.top_up.facts", high=high, stack=stack, amount=most),
        "answer": {"game": "cash", "top_up": most},
        "data": {"game": "cash", "max_buy_in": high, "stack": stack},
        "rules": ("cash_game",),
    }


#: Where a game is played -> whose rules decide there (seed 004: the TDA's are written for
#: tournaments that adopt them; cash games, online rooms and home games may have house rules,
#: and what is posted where you play decides; seed 001 the same of rooms and sites).
WHOSE_RULES = {"tournament": "tda", "card_room": "house", "online": "site", "home": "agreed"}


def _whose_rules(rng: random.Random, lang: str) -> dict[str, object]:
    """Which rules decide a question at the table, by where the game is played."""
    where = rng.choice(list(WHOSE_RULES))
    about = rng.choice(["show_order", "dead_button", "odd_chip", "min_raise"])
    right = WHOSE_RULES[where]
    return {
        "prompt": message(
            lang, "quiz.game.rules.ask", where=message(lang, f"quiz.game.rules.where.{where}"),
            about=message(lang, f"quiz.game.rules.about.{about}"),
        ),
        "right": message(lang, f"quiz.game.rules.{right}"),
        "wrong": [message(lang, f"quiz.game.rules.{other}") for other in WHOSE_RULES.values() if other != right],
        "facts": message(lang, "quiz.game.rules.facts", right=message(lang, f"quiz.game.rules.{right}")),
        "answer": {"rules": right},
        "data": {"where": where, "about": about},
        "rules": ("house_rules",),
        "why": "",
    }


def cash_vs_tournament_question(rng: random.Random, *, level: int, lang: str) -> Question:
    """What differs between a cash game and a tournament, asked about one case."""
    level = min(level, CASH_VS_TOURNAMENT_LEVELS - 1)
    make = (_blinds_later, _bust, _two_out, _chips_worth, _top_up, _whose_rules)[level]
    case = make(rng, lang)
    choices, index = _choices(rng, case["right"], case["wrong"])  # type: ignore[arg-type]
    if case.get("why") == "":  # a case that is not about cash against tournament says its facts alone
        text = message(lang, "quiz.end", text=case["facts"])
    else:
        text = message(lang, "quiz.explain", facts=case["facts"], why=message(lang, "quiz.game.why"))
    return Question(
        topic="cash_vs_tournament",
        level=level,
        prompt=str(case["prompt"]),
        choices=choices,
        answer_index=index,
        answer=case["answer"],  # type: ignore[arg-type]
        explanation=with_cite(text, lang, *case["rules"]),  # type: ignore[misc]
        data=case["data"],  # type: ignore[arg-type]
        ask=str(case["prompt"]),
        diagram=None,
    )


# ------------------------------------------------------------------ etiquette
def _in_turn(rng: random.Random, lang: str) -> Question:
    """A player who means to fold waits for the players before them."""
    n = rng.randint(5, 8)
    play = _Play(rng, n)
    play.until(Street.FLOP if rng.random() < 0.5 else Street.PREFLOP)
    hand = play.hand
    first = hand.actor
    assert first is not None
    # The eager player: two to four seats after the one to act.
    eager = (first + rng.randint(2, min(4, n - 1))) % n
    while hand.folded[eager] or eager == first:
        eager = (eager + 1) % n
    if hand.can(Action("fold", eager)):  # pragma: no cover - the engine takes only the actor
        raise PokerDealerError("the engine let a player act out of turn")
    prompt_table = play.narrate(lang)
    diagram = play.diagram(lang, mark=eager)
    phh = play.phh()
    # Who acts before the eager player: the engine plays on (everyone calls) until it is their turn.
    before = []
    while hand.actor != eager:
        before.append(hand.actor)
        play.act("check_call")
    names = join_names([_name(p) for p in before], lang)  # type: ignore[arg-type]
    ask = message(lang, "quiz.etiquette.turn.ask", name=_name(eager), first=_name(first))
    right = message(lang, "quiz.etiquette.turn.wait", names=names)
    wrong = [
        message(lang, "quiz.etiquette.turn.now"),
        message(lang, "quiz.etiquette.turn.wait", names=_name(first)),
        message(lang, "quiz.etiquette.turn.tell"),
    ]
    choices, index = _choices(rng, right, wrong)
    facts = message(lang, "quiz.etiquette.turn.facts", name=_name(eager), first=_name(first), names=names)
    return Question(
        topic="etiquette", level=0, prompt=prompt_table + message(lang, "quiz.sentence_sep") + ask,
        choices=choices, answer_index=index,
        answer={"wait_for": [_name(p) for p in before]},  # type: ignore[misc]
        explanation=with_cite(facts, lang, "act_in_turn"),
        data={"phh": phh, "player": _name(eager)},
        ask=ask, diagram=diagram,
    )


def _folded_cards(rng: random.Random, lang: str) -> Question:
    """Nobody else ever sees a folded hand: so nobody tells it."""
    n = rng.randint(3, 6)
    play = _Play(rng, n)
    hand = play.hand
    folder = hand.actor
    assert folder is not None
    cards = hand.hole_cards[folder]
    play.act("fold")
    play.until(Street.FLOP)
    prompt_table = play.narrate(lang)
    diagram = play.diagram(lang, mark=folder)
    # Who may see the folded cards, now and once the hand is over: the engine's views.
    during = [q for q in range(n) if q != folder and hand.view(q).hole_cards[folder] is not None]
    play.until(Street.SHOWDOWN)
    hand.auto_showdown()
    after = [q for q in range(n) if q != folder and hand.view(q).hole_cards[folder] is not None]
    seen = sorted(set(during) | set(after))
    labels = " ".join(card_label(card) for card in cards)
    ask = message(lang, "quiz.etiquette.folded.ask", name=_name(folder), cards=labels)
    if seen:  # pragma: no cover - a folded hand is shown to nobody
        raise PokerDealerError(f"the engine showed {_name(folder)}'s folded cards to {seen}")
    right = message(lang, "quiz.etiquette.folded.nobody")
    wrong = [
        message(lang, "quiz.etiquette.folded.after_flop"),
        message(lang, "quiz.etiquette.folded.still_in"),
        message(lang, "quiz.etiquette.folded.neighbour"),
    ]
    choices, index = _choices(rng, right, wrong)
    facts = message(lang, "quiz.etiquette.folded.facts", name=_name(folder))
    return Question(
        topic="etiquette", level=1, prompt=prompt_table + message(lang, "quiz.sentence_sep") + ask,
        choices=choices, answer_index=index, answer={"may_see": [_name(q) for q in seen]},
        explanation=with_cite(facts, lang, "folded_cards"),
        data={"player": _name(folder), "cards": "".join(str(c) for c in cards)},
        ask=ask, diagram=diagram,
    )


def _protect(rng: random.Random, lang: str) -> Question:
    """The best hand thrown away unshown wins nothing: the other hand takes the pot."""
    while True:
        deck = list(deck_cards())
        rng.shuffle(deck)
        board, a, b = tuple(deck[:5]), tuple(deck[5:7]), tuple(deck[7:9])
        ra, rb = evaluate(board + a).rank, evaluate(board + b).rank
        if ra != rb:
            break
    best, other = ("A", "B") if ra > rb else ("B", "A")
    holes = {"A": a, "B": b}
    play = _ShowdownPlay(board, holes, first=best, rng=rng)
    winners = play.result_winners()
    labels = {name: " ".join(card_label(c) for c in cards) for name, cards in holes.items()}
    # The page draws the hands and asks `ask` alone: the story is told in it.
    ask = message(lang, "quiz.etiquette.protect.story", name=best, other=other) + message(
        lang, "quiz.sentence_sep") + message(lang, "quiz.etiquette.protect.ask")
    prompt = message(
        lang, "quiz.etiquette.protect.prompt", board=" ".join(card_label(c) for c in board),
        a=labels["A"], b=labels["B"], ask=ask,
    )
    options: list[list[str]] = [[best], [other], ["A", "B"]]
    choices = tuple(
        option[0] if len(option) == 1 else message(lang, "quiz.split", names=join_names(option, lang)) for option in options
    )
    facts = message(
        lang, "quiz.etiquette.protect.facts", name=best, other=other,
        hand=evaluate(board + holes[best]).describe(lang), other_hand=evaluate(board + holes[other]).describe(lang),
    )
    return Question(
        topic="etiquette", level=2, prompt=prompt, choices=choices, answer_index=options.index(winners),
        answer={"winners": winners},
        explanation=with_cite(facts, lang, "protect_hand", "uncontested"),
        data={
            "board": " ".join(str(c) for c in board), "hands": {n: "".join(str(c) for c in h) for n, h in holes.items()},
            "mucked": best, "button": other, "shown": play.shown(),
        },
        ask=ask,
        diagram=hands_diagram([(name, [str(c) for c in cards]) for name, cards in holes.items()], board=[str(c) for c in board]),
    )


class _ShowdownPlay:
    """A heads-up hand checked down to the river, where ``first`` (the big blind, so the
    first player left of the button: first to show) throws the best hand away face down
    (a muck) before showing it; the engine awards the pot."""

    def __init__(self, board: tuple[Card, ...], holes: dict[str, tuple[Card, ...]], *, first: str, rng: random.Random) -> None:
        from pokerdealer.rules import Hand, HandConfig, deck_for_deal

        names = tuple(holes)
        button = 1 - names.index(first)  # heads-up the button is the other player
        config = HandConfig(stacks=(200, 200), blinds=(1, 2), players=names, button=button)
        self.hand = Hand(config, deck_for_deal(config, [holes[n] for n in names], board))
        self.names = names
        self.first = first

    def shown(self) -> list[str]:
        """Whose cards the engine turned up (none: the last hand in wins unseen)."""
        assert self.hand.result is not None
        return sorted(self.names[p] for p in self.hand.result.shown)

    def result_winners(self) -> list[str]:
        hand = self.hand
        while hand.street is not Street.SHOWDOWN:
            hand.check_or_call()
        while hand.result is None:
            actor = hand.legal().actor
            assert actor is not None
            if self.names[actor] == self.first:
                hand.muck()
            else:
                hand.show()
        result = hand.result
        won = {self.names[w] for award in result.awards for w in award.winners}
        return sorted(won)


def _binding(rng: random.Random, lang: str) -> Question:
    """At a live table an action said, or chips put forward, in turn binds (TDA 2026 42-A,
    52-A; seed 001: a live table has spoken actions and chips): the player to act says
    "call" (or "raise to N", "check") or pushes a call forward without a word, then
    wants to change it. What stands is what they did first; the engine takes it, and the
    turn passes."""
    n = rng.randint(3, 6)
    play = _Play(rng, n)
    if rng.random() < 0.5:
        play.until(Street.FLOP)
        if rng.random() < 0.5:  # a bet to face on the flop
            play.act("raise", play.bb * rng.randint(1, 3))
    hand = play.hand
    player = hand.actor
    assert player is not None
    legal = hand.legal()
    if legal.call is None:
        kind, said, change = "check", "said.check", "bet"
    else:
        kind, said, change = rng.choice([("call", "said.call", "fold"), ("call", "pushed.call", "fold"),
                                         ("raise", "said.raise", "call")])
    amount = legal.call if kind == "call" else legal.min_raise_to if kind == "raise" else None
    prompt_table, diagram, phh = play.narrate(lang), play.diagram(lang, mark=player), play.phh()
    done = play.act(kind, amount if kind == "raise" else None)
    record = hand.log[-1]
    if hand.can(Action("fold", done)) or hand.actor == done:  # pragma: no cover - the turn has passed
        raise PokerDealerError("the engine let a player take back an action")
    fields = {"name": _name(done), "amount": record.amount}
    did = message(lang, f"quiz.etiquette.binding.{said}", **fields)
    wants = message(lang, f"quiz.etiquette.binding.change.{change}")
    ask = message(lang, "quiz.etiquette.binding.ask", did=did, wants=wants, **fields)
    right = message(lang, f"quiz.etiquette.binding.stands.{kind}", **fields)
    wrong = [
        message(lang, "quiz.etiquette.binding.may_change", wants=wants, **fields),
        message(lang, "quiz.etiquette.binding.dealer", **fields),
        message(lang, "quiz.etiquette.binding.nothing_yet" if said.startswith("said") else "quiz.etiquette.binding.no_word", **fields),
    ]
    choices, index = _choices(rng, right, wrong)
    facts = message(lang, "quiz.etiquette.binding.facts", stands=right)
    return Question(
        topic="etiquette", level=3, prompt=prompt_table + message(lang, "quiz.sentence_sep") + ask,
        choices=choices, answer_index=index,
        answer={"stands": {"kind": record.kind, "amount": record.amount}},
        explanation=with_cite(facts, lang, "binding"),
        data={"phh": phh, "player": _name(done), "did": said},
        ask=ask, diagram=diagram,
    )


def etiquette_question(rng: random.Random, *, level: int, lang: str) -> Question:
    """Act in turn; don't tell what you folded; protect your hand; what binds."""
    level = min(level, ETIQUETTE_LEVELS - 1)
    return (_in_turn, _folded_cards, _protect, _binding)[level](rng, lang)

