"""The coach's lines, each on a hand written out in cards that covers its rule,
checked against what the engine then accepts, in the three languages."""

from __future__ import annotations

import pytest

from pokerdealer.cards import parse_cards
from pokerdealer.errors import IllegalActionError
from pokerdealer.i18n import LANGUAGES
from pokerdealer.learn.citations import CITATIONS, cite
from pokerdealer.learn.coach import coach_lines
from pokerdealer.rules import Hand, HandConfig, Street, deck_for_deal
from pokerdealer.rules.actions import RAISE, Action
from pokerdealer.rules.config import Structure

BOARD = "Ad Qs 7h 3c 2d"


def deal(stacks: tuple[int, ...], holes: tuple[str, ...], board: str = BOARD) -> Hand:
    """Ann is the small blind (0), Bob the big blind (1), Cy the button (2); blinds 1/2."""
    config = HandConfig(stacks=stacks, blinds=(1, 2), players=("Ann", "Bob", "Cy")[: len(stacks)])
    return Hand(config, deck_for_deal(config, [parse_cards(h) for h in holes], parse_cards(board)))


def keys(hand: Hand, player: int) -> list[str]:
    return [line.key for line in coach_lines(hand, player)]


def test_min_raise_after_a_raise_is_the_bet_plus_the_last_raise() -> None:
    hand = deal((200, 200, 200), ("As Ah", "Kd 9c", "7s 7d"))
    hand.raise_to(8)  # Cy raises the big blind of 2 by 6
    line = next(line for line in coach_lines(hand, 0) if line.rule == "min-raise")
    assert line.key == "coach.raise.range"
    assert dict(line.params) == {"low": 14, "high": 200, "current": 8, "inc": 6}
    assert "raise to 14 or more" in line.text("en") and "at least 6" in line.text("en")
    assert "加注到 14 或以上" in line.text("zh-Hant") and "加注到 14 或以上" in line.text("zh-Hans")
    assert not hand.can(Action(RAISE, None, 13)) and hand.can(Action(RAISE, None, 14))  # the engine agrees


def test_short_all_in_does_not_reopen_the_betting_for_who_already_acted() -> None:
    hand = deal((9, 100, 100), ("Jc Jd", "Kd 9c", "As Ah"))
    hand.raise_to(6)  # Cy raises by 4
    hand.all_in()  # Ann all-in to 9: adds 3, less than a full raise of 4
    line = next(line for line in coach_lines(hand, 1) if line.rule == "min-raise")
    assert dict(line.params)["low"] == 13  # Bob has not acted: he may raise, by a full 4
    hand.call()
    assert keys(hand, 2) == ["coach.must_call", "coach.not_reopened"]
    reopen = coach_lines(hand, 2)[1]
    assert reopen.rule == "reopen" and CITATIONS["reopen"].tda == "49-A"
    assert "only call or fold" in reopen.text("en")
    assert reopen.text("en").endswith("[A short all-in does not reopen the betting: TDA 2026 49-A; beginners' detail 3]")
    assert "只能跟注或棄牌" in reopen.text("zh-Hant") and "只能跟注或弃牌" in reopen.text("zh-Hans")
    with pytest.raises(IllegalActionError):
        hand.raise_to(20)  # the engine refuses Cy's raise too


def test_check_is_free_when_nobody_has_bet() -> None:
    hand = deal((200, 200, 200), ("As Ah", "Kd 9c", "7s 7d"))
    hand.call(), hand.call(), hand.check()  # to the flop; Ann acts first
    assert hand.street is Street.FLOP
    lines = coach_lines(hand, 0)
    assert [line.key for line in lines] == ["coach.check_free", "coach.bet.range"]
    assert dict(lines[1].params)["low"] == 2  # the minimum bet is the big blind
    assert "a check is not a fold" in lines[0].text("en")
    assert "過牌不等於棄牌" in lines[0].text("zh-Hant") and "过牌不等于弃牌" in lines[0].text("zh-Hans")


def test_all_in_player_can_win_the_main_pot_not_the_side_pot() -> None:
    hand = deal((50, 200, 200), ("As Ah", "Kd 9c", "7s 7d"))
    hand.raise_to(20)  # Cy
    hand.all_in()  # Ann, 50
    hand.call()  # Bob
    hand.raise_to(130)  # Cy
    hand.call()  # Bob
    assert [pot.amount for pot in hand.pots] == [150, 160]
    (line,) = [line for line in coach_lines(hand, 0) if line.rule == "side-pots"]
    assert line.text("en").startswith(
        "You have put in 50: you can win the main pot of 150, not side pot 1 of 160"
    )
    assert "主池（150）" in line.text("zh-Hant") and "邊池1（160）" in line.text("zh-Hant")
    assert "边池1（160）" in line.text("zh-Hans")
    (bob,) = [line for line in coach_lines(hand, 1) if line.rule == "side-pots"]
    assert bob.key == "coach.pots.all"
    assert bob.text("en").startswith("You can win every pot: the main pot of 150 and side pot 1 of 160.")


def test_a_short_stack_can_win_only_what_she_can_match_not_the_rest_of_the_bet() -> None:
    # Seed 003, beginners' detail 4: "短筹码全下只能赢主池" -- the chips of a bet beyond
    # her stack are no pot she can win; they go back to the bettor.
    hand = deal((40, 1000, 30), ("Jc Jd", "Kd 9c", "As Ah"))
    hand.all_in(), hand.call(), hand.call()  # Cy all-in 30, Ann and Bob call: 90 in
    hand.check(), hand.bet(461)  # flop Ad Qs 7h: Ann checks, Bob bets 461 into her last 10
    assert hand.stacks == (10, 509, 0) and hand.legal().call == 10
    # The felt: the main pot, and Bob's 461 as his, not as "side pot 1" Ann could win.
    assert [(pot.amount, pot.eligible) for pot in hand.pots] == [(90, (0, 1, 2)), (461, (1,))]
    pots = [line for line in coach_lines(hand, 0) if line.rule == "side-pots"]
    assert [line.key for line in pots] == ["coach.pots.if_all_in.all", "coach.pots.unmatched_beyond_you"]
    said = " ".join(line.text("en") for line in pots)
    assert said.startswith(
        "If you call all-in for 10, you can win the main pot of 90 and side pot 1 of 20: what each "
        "player put in, up to your 40. [Side pots: "
    )
    assert "The other 451 of Bob's bet is more than you can match: it is no pot you can win, and it goes back to Bob." in said
    assert "every pot" not in said and "461" not in said
    assert "Bob下注中其余的 451 超过你能跟的数额" in pots[1].text("zh-Hans")
    assert "Bob下注中其餘的 451 超過你能跟的數額" in pots[1].text("zh-Hant")
    # Cy, all-in for the main pot only, hears that Bob's bet is no pot yet.
    (mine, open_bet) = [line for line in coach_lines(hand, 2) if line.rule == "side-pots"]
    assert mine.text("en").startswith("You can win the pot of 90.")
    assert open_bet.text("en").startswith("461 of Bob's bet is not matched yet")
    hand.call()  # Ann calls all-in: the round is over and Bob's other 451 goes back
    assert hand.stacks[1] == 509 + 451 and [pot.amount for pot in hand.pots] == [90, 20]


def test_pot_limit_the_most_is_a_raise_by_the_pot_after_the_call() -> None:
    # RULES.md §4.2: the pot 30, Ann bets 20 (the pot is 50); Bob's call of 20 makes it 70,
    # and he may raise by 70 on top of it: to 90.
    config = HandConfig(stacks=(500, 500, 500), blinds=(5, 10), players=("Ann", "Bob", "Cy"),
                        structure=Structure.POT_LIMIT)
    holes = [parse_cards(h) for h in ("As Ah", "Kd 9c", "7s 7d")]
    hand = Hand(config, deck_for_deal(config, holes, parse_cards(BOARD)))
    hand.call(), hand.call()  # Cy and Ann call 10: Bob, the big blind, has nothing to call
    (option,) = [line for line in coach_lines(hand, 1) if line.rule == "pot-limit"]
    assert option.key == "coach.pot_limit.no_call" and "a raise of 30: to 40 (10 + 30)" in option.text("en")
    hand.check()  # the pot is 30
    (bet,) = [line for line in coach_lines(hand, 0) if line.rule == "pot-limit"]
    assert bet.text("en").startswith("In pot limit the most you may bet is the pot: 30.")
    hand.bet(20)
    (line,) = [line for line in coach_lines(hand, 1) if line.rule == "pot-limit"]
    assert dict(line.params) == {"pot": 50, "call": 20, "after": 70, "current": 20, "high": 90}
    assert line.text("en").startswith(
        "In pot limit you may raise at most by the pot after your call: the pot is 50 with every "
        "bet in it, your call of 20 makes it 70, so the most is a raise of 70 on top of the call: "
        "to 90 (20 + 70). [Pot limit: "
    )
    assert "加注到 90（20 + 70）" in line.text("zh-Hans") and "你跟注 20 後是 70" in line.text("zh-Hant")
    assert hand.legal().max_raise_to == 90  # the engine agrees
    assert hand.can(Action(RAISE, None, 90)) and not hand.can(Action(RAISE, None, 91))


def test_the_last_aggressor_shows_first_and_the_next_may_show_or_muck() -> None:
    hand = deal((200, 200, 200), ("As Ah", "Kd 9c", "7s 7d"))
    hand.call(), hand.call(), hand.check()
    for _ in range(2):  # flop and turn checked through
        hand.check(), hand.check(), hand.check()
    hand.check(), hand.bet(10), hand.call(), hand.call()  # Bob bets the river
    assert hand.street is Street.SHOWDOWN and hand.legal().actor == 2
    lines = coach_lines(hand, 2)
    assert [line.key for line in lines] == ["coach.show.after", "coach.show.or_muck"]
    assert lines[0].text("en").startswith("Bob shows first (they made the last bet or raise)")
    assert "Bob先亮牌（他最後下注或加注）" in lines[0].text("zh-Hant")
    assert lines[1].rule == "show-to-win"
    assert coach_lines(hand, 0) == []  # not Ann's turn to show


def test_with_no_river_bet_the_first_left_of_the_button_shows_first() -> None:
    hand = deal((200, 200, 200), ("As Ah", "Kd 9c", "7s 7d"))
    hand.call(), hand.call(), hand.check()
    for _ in range(3):
        hand.check(), hand.check(), hand.check()
    assert hand.legal().actor == 0  # Ann, left of the button
    first = coach_lines(hand, 0)[0]
    assert first.key == "coach.show.you_first"
    assert "nobody bet on the last round" in first.text("en")
    assert "按钮左侧第一位还有牌的玩家先亮牌" in first.text("zh-Hans")
    assert "the first player still in left of the button" in first.text("en")


def test_after_the_showdown_the_coach_says_why_the_winner_won() -> None:
    hand = deal((200, 200, 200), ("As Ah", "Kd 9c", "7s 7d"))
    hand.call(), hand.call(), hand.check()
    for _ in range(3):
        hand.check(), hand.check(), hand.check()
    hand.show(), hand.show(), hand.show()
    (line,) = coach_lines(hand, 1)
    assert line.key == "coach.why_won"
    assert "Ann" in line.text("en") and "three of a kind" in line.text("en")
    assert line.to_json("zh-Hant")["href"] == "/rules#kickers"


def test_an_all_in_showdown_says_why_every_hand_is_tabled() -> None:
    hand = deal((50, 200, 200), ("As Ah", "Kd 9c", "7s 7d"))
    hand.all_in(), hand.call(), hand.fold()  # Cy all-in, Ann calls all-in 50, Bob folds
    assert hand.is_complete
    assert keys(hand, 0)[0] == "coach.all_in_tabled"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_line_is_said_in_every_language_with_its_rule(lang: str) -> None:
    hand = deal((9, 100, 100), ("Jc Jd", "Kd 9c", "As Ah"))
    hand.raise_to(6), hand.all_in(), hand.call()
    for line in coach_lines(hand, 2):
        said = line.to_json(lang)
        assert "{" not in str(said["text"]) and str(said["text"]).endswith(f"{said['cite']}］" if lang != "en" else f"{said['cite']}]")
        assert cite(lang, line.rule) in str(said["cite"])
        assert ("TDA 2026 " in str(said["cite"])) is bool(CITATIONS[line.rule].tda)
        assert said["href"] == f"/rules#{line.rule}"


def test_the_rules_page_has_an_anchor_words_and_a_citation_for_every_rule_the_coach_cites() -> None:
    import re
    from pathlib import Path

    from pokerdealer.i18n import message
    from pokerdealer.server.words import page_catalog

    root = Path(__file__).parents[2] / "src/pokerdealer"
    page = (root / "server/static/rules.html").read_text()
    source = (root / "learn/coach.py").read_text()
    # The anchor is the last quoted name of a CoachLine; its citation topic (cites=...), when
    # the line states only part of a section, is the citation table's, not an anchor.
    coached = set(re.findall(r'CoachLine\([^)]*?"([a-z-]+)"(?:, cites=[^)]*)?\s*\)', source, re.S))
    assert set(re.findall(r'cites="([a-z-]+)"', source)) <= set(CITATIONS)
    assert {"min-raise", "side-pots", "pot-limit", "reopen", "show-order"} <= coached  # the parse found them
    assert "TDA" not in page  # every citation comes from the table, none is written in the page
    cited = set(re.findall(r'data-cite="([a-z-]+)"', page))
    assert coached <= cited <= set(CITATIONS)
    for anchor in cited:
        assert f'id="{anchor}"' in page
        for lang in LANGUAGES:
            assert message(lang, f"rules.{anchor}.title") and message(lang, f"rules.{anchor}.body")
            assert page_catalog(lang)[f"rules.{anchor}.cite"] == cite(lang, anchor, long=True)
    assert 'id="details-list"' in page


def test_facing_a_bet_with_a_raise_open_the_coach_says_call_raise_or_fold() -> None:
    # Not "you must call or fold" beside "you may raise": the first line names the raise too.
    hand = deal((200, 200, 200), ("As Ah", "Kd 9c", "7s 7d"))
    hand.raise_to(8)
    first = coach_lines(hand, 0)[0]
    assert first.key == "coach.call_raise_or_fold" and keys(hand, 0)[1] == "coach.raise.range"
    assert first.body("en") == "You may call 7, raise or fold."
    assert first.body("zh-Hant") == "你可以跟注 7、加注或棄牌。" and first.body("zh-Hans") == "你可以跟注 7、加注或弃牌。"
    assert hand.can(Action(RAISE, None, 14))  # the engine agrees a raise is open


def test_a_fixed_limit_short_stack_may_raise_only_all_in_said_as_an_all_in() -> None:
    # Issue 38: stacks 200/200/200/3, blinds 1/2, fixed limit; the 3-chip player faces the
    # big blind of 2: "raise to 3" is an all-in for less than the bet of 2 a raise adds.
    config = HandConfig(stacks=(200, 200, 200, 3), blinds=(1, 2), structure=Structure.FIXED_LIMIT)
    hand = Hand(config, parse_cards("2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc Ac 2d 3d 4d"))
    hand.call()
    raise_line = next(line for line in coach_lines(hand, 3) if line.rule == "fixed-limit")
    assert raise_line.key == "coach.raise.all_in_short"
    assert raise_line.body("en") == "You may raise only all-in, to 3: a full raise would be to 4, more than you have."
    assert "every raise adds one bet" not in raise_line.text("en")
    assert "全下" in raise_line.body("zh-Hans") and "全下" in raise_line.body("zh-Hant")
    assert hand.legal().max_raise_to == 3  # the engine agrees: 3 is all there is


def test_a_fixed_limit_raise_completing_a_short_all_in_is_not_said_as_an_all_in() -> None:
    # Blinds 10/20: a call, then a short all-in to 28; the next player raises to 40, not all-in.
    config = HandConfig(stacks=(1000, 1000, 1000, 28), blinds=(10, 20), structure=Structure.FIXED_LIMIT)
    hand = Hand(config, parse_cards("2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc Ac 2d 3d 4d"))
    hand.call()
    hand.all_in()
    raise_line = next(line for line in coach_lines(hand, 0) if line.rule == "fixed-limit")
    assert raise_line.key == "coach.raise.fixed" and dict(raise_line.params)["to"] == 40


def test_the_big_blinds_option_is_a_live_bet_nobody_raised_not_nobody_has_bet() -> None:
    # Seed 001: the big blind is a live bet already in; with only calls before it, it may check or raise.
    hand = deal((200, 200, 200), ("As Ah", "Kd 9c", "7s 7d"))
    hand.call(), hand.call()  # Cy and Ann call: Bob, the big blind, has his option
    first = coach_lines(hand, 1)[0]
    assert first.key == "coach.check_option"
    assert first.body("en").startswith("Nobody has raised: your blind is a live bet")
    assert "nobody has bet" not in first.body("en")
    assert "有效下注" in first.body("zh-Hant") and "有效下注" in first.body("zh-Hans")
    hand.check()  # on the flop nobody has bet: checking is free
    assert coach_lines(hand, 0)[0].key == "coach.check_free"


def test_the_show_order_on_the_rules_page_counts_only_players_still_in_and_only_when_nobody_shows() -> None:
    from pokerdealer.i18n import message

    body = message("en", "rules.show-order.body")
    assert "the first player still in left of the button" in body
    assert body.startswith("When nobody shows of their own accord")
    assert "還有牌的玩家" in message("zh-Hant", "rules.show-order.body")
    assert "还有牌的玩家" in message("zh-Hans", "rules.show-order.body")
