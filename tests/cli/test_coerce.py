"""The command line converts plain values without Pydantic, exactly as typer does with it."""

from __future__ import annotations

import functools
import math
from pathlib import Path

import pytest
import typer.main
from hypothesis import given
from hypothesis import strategies as st
from typer import _coercion
from typer._click import Context
from typer._click.exceptions import BadParameter

from pokerdealer.cli import app
from pokerdealer.cli._coerce import DECLINE, convert_plain, plain_converter


@functools.cache
def group():
    return typer.main.get_command(app)


def converted(runtime, param, value):
    """What a runtime parameter makes of ``value``, or its error message."""
    try:
        return runtime.coerce(value, param=param, ctx=Context(group()))
    except BadParameter as error:
        return f"error: {error.message}"


def typer_converts(param, value):
    """What typer's own (Pydantic) conversion makes of ``value``, or the error message."""
    return converted(_coercion.build_runtime_param(param.type_descriptor), param, value)


def every_parameter():
    for name, command in sorted(group().commands.items()):
        for sub_name, sub in sorted(getattr(command, "commands", {name: command}).items()):
            for param in sub.params:
                if hasattr(param, "type_descriptor"):
                    yield pytest.param(param, id=f"{sub_name}-{param.name}")


PARAMETERS = list(every_parameter())
SAMPLES = ["0", "7", "-3", "+5", "007", "65535", "65536", "1.5", "-.25", "1e3", "", " 8 ",
           "1_000", "inf", "nan", "As Kd", "x", "/tmp", "a/b.phh", True, False, 3, 2.5, None,
           ("As Kd", "Qh Qd"), ["7", "x"]]


@pytest.mark.parametrize("param", PARAMETERS)
def test_every_parameter_converts_values_as_typer_does(param):
    runtime = param.get_runtime_param()  # ours, installed by pokerdealer.cli._app
    assert type(runtime).__name__ == "PlainRuntimeParam"
    for value in SAMPLES:
        ours, theirs = converted(runtime, param, value), typer_converts(param, value)
        assert repr(ours) == repr(theirs) and type(ours) is type(theirs), value


@given(st.text(alphabet="0123456789+-._eE xin", max_size=12))
def test_an_integer_string_is_read_as_pydantic_reads_it(text):
    from pydantic import TypeAdapter, ValidationError

    ours = convert_plain(int, text)
    if ours is DECLINE:
        return
    try:
        theirs = TypeAdapter(int).validate_python(text)
    except ValidationError:
        pytest.fail(f"{text!r}: we read {ours}, Pydantic refuses it")
    assert ours == theirs


@given(st.text(alphabet="0123456789+-._eE xinaf", max_size=14))
def test_a_decimal_string_is_read_as_pydantic_reads_it(text):
    from pydantic import TypeAdapter, ValidationError

    ours = convert_plain(float, text)
    if ours is DECLINE:
        return
    try:
        theirs = TypeAdapter(float).validate_python(text)
    except ValidationError:
        pytest.fail(f"{text!r}: we read {ours}, Pydantic refuses it")
    assert ours == theirs or (math.isnan(ours) and math.isnan(theirs))


@given(st.floats(allow_nan=False, allow_infinity=False))
def test_a_float_written_by_python_is_read_back_exactly(number):
    assert convert_plain(float, repr(number)) == number


def test_out_of_range_numbers_are_left_to_typer_for_its_message():
    assert convert_plain(int, "0", low=1) is DECLINE
    assert convert_plain(int, "70000", high=65535) is DECLINE
    assert convert_plain(int, "8000", low=1, high=65535) == 8000


def test_a_path_argument_is_a_path_and_an_empty_one_is_left_to_typer():
    param = next(p for p in group().commands["replay"].params if p.name == "path")
    convert = plain_converter(param.type_descriptor.annotation, param.type_descriptor.parameter_info)
    ctx = Context(group())
    assert convert("a/b.phh", param, ctx) == Path("a/b.phh") == typer_converts(param, "a/b.phh")
    assert convert("", param, ctx) is DECLINE
