"""Long random sessions: players bust, leave, join, sit out and come back; the
button and blinds are checked against RULES.md §1 after every hand."""

from __future__ import annotations

import random

import pytest

from pokerdealer.rules import Street, replay
from pokerdealer.table import ButtonRule, CashGameSettings, CashTable, SeatStatus, TableError

from .helpers import random_player


def _next(seat, seats):
    after = [s for s in sorted(seats) if s > seat]
    return after[0] if after else min(seats)


def check_hand(rule, prev, r):
    """The positions of hand ``r`` follow from the previous hand ``prev`` by the rules."""
    pos, dealt, hand = r.positions, r.seats, r.hand
    config = hand.config
    name_at = dict(zip(dealt, config.players))
    # The engine's big blind is the table's big blind, and posted it.
    assert dealt[config.big_blind_player] == pos.big_blind
    if len(dealt) == 2:
        assert pos.button == pos.small_blind == dealt[config.button]
    elif pos.small_blind_dead:
        assert pos.small_blind not in dealt and config.dead_small_blind
        assert config.small_blind_player is None
        # The engine's button is the real one: the player right of the big blind.
        assert (config.button + 1) % len(dealt) == config.big_blind_player
    else:
        assert dealt[config.small_blind_player] == pos.small_blind
    assert pos.small_blind_dead or pos.small_blind != pos.big_blind
    posting = {p.seat for p in r.posts}
    assert pos.big_blind not in posting and len(posting) == len(r.posts)  # nobody posts twice
    if prev is None:
        return
    p = prev.positions
    # Nobody has the big blind twice in a row.
    prev_bb_name = dict(zip(prev.seats, prev.hand.config.players))[p.big_blind]
    assert name_at[pos.big_blind] != prev_bb_name
    if rule is ButtonRule.DEAD or len(dealt) == 2:
        # The big blind advances exactly one dealt-in player: nobody skips it.
        assert pos.big_blind == _next(p.big_blind, dealt)
    if rule is ButtonRule.DEAD and len(dealt) > 2:
        assert pos.small_blind == p.big_blind
        assert pos.small_blind_dead == (p.big_blind not in dealt)
        if not p.heads_up:
            assert pos.button == p.small_blind
    plain_bb = _next(_next(_next(p.button, dealt), dealt), dealt)
    if rule is ButtonRule.FORWARD_MOVING and len(dealt) > 2 and plain_bb != p.big_blind:
        assert pos.button == _next(p.button, dealt)
        assert pos.small_blind == _next(pos.button, dealt)
        assert pos.big_blind == _next(pos.small_blind, dealt)


@pytest.mark.parametrize("rule", [ButtonRule.DEAD, ButtonRule.FORWARD_MOVING])
@pytest.mark.parametrize("seed", range(4))
def test_long_random_session_button_and_blinds_follow_the_rules(rule, seed):
    rng = random.Random(seed)
    settings = CashGameSettings(1, 2, 40, 200, button_rule=rule, seats=9)
    table = CashTable(settings, rng=rng)
    decide = random_player(rng)
    bank = 0  # chips brought to the table minus chips taken away
    names = iter(f"x{i}" for i in range(10_000))
    prev = None
    hands = 0
    for _ in range(600):
        # Between hands: joins, leaves, sitting out and back.
        if table.free_seats and (len(table.stacks) < 3 or rng.random() < 0.15):
            buy = rng.randint(40, 200)
            table.sit_down(next(names), buy, wait_for_big_blind=rng.random() < 0.5)
            bank += buy
        for player in table.players:
            roll = rng.random()
            if roll < 0.02 and len(table.stacks) > 2:
                bank -= table.leave(player.name)
            elif roll < 0.05 and player.status is SeatStatus.ACTIVE:
                table.sit_out(player.name)
            elif roll < 0.15 and player.status is SeatStatus.SITTING_OUT:
                table.sit_in(player.name, post=rng.random() < 0.5)
            elif roll < 0.17 and player.stack < 200:
                added = rng.randint(1, 200 - player.stack)
                table.top_up(player.name, added)
                bank += added
        try:
            r = table.start_hand()
        except TableError:
            continue  # fewer than two players want to play
        hands += 1
        check_hand(rule, prev, r)
        hand = r.hand
        while not hand.is_complete:
            if hand.street is Street.SHOWDOWN:
                hand.auto_showdown()
                break
            hand.apply(decide(hand.view(hand.actor)))
        table.finish_hand()
        assert r.replay().result == hand.result
        assert replay(hand.config, hand.deck, hand.log).result == hand.result
        prev = r
        assert sum(table.stacks.values()) == bank
    assert hands > 300 and table.busted
