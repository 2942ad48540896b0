"""The ``review`` command: a hand history explained street by street.

::

    pokerdealer review FILE [--hand N] [--json] [--lang en|zh-Hant|zh-Hans] [--no-equity]

``FILE`` is any hand history we read: PHH (``.phh``, ``.phhs``), PokerStars
text, or another site's (Full Tilt, 888, PartyPoker, Winamax, Winning/ACR,
GGPoker, iPoker XML, Bovada/Ignition, Merge XML, OnGame, Microgaming XML, Entraction: the site told from the text), or a
folder of them. Each hand is reviewed (:mod:`pokerdealer.review`): per street
the board, the pot, the stacks, each player's equity where their cards are
known (exact enumeration; a hand not shown counts as any two cards, and the
review says so), per decision whose turn it was and why, the price of a call
and the rules that applied (the minimum raise, the pot-limit maximum, why a
short all-in did not reopen the betting), then who showed first and why and
what decided each pot -- in the reader's language, each rule cited.
``--hand N`` reviews hand number N only.

``--json`` prints ``{"hands": [<review>...], "refused": [{"hand", "reason"}]}``,
each review as :func:`pokerdealer.review.review_json` gives it: a list of
streets with ``street``, ``board``, ``pot`` and ``equity`` (player name ->
share). A hand that cannot be read or replayed is named with why (in
``refused``) and the file's other hands are reviewed; the exit status is 1
when a hand was refused, 2 when none could be reviewed.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, Any

import typer

from pokerdealer.cli._app import app, console, error_console, fail, reports_errors
from pokerdealer.errors import PokerDealerError

__all__ = ["review_command"]



@app.command("review")
@reports_errors
def review_command(
    path: Annotated[Path, typer.Argument(metavar="PATH", help="A hand history: PHH, PokerStars or another site's (.txt, .xml), or a folder.")],
    hand: Annotated[int | None, typer.Option("--hand", help="Review hand number N only.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
    lang: Annotated[str, typer.Option("--lang", help="Language: en, zh-Hant or zh-Hans.")] = "en",
    equity: Annotated[bool, typer.Option("--equity/--no-equity", help="Compute each street's equities.")] = True,
) -> None:
    """Review hand histories street by street: pots, equities, the rules at each decision."""
    from pokerdealer.history import HistoryError
    from pokerdealer.history.sites import load_hands
    from pokerdealer.i18n import check_lang, message
    from pokerdealer.review import review_hand, review_json, review_lines
    from pokerdealer.review.words import json_numbers

    check_lang(lang)
    if not path.exists():
        raise fail(f"{path}: no such file or folder")
    reviews: list[dict[str, Any]] = []
    refused: list[dict[str, Any]] = []
    texts: list[list[tuple[int, str]]] = []
    for label, history in load_hands(path):
        if isinstance(history, HistoryError):
            if hand is None:
                refused.append({"hand": label, "reason": message(lang, history.key, **history.params) if history.key else history.reason})
            continue
        number = history.metadata.get("hand")
        if hand is not None and number != hand:
            continue
        try:
            review = review_hand(history, equities=equity)
        except PokerDealerError as error:
            reason = message(lang, error.key, **error.params) if error.key else str(error).splitlines()[0]
            refused.append({"hand": label, "reason": reason})
            continue
        if as_json:
            reviews.append(review_json(review, lang))
        else:
            texts.append(review_lines(review, lang))
    if as_json:
        json.dump(json_numbers({"hands": reviews, "refused": refused}), sys.stdout, ensure_ascii=False, indent=1)
        sys.stdout.write("\n")
    else:
        for k, lines in enumerate(texts):
            if k:
                console.print()
            for indent, text in lines:
                style = "bold" if indent == 0 else None
                console.print("  " * indent + text, style=style, markup=False, highlight=False, soft_wrap=True)
        for item in refused:
            error_console.print(f"{item['hand']}: {item['reason']}", markup=False, soft_wrap=True)
    if not reviews and not texts:
        what = f"no hand #{hand}" if hand is not None else "no hand could be reviewed"
        raise fail(f"{path}: {what}")
    if refused:
        raise typer.Exit(1)
