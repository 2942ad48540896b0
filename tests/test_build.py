"""The compiled build: what release wheels compile with mypyc, and the fallback."""

from __future__ import annotations

import importlib
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def compiled_modules() -> list[str]:
    """The modules the wheel's mypyc hook compiles (from pyproject.toml)."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    hook = config["tool"]["hatch"]["build"]["targets"]["wheel"]["hooks"]["mypyc"]
    return [path.strip("/").removeprefix("src/").removesuffix(".py").replace("/", ".") for path in hook["include"]]


def test_the_compiled_build_is_opt_in():
    # Editable installs (`uv sync`) stay pure Python: only release builds turn it on.
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    hook = config["tool"]["hatch"]["build"]["targets"]["wheel"]["hooks"]["mypyc"]
    assert hook["enable-by-default"] is False


def test_every_compiled_module_has_its_python_source_as_the_fallback():
    modules = compiled_modules()
    assert "pokerdealer.rules.hand" in modules and "pokerdealer.env.core" in modules
    for name in modules:
        source = ROOT / "src" / (name.replace(".", "/") + ".py")
        assert source.is_file(), f"{name}: listed for mypyc but {source} is missing"
        module = importlib.import_module(name)
        missing = [public for public in module.__all__ if not hasattr(module, public)]
        assert not missing, f"{name}: __all__ names what the module does not define: {missing}"


def test_no_function_of_a_compiled_module_imports_when_it_is_called():
    # A compiled function runs an import statement on every call (Hand.view importing
    # its view function cost 3 us a call, a fifth of compiled simulate): import at the top.
    import ast

    found = []
    for name in compiled_modules():
        source = ROOT / "src" / (name.replace(".", "/") + ".py")
        for node in ast.walk(ast.parse(source.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                found += [
                    f"{name}.{node.name}: {ast.unparse(inner)}"
                    for inner in ast.walk(node)
                    if isinstance(inner, (ast.Import, ast.ImportFrom))
                ]
    assert not found
