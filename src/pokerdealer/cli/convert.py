"""The ``convert`` command: a poker site's hand histories to PHH or PokerStars text.

::

    pokerdealer convert FILE [--out OUT.phh | OUT.phhs] [--to phh|pokerstars]

Every hand of ``FILE`` (PokerStars text, ours or its own, or another site's:
Full Tilt, 888, PartyPoker, Winamax, Winning/ACR, GGPoker, iPoker XML,
Bovada/Ignition, Merge XML, OnGame, Microgaming XML, Entraction; the site told from the text, :mod:`pokerdealer.history.sites`)
is read and written as PHH: one hand as a ``.phh``, several as a ``.phhs``
session, to ``--out`` or to standard output. ``--to pokerstars`` writes
PokerStars text instead (every hole card the file showed written as dealt),
which trackers read.
Each hand is replayed through the rules first. A hand that cannot be read
or that the rules reject does not stop the others: it is named on standard
error (``skipped hand #N: why``), the other hands are written, and the exit
status is 1 (a hand of a game the engine does not play, such as Omaha in a
mixed file, is named the same way but leaves the status 0). A file with no
hand to write exits with status 2 and nothing written.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from pokerdealer.cli._app import app, console, error_console, reports_errors
from pokerdealer.cli._options import check_output_file
from pokerdealer.errors import PokerDealerError

__all__ = ["convert_command"]


@app.command("convert")
@reports_errors
def convert_command(
    file: Annotated[Path, typer.Argument(metavar="FILE", help="A poker site's hand history (.txt, .xml).")],
    out: Annotated[
        Path | None,
        typer.Option("--out", "-o", help="Write to this .phh (one hand) or .phhs file (or .txt with --to pokerstars)."),
    ] = None,
    to: Annotated[str, typer.Option("--to", help="Write phh (the default) or pokerstars text.")] = "phh",
) -> None:
    """Convert a poker site's hand histories to PHH (or to PokerStars text)."""
    from pokerdealer.history import (
        HistoryError,
        UnsupportedHistory,
        dumps,
        dumps_all,
        history_to_hand,
    )
    from pokerdealer.history.sites import is_history_path, load_each

    if to not in ("phh", "pokerstars"):
        raise PokerDealerError(f"--to {to}: expected phh or pokerstars")
    if not is_history_path(file):
        raise PokerDealerError(f"{file}: expected a PokerStars text file (.txt) or another site's hand history (.txt, .xml)")
    if not file.is_file():
        raise PokerDealerError(f"{file}: no such file")
    if to == "phh" and out is not None and out.suffix not in (".phh", ".phhs"):
        raise PokerDealerError(f"{out}: the output is a .phh (one hand) or .phhs (many hands) file")
    if out is not None:
        check_output_file(out, "--out")
    items = load_each(file)
    if len(items) == 1 and items[0][0] == str(file):  # the file itself could not be read
        raise items[0][1]
    hands = []
    skipped: list[str] = []
    refused = False  # a hand that could not be read or that the rules reject: exit status 1
    for _, hand in items:
        if isinstance(hand, HistoryError):
            # read_each's reason names the hand ("hand #N (line L): why").
            skipped.append(f"{file}: skipped {hand.reason}")
            refused = refused or not isinstance(hand, UnsupportedHistory)
            continue
        try:
            history_to_hand(hand, auto_showdown=True)
        except PokerDealerError as error:
            skipped.append(f"{file}: skipped hand #{hand.metadata.get('hand')}: {error}")
            refused = refused or not isinstance(error, UnsupportedHistory)
            continue
        hands.append(hand)
    for line in skipped:
        error_console.print(line, markup=False, soft_wrap=True)
    if not hands:
        raise PokerDealerError(f"{file}: no hand could be converted ({len(skipped)} skipped, named above)")
    if to == "pokerstars":
        from pokerdealer.history.pokerstars import histories_to_pokerstars

        text = histories_to_pokerstars(hands, reveal_all=True)
    elif out is not None and out.suffix == ".phh" and len(hands) > 1:
        raise PokerDealerError(f"{file}: {len(hands)} hands do not fit a .phh file (one hand): use .phhs")
    elif len(hands) == 1 and (out is None or out.suffix == ".phh"):
        text = dumps(hands[0])
    else:
        text = dumps_all(hands)
    if out is None:
        sys.stdout.write(text)
        sys.stdout.flush()
    else:
        out.write_text(text, encoding="utf-8")
        console.print(f"{len(hands)} hand(s) written to {out}", markup=False)
    if refused:
        raise typer.Exit(1)
