"""The ``equity`` command: all-in equity of hands and ranges.

::

    pokerdealer equity "AsKs" "QhQd" [--board "..."] [--dead "..."]
                       [--exact | --monte-carlo] [--samples N] [--seconds S] [--seed N]
                       [--categories] [--table FILE] [--json]

Each positional argument is one player's hand or range (``"AKs"``,
``"QQ+,AKo"``, ``"top 15%"``; see :mod:`pokerdealer.equity.ranges`).
Without ``--exact``/``--monte-carlo`` the work decides: exact enumeration
when it is small enough, Monte Carlo otherwise. ``--samples`` asks for
Monte Carlo with that many samples; ``--seconds`` bounds a Monte Carlo run's
time.

``--table FILE`` names a preflop equity table (Parquet, written by
``pokerdealer equity-table``). A heads-up question with no board and no dead
cards, each player a single hand class (``AKs``, ``QQ``) or a single combo
(``AsKs``) the table holds, is then answered from it at once: method
``"table"``. The table is exact, so the numbers are the ones ``--exact``
gives. A combo is looked up by its class against a class (exact: a class is
the same against every combo of another); two combos need a combo table
(``equity-table --combos``), else they are enumerated as usual. Ranges,
``--board``, ``--dead``, ``--monte-carlo``/``--samples``/``--seconds``,
``--categories`` and more than two players are computed as without a table.

The JSON fields are a contract::

    {"players": [{"input", "win", "tie", "equity", "std_error", "combos"
                  [, "categories": [{"category", "frequency", "win", "tie"}]]}],
     "method": "exact" | "monte_carlo" | "table", "boards", "std_error", "board", "dead",
     "seconds"}

``std_error`` is ``null`` for exact and table results. ``boards`` counts the
equally likely deals scored; for ``"table"``, the deals the table enumerated
for the matchup (for a combo looked up by its class, that combo's share).

Ctrl-C stops a long run and exits with status 130: Monte Carlo first prints
its estimate from the samples scored so far (the same fields, ``boards``
counting those samples); an exact enumeration says how far it got, as it has
no result until it is whole.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Optional

import typer

from pokerdealer.cli._app import app, console, interrupted, reports_errors
from pokerdealer.cli._display import progress_bar
from pokerdealer.equity.errors import EquityError
from pokerdealer.errors import Interrupted

if TYPE_CHECKING:  # the calculator (NumPy, the kernel's tables) loads when the command runs
    from rich.progress import Progress, TaskID

    from pokerdealer.equity import EquityResult

__all__ = ["equity_command", "render_result"]

#: Seconds a computation runs before the progress bar appears.
_PROGRESS_DELAY = 0.3


class _LazyProgress:
    """A progress callback that shows a bar (:func:`progress_bar`) once work runs a moment."""

    def __init__(self, *, enabled: bool = True) -> None:
        self.enabled = enabled
        self.started = time.perf_counter()
        self.bar: Progress | None = None
        self.task: TaskID | None = None
        self.shown = 0.0
        self.fraction = 0.0
        """The fraction done last reported (what Ctrl-C says of an exact run)."""

    def __call__(self, fraction: float) -> None:
        self.fraction = fraction
        if not self.enabled:
            return
        if self.bar is None:
            if time.perf_counter() - self.started < _PROGRESS_DELAY:
                return
            self.bar = progress_bar("equity", counts=False)
            self.bar.start()
            self.task = self.bar.add_task("equity", total=1.0)
            self.shown = 0.0
        now = time.perf_counter()
        if now - self.shown < 0.05 and fraction < 1.0:
            return  # the bar refreshes ~10 times a second anyway
        self.shown = now
        assert self.task is not None
        self.bar.update(self.task, completed=fraction)

    def close(self) -> None:
        """Take the bar off the screen (again: nothing)."""
        if self.bar is not None:
            self.bar.stop()
            self.bar = None


def _percent(value: float) -> str:
    return f"{100 * value:.2f}%"


def render_result(result: EquityResult) -> None:
    """Print a result as rich tables."""
    from rich.table import Table
    from rich.text import Text

    if result.method == "exact":
        how = f"exact, {result.boards:,} deals enumerated"
    elif result.method == "table":
        how = f"exact, from the equity table ({result.boards:,} deals)"
    else:
        how = (
            f"Monte Carlo, {result.boards:,} samples, "
            f"largest standard error {100 * (result.std_error or 0.0):.3f}%"
        )
    title = "Equity"
    if result.board:
        title += " on " + " ".join(str(c) for c in result.board)
    table = Table(title=title)
    table.add_column("#", justify="right")
    table.add_column("hand or range")
    table.add_column("combos", justify="right")
    table.add_column("win", justify="right")
    table.add_column("tie", justify="right")
    table.add_column("equity", justify="right", style="bold")
    if result.method == "monte_carlo":
        table.add_column("± std error", justify="right")
    for number, player in enumerate(result.players, start=1):
        row = [
            str(number),
            player.input,
            f"{player.combos:,}",
            _percent(player.win),
            _percent(player.tie),
            _percent(player.equity),
        ]
        if result.method == "monte_carlo":
            row.append(_percent(player.std_error or 0.0))
        table.add_row(*row)
    # The caption centred under the table when it fits, else on one line of its own:
    # wrapped to a narrow table's width it split "114.23 s".
    caption = f"{how}, {result.seconds:.2f} s"
    if len(caption) > console.measure(table).maximum:
        table.caption = Text(caption, style="table.caption", no_wrap=True, overflow="ignore")
    else:
        table.caption = caption
    console.print(table, crop=False)  # a caption longer than the screen is not cut off
    if all(p.categories is not None for p in result.players):
        breakdown = Table(title="Final hand: made / won (ties in brackets)")
        breakdown.add_column("category")
        for number in range(1, len(result.players) + 1):
            breakdown.add_column(f"#{number}", justify="right")
        categories = result.players[0].categories or ()
        for index, stats in enumerate(categories):
            cells = []
            for player in result.players:
                entry = (player.categories or ())[index]
                cells.append(
                    f"{_percent(entry.frequency)} / {_percent(entry.win)} ({_percent(entry.tie)})"
                )
            breakdown.add_row(stats.category.value.replace("_", " "), *cells)
        console.print(breakdown)


@app.command("equity")
@reports_errors
def equity_command(
    players: Annotated[
        list[str], typer.Argument(metavar="HAND_OR_RANGE", help="2 to 10 hands or ranges, e.g. 'AsKs' 'QQ+,AKo'.")
    ],
    board: Annotated[str, typer.Option("--board", metavar="<CARDS>", help="0, 3, 4 or 5 board cards.")] = "",
    dead: Annotated[str, typer.Option("--dead", metavar="<CARDS>", help="Cards out of play.")] = "",
    exact: Annotated[
        Optional[bool],
        typer.Option(
            "--exact/--monte-carlo",
            help="Force exact enumeration or Monte Carlo (default: exact when small enough).",
            show_default=False,
        ),
    ] = None,
    samples: Annotated[
        Optional[int], typer.Option("--samples", help="Run Monte Carlo with N samples.")
    ] = None,
    seconds: Annotated[
        Optional[float], typer.Option("--seconds", help="Time budget for Monte Carlo.")
    ] = None,
    seed: Annotated[
        Optional[int],
        typer.Option("--seed", help="Seed Monte Carlo (reproducible with --samples)."),
    ] = None,
    categories: Annotated[
        bool, typer.Option("--categories", help="Break results down by final hand category.")
    ] = False,
    table: Annotated[
        Optional[Path],
        typer.Option(
            "--table",
            help="Preflop equity table (Parquet from equity-table) answering heads-up "
            "class or combo matchups it holds.",
        ),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")] = False,
) -> None:
    """All-in equity of 2 to 10 hands or ranges, exact or by Monte Carlo."""
    if exact is True and (samples is not None or seconds is not None):
        raise EquityError("--exact cannot be combined with --samples or --seconds")
    from pokerdealer.equity import equity

    progress = _LazyProgress()
    try:
        result = equity(
            players,
            board=board,
            dead=dead,
            exact=exact,
            samples=samples,
            seconds=seconds,
            seed=seed,
            categories=categories,
            progress=progress,
            table=table,
        )
    except Interrupted as stop:  # Monte Carlo: the samples scored so far are an estimate
        progress.close()
        if stop.partial is None:
            raise interrupted("Monte Carlo stopped before the first samples were scored") from None
        _print(stop.partial, as_json=as_json)
        raise interrupted(
            f"Monte Carlo stopped after {stop.partial.boards:,} samples; "
            "the estimate above is theirs"
        ) from None
    except KeyboardInterrupt:  # an exact enumeration counts only when whole
        progress.close()
        raise interrupted(
            f"the exact enumeration was {progress.fraction:.0%} done, and gives no result until "
            "it is whole (--monte-carlo --seconds 10 gives an estimate sooner)"
        ) from None
    finally:
        progress.close()
    _print(result, as_json=as_json)


def _print(result: EquityResult, *, as_json: bool) -> None:
    if as_json:
        typer.echo(json.dumps(result.to_dict(), ensure_ascii=False, indent=2))
    else:
        render_result(result)
