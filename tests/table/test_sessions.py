"""Long random sessions: players bust, leave, join, sit out and come back; the
button and blinds are checked against RULES.md §1 after every hand."""

from __future__ import annotations

import random

import pytest

from pokerdealer.rules import Street, replay
from pokerdealer.table import ButtonRule, CashGameSettings, CashTable, SeatStatus, TableError
from pokerdealer.table.button import is_between

from .helpers import random_player


def _next(seat, seats):
    after = [s for s in sorted(seats) if s > seat]
    return after[0] if after else min(seats)


def _previous(seat, seats):
    before = [s for s in sorted(seats) if s < seat]
    return before[-1] if before else max(seats)


def check_hand(rule, prev, r, waiting=(), seat_count=9):
    """The positions of hand ``r`` follow from the previous hand ``prev`` by the rules
    (``waiting``: the seats that waited for the big blind before the hand)."""
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
    if rule is ButtonRule.DEAD or len(dealt) == 2 or p.heads_up:
        # The big blind advances exactly one dealt-in player: nobody skips it
        # (under both rules heads-up, and from heads-up to three or more).
        assert pos.big_blind == _next(p.big_blind, dealt)
    if p.heads_up and len(dealt) > 2 and rule is ButtonRule.FORWARD_MOVING:
        # ... with both blinds posted, the small blind and button right behind it.
        assert pos.small_blind == _previous(pos.big_blind, dealt)
        assert pos.button == _previous(pos.small_blind, dealt)
    if rule is ButtonRule.DEAD and len(dealt) > 2:
        assert pos.small_blind == p.big_blind
        assert pos.small_blind_dead == (p.big_blind not in dealt)
        if not p.heads_up and p.small_blind != pos.big_blind:
            assert pos.button == p.small_blind
        # (When the seats after the last big blind empty out, the big blind wraps
        # round to the last small blind: the button then goes just before the SB.)
    plain_bb = _next(_next(_next(p.button, dealt), dealt), dealt)
    if rule is ButtonRule.FORWARD_MOVING and len(dealt) > 2 and plain_bb != p.big_blind and not p.heads_up:
        plain = (_next(p.button, dealt), _next(_next(p.button, dealt), dealt), plain_bb)
        if (pos.button, pos.small_blind, pos.big_blind) != plain:
            # The plain forward move would have taken the big blind over a seat
            # waiting for it: it moves one seat on instead (§1.5), blinds behind it.
            assert any(is_between(w, p.big_blind, plain_bb, seat_count) for w in waiting)
            assert pos.big_blind == _next(p.big_blind, set(dealt) | set(waiting))
            assert pos.small_blind == _previous(pos.big_blind, dealt)
            assert pos.button == _previous(pos.small_blind, dealt)

class WaitingWatch:
    """RULES.md §1.5: a player waiting for the big blind is dealt in when the big
    blind reaches their seat -- as the big blind, never passed over, so within one
    orbit (fewer than ``seat_count`` hands dealt without them)."""

    def __init__(self, seat_count):
        self.seat_count = seat_count
        self.waited: dict[str, int] = {}  # name -> hands dealt while waiting
        self.longest = 0
        self.came_in = 0

    def before(self, table):
        """Call just before ``start_hand``: note who waits, and whether the game (re)starts."""
        players = [p for p in table.players if p.stack > 0]
        self.waiting = {p.name: p.seat for p in players if p.status is SeatStatus.WAITING}
        self.waited = {n: k for n, k in self.waited.items() if n in self.waiting}
        active = sum(p.status is SeatStatus.ACTIVE for p in players)
        self.restart = not table.hands or active < 2
        self.prev = table.positions

    def after(self, r):
        pos = r.positions
        for name, seat in self.waiting.items():
            if seat in r.seats:
                if not self.restart:
                    assert seat == pos.big_blind, f"{name} came in at seat {seat} without the big blind"
                self.longest = max(self.longest, self.waited.pop(name, 0))
                self.came_in += 1
                continue
            assert not self.restart, f"{name} was not dealt in at a (re)start"
            bb = self.prev.big_blind
            passed = seat == pos.big_blind or is_between(seat, bb, pos.big_blind, self.seat_count)
            assert not passed, f"the big blind went from {bb} to {pos.big_blind}, over waiting seat {seat}"
            self.waited[name] = self.waited.get(name, 0) + 1
            assert self.waited[name] < self.seat_count, f"{name} waited a whole orbit"


def run_session(rule, seed, *, seats=9, rounds=600, full=3, join=0.15, leave=0.02, wait=0.5):
    """A random cash session; every hand is checked against RULES.md §1.
    Returns ``(hands played, the table, the waiting watch)``."""
    rng = random.Random(seed)
    settings = CashGameSettings(1, 2, 40, 200, button_rule=rule, seats=seats)
    table = CashTable(settings, rng=rng)
    decide = random_player(rng)
    watch = WaitingWatch(seats)
    bank = 0  # chips brought to the table minus chips taken away
    names = iter(f"x{i}" for i in range(10_000))
    prev = None
    hands = 0
    for _ in range(rounds):
        # Between hands: joins, leaves, sitting out and back.
        if table.free_seats and (len(table.stacks) < full or rng.random() < join):
            buy = rng.randint(40, 200)
            seat = rng.choice(table.free_seats)
            table.sit_down(next(names), buy, seat=seat, wait_for_big_blind=rng.random() < wait)
            bank += buy
        for player in table.players:
            roll = rng.random()
            if roll < leave and len(table.stacks) > 2:
                bank -= table.leave(player.name)
            elif roll < leave + 0.03 and player.status is SeatStatus.ACTIVE:
                table.sit_out(player.name)
            elif roll < leave + 0.13 and player.status is SeatStatus.SITTING_OUT:
                table.sit_in(player.name, post=rng.random() >= wait)
            elif roll < leave + 0.15 and player.stack < 200:
                added = rng.randint(1, 200 - player.stack)
                table.top_up(player.name, added)
                bank += added
        watch.before(table)
        try:
            r = table.start_hand()
        except TableError:
            continue  # fewer than two players want to play
        hands += 1
        check_hand(rule, prev, r, watch.waiting.values(), seats)
        watch.after(r)
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
    return hands, table, watch


@pytest.mark.parametrize("rule", [ButtonRule.DEAD, ButtonRule.FORWARD_MOVING])
@pytest.mark.parametrize("seed", range(4))
def test_long_random_session_button_and_blinds_follow_the_rules(rule, seed):
    hands, table, watch = run_session(rule, seed)
    assert hands > 300 and table.busted and watch.came_in > 20


@pytest.mark.parametrize("rule", [ButtonRule.DEAD, ButtonRule.FORWARD_MOVING])
@pytest.mark.parametrize("seed", range(6))
def test_waiting_for_the_big_blind_is_dealt_in_within_one_orbit_at_short_tables(rule, seed):
    """§1.2 + §1.5: a short table, often heads-up, where most newcomers wait for
    the big blind -- the case that used to stall (heads-up the big blind never
    reached them). Every one of them gets it within one orbit."""
    hands, table, watch = run_session(rule, seed, seats=5, rounds=800, full=2, join=0.1, leave=0.04, wait=0.8)
    assert hands > 400 and watch.came_in > 40
    assert watch.longest < 5
