"""``pokerdealer verify FILE``: check a hand's deck commitment offline."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from pokerdealer.cli._app import app, console, fail


@app.command("verify")
def verify_command(
    file: Annotated[Path, typer.Argument(help="A .phh hand downloaded from a pokerdealer table.")],
) -> None:
    """Check that a hand was dealt from the deck committed to before it began.

    Exit status 0: everything checks; 1: a mismatch; 2: the file cannot be read.
    """
    from pokerdealer.server.fair import FairInputError, verify_phh_text

    try:
        text = file.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise fail(f"cannot read {file}: {error}") from None
    try:
        verdict = verify_phh_text(text)
    except FairInputError as error:
        raise fail(str(error)) from None
    for line in verdict.checks:
        console.print(f"ok: {line}", markup=False)
    for line in verdict.problems:
        console.print(f"MISMATCH: {line}", markup=False)
    if not verdict.ok:
        raise typer.Exit(1)
    console.print("verified: the hand was dealt from the committed deck", markup=False)
