"""The tight bot with a preflop equity table: the table, not the chart, picks
the preflop tier, with a bar that rises with the number of opponents."""

from __future__ import annotations

import random

import numpy as np
import pytest

from pokerdealer.bots import TightBot, make_bot, make_bots
from pokerdealer.bots.strength import (
    EQUITY_TABLE_ENV,
    TABLE_BAR_STEP,
    TABLE_BARS,
    preflop_table,
    table_equity,
    table_tier,
)
from pokerdealer.cards import parse_cards
from pokerdealer.equity import HAND_CLASSES, EquityError, EquityTable
from pokerdealer.rules import Hand, HandConfig, deck_for_deal


def made_up_table(equities: dict[str, float], default: float = 0.40) -> EquityTable:
    """A full 169-class table where each class has the given equity against
    every hand (counts out of 1000), so ``against_all`` returns it."""
    n = len(HAND_CLASSES)
    wins = np.zeros((n, n), np.int64)
    for i, name in enumerate(HAND_CLASSES):
        wins[i, :] = round(1000 * equities.get(name, default))
    return EquityTable(
        HAND_CLASSES, wins, np.zeros((n, n), np.int64), np.full((n, n), 1000, np.int64)
    )


# Upside down: the chart's trash is premium and its aces are trash.
UPSIDE_DOWN = {"72o": 0.80, "AA": 0.30}


def first_to_act(hole: str, players: int = 6) -> Hand:
    config = HandConfig(stacks=(200,) * players, blinds=(1, 2))
    holes = [None] * players
    holes[2] = parse_cards(hole)  # first to act preflop (left of the big blind)
    return Hand(config, deck_for_deal(config, holes))


def test_the_table_drives_the_preflop_decision():
    table = made_up_table(UPSIDE_DOWN)
    for seed in range(5):  # the same decision whatever the generator
        bot = TightBot(random.Random(seed), equity_table=table)
        assert bot.act(first_to_act("7c 2d").view(2)).kind == "raise"
        assert bot.act(first_to_act("As Ad").view(2)).kind == "fold"
    chart = TightBot(random.Random(1), equity_table=False)
    assert chart.act(first_to_act("7c 2d").view(2)).kind == "fold"
    assert chart.act(first_to_act("As Ad").view(2)).kind == "raise"


def test_the_bar_rises_with_the_opponents():
    table = made_up_table({"KQs": 0.70, "98s": 0.555})
    kq, nine_eight = parse_cards("Ks Qs"), parse_cards("9h 8h")
    assert table_equity(table, kq) == pytest.approx(0.70)
    assert table_tier(table, kq, 1) == 1  # 0.70 >= 0.69
    assert table_tier(table, kq, 5) == 2  # 0.70 < 0.69 + 0.04
    assert table_tier(table, nine_eight, 1) == 3
    assert table_tier(table, nine_eight, 2) == 0
    assert table_tier(table, parse_cards("7c 2d"), 1) == 0
    assert TABLE_BARS[1] > TABLE_BARS[2] > TABLE_BARS[3] and TABLE_BAR_STEP > 0


def big_blind_facing_a_raise(hole: str, callers: int) -> Hand:
    """Six-handed: seat 2 raises, ``callers`` seats call, the rest fold to the big blind (seat 1)."""
    config = HandConfig(stacks=(200,) * 6, blinds=(1, 2))
    holes = [None] * 6
    holes[1] = parse_cards(hole)
    hand = Hand(config, deck_for_deal(config, holes))
    hand.raise_to(6)
    for seat in range(4):
        if seat < callers:
            hand.call()
        else:
            hand.fold()
    assert hand.actor == 1
    return hand


def test_the_same_hand_plays_differently_against_more_opponents():
    bot = TightBot(random.Random(1), equity_table=made_up_table({"KQs": 0.70}))
    chart = TightBot(random.Random(1), equity_table=False)
    # One opponent left: 0.70 clears tier 1's bar (0.69), so it re-raises.
    alone = big_blind_facing_a_raise("Ks Qs", callers=0)
    assert bot.act(alone.view(1)).kind == "raise"
    # Three opponents: the bar is 0.71, KQs is tier 2 and only calls one raise.
    crowd = big_blind_facing_a_raise("Ks Qs", callers=2)
    assert bot.act(crowd.view(1)).kind == "call"
    # The chart has KQs in tier 2 either way.
    assert chart.act(alone.view(1)).kind == "call"
    assert chart.act(crowd.view(1)).kind == "call"


def test_tables_come_from_files_options_and_the_environment(tmp_path, monkeypatch):
    pytest.importorskip("pyarrow.parquet")
    path = tmp_path / "preflop.parquet"
    made_up_table(UPSIDE_DOWN).write_parquet(path)
    trash = first_to_act("7c 2d")
    from_path = make_bot("tight", random.Random(1), equity_table=path)
    assert from_path.table is not None
    assert from_path.act(trash.view(2)).kind == "raise"
    # Options reach the bots that take them; the others ignore them.
    bots = make_bots("tight,caller", 3, random.Random(1), equity_table=str(path))
    assert [b.name for b in bots] == ["tight", "caller", "tight"]
    assert bots[0].table is bots[2].table  # read once
    assert TightBot(random.Random(1)).table is None
    monkeypatch.setenv(EQUITY_TABLE_ENV, str(path))
    from_env = make_bot("tight", random.Random(1))
    assert from_env.act(trash.view(2)).kind == "raise"
    assert TightBot(random.Random(1), equity_table=False).table is None
    assert TightBot(random.Random(1), variant="shortdeck").table is None
    monkeypatch.setenv(EQUITY_TABLE_ENV, str(tmp_path / "missing.parquet"))
    with pytest.raises(EquityError, match="cannot read equity table"):
        TightBot(random.Random(1))


def test_a_table_without_every_hand_is_refused():
    n = 2
    partial = EquityTable(
        ("AA", "KK"),
        np.zeros((n, n), np.int64),
        np.zeros((n, n), np.int64),
        np.ones((n, n), np.int64),
    )
    with pytest.raises(EquityError, match="every starting hand"):
        TightBot(random.Random(1), equity_table=partial)
    assert preflop_table(None) is None
