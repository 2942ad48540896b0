"""A tournament's refusals come in the reader's language, as a table's do
(``test_refusal_words``): the settings a new tournament is refused for, an
unknown tournament, a wrong player or host token, and a name that is not
registered. Each drives a real server (or the view that says it) and reads
zh-Hant text back; the English detail is what it always was."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

from pokerdealer.i18n import message
from pokerdealer.server.event_views import player_view
from pokerdealer.server.tournament import TournamentSpec
from pokerdealer.server.words import error_words
from pokerdealer.table import TableError
from pokerdealer.table.event import Event, EventSettings
from pokerdealer.table.structures import structure
from tests.server.conftest import HTTP, Server

ZH = {"Accept-Language": "zh-TW,zh;q=0.9"}
CJK = re.compile(r"[\u4e00-\u9fff]")


@pytest.fixture(scope="module")
def room(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    s = Server(tmp_path_factory.mktemp("event-refusals") / "room.db").start()
    yield s
    s.stop()


def said_in_chinese(body: dict[str, Any], key: str) -> str:
    """The refusal's key is ``key`` and its text the zh-Hant catalog's, filled with its params."""
    assert body["key"] == key, body
    text = message("zh-Hant", key, **body["params"])
    assert body["message"] == body["detail"] == text and CJK.search(text), body
    assert not re.search(r"\b(must|cannot|unknown|expected|too|the|no such|only)\b", text), text
    return text


@pytest.mark.parametrize(
    ("settings", "key", "english"),
    [
        ({"seats": 3, "colour": "red"}, "event.settings.unknown", "unknown tournament setting(s): colour"),
        ({"name": 5}, "event.settings.name_text", "the tournament name must be text"),
        ({"name": "\u200b"}, "room.protocol.nothing_visible", "the tournament name has nothing visible in it"),
        ({"seats": 11}, "room.settings.whole_number", "seats must be a whole number from 2 to 10"),
        ({"structure": "hyper"}, "event.settings.structure",
         "structure must be one of turbo, regular, deep (or give levels)"),
        ({"payouts": "all"}, "event.settings.payouts_preset",
         "payouts must be one of standard, top_heavy, flat, winner_takes_all or a list of percentages"),
        ({"payouts": [50.5, 49.5]}, "event.settings.payouts",
         "payouts must be a preset name or a list of whole percentages summing to 100"),
        ({"bots": "caller"}, "event.settings.bots_list", "bots must be a list of bot kinds"),
        ({"bots": ["evil"]}, "room.settings.unknown_bot", "unknown bot 'evil': choose from caller, learned, loose, random, regular, tight"),
        ({"start_at": "noon"}, "event.settings.start_at", "start_at must be a time in seconds since 1970 (or null)"),
        ({"lang": "fr"}, "room.settings.lang", "lang must be one of en, zh-Hant, zh-Hans"),
        ({"bots": ["caller"] * 3, "max_entrants": 2}, "event.settings.bots_fit", "3 bots do not fit in 2 entrants"),
        ({"levels": "fast"}, "event.settings.levels", "levels must be a list of at most 100 levels and breaks"),
        ({"levels": [5]}, "event.settings.level_shape",
         'level 1: expected {"small_blind", "big_blind", "ante", "seconds"} or {"break_seconds"}'),
        ({"levels": [{"break_seconds": 0}]}, "event.settings.seconds", "break 1 must be 1 to 86400 seconds"),
        ({"clock": 0.1}, "event.settings.seconds", "the action clock must be 0.2 to 600 seconds"),
        ({"listed": "yes"}, "room.settings.bool", "listed must be true or false"),
        ({"hand_for_hand_busts": "stacks"}, "event.settings.hand_for_hand_busts",
         "hand_for_hand_busts must be one of tie, chips"),
        ({"seats": 6, "final_table_seats": 5}, "room.settings.whole_number",
         "final_table_seats must be a whole number from 6 to 10"),
    ],
)
def test_a_new_tournaments_refused_settings_are_said_in_the_browsers_language(
    room: Server, settings: dict[str, Any], key: str, english: str
) -> None:
    r = HTTP.post(room.base + "/api/tournaments", json=settings, headers=ZH, timeout=10)
    assert r.status_code == 400, r.text
    said_in_chinese(r.json(), key)
    r = HTTP.post(room.base + "/api/tournaments", json=settings, timeout=10)
    assert (r.status_code, r.json()["detail"]) == (400, english)


def test_tournament_settings_that_are_not_an_object_are_said_by_key() -> None:
    # Over HTTP the body's type is FastAPI's to refuse (422, said by middleware); from_dict says its own.
    with pytest.raises(TableError) as caught:
        TournamentSpec.from_dict([1, 2])  # type: ignore[arg-type]
    assert str(caught.value) == "tournament settings must be an object"
    assert error_words("zh-Hant", caught.value)["message"] == "錦標賽設定必須是一個物件"


def test_a_setting_is_named_in_chinese_in_a_tournaments_refusal(room: Server) -> None:
    r = HTTP.post(room.base + "/api/tournaments", json={"levels": [{"small_blind": 1, "big_blind": 2}]},
                   headers=ZH, timeout=10)
    assert said_in_chinese(r.json(), "event.settings.seconds") == "第 1 個盲注級別須為 1 至 86400 秒"


def test_no_such_tournament_is_refused_in_chinese(room: Server) -> None:
    for path in ("/api/tournaments/nosuchevent", "/e/nosuchevent"):
        r = HTTP.get(room.base + path, headers=ZH, timeout=10)
        assert r.status_code == 404
        said_in_chinese(r.json(), "event.error.no_such_tournament")
    assert HTTP.get(room.base + "/api/tournaments/nosuchevent", timeout=10).json()["detail"] == "no such tournament"


def new_event(room: Server) -> dict[str, Any]:
    r = HTTP.post(room.base + "/api/tournaments", json={"name": "Friday", "level_seconds": 60}, timeout=10)
    assert r.status_code == 200, r.text
    return r.json()  # type: ignore[no-any-return]


def test_an_unknown_player_token_is_refused_in_chinese(room: Server) -> None:
    ev = new_event(room)
    r = HTTP.get(f"{room.base}/api/tournaments/{ev['id']}/me", headers={**ZH, "X-Player-Token": "wrong"}, timeout=10)
    assert r.status_code == 403
    said_in_chinese(r.json(), "event.error.unknown_player")
    r = HTTP.get(f"{room.base}/api/tournaments/{ev['id']}/me", headers={"X-Player-Token": "wrong"}, timeout=10)
    assert r.json()["detail"] == "unknown player token: use the one registering gave you"
    r = HTTP.post(f"{room.base}/api/tournaments/{ev['id']}/reenter", headers={**ZH, "X-Player-Token": "wrong"}, timeout=10)
    assert r.status_code == 403
    said_in_chinese(r.json(), "event.error.unknown_player")


def test_a_host_command_without_the_host_token_is_refused_in_chinese(room: Server) -> None:
    ev = new_event(room)
    url = f"{room.base}/api/tournaments/{ev['id']}/host"
    r = HTTP.post(url, json={"command": "start"}, headers={**ZH, "X-Host-Token": "wrong"}, timeout=10)
    assert r.status_code == 403
    said_in_chinese(r.json(), "event.error.not_host")
    r = HTTP.post(url, json={"command": "start"}, headers={"X-Host-Token": "wrong"}, timeout=10)
    assert r.json()["detail"] == "only the host may do that (X-Host-Token)"


def test_registering_a_name_with_nothing_visible_is_refused_in_chinese(room: Server) -> None:
    ev = new_event(room)
    r = HTTP.post(f"{room.base}/api/tournaments/{ev['id']}/register", json={"name": "\u200b"}, headers=ZH, timeout=10)
    assert r.status_code == 400, r.text
    assert said_in_chinese(r.json(), "room.protocol.nothing_visible") == "名字沒有任何看得見的字"


def test_a_name_not_registered_in_an_event_is_said_by_key() -> None:
    ev = Event(EventSettings(1500, structure("turbo", timed=False), seats=9), rng=random.Random(1))
    ev.register("Ann")
    with pytest.raises(TableError) as caught:
        player_view(ev, "Bob", now=None)
    assert str(caught.value) == "'Bob' is not registered in this event"
    assert error_words("zh-Hant", caught.value)["message"] == "「Bob」沒有報名這場錦標賽"


def test_a_name_not_in_a_started_event_is_said_by_key() -> None:
    ev = Event(EventSettings(1500, structure("turbo", timed=False), seats=9), rng=random.Random(1))
    ev.register("Ann")
    ev.register("Cy")
    ev.start()
    with pytest.raises(TableError) as caught:
        player_view(ev, "Bob", now=None)
    assert str(caught.value) == "'Bob' is not in this event"
    assert error_words("zh-Hant", caught.value)["message"] == "「Bob」不在這場錦標賽中"
    assert error_words("zh-Hans", caught.value)["message"] == "“Bob”不在这场锦标赛中"


def test_a_name_taken_in_a_tournament_is_refused_in_chinese(room: Server) -> None:
    ev = new_event(room)
    url = f"{room.base}/api/tournaments/{ev['id']}/register"
    assert HTTP.post(url, json={"name": "Ann"}, timeout=10).status_code == 200
    r = HTTP.post(url, json={"name": "Ann"}, headers=ZH, timeout=10)
    assert r.status_code == 400
    said_in_chinese(r.json(), "room.event.error.name_taken")
    r = HTTP.post(url, json={"name": "Ann"}, timeout=10)
    assert r.json()["detail"] == message("en", "room.event.error.name_taken", name="Ann")


def test_a_host_command_the_tournament_cannot_take_now_is_refused_in_chinese(room: Server) -> None:
    ev = new_event(room)
    r = HTTP.post(f"{room.base}/api/tournaments/{ev['id']}/host", json={"command": "pause"},
                   headers={**ZH, "X-Host-Token": ev["host_token"]}, timeout=10)
    assert r.status_code == 400
    said_in_chinese(r.json(), "room.event.error.not_running")


def test_a_reentry_of_a_player_still_in_is_refused_in_chinese(room: Server) -> None:
    ev = new_event(room)
    token = HTTP.post(f"{room.base}/api/tournaments/{ev['id']}/register", json={"name": "Ann"}, timeout=10).json()["player_token"]
    r = HTTP.post(f"{room.base}/api/tournaments/{ev['id']}/reenter", headers={**ZH, "X-Player-Token": token}, timeout=10)
    assert r.status_code == 400, r.text
    assert r.json()["key"].startswith(("room.event.error.", "event.error.")), r.json()
    said_in_chinese(r.json(), r.json()["key"])
