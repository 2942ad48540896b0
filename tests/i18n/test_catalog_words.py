"""The catalogs' words follow the seed articles (four Chinese articles on the rules, listed in
tests/evaluation/test_seed_examples.py)."""

from __future__ import annotations

import re
from pathlib import Path

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


#: Taiwan's word → the mainland's, for zh-Hans (issue 35). Each pattern leaves out what the mainland says
#: with the same characters: 设定 as a verb ("设定止损", the simplified seed 003's own words) is
#: mainland usage, only the noun "setting" is 设置; 纪录 stays in 纪录片 and 世界纪录.
TAIWAN_WORDS = {
    "预设": "默认",
    "连结": "链接",
    "讯息": "消息",
    "身分": "身份",
    "设定(?!止损|可承受|的止损|的时间上限)": "设置",
    "自订": "自定义",
    "指令": "命令",
    "(?<!世界)纪录(?!片)": "记录",
    "连线": "连接",
    "重播": "回放",
}
DOCS = Path(__file__).resolve().parents[2] / "docs"


def _taiwan_words(text: str) -> list[str]:
    return [f"{match.group()} (say {mainland})" for pattern, mainland in TAIWAN_WORDS.items()
            for match in re.finditer(pattern, text)]


def test_zh_hans_catalog_says_the_mainland_words_never_taiwan_s() -> None:
    found = {key: _taiwan_words(text) for key, text in CATALOGS["zh-Hans"].items()}
    assert {key: words for key, words in found.items() if words} == {}


def test_zh_hans_docs_say_the_mainland_words_never_taiwan_s() -> None:
    pages = sorted(DOCS.rglob("*.zh-Hans.md"))
    assert pages, f"no zh-Hans page under {DOCS}"
    found = {str(page.relative_to(DOCS)): _taiwan_words(page.read_text(encoding="utf-8")) for page in pages}
    assert {page: words for page, words in found.items() if words} == {}


def test_taiwan_words_pattern_catches_the_noun_setting_but_not_the_seed_s_verb() -> None:
    assert _taiwan_words("入座前设定止损与时间上限") == []
    assert _taiwan_words("牌桌设定") == ["设定 (say 设置)"]
    assert _taiwan_words("牌局纪录") == ["纪录 (say 记录)"]


def test_zh_hant_says_jiling_chouma_for_the_odd_chip_as_seed_000_does() -> None:
    # Seed 000 (traditional): 畸零籌碼; 零頭 is the simplified seed 003's word, kept in zh-Hans.
    assert {key: text for key, text in CATALOGS["zh-Hant"].items() if "零頭" in text} == {}
    assert "畸零籌碼" in CATALOGS["zh-Hant"]["rules.odd-chips.body"]
    assert "零头" in CATALOGS["zh-Hans"]["rules.odd-chips.body"]


def test_the_terminal_button_column_says_the_seeds_word_not_a_lone_an() -> None:
    # 按 alone is no word; the seeds say 莊家按鈕 / 庄家按钮, the button.
    assert message("zh-Hant", "play.role.button") == "按鈕" and message("zh-Hans", "play.role.button") == "按钮"


def test_a_pot_and_its_amount_never_run_into_the_next_pot() -> None:
    # Issue 38: "主池 80和边池 1（30）": the amount sits in brackets, the side pot's number after its word.
    from pokerdealer.learn.coach import CoachLine

    pots = [{"key": "coach.pot.main", "params": {"amount": 80}}, {"key": "coach.pot.side", "params": {"n": 1, "amount": 30}}]
    line = CoachLine("coach.pots.all", {"can": pots}, "side-pots")
    assert "主池（80）和边池1（30）" in line.body("zh-Hans") and "主池（80）和邊池1（30）" in line.body("zh-Hant")
    assert not re.search(r"\d[和、]", line.body("zh-Hans"))


def test_the_user_docs_say_what_an_article_is_about_never_seed_article() -> None:
    # The pages a user reads never send them to "seed 001" or 种子文章 (a file they do not have).
    user_pages = [page for page in DOCS.rglob("*.md") if page.name != "development.md"]
    said = {
        str(page.relative_to(DOCS)): re.findall(r"种子文章|種子文章|seed articles?|seeds? 00\d", page.read_text(encoding="utf-8"))
        for page in user_pages
    }
    assert {page: words for page, words in said.items() if words} == {}


def test_the_reader_called_you_is_ni_inside_a_chinese_sentence() -> None:
    # Issue 38: "大过You的一对Q". The name "You" is the coach's and play's reader (you_key);
    # Chinese says 你 wherever it is put, alone or in a list, and English keeps "You".
    board = "5d 4h Kc 9s 9h"
    lost = showdown(board, {"You": "5s 4s", "B": "Ac Kd"})
    assert "大过你的两对9和5" in lost.explain("zh-Hans") and "你的4被叠掉了" in lost.explain("zh-Hans")
    won = showdown(board, {"B": "5s 4s", "You": "Ac Kd"})
    assert won.explain("zh-Hant").startswith("你贏") and "會贏你）" in won.explain("zh-Hant")
    assert "You" not in lost.explain("zh-Hans") + won.explain("zh-Hant")
    assert "(You)" in lost.explain("en")
    from pokerdealer.i18n import join_names

    assert join_names(["You", "Bob"], "zh-Hans") == "你和Bob" and join_names(["You", "Bob"], "en") == "You and Bob"
