"""The order in which the test workers take the suite (pytest-xdist, ``--dist loadscope``).

xdist hands a worker a whole module at a time (its module fixtures -- a room, a browser -- are
then made once), and by default the modules with the most tests first. A module of two tests
that play a tournament for a minute then comes near the end and runs alone while the other
workers wait. Here the modules measured to be long go first, longest first (:data:`LONG_FIRST`);
the rest follow in xdist's own order, which fills the gaps at the end with short ones. The
modules that judge one shared session of play (the ``listening`` fixture of the security
package) are one unit, so that session is played once per backend, not once per module and
worker.

A module left off the list is not lost, only perhaps run late; refresh the list from a CI log of
``pytest --durations=0`` when modules grow (a module's time is the sum of its tests').
"""

from __future__ import annotations

from typing import Any

import pytest

SHARED_SESSION = "tests/server/security (listening)"
"""The unit of the modules that judge the security package's one session of play."""

LISTENING = (
    "tests/server/security/test_endpoints.py",
    "tests/server/security/test_secrets.py",
    "tests/server/security/test_unshown_cards.py",
)

LONG_FIRST = (
    "tests/server/test_host.py",
    "tests/server/test_tournament.py",
    "tests/server/test_self_limits.py",
    SHARED_SESSION,
    "tests/server/test_tournament_restart.py",
    "tests/server/test_tournament_shared.py",
    "tests/server/test_tournament_lobby.py",
    "tests/server/test_tournament_reentry.py",
    "tests/rules/test_pokerkit_differential.py",
    "tests/server/security/test_http.py",
    "tests/server/test_multiprocess.py",
    "tests/server/test_crash.py",
    "tests/server/test_table_notes.py",
    "tests/server/test_straddle.py",
    "tests/server/test_ws.py",
    "tests/server/test_bot_names.py",
    "tests/server/test_timebank.py",
    "tests/server/test_i18n.py",
    "tests/server/test_between_hands.py",
    "tests/server/test_tournament_remove.py",
    "tests/server/security/test_flood.py",
    "tests/test_docs_site.py",
    "tests/rules/test_properties.py",
    "tests/parallel/test_equity_table.py",
    "tests/bots/test_sensible.py",
)
"""Modules (xdist's scopes) that keep a worker busy longest, longest first: measured with
``--durations`` (a worker's seconds per module, 2 workers, December 2026)."""


def scope_of(nodeid: str, default: str) -> str:
    """The unit a test is handed out in: its module's (xdist's ``default``), or the shared session's.

    >>> scope_of("tests/server/security/test_secrets.py::test_x[sqlite]", "tests/server/security/test_secrets.py")
    'tests/server/security (listening)'
    >>> scope_of("tests/test_cards.py::test_x", "tests/test_cards.py")
    'tests/test_cards.py'
    """
    return SHARED_SESSION if nodeid.startswith(LISTENING) else default


def long_first(scopes: list[str], long: tuple[str, ...] = LONG_FIRST) -> list[str]:
    """``scopes`` (in xdist's order) with those of ``long`` moved to the front, in its order.

    >>> long_first(["tests/a.py", "tests/b.py", "tests/c.py", "tests/d.py"], long=("tests/d.py", "tests/c.py"))
    ['tests/d.py', 'tests/c.py', 'tests/a.py', 'tests/b.py']
    """
    rank = {scope: k for k, scope in enumerate(long)}
    return sorted(scopes, key=lambda scope: rank.get(scope, len(rank)))  # stable: the rest keep xdist's order


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:  # noqa: ANN401 - xdist's own types
    """``--dist loadscope`` with the shared session as one unit and the long modules first."""
    if config.getvalue("dist") != "loadscope":
        return None
    from xdist.scheduler import LoadScopeScheduling

    class LongFirstScheduling(LoadScopeScheduling):  # type: ignore[misc]
        ordered = False

        def _split_scope(self, nodeid: str) -> str:
            return scope_of(nodeid, super()._split_scope(nodeid))

        def _assign_work_unit(self, node: Any) -> None:  # noqa: ANN401
            if not self.ordered:  # the queue is complete when the first unit is handed out
                queue = self.workqueue
                for scope in long_first(list(queue)):
                    queue.move_to_end(scope)
                self.ordered = True
            super()._assign_work_unit(node)

    return LongFirstScheduling(config, log)
