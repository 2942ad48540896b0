"""Lazy re-exports for package ``__init__`` modules (PEP 562).

A package lists which module defines each name it re-exports; the module is
imported the first time one of its names is read, and the value is then
stored on the package so later reads cost nothing. ``import pokerdealer``
thus loads no NumPy, no lookup tables and no bots until something asks for
them (start-up is what a command line pays on every run).

A name may not be lazy if the package also has a submodule of that name:
importing the submodule would bind the module over the name
(tests/test_public_api.py checks this).

>>> getattr_, dir_ = lazy_exports("json", {"dumps": "json"})
>>> getattr_("dumps") is __import__("json").dumps
True
>>> getattr_("nothing")
Traceback (most recent call last):
AttributeError: module 'json' has no attribute 'nothing'
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Mapping

__all__ = ["lazy_exports"]


def lazy_exports(
    package: str, exports: Mapping[str, str]
) -> tuple[Callable[[str], object], Callable[[], list[str]]]:
    """A module ``__getattr__`` and ``__dir__`` for ``package``'s lazy ``exports``.

    ``exports`` maps each name to the module that defines it.
    """

    def __getattr__(name: str) -> object:
        module = exports.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(module), name)
        setattr(sys.modules[package], name, value)  # later reads skip __getattr__
        return value

    def __dir__() -> list[str]:
        return sorted(set(vars(sys.modules[package])) | set(exports))

    return __getattr__, __dir__
