"""One test process at a time compiles a Numba kernel; the others wait and load it from the cache.

Numba compiles a kernel in the first process that calls it and writes it to its cache, which
every later process loads (about 1 s). In a fresh checkout (CI) the test workers start at
once, and two of them calling the same kernel compiled it side by side: the environment's
batch kernel (about 15 s of CPU) was compiled both by tests/env/test_batch.py and by the
docs' sample of docs/bots.md. Here each process's first compile of a signature takes a lock
file shared by the run's workers, so the second waits (no CPU) and then finds it in the cache.

Numba is not imported for this: the lock is put round ``Dispatcher.compile`` when a test
imports Numba (:func:`install`).
"""

from __future__ import annotations

import contextlib
import fcntl
import importlib.abc
import importlib.machinery
import sys
import threading
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from types import ModuleType
from typing import Any

__all__ = ["install"]

_DISPATCHER = "numba.core.dispatcher"


def install(lock: Path) -> None:
    """Serialise the Numba compiles of the processes that install the same ``lock`` file."""
    lock.parent.mkdir(parents=True, exist_ok=True)
    if _DISPATCHER in sys.modules:
        _serialise(sys.modules[_DISPATCHER], lock)
    else:
        sys.meta_path.insert(0, _WhenImported(lock))


class _WhenImported(importlib.abc.MetaPathFinder):
    """Finds nothing itself: puts the lock round the dispatcher once Numba has loaded it."""

    def __init__(self, lock: Path) -> None:
        self.lock = lock

    def find_spec(
        self, name: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if name != _DISPATCHER:
            return None
        sys.meta_path.remove(self)
        spec = importlib.machinery.PathFinder.find_spec(name, path)
        if spec is None or spec.loader is None:  # pragma: no cover - Numba moved it
            return spec
        loader = spec.loader
        load = loader.exec_module
        lock = self.lock

        def exec_module(module: ModuleType) -> None:
            load(module)
            _serialise(module, lock)

        loader.exec_module = exec_module  # type: ignore[method-assign]
        return spec


def _serialise(dispatcher: ModuleType, lock: Path) -> None:
    compile_: Callable[[Any, Any], Any] = dispatcher.Dispatcher.compile
    held = threading.local()  # a kernel's callees are compiled inside its compile

    def compile(self: Any, sig: Any) -> Any:  # noqa: ANN401 - Numba's own types
        if getattr(held, "depth", 0):
            return compile_(self, sig)
        with _locked(lock):
            held.depth = 1
            try:
                return compile_(self, sig)
            finally:
                held.depth = 0

    dispatcher.Dispatcher.compile = compile


@contextlib.contextmanager
def _locked(path: Path) -> Iterator[None]:
    with path.open("a") as file:
        fcntl.flock(file, fcntl.LOCK_EX)  # released when the file closes
        yield
