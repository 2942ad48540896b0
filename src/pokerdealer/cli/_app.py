"""The typer application shared by every command module, and its error handling."""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Iterable
from functools import wraps
from typing import TYPE_CHECKING, Any, ParamSpec, TypeVar

import typer
from typer.exceptions import TyperException

from pokerdealer.cli._coerce import install as _install_plain_coercion
from pokerdealer.errors import PokerDealerError

if TYPE_CHECKING:
    from rich.console import Console

__all__ = [
    "COMMANDS",
    "app",
    "console",
    "error_console",
    "fail",
    "load_commands",
    "main",
    "optional_option_values",
    "reports_errors",
]

app = typer.Typer(
    name="pokerdealer",
    help="The dealer and referee of Texas Hold'em.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)


@app.callback()
def _group() -> None:
    # A callback keeps the app a group of commands even while only one command
    # module is loaded (typer makes a lone command the whole program).
    pass


#: Each command and the module under ``pokerdealer.cli`` that registers it.
COMMANDS: dict[str, str] = {
    "eval": "evaluate",
    "showdown": "evaluate",
    "replay": "replay",
    "equity": "equity",
    "equity-table": "equity_table",
    "export": "export",
    "convert": "convert",
    "simulate": "simulate",
    "match": "match",
    "acpc-server": "acpc",
    "acpc-client": "acpc",
    "play": "play",
    "serve": "serve",
    "db": "db",
    "verify": "verify",
    "tournament": "tournament",
    "quiz": "quiz",
}


def load_commands(names: Iterable[str] | None = None) -> typer.Typer:
    """Register the commands ``names`` (all when ``None``) on :data:`app` and return it."""
    wanted = COMMANDS if names is None else names
    for module in dict.fromkeys(COMMANDS[name] for name in wanted):
        importlib.import_module(f"pokerdealer.cli.{module}")
    return app


class LazyConsole:
    """A rich ``Console`` made on first use: importing rich is about 30 ms CPU,
    which ``--help`` and the commands that print no table need not spend.

    Everything is passed through to the console; :attr:`real` is the console
    itself, for what wants a ``Console`` (a rich ``Progress``).
    """

    def __init__(self, *, stderr: bool = False) -> None:
        self._stderr = stderr
        self._real: Console | None = None

    @property
    def real(self) -> Console:
        if self._real is None:
            from rich.console import Console

            # Rich resolves sys.stdout at write time, so CliRunner captures it.
            self._real = Console(stderr=self._stderr, highlight=False)
        return self._real

    def __getattr__(self, name: str) -> Any:
        return getattr(self.real, name)


console: Console = LazyConsole()  # type: ignore[assignment]
error_console: Console = LazyConsole(stderr=True)  # type: ignore[assignment]

# typer converts values without Pydantic where it can (start-up time).
_install_plain_coercion()

P = ParamSpec("P")
R = TypeVar("R")


def fail(message: str, *, code: int = 2) -> typer.Exit:
    """Print a one-line error on standard error and return the exit to raise."""
    error_console.print(f"error: {message}", markup=False, soft_wrap=True)
    return typer.Exit(code)


def reports_errors(command: Callable[P, R]) -> Callable[P, R]:
    """Turn a :class:`PokerDealerError` into a one-line message and exit status 2."""

    @wraps(command)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return command(*args, **kwargs)
        except PokerDealerError as error:
            raise fail(str(error)) from None

    return wrapper


#: Options whose value may be left out, and the value they then take
#: (``--ray`` alone starts a local Ray; ``--ray ADDRESS`` joins a cluster).
OPTIONAL_VALUES = {"--ray": "local"}


def optional_option_values(args: list[str]) -> list[str]:
    """Fill in the value of an option given without one (typer has no optional values).

    >>> optional_option_values(["simulate", "--ray", "--hands", "10"])
    ['simulate', '--ray', 'local', '--hands', '10']
    >>> optional_option_values(["simulate", "--ray", "auto"])
    ['simulate', '--ray', 'auto']
    >>> optional_option_values(["simulate", "--ray"])
    ['simulate', '--ray', 'local']
    """
    filled: list[str] = []
    for i, arg in enumerate(args):
        filled.append(arg)
        if arg in OPTIONAL_VALUES:
            following = args[i + 1] if i + 1 < len(args) else None
            if following is None or following.startswith("-"):
                filled.append(OPTIONAL_VALUES[arg])
    return filled


def main() -> None:
    """Entry point of the ``pokerdealer`` console script.

    Usage errors (a missing argument, an unknown option) are reported like
    every other bad input: one line on standard error and exit status 2.
    """
    sys.argv[1:] = optional_option_values(sys.argv[1:])
    # Only the command being run is imported (start-up time); help, an unknown
    # command or a bare option loads them all, so click can list or suggest.
    first = sys.argv[1] if len(sys.argv) > 1 else None
    load_commands([first] if first in COMMANDS else None)
    try:
        code = app(prog_name="pokerdealer", standalone_mode=False)
    except TyperException as error:  # typer's usage errors (it vendors click)
        context = getattr(error, "ctx", None)
        command = context.command_path if context is not None else "pokerdealer"
        message = error.format_message() if hasattr(error, "format_message") else str(error)
        error_console.print(f"error: {message} (see '{command} --help')", markup=False, soft_wrap=True)
        sys.exit(getattr(error, "exit_code", 2))
    except (typer.Abort, KeyboardInterrupt):
        sys.exit(1)
    sys.exit(code if isinstance(code, int) else 0)
