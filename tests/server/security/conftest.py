"""The room keeps its secrets (issue 12): readers listen to everything the room
sends and never find a card the rules have not shown them, the deck of a hand
in play, or someone else's seat token.

One session of play per database backend (:mod:`.listening`) is shared by the
tests that judge what was heard.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.server.conftest import BACKENDS, Server, make_db_target
from tests.server.security.listening import Listening, listen_while_playing


@pytest.fixture(scope="package", params=BACKENDS)
def listening(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Listening]:
    """A few hands played in a real room (no pause between hands, bots without delay)
    with every reader's record."""
    folder = tmp_path_factory.mktemp("secrets")
    target, drop = make_db_target(request, request.param, folder)
    server = Server(target, workdir=folder, extra=("--pause", "0.05", "--bot-delay", "0"))
    try:
        server.start()
        yield listen_while_playing(server)
    finally:
        server.stop()
        drop()
