"""简体中文 messages (terms from the seed articles). Keys: see :mod:`pokerdealer.i18n`."""

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
    "category.royal_flush": "皇家同花顺",
    "category.straight_flush": "同花顺",
    "category.four_of_a_kind": "四条",
    "category.full_house": "葫芦",
    "category.flush": "同花",
    "category.straight": "顺子",
    "category.three_of_a_kind": "三条",
    "category.two_pair": "两对",
    "category.one_pair": "一对",
    "category.high_card": "高牌",
    "describe.royal_flush": "皇家同花顺",
    "describe.straight_flush": "同花顺，{high}高",
    "describe.four_of_a_kind": "四条{quads}，踢脚{kickers}",
    "describe.full_house": "葫芦，三条{trips}带一对{pair}",
    "describe.flush": "同花，{high}高（{cards}）",
    "describe.straight": "顺子，{high}高",
    "describe.three_of_a_kind": "三条{trips}，踢脚{kickers}",
    "describe.two_pair": "两对，{high_pair}和{low_pair}，踢脚{kickers}",
    "describe.one_pair": "一对{pair}，踢脚{kickers}",
    "describe.high_card": "高牌{high}，踢脚{kickers}",
    "describe.wheel.holdem": "{hand}（轮子：A-2-3-4-5，最小的顺子）",
    "describe.wheel.shortdeck": "{hand}（A-6-7-8-9，最小的顺子）",
    "made.four_of_a_kind": "四条{quads}",
    "made.three_of_a_kind": "三条{trips}",
    "made.two_pair": "两对{high_pair}和{low_pair}",
    "made.one_pair": "一对{pair}",
    "made.high_card": "高牌{high}",
    "part.quads": "四条",
    "part.trips": "三条",
    "part.pair": "对子",
    "part.high_pair": "大对",
    "part.low_pair": "小对",
    "part.top_card": "最大张",
    "part.flush_card": "同花的第{ordinal}张",
    "result.wins": "{names}赢",
    "result.split": "{names}平分底池",
    "board_card": "{card}（公牌）",
    "explain.category": "{result}：{win_hand}，大过{losers}的{lose_hand}",
    "explain.made_cards": (
        "{result}：{win_hand}，大过{losers}的{lose_hand}；"
        "{part}{win_cards}大过{lose_cards}"
    ),
    "explain.kicker": (
        "{result}：双方都是{made}；"
        "第{ordinal}张踢脚{win_card}大过{losers}的{lose_card}"
    ),
    "explain.kicker.earlier_tie": "（前面的踢脚{cards}相同）",
    "explain.identical": "最强五张一模一样，平分：{names}都是{cards}（{hand}）",
    "explain.identical.two": "最强五张一模一样，平分：{names}都是{cards}（{hand}）",
    "explain.board_plays": "；公牌就是最强五张",
    "explain.dead_cards": "；{cards}都不算数",
    "explain.dead_card": "；{cards}不算数",
    # Labels of the command-line tables.
    "ui.player": "玩家",
    "ui.hole_cards": "底牌",
    "ui.cards": "手牌",
    "ui.board": "公牌",
    "ui.best_five": "最强五张",
    "ui.hand": "牌型",
    "ui.wins": "赢",
    "ui.splits": "平分",
}
