"""The typer application shared by every command module, and its error handling.

What the person at the terminal sees when something goes wrong is decided
here, once for every command (:func:`reports_errors`, :func:`main`):

* bad input (a :class:`PokerDealerError`, a usage error): one line
  ``error: ...`` on standard error saying what was wrong and what would be
  right, exit status 2;
* an :class:`OSError` (a file or folder that cannot be written or read,
  standard output gone, nothing answering at an address): one line too,
  never a traceback. Exit status 2 when the command line can put it right
  (a missing folder, no permission, a folder where a file was expected);
  1 when the machine failed and the same command may work later: a full
  disk or quota, an I/O error (:data:`MACHINE_ERRNOS`), a Ray cluster that
  does not answer (a ``ConnectionError`` or ``TimeoutError``: the address
  may well be right and the cluster down).
  Standard output closed by a pipe's reader (``... | head``) ends the
  command quietly with status 1;
* Ctrl-C: a long run prints what it had done (:func:`interrupted`) and
  every command exits with status 130, as a shell reports SIGINT.

Output files are checked before the work that fills them
(:mod:`pokerdealer.cli._options`), so a long run does not end in an error.
"""

from __future__ import annotations

import errno
import importlib
import os
import sys
from collections.abc import Callable, Iterable
from functools import wraps
from pathlib import Path
from typing import IO, TYPE_CHECKING, Annotated, Any, ParamSpec, TypeVar, cast

import typer
from typer.exceptions import TyperException

from pokerdealer import _first_run
from pokerdealer.cli._arguments import install as _install_argument_help
from pokerdealer.cli._coerce import install as _install_plain_coercion
from pokerdealer.errors import PokerDealerError

if TYPE_CHECKING:
    from rich.console import Console

__all__ = [
    "COMMANDS",
    "app",
    "console",
    "describe_os_error",
    "error_console",
    "fail",
    "interrupted",
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
    context_settings={"help_option_names": ["-h", "--help"]},  # every command inherits both
)


def _print_version(asked: bool) -> None:
    if asked:
        from pokerdealer import __version__

        console.print(f"pokerdealer {__version__}", markup=False, highlight=False)
        raise typer.Exit(0)


@app.callback()
def _group(
    version: Annotated[
        bool,
        typer.Option(
            "--version", help="Print the version and exit.", is_eager=True, callback=_print_version
        ),
    ] = False,
) -> None:
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
    "review": "review",
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
            if not self._stderr and not self._real.is_terminal:
                # Off a terminal the output is read by programs and diffs: no line ends in
                # the spaces rich pads a table's last column with.
                self._real = Console(file=cast("IO[str]", _LinesTrimmed()), highlight=False)
        return self._real

    def __getattr__(self, name: str) -> Any:
        return getattr(self.real, name)


class _LinesTrimmed:
    r"""Standard output (looked up at each write, as rich does) with the spaces at
    the end of each line dropped; a line still being written waits for its end.

    >>> import io, contextlib
    >>> out = io.StringIO()
    >>> with contextlib.redirect_stdout(out):
    ...     trimmed = _LinesTrimmed()
    ...     _ = trimmed.write("cards  As Kd   \nboard  Ad")
    ...     _ = trimmed.write(" Qs   \n")
    >>> out.getvalue()
    'cards  As Kd\nboard  Ad Qs\n'
    """

    def __init__(self) -> None:
        self._line = ""

    def write(self, text: str) -> int:
        done, newline, self._line = (self._line + text).rpartition("\n")
        if newline:
            sys.stdout.write("\n".join(line.rstrip(" ") for line in done.split("\n")) + "\n")
        return len(text)

    def flush(self) -> None:
        if self._line:
            sys.stdout.write(self._line)
            self._line = ""
        sys.stdout.flush()

    def isatty(self) -> bool:
        return False

    def fileno(self) -> int:
        return sys.stdout.fileno()

    @property
    def encoding(self) -> str:
        return getattr(sys.stdout, "encoding", None) or "utf-8"


console: Console = LazyConsole()  # type: ignore[assignment]
error_console: Console = LazyConsole(stderr=True)  # type: ignore[assignment]

# typer converts values without Pydantic where it can (start-up time).
_install_plain_coercion()
# Arguments in help as <CARDS>, not {CARDS} and a Python type.
_install_argument_help()

P = ParamSpec("P")
R = TypeVar("R")


def fail(message: str, *, code: int = 2) -> typer.Exit:
    """Print a one-line error on standard error and return the exit to raise."""
    error_console.print(f"error: {message}", markup=False, soft_wrap=True)
    return typer.Exit(code)


def interrupted(report: str) -> typer.Exit:
    """Say on standard error how far a long run got when Ctrl-C stopped it, and
    return the exit to raise: status 130, as a shell reports SIGINT. The
    partial result itself (where there is one) is printed before, where the
    whole result would have gone."""
    error_console.print(f"interrupted: {report}", markup=False, soft_wrap=True)
    return typer.Exit(130)


#: OSError numbers that say the machine failed, not the command line: exit status 1.
MACHINE_ERRNOS = frozenset({errno.ENOSPC, errno.EDQUOT, errno.EIO, errno.EFBIG})


def describe_os_error(error: OSError) -> str:
    """One line for an :class:`OSError`: the file, then what went wrong in words.

    >>> describe_os_error(FileNotFoundError(errno.ENOENT, "No such file or directory", "a/b.phhs"))
    'a/b.phhs: no such file or directory'
    >>> describe_os_error(OSError(errno.ENOSPC, "No space left on device"))
    'cannot write the output: no space left on device; free some space, or write somewhere else'
    >>> describe_os_error(ConnectionError("no Ray cluster answers at 10.0.0.1:1"))
    'no Ray cluster answers at 10.0.0.1:1'
    """
    reason = error.strerror or str(error) or type(error).__name__
    reason = reason[:1].lower() + reason[1:]
    if error.errno in (errno.ENOSPC, errno.EDQUOT, errno.EFBIG):
        reason += "; free some space, or write somewhere else"
        if error.filename is None:  # a write to an open file or to standard output
            reason = f"cannot write the output: {reason}"
    return reason if error.filename is None else f"{error.filename}: {reason}"


def _exit_status(error: OSError) -> int:
    """2 when the command line can put ``error`` right, 1 when the machine failed."""
    if isinstance(error, (ConnectionError, TimeoutError)) or error.errno in MACHINE_ERRNOS:
        return 1
    return 2


def _silence_stdout() -> None:
    """Point standard output at the null device once writing to it failed, so
    that Python's own flush at exit finds nothing to fail on (it would print
    an "Exception ignored" message and change the exit status to 120)."""
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
        os.close(null)
    except (OSError, ValueError):  # not a real file (CliRunner's capture): nothing to do
        pass


def _os_error_exit(error: OSError) -> typer.Exit:
    """Report ``error`` in one line (:func:`describe_os_error`); the exit to raise."""
    if error.errno == errno.EPIPE:  # the reader of a pipe left (``| head``): nothing to say
        _silence_stdout()
        return typer.Exit(1)
    return fail(describe_os_error(error), code=_exit_status(error))


def reports_errors(command: Callable[P, R]) -> Callable[P, R]:
    """Turn a :class:`PokerDealerError` into a one-line message and exit status 2,
    and an :class:`OSError` into one line and status 2 or 1 (module docstring)."""

    @wraps(command)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return command(*args, **kwargs)
        except PokerDealerError as error:
            raise fail(str(error)) from None
        except OSError as error:
            raise _os_error_exit(error) from None

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
    every other bad input: one line on standard error and exit status 2. An
    :class:`OSError` no command reported (standard output failing as the
    command ends) is one line too (module docstring), and Ctrl-C exits with
    status 130.
    """
    sys.argv[1:] = optional_option_values(sys.argv[1:])
    _first_run.listeners.append(_say_tables_are_built)
    # Only the command being run is imported (start-up time); help, an unknown
    # command or a bare option loads them all, so click can list or suggest.
    first = sys.argv[1] if len(sys.argv) > 1 else None
    try:
        load_commands([first] if first in COMMANDS else [] if first == "--version" else None)
        result = app(prog_name="pokerdealer", standalone_mode=False)
        code = result if isinstance(result, int) else 0
    except TyperException as error:  # typer's usage errors (it vendors click)
        context = getattr(error, "ctx", None)
        # A bare group: its help is the answer.
        if type(error).__name__ == "NoArgsIsHelpError" and context is not None:
            console.print(context.get_help(), markup=False, highlight=False, soft_wrap=True)
            code = 0
        else:
            # The parser's own errors (an option without its value) carry no context: the
            # command is read from the arguments, so the pointer names its help.
            command = context.command_path if context is not None else _command_path(sys.argv[1:])
            message = error.format_message() if hasattr(error, "format_message") else str(error)
            error_console.print(f"error: {message} (see '{command} --help')", markup=False, soft_wrap=True)
            code = getattr(error, "exit_code", 2)
    except KeyboardInterrupt:  # typer turns Ctrl-C in a command into 130; this is before one
        code = 130
    except typer.Abort:
        code = 1
    except OSError as error:  # one no command reported
        code = _os_error_exit(error).exit_code
    sys.exit(_flush_stdout(code))


def _say_tables_are_built(path: Path) -> None:
    """Say once, on standard error, that the evaluator's tables are being built and where."""
    if _said_tables:
        return
    _said_tables.append(path)
    error_console.print(
        f"building the hand evaluator's tables, once for this machine: a few seconds and "
        f"{_first_run.TABLE_FILE_MB} MB in {path.parent} (set POKERDEALER_CACHE to keep them elsewhere)",
        markup=False,
        soft_wrap=True,
    )


_said_tables: list[Path] = []


def _command_path(args: list[str]) -> str:
    """The command the arguments name, as its help names it.

    >>> _ = load_commands(["showdown", "db"])
    >>> _command_path(["showdown", "--board"]), _command_path(["db", "upgrade", "--revision"])
    ('pokerdealer showdown', 'pokerdealer db upgrade')
    >>> _command_path(["--bogus"])
    'pokerdealer'
    """
    import typer.main

    command: Any = typer.main.get_command(app)
    path = ["pokerdealer"]
    for arg in args:
        command = getattr(command, "commands", {}).get(arg)
        if command is None:
            break
        path.append(arg)
    return " ".join(path)


def _flush_stdout(code: int) -> int:
    """Flush standard output here, where a failure can still be told in one line
    (``> /dev/full``), rather than by Python at exit; the status to exit with."""
    try:
        sys.stdout.flush()
    except OSError as error:
        _silence_stdout()
        if code:  # the command failed already and said why; what it printed is lost
            return code
        return _os_error_exit(error).exit_code
    return code
