"""The catalogs' words follow the seed articles (``/work/shared/seeds``)."""

from __future__ import annotations

import re

from pokerdealer.i18n import CATALOGS


def test_zh_hans_says_gonggongpai_as_the_simplified_seed_does_never_gongpai() -> None:
    # The simplified seed (003) says 公共牌 throughout; 公牌 is only the traditional seed 000's shorthand.
    bare = {key: text for key, text in CATALOGS["zh-Hans"].items() if re.search("(?<!共)公牌", text)}
    assert bare == {}
