"""The ``play`` command: play hold'em in the terminal against bots.

::

    pokerdealer play [--players 6] [--bots tight,caller,random] [--blinds 1/2] [--stack 200]
                     [--structure no_limit|pot_limit|fixed_limit] [--variant holdem|shortdeck]
                     [--tournament] [--levels 10/20,20/40,50/100] [--level-hands 10]
                     [--seed N] [--history DIR] [--hands N] [--lang en|zh-Hant|zh-Hans] [--name NAME] [--coach]

On your turn the table is drawn (seats, stacks, the button, bets, the pots,
the board and your cards) with what you may do. Type ``f`` (fold), ``c``
(check or call), ``r 60`` (bet or raise *to* 60), ``a`` (all-in), ``p`` / ``h``
(a pot-sized / half-pot bet or raise), ``?`` (help) or ``q`` (quit); the
letters are the same in every language. The screen (the table, the actions,
the prompts) and the showdown explanations are in ``--lang``. An action reads
as players say it: ``bets 20`` when nobody has bet on the street yet,
``raises to 60`` over a bet (preflop the blinds are the bet), ``and is all-in``
when it takes the last chip. Bad input shows a message
and asks again; end of input quits like ``q``, and Ctrl-C too (the hand in
play is left unfinished; exit status 130): both say how many hands were played.

In a cash game a bot that busts buys in again at once, in the seat it
left; ``--tournament`` plays a sit-and-go with the ``--levels`` schedule
(each level lasts ``--level-hands`` hands) until one player has every chip.
``--history DIR`` keeps the session's hands as one ``.phhs`` file (the
folder is made, and checked, before the first hand). ``--coach`` prints,
before each of your turns, what you may do and why, which pots you can win
and who shows first, each line with its rule (:mod:`pokerdealer.learn.coach`:
the rules, never advice); at a showdown nobody is all-in at, it asks you to
show (``s``) or muck (``m``) on your turn (without it the showdown is played
the online way). When the betting ends with a player all-in, every hand is
turned face up before the rest of the board is dealt.
"""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from pokerdealer._lazy import lazy_exports
from pokerdealer.cli._app import app, console, reports_errors
from pokerdealer.cli._options import option_value, output_folder, parse_blinds, parse_structure
from pokerdealer.errors import PokerDealerError

if TYPE_CHECKING:
    from pokerdealer.cli._play import parse_command

__all__ = ["parse_command", "play_command"]

# The table (rich, the rules) loads when the command runs, not for --help.
_EXPORTS = {"parse_command": "pokerdealer.cli._play"}
__getattr__, __dir__ = lazy_exports(__name__, _EXPORTS)


@app.command("play")
@reports_errors
def play_command(
    players: Annotated[int, typer.Option("--players", help="Players at the table, you included (2-10).")] = 6,
    bots: Annotated[str, typer.Option("--bots", help="Bots for the other seats, comma separated; they cycle.")] = "tight,caller,random",
    blinds: Annotated[str, typer.Option("--blinds", help="Blinds as SMALL/BIG (cash game).")] = "1/2",
    stack: Annotated[int, typer.Option("--stack", help="Starting stack in chips.")] = 200,
    structure: Annotated[str, typer.Option("--structure", help="no_limit, pot_limit or fixed_limit.")] = "no_limit",
    variant: Annotated[str, typer.Option("--variant", help="holdem or shortdeck.")] = "holdem",
    tournament: Annotated[bool, typer.Option("--tournament", help="Play a sit-and-go with rising blinds.")] = False,
    levels: Annotated[str, typer.Option("--levels", help="Tournament levels, e.g. 10/20,20/40,50/100.")] = "10/20,15/30,25/50,50/100,100/200",
    level_hands: Annotated[int, typer.Option("--level-hands", help="Hands per tournament level.")] = 10,
    seed: Annotated[int | None, typer.Option("--seed", help="Seed for the cards, seats and bots.")] = None,
    history: Annotated[Path | None, typer.Option("--history", help="Keep the hands as one .phhs file in this folder.")] = None,
    hands: Annotated[int | None, typer.Option("--hands", help="Stop after this many hands.")] = None,
    lang: Annotated[str, typer.Option("--lang", help="Language of the screen and the explanations: en, zh-Hant, zh-Hans.")] = "en",
    name: Annotated[str | None, typer.Option("--name", help="Your name at the table (default: You, in Chinese 你).")] = None,
    coach: Annotated[bool, typer.Option("--coach", help="Say before each of your turns what you may do and why, which pots you can win, who shows first, and ask you to show or muck at a showdown (the rules, never advice).")] = False,
) -> None:
    """Play a table in the terminal against bots."""
    from rich.text import Text

    from pokerdealer.bots import make_bots
    from pokerdealer.cli._play import Session, _Quit, _w
    from pokerdealer.i18n import check_lang, message
    from pokerdealer.rules import ConfigError
    from pokerdealer.table import CashGameSettings, CashTable, Level, Tournament, TournamentSettings

    with option_value("--lang", lang):
        check_lang(lang)
    # Unnamed, the player is "you" in their own language: "You" in English, 你 in Chinese,
    # never "You" inside a Chinese sentence (大过你的一对Q, not 大过You的一对Q).
    default_name = name is None
    name = message(lang, "play.default_name") if name is None else name
    if not 2 <= players <= 10:
        raise PokerDealerError(f"--players must be 2..10, got {players}")
    if hands is not None and hands < 1:
        raise PokerDealerError(f"--hands must be at least 1, got {hands}")
    if stack <= 0:
        raise PokerDealerError(f"--stack must be positive, got {stack}")
    bot_list = [b.strip() for b in bots.split(",") if b.strip()]
    if not bot_list:
        raise PokerDealerError("no bots given")
    with option_value("--structure", structure):
        kind = parse_structure(structure)
    if variant not in ("holdem", "shortdeck"):
        raise PokerDealerError(f"--variant: unknown variant {variant!r}: expected 'holdem' or 'shortdeck'")
    rng = random.Random(seed) if seed is not None else random.Random()
    bot_names = [f"{bot_list[k % len(bot_list)]}{k + 1}" for k in range(players - 1)]
    if name in bot_names or not name.strip():
        raise PokerDealerError(f"choose another --name than {name!r}")
    made = make_bots(bot_list, players - 1, rng, variant=variant)
    bot_of = dict(zip(bot_names, made))
    table_rng = random.Random(rng.getrandbits(64)) if seed is not None else None
    try:
        if tournament:
            schedule = []
            for part in levels.split(","):
                sb, bb = parse_blinds(part, "--levels")
                schedule.append(Level(sb, bb, hands=level_hands))
            schedule[-1] = Level(schedule[-1].small_blind, schedule[-1].big_blind)
            settings = TournamentSettings(
                stack, tuple(schedule), seats=max(players, 2), structure=kind, variant=variant  # type: ignore[arg-type]
            )
            table = Tournament(settings, [name, *bot_names], rng=table_rng)
        else:
            sb, bb = parse_blinds(blinds)
            settings = CashGameSettings(sb, bb, min(stack, bb), stack, seats=players, structure=kind, variant=variant)  # type: ignore[arg-type]
            table = CashTable(settings, rng=table_rng)
            for who in (name, *bot_names):
                table.sit_down(who, stack)
    except ConfigError as error:
        raise PokerDealerError(str(error)) from None
    seats = {p.name: p.seat for p in table.players}

    writer = None
    if history is not None:
        from pokerdealer.cli.simulate import PhhsWriter

        output_folder(history, "--history")
        stamp = time.strftime("%Y%m%d-%H%M%S")
        path = history / (f"session-{stamp}" + (f"-seed{seed}" if seed is not None else "") + ".phhs")
        writer = PhhsWriter(path)
    session = Session(
        table=table, bots=bot_of, human=name, lang=lang, seats=seats, writer=writer, tournament=tournament,
        coach=coach,
    )
    intro = ("intro.tournament" if tournament else "intro.cash") + (".you" if default_name else "")
    console.print(Text(_w(lang, intro, blinds=blinds, n=players, name=name, seat=seats[name], help=_w(lang, "help"))))
    played = 0
    stopped = False
    try:
        while hands is None or played < hands:
            if tournament and table.is_over:
                break
            if table.stacks.get(name, 0) == 0:
                break
            session.play_one()
            played += 1
            if not tournament:
                for bot in bot_names:
                    if bot not in table.stacks:  # busted: stood up by the table; buys in again
                        table.sit_down(bot, stack, seat=seats[bot])
                        console.print(Text(f"  {_w(lang, 'buys_in', name=bot, amount=stack)}", style="dim"))
    except _Quit:
        console.print(Text(_w(lang, "bye")))
    except KeyboardInterrupt:  # Ctrl-C: told as quitting is (the hand in play is left)
        console.print()
        stopped = True
    finally:
        if writer is not None:
            writer.close()
            console.print(Text(_w(lang, "histories", path=writer.path)))
    if tournament:
        standings = table.standings
        if standings:
            places = _w(lang, "legal.separator").join(
                _w(lang, "place", place=s.place, name=s.name) for s in standings
            )
            console.print(Text(_w(lang, "standings", places=places)))
    if table.stacks.get(name, 0) == 0:
        console.print(Text(_w(lang, "busted")))
    console.print(Text(_w(lang, "played", n=played, stack=table.stacks.get(name, 0))))
    if stopped:
        raise typer.Exit(130)  # as a shell reports SIGINT
