"""The public PHH dataset the tests replay (uoftcprg/phh-dataset @ b086f70, MIT: the 10,000
Pluribus hands, the WSOP 2023 Event #43 final table and five famous hands), carried in the
repository as ``tests/data/phh-dataset/data.tar.xz`` (source and licence beside it) and
unpacked once, on first use, into the cache.

Unpacking is atomic: a process unpacks into a directory of its own and renames it into place,
so several test workers starting at once each see the whole dataset or none of it, and one
that loses the race uses the winner's. The directory is named after the archive's digest, so a
changed archive is unpacked anew.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import os
import shutil
import tarfile
import tempfile
import time
from pathlib import Path, PurePosixPath

__all__ = ["ARCHIVE", "cache_home", "extract_files", "phh_dataset", "unpack_once"]

#: The dataset's ``data`` folder, xz-compressed (377 KB; 40 MB unpacked).
ARCHIVE = Path(__file__).resolve().parent / "data" / "phh-dataset" / "data.tar.xz"

#: A work directory this old was left by a process killed while unpacking.
STALE_SECONDS = 3600


def cache_home() -> Path:
    """The project's cache folder (as the evaluator's tables use it): ``$POKERDEALER_CACHE``,
    else ``$XDG_CACHE_HOME/pokerdealer``, else ``~/.cache/pokerdealer``."""
    base = os.environ.get("POKERDEALER_CACHE") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache"), "pokerdealer"
    )
    return Path(base)


def unpack_once(archive: Path, cache: Path) -> Path:
    """The directory ``archive`` unpacks to under ``cache``, unpacked by the first caller.

    >>> import io, tarfile, tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> with tarfile.open(folder / "a.tar.xz", "w:xz") as tar:
    ...     info = tarfile.TarInfo("data/hand.phh"); info.size = 3
    ...     tar.addfile(info, io.BytesIO(b"abc"))
    >>> unpacked = unpack_once(folder / "a.tar.xz", folder / "cache")
    >>> (unpacked / "data" / "hand.phh").read_text()
    'abc'
    >>> unpack_once(folder / "a.tar.xz", folder / "cache") == unpacked  # the second call finds it
    True
    >>> shutil.rmtree(folder)
    """
    digest = hashlib.sha256(archive.read_bytes()).hexdigest()[:16]
    final = cache / f"{archive.parent.name}-{digest}"
    if final.is_dir():
        return final
    cache.mkdir(parents=True, exist_ok=True)
    for left in cache.glob(f".{final.name}.*.unpacking"):
        with contextlib.suppress(OSError):  # another process may be removing it too
            if time.time() - left.stat().st_mtime > STALE_SECONDS:
                shutil.rmtree(left, ignore_errors=True)
    work = Path(tempfile.mkdtemp(prefix=f".{final.name}.", suffix=".unpacking", dir=cache))
    try:
        extract_files(archive, work)
        try:
            os.rename(work, final)  # atomic: nobody sees a half-unpacked `final`
        except OSError:
            if not final.is_dir():  # not "another process was first": a real failure
                raise
    finally:
        shutil.rmtree(work, ignore_errors=True)  # gone already when the rename won
    return final


def extract_files(archive: Path, into: Path) -> None:
    """Write the regular files of ``archive`` under ``into``, nothing else (no links, no
    modes, no times). tarfile's own ``extractall`` with its safety filter takes 9 s of CPU
    for these 10,088 small files (a realpath per file); this takes 2."""
    made: set[str] = set()
    with tarfile.open(archive, "r:xz") as tar:
        for member in tar:
            if not member.isfile():
                continue
            parts = PurePosixPath(member.name).parts
            if not parts or parts[0] == "/" or ".." in parts:
                raise ValueError(f"{archive}: {member.name!r} is not a path inside the archive")
            target = os.path.join(into, *parts)
            folder = os.path.dirname(target)
            if folder not in made:
                os.makedirs(folder, exist_ok=True)
                made.add(folder)
            with tar.extractfile(member) as source, open(target, "wb") as file:  # type: ignore[union-attr]
                file.write(source.read())


@functools.cache
def phh_dataset() -> Path:
    """The dataset's ``data`` folder, unpacked into the cache on first use (2 s of CPU)."""
    try:
        return unpack_once(ARCHIVE, cache_home()) / "data"
    except OSError:  # a read-only home: the temporary folder instead
        return unpack_once(ARCHIVE, Path(tempfile.gettempdir()) / f"pokerdealer-{os.getuid()}") / "data"
