"""The typer application shared by every command module, and its error handling."""

from __future__ import annotations

import sys
from collections.abc import Callable
from functools import wraps
from typing import ParamSpec, TypeVar

import typer
from typer.exceptions import TyperException
from rich.console import Console

from pokerdealer.errors import PokerDealerError

__all__ = ["app", "console", "error_console", "fail", "main", "reports_errors"]

app = typer.Typer(
    name="pokerdealer",
    help="The dealer and referee of Texas Hold'em.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

# Rich resolves sys.stdout at write time, so CliRunner captures these.
console = Console(highlight=False)
error_console = Console(stderr=True, highlight=False)

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


def main() -> None:
    """Entry point of the ``pokerdealer`` console script.

    Usage errors (a missing argument, an unknown option) are reported like
    every other bad input: one line on standard error and exit status 2.
    """
    try:
        code = app(prog_name="pokerdealer", standalone_mode=False)
    except TyperException as error:  # typer's usage errors (it vendors click)
        context = getattr(error, "ctx", None)
        command = context.command_path if context is not None else "pokerdealer"
        message = error.format_message() if hasattr(error, "format_message") else str(error)
        error_console.print(f"error: {message} (see '{command} --help')", markup=False)
        sys.exit(getattr(error, "exit_code", 2))
    except (typer.Abort, KeyboardInterrupt):
        sys.exit(1)
    sys.exit(code if isinstance(code, int) else 0)
