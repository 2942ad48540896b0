"""The replayer opening an uploaded file: PHH or PokerStars text, the first hand."""

from __future__ import annotations

from pathlib import Path

import pytest

from pokerdealer.cards import deck_cards
from pokerdealer.history import dumps, dumps_all, hand_to_history
from pokerdealer.rules import Hand, HandConfig
from pokerdealer.server.upload import UploadError, replay_upload

REAL = Path(__file__).resolve().parents[1] / "history" / "data" / "pokerstars" / "pokerregion-tournament.txt"


def test_a_real_pokerstars_file_opens_at_its_first_hand():
    out = replay_upload(REAL.read_text(encoding="utf-8"))
    assert (out["table"], out["number"], out["hands"]) == ("797469411 15", 105024000105, 5)
    assert out["frames"][0]["seats"][0] == {
        "seat": 2, "name": "santy312", "stack": 2990, "bet": 10, "folded": False, "cards": None,
    }
    assert [w["name"] for a in out["summary"]["awards"] for w in a["winners"]] == ["W2lkm2n"]
    # Nobody showed: no hole cards anywhere, the hero's included.
    assert all(s["cards"] is None for f in out["frames"] for s in f["seats"])


def test_an_all_in_showdown_shows_the_shown_hands_and_the_side_pot():
    side_pot_hand = REAL.read_text(encoding="utf-8").split("\n\n\n")[1]
    out = replay_upload(side_pot_hand)
    assert [a["label"] for a in out["summary"]["awards"]] == ["main", "side 1"]
    shown = {o["name"]: o["cards"] for o in out["summary"]["order"] if o["cards"]}
    assert shown == {"costamar": ["Kd", "Ac"], "W2lkm2n": ["Jd", "Js"], "Newfie_187": ["9c", "Qd"]}


def test_phh_and_phhs_open_too():
    hand = Hand(HandConfig(stacks=(100, 100, 100), players=("Ann", "Bob", "Cy")), deck_cards())
    hand.fold()
    hand.fold()
    history = hand_to_history(hand, hole_cards=False)
    for text in (dumps(history), dumps_all([history, history])):
        out = replay_upload(text)
        assert [f["text"] for f in out["frames"]][1:] == ["Cy folds", "Ann folds", "Pot 2 to Bob"]  # Bob's uncalled chip comes back
        assert [w["name"] for w in out["summary"]["awards"][0]["winners"]] == ["Bob"]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("hello", "neither PokerStars text nor PHH \\(not valid TOML"),
        ('variant = "NT"\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n'
         'starting_stacks = [100, 100]\nactions = ["d dh p1 ????", "d dh p2 ????"]\n', "stops before its end"),
    ],
    ids=["not-a-history", "unfinished"],
)
def test_what_cannot_be_opened_says_why(text, message):
    with pytest.raises(UploadError, match=message) as error:
        replay_upload(text)
    assert "\n" not in str(error.value)


def test_an_uploaded_unknown_hand_neither_wins_nor_shows_made_up_cards():
    # p3's cards are never stated ("sm ????"); p1 shows a pair of twos and wins (issue 24).
    actions = ["d dh p1 ????", "d dh p2 ????", "d dh p3 ????", "p3 cbr 100", "p1 cc", "p2 f",
               "d db Kc8h3c", "d db 2s", "d db 9d", "p1 sm 7c2d", "p3 sm ????"]
    quoted = ", ".join(f'"{a}"' for a in actions)
    out = replay_upload(
        'variant = "NT"\nantes = [0, 0, 0]\nblinds_or_straddles = [1, 2, 0]\nmin_bet = 2\n'
        f'starting_stacks = [100, 100, 100]\nactions = [{quoted}]\nplayers = ["Ann", "Bob", "Cy"]\n'
    )
    assert [w["name"] for a in out["summary"]["awards"] for w in a["winners"]] == ["Ann"]
    shown = {o["name"]: o["cards"] for o in out["summary"]["order"]}
    assert shown == {"Cy": None, "Ann": ["7c", "2d"]}
    seen = {tuple(s["cards"]) for f in out["frames"] for s in f["seats"] if s["cards"]}
    assert seen == {("7c", "2d")}
    (award,) = out["summary"]["awards"]
    assert award["explain"]["en"] == "Ann wins: the cards of Cy are not known, and an unknown hand cannot win"
    assert award["explain"]["zh-Hant"] == "Ann贏：Cy的底牌不明，不明的牌不能贏"
