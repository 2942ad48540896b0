"""The ``match`` command: a match between bots, with duplicate dealing.

::

    pokerdealer match BOT_A BOT_B [BOT ...] [--hands 100000] [--duplicate] [--seed 1]
                      [--blinds 1/2] [--stack 200] [--ante 0]
                      [--structure no_limit|pot_limit|fixed_limit] [--plot FILE.png] [--json]

Bots are built-in names (``random``, ``caller``, ``tight``, ``regular``,
``loose``) or ``module:Class``.
``--duplicate`` deals every deck once per seating rotation (heads-up: the
same cards again with the seats swapped). The report gives each bot's big
blinds per 100 hands with a 95% confidence interval and, when a bot is
named more than once (``regular tight regular tight regular tight``), each
kind's too, a seat's average over its seats; ``--plot`` saves the
cumulative winnings as a PNG. ``--json`` prints (a contract)::

    {"hands", "deals", "duplicate", "seed", "big_blind",
     "bots": [{"name", "hands", "chips", "bb_per_100", "ci95"}],
     "kinds": [{"name", "hands", "chips", "bb_per_100", "ci95"}], "plot"}

Ctrl-C stops the match and prints the report of the deals played so far
(no plot), then exits with status 130.
"""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Optional

import typer

from pokerdealer.cli._app import app, console, interrupted, reports_errors
from pokerdealer.cli._display import progress_bar
from pokerdealer.cli._options import check_output_file, option_value, parse_blinds, parse_structure
from pokerdealer.errors import Interrupted, PokerDealerError

if TYPE_CHECKING:  # NumPy and the bots load when the command runs
    from pokerdealer.match import MatchResult

__all__ = ["match_command"]


@app.command("match")
@reports_errors
def match_command(
    bots: Annotated[list[str], typer.Argument(metavar="BOT", help="Two to ten bots: random, caller, tight, regular, loose, learned or module:Class.")],
    hands: Annotated[int, typer.Option("--hands", help="Hands to play (rounded up to whole deals with --duplicate).")] = 10000,
    duplicate: Annotated[bool, typer.Option("--duplicate", help="Deal each deck once per seating rotation.")] = False,
    seed: Annotated[Optional[int], typer.Option("--seed", help="Seed for the cards and the bots.")] = None,
    blinds: Annotated[str, typer.Option("--blinds", help="SMALL/BIG.")] = "1/2",
    stack: Annotated[int, typer.Option("--stack", help="Chips every player starts each hand with.")] = 200,
    ante: Annotated[int, typer.Option("--ante", help="An ante from every player.")] = 0,
    structure: Annotated[str, typer.Option("--structure", help="no_limit, pot_limit or fixed_limit.")] = "no_limit",
    plot: Annotated[Optional[str], typer.Option("--plot", metavar="<FILE.png>", help="Save cumulative winnings as a PNG.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")] = False,
) -> None:
    """A match between bots: big blinds per 100 hands with a 95% confidence interval."""
    from pokerdealer.match import play_match, plot_match

    small_big = parse_blinds(blinds)
    with option_value("--structure", structure):
        kind = parse_structure(structure)
    if not 2 <= len(bots) <= 10:
        raise PokerDealerError(f"a match needs 2 to 10 bots, got {len(bots)}: name them, e.g. pokerdealer match tight random")
    if hands < 1:
        raise PokerDealerError(f"--hands must be at least 1, got {hands}")
    if stack <= 0:
        raise PokerDealerError(f"--stack must be positive, got {stack}")
    if plot:
        if importlib.util.find_spec("matplotlib") is None:  # before the match, not after it
            raise PokerDealerError("--plot needs matplotlib: pip install 'pokerdealer[plot]'")
        check_output_file(Path(plot), "--plot")
    try:
        with progress_bar("match", enabled=not as_json, time_left=True) as bar:
            task = bar.add_task("match", total=hands)

            def progress(done: int, total: int) -> None:
                bar.update(task, completed=done, total=total)

            result = play_match(
                bots,
                hands=hands,
                duplicate=duplicate,
                seed=seed,
                stacks=stack,
                blinds=small_big,
                ante=ante,
                structure=kind,
                progress=progress,
            )
    except Interrupted as stop:
        partial: MatchResult = stop.partial
        if partial.hands:
            _report(partial, seed=seed, as_json=as_json, plot=None)
        unplotted = f"; no plot written to {plot}" if plot else ""
        raise interrupted(f"{partial.hands:,} of {hands:,} hands played{unplotted}") from None
    if plot:
        plot_match(result, plot)
    _report(result, seed=seed, as_json=as_json, plot=plot)


def _report(result: MatchResult, *, seed: int | None, as_json: bool, plot: str | None) -> None:
    """Print the match's report: a table, or ``--json``."""
    from rich.table import Table

    if as_json:
        data = result.to_json()
        data["plot"] = plot
        console.print_json(json.dumps(data))
        return
    kind_text = "duplicate" if result.duplicate else "plain"
    table = Table(title=f"{result.hands} hands ({kind_text}, {result.deals} deals), seed {seed}")
    table.add_column("bot")
    table.add_column("bb/100", justify="right")
    table.add_column("95% CI", justify="right")
    table.add_column("chips", justify="right")
    for line in result.bot_results():
        table.add_row(line.name, f"{line.bb_per_100:+.2f}", f"± {line.ci95:.2f}", f"{line.chips:+d}")
    kinds = result.kind_results()
    if len(kinds) < len(result.names):  # a kind at several seats: its seats' average too
        table.add_section()
        seats = result.kinds or result.names
        for line in kinds:
            label = f"{line.name} ×{seats.count(line.name)}, per seat"
            table.add_row(label, f"{line.bb_per_100:+.2f}", f"± {line.ci95:.2f}", f"{line.chips:+d}")
    console.print(table)
    if plot:
        console.print(f"plot saved to {plot}", markup=False)
