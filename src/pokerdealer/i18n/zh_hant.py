"""繁體中文 messages (terms from the seed articles). Keys: see :mod:`pokerdealer.i18n`."""

from __future__ import annotations

_LABELS = "2 3 4 5 6 7 8 9 10 J Q K A".split()

MESSAGES: dict[str, str] = {
    **{f"rank.{i}": label for i, label in enumerate(_LABELS)},
    **{f"ranks.{i}": label for i, label in enumerate(_LABELS)},
    "list.separator": "、",
    "list.and": "和",
    "ordinal.1": "一",
    "ordinal.2": "二",
    "ordinal.3": "三",
    "ordinal.4": "四",
    "ordinal.5": "五",
    "category.royal_flush": "皇家同花順",
    "category.straight_flush": "同花順",
    "category.four_of_a_kind": "四條",
    "category.full_house": "葫蘆",
    "category.flush": "同花",
    "category.straight": "順子",
    "category.three_of_a_kind": "三條",
    "category.two_pair": "兩對",
    "category.one_pair": "一對",
    "category.high_card": "高牌",
    "describe.royal_flush": "皇家同花順",
    "describe.straight_flush": "同花順，{high}高",
    "describe.four_of_a_kind": "四條{quads}，踢腳{kickers}",
    "describe.full_house": "葫蘆，三條{trips}帶一對{pair}",
    "describe.flush": "同花，{high}高（{cards}）",
    "describe.straight": "順子，{high}高",
    "describe.three_of_a_kind": "三條{trips}，踢腳{kickers}",
    "describe.two_pair": "兩對，{high_pair}和{low_pair}，踢腳{kickers}",
    "describe.one_pair": "一對{pair}，踢腳{kickers}",
    "describe.high_card": "高牌{high}，踢腳{kickers}",
    "describe.wheel.holdem": "{hand}（輪子：A-2-3-4-5，最小的順子）",
    "describe.wheel.shortdeck": "{hand}（A-6-7-8-9，最小的順子）",
    "made.four_of_a_kind": "四條{quads}",
    "made.three_of_a_kind": "三條{trips}",
    "made.two_pair": "兩對{high_pair}和{low_pair}",
    "made.one_pair": "一對{pair}",
    "made.high_card": "高牌{high}",
    "part.quads": "四條",
    "part.trips": "三條",
    "part.pair": "對子",
    "part.high_pair": "大對",
    "part.low_pair": "小對",
    "part.top_card": "最大張",
    "part.flush_card": "同花的第{ordinal}張",
    "result.wins": "{names}贏",
    "result.split": "{names}平分底池",
    "board_card": "{card}（公牌）",
    "explain.category": "{result}：{win_hand}，大過{losers}的{lose_hand}",
    "explain.made_cards": (
        "{result}：{win_hand}，大過{losers}的{lose_hand}；"
        "{part}{win_cards}大過{lose_cards}"
    ),
    "explain.kicker": (
        "{result}：雙方都是{made}；"
        "第{ordinal}張踢腳{win_card}大過{losers}的{lose_card}"
    ),
    "explain.kicker.earlier_tie": "（前面的踢腳{cards}相同）",
    "explain.identical": "最強五張一模一樣，平分：{names}都是{cards}（{hand}）",
    "explain.identical.two": "最強五張一模一樣，平分：{names}都是{cards}（{hand}）",
    "explain.board_plays": "；公牌就是最強五張",
    "explain.dead_cards": "；{cards}都不算數",
    "explain.dead_card": "；{cards}不算數",
    # Labels of the command-line tables.
    "ui.player": "玩家",
    "ui.hole_cards": "底牌",
    "ui.cards": "手牌",
    "ui.board": "公牌",
    "ui.best_five": "最強五張",
    "ui.hand": "牌型",
    "ui.wins": "贏",
    "ui.splits": "平分",
}
