"""Imports flow one way (DESIGN.md "Layers"): no module of the rules, nor the errors
and the catalogs, imports one that imports it back, type-checking imports included
(a circle of type-only imports is still a circle a reader must hold in mind)."""

from __future__ import annotations

import ast
from pathlib import Path

import pokerdealer

SRC = Path(pokerdealer.__file__).parent


def _module(path: Path) -> str:
    parts = list(path.relative_to(SRC.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _imports(path: Path, known: set[str]) -> set[str]:
    """The modules of ``known`` that ``path`` imports, wherever the import stands."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            subs = [f"{node.module}.{alias.name}" for alias in node.names]
            names = [name for name in subs if name in known] or [node.module]
        else:
            continue
        found.update(name for name in names if name in known)
    return found


def _circle_through(graph: dict[str, set[str]], start: str) -> list[str] | None:
    """A path of imports from ``start`` back to itself, if there is one."""
    stack = [(start, [start])]
    seen = set()
    while stack:
        name, path = stack.pop()
        for nxt in graph[name]:
            if nxt == start:
                return [*path, start]
            if nxt not in seen:
                seen.add(nxt)
                stack.append((nxt, [*path, nxt]))
    return None


def _graph(paths: list[Path]) -> dict[str, set[str]]:
    known = {_module(p) for p in paths}
    return {_module(p): _imports(p, known) for p in paths}


def test_the_rules_modules_import_in_one_direction() -> None:
    graph = _graph(sorted((SRC / "rules").glob("*.py")))
    circles = [c for name in graph if (c := _circle_through(graph, name))]
    assert not circles, " | ".join(" -> ".join(c) for c in circles)


def test_errors_and_catalogs_import_in_one_direction() -> None:
    graph = _graph([SRC / "errors.py", *sorted((SRC / "i18n").glob("*.py"))])
    circles = [c for name in graph if (c := _circle_through(graph, name))]
    assert not circles, " | ".join(" -> ".join(c) for c in circles)
