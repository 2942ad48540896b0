"""The ``tournament`` command: bots play a whole multi-table tournament.

::

    pokerdealer tournament --entrants 27 --seats 9 --bots random,tight,caller --stack 1500
                           --structure turbo|regular|deep|FILE.json --seed 1
                           [--payouts standard|top_heavy|flat|winner_takes_all|50,30,20]
                           [--buy-in 100] [--hand-for-hand-busts tie|chips] [--final-table-seats N]
                           [--clock [--hand-seconds 60]] [--out DIR] [--json]

Entrants are named after their bots (``random_1``, ``tight_2``, ...; the bots
cycle over the entrants) and seated by draw; the event runs by the rules of
:class:`pokerdealer.table.Event` (balancing, breaking, hand-for-hand, the
final table). Players busting in one hand-for-hand hand at different tables
tie and share the prizes of the places they cover, whatever their stacks
(TDA 2024 RP-8A, WSOP-T 126-b); ``--hand-for-hand-busts chips`` ranks them by
their chips at the start of the hand instead, as online rooms do. The final
table has TDA 2024 RP-9's size (seven seats for 6- and 7-handed events, nine for
8-handed, else the tables' own) unless ``--final-table-seats``. Levels go by hands unless ``--clock``: then by minutes on a
simulated clock where each hand takes ``--hand-seconds`` at its table (with
the preset's breaks). The same seed gives the same result. ``--json`` prints
(a contract)::

    {"places": [{"place", "name", "prize"}, ...], "payouts": [prize of place 1, 2, ...],
     "tables": {"started": n, "broken": [table ids in the order broken]},
     "moves": [{"hand", "player", "from", "to", "reason": "balance" | "break" | "final_table"}],
     "hands": n, "chips_conserved": true}

``places`` lists every entry, best first (tied players share a place and its
prizes); ``hand`` in a move is the number of hands finished in the event
before it. ``--out DIR`` writes every hand as PHH, ``DIR/hand-000001.phh``
and on, numbered in the order they finished, with the table in the metadata
and that number as the hand's (``hand``, unique in the event: each table
counts its own hands, kept as ``_table_hand``, and trackers drop a hand whose
number they have seen).

Ctrl-C stops the event and says how far it got (hands played, entrants
still in, and the seed), then exits with status 130; ``--out`` holds the
hands finished.
"""

from __future__ import annotations

import json
import random
import secrets
import time
from pathlib import Path
from typing import Annotated

import typer

from pokerdealer._interrupts import held_interrupts
from pokerdealer.cli._app import app, console, interrupted, reports_errors
from pokerdealer.cli._options import option_value, output_folder
from pokerdealer.errors import PokerDealerError

__all__ = ["tournament_command"]


def _payouts(text: str) -> str | tuple[int, ...]:
    if "," not in text and not text.strip().isdigit():
        return text.strip()
    try:
        return tuple(int(p) for p in text.split(","))
    except ValueError:
        raise PokerDealerError(f"--payouts {text!r}: expected a preset name or whole percentages like 50,30,20") from None


def _checked_payouts(text: str) -> str | tuple[int, ...]:
    """``--payouts`` read and checked (a preset's name, or percentages summing to 100)."""
    from pokerdealer.table.payouts import payout_table

    payouts = _payouts(text)
    with option_value("--payouts", text):
        payout_table(100, 100, payouts)
    return payouts


@app.command("tournament")
@reports_errors
def tournament_command(
    entrants: Annotated[int, typer.Option("--entrants", help="Players entering (2 or more).")] = 27,
    seats: Annotated[int, typer.Option("--seats", help="Seats per table (2-10).")] = 9,
    bots: Annotated[
        str, typer.Option("--bots", help="Bot names, comma separated (random, caller, tight, regular, loose, learned, module:Class); they cycle over the entrants.")
    ] = "random,tight,caller",
    stack: Annotated[int, typer.Option("--stack", help="Starting stack in chips.")] = 1500,
    structure: Annotated[
        str, typer.Option("--structure", help="Blind structure: turbo, regular, deep, or a .json file of levels.")
    ] = "turbo",
    seed: Annotated[int | None, typer.Option("--seed", help="Seed: the same seed gives the same result.")] = None,
    payouts: Annotated[
        str, typer.Option("--payouts", help="standard, top_heavy, flat, winner_takes_all, or percentages like 50,30,20.")
    ] = "standard",
    buy_in: Annotated[int, typer.Option("--buy-in", help="Money each entry puts into the prize pool.")] = 100,
    hand_for_hand_busts: Annotated[
        str,
        typer.Option(
            "--hand-for-hand-busts",
            help="Players busting in one hand-for-hand hand at different tables: tie (share the prizes of "
            "their places, the TDA's rule) or chips (more chips at the start of the hand places higher, "
            "as online rooms do).",
        ),
    ] = "tie",
    final_table_seats: Annotated[
        int | None,
        typer.Option(
            "--final-table-seats",
            help="Seats at the final table, from --seats to 10 (default: TDA 2024 RP-9, 7 for 6- and 7-handed "
            "events, 9 for 8-handed, else --seats).",
        ),
    ] = None,
    clock: Annotated[bool, typer.Option("--clock", help="Levels by minutes on a simulated clock (default: by hands).")] = False,
    hand_seconds: Annotated[float, typer.Option("--hand-seconds", help="With --clock: seconds a hand takes.")] = 60.0,
    out: Annotated[Path | None, typer.Option("--out", help="Write every hand as PHH into this directory.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of a summary.")] = False,
) -> None:
    """Let bots play a whole multi-table tournament and report places, prizes and table moves."""
    from pokerdealer.bots import make_bots
    from pokerdealer.table import Event, EventSettings, TableError, load_structure, play_event
    from pokerdealer.table import structure as preset_structure

    if entrants < 2:
        raise PokerDealerError(f"--entrants must be at least 2, got {entrants}")
    if stack <= 0:
        raise PokerDealerError(f"--stack must be positive, got {stack}")
    if not 2 <= seats <= 10:
        raise PokerDealerError(f"--seats {seats}: a table has 2 to 10 seats")
    if structure.endswith(".json") and not Path(structure).is_file():
        raise PokerDealerError(f"--structure {structure}: no such file (or give turbo, regular or deep)")
    if hand_seconds <= 0:
        raise PokerDealerError(f"--hand-seconds must be positive, got {hand_seconds}")
    names = [b.strip() for b in bots.split(",") if b.strip()]
    if seed is None:
        seed = secrets.randbits(64)
    rng = random.Random(seed)
    try:
        with option_value("--structure", structure):
            if structure.endswith(".json"):
                levels = load_structure(Path(structure))
            else:
                levels = preset_structure(structure, timed=clock)
        settings = EventSettings(
            stack, levels, seats=seats, buy_in=buy_in, payouts=_checked_payouts(payouts), hand_for_hand_busts=hand_for_hand_busts,
            final_table_seats=final_table_seats,
        )
    except TableError as error:
        flags = {
            "hand_for_hand_busts": "--hand-for-hand-busts",
            "final_table_seats": "--final-table-seats",
            "buy_in": "--buy-in",
        }
        text = str(error)
        for name, flag in flags.items():
            text = text.replace(name, flag)
        raise PokerDealerError(text) from None
    with option_value("--bots", bots):
        players = make_bots(names, entrants, random.Random(rng.getrandbits(64)))
    entrant_names = [f"{bot.name}_{i + 1}" if hasattr(bot, "name") else f"bot_{i + 1}" for i, bot in enumerate(players)]
    by_name = dict(zip(entrant_names, players))
    if out is not None:
        output_folder(out, "--out")
    event = Event(settings, rng=random.Random(rng.getrandbits(64)), keep_hands=1)
    for name in entrant_names:
        event.register(name)
    event.start(now=0.0 if settings.timed else None)
    for bot in players:
        reset = getattr(bot, "reset", None)
        if callable(reset):
            reset()

    written = 0

    def on_hand(table, record) -> None:  # noqa: ANN001
        nonlocal written
        if out is None:
            return
        from pokerdealer.history.convert import hand_to_history
        from pokerdealer.history.phh import dumps

        # The event's count, not the table's: hand 7 of table 2 is not hand 7 of table 1.
        meta = {"table": table.id, "hand": written + 1, "_table_hand": record.number}
        history = hand_to_history(record.hand, metadata=meta)
        with held_interrupts():  # Ctrl-C leaves no hand file half written, nor one not counted
            (out / f"hand-{written + 1:06d}.phh").write_text(dumps(history), encoding="utf-8")
            written += 1

    started = time.perf_counter()
    try:
        play_event(
            event,
            lambda name: by_name[name].act,
            seconds_per_hand=hand_seconds if settings.timed else None,
            on_hand=on_hand,
        )
    except KeyboardInterrupt:
        kept = f"; {written:,} hand histories written to {out}" if out is not None else ""
        raise interrupted(
            f"{event.hands:,} hands played, {event.alive:,} of {event.entries:,} entrants "
            f"still in at {len(event.tables):,} tables, seed {seed}{kept}"
        ) from None
    seconds = time.perf_counter() - started
    conserved = event.total_chips == event.entries * stack
    result = {
        "places": [{"place": s.place, "name": s.name, "prize": s.prize} for s in event.standings],
        "payouts": list(event.payouts),
        "tables": {"started": event.tables_started, "broken": list(event.broken)},
        "moves": [m.to_json() for m in event.moves],
        "hands": event.hands,
        "chips_conserved": conserved,
    }
    if as_json:
        console.print_json(json.dumps(result))
        return
    _summary(event, result, seed=seed, seconds=seconds, out=out)


def _summary(event, result: dict, *, seed: int, seconds: float, out: Path | None) -> None:  # noqa: ANN001
    from rich.table import Table

    settings = event.settings
    paid = len(result["payouts"])
    table = Table(
        title=f"{event.entries} entrants, {settings.seats} seats a table, stack {settings.starting_stack}, "
        f"prize pool {event.prize_pool}",
        caption=f"seed {seed}; {paid} places paid",
        padding=(0, 1),
    )
    for column in ("place", "player", "prize", "out at hand"):
        table.add_column(column, justify="left" if column == "player" else "right", no_wrap=True)
    for s in event.standings:
        if s.place > max(paid, 10):
            break
        table.add_row(str(s.place), s.name, str(s.prize), "" if s.hand is None else str(s.hand))
    console.print(table)
    reasons: dict[str, int] = {}
    for m in result["moves"]:
        reasons[m["reason"]] = reasons.get(m["reason"], 0) + 1
    moved = ", ".join(f"{n} {reason}" for reason, n in sorted(reasons.items())) or "none"
    broken = " ".join(str(t) for t in result["tables"]["broken"]) or "none"
    console.print(f"tables: {result['tables']['started']} started; broken in order: {broken}", markup=False)
    console.print(f"moves: {moved}", markup=False)
    rate = result["hands"] / seconds if seconds > 0 else 0.0
    console.print(
        f"{result['hands']} hands in {seconds:.2f} s ({rate:,.0f} hands/s); chips conserved: "
        f"{'yes' if result['chips_conserved'] else 'NO'}",
        markup=False,
    )
    if out is not None:
        console.print(f"hand histories written to {out}", markup=False)
