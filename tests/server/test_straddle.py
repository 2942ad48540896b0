"""Straddles in the room (issue 14): a table option, a player's standing choice
made before the deal, a straddled hand played by the rules (RULES.md §2.4), its
PHH download replayed by ``pokerdealer replay``, the choice kept over a kill -9,
and the host turning the option off from the next hand."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from pokerdealer.cli import app
from pokerdealer.i18n import message
from pokerdealer.server.settings import TableSettings
from pokerdealer.table import TableError
from tests.server.conftest import Client, Server, total_chips
from tests.server.test_host import create, host, play_until


def _straddled_turn(seat: int) -> Any:
    """A state of a straddled hand where ``seat`` (the straddler) is to act preflop."""
    def pred(s: dict[str, Any]) -> bool:
        hand = s["hand"]
        return bool(hand and hand["straddle"] == seat and hand["street"] == "preflop" and (s["you"] or {}).get("legal"))
    return pred


def test_the_straddle_option_is_a_checked_table_setting() -> None:
    assert TableSettings.from_dict({"straddle": True}).cash_settings().straddle is True
    assert TableSettings().cash_settings().straddle is False
    with pytest.raises(TableError, match="straddle must be true or false"):
        TableSettings.from_dict({"straddle": "yes"})


def test_a_straddled_hand_posts_two_big_blinds_under_the_gun_and_the_straddler_acts_last(
    server: Server, tmp_path: Path
) -> None:
    table, _ = create(server, bots=["caller", "caller"], small_blind=1, big_blind=2, stack=200, straddle=True)
    ann = server.join(table, "Ann")
    seat = ann["seat"]
    a = Client(server, table, ann["token"])
    a.send(type="straddle", on=1)
    s = a.until(lambda x: x["seats"][seat - 1] and x["seats"][seat - 1]["straddle"])
    assert s["table"]["straddle"] is True
    s = play_until([a], _straddled_turn(seat), rounds=800)
    hand = s["hand"]
    n = len([x for x in s["seats"] if x])
    assert n == 3  # three-handed: under the gun is the button
    lines = [(line["seat"], line["said"]["key"], line["said"]["params"].get("amount")) for line in hand["log"]]
    sb, bb = hand["small_blind"], hand["big_blind"]
    assert lines[:3] == [(sb, "room.log.post_small_blind", 1), (bb, "room.log.post_big_blind", 2),
                         (seat, "room.log.straddle", 4)]
    # Action started left of the straddler (the small blind) and comes to the straddler last.
    assert [line[0] for line in lines[3:]] == [sb, bb]
    assert all(key == "room.log.call" for _, key, _ in lines[3:])
    legal = s["you"]["legal"]
    assert legal["check"] and legal["min_raise"] == 8  # the straddler's option; raise by the straddle
    assert total_chips(s) == 600
    number = hand["number"]
    s = play_until([a], lambda x: x["last_hand"] is not None and x["last_hand"]["number"] == number)
    assert total_chips(s) == 600

    # The hand's PHH names the straddle and replays to the same stacks.
    phh = server.get(f"/api/tables/{table}/hands/{number}/phh").text
    assert "blinds_or_straddles" in phh and ", 4" in phh.split("blinds_or_straddles")[1].split("\n")[0]
    path = tmp_path / "straddled.phh"
    path.write_text(phh)
    result = CliRunner().invoke(app, ["replay", str(path)])
    assert result.exit_code == 0, result.stdout
    assert message("en", "replay.straddle") in result.stdout
    assert "match the recorded finishing stacks" in result.stdout
    # PokerKit reads the straddle too, line by line, to the stacks the room recorded.
    from tests.history.test_pokerkit_reads_ours import PokerKitHistory, pokerkit_stacks

    assert pokerkit_stacks(phh) == list(PokerKitHistory.loads(phh).finishing_stacks)
    a.close()

    # The choice is an event: a kill -9 keeps it, and the straddled hand rebuilds the same.
    server.restart()  # the module's room: the tests after this one play in it restarted
    a = Client(server, table, ann["token"])
    s = a.until(lambda x: True)
    assert s["seats"][seat - 1]["straddle"] is True
    assert server.get(f"/api/tables/{table}/hands/{number}/phh").text == phh
    a.close()


def test_the_host_turns_straddles_off_from_the_next_hand(server: Server) -> None:
    table, token = create(server, bots=["caller", "caller"], straddle=True)
    ann = server.join(table, "Ann")
    a = Client(server, table, ann["token"])
    a.send(type="straddle", on=1)
    assert host(server, table, token, "settings", settings={"straddle": False}).status_code == 200
    s = play_until([a], lambda x: x["table"]["straddle"] is False)
    assert s["seats"][ann["seat"] - 1]["straddle"] is False  # the choice counts only where straddles are allowed
    number = s["hand"]["number"] if s["hand"] else s["last_hand"]["number"]
    # Three hands later everyone has been under the gun once: nobody straddled.
    later = play_until([a], lambda x: x["hand"] is not None and x["hand"]["number"] >= number + 4, rounds=800)
    assert later["hand"]["straddle"] is None
    a.send(type="straddle", on=0, id=7)
    error = a.next_of("error")
    assert error["key"] == "room.error.no_straddle" and error["id"] == 7
    a.close()


def test_a_straddle_choice_is_refused_at_a_table_without_straddles_in_the_readers_language(server: Server) -> None:
    table, _ = create(server, bots=["caller"], lang="zh-Hant")
    ann = server.join(table, "Ann")
    a = Client(server, table, ann["token"])
    a.until(lambda x: True)
    a.send(type="straddle", on=1)
    error = a.next_of("error")
    assert error["message"] == message("zh-Hant", "room.error.no_straddle")
    a.close()
