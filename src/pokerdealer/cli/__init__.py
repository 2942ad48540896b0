"""The ``pokerdealer`` command line (typer + rich).

Each command lives in its own module under :mod:`pokerdealer.cli` and
registers itself on :data:`app` when imported; :data:`COMMANDS` names the
module of each command, so ``pokerdealer eval ...`` imports the evaluator's
command alone and ``pokerdealer --help`` imports them all.

Bad input exits with status 2 and a one-line message, never a traceback.
"""

from __future__ import annotations

from pokerdealer.cli._app import COMMANDS, load_commands, main

__all__ = ["COMMANDS", "app", "load_commands", "main"]


def __getattr__(name: str) -> object:
    # ``app`` with every command on it (tests, embedding). The console script's
    # ``main`` loads only the module of the command it runs (start-up time).
    if name == "app":
        return load_commands()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
