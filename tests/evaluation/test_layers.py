"""Imports flow one way in the hot paths too (DESIGN.md "Layers"): no module of the
evaluator, the equity calculator or the environments imports one that imports it
back, type-checking imports included."""

from __future__ import annotations

import pytest

from tests.rules.test_layers import SRC, _circle_through, _graph


@pytest.mark.parametrize("package", ["evaluation", "equity", "env"])
def test_the_modules_of_a_hot_path_import_in_one_direction(package: str) -> None:
    graph = _graph(sorted((SRC / package).glob("*.py")))
    circles = [c for name in graph if (c := _circle_through(graph, name))]
    assert not circles, " | ".join(" -> ".join(c) for c in circles)
