"""The ``quiz`` command: practice drills in the terminal, or as JSON.

::

    pokerdealer quiz [--topic all|showdown|best_five|side_pots|min_raise|action_order|show_order|
                              hand_rankings|positions|limits|odd_chips|short_deck|
                              cash_vs_tournament|etiquette]
                     [--count 6] [--seed N] [--lang en|zh-Hant|zh-Hans] [--json]

``--json`` prints ``{"questions": [...]}``, each question as
:meth:`pokerdealer.learn.Question.to_json` writes it (a contract: ``topic``,
``level``, ``prompt``, ``choices``, ``answer_index``, ``answer``,
``explanation``, ``data``, ``ask``, ``diagram``). Without it the drills are asked one by one: type a
choice's number, or the answer itself (a player, five cards, an amount); each
answer is judged and explained, and the score comes at the end. The questions
are read from standard input line by line, so a file or a pipe works too; end
of input stops the drill and gives the score so far. Without ``--seed`` a seed
is drawn and printed, to do the same drills again.
"""

from __future__ import annotations

import json
import secrets
import sys
from typing import TYPE_CHECKING, Annotated

import typer

from pokerdealer.cli._app import app, console, reports_errors
from pokerdealer.cli._options import option_value
from pokerdealer.errors import PokerDealerError
from pokerdealer.i18n import message

if TYPE_CHECKING:  # the drills (the rules, the evaluator) load when the command runs
    from pokerdealer.learn import Question

__all__ = ["quiz_command"]

# The help lists pokerdealer.learn's TOPICS and MAX_COUNT without importing the
# drills for every --help (tests/cli/test_quiz_cli.py checks they agree).
_TOPICS_HELP = (
    "showdown, best_five, side_pots, min_raise, action_order, show_order, hand_rankings, positions, "
    "limits, odd_chips, short_deck, cash_vs_tournament, etiquette, glossary, all"
)
_MAX_COUNT_HELP = 200


def _answer_text(question: Question, lang: str) -> str:
    """The right answer as the player would read it."""
    if question.answer_index is not None and question.choices is not None:
        return message(lang, "quiz.answer_choice", n=question.answer_index + 1, choice=question.choices[question.answer_index])
    value = question.answer.get("min_raise_to")
    return message(lang, "quiz.no_raise") if value is None else str(value)


def _hint(question: Question, lang: str) -> str:
    """What would be right: a choice's number, or (a player question) a player offered."""
    choices = question.choices
    if choices is not None:
        if {"next_to_act", "first_to_show"} & question.answer.keys():
            names = message(lang, "list.separator").join(choices)
            return message(lang, "quiz.hint.player", n=len(choices), names=names)
        return message(lang, "quiz.hint.choice", n=len(choices))
    return message(lang, "quiz.hint.number")


def _ask(question: Question, lang: str) -> bool | None:
    """Ask until the answer can be read; ``None`` at the end of input."""
    from rich.text import Text

    from pokerdealer.learn import judge

    while True:
        console.print(Text(message(lang, "quiz.your_answer")), end="")
        line = sys.stdin.readline()
        if not line:
            console.print()
            return None
        verdict = judge(question, line)
        if verdict is not None:
            return verdict
        text = line.strip()
        console.print(
            Text(message(lang, "quiz.unreadable", text=text, hint=_hint(question, lang)), style="yellow")
        )


def _interactive(questions: list[Question], *, topic: str, seed: int, lang: str) -> None:
    from rich.text import Text

    total = len(questions)
    console.print(
        Text(message(lang, "quiz.intro", topic=message(lang, f"quiz.topic.{topic}"), n=total, seed=seed))
    )
    right = asked = 0
    for i, question in enumerate(questions, start=1):
        console.print()
        heading = message(lang, "quiz.question", i=i, n=total, topic=message(lang, f"quiz.topic.{question.topic}"))
        console.print(Text(heading, style="bold"))
        console.print(Text(question.prompt))
        for k, choice in enumerate(question.choices or (), start=1):
            console.print(Text(f"  {k}. {choice}"))
        verdict = _ask(question, lang)
        if verdict is None:
            break
        asked += 1
        if verdict:
            right += 1
            console.print(Text(message(lang, "quiz.right"), style="bold green"))
        else:
            answer = _answer_text(question, lang)
            console.print(Text(message(lang, "quiz.wrong", answer=answer), style="bold red"))
        console.print(Text(question.explanation))
    console.print()
    console.print(Text(message(lang, "quiz.score", right=right, total=asked), style="bold"))


@app.command("quiz")
@reports_errors
def quiz_command(
    topic: Annotated[
        str, typer.Option("--topic", help=f"One of: {_TOPICS_HELP}.")
    ] = "all",
    count: Annotated[
        int, typer.Option("--count", help=f"How many questions (1 to {_MAX_COUNT_HELP}).")
    ] = 6,
    seed: Annotated[
        int | None,
        typer.Option("--seed", help="The same seed gives the same questions (default: a new one)."),
    ] = None,
    lang: Annotated[str, typer.Option("--lang", help="Language: en, zh-Hant or zh-Hans.")] = "en",
    as_json: Annotated[bool, typer.Option("--json", help="Print the questions as JSON.")] = False,
) -> None:
    """Practice drills made by the engine: which hand wins, the best five cards,
    side pots, the minimum raise, who acts next, who shows first, the order of
    hands, positions, betting limits, odd chips, short deck, cash game or
    tournament, table manners."""
    from pokerdealer.i18n import check_lang
    from pokerdealer.learn import MAX_COUNT, drills

    with option_value("--lang", lang):
        check_lang(lang)
    if seed is not None and seed < 0:
        raise PokerDealerError(f"--seed {seed}: expected a number 0 or more")
    used_seed = seed if seed is not None else secrets.randbelow(10**9)
    if not 1 <= count <= MAX_COUNT:
        raise PokerDealerError(f"--count {count} is out of range: expected 1 to {MAX_COUNT}")
    with option_value("--topic", topic):
        questions = drills(topic, count=count, seed=used_seed, lang=lang)
    if as_json:
        data = {"questions": [question.to_json() for question in questions], "seed": used_seed}
        typer.echo(json.dumps(data, ensure_ascii=False, indent=2))
        return
    _interactive(questions, topic=topic, seed=used_seed, lang=lang)
