"""The ``acpc-server`` and ``acpc-client`` commands: the ACPC dealer protocol over TCP.

::

    pokerdealer acpc-server [--players 2] [--hands 1000] [--port 0] [--host 127.0.0.1]
                            [--seed N] [--stack 20000] [--blinds 50/100]
                            [--structure no_limit|pot_limit|fixed_limit]
                            [--timeout 10] [--log MATCH.phhs] [--json]
    pokerdealer acpc-client --port PORT [--host 127.0.0.1] [--bot tight] [--seed N]
                            [--players 2] [--stack 20000] [--blinds 50/100] [--structure ...]

The server first prints ``port <N>`` (the port clients connect to; with
``--port 0`` the system picks one), waits for ``--players`` clients (seats
in the order they connect), plays the match and prints each client's
chips. ``--log`` writes every hand as PHH. With ``--json`` the ``port <N>``
line goes to standard error, so that standard output is one JSON document
(a contract)::

    {"port", "hands", "players": [{"name", "chips"}], "log"}

The client plays a pokerdealer bot (a built-in name or ``module:Class``)
until the dealer closes the connection, then prints ``{"hands", "actions",
"chips"}`` with ``--json``. Both sides must agree on the game options.

Chips are counted as the ACPC reference dealer counts them: a pot split with
an odd chip gives each winner a fraction of a chip, so ``chips`` is a whole
number or a decimal (``100.5``), printed like the dealer's ``SCORE`` line.
"""

from __future__ import annotations

import json
import random
import sys
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Optional

import typer

from pokerdealer.cli._app import app, console, reports_errors
from pokerdealer.cli._options import check_output_file, parse_blinds, parse_structure
from pokerdealer.errors import PokerDealerError

if TYPE_CHECKING:  # the ACPC dealer, bots and rules load when a command runs
    from pokerdealer.acpc import AcpcGame

__all__ = ["acpc_client_command", "acpc_server_command"]

PlayersOption = Annotated[int, typer.Option("--players", help="Players at the table (2-10).")]
StackOption = Annotated[int, typer.Option("--stack", help="Chips each player has at the start of every hand.")]
BlindsOption = Annotated[str, typer.Option("--blinds", help="SMALL/BIG.")]
StructureOption = Annotated[str, typer.Option("--structure", help="no_limit, pot_limit or fixed_limit.")]
HostOption = Annotated[str, typer.Option("--host", help="Address (loopback by default).")]


def _positive_seconds(timeout: float) -> float:
    """``--timeout`` as seconds to wait: more than zero (zero would not wait at all).

    >>> _positive_seconds(-1)
    Traceback (most recent call last):
    ...
    pokerdealer.errors.PokerDealerError: --timeout must be more than 0 seconds, got -1
    """
    if not timeout > 0:
        raise PokerDealerError(f"--timeout must be more than 0 seconds, got {timeout:g}")
    return timeout


def _game(players: int, stack: int, blinds: str, structure: str) -> AcpcGame:
    from pokerdealer.acpc import AcpcGame

    if stack <= 0:
        raise PokerDealerError(f"--stack must be positive, got {stack}")
    return AcpcGame(
        players=players, stack=stack, blinds=parse_blinds(blinds), structure=parse_structure(structure)
    )


def _chips(value: Fraction) -> str:
    """Signed chips, six decimals at most as the ACPC dealer prints them.

    >>> _chips(Fraction(201, 2)), _chips(Fraction(-300)), _chips(Fraction(1, 3))
    ('+100.5', '-300', '+0.333333')
    """
    return f"{float(value):+.6f}".rstrip("0").rstrip(".")


@app.command("acpc-server")
@reports_errors
def acpc_server_command(
    players: PlayersOption = 2,
    hands: Annotated[int, typer.Option("--hands", help="Hands in the match.")] = 1000,
    port: Annotated[
        int, typer.Option("--port", min=0, max=65535, metavar="<int>", help="TCP port; 0 picks a free one.")
    ] = 0,
    host: HostOption = "127.0.0.1",
    seed: Annotated[Optional[int], typer.Option("--seed", help="Seed of the deck orders.")] = None,
    stack: StackOption = 20000,
    blinds: BlindsOption = "50/100",
    structure: StructureOption = "no_limit",
    timeout: Annotated[float, typer.Option("--timeout", help="Seconds to connect, then per answer.")] = 10.0,
    log: Annotated[Optional[str], typer.Option("--log", help="Write the hands as PHH (.phhs).")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the result as JSON.")] = False,
) -> None:
    """Deal a match to clients speaking the ACPC protocol (VERSION:2.0.0)."""
    from pokerdealer.acpc import AcpcDealer
    from pokerdealer.history import dump_all

    game = _game(players, stack, blinds, structure)
    _positive_seconds(timeout)
    if log:
        check_output_file(Path(log), "--log")  # before the match, not after it
    dealer = AcpcDealer(game, hands=hands, seed=seed, host=host, port=port, timeout=timeout)
    # Clients need the port before the match starts; with --json standard output
    # carries the JSON document alone, so the port line goes to standard error.
    announce = sys.stderr if as_json else sys.stdout
    announce.write(f"port {dealer.port}\n")
    announce.flush()
    summary = dealer.run()
    if log:
        dump_all(summary.histories, log)
    if as_json:
        data = {"port": dealer.port, **summary.to_json(), "log": log}
        console.print_json(json.dumps(data))
        return
    for name, chips in zip(summary.names, summary.totals):
        console.print(f"{name}: {_chips(chips)} chips over {summary.hands} hands", markup=False)


@app.command("acpc-client")
@reports_errors
def acpc_client_command(
    port: Annotated[int, typer.Option("--port", min=1, max=65535, metavar="<int>", help="The dealer's port.")],
    host: HostOption = "127.0.0.1",
    bot: Annotated[str, typer.Option("--bot", help="random, caller, tight, regular, loose, learned or module:Class.")] = "tight",
    seed: Annotated[Optional[int], typer.Option("--seed", help="Seed of the bot.")] = None,
    players: PlayersOption = 2,
    stack: StackOption = 20000,
    blinds: BlindsOption = "50/100",
    structure: StructureOption = "no_limit",
    timeout: Annotated[float, typer.Option("--timeout", help="Seconds to wait for the dealer.")] = 60.0,
    as_json: Annotated[bool, typer.Option("--json", help="Print the result as JSON.")] = False,
) -> None:
    """Connect a pokerdealer bot to an ACPC dealer and play until the match ends."""
    from pokerdealer.acpc import acpc_number, run_client
    from pokerdealer.bots import make_bot

    game = _game(players, stack, blinds, structure)
    _positive_seconds(timeout)
    player = make_bot(bot, random.Random(seed))
    summary = run_client(player, game, host=host, port=port, timeout=timeout)
    if as_json:
        console.print_json(
            json.dumps(
                {
                    "hands": summary.hands,
                    "actions": summary.actions,
                    "chips": acpc_number(summary.chips),
                }
            )
        )
        return
    console.print(
        f"{bot}: {_chips(summary.chips)} chips over {summary.hands} hands ({summary.actions} actions)",
        markup=False,
    )
