"""What a first run writes, said once: the library prints nothing, a listener
(the command line's) says it.

The hand evaluator builds its lookup tables the first time it is used on a
machine (:mod:`pokerdealer.evaluation.tables`): seconds of work and a file of
about :data:`TABLE_FILE_MB` MB in the cache folder, ``~/.cache/pokerdealer`` or
``$POKERDEALER_CACHE``. Later runs map that file.

>>> said = []
>>> listeners.append(said.append)
>>> building_tables(Path("/tmp/cache/tables.bin"))
>>> listeners.remove(said.append)
>>> said
[PosixPath('/tmp/cache/tables.bin')]
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

__all__ = ["TABLE_FILE_MB", "building_tables", "listeners"]

#: The size of one ranking's table file, in MB (tests/evaluation checks it against the file).
TABLE_FILE_MB = 43

#: Called with the cache file's path just before the tables are built.
listeners: list[Callable[[Path], None]] = []


def building_tables(path: Path) -> None:
    """Tell the listeners that the tables are about to be built into ``path``."""
    for listener in listeners:
        listener(path)
