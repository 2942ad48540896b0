"""The ``side_pots`` drill: who can win which pot, from what each player put in.

The pots come from the rules (:func:`pokerdealer.rules.build_pots`,
docs/rules.md#side-pots); the levels follow seeds 001 and 003 ("短筹码全下只能赢主池"):
one short all-in, then a folded player whose chips stay in, then two all-ins, then both.

>>> import random
>>> q = side_pots_question(random.Random(3), level=0, lang="en")
>>> q.data["folded"], len(q.answer["pots"])
([], 2)
"""

from __future__ import annotations

import random

from pokerdealer.i18n import join_names, message
from pokerdealer.learn.diagram import Seat, table_diagram
from pokerdealer.learn.drill_cites import with_cite
from pokerdealer.learn.question import Question
from pokerdealer.rules import Pot, build_pots

__all__ = ["SIDE_POTS_LEVELS", "side_pots_question"]

SIDE_POTS_LEVELS = 4


def _contributions(rng: random.Random, level: int) -> tuple[dict[str, int], list[str]]:
    """What each player put in, and who folded; the two largest live amounts are
    equal (an uncalled bet has already gone back, docs/rules.md#uncalled-bets)."""
    unit = rng.choice([5, 10, 25])
    all_ins = 2 if level >= 2 else 1
    folds = 1 if level in (1, 3) else 0
    players = 2 + all_ins + folds + (1 if level == 3 and rng.random() < 0.5 else 0)
    names = list("ABCDEF"[:players])
    levels = sorted(rng.sample(range(2, 30), all_ins + 1))
    top = levels[-1] * unit
    amounts = [lvl * unit for lvl in levels[:-1]]
    live_amounts = amounts + [top] * (players - all_ins - folds)
    folded_amounts = [rng.randrange(1, levels[-1]) * unit for _ in range(folds)]
    if level == 3:
        # The folded player's chips sit between the all-ins: part in each pot.
        folded_amounts = [rng.randrange(levels[0] + 1, levels[-1]) * unit]
    everyone = live_amounts + folded_amounts
    order = list(range(players))
    rng.shuffle(order)
    contributions = {names[order[i]]: amount for i, amount in enumerate(everyone)}
    folded = sorted(names[order[i]] for i in range(len(live_amounts), players))
    return dict(sorted(contributions.items())), folded


def _pots(contributions: dict[str, int], folded: list[str], *, eligible_folded: bool = False) -> list[Pot]:
    names = list(contributions)
    live = [eligible_folded or name not in folded for name in names]
    return build_pots([contributions[name] for name in names], live, 0)


def _pots_json(pots: list[Pot], names: list[str]) -> list[dict[str, object]]:
    return [{"amount": pot.amount, "eligible": [names[i] for i in pot.eligible]} for pot in pots]


def _pots_text(pots: list[dict[str, object]], lang: str) -> str:
    parts = []
    for k, pot in enumerate(pots):
        label = message(lang, "quiz.pots.main") if k == 0 else message(lang, "quiz.pots.side", n=k)
        eligible = join_names(list(pot["eligible"]), lang)  # type: ignore[arg-type]
        parts.append(message(lang, "quiz.pots.pot", label=label, amount=pot["amount"], eligible=eligible))
    return message(lang, "quiz.line_sep").join(parts)


def side_pots_question(rng: random.Random, *, level: int, lang: str) -> Question:
    """Split the chips into a main pot and side pots, each with who can win it."""
    contributions, folded = _contributions(rng, min(level, SIDE_POTS_LEVELS - 1))
    names = list(contributions)
    live = [name for name in names if name not in folded]
    answer = _pots_json(_pots(contributions, folded), names)
    # Wrong answers beginners give: the short stack wins everything; folded
    # players can still win; every live player is in every pot.
    wrong: list[list[dict[str, object]]] = [
        [{"amount": sum(contributions.values()), "eligible": live}],
        [{**pot, "eligible": live} for pot in answer],
    ]
    if folded:
        wrong.append(_pots_json(_pots(contributions, folded, eligible_folded=True), names))
        wrong.append(_pots_json(_pots({n: a for n, a in contributions.items() if n not in folded}, []), live))
    options = [answer]
    for option in wrong:
        if option not in options:
            options.append(option)
    options = options[:4]
    rng.shuffle(options)
    put_in = message(lang, "list.separator").join(
        message(lang, "quiz.pots.put_in", name=name, amount=contributions[name]) for name in names
    )
    folded_text = (
        message(lang, "quiz.pots.folded", names=join_names(folded, lang)) if folded else ""
    )
    facts = [_level_line(k, pot, answer, contributions, lang) for k, pot in enumerate(answer)]
    why = message(lang, "quiz.pots.rule")
    if folded:
        why += message(lang, "quiz.pots.folded_rule", names=join_names(folded, lang))
    return Question(
        topic="side_pots",
        level=level,
        prompt=message(lang, "quiz.pots.ask", put_in=put_in, folded=folded_text),
        choices=tuple(_pots_text(option, lang) for option in options),
        answer_index=options.index(answer),
        answer={"pots": answer},
        explanation=with_cite(
            message(lang, "quiz.explain", facts=message(lang, "quiz.line_sep").join(facts), why=why),
            lang, "side_pots",
        ),
        data={"contributions": contributions, "folded": folded},
        ask=message(lang, "quiz.pots.ask_short"),
        diagram=_diagram(contributions, folded, lang),
    )


def _diagram(contributions: dict[str, int], folded: list[str], lang: str) -> dict[str, object]:
    """Each player's chips in front of them; the players below the top are all-in."""
    top = max(contributions.values())
    seats = [
        Seat(
            name, stack=0 if name not in folded and amount < top else None, bet=amount,
            cards=() if name in folded else ("", ""), folded=name in folded,
            all_in=name not in folded and amount < top,
        )
        for name, amount in contributions.items()
    ]
    return table_diagram(seats, note=message(lang, "quiz.pots.note"))


def _level_line(
    k: int, pot: dict[str, object], pots: list[dict[str, object]], contributions: dict[str, int], lang: str
) -> str:
    """``Side pot 1: the chips between 50 and 130 from each player = 160; B and C can win it.``"""
    def top(p: dict[str, object]) -> int:
        # The pot's top level: the smallest amount among those who can win it.
        return min(contributions[name] for name in p["eligible"])  # type: ignore[attr-defined]

    high = top(pot)
    low = top(pots[k - 1]) if k else 0
    eligible = join_names(list(pot["eligible"]), lang)  # type: ignore[arg-type]
    if k == 0:
        return message(lang, "quiz.pots.main_line", high=high, amount=pot["amount"], eligible=eligible)
    return message(
        lang, "quiz.pots.side_line", n=k, low=low, high=high, amount=pot["amount"], eligible=eligible
    )
