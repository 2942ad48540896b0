"""A cash table's home-game settings (table/cash.py): running it twice, bomb pots every
so many hands or on the host's request, and the 7-2 game settled after the hand."""

from __future__ import annotations

import random

import pytest

from pokerdealer.rules import AnteType
from pokerdealer.table import CashGameSettings, CashTable, TableError, check_or_fold, play_hand


def table(**settings) -> CashTable:  # noqa: ANN003
    t = CashTable(CashGameSettings(1, 2, 40, 200, **settings), rng=random.Random(7), first_button=3)
    for name in ("ann", "bob", "cy"):
        t.sit_down(name, 100)
    return t


def all_in(view):  # noqa: ANN001, ANN201
    legal = view.legal
    return f"p{view.player + 1} cbr {legal.max_raise_to}" if legal.max_raise_to else f"p{view.player + 1} cc"


def test_a_table_that_offers_to_run_it_twice_asks_and_play_hand_agrees_by_default():
    t = table(run_it_twice=True)
    record = play_hand(t, all_in)
    hand = record.hand
    assert hand.config.run_it_twice and hand.runs == 2 and len(hand.boards) == 2
    assert [a.kind for a in hand.log[-3:]] == ["runs", "runs", "runs"]
    assert sum(t.stacks.values()) == 300
    refused = play_hand(table(run_it_twice=True), all_in, run_twice=lambda view: False)
    assert refused.hand.runs == 1


def test_every_nth_hand_is_a_bomb_pot_and_the_host_may_ask_for_one():
    t = table(bomb_pot_every=2, bomb_pot_ante=5)
    first, second = play_hand(t, check_or_fold), play_hand(t, check_or_fold)
    assert not first.hand.config.bomb_pot
    assert second.hand.config.bomb_pot and second.hand.config.ante == 5
    assert second.hand.config.ante_type is AnteType.PER_PLAYER and second.hand.log[0].kind != "fold"
    asked = t.start_hand(bomb_pot=True).hand  # the host's "bomb pot next hand"
    assert asked.config.bomb_pot and asked.config.ante == 5 and asked.street.value == "flop"


def test_the_7_2_bounty_moves_the_chips_after_the_hand():
    t = table(seven_deuce=10)
    while True:  # deal until someone holds seven-deuce offsuit
        record = t.start_hand()
        holes = record.hand.hole_cards
        seven_deuce = [i for i, h in enumerate(holes) if sorted(c.rank for c in h) == [0, 5] and h[0].suit != h[1].suit]
        if seven_deuce:
            break
        while not record.hand.is_complete:
            record.hand.fold()
        t.finish_hand()
        t.settle()
    winner = seven_deuce[0]
    hand = record.hand
    while not hand.is_complete:  # everyone else folds to the 7-2
        hand.apply(f"p{hand.actor + 1} {'f' if hand.actor != winner else 'cbr ' + str(hand.legal().min_raise_to)}")
    t.finish_hand()
    before = dict(t.stacks)
    hand.show_after(winner)
    settlement = t.settle()
    name = record.players[winner]
    assert t.stacks[name] == before[name] + 20 and sum(t.stacks.values()) == 300
    assert len(settlement.payments) == 2
    with pytest.raises(TableError, match="settled already"):
        t.settle()


def test_home_game_settings_are_not_negative():
    with pytest.raises(TableError, match="bomb_pot_every must be >= 0"):
        CashGameSettings(1, 2, 40, 200, bomb_pot_every=-1)
