"""The ``equity-table`` command: the exact preflop all-in equity of every pair
of hand classes (or combos), in parallel, written as Parquet.

::

    pokerdealer equity-table --out preflop.parquet [--classes AA,KK,AKs,...]
                             [--combos] [--workers N | --ray local|ADDRESS] [--json]

The schema of the file is in :mod:`pokerdealer.equity.table` (columns
``hand_a, hand_b, win, tie, equity, boards, wins, ties``; one row per ordered
pair). The full 169 x 169 table takes several minutes on two cores; it is
not shipped with the package. ``--combos`` writes one row per pair of combos
of the given classes: its cost grows with the square of the combos, so it
needs ``--classes`` (at most :data:`COMBO_LIMIT` combos).

``--json`` prints ``{"out", "kind", "hands", "rows", "seconds"}``.

A progress bar counts the parts of the boards done, with the time left. Ctrl-C
stops at once and says how far the table got; nothing is written (a part of
the boards is not a table), exit status 130.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Annotated

import typer

from pokerdealer.cli._app import app, console, interrupted, reports_errors
from pokerdealer.cli._display import progress_bar
from pokerdealer.cli._options import check_output_file
from pokerdealer.errors import PokerDealerError

__all__ = ["COMBO_LIMIT", "equity_table_command"]


def _duration(seconds: float) -> str:
    """``42 s``, ``3 min 5 s``, ``1 h 2 min``.

    >>> _duration(42.4), _duration(185), _duration(3725)
    ('42 s', '3 min 5 s', '1 h 2 min')
    """
    whole = round(seconds)
    if whole < 60:
        return f"{whole} s"
    if whole < 3600:
        return f"{whole // 60} min {whole % 60} s"
    return f"{whole // 3600} h {whole % 3600 // 60} min"

#: Most combos ``--combos`` accepts. The work per board grows like combos
#: squared: 200 combos is about a fifth of the full class table (which is
#: 1,326 combos x 169 classes); all 1,326 combos would be about eight times
#: the class table, about an hour on two cores, so it is refused here (the
#: library function :func:`pokerdealer.equity.table.equity_table` allows it).
COMBO_LIMIT = 200


@app.command("equity-table")
@reports_errors
def equity_table_command(
    out: Annotated[Path, typer.Option("--out", help="The Parquet file to write.")],
    classes: Annotated[
        str | None,
        typer.Option("--classes", help="Only these hand classes, comma separated (AA,AKs,72o); default all 169."),
    ] = None,
    combos: Annotated[
        bool, typer.Option("--combos", help="One row per pair of combos of the --classes, not per class pair.")
    ] = False,
    workers: Annotated[
        int | None, typer.Option("--workers", help="Local processes (default: every core).")
    ] = None,
    ray: Annotated[
        str | None,
        typer.Option("--ray", metavar="ADDRESS", help="Run on the Ray cluster at ADDRESS, or 'local' (needs the ray extra)."),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print a JSON summary.")] = False,
) -> None:
    """Compute the exact heads-up preflop equity of every pair of hand classes."""
    from pokerdealer.equity.ranges import class_combos
    from pokerdealer.equity.table import _parse_classes, _pyarrow, equity_table

    if out.suffix != ".parquet":
        raise PokerDealerError(f"--out {out}: expected a .parquet file")
    check_output_file(out, "--out")  # before an hour of work, not after it
    if workers is not None and workers < 1:
        raise PokerDealerError(f"--workers must be >= 1, got {workers}")
    _pyarrow()  # fail before the work when pyarrow is missing
    names = None if classes is None else [c for c in classes.split(",") if c.strip()]
    parsed = _parse_classes(names)
    if combos:
        count = sum(len(class_combos(c)) for c in parsed)
        if count > COMBO_LIMIT:
            raise PokerDealerError(
                f"--combos with {count} combos is too much work (limit {COMBO_LIMIT}): "
                "pass fewer --classes"
            )
    started = time.perf_counter()
    bar = progress_bar("equity table", enabled=not as_json, time_left=True)
    task = bar.add_task("chunks", total=None)
    parts = [0, 0]  # done, of

    def progress(done: int, total: int) -> None:
        parts[:] = [done, total]
        bar.update(task, completed=done, total=total)

    try:
        with bar:
            table = equity_table(parsed, combos=combos, workers=workers, ray=ray, progress=progress)
    except KeyboardInterrupt:
        done, total = parts
        raise interrupted(
            f"the equity table was {done * 100 // max(total, 1)}% done ({done} of {total} parts of "
            f"the boards) after {_duration(time.perf_counter() - started)}, and is written only "
            f"whole: nothing was written to {out} (fewer --classes take less time)"
        ) from None
    try:
        table.write_parquet(out)
    except OSError as error:
        raise PokerDealerError(f"cannot write {out}: {error.strerror or error}") from None
    seconds = time.perf_counter() - started
    rows = int((table.boards > 0).sum())
    if as_json:
        summary = {
            "out": str(out),
            "kind": table.kind,
            "hands": len(table.hands),
            "rows": rows,
            "seconds": round(seconds, 3),
        }
        console.print_json(json.dumps(summary))
        return
    console.print(
        f"{rows} matchups of {len(table.hands)} {table.kind} written to {out} in {seconds:.1f} s",
        markup=False,
    )
