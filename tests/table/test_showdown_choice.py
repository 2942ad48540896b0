"""A table can leave the showdown to its players: ``play_hand(..., showdown=...)`` asks
for each show or muck in turn; without it the hand shows down online style."""

from __future__ import annotations

import random

from pokerdealer.rules import Action, PlayerView, Street
from pokerdealer.table import CashGameSettings, CashTable, online_show_or_muck, play_hand


def _table() -> CashTable:
    table = CashTable(CashGameSettings(1, 2, 40, 200), rng=random.Random(5))
    for name in ("ann", "bob", "cat"):
        table.sit_down(name, 100)
    return table


def check_down(view: PlayerView) -> Action:
    assert view.legal is not None and not view.legal.can_show
    return Action("check" if view.legal.can_check else "call", view.player)


def test_each_show_or_muck_of_a_showdown_left_to_the_players_is_asked_in_turn() -> None:
    asked: list[int] = []

    def always_show(view: PlayerView) -> Action:
        assert view.legal is not None and view.legal.can_show and view.legal.can_muck
        asked.append(view.player)  # type: ignore[arg-type]
        return Action("show", view.player)

    record = play_hand(_table(), check_down, showdown=always_show)
    hand = record.hand
    assert asked == list(hand.result.showdown_order)  # every player, in the order of show
    assert sorted(hand.shown) == sorted(asked)


def test_the_online_choice_is_the_automatic_showdowns() -> None:
    # Played one show or muck at a time, online_show_or_muck ends where auto_showdown does.
    for seed in range(30):
        table = CashTable(CashGameSettings(1, 2, 40, 200), rng=random.Random(seed))
        for name in ("ann", "bob", "cat", "dan"):
            table.sit_down(name, 100)
        record = play_hand(table, check_down, showdown=lambda view: online_show_or_muck(table.current.hand))
        other = CashTable(CashGameSettings(1, 2, 40, 200), rng=random.Random(seed))
        for name in ("ann", "bob", "cat", "dan"):
            other.sit_down(name, 100)
        auto = play_hand(other, check_down)
        assert record.hand.log == auto.hand.log and record.hand.street is Street.COMPLETE
