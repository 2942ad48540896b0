"""``pokerdealer verify FILE [--mine MINE]``: check a hand's deck proof offline."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer

from pokerdealer.cli._app import app, console, describe_os_error, fail


def _read(path: Path, what: str) -> str:
    """The text of ``path`` (``what`` says which argument it is), or a one-line error."""
    if path.is_dir():
        raise fail(f"{what}{path} is a folder: give the file of one hand, as the table's download saves it")
    try:
        return path.read_text(encoding="utf-8")
    except OSError as error:
        raise fail(what + describe_os_error(error)) from None
    except UnicodeDecodeError:
        raise fail(f"{what}{path} is not a text file (a hand and a proof are UTF-8 text)") from None


@app.command("verify")
def verify_command(
    file: Annotated[Path, typer.Argument(metavar="FILE", help="A .phh hand downloaded from a pokerdealer table.")],
    mine: Annotated[
        Optional[Path],
        typer.Option("--mine", help="Your own proof of that hand (the table's 'download my proof')."),
    ] = None,
) -> None:
    """Check that the cards dealt and shown in a hand were fixed before it began.

    Recomputes the committed root from the revealed cards and leaf hashes, checks
    each revealed card sits where the dealing procedure puts it, and replays the
    actions. Exit status 0: everything checks; 1: a mismatch (one line says
    which); 2: a file cannot be read.
    """
    from pokerdealer.server.fair import FairInputError, verify_phh_text

    text = _read(file, "")
    mine_text = _read(mine, "--mine ") if mine is not None else None
    if text.lstrip().startswith("["):
        raise fail(
            f"{file} holds several hands (a .phhs file): verify checks one hand, the .phh file "
            "the table's download gives"
        )
    try:
        verdict = verify_phh_text(text, mine=mine_text)
    except FairInputError as error:
        about = f"--mine {mine}" if "--mine" in str(error) else str(file)  # which file is wrong
        raise fail(f"{about}: {error}") from None
    if verdict.problem is not None:
        console.print(f"MISMATCH: {verdict.problem}", markup=False, soft_wrap=True)
        raise typer.Exit(1)
    for line in verdict.checks:
        console.print(f"ok: {line}", markup=False, soft_wrap=True)
    for line in verdict.notes:
        console.print(f"note: {line}", markup=False, soft_wrap=True)
    console.print("verified: the cards dealt and shown were committed before the hand", markup=False)
