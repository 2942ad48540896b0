"""The order in which the test workers take the suite (pytest-xdist, ``--dist loadscope``).

xdist hands a worker a whole module at a time (its module fixtures -- a room, a browser -- are
then made once), and by default the modules with the most tests first. A module of two tests
that play a tournament for a minute then comes near the end and runs alone while the other
workers wait. Here the modules measured to be long go first, longest first (:data:`LONG_FIRST`);
the rest follow in xdist's own order, which fills the gaps at the end with short ones. The
modules that judge one shared session of play (the ``listening`` fixture of the security
package) are one unit, so that session is played once per backend, not once per module and
worker; the tests of a module of :data:`ONE_TEST_A_UNIT` go out one by one, side by side.

A module left off the list is not lost, only perhaps run late; refresh the list from a CI log of
``pytest --durations=0`` when modules grow (a module's time is the sum of its tests').
"""

from __future__ import annotations

import os
from typing import Any

import pytest

from tests import numba_once
from tests.processes import die_with_parent

SHARED_SESSION = "tests/server/security (listening)"
"""The unit of the modules that judge the security package's one session of play."""

LISTENING = (
    "tests/server/security/test_endpoints.py",
    "tests/server/security/test_secrets.py",
    "tests/server/security/test_unshown_cards.py",
)

LONG_FIRST = (
    "tests/rules/test_pokerkit_differential.py",
    "tests/server/test_host.py",
    "tests/server/test_tournament.py",
    "tests/server/test_self_limits.py",
    SHARED_SESSION,
    "tests/server/test_tournament_restart.py",
    "tests/test_docs_pages.py",
    "tests/server/test_tournament_shared.py",
    "tests/server/test_browser_host.py",
    "tests/server/test_tournament_lobby.py",
    "tests/parallel/test_ray.py",
    "tests/parallel/test_equity_table.py",
    "tests/test_docs_site.py",
    "tests/server/test_browser_lobby.py",
    "tests/server/test_browser_coach.py",
    "tests/server/test_tournament_reentry.py",
    "tests/server/test_browser_showdown_coach.py",
    "tests/server/test_browser_event.py",
    "tests/server/test_browser_layout.py",
    "tests/server/test_browser_phone_felt.py",
    "tests/server/security/test_http.py",
    "tests/server/test_browser_event_words.py",
    "tests/server/test_browser_tournament_shared.py",
    "tests/bots/test_sensible.py",
    "tests/server/test_multiprocess.py",
    "tests/server/test_browser_i18n.py",
    "tests/rules/test_properties.py",
    "tests/server/test_crash.py",
    "tests/server/test_proxy.py",
    "tests/server/test_browser_event_strip.py",
    "tests/server/test_browser.py",
    "tests/server/test_browser_flood_close.py",
    "tests/server/test_table_notes.py",
    "tests/server/test_browser_tournament.py",
    "tests/server/test_straddle.py",
    "tests/server/test_browser_desktop_felt.py",
    "tests/server/test_browser_felt_cover.py",
    "tests/history/test_pokerkit_reads_ours.py",
    "tests/server/test_browser_reader_language.py",
    "tests/server/test_browser_table_screen.py",
    "tests/parallel/test_simulation.py",
    "tests/history/test_pokerstars.py",
    "tests/server/test_ws.py",
    "tests/test_docs.py",
    "tests/server/test_bot_names.py",
    "tests/server/test_browser_host_guard.py",
    "tests/server/test_timebank.py",
    "tests/server/test_i18n.py",
    "tests/server/test_between_hands.py",
    "tests/server/test_tournament_remove.py",
    "tests/server/security/test_flood.py",
    "tests/test_interrupted_run.py",
)
"""Modules (xdist's scopes) that keep a worker busy longest, longest first: a worker's seconds
per module, summed from ``--junitxml`` (the whole suite in three pieces on 2 workers, December 2026;
each of these took over 35 s on a machine loaded by other work)."""

ONE_TEST_A_UNIT = ("tests/rules/test_pokerkit_differential.py", "tests/test_interrupted_run.py")
"""Modules of long tests without module fixtures: each test is handed out on its own, so the
workers run them side by side (the differential's 10,000 hands are four tests of 2,500; each
interrupted run is a child pytest starting a server)."""


def scope_of(nodeid: str, default: str) -> str:
    """The unit a test is handed out in: its module's (xdist's ``default``), or the shared session's.

    >>> scope_of("tests/server/security/test_secrets.py::test_x[sqlite]", "tests/server/security/test_secrets.py")
    'tests/server/security (listening)'
    >>> scope_of("tests/test_cards.py::test_x", "tests/test_cards.py")
    'tests/test_cards.py'
    >>> scope_of("tests/rules/test_pokerkit_differential.py::test_x[0]", "tests/rules/test_pokerkit_differential.py")
    'tests/rules/test_pokerkit_differential.py::test_x[0]'
    """
    if nodeid.startswith(LISTENING):
        return SHARED_SESSION
    return nodeid if nodeid.startswith(ONE_TEST_A_UNIT) else default


def long_first(scopes: list[str], long: tuple[str, ...] = LONG_FIRST) -> list[str]:
    """``scopes`` (in xdist's order) with those of ``long`` moved to the front, in its order
    (a test handed out on its own ranks as its module).

    >>> long_first(["tests/a.py", "tests/b.py", "tests/c.py::t[1]", "tests/d.py"], long=("tests/d.py", "tests/c.py"))
    ['tests/d.py', 'tests/c.py::t[1]', 'tests/a.py', 'tests/b.py']
    """
    rank = {scope: k for k, scope in enumerate(long)}
    # sorted() is stable: the rest keep xdist's order.
    return sorted(scopes, key=lambda scope: rank.get(scope.split("::")[0], len(rank)))


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


def pytest_configure(config: pytest.Config) -> None:
    """An xdist worker ends with the pytest that started it (SIGTERM or SIGKILL runs no
    teardown), and its servers with it (tests/processes.py). The run's processes compile a
    Numba kernel one at a time, the others loading it from the cache (tests/numba_once.py)."""
    if os.environ.get("PYTEST_XDIST_WORKER"):
        die_with_parent()
    numba_once.install(config.rootpath / ".pytest_cache" / "numba-compile.lock")
