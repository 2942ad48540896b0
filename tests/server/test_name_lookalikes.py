"""Nobody sits down as somebody else (issue 25): a name that looks like one already at a
table -- another case, a letter of another script (TR39's confusables), full-width letters
-- is a name taken; the zero-width joiner of an emoji family stays, an invisible one
between letters goes. At cash tables a taken name is numbered ("Ann 2", as a departed
member's is); a tournament refuses it, naming the entrant it looks like.

The room tests run on both database backends (one server per backend for the module).
"""

from __future__ import annotations

import pytest

from pokerdealer.server.seat_names import same_name
from tests.server.conftest import HTTP, Server
from tests.server.tournaments import create

CYRILLIC_ANN = "\u0410nn"  # А (U+0410) n n
FAMILY = "\U0001f468\u200d\U0001f469\u200d\U0001f467"  # 👨‍👩‍👧


def joined_as(server: Server, table_id: str, name: str) -> str:
    return str(server.join(table_id, name)["name"])


def test_a_name_with_a_letter_of_another_script_beside_a_seated_one_is_numbered(shared_server: Server) -> None:
    table = shared_server.create_table()
    joined_as(shared_server, table, "Ann")
    assert joined_as(shared_server, table, CYRILLIC_ANN) == CYRILLIC_ANN + " 2"


def test_a_name_in_other_case_beside_a_seated_one_is_numbered(shared_server: Server) -> None:
    table = shared_server.create_table()
    joined_as(shared_server, table, "Ann")
    assert joined_as(shared_server, table, "ann") == "ann 2"


def test_an_emoji_family_keeps_its_zero_width_joiners(shared_server: Server) -> None:
    table = shared_server.create_table()
    assert joined_as(shared_server, table, FAMILY) == FAMILY


def test_a_zero_width_joiner_between_letters_is_stripped(shared_server: Server) -> None:
    table = shared_server.create_table()
    assert joined_as(shared_server, table, "A\u200dnn") == "Ann"


@pytest.mark.parametrize("lookalike", [CYRILLIC_ANN, "ann", "\uff21nn"])
def test_a_tournament_refuses_a_name_that_looks_like_an_entrants(shared_server: Server, lookalike: str) -> None:
    ev = create(shared_server, max_entrants=4, seats=4, level_seconds=60)
    url = f"{shared_server.base}/api/tournaments/{ev['id']}/register"
    assert HTTP.post(url, json={"name": "Ann"}, timeout=10).status_code == 200
    r = HTTP.post(url, json={"name": lookalike}, timeout=10)
    assert (r.status_code, r.json()["key"], r.json()["params"]) == (400, "room.event.error.name_taken", {"name": "Ann"})


@pytest.mark.parametrize(("a", "b"), [("Ian", "lan"), ("Ian", "ian"), ("Sam", "Sarn"), ("Bob", "B\u03bfb"), (FAMILY, "\U0001f468\U0001f469\U0001f467")])
def test_names_that_look_alike_are_one_name(a: str, b: str) -> None:
    assert same_name(a, b)


@pytest.mark.parametrize(("a", "b"), [("Ann", "Anna"), ("小美", "小明"), ("Bob", "Rob")])
def test_names_that_look_different_are_two(a: str, b: str) -> None:
    assert not same_name(a, b)
