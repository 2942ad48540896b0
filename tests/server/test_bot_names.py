"""Bots are named in their table's language (server/seat_names.py): a Chinese table's
bots read as its players do, an English table's stay ``TightBot``; the names are the ones
seated, in the table's state, its hand histories and a tournament's entrants."""

from __future__ import annotations

import json
from types import SimpleNamespace

import pytest

from pokerdealer.cards import parse_cards
from pokerdealer.history import phh
from pokerdealer.i18n import CATALOGS
from pokerdealer.rules import Hand, HandConfig, Street, deck_for_deal
from pokerdealer.server.seat_names import bot_name, name_bots, name_keys
from pokerdealer.server.views import showdown_summary
from pokerdealer.table import HandRecord, Positions
from tests.server.conftest import HTTP, Client, Server
from tests.server.test_host import play_until
from tests.server.tournaments import host, post_tournament, state

#: The kinds a room seats (TableSettings and TournamentSpec accept these).
KINDS = ("tight", "caller", "random", "regular", "loose", "learned")


def _seated(server: Server, table: str) -> list[str]:
    """The names at a table's seats, read by a spectator."""
    c = Client(server, table, None)
    try:
        s = c.until(lambda x: any(x["seats"]))
    finally:
        c.close()
    return [row["name"] for row in s["seats"] if row]


@pytest.mark.parametrize("lang", list(CATALOGS))
def test_every_kind_has_a_name_in_every_language_and_no_two_kinds_share_one(lang: str) -> None:
    names = [bot_name(kind, lang=lang) for kind in KINDS]
    assert len(set(names)) == len(KINDS) and all(names)


def test_an_english_bot_keeps_its_english_name() -> None:
    assert name_bots(["tight", "caller", "caller", "random"], lang="en") == [
        "TightBot", "CallerBot 1", "CallerBot 2", "RandomBot"]
    assert name_bots(["tight", "random"], lang="en", number_alone=True) == ["TightBot 1", "RandomBot 1"]


def test_the_regular_and_the_loose_bot_are_named_in_each_language() -> None:
    kinds = ["regular", "loose", "loose"]
    assert name_bots(kinds, lang="en") == ["RegularBot", "LooseBot 1", "LooseBot 2"]
    assert name_bots(kinds, lang="zh-Hant") == ["穩健機器人", "愛玩機器人 1", "愛玩機器人 2"]
    assert name_bots(kinds, lang="zh-Hans") == ["稳健机器人", "爱玩机器人 1", "爱玩机器人 2"]


def test_a_table_of_regular_loose_and_learned_bots_plays_with_a_person(server: Server) -> None:
    table = server.create_table(bots=["regular", "loose", "learned"], lang="zh-Hant", seats=4)
    ann = server.join(table, "阿安")
    a = Client(server, table, ann["token"])
    try:
        s = play_until([a], lambda x: x["last_hand"] is not None)
    finally:
        a.close()
    assert {row["name"] for row in s["seats"] if row} == {"阿安", "穩健機器人", "愛玩機器人", "學習機器人"}


def test_a_bot_never_takes_a_name_already_taken() -> None:
    taken = {"緊手機器人 1", "緊手機器人 1 2"}
    assert name_bots(["tight", "tight"], lang="zh-Hant", taken=taken) == ["緊手機器人 1 3", "緊手機器人 2"]


def test_naming_many_bots_reads_each_names_keys_a_bounded_number_of_times() -> None:
    # A 10,000-entrant start names 9,900 bots: comparing each with every name before it
    # (all their keys again) took minutes; each name's keys are now read about once.
    name_keys.cache_clear()
    names = name_bots(["tight", "caller", "random"] * 1000, lang="en", taken=["Ann"], number_alone=True)
    assert len(set(names)) == 3000
    info = name_keys.cache_info()
    assert info.hits + info.misses <= 3 * 3000


def test_a_zh_hant_tables_bots_are_named_in_traditional_chinese(server: Server) -> None:
    table = server.create_table(bots=["tight", "tight", "caller"], lang="zh-Hant", seats=6)
    assert _seated(server, table) == ["緊手機器人 1", "緊手機器人 2", "跟注機器人"]


def test_each_bot_is_sent_with_its_kind_and_number_for_every_reader_to_say_it_in_their_language(server: Server) -> None:
    """An English reader at a zh-Hans table read 爱玩机器人 and 稳健机器人 and could not tell the styles
    apart (issue 37): the state says each bot's kind and number, the page names it in the reader's words."""
    table = server.create_table(bots=["loose", "regular", "regular"], lang="zh-Hans", seats=6)
    c = Client(server, table, None)
    try:
        s = c.until(lambda x: any(x["seats"]))
    finally:
        c.close()
    assert s["bots"] == {"爱玩机器人": {"kind": "loose", "n": None}, "稳健机器人 1": {"kind": "regular", "n": 1},
                         "稳健机器人 2": {"kind": "regular", "n": 2}}


def test_the_showdowns_explanation_names_a_bot_in_each_languages_words() -> None:
    """爱玩机器人 (A♠ K♦) against Ann (A♥ 9♣) on A♦ Q♠ 7♥ 3♣ 2♦: the English explanation says LooseBot,
    the traditional 愛玩機器人; the log keeps the name it was seated with."""
    config = HandConfig(stacks=(100, 100), blinds=(1, 2), players=("爱玩机器人", "Ann"))
    hand = Hand(config, deck_for_deal(config, [parse_cards("As Kd"), parse_cards("Ah 9c")], parse_cards("Ad Qs 7h 3c 2d")))
    while not hand.is_complete:
        hand.show() if hand.street is Street.SHOWDOWN else hand.check_or_call()
    record = HandRecord(number=1, hand=hand, seats=(1, 2), positions=Positions(1, 1, 2))
    summary = showdown_summary(record, None, bots={"爱玩机器人": "loose"})
    (award,) = summary["awards"]
    assert award["explain"]["en"].startswith("LooseBot wins: both have a pair of aces")
    assert award["explain"]["zh-Hant"].startswith("愛玩機器人贏")
    assert award["explain"]["zh-Hans"].startswith("爱玩机器人赢")
    assert [w["name"] for w in award["winners"]] == ["爱玩机器人"]


def test_the_coach_names_a_bot_in_the_readers_language_and_the_hand_keeps_its_seated_name() -> None:
    """The coach's showdown lines to Ann, an English reader at a zh-Hans table: 爱玩机器人 (A♠ K♦) beat her
    A♥ 9♣ on A♦ Q♠ 7♥ 3♣ 2♦; she reads LooseBot (issue 37: she read 爱玩机器人), a zh-Hant reader 愛玩機器人."""
    from pokerdealer.learn.coach import showdown_lesson
    from pokerdealer.server.self_limits import coach_said

    config = HandConfig(stacks=(100, 100), blinds=(1, 2), players=("爱玩机器人", "Ann"))
    hand = Hand(config, deck_for_deal(config, [parse_cards("As Kd"), parse_cards("Ah 9c")], parse_cards("Ad Qs 7h 3c 2d")))
    while not hand.is_complete:
        hand.show() if hand.street is Street.SHOWDOWN else hand.check_or_call()
    members = [SimpleNamespace(name="爱玩机器人", bot="loose"), SimpleNamespace(name="Ann", bot=None)]
    state = SimpleNamespace(members=members)
    lines = showdown_lesson(hand, 1)
    english = coach_said(state, hand, lines, lang="en")  # type: ignore[arg-type]
    words = json.dumps(english, ensure_ascii=False)
    assert "LooseBot" in words and "爱玩机器人" not in words, words
    assert [h["name"] for line in english if "compare" in line for h in line["compare"]["hands"]] == ["Ann", "LooseBot"]
    traditional = json.dumps(coach_said(state, hand, lines, lang="zh-Hant"), ensure_ascii=False)  # type: ignore[arg-type]
    assert "愛玩機器人" in traditional and "爱玩机器人" not in traditional
    assert hand.config.players == ("爱玩机器人", "Ann")


def test_an_english_tables_bots_keep_their_english_names(server: Server) -> None:
    table = server.create_table(bots=["tight", "tight", "random"], lang="en", seats=6)
    assert _seated(server, table) == ["TightBot 1", "TightBot 2", "RandomBot"]


def test_a_zh_tables_hand_history_names_its_bots_as_seated(server: Server) -> None:
    table = server.create_table(bots=["caller", "random"], lang="zh-Hans", seats=4)
    ann = server.join(table, "阿安")
    a = Client(server, table, ann["token"])
    try:
        s = play_until([a], lambda x: x["last_hand"] is not None)
    finally:
        a.close()
    seated = {row["name"] for row in s["seats"] if row}
    assert seated == {"阿安", "跟注机器人", "随机机器人"}
    number = s["last_hand"]["number"]
    text = server.get(f"/api/tables/{table}/hands/{number}/phh").text
    players = phh.loads(text).players or ()
    assert set(players) <= seated and {"跟注机器人", "随机机器人"} & set(players)
    stars = server.get(f"/api/tables/{table}/hands/{number}/pokerstars").text
    assert "跟注机器人" in stars and "CallerBot" not in stars
    # The replayer's hand: its frames keep the names seated; each bot's kind and number beside them,
    # for the page to name it in its reader's language (issue 37).
    detail = server.get(f"/api/tables/{table}/hands/{number}").json()
    assert detail["bots"] == {"跟注机器人": {"kind": "caller", "n": None}, "随机机器人": {"kind": "random", "n": None}}
    assert {seat["name"] for seat in detail["frames"][0]["seats"] if seat} <= seated
    said = {"跟注机器人": {"kind": "caller", "n": None}, "随机机器人": {"kind": "random", "n": None}}
    rows = server.get(f"/api/tables/{table}/hands").json()
    assert rows and all(row["bots"] == {w: said[w] for w in row["winners"] if w in said} for row in rows), rows


def test_a_zh_hans_tournaments_bots_are_named_in_simplified_chinese(server: Server) -> None:
    ev = post_tournament(server, {"name": "周五赛", "lang": "zh-Hans", "max_entrants": 6, "seats": 6,
                                  "level_seconds": 60, "bots": ["tight", "caller", "caller"]})
    r = HTTP.post(f"{server.base}/api/tournaments/{ev['id']}/register", json={"name": "阿安"}, timeout=10)
    assert r.status_code == 200, r.text
    assert host(server, ev, "start").status_code == 200
    names = {p["name"] for t in state(server, ev["id"])["tables"] for p in t["players"]}
    assert names == {"阿安", "紧手机器人 1", "跟注机器人 1", "跟注机器人 2"}


def test_a_tournaments_state_sends_each_bot_with_its_kind_and_number_for_its_pages(server: Server) -> None:
    """The tournament pages name a bot in the reader's language as the table's do (issue 37):
    the event's state says each bot's kind and number (the bots are entered at the start), and a
    person is not in it."""
    ev = post_tournament(server, {"name": "周五赛", "lang": "zh-Hans", "max_entrants": 6, "seats": 6,
                                  "level_seconds": 60, "bots": ["tight", "caller", "caller"]})
    r = HTTP.post(f"{server.base}/api/tournaments/{ev['id']}/register", json={"name": "阿安"}, timeout=10)
    assert r.status_code == 200, r.text
    assert state(server, ev["id"])["bots"] == {}
    assert host(server, ev, "start").status_code == 200
    assert state(server, ev["id"])["bots"] == {"紧手机器人 1": {"kind": "tight", "n": 1},
                                               "跟注机器人 1": {"kind": "caller", "n": 1},
                                               "跟注机器人 2": {"kind": "caller", "n": 2}}
