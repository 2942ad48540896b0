"""PHH <-> the rules engine: configs, decks, replays, tolerances, and back to PHH."""

from __future__ import annotations

from decimal import Decimal

import pytest

from pokerdealer.cards import parse_cards
from pokerdealer.history import HistoryError, dumps, loads
from pokerdealer.history.convert import (
    ReplayError,
    UnsupportedHistory,
    compare_stacks,
    hand_to_history,
    history_to_config,
    history_to_hand,
)
from pokerdealer.rules import AnteType, Hand, HandConfig, RuleOptions, deck_for_deal


def phh(actions, *, stacks=(200, 200, 200), blinds=None, antes=None, variant="NT", extra="", min_bet=2):
    n = len(stacks)
    blinds = blinds if blinds is not None else [1, 2] + [0] * (n - 2)
    antes = antes if antes is not None else [0] * n
    bets = "small_bet = 2\nbig_bet = 4" if variant == "FT" else f"min_bet = {min_bet}"
    quoted = ", ".join(f'"{a}"' for a in actions)
    return loads(
        f'variant = "{variant}"\nantes = {list(antes)}\nblinds_or_straddles = {list(blinds)}\n'
        f"{bets}\nstarting_stacks = {list(stacks)}\nactions = [{quoted}]\n{extra}"
    )


DEAL3 = ["d dh p1 AsKs", "d dh p2 7c2d", "d dh p3 QhQd"]


def test_a_simple_hand_replays_to_its_finishing_stacks():
    history = phh(
        DEAL3 + ["p3 cbr 6", "p1 cc", "p2 f", "d db Kc8h3c", "p1 cc", "p3 cbr 10", "p1 cbr 30",
                 "p3 cc", "d db 2s", "p1 cc", "p3 cc", "d db 9d", "p1 cbr 50", "p3 f"],
        extra="finishing_stacks = [238, 198, 164]",
    )
    replay = history_to_hand(history)
    assert replay.hand.is_complete
    assert replay.finishing_stacks == (238, 198, 164)
    assert replay.check == "match" and replay.warnings == []
    assert replay.hand.board == parse_cards("Kc 8h 3c 2s 9d")


def test_heads_up_blinds_and_antes_are_reverse_assigned():
    history = phh(
        ["d dh p1 AsKs", "d dh p2 7c2d"], stacks=(100, 100), blinds=[1, 2], antes=[0, 3]
    )
    config = history_to_config(history)
    assert config.blinds == (1, 2) and config.button == 1
    assert config.big_blind_player == 0 and config.small_blind_player == 1
    assert config.ante_type is AnteType.BIG_BLIND and config.ante == 3
    replay = history_to_hand(history)
    assert replay.hand.committed == (2, 1)  # p1 posts the big blind
    assert replay.hand.stacks == (95, 99)  # and the big-blind ante
    assert replay.hand.actor == 1  # the button (small blind) acts first preflop
    back = hand_to_history(replay.hand)
    assert back.blinds_or_straddles == (1, 2) and back.antes == (0, 3)


def test_antes_straddles_and_structures_become_the_engine_config():
    history = phh(DEAL3 + ["d dh p4 2c2h"], stacks=(100,) * 4, blinds=[1, 2, 4, 0], antes=[1] * 4,
                  extra="ante_trimming_status = true")
    config = history_to_config(history)
    assert config.straddles == (4,) and config.ante_type is AnteType.PER_PLAYER
    assert config.options.per_player_ante_dead is False
    assert history_to_config(history.replace(ante_trimming_status=False)).options.per_player_ante_dead
    assert history_to_config(phh(DEAL3, variant="FT")).structure == "fixed_limit"
    assert history_to_config(phh(DEAL3, variant="PT")).structure == "pot_limit"
    assert history_to_config(phh(DEAL3, antes=[0, 0, 5])).ante_type is AnteType.BUTTON


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"variant": "PO"}, "variant 'PO' \\(pot-limit Omaha\\) is not supported: pokerdealer replays NT, FT, NS and its own PT"),
        ({"blinds_or_straddles": (0, 0, 0)}, "no big blind"),
        ({"blinds_or_straddles": (1, 0, 5)}, "no big blind"),
        ({"antes": (1, 2, 3)}, "only uniform, big-blind or button antes"),
        ({"starting_stacks": (Decimal("Infinity"), 200, 200)}, "cannot be played"),
    ],
)
def test_setups_the_engine_does_not_play_are_unsupported(change, message):
    history = phh(DEAL3).replace(**change)
    with pytest.raises(UnsupportedHistory, match=message):
        history_to_hand(history)


def test_a_raise_only_to_what_an_all_in_opponent_can_match_is_tolerated():
    # p1 has 150 behind on the flop and bets 100; p2 raises to 150, all p1 can
    # match, below the minimum raise to 200: played as 200, the extra 50 returned.
    history = phh(
        ["d dh p1 AsKs", "d dh p2 7c2d", "p2 cc", "p1 cc", "d db Kc8h3c", "p1 cbr 100",
         "p2 cbr 150", "p1 cc", "d db 2s", "d db 9d"],
        stacks=(152, 1000), blinds=[1, 2], extra="finishing_stacks = [304, 848]",
    )
    replay = history_to_hand(history)
    assert replay.check == "match"
    assert [index for index, _ in replay.warnings] == [6]
    assert "only what an all-in opponent can match" in replay.warnings[0][1]


def test_a_raise_to_the_bet_of_an_all_in_opponent_is_played_as_a_call():
    history = phh(
        DEAL3 + ["p3 cbr 10", "p1 cbr 50", "p2 f", "p3 cbr 50", "d db Kc8h3c", "d db 2s", "d db 9d"],
        stacks=(50, 200, 200), extra="finishing_stacks = [102, 198, 150]",
    )
    replay = history_to_hand(history)
    assert replay.check == "match"
    assert "played as a call" in replay.warnings[0][1]


def test_half_chips_of_a_chopped_pot_match_within_one_chip():
    history = phh(
        ["d dh p1 AsKs", "d dh p2 AdKd", "d dh p3 7c2d", "p3 cbr 7", "p1 cc", "p2 cc",
         "d db Qc8h3c", "p1 cbr 2", "p2 cc", "p3 f", "d db 2s", "p1 cc", "p2 cc", "d db 9d",
         "p1 cc", "p2 cc", "p1 sm AsKs", "p2 sm AdKd"],
        stacks=(200, 200, 200), extra="finishing_stacks = [203.5, 203.5, 193]",
    )
    replay = history_to_hand(history)
    assert replay.hand.stacks in ((204, 203, 193), (203, 204, 193))
    assert replay.check == "match"
    assert any("half chips" in message for _, message in replay.warnings)
    assert compare_stacks([210.5, 210.5], [212, 209]) is False


def test_shows_before_the_run_out_and_out_of_order_are_applied_when_asked():
    all_in = phh(
        DEAL3 + ["p3 cbr 200", "p1 cc", "p2 f", "p3 sm QhQd", "p1 sm AsKs", "d db Kc8h3c",
                 "d db 2s", "d db 9d"],
        extra="finishing_stacks = [402, 198, 0]",
    )
    assert history_to_hand(all_in).check == "match"
    out_of_order = phh(
        DEAL3 + ["p3 cc", "p1 cc", "p2 cc", "d db Kc8h3c", "p1 cc", "p2 cc", "p3 cc",
                 "d db 2s", "p1 cc", "p2 cc", "p3 cc", "d db 9d", "p1 cc", "p2 cc", "p3 cc",
                 "p3 sm QhQd", "p2 sm", "p1 sm AsKs"],
        extra="finishing_stacks = [204, 198, 198]",
    )
    replay = history_to_hand(out_of_order)
    assert replay.check == "match"
    assert replay.hand.result.showdown_order == (0, 1, 2)
    assert replay.hand.result.mucked == (1,)
    assert any("out of the showdown order" in message for _, message in replay.warnings)


def test_unknown_hole_cards_revealed_at_the_showdown_fill_the_deck():
    history = phh(
        ["d dh p1 ????", "d dh p2 ????", "d dh p3 ????", "p3 cbr 200", "p1 cc", "p2 f",
         "p3 sm QhQd", "p1 sm AsKs", "d db Kc8h3c", "d db 2s", "d db 9d"],
        extra="finishing_stacks = [402, 198, 0]",
    )
    replay = history_to_hand(history)
    assert replay.hand.hole_cards[0] == parse_cards("As Ks")
    assert replay.check == "match" and replay.warnings == []


def test_a_truncated_hand_says_who_acts_next():
    replay = history_to_hand(phh(DEAL3 + ["p3 cbr 6", "p1 cbr 20"]))
    assert not replay.hand.is_complete
    legal = replay.legal()
    assert legal.actor == 1 and legal.call == 18 and legal.min_raise_to == 34
    assert replay.check == "no_finishing_stacks"


def test_an_illegal_action_names_its_index_player_and_rule():
    history = phh(DEAL3 + ["p3 cbr 6", "p1 cbr 8"])
    with pytest.raises(ReplayError) as error:
        history_to_hand(history)
    assert error.value.to_json() == {
        "index": 4,
        "action": "p1 cbr 8",
        "player": "p1",
        "rule": "min_raise",
        "message": error.value.reason,
        "legal": {"actor": "p1", "fold": True, "check": False, "call": 5, "min_raise_to": 10,
                  "max_raise_to": 200, "show": False, "muck": False},
    }
    assert str(error.value).startswith("actions[4] 'p1 cbr 8' by p1 breaks min_raise: p1: raise")
    assert "below the minimum raise to 10" in error.value.reason
    assert error.value.legal.min_raise_to == 10


@pytest.mark.parametrize(
    ("actions", "rule"),
    [
        (["p1 cc"], "not_your_turn"),
        (["p3 f", "d db Kc8h3c"], "deal"),
        (["p3 f", "p1 f", "p2 f"], "no_action_pending"),
        (["p3 sd"], "unknown_action"),
        (["p7 f"], "no_such_player"),
        (["p3 f", "p1 f", "p2 sm 2c2h"], "wrong_cards"),
    ],
)
def test_rule_breaking_lines_are_rejected(actions, rule):
    with pytest.raises(ReplayError) as error:
        history_to_hand(phh(DEAL3 + actions))
    assert error.value.rule == rule


def test_a_card_dealt_twice_is_a_history_error():
    with pytest.raises(HistoryError, match="dealt twice"):
        history_to_hand(phh(DEAL3 + ["p3 f", "p1 f", "d db AsKcQc"]))


def test_decimal_amounts_are_scaled_to_whole_chips_and_back():
    history = phh(
        DEAL3 + ["p3 cbr 1.5", "p1 f", "p2 f"], stacks=(100, 100, 100), blinds=[0.25, 0.5, 0], min_bet=0.5,
        extra="finishing_stacks = [99.75, 99.5, 100.75]",
    )
    replay = history_to_hand(history)
    assert replay.scale == 100
    assert replay.finishing_stacks == (Decimal("99.75"), Decimal("99.5"), Decimal("100.75"))
    assert replay.check == "match"


def test_engine_hands_are_written_as_phh_in_position_order():
    # Engine seats with the button at index 0: PHH p1 (small blind) is engine index 1.
    config = HandConfig(stacks=(300, 100, 200), blinds=(1, 2), button=0, players=("B", "S", "G"))
    hand = Hand(config, deck_for_deal(config, [parse_cards("AsAd"), parse_cards("7h2c"), parse_cards("KsKd")]))
    hand.raise_to(6)  # index 0 (button) is first to act preflop with three players
    hand.fold()
    hand.all_in()
    hand.call()
    history = hand_to_history(hand)
    assert history.players == ("S", "G", "B")
    assert history.starting_stacks == (100, 200, 300)
    assert history.actions[:3] == ("d dh p1 7h2c", "d dh p2 KsKd", "d dh p3 AsAd")
    assert history.actions[3:7] == ("p3 cbr 6", "p1 f", "p2 cbr 200", "p3 cc")
    assert history.actions[7:9] == ("p2 sm KsKd", "p3 sm AsAd")
    assert [a.split()[1] for a in history.actions[9:]] == ["db", "db", "db"]
    assert history.finishing_stacks == tuple(hand.stacks[i] for i in (1, 2, 0))
    replay = history_to_hand(loads(dumps(history)))
    assert replay.check == "match"


def test_a_hand_nobody_acts_in_is_written_with_the_tabled_hands():
    # Heads-up, blinds 5/10: the big blind Bob is all-in for 4 with 7h 2c, Ann's small
    # blind covers it, so nobody has a decision (RULES.md §3.4): both hands are tabled
    # and the board runs out. Written as sm lines with the cards, not "????".
    config = HandConfig(stacks=(100, 4), blinds=(5, 10), button=0, players=("Ann", "Bob"))
    hand = Hand(config, deck_for_deal(config, [parse_cards("AsAd"), parse_cards("7h2c")], parse_cards("Kd 9s 4c 3h Jc")))
    assert hand.is_complete and not hand.log
    history = hand_to_history(hand)
    assert history.actions[2:4] == ("p1 sm 7h2c", "p2 sm AsAd")
    assert history_to_hand(loads(dumps(history))).check == "match"


def test_hole_cards_can_be_hidden_when_writing():
    config = HandConfig(stacks=(100, 100, 100))
    hand = Hand(config, deck_for_deal(config, [None, None, None]))
    hand.fold()
    hand.fold()
    history = hand_to_history(hand, hole_cards=False, metadata={"_table": "one"})
    assert history.actions[:3] == ("d dh p1 ????", "d dh p2 ????", "d dh p3 ????")
    assert history.metadata == {"_table": "one"}
    assert history_to_hand(history).check == "match"


def test_pokerkit_options_can_be_chosen():
    replay = history_to_hand(phh(DEAL3 + ["p3 f"]), options=RuleOptions.pokerkit())
    assert replay.hand.config.options.reopening == "pokerkit"


def test_hole_cards_dealt_twice_to_one_player_are_rejected():
    with pytest.raises(ReplayError, match="dealt hole cards twice"):
        history_to_hand(phh(DEAL3 + ["d dh p1 2c2h"]))


def test_pot_limit_holdem_caps_the_raise_at_the_pot():
    replay = history_to_hand(phh(DEAL3, variant="PT"))
    assert replay.legal().max_raise_to == 7  # call 2, then raise the pot of 5
    with pytest.raises(ReplayError) as error:
        history_to_hand(phh(DEAL3 + ["p3 cbr 8"], variant="PT"))
    assert error.value.rule == "max_raise"


def test_the_public_surface():
    from pokerdealer import history

    for name in history.__all__:
        assert hasattr(history, name)


def test_dead_small_blind_and_posts_round_trip_through_phh():
    from pokerdealer.rules import Post

    config = HandConfig(stacks=(100, 90, 80, 70, 60), blinds=(1, 2), button=1,
                        dead_small_blind=True, posts=(Post(4, 2, 1),))
    deck = deck_for_deal(config, [None] * 5)
    hand = Hand(config, deck)
    for _ in range(5):
        hand.check_or_call()
    hand.fold()
    while not hand.is_complete:
        hand.check() if hand.street != "showdown" else hand.auto_showdown()
    history = loads(dumps(hand_to_history(hand)))
    # p1 is the big blind; p3 came in posting 2 live (a negative blind, PokerKit's
    # "post bet") and 1 dead (our own field: PHH has none).
    assert history.blinds_or_straddles == (2, 0, -2, 0, 0)
    assert history.metadata["_posts"] == [[2, 0, 1]]
    replay = history_to_hand(history)
    assert replay.hand.config.dead_small_blind and replay.hand.config.posts == (Post(2, 2, 1),)
    assert replay.check == "match" and replay.hand.dead_money == 0


def _showdown_hand(*, bet_river: bool) -> Hand:
    """p3 (button) opens, p1 calls, p2 folds; checks to the river, where p3 bets
    and p1 calls (``bet_river``) or everyone checks."""
    config = HandConfig(stacks=(100, 100, 100))
    hand = Hand(config, deck_for_deal(config, [parse_cards("AsKs"), parse_cards("7c2d"),
                                               parse_cards("4d8s")]))
    hand.raise_to(6)
    hand.call()
    hand.fold()
    for _ in range(2):
        hand.check()
        hand.check()
    hand.check()
    if bet_river:
        hand.raise_to(10)
        hand.call()
    else:
        hand.check()
    return hand


def _show_lines(history) -> list[str]:
    return [line for line in history.actions if " sm" in line]


def test_a_checked_down_river_writes_each_show_once():
    hand = _showdown_hand(bet_river=False)
    hand.show()  # p1, first left of the button
    hand.show()
    history = hand_to_history(hand)
    assert _show_lines(history) == ["p1 sm AsKs", "p3 sm 4d8s"]
    assert history_to_hand(loads(dumps(history))).check == "match"


def test_a_called_aggressor_tabled_by_the_rules_and_a_caller_who_mucks_are_written_once():
    hand = _showdown_hand(bet_river=True)
    assert hand.shown == {2: parse_cards("4d8s")}  # the called river bettor, tabled
    hand.muck()
    history = hand_to_history(hand, hole_cards=False)
    assert _show_lines(history) == ["p3 sm 4d8s", "p1 sm"]
    assert "AsKs" not in dumps(history)  # the mucked hand stays hidden
    replay = history_to_hand(loads(dumps(history)))
    assert replay.check == "match" and replay.hand.mucked == (0,)


def test_the_hand_left_when_the_others_muck_is_written_as_an_unknown_show():
    # PHH has no line for "wins without showing"; a muck would forfeit the pot.
    hand = _showdown_hand(bet_river=False)
    hand.muck()
    history = hand_to_history(hand)
    assert _show_lines(history) == ["p1 sm", "p3 sm ????"]
    replay = history_to_hand(loads(dumps(history)))
    assert replay.check == "match" and replay.warnings == []


@pytest.mark.parametrize(
    "extra",
    [["p3 sm 4d8s"], ["p3 sm"], ["p1 sm", "p1 sm AsKs"], ["p1 sm AsKs", "p1 sm AsKs"]],
)
def test_a_second_show_or_muck_by_one_player_is_rejected(extra):
    base = hand_to_history(_showdown_hand(bet_river=True))  # p3 tabled, p1 to act
    first = base.actions.index("p3 sm 4d8s") if extra[0].startswith("p3") else len(base.actions)
    history = base.replace(actions=base.actions + tuple(extra))
    with pytest.raises(ReplayError) as error:
        history_to_hand(history)
    assert error.value.rule == "show_or_muck_once"
    assert error.value.index == len(history.actions) - 1
    assert error.value.player == extra[-1][:2]
    assert f"already showed or mucked at actions[{first}]" in error.value.reason
    assert "(legal: " in error.value.reason


def _round_trip(config: HandConfig, play) -> tuple:
    hand = Hand(config, deck_for_deal(config, [None] * config.player_count))
    play(hand)
    history = loads(dumps(hand_to_history(hand)))
    return hand, history, history_to_hand(history)


def test_a_pot_limit_dead_small_blind_counts_in_the_pot_after_a_round_trip():
    from pokerdealer.rules import Structure

    config = HandConfig(stacks=(5000,) * 4, blinds=(100, 200), dead_small_blind=True,
                        structure=Structure.POT_LIMIT)
    hand, history, replay = _round_trip(config, lambda h: (h.raise_to(700), h.fold(), h.fold(),
                                                           h.fold()))
    assert history.blinds_or_straddles == (200, 0, 0, 0)  # what was posted
    assert history.metadata["_dead_small_blind"] == 100  # what the pot counts (TDA 2026 56-B)
    assert replay.hand.config.blinds == (100, 200) and replay.hand.config.dead_small_blind
    assert replay.check == "match" and replay.hand.stacks == hand.stacks


def test_a_straddle_behind_a_dead_small_blind_stays_a_straddle_after_a_round_trip():
    config = HandConfig(stacks=(100,) * 5, blinds=(1, 2), straddles=(4,), dead_small_blind=True)
    hand, history, replay = _round_trip(config, lambda h: (h.raise_to(8), h.fold(), h.fold(),
                                                           h.fold(), h.fold()))
    assert history.blinds_or_straddles == (2, 4, 0, 0, 0)
    back = replay.hand.config
    assert back.blinds == (1, 2) and back.straddles == (4,) and back.dead_small_blind
    assert replay.check == "match" and replay.hand.stacks == hand.stacks


# Blinds 0.50/1: p1 (small blind) folds, p2 and p3 chop a pot of 2.50.
CHOP = ["d dh p1 7c2h", "d dh p2 AdKd", "d dh p3 AsKs", "p3 cc", "p1 f", "p2 cc",
        "d db Qc8h3c", "p2 cc", "p3 cc", "d db 2s", "p2 cc", "p3 cc", "d db 9d", "p2 cc", "p3 cc",
        "p2 sm AdKd", "p3 sm AsKs"]


@pytest.mark.parametrize("stacks", [(100, 100, 100), (100.01, 100, 100)])
def test_odd_chips_of_a_decimal_game_are_cents_whatever_the_stacks(stacks):
    history = phh(CHOP, stacks=stacks, blinds=[0.5, 1, 0], min_bet=1)
    got = history_to_hand(history).finishing_stacks
    assert got[1:] == (Decimal("100.25"), Decimal("100.25"))


def test_a_declared_chip_unit_counts_the_odd_chips():
    history = phh(CHOP, stacks=(100, 100, 100), blinds=[0.5, 1, 0], min_bet=1,
                  extra="_chip_unit = 0.5")
    assert history_to_hand(history).finishing_stacks[1:] == (Decimal("100.5"), 100)
    config = HandConfig(stacks=(100, 100), options=RuleOptions(odd_chip_unit=25))
    hand = Hand(config, deck_for_deal(config, [None, None]))
    hand.fold()
    written = hand_to_history(hand)
    assert written.metadata["_chip_unit"] == 25
    assert history_to_hand(written).hand.config.options.odd_chip_unit == 25


def test_posts_written_by_hand_in_our_old_field_still_read():
    from pokerdealer.rules import Post

    history = phh(DEAL3 + ["d dh p4 2c2h", "p3 f", "p4 f", "p1 f"], stacks=(100,) * 4,
                  blinds=[1, 2, 0, 0], extra="_posts = [[3, 2, 0]]")
    assert history_to_config(history).posts == (Post(3, 2, 0),)
    negative = phh(DEAL3 + ["d dh p4 2c2h", "p3 f", "p4 f", "p1 f"], stacks=(100,) * 4,
                   blinds=[1, 2, 0, -2], extra="_posts = [[3, 2, 0]]")
    with pytest.raises(UnsupportedHistory, match="both a negative blind and in _posts"):
        history_to_config(negative)
