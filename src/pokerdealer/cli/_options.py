"""Reading the options several commands share: ``--blinds``, ``--structure``, and
the files and folders a command writes (``--out``, ``--log``, ``--plot``, ``--history``).

>>> parse_blinds("5/10"), parse_blinds("20"), parse_structure("pot-limit")
((5, 10), (10, 20), <Structure.POT_LIMIT: 'pot_limit'>)

An output is checked when the command starts (:func:`check_output_file`,
:func:`output_folder`), before the work that fills it: a million hands
simulated, then a path that cannot be written, would lose them all.
"""

from __future__ import annotations

import errno
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

from pokerdealer.errors import PokerDealerError

if TYPE_CHECKING:  # the rules load when a command reads its options, not at start-up
    from pokerdealer.rules import Structure

__all__ = [
    "cannot_write",
    "check_output_file",
    "option_value",
    "output_folder",
    "parse_blinds",
    "parse_structure",
]


def parse_blinds(text: str, option: str = "--blinds") -> tuple[int, int]:
    """``"1/2"`` -> ``(1, 2)``; a single number is the big blind (small = half).
    ``option`` names where the text came from, in the errors.

    >>> parse_blinds("big")
    Traceback (most recent call last):
    ...
    pokerdealer.errors.PokerDealerError: cannot read blinds 'big' (--blinds): expected SMALL/BIG like 1/2
    >>> parse_blinds("2/1")
    Traceback (most recent call last):
    ...
    pokerdealer.errors.PokerDealerError: --blinds 2/1: the small blind (2) is bigger than the big blind (1); write SMALL/BIG, e.g. 1/2
    """
    parts = text.replace(" ", "").split("/")
    try:
        numbers = [int(p) for p in parts]
    except ValueError:
        numbers = []
    if len(numbers) == 1:
        numbers = [numbers[0] // 2, numbers[0]]
    if len(numbers) != 2:
        raise PokerDealerError(f"cannot read blinds {text!r} ({option}): expected SMALL/BIG like 1/2")
    small, big = numbers
    if big <= 0:
        raise PokerDealerError(f"{option} {text}: the big blind must be at least 1, got {big}")
    if small < 0:
        raise PokerDealerError(f"{option} {text}: the small blind cannot be negative, got {small}")
    if small > big:
        raise PokerDealerError(
            f"{option} {text}: the small blind ({small}) is bigger than the big blind ({big}); "
            f"write SMALL/BIG, e.g. {big}/{small}"
        )
    return small, big


@contextmanager
def option_value(option: str, value: object) -> Iterator[None]:
    """Name ``option`` in the errors of the work inside (reading one option's
    value), and ``value`` too when the error does not already say it: the
    rules' and the library's messages say what is wrong and what would be right,
    but not which option the user gave it to.

    >>> with option_value("--structure", "spread"):
    ...     parse_structure("spread")
    Traceback (most recent call last):
    ...
    pokerdealer.errors.PokerDealerError: --structure: unknown structure 'spread': expected no_limit, pot_limit or fixed_limit
    """
    try:
        yield
    except PokerDealerError as error:
        text = str(error)
        named = option if str(value) in text else f"{option} {value}"
        raise PokerDealerError(f"{named}: {text}") from None


def parse_structure(text: str) -> Structure:
    """``no_limit``, ``pot-limit``, ``FIXED_LIMIT``... -> :class:`~pokerdealer.rules.Structure`,
    which refuses an unknown name itself (with the names there are).

    >>> parse_structure("spread")
    Traceback (most recent call last):
    ...
    pokerdealer.rules.config.ConfigError: unknown structure 'spread': expected no_limit, pot_limit or fixed_limit
    """
    from pokerdealer.rules import Structure

    return Structure(text.replace("-", "_").lower())


def cannot_write(
    option: str, path: Path, error: OSError, *, folder: bool = False
) -> PokerDealerError:
    """The error for an output ``path`` (a file, or a ``folder``) that cannot be
    written: what is wrong with it, and what to give instead.

    >>> print(cannot_write("--out", Path("/no/such/x.phhs"), FileNotFoundError(errno.ENOENT, "")))
    --out /no/such/x.phhs: there is no folder /no/such; create it first, or write somewhere else
    >>> print(cannot_write("--out", Path("/tmp"), IsADirectoryError(errno.EISDIR, "")))
    --out /tmp is a folder: give the name of a file to write
    """
    parent = path.parent
    if error.errno == errno.EISDIR or (not folder and path.is_dir()):
        why = " is a folder: give the name of a file to write"
    elif error.errno in (errno.ENOENT, errno.ENOTDIR) and not parent.is_dir():
        why = (
            f": {parent} is a file, not a folder; write somewhere else"
            if parent.exists()
            else f": there is no folder {parent}; create it first, or write somewhere else"
        )
    elif folder and path.exists() and not path.is_dir():
        why = " is a file, not a folder: give a folder"
    elif error.errno in (errno.ENOENT, errno.EACCES, errno.EPERM, errno.EROFS):
        # ENOENT in a folder that exists: one that takes no new files (/proc, /sys)
        kind = "folder" if folder else "file"
        where = f"files in {path}" if folder and path.is_dir() else f"a {kind} in {parent}"
        why = f": cannot create {where}; choose a folder you may write to"
    else:
        why = f": cannot write it ({(error.strerror or str(error)).lower()}); write somewhere else"
    return PokerDealerError(f"{option} {path}{why}")


def check_output_file(path: Path, option: str) -> None:
    """Refuse an output file the command could not write, before any work is done.

    The file is opened for appending (created if it is missing, and then
    removed again), so a file already there keeps what it holds until the
    command writes it.

    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> check_output_file(folder / "hands.phhs", "--out")
    >>> list(folder.iterdir())
    []
    >>> check_output_file(folder / "missing" / "hands.phhs", "--out")
    Traceback (most recent call last):
    ...
    pokerdealer.errors.PokerDealerError: --out .../missing/hands.phhs: there is no folder .../missing; ...
    """
    existed = path.exists()
    try:
        if path.is_dir():
            raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), str(path))
        with path.open("a", encoding="utf-8"):
            pass
        if not existed:
            path.unlink()
    except OSError as error:
        raise cannot_write(option, path, error) from None


def output_folder(path: Path, option: str) -> Path:
    """Create the output folder ``path`` (and its parents) if it is missing and
    check that files can be created in it, before any work is done; returns it.

    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> output_folder(folder / "hands", "--history").is_dir()
    True
    """
    try:
        path.mkdir(parents=True, exist_ok=True)
        probe = path / f".pokerdealer-write-test-{os.getpid()}"
        probe.touch()
        probe.unlink()
    except OSError as error:
        raise cannot_write(option, path, error, folder=True) from None
    return path
