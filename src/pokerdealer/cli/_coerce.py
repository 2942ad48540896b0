"""Typer's conversion of command-line values, without Pydantic for the plain cases.

typer (0.29) converts every parameter's value with a Pydantic ``TypeAdapter``:
importing Pydantic and building the adapters was about 0.1 s CPU of every
command, as much as the rest of ``pokerdealer eval``. The values a command line
passes to our commands are almost always plain: a string, an integer or a
decimal number written in digits, a flag, a path. Those are converted here the
way typer's adapters convert them (the tests compare both on every parameter of
every command, and on random strings). Anything else -- a value the adapters
might reject or read differently (``" 8 "``, ``"1_000"``, ``"inf"``, a number
out of range), or a type not listed here -- goes to typer's own conversion, so
every error message is still typer's, word for word.

:func:`install` hooks this into typer's parameters; with a typer whose
internals differ it changes nothing (the commands then start slower, and work
the same).

>>> convert_plain(int, "42"), convert_plain(int, "4 2") is DECLINE
(42, True)
>>> convert_plain(float, "-.5"), convert_plain(float, "nan") is DECLINE
(-0.5, True)
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, get_args, get_origin

__all__ = ["DECLINE", "convert_plain", "install", "plain_converter"]

#: Returned by a converter that leaves a value to typer.
DECLINE: Any = object()

# Forms Pydantic reads exactly as int() and float() do; ASCII digits only
# (Pydantic refuses other Unicode digits, int() takes them).
_INTEGER = re.compile(r"[+-]?[0-9]+\Z")
_DECIMAL = re.compile(r"[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?\Z")


def _in_range(number: float, low: float | None, high: float | None) -> bool:
    return (low is None or number >= low) and (high is None or number <= high)


def convert_plain(
    annotation: type, value: Any, *, low: float | None = None, high: float | None = None
) -> Any:
    """``value`` converted to ``annotation`` as typer would, or :data:`DECLINE`.

    ``low`` and ``high`` are an option's ``min`` and ``max``: a number outside
    them is declined (typer's message names the bound).

    >>> convert_plain(str, "As Kd"), convert_plain(int, 0, low=1) is DECLINE
    ('As Kd', True)
    """
    kind = type(value)
    if annotation is str:
        return value if kind is str else DECLINE
    if annotation is bool:
        return value if kind is bool else DECLINE
    if annotation is int:
        if kind is str and _INTEGER.match(value) and len(value) < 4000:
            number = int(value)
        elif kind is int:
            number = value
        else:
            return DECLINE
        return number if _in_range(number, low, high) else DECLINE
    if annotation is float:
        if kind is str and _DECIMAL.match(value) and len(value) < 4000:
            number = float(value)
        elif kind is float or kind is int:
            number = float(value)
        else:
            return DECLINE
        return number if _in_range(number, low, high) else DECLINE
    return DECLINE


Converter = Callable[[Any, Any, Any], Any]


def plain_converter(annotation: Any, info: Any) -> Converter | None:
    """A converter ``(value, param, ctx) -> value | DECLINE`` for one parameter's
    annotation and typer ``ParameterInfo``, or ``None`` when typer should convert."""
    if info.parser is not None or getattr(info, "clamp", False):
        return None
    if get_origin(annotation) is list:
        (item_type,) = get_args(annotation)
        item = plain_converter(item_type, info)
        if item is None:
            return None

        def convert_list(value: Any, param: Any, ctx: Any) -> Any:
            items = [item(one, param, ctx) for one in (value if isinstance(value, (list, tuple)) else [value])]
            return DECLINE if any(one is DECLINE for one in items) else items

        return convert_list
    if annotation is Path and info.path_type is None:
        from typer._param_types import coerce_cli_path

        def convert_path(value: Any, param: Any, ctx: Any) -> Any:
            if type(value) is str and value:
                value = Path(value)  # what Pydantic makes of a non-empty string
            if not isinstance(value, Path):
                return DECLINE
            # typer's own checks (exists, dir_okay, ...) and messages.
            return coerce_cli_path(value, info, path_type=Path, param=param, ctx=ctx)

        return convert_path
    if annotation in (str, bool, int, float):
        low, high = getattr(info, "min", None), getattr(info, "max", None)
        return lambda value, param, ctx: convert_plain(annotation, value, low=low, high=high)
    return None


def install() -> bool:
    """Make typer's parameters convert plain values here; whether it could.

    Without typer's ``_TyperParameter.get_runtime_param`` and ``RuntimeParam``
    (another typer version) nothing changes.
    """
    try:
        from typer import _coercion
        from typer.core import _TyperParameter
    except ImportError:
        return False
    runtime_base = getattr(_coercion, "RuntimeParam", None)
    build = getattr(_coercion, "build_runtime_param", None)
    original = getattr(_TyperParameter, "get_runtime_param", None)
    if runtime_base is None or build is None or original is None:
        return False
    if getattr(original, "_pokerdealer_plain", False):
        return True

    @dataclass(frozen=True)
    class PlainRuntimeParam(runtime_base):  # type: ignore[misc, valid-type]
        convert: Converter
        descriptor: Any

        def _coerce_value(self, value: Any, param: Any, ctx: Any) -> Any:
            converted = self.convert(value, param, ctx)
            if converted is DECLINE:
                return build(self.descriptor)._coerce_value(value, param=param, ctx=ctx)
            return converted

    def get_runtime_param(self: Any) -> Any:
        if self._runtime_param is None:
            descriptor = self.type_descriptor
            convert = None
            if descriptor.file_annotation is None:
                convert = plain_converter(descriptor.annotation, descriptor.parameter_info)
            if convert is not None:
                self._runtime_param = PlainRuntimeParam(
                    parameter_info=descriptor.parameter_info,
                    annotation=descriptor.annotation,
                    convert=convert,
                    descriptor=descriptor,
                )
        return original(self)

    get_runtime_param._pokerdealer_plain = True  # type: ignore[attr-defined]
    _TyperParameter.get_runtime_param = get_runtime_param  # type: ignore[method-assign]
    return True
