"""The ``simulate`` command: bots play many hands; results per bot.

::

    pokerdealer simulate --players 6 --hands 100000 --bots tight,caller,random --seed 1
                         [--blinds 1/2] [--stack 200] [--allow-short-stacks]
                         [--structure no_limit|pot_limit|fixed_limit]
                         [--variant holdem|shortdeck] [--out FILE.phhs] [--json]
                         [--workers N | --ray [ADDRESS]]

Every hand starts from the same stacks and the button moves one seat per
hand; bots cycle over the seats when fewer names than players are given. The
same seed gives the same result. ``--json`` prints (a contract)::

    {"hands", "seconds", "hands_per_second",
     "bots": [{"bot", "seat_hands", "chips", "bb_per_100", "ci95", "vpip", "pfr",
               "saw_flop", "went_to_showdown", "won_at_showdown", "folded"}]}

``ci95`` is the half-width of the 95% confidence interval of ``bb_per_100``;
the rates are fractions (``won_at_showdown`` of the showdowns, the others of
the hands the bot was dealt).

Hands are played in fixed blocks, each with a seed derived from ``--seed``
(:mod:`pokerdealer.parallel`), on ``--workers`` local processes (default:
every core) or as Ray tasks (``--ray`` or ``--ray local``: start a local Ray, with
``--workers`` CPUs when given; ``--ray ADDRESS``: a cluster, e.g. ``auto``;
needs the ``ray`` extra). The result is the same whichever runs it. A Ray
cluster that does not answer is one line and exit status 1 (the address may
be right and the cluster down: the machine's failure, not the command line's).

A ``--stack`` below the big blind is refused: every hand would start with
players all-in on their blinds, which is rarely what was meant;
``--allow-short-stacks`` plays it anyway.

Ctrl-C stops the run at once and prints the result of the hands played so
far (the first ones, in order: the same as a run of that many hands with the
same seed), then exits with status 130; ``--out`` then holds those hands.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from pokerdealer.cli._app import app, console, interrupted, reports_errors
from pokerdealer.cli._display import progress_bar
from pokerdealer.cli._options import check_output_file, option_value, parse_blinds, parse_structure
from pokerdealer.errors import Interrupted, PokerDealerError

if TYPE_CHECKING:  # the rules load when the command runs (start-up time of the CLI)
    from pokerdealer.bots import SimulationResult
    from pokerdealer.rules import Hand

__all__ = ["PhhsWriter", "simulate_command"]


def _structure(text: str):  # noqa: ANN202 - a Structure (the rules load with the command)
    with option_value("--structure", text):
        return parse_structure(text)


def _pct(x: float) -> str:
    return f"{100 * x:.0f}%"


@app.command("simulate")
@reports_errors
def simulate_command(
    players: Annotated[int, typer.Option("--players", help="Players at the table (2-10).")] = 6,
    hands: Annotated[int, typer.Option("--hands", min=1, metavar="<int>", help="Hands to play.")] = 1000,
    bots: Annotated[
        str, typer.Option("--bots", help="Bot names, comma separated (random, caller, tight, regular, loose, learned, module:Class); they cycle over the seats.")
    ] = "tight,caller,random",
    seed: Annotated[int | None, typer.Option("--seed", help="Seed: the same seed gives the same result.")] = None,
    blinds: Annotated[str, typer.Option("--blinds", help="Blinds as SMALL/BIG.")] = "1/2",
    stack: Annotated[int, typer.Option("--stack", help="Starting stack in chips (reset every hand).")] = 200,
    allow_short_stacks: Annotated[
        bool,
        typer.Option(
            "--allow-short-stacks",
            help="Allow a --stack below the big blind "
            "(every hand then starts with players all-in on their blinds).",
        ),
    ] = False,
    structure: Annotated[str, typer.Option("--structure", help="no_limit, pot_limit or fixed_limit.")] = "no_limit",
    variant: Annotated[str, typer.Option("--variant", help="holdem or shortdeck.")] = "holdem",
    out: Annotated[Path | None, typer.Option("--out", help="Write every hand to this .phhs file.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")] = False,
    workers: Annotated[
        int | None, typer.Option("--workers", help="Local processes (default: every core); the result does not depend on it.")
    ] = None,
    ray: Annotated[
        str | None,
        typer.Option(
            "--ray",
            metavar="ADDRESS",
            help="Run the blocks as Ray tasks on the cluster at ADDRESS, or 'local' to start a local Ray (needs the ray extra).",
        ),
    ] = None,
) -> None:
    """Let bots play many hands and report each bot's result in big blinds per 100 hands."""
    from pokerdealer.bots import bot_names as known_bots
    from pokerdealer.bots import make_bot
    from pokerdealer.parallel import simulate_parallel
    from pokerdealer.rules import ConfigError, HandConfig

    names = [b.strip() for b in bots.split(",") if b.strip()]
    if not names:
        raise PokerDealerError(f"no bots given: expected names like {','.join(known_bots())}")
    with option_value("--bots", bots):
        for name in dict.fromkeys(names):
            make_bot(name)  # unknown names fail here, before anything runs
    if not 2 <= players <= 10:
        raise PokerDealerError(f"--players {players}: a hand needs 2 to 10 players")
    if variant not in ("holdem", "shortdeck"):
        raise PokerDealerError(f"--variant: unknown variant {variant!r}: expected 'holdem' or 'shortdeck'")
    if workers is not None and workers < 1:
        raise PokerDealerError(f"--workers must be >= 1, got {workers}")
    if out is not None and out.suffix != ".phhs":
        raise PokerDealerError(f"--out {out}: expected a .phhs file")
    small_big = parse_blinds(blinds)
    if stack < small_big[1] and not allow_short_stacks:
        raise PokerDealerError(
            f"--stack {stack} is less than the big blind {small_big[1]}: every hand would "
            f"start with players all-in on their blinds; give --stack {small_big[1]} or more, "
            "or add --allow-short-stacks"
        )
    if out is not None:
        check_output_file(out, "--out")
    try:
        config = HandConfig(
            stacks=(stack,) * players,
            blinds=small_big,
            structure=_structure(structure),
            variant=variant,  # type: ignore[arg-type]
            players=tuple(f"{names[i % len(names)]}_{i + 1}" for i in range(players)),
        )
    except ConfigError as error:
        raise PokerDealerError(str(error)) from None

    writer = PhhsWriter(out) if out is not None else None
    progress = progress_bar("simulating", enabled=not as_json, time_left=True)
    task = progress.add_task("hands", total=hands)

    def on_done(number: int) -> None:
        progress.update(task, completed=number)

    def run():  # noqa: ANN202
        return simulate_parallel(
            config,
            names,
            hands=hands,
            seed=seed,
            workers=workers,
            ray=ray,
            progress=on_done,
            on_history=writer.write_text if writer is not None else None,
        )

    stopped = False
    try:
        with progress:
            result = run()
    except Interrupted as stop:
        result, stopped = stop.partial, True
    finally:
        if writer is not None:
            writer.close()
    _report(result, as_json=as_json, players=players, blinds=blinds, stack=stack, out=out)
    if stopped:
        raise interrupted(
            f"{result.hands:,} of {hands:,} hands played (the first ones; the result above is theirs)"
        )


def _report(
    result: SimulationResult, *, as_json: bool, players: int, blinds: str, stack: int, out: Path | None
) -> None:
    """Print the result: a table (or ``--json``), the speed, where the hands went."""
    if as_json:
        console.print_json(json.dumps(result.to_json()))
        return
    from rich.table import Table

    table = Table(
        title=f"{result.hands} hands, {players} players, blinds {blinds}, stacks {stack}",
        caption="bb/100 ± 95% CI; VPIP, PFR, flop (saw the flop), WTSD (went to showdown), "
        "fold: of hands dealt; W$SD: of showdowns",
        padding=(0, 1),
    )
    for column in ("bot", "hands", "bb/100", "±95%", "VPIP", "PFR", "flop", "WTSD", "W$SD", "fold"):
        table.add_column(column, justify="left" if column == "bot" else "right", no_wrap=True)
    for stats in result.stats.values():
        data = stats.to_json()
        ci = "n/a" if data["ci95"] is None else f"{data['ci95']:.1f}"
        table.add_row(
            stats.name,
            str(stats.seat_hands),
            f"{stats.bb_per_100:+.1f}",
            ci,
            _pct(data["vpip"]),  # type: ignore[arg-type]
            _pct(data["pfr"]),  # type: ignore[arg-type]
            _pct(data["saw_flop"]),  # type: ignore[arg-type]
            _pct(data["went_to_showdown"]),  # type: ignore[arg-type]
            _pct(data["won_at_showdown"]),  # type: ignore[arg-type]
            _pct(data["folded"]),  # type: ignore[arg-type]
        )
    console.print(table)
    console.print(
        f"{result.hands} hands in {result.seconds:.2f} s: {result.hands_per_second:,.0f} hands/s",
        markup=False,
    )
    if out is not None:
        console.print(f"hand histories written to {out}", markup=False)


class PhhsWriter:
    """Writes hands to a ``.phhs`` file as they finish (``[1]``, ``[2]``, ...);
    ``simulate --out`` and ``play --history`` keep their hands with it.

    >>> import tempfile
    >>> from pokerdealer.cards import deck_cards
    >>> from pokerdealer.rules import Hand, HandConfig
    >>> path = Path(tempfile.mkdtemp()) / "hands.phhs"
    >>> writer = PhhsWriter(path)
    >>> writer.write(Hand(HandConfig(stacks=(100, 100)), deck_cards()))
    >>> writer.close()
    >>> path.read_text().splitlines()[0]
    '[1]'
    """

    def __init__(self, path: Path) -> None:
        try:
            self._file = path.open("w", encoding="utf-8")
        except OSError as error:
            raise PokerDealerError(f"cannot write {path}: {error.strerror or error}") from None
        self.path = path
        self._count = 0

    def write(self, hand: Hand) -> None:
        """Write the next hand, from the rules engine's hand."""
        from pokerdealer.history.convert import hand_to_history
        from pokerdealer.history.phh import dumps

        history = hand_to_history(hand, metadata={"hand": self._count + 1})
        self.write_text(self._count + 1, dumps(history))

    def write_text(self, number: int, text: str) -> None:
        """Write hand ``number`` (the next one) given as PHH text."""
        self._count += 1
        if self._count > 1:
            self._file.write("\n")
        self._file.write(f"[{self._count}]\n{text}")
        self._file.flush()

    def close(self) -> None:
        """Close the file (the hands written so far are already flushed)."""
        self._file.close()
