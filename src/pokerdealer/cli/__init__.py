"""The ``pokerdealer`` command line (typer + rich).

Each command lives in its own module under :mod:`pokerdealer.cli` and
registers itself on :data:`app`; this module only gathers them.

Bad input exits with status 2 and a one-line message, never a traceback.
"""

from __future__ import annotations

from pokerdealer.cli._app import app, main

# Importing a command module registers its commands on ``app``.
from pokerdealer.cli import evaluate as _evaluate  # noqa: F401,E402
from pokerdealer.cli import replay as _replay  # noqa: F401,E402
from pokerdealer.cli import equity as _equity  # noqa: F401,E402
from pokerdealer.cli import equity_table as _equity_table  # noqa: F401,E402
from pokerdealer.cli import export as _export  # noqa: F401,E402
from pokerdealer.cli import convert as _convert  # noqa: F401,E402
from pokerdealer.cli import simulate as _simulate  # noqa: F401,E402
from pokerdealer.cli import match as _match  # noqa: F401,E402
from pokerdealer.cli import acpc as _acpc  # noqa: F401,E402
from pokerdealer.cli import play as _play  # noqa: F401,E402
from pokerdealer.cli import serve as _serve  # noqa: F401,E402
from pokerdealer.cli import db as _db  # noqa: F401,E402
from pokerdealer.cli import verify as _verify  # noqa: F401,E402

__all__ = ["app", "main"]
