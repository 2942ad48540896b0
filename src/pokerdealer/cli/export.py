"""The ``export`` command: write PHH hand histories in another format.

::

    pokerdealer export FILE --format pokerstars [--out OUT] [--hero NAME | --reveal-all] [--table NAME]
                       [--currency USD] [--tournament ID [--buy-in 1.84+0.16]]

``FILE`` is a ``.phh`` (one hand) or ``.phhs`` (a session) file, or a folder of
them (as ``pokerdealer tournament --out DIR`` writes one: every hand file in it,
sorted by name, in one output). The hands are
replayed through the rules and written as PokerStars text (the format
trackers read) to ``--out``, or to standard output. Hole cards: ``--hero NAME``
writes only that player's (``Dealt to NAME``), as a real PokerStars file does;
``--reveal-all`` writes everyone's (a full-information history); by default
nobody's -- only the cards shown down appear. Amounts with decimals (cents)
are written as such; ``--currency`` (USD, EUR, GBP; default: the file's
``currency``, else play money) adds the symbol and the code. ``--tournament``
writes tournament headers (chip amounts) with the ``--buy-in`` (default: a
freeroll).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from pokerdealer.cli._app import app, console, reports_errors
from pokerdealer.cli._options import check_output_file
from pokerdealer.errors import PokerDealerError

__all__ = ["export_command"]

FORMATS = ("pokerstars",)


@app.command("export")
@reports_errors
def export_command(
    file: Annotated[Path, typer.Argument(metavar="FILE", help="A .phh or .phhs hand history file, or a folder of them.")],
    format: Annotated[str, typer.Option("--format", "-f", help="Output format: pokerstars.")] = "pokerstars",
    out: Annotated[
        Path | None, typer.Option("--out", "-o", help="Write to this file instead of the screen.")
    ] = None,
    hero: Annotated[
        str | None, typer.Option("--hero", help="Write this player's hole cards (only theirs).")
    ] = None,
    reveal_all: Annotated[
        bool, typer.Option("--reveal-all", help="Write every player's hole cards (not with --hero).")
    ] = False,
    table: Annotated[
        str | None,
        typer.Option("--table", help="Table name written in each hand (default: the file's, else pokerdealer)."),
    ] = None,
    currency: Annotated[
        str | None, typer.Option("--currency", help="USD, EUR or GBP (default: the file's, else play money).")
    ] = None,
    tournament: Annotated[
        int | None,
        typer.Option(
            "--tournament", min=1, metavar="<int>", help="Write tournament hands with this tournament number."
        ),
    ] = None,
    buy_in: Annotated[
        str | None, typer.Option("--buy-in", help="The tournament's buy-in and fee, e.g. 1.84+0.16 (with --tournament).")
    ] = None,
) -> None:
    """Export PHH hand histories as PokerStars text."""
    from pokerdealer.history import load_all, loads
    from pokerdealer.history.phh import HistoryError
    from pokerdealer.history.pokerstars import histories_to_pokerstars

    if hero is not None and reveal_all:
        raise PokerDealerError("--hero and --reveal-all: choose one")
    if buy_in is not None and tournament is None:
        raise PokerDealerError("--buy-in goes with --tournament ID")
    if format.lower() not in FORMATS:
        raise PokerDealerError(f"unknown format {format!r}: expected {', '.join(FORMATS)}")
    if not file.exists():
        raise PokerDealerError(f"{file}: no such file or folder")
    if not file.is_dir() and file.suffix not in (".phh", ".phhs"):
        raise PokerDealerError(f"{file}: expected a .phh or .phhs file, or a folder of them")
    if out is not None:
        check_output_file(out, "--out")
    if file.is_dir():
        histories = _folder(file)
    elif file.suffix == ".phhs":
        histories = load_all(file)
    else:
        try:
            text = file.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as error:
            raise HistoryError(f"cannot read: {error}", path=str(file)) from None
        histories = [loads(text, path=str(file))]
    if not histories:
        raise PokerDealerError(f"{file}: no hands in the file")
    try:
        extra: dict[str, object] = {}
        if currency is not None:
            extra["currency"] = currency
        if tournament is not None:
            extra.update(tournament=tournament, buy_in=buy_in)
        if table is not None:
            extra["table"] = table
        text = histories_to_pokerstars(histories, hero=hero, reveal_all=reveal_all, **extra)
    except PokerDealerError as error:
        raise PokerDealerError(f"{file}: {error}") from None
    if out is None:
        sys.stdout.write(text)
        sys.stdout.flush()
    else:
        out.write_text(text, encoding="utf-8")
        written = text.count("PokerStars Hand #")
        left = f" ({len(histories) - written} without {hero} left out)" if written < len(histories) else ""
        console.print(f"{written} hand(s) written to {out}{left}", markup=False, soft_wrap=True)


def _folder(folder: Path) -> list:  # noqa: ANN202 - HandHistory, imported lazily (the CLI starts fast)
    """Every hand of the ``.phh`` and ``.phhs`` files under ``folder`` (sorted by
    name, as ``tournament --out`` numbers them); a file that cannot be read stops
    the export with its name, as a single file does."""
    from pokerdealer.history.phh import load_path

    histories = []
    for _, history in load_path(folder):
        if isinstance(history, PokerDealerError):
            raise history
        histories.append(history)
    if not histories:
        raise PokerDealerError(f"{folder}: no .phh or .phhs hand history file in the folder")
    return histories
