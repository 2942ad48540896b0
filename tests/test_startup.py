"""Start-up: importing the package or starting a command loads only what it uses.

Each check runs in a fresh interpreter (``sys.modules`` of this one already
holds everything) and names the modules that must not be loaded yet.
"""

from __future__ import annotations

import functools
import importlib
import json
import os
import pkgutil
import subprocess
import sys
from pathlib import Path

import pytest

HEAVY = ("numpy", "pokerdealer.equity.calculator", "pokerdealer.equity._kernel", "rich.markdown")


def loaded_after(code: str) -> set[str]:
    """The modules loaded in a fresh interpreter after running ``code``."""
    script = f"{code}\nimport sys, json\nprint(json.dumps(sorted(sys.modules)))"
    result = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=120, check=True
    )
    return set(json.loads(result.stdout.splitlines()[-1]))


def test_import_pokerdealer_loads_none_of_its_layers():
    loaded = loaded_after("import pokerdealer")
    assert not {"numpy", "pokerdealer.rules", "pokerdealer.bots", "pokerdealer.equity"} & loaded


def test_a_rules_hand_needs_no_numpy_until_a_showdown_is_ranked():
    loaded = loaded_after(
        "from pokerdealer import Hand, HandConfig, make_bot\n"
        "from pokerdealer.cards import deck_cards\n"
        "Hand(HandConfig(stacks=(100, 100), blinds=(1, 2)), deck_cards())"
    )
    assert not set(HEAVY) & loaded


def test_every_command_loaded_for_help_imports_nothing_heavy():
    loaded = loaded_after("import pokerdealer.cli\npokerdealer.cli.load_commands()")
    assert not set(HEAVY) & loaded


def test_a_command_loads_its_own_module_only():
    loaded = loaded_after(
        "import sys\nfrom pokerdealer.cli import main\n"
        "sys.argv = ['pokerdealer', 'eval', 'As Kd']\n"
        "try:\n    main()\nexcept SystemExit:\n    pass"
    )
    assert "pokerdealer.cli.evaluate" in loaded
    assert not {"pokerdealer.cli.replay", "pokerdealer.cli.serve", "pokerdealer.cli.play"} & loaded


def test_every_registered_command_is_named_in_commands():
    from pokerdealer.cli import COMMANDS, app

    registered = {c.name for c in app.registered_commands} | {g.name for g in app.registered_groups}
    assert registered == set(COMMANDS)


def test_a_lone_loaded_command_still_runs_as_a_subcommand():
    # typer makes an app with a single command that command itself; serve's module has one.
    result = subprocess.run(
        [sys.executable, "-c", "from pokerdealer.cli import main; main()", "serve", "--port", "x"],
        capture_output=True, text=True, timeout=120,
    )
    assert result.returncode == 2
    assert "'--port'" in result.stderr and "No such command" not in result.stderr


@pytest.mark.parametrize(
    "package", ["pokerdealer", "pokerdealer.evaluation", "pokerdealer.equity", "pokerdealer.bots"]
)
def test_no_lazy_export_is_also_a_submodule_name(package):
    # Importing a submodule binds its name on the package, over a lazy export of that name.
    module = importlib.import_module(package)
    lazy = set(module._EXPORTS)
    submodules = {info.name for info in pkgutil.iter_modules(module.__path__)}
    assert not lazy & submodules


def test_ranking_one_hand_needs_no_numpy():
    loaded = loaded_after(
        "from pokerdealer import evaluate, evaluate_rank\n"
        "assert evaluate('As Ks Qs Js Ts 2c 3d').rank == 7462\n"
        "assert evaluate_rank('2c 3d 4h 5s 7c') == 1"
    )
    assert "numpy" not in loaded


def test_a_damaged_table_cache_is_rebuilt(tmp_path):
    code = (
        "from pokerdealer.evaluation.tables import Ranking, _cache_path\n"
        "print(_cache_path(Ranking()))"
    )
    env = {**os.environ, "POKERDEALER_CACHE": str(tmp_path)}
    run = functools.partial(subprocess.run, capture_output=True, text=True, timeout=600, env=env, check=True)
    path = Path(run([sys.executable, "-c", code]).stdout.strip())
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"PDTABLE2" + b"\0" * 100)  # a header promising nothing, cut short
    out = run([sys.executable, "-c", "from pokerdealer import evaluate_rank; print(evaluate_rank('As Ks Qs Js Ts'))"])
    assert out.stdout.strip() == "7462"
    assert path.stat().st_size > 40_000_000


def test_a_command_converts_its_options_without_pydantic():
    # typer converts with Pydantic; pokerdealer.cli._coerce does the plain values without it.
    loaded = loaded_after(
        "import sys\nfrom pokerdealer.cli import main\n"
        "sys.argv = ['pokerdealer', 'eval', 'As Kd', '--board', 'Ad Qs 7h 3c 2d']\n"
        "try:\n    main()\nexcept SystemExit:\n    pass"
    )
    assert "pokerdealer.cli.evaluate" in loaded
    assert "pydantic" not in loaded


def test_help_loads_no_rich_and_no_layer_of_the_game():
    loaded = loaded_after(
        "import sys\nfrom pokerdealer.cli import main\n"
        "sys.argv = ['pokerdealer', '--help']\n"
        "try:\n    main()\nexcept SystemExit:\n    pass"
    )
    assert "pokerdealer.cli.replay" in loaded and "pokerdealer.cli.play" in loaded
    layers = {"rich", "pydantic", "pokerdealer.rules", "pokerdealer.history", "pokerdealer.table",
              "pokerdealer.learn", "pokerdealer.evaluation"}
    assert not layers & loaded
