"""The ``convert`` command: PokerStars text hand histories to PHH.

::

    pokerdealer convert FILE.txt [--out OUT.phh | OUT.phhs]

Every hand of ``FILE.txt`` (ours or PokerStars' own) is read
(:mod:`pokerdealer.history.pokerstars_read`) and written as PHH: one hand as a
``.phh``, several as a ``.phhs`` session, to ``--out`` or to standard output.
Each hand is replayed through the rules first, so a file the rules reject is
reported (one line naming the hand and the action) and nothing is written.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from pokerdealer.cli._app import app, console, reports_errors
from pokerdealer.cli._options import check_output_file
from pokerdealer.errors import PokerDealerError

__all__ = ["convert_command"]


@app.command("convert")
@reports_errors
def convert_command(
    file: Annotated[Path, typer.Argument(help="A PokerStars hand history (.txt).")],
    out: Annotated[
        Path | None, typer.Option("--out", "-o", help="Write to this .phh (one hand) or .phhs file.")
    ] = None,
) -> None:
    """Convert PokerStars text hand histories to PHH."""
    from pokerdealer.history import dumps, dumps_all, history_to_hand
    from pokerdealer.history.pokerstars_read import is_pokerstars_path, load_pokerstars

    if not is_pokerstars_path(file):
        raise PokerDealerError(f"{file}: expected a PokerStars text file (.txt)")
    if not file.is_file():
        raise PokerDealerError(f"{file}: no such file")
    if out is not None and out.suffix not in (".phh", ".phhs"):
        raise PokerDealerError(f"{out}: the output is a .phh (one hand) or .phhs (many hands) file")
    if out is not None:
        check_output_file(out, "--out")
    hands = load_pokerstars(file)
    if out is not None and out.suffix == ".phh" and len(hands) > 1:
        raise PokerDealerError(f"{file}: {len(hands)} hands do not fit a .phh file (one hand): use .phhs")
    for hand in hands:
        try:
            history_to_hand(hand, auto_showdown=True)
        except PokerDealerError as error:
            raise PokerDealerError(f"{file}: hand #{hand.metadata.get('hand')}: {error}") from None
    if len(hands) == 1 and (out is None or out.suffix == ".phh"):
        text = dumps(hands[0])
    else:
        text = dumps_all(hands)
    if out is None:
        sys.stdout.write(text)
        sys.stdout.flush()
    else:
        out.write_text(text, encoding="utf-8")
        console.print(f"{len(hands)} hand(s) written to {out}", markup=False)
