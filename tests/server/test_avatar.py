"""A player's avatar (issue 37, the look; server/avatar.py), without a server: a pick is one emoji
of the list the page offers, refused otherwise in the reader's language with the state unchanged;
it is public on the player's seat; and a replay of the log or a snapshot gives it back (a restart)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from pokerdealer.server import avatar
from pokerdealer.server.features import CASH
from pokerdealer.server.protocol import ProtocolError, parse
from pokerdealer.server.reducer import MemberInfo, TableState, new_state, reduce, replay
from pokerdealer.server.settings import TableSettings
from pokerdealer.server.snapshot import restore, take
from pokerdealer.server.words import Said, said_text

FOX, OWL = "\U0001f98a", "\U0001f989"
AVATAR_JS = Path(__file__).parents[2] / "src" / "pokerdealer" / "server" / "static" / "avatar.js"


def _table() -> TableState:
    state = new_state(TableSettings(seats=4), seed=1, features=CASH)
    state = state.with_member(MemberInfo(1, "Ann")).with_member(MemberInfo(2, "Bob"))
    state = reduce(state, "sit_down", {"member": 1, "seat": 1, "buy_in": 200}, 0.0)
    return reduce(state, "sit_down", {"member": 2, "seat": 2, "buy_in": 200}, 0.0)


def test_the_page_offers_the_list_the_server_accepts_in_its_order() -> None:
    text = AVATAR_JS.read_text(encoding="utf-8")
    listed = re.search(r"const AVATARS = (\[.*?\]);", text, flags=re.S)
    assert listed is not None
    assert tuple(json.loads(listed.group(1))) == avatar.AVATARS
    assert len(set(avatar.AVATARS)) == len(avatar.AVATARS) and all(len(e) == 1 for e in avatar.AVATARS)


def test_a_pick_is_on_the_players_seat_for_every_reader_and_null_is_the_initials_again() -> None:
    state = _table()
    for event in avatar.message(state, 1, {"emoji": FOX}):
        state = reduce(state, *event, 1.0)
    assert avatar.seat_view(state, state.members[1]) == {"avatar": FOX}
    assert avatar.seat_view(state, state.members[2]) == {"avatar": None}
    assert avatar.seat_view(state, None) == {"avatar": None}
    assert avatar.message(state, 1, {"emoji": FOX}) == []  # as it is: nothing logged
    (event,) = avatar.message(state, 1, {"emoji": None})
    state = reduce(state, *event, 2.0)
    assert avatar.avatar_of(state, 1) is None


@pytest.mark.parametrize("emoji", ["x", "\U0001f98a\U0001f98a", "\U0001f600", "", "\U0001f98a\ufe0f"])
def test_anything_but_one_offered_emoji_is_refused_naming_the_choices(emoji: str) -> None:
    state = _table()
    with pytest.raises(Said) as refused:
        avatar.message(state, 1, {"emoji": emoji})
    assert refused.value.key == "room.avatar.refused"
    assert avatar.avatar_of(state, 1) is None


@pytest.mark.parametrize(("lang", "words"), [("en", "an avatar is one of"), ("zh-Hant", "頭像只能從"), ("zh-Hans", "头像只能从")])
def test_a_refusal_is_said_in_the_readers_language_with_the_pictures_offered(lang: str, words: str) -> None:
    with pytest.raises(Said) as refused:
        avatar.message(_table(), 1, {"emoji": "x"})
    text = said_text(lang, refused.value.key, refused.value.params)
    assert text.startswith(words) and text.endswith(" ".join(avatar.AVATARS))


def test_the_message_is_checked_like_every_browser_message() -> None:
    assert parse(json.dumps({"type": "avatar", "emoji": FOX}))["emoji"] == FOX
    assert parse(json.dumps({"type": "avatar", "emoji": None}))["emoji"] is None
    with pytest.raises(ProtocolError, match="emoji"):
        parse(json.dumps({"type": "avatar", "emoji": 7}))
    with pytest.raises(ProtocolError, match="picture"):
        parse(json.dumps({"type": "avatar", "emoji": FOX, "picture": "x.png"}))


def test_a_replay_and_a_snapshot_give_the_picks_back_as_a_restart_does() -> None:
    log = [("avatar", {"member": 1, "emoji": FOX}, 1.0), ("avatar", {"member": 2, "emoji": OWL}, 2.0),
           ("avatar", {"member": 2, "emoji": None}, 3.0), ("avatar", {"member": 2, "emoji": FOX}, 4.0)]
    played = replay(_table(), log)
    assert dict(played.part("avatar")) == {1: FOX, 2: FOX}
    snap = json.loads(json.dumps(take(played)))  # as the database keeps it
    fresh = new_state(TableSettings(seats=4), seed=1, features=CASH, members=played.members)
    assert restore(fresh, {"seq": 4, "hands": 0, "data": snap}).part("avatar") == played.part("avatar")
    del snap["avatar"]  # a snapshot from before avatars
    fresh = new_state(TableSettings(seats=4), seed=1, features=CASH, members=played.members)
    assert dict(restore(fresh, {"seq": 4, "hands": 0, "data": snap}).part("avatar")) == {}
