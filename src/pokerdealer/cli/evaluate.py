"""The ``eval`` and ``showdown`` commands: read hands, and say who wins and why.

::

    pokerdealer eval "As Kd" --board "Ad Qs 7h 3c 2d" [--variant holdem|shortdeck]
                     [--lang en|zh-Hant|zh-Hans] [--json]
    pokerdealer showdown --board "Ad Qs 7h 3c 2d" --player A="As Kd" --player B="Ah 9c"
                     [--variant ...] [--lang ...] [--json]

The JSON fields are a contract. ``eval`` prints one hand::

    {"category", "category_name", "rank", "best_five", "kickers", "description"}

``showdown`` prints ``{"winners", "split", "players": {name: <eval fields>},
"decided_by": {"step", "kicker_index", "explanation"}}``; ``kicker_index``
counts from 1 and is ``null`` unless the step is ``kicker``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, cast

import typer

from pokerdealer.cli._app import app, console, reports_errors
from pokerdealer.cli._options import option_value
from pokerdealer.errors import PokerDealerError

if TYPE_CHECKING:  # the evaluator and rich load when a command runs, not for --help
    from pokerdealer.cards import Variant
    from pokerdealer.evaluation import HandValue
    from pokerdealer.evaluation.showdown import ShowdownResult

__all__ = ["eval_command", "hand_json", "showdown_command", "showdown_json"]

VariantOption = Annotated[
    str, typer.Option("--variant", help="holdem, or shortdeck (36 cards, 6 through A).")
]
LangOption = Annotated[str, typer.Option("--lang", help="Language: en, zh-Hant or zh-Hans.")]
TripsOption = Annotated[
    bool,
    typer.Option(
        "--trips-beat-straight/--straight-beats-trips",
        help="Short deck only: whether three of a kind beats a straight.",
    ),
]
JsonOption = Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")]

def hand_json(value: HandValue, lang: str = "en") -> dict[str, Any]:
    """The JSON fields of one evaluated hand (the ``eval`` output).

    >>> from pokerdealer.evaluation import evaluate
    >>> hand_json(evaluate("As Kd Ad Qs 7h 3c 2d"))["kickers"]
    ['Kd', 'Qs', '7h']
    """
    from pokerdealer.i18n import message

    return {
        "category": value.category.value,
        "category_name": message(lang, f"category.{value.category.value}"),
        "rank": value.rank,
        "best_five": [str(card) for card in value.best_five],
        "kickers": [str(card) for card in value.kickers],
        "description": value.describe(lang),
    }


def showdown_json(result: ShowdownResult, lang: str = "en") -> dict[str, Any]:
    """The JSON fields of a showdown (the ``showdown --json`` output)."""
    decided_by = result.decided_by
    return {
        "winners": list(result.winners),
        "split": result.split,
        "players": {name: hand_json(value, lang) for name, value in result.hands.items()},
        "decided_by": {
            "step": decided_by.step.value,
            "kicker_index": decided_by.kicker_index,
            "explanation": decided_by.explanation,
        },
    }


def _print_json(data: dict[str, Any]) -> None:
    import json

    typer.echo(json.dumps(data, ensure_ascii=False, indent=2))


def _check_options(variant: str, lang: str) -> Variant:
    """Reject an unknown language or variant (one-line error), return the variant."""
    from pokerdealer.cards import deck_cards
    from pokerdealer.i18n import check_lang

    with option_value("--lang", lang):
        check_lang(lang)
    with option_value("--variant", variant):
        deck_cards(cast("Variant", variant))  # refuses an unknown variant with the standard message
    return cast("Variant", variant)


@app.command("eval")
@reports_errors
def eval_command(
    cards: Annotated[str, typer.Argument(metavar="CARDS", help='Hole cards, or the whole hand: "As Kd".')],
    board: Annotated[str, typer.Option("--board", metavar="<CARDS>", help='Board cards: "Ad Qs 7h 3c 2d".')] = "",
    variant: VariantOption = "holdem",
    lang: LangOption = "en",
    trips_beat_straight: TripsOption = True,
    as_json: JsonOption = False,
) -> None:
    """Evaluate one hand (5-7 cards with the board): category, best five, kickers."""
    from rich.table import Table
    from rich.text import Text

    from pokerdealer.cards import parse_cards
    from pokerdealer.cli._display import cards_text
    from pokerdealer.errors import CardParseError
    from pokerdealer.evaluation import evaluate
    from pokerdealer.i18n import message

    checked = _check_options(variant, lang)
    hand = parse_cards(cards, what="hand", variant=checked)
    board_cards = parse_cards(board, what="board", variant=checked)
    for card in hand:
        if card in board_cards:
            raise CardParseError(
                f"'{card}' appears twice: in the hand and on the board", token=str(card)
            )
    value = evaluate(hand + board_cards, checked, trips_beat_straight=trips_beat_straight)
    if as_json:
        _print_json(hand_json(value, lang))
        return
    best = set(value.best_five)
    table = Table(show_header=False, box=None, padding=(0, 2, 0, 0))
    table.add_column(style="bold")
    table.add_column()
    table.add_row(Text(message(lang, "ui.cards")), cards_text(hand, highlight=best))
    if board_cards:
        table.add_row(Text(message(lang, "ui.board")), cards_text(board_cards, highlight=best))
    table.add_row(Text(message(lang, "ui.best_five")), cards_text(value.best_five, highlight=best))
    table.add_row(Text(message(lang, "ui.hand")), Text(value.describe(lang)))
    console.print(table)


def _parse_player(spec: str) -> tuple[str, str]:
    name, sep, cards = spec.partition("=")
    name = name.strip()
    if not sep or not name:
        raise PokerDealerError(f"--player {spec!r}: expected NAME=CARDS, like A=\"As Kd\"")
    return name, cards


@app.command("showdown")
@reports_errors
def showdown_command(
    board: Annotated[
        str, typer.Option("--board", metavar="<CARDS>", help='Board cards (3-5): "Ad Qs 7h 3c 2d".')
    ] = "",
    player: Annotated[
        list[str] | None,
        typer.Option("--player", metavar="<NAME=CARDS>", help='A player and two hole cards, NAME="As Kd"; repeat.'),
    ] = None,
    variant: VariantOption = "holdem",
    lang: LangOption = "en",
    trips_beat_straight: TripsOption = True,
    as_json: JsonOption = False,
) -> None:
    """Decide a showdown: who wins, with which five cards, and what decided it."""
    from pokerdealer.evaluation.showdown import showdown

    checked = _check_options(variant, lang)
    players: dict[str, str] = {}
    for spec in player or []:
        name, cards = _parse_player(spec)
        if name in players:
            raise PokerDealerError(f"player {name!r} is given twice")
        players[name] = cards
    result = showdown(
        board,
        players,
        variant=checked,
        lang=lang,
        trips_beat_straight=trips_beat_straight,
    )
    if as_json:
        _print_json(showdown_json(result, lang))
        return
    _print_showdown(result, lang)


def _print_showdown(result: ShowdownResult, lang: str) -> None:
    from rich.table import Table
    from rich.text import Text

    from pokerdealer.cli._display import cards_text
    from pokerdealer.i18n import message

    title = Text(message(lang, "ui.board") + "  ")
    title.append_text(cards_text(result.board))
    table = Table(title=title, title_justify="left")
    for key in ("ui.player", "ui.hole_cards", "ui.best_five", "ui.hand"):
        table.add_column(Text(message(lang, key)))
    table.add_column(Text(""))
    outcome = message(lang, "ui.splits" if result.split else "ui.wins")
    for name, value in result.hands.items():
        best = set(value.best_five)
        won = name in result.winners
        table.add_row(
            Text(name, style="bold" if won else ""),
            cards_text(result.hole_cards[name], highlight=best),
            cards_text(value.best_five, highlight=best),
            Text(value.describe(lang)),
            Text(outcome if won else "", style="bold"),
        )
    console.print(table)
    console.print(Text(result.decided_by.explanation))

