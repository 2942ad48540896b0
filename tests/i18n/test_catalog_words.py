"""The catalogs' words follow the seed articles (``/work/shared/seeds``)."""

from __future__ import annotations

import re

from pokerdealer.evaluation.showdown import showdown
from pokerdealer.i18n import CATALOGS, message, you_key


def test_zh_hans_says_gonggongpai_as_the_simplified_seed_does_never_gongpai() -> None:
    # The simplified seed (003) says 公共牌 throughout; 公牌 is only the traditional seed 000's shorthand.
    bare = {key: text for key, text in CATALOGS["zh-Hans"].items() if re.search("(?<!共)公牌", text)}
    assert bare == {}


def test_the_reader_called_you_never_reads_you_wins_nor_you_s() -> None:
    # The coach and `play` call the reader "You": English verbs and possessives agree.
    board = "Ad Qs 7h 3c 2d"
    won = showdown(board, {"You": "As Kd", "B": "Ah 9c"}).decided_by.explanation
    lost = showdown(board, {"B": "As Kd", "You": "Ah 9c"}).decided_by.explanation
    awards = [
        message("en", you_key(key, ["You"]), name="You", mucked="B", hand="a pair of aces")
        for key in ("award.folded", "award.mucked", "award.mucked.shown", "award.all_mucked")
    ]
    lines = [won, lost, *awards]
    assert won.startswith("You win:") and "your Q♠" in lost
    assert [line for line in lines if re.search(r"\bYou wins\b|\bYou's\b", line, re.I)] == []
