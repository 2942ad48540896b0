"""Multi-table tournaments: seat draw, levels' clock, breaking and balancing,
hand-for-hand, places and prizes, chips conserved (RULES.md §10)."""

from __future__ import annotations

import random

import pytest

from pokerdealer.bots import make_bots
from pokerdealer.table import HandForHandBusts, Level, TableError
from pokerdealer.table.balancing import allowed_spread, spread_of
from pokerdealer.table.event import ChipsNotConserved, Event, EventSettings, play_event
from pokerdealer.table.payouts import PAYOUT_PRESETS, payout_table, share_prizes
from pokerdealer.table.structures import Break, structure
from pokerdealer.table.tournament import tie_across_tables

from .helpers import rig, rigged_deck

TURBO = structure("turbo", timed=False)


def shove(view):
    legal = view.legal
    return ("p%d cbr %d" % (view.player + 1, legal.max_raise_to)) if legal.max_raise_to else "p%d cc" % (view.player + 1)


def event_of(n, *, seats=9, seed=1, **kw):
    kw.setdefault("levels", TURBO)
    ev = Event(EventSettings(1500, seats=seats, **kw), rng=random.Random(seed))
    for i in range(n):
        ev.register(f"p{i}")
    return ev


def bots_for(ev, seed=1, names="random,tight,caller"):
    players = [p.name for t in ev.tables.values() for p in t.players]
    bots = dict(zip(players, make_bots(names, len(players), random.Random(seed))))
    return lambda name: bots[name].act


# ------------------------------------------------------------------ payouts
@pytest.mark.parametrize("preset", sorted(PAYOUT_PRESETS))
def test_payouts_sum_to_the_prize_pool(preset):
    for entries in (2, 5, 9, 27, 100, 1000, 1013):
        for pool in (entries * 100, entries * 7 + 3, 1):
            prizes = payout_table(pool, entries, preset)
            assert sum(prizes) == pool
            assert list(prizes) == sorted(prizes, reverse=True)


def test_custom_payouts_sum_to_the_prize_pool_with_the_remainder_to_first_place():
    assert payout_table(1001, 10, (50, 30, 20)) == (501, 300, 200)


def test_custom_payouts_must_sum_to_100():
    with pytest.raises(TableError, match="summing to 100"):
        payout_table(1000, 10, (50, 30))


def test_tied_players_share_the_prizes_of_their_places():
    assert share_prizes((500, 300, 200), 2, 2) == (250, 250)
    assert share_prizes((500, 301, 200), 2, 2) == (251, 250)


# ------------------------------------------------------------- seat draw
def test_the_seat_draw_makes_tables_differ_by_at_most_one():
    ev = event_of(40, seats=9)
    ev.start()
    assert sorted(len(t.players) for t in ev.tables.values()) == [8, 8, 8, 8, 8]
    ev = event_of(23, seats=9)
    ev.start()
    assert sorted(len(t.players) for t in ev.tables.values()) == [7, 8, 8]


def test_the_seat_draw_depends_on_the_seed_only():
    def draw(seed):
        ev = event_of(30, seed=seed)
        ev.start()
        return [(t.id, p.seat, p.name) for t in ev.tables.values() for p in t.players]

    assert draw(3) == draw(3)
    assert draw(3) != draw(4)


# -------------------------------------------------------------- balancing
@pytest.mark.parametrize("seed", range(6))
def test_tables_never_differ_by_more_than_allowed_after_every_hand(seed):
    ev = event_of(90, seats=6, seed=seed, spread=2, spread_few=1, few_tables=6)
    ev.start()
    checked = []

    def check(table, record):
        counts = {t.id: len(t.players) for t in ev.tables.values()}
        if len(counts) > 1:
            assert spread_of(counts) <= allowed_spread(len(counts), spread=2, spread_few=1, few_tables=6), counts
            checked.append(len(counts))

    play_event(ev, bots_for(ev, seed), on_hand=check)
    assert max(checked) > 6 and min(checked) <= 6  # both spreads were in force


def clockwise_after(seat, seats, n):
    """The first of ``seats`` strictly clockwise after ``seat`` (seats 1..n)."""
    return min(seats, key=lambda s: (s - seat) % n or n)


class Watched(Event):
    """Records, for each balancing move, what the DEAD rule says independently:
    the source's next big blind is the first player clockwise after its last
    big blind; the worst position at the target is an empty seat between its
    last big blind and the next player (the big blind at once), else the
    first empty seat after the coming big blind."""

    def _balance(self, source, target):
        src, dst = self._tables[source], self._tables[target]
        n = self.settings.seats
        expected = None
        if src.positions is not None and dst.positions is not None and len(src.players) >= 3 and len(dst.players) >= 2:
            seat = clockwise_after(src.positions.big_blind, [p.seat for p in src.players], n)
            mover = next(p.name for p in src.players if p.seat == seat)
            last_bb = dst.positions.big_blind
            taken = [p.seat for p in dst.players]
            coming_bb = clockwise_after(last_bb, taken, n)
            empty = [s for s in range(1, n + 1) if s not in taken]
            at_once = [s for s in empty if (s - last_bb) % n and (s - last_bb) % n < (coming_bb - last_bb) % n]
            worst = clockwise_after(last_bb, at_once, n) if at_once else clockwise_after(coming_bb, empty, n)
            expected = (mover, worst, bool(at_once))
        super()._balance(source, target)
        self.watched.append((self.moves[-1], expected))


def watched_events(seeds=range(4), n=60, seats=6):
    for seed in seeds:
        ev = Watched(EventSettings(1500, TURBO, seats=seats), rng=random.Random(seed))
        ev.watched = []
        for i in range(n):
            ev.register(f"p{i}")
        ev.start()
        yield ev, seed


def test_the_moved_player_is_the_next_big_blind():
    movers = []
    for ev, seed in watched_events():
        play_event(ev, bots_for(ev, seed))
        movers += [(m.player, e[0]) for m, e in ev.watched if e is not None]
    assert len(movers) > 10
    assert all(player == expected for player, expected in movers)


def test_the_moved_player_takes_the_worst_position():
    seats = []
    for ev, seed in watched_events():
        play_event(ev, bots_for(ev, seed))
        seats += [(m.seat, e[1]) for m, e in ev.watched if e is not None]
    assert len(seats) > 10
    assert all(seat == expected for seat, expected in seats)


def test_the_moved_player_posts_the_big_blind_at_once_when_a_seat_before_the_next_big_blind_is_free():
    checked = 0
    for ev, seed in watched_events():
        waiting = {}  # table -> the one player moved in before its next hand (None: several)

        def on_hand(table, record, ev=ev, waiting=waiting):
            nonlocal checked
            mover = waiting.pop(table.id, None)
            if mover and mover in record.players:
                bb = record.positions.big_blind
                assert record.hand.config.players[record.seats.index(bb)] == mover
                checked += 1
            at_once = [m for m, e in ev.watched if e is not None and e[2]]
            for m in ev.moves:
                if m.hand == ev.hands:  # moved after this hand
                    mover = m.player if m in at_once else None
                    waiting[m.to_table] = None if m.to_table in waiting else mover

        play_event(ev, bots_for(ev, seed), on_hand=on_hand)
    assert checked > 5


def test_tables_break_in_the_published_order():
    ev = event_of(60, seats=6, seed=2)
    ev.start()
    assert ev.tables_started == 10
    play_event(ev, bots_for(ev, 2))
    assert ev.broken == list(range(10, 1, -1))


def test_a_table_breaks_as_soon_as_the_others_can_take_its_players():
    ev = event_of(27, seats=9, seed=1)
    ev.start()

    def check(table, record):
        counts = {t.id: len(t.players) for t in ev.tables.values()}
        assert sum(counts.values()) > 9 * (len(counts) - 1) or len(counts) == 1

    play_event(ev, bots_for(ev), on_hand=check)


def test_the_final_table_is_drawn_anew():
    ev = event_of(27, seats=9, seed=5)
    ev.start()
    play_event(ev, bots_for(ev, 5))
    final = [m for m in ev.moves if m.reason == "final_table"]
    assert len(final) == 9 and {m.to_table for m in final} == {1}
    assert len({m.hand for m in final}) == 1
    assert any(e.kind == "final_table" for e in ev.log)


def final_tables(seats, seeds=range(3), n=30, **kw):
    """Play events of ``n`` entrants at ``seats`` a table; check after every hand that
    the tables stay apart only while the players left do not fit the final table;
    return each final table's (seats, players when drawn)."""
    found = []
    for seed in seeds:
        ev = event_of(n, seats=seats, seed=seed, **kw)
        ev.start()
        final_seats = ev.settings.final_seats

        def check(table, record, ev=ev, final_seats=final_seats):
            if len(ev.tables) > 1 and not ev._round:  # not waiting for a hand-for-hand round
                assert ev.alive > final_seats, (ev.alive, final_seats)

        play_event(ev, bots_for(ev, seed), on_hand=check)
        (drawn,) = [e for e in ev.log if e.kind == "final_table"]
        found.append((ev.tables[drawn.data["table"]].seat_count, drawn.data["players"]))
    return found


@pytest.mark.parametrize(("seats", "final"), [(6, 7), (7, 7), (8, 9)])
def test_a_six_seven_or_eight_handed_event_plays_down_to_the_final_table_of_tda_rp_9(seats, final):
    found = final_tables(seats)
    assert {size for size, _ in found} == {final}
    assert max(players for _, players in found) == final  # formed as soon as the players left fit it


@pytest.mark.parametrize("seats", [5, 9, 10])
def test_other_events_keep_their_tables_size_at_the_final_table(seats):
    assert {size for size, _ in final_tables(seats, seeds=range(1))} == {seats}


def test_a_final_table_as_big_as_the_others_is_an_option():
    found = final_tables(6, final_table_seats=6)
    assert {size for size, _ in found} == {6} and max(players for _, players in found) == 6


def test_the_final_table_has_the_tables_seats_to_ten():
    with pytest.raises(TableError, match="final_table_seats must be a whole number from the tables' 6 seats to 10, got 5"):
        EventSettings(1500, TURBO, seats=6, final_table_seats=5)
    with pytest.raises(TableError, match="got 11"):
        EventSettings(1500, TURBO, seats=6, final_table_seats=11)


def test_the_state_keeps_a_final_table_of_seven_seats():
    ev = event_of(14, seats=6, seed=1)
    ev.start()
    bots = bots_for(ev)
    while len(ev.tables) > 1:
        play_event(ev, bots, max_hands=1)
    assert not ev.is_over
    again = Event(ev.settings, rng=random.Random(0))
    again.restore_state(ev.state())
    assert [t.seat_count for t in again.tables.values()] == [t.seat_count for t in ev.tables.values()] == [7]


# ----------------------------------------------------------- hand-for-hand
def bubble_event(seed, n=30, seats=5):
    # 30 entrants, "flat" pays 6: hand-for-hand at 7 players on two tables.
    return event_of(n, seats=seats, seed=seed, payouts="flat", hand_for_hand=3)


def test_hand_for_hand_holds_every_table():
    rounds = 0
    for seed in range(6):
        ev = bubble_event(seed)
        ev.start()

        def check(table, record, ev=ev):
            nonlocal rounds
            if ev.hand_for_hand and ev._round:
                assert table.id not in ev.ready_tables()
                with pytest.raises(TableError, match="may not deal"):
                    ev.start_hand(table.id)
            if ev.hand_for_hand and not ev._round:
                rounds += 1

        play_event(ev, bots_for(ev, seed), on_hand=check)
    assert rounds > 0


def test_simultaneous_busts_across_tables_share_places():
    # Four players on two heads-up tables, three paid: hand-for-hand from the
    # start; everyone shoves, so both tables bust a player in the first round,
    # both with the starting stack: they tie for 3rd and share 3rd and 4th.
    ev = Event(EventSettings(1000, TURBO, seats=2, payouts=(50, 30, 20), hand_for_hand=1), rng=random.Random(1))
    for name in "abcd":
        ev.register(name)
    ev.start()
    assert ev.hand_for_hand and len(ev.tables) == 2
    play_event(ev, lambda name: shove, max_hands=2)
    third = [s for s in ev.standings if s.place == 3]
    assert len(third) == 2
    assert [s.prize for s in third] == [ev.prize_pool * 20 // 100 // 2] * 2


def bubble_round(monkeypatch, *, stacks, **settings):
    """Four players on two heads-up tables, three paid (50/30/20 of 400): hand-for-hand
    from the start. ``stacks[t]`` is (button, other) at table ``t`` when the round is dealt.
    Both buttons shove and both others call: at table 1 the other's 7c 2d loses to
    As Ah, at table 2 the other's 8h 3c loses to Kd Kh -- one bust at each table."""
    ev = Event(EventSettings(1000, TURBO, seats=2, payouts=(50, 30, 20), hand_for_hand=1, **settings), rng=random.Random(1))
    for name in ("Ann", "Bob", "Cy", "Dee"):
        ev.register(name)
    ev.start()
    assert ev.hand_for_hand
    busted = {}
    for t, (button_stack, other_stack) in stacks.items():
        table = ev.tables[t]
        button, other = (table._seats[seat] for seat in sorted(table._seats))
        table._first_button = button.seat
        button.stack, other.stack = button_stack, other_stack  # chips moved within the table: still 4000 in play
        busted[t] = other.name
    rig(monkeypatch, [
        rigged_deck(["7c 2d", "As Ah"], "Kd 9s 4c 3h Jc"),  # dealt left of the button first: the other, then the button
        rigged_deck(["8h 3c", "Kd Kh"], "Qs 9d 5c 4h 2s"),
    ])
    play_event(ev, lambda name: shove, max_hands=2)
    return ev, busted


def test_hand_for_hand_busts_at_different_tables_tie_whatever_their_stacks(monkeypatch):
    # Table 1's loser started the hand with 1000, table 2's with 200: they bust
    # in the same hand-for-hand round and tie for 3rd, sharing 3rd's 80 and 4th's 0.
    ev, busted = bubble_round(monkeypatch, stacks={1: (1000, 1000), 2: (1800, 200)})
    places = {s.name: (s.place, s.prize) for s in ev.standings}
    assert places[busted[1]] == places[busted[2]] == (3, 40)


def test_ranking_hand_for_hand_busts_by_chips_is_an_option(monkeypatch):
    ev, busted = bubble_round(
        monkeypatch, stacks={1: (1000, 1000), 2: (1800, 200)}, hand_for_hand_busts=HandForHandBusts.CHIPS
    )
    places = {s.name: (s.place, s.prize) for s in ev.standings}
    assert places[busted[1]] == (3, 80)
    assert places[busted[2]] == (4, 0)


def test_a_shared_prize_of_odd_units_gives_the_odd_unit_to_the_lower_table(monkeypatch):
    # A buy-in of 104: 3rd pays 83 (20% of 416), shared by the two busts: 42 to table 1, 41 to table 2.
    ev, busted = bubble_round(monkeypatch, stacks={1: (1000, 1000), 2: (1800, 200)}, buy_in=104)
    third = ev.payouts[2]
    assert third % 2 == 1
    prizes = {s.name: s.prize for s in ev.standings}
    assert (prizes[busted[1]], prizes[busted[2]]) == (third // 2 + 1, third // 2)


def test_busts_at_one_table_rank_by_chips_and_tie_with_busts_at_another_table_step_by_step():
    # One hand-for-hand round: table 1 loses Ann (900) and Cy (300), table 2 loses Bob (200).
    # At table 1 Ann, with more chips, finishes above Cy; Cy and Bob, each the first to go
    # at their table, tie. Places 49..51.
    assert tie_across_tables(49, [("Ann", 900, 1), ("Cy", 300, 1), ("Bob", 200, 2)]) == [(49, ["Ann"]), (50, ["Cy", "Bob"])]


def test_equal_stacks_busting_at_one_table_tie_in_a_hand_for_hand_round():
    assert tie_across_tables(7, [("Ann", 300, 1), ("Cy", 300, 1), ("Bob", 900, 2)]) == [(7, ["Ann", "Cy", "Bob"])]


def test_hand_for_hand_busts_accepts_only_tie_or_chips():
    with pytest.raises(TableError, match="hand_for_hand_busts must be one of tie, chips, got 'stacks'"):
        EventSettings(1000, TURBO, hand_for_hand_busts="stacks")


# ------------------------------------------------------------ chips, places
@pytest.mark.parametrize("seed", range(3))
def test_chips_are_conserved_after_every_hand(seed):
    ev = event_of(45, seats=9, seed=seed, late_registration=2, re_entries=1)
    ev.start()
    total = []

    def check(table, record):
        total.append(ev.total_chips == ev.entries * 1500)
        for p in [f"p{i}" for i in range(45)]:
            if ev.where(p) is None and ev.registration_open() and ev._entries_of[p] < 2:
                ev.register(p)  # re-entries while registration is open

    play_event(ev, bots_for(ev, seed), on_hand=check)
    assert all(total) and ev.entries > 45


def test_chips_not_conserved_is_an_error():
    ev = event_of(10)
    ev.start()
    next(iter(ev.tables.values()))._seats[next(iter(next(iter(ev.tables.values()))._seats))].stack += 1
    with pytest.raises(ChipsNotConserved):
        ev._check_chips()


def test_every_entry_gets_one_place_and_prizes_sum_to_the_prize_pool():
    ev = event_of(27, seed=3)
    ev.start()
    play_event(ev, bots_for(ev, 3))
    places = ev.standings
    assert len(places) == 27 and places[0].place == 1
    assert sum(s.prize for s in places) == ev.prize_pool


# ------------------------------------------------------------ registration
def test_late_registrants_are_drawn_into_a_shortest_table():
    ev = event_of(17, late_registration=1)
    ev.start()
    assert sorted(len(t.players) for t in ev.tables.values()) == [8, 9]
    table, _ = ev.register("late")
    assert len(ev.tables[table].players) == 9


def test_registration_closes_after_its_level():
    ev = event_of(10, levels=(Level(10, 20, hands=2), Level(20, 40, hands=2), Level(40, 80)), late_registration=1)
    ev.start()
    assert ev.register("early")
    play_event(ev, lambda name: fold_all, max_hands=4)  # two hands at each table: level 2
    with pytest.raises(TableError, match="registration is closed"):
        ev.register("late")


def fold_all(view):
    legal = view.legal
    return "p%d %s" % (view.player + 1, "cc" if legal.can_check else "f")


def test_re_entry_only_as_often_as_allowed():
    ev = event_of(3, re_entries=0, late_registration=5)
    ev.start()
    with pytest.raises(TableError, match="already in the event"):
        ev.register("p0")


# --------------------------------------------------------------- the clock
def timed_event(levels):
    ev = Event(EventSettings(1500, levels, seats=4), rng=random.Random(1))
    for i in range(8):
        ev.register(f"p{i}")
    ev.start(now=0.0)
    return ev


def test_a_level_change_applies_from_the_next_hand_at_each_table():
    ev = timed_event((Level(10, 20, minutes=5), Level(20, 40)))
    a, b = ev.tables
    ev.start_hand(a, now=299.0)
    ev.start_hand(b, now=301.0)
    assert ev.tables[a].current.hand.config.blinds == (10, 20)
    assert ev.tables[b].current.hand.config.blinds == (20, 40)


def test_the_clock_pauses_with_the_event():
    ev = timed_event((Level(10, 20, minutes=5), Level(20, 40)))
    ev.pause(now=100.0)
    assert ev.ready_tables(now=500.0) == ()
    ev.resume(now=1000.0)
    assert ev.clock(now=1000.0).index == 0
    assert ev.clock(now=1000.0).seconds_left == pytest.approx(200.0)


def test_no_hand_is_dealt_during_a_break():
    ev = timed_event((Level(10, 20, minutes=1), Break(5), Level(20, 40)))
    assert ev.ready_tables(now=90.0) == ()
    assert ev.resumes_at(90.0) == pytest.approx(360.0)
    assert ev.ready_tables(now=360.0)


def test_a_timed_event_plays_to_the_end_through_its_breaks():
    ev = timed_event(structure("turbo", timed=True))
    play_event(ev, bots_for(ev), seconds_per_hand=60.0)
    assert ev.is_over and any(e.kind == "level" and e.data["index"] > 6 for e in ev.log)


def test_a_finished_events_clock_stops_at_its_last_hands_level():
    # Over, it plays no level more: a page read an hour later says the level it ended at, not a
    # "level 9 ... 0:00" the clock ran on to (issue 37).
    ev = timed_event(structure("turbo", timed=True))
    play_event(ev, bots_for(ev), seconds_per_hand=60.0)
    last = max(e.data["index"] for e in ev.log if e.kind == "level")
    later = ev._now + 3600.0
    assert ev.clock(now=later).index == ev.clock(now=ev._now).index == last


# --------------------------------------------------------------- snapshots
def test_the_state_restores_an_event_that_plays_on_the_same():
    ev = event_of(27, seed=4)
    ev.start()
    play_event(ev, bots_for(ev, 4), max_hands=40)
    again = Event(ev.settings, rng=random.Random(99))
    again.restore_state(ev.state())
    decide = bots_for(ev, 8, "caller")
    play_event(ev, decide)
    play_event(again, decide)
    assert again.standings == ev.standings and again.moves == ev.moves


# ------------------------------------------------- tables dealing side by side
def play_out(record, decide):
    from pokerdealer.rules import Street

    hand = record.hand
    while not hand.is_complete and hand.street is not Street.SHOWDOWN:
        hand.apply(decide(hand.view(hand.actor)))


def test_a_table_in_a_hand_gives_up_no_player_until_its_hand_is_over():
    for seed in range(20):
        ev = event_of(18, seats=9, seed=seed)
        ev.start()
        a, b = ev.start_hand(1), ev.start_hand(2)
        play_out(a, shove)
        ev.finish_hand(1)
        if len(ev.tables[1].players) <= 6:  # 9 vs 6 or fewer: table 2 owes players
            break
    else:
        pytest.fail("no seed busted three players at table 1")
    assert ev.moves == [] and ev.where(b.players[0]) is not None
    assert set(b.players) <= {p.name for p in ev.tables[2].players}
    play_out(b, fold_all)
    ev.finish_hand(2)
    assert ev.moves and all(m.from_table == 2 and m.reason == "balance" for m in ev.moves)


def test_a_hand_may_not_start_at_a_table_already_in_a_hand():
    ev = event_of(18, seats=9)
    ev.start()
    ev.start_hand(1)
    assert ev.ready_tables() == (2,)
    with pytest.raises(TableError, match="may not deal"):
        ev.start_hand(1)


def test_a_re_entry_is_a_new_entry_with_a_full_stack_and_its_buy_in():
    ev = event_of(18, seats=6, late_registration=3, re_entries=1)
    ev.start()
    play_event(ev, lambda name: shove, max_hands=1)
    busted = [f"p{i}" for i in range(18) if ev.where(f"p{i}") is None]
    assert busted
    ev.register(busted[0])
    assert ev.entries == 19 and ev.prize_pool == 1900
    table, seat = ev.where(busted[0])
    assert ev.tables[table].player(busted[0]).stack == 1500
    assert ev.total_chips == 19 * 1500


def test_a_freezeout_refuses_a_busted_player():
    ev = event_of(18, seats=6, late_registration=3, re_entries=0)
    ev.start()
    play_event(ev, lambda name: shove, max_hands=1)
    busted = [f"p{i}" for i in range(18) if ev.where(f"p{i}") is None]
    with pytest.raises(TableError, match="no re-entry left"):
        ev.register(busted[0])


def test_late_registration_by_time_closes_when_its_level_is_over():
    ev = Event(EventSettings(1500, (Level(10, 20, minutes=10), Level(20, 40, minutes=10), Level(40, 80)), seats=4, late_registration=1), rng=random.Random(1))
    for i in range(4):
        ev.register(f"p{i}")
    ev.start(now=0.0)
    assert ev.register("on time", now=599.0)
    with pytest.raises(TableError, match="registration is closed"):
        ev.register("too late", now=601.0)


@pytest.mark.parametrize("seed", range(3))
def test_a_hand_for_hand_round_that_brings_the_field_down_to_one_table_ends_before_the_final_table(seed):
    # 40 entrants at 6 seats, 6 paid: hand-for-hand at 7 players on two tables; a bust at the
    # first table leaves 6 (one table's worth) while the second has still to play the round.
    ev = event_of(40, seats=6, seed=seed)
    ev.start()
    play_event(ev, bots_for(ev, seed))
    assert ev.is_over and any(e.kind == "final_table" for e in ev.log)


def test_one_table_may_deal_exactly_when_ready_tables_lists_it():
    # Each room table asks may_deal at each of its turns; it must agree with
    # ready_tables through hand-for-hand, breaks and tables breaking.
    checked = 0
    for seed in range(4):
        ev = bubble_event(seed)
        ev.start()

        def check(table, record, ev=ev):
            nonlocal checked
            ready = ev.ready_tables()
            for t in (*ev.tables, 99):
                assert ev.may_deal(t) == (t in ready), (t, ready)
                checked += 1

        play_event(ev, bots_for(ev, seed), on_hand=check)
    assert checked > 100


def test_table_in_play_is_the_table_of_tables_or_none():
    ev = event_of(18, seats=9)
    ev.start()
    assert [ev.table_in_play(t) for t in ev.tables] == list(ev.tables.values())
    assert ev.table_in_play(99) is None


def test_every_deal_counts_in_dealt():
    ev = event_of(18, seats=9)
    ev.start()
    ev.start_hand(1)
    ev.start_hand(2)
    assert ev.dealt == 2


def test_a_tables_seating_count_moves_whenever_its_own_players_change():
    """A follower redraws only the tables whose count moved (server/tournament.py
    ``LiveEvent.follow``): a table whose players changed with its count still must not exist."""
    ev = event_of(40)
    ev.start(now=0.0)
    seen = {t: (t.seating, set(t.stacks)) for t in ev.tables.values()}
    changed = 0

    def after(table, record):
        nonlocal changed
        for t in ev.tables.values():
            count, names = seen.get(t, (None, None))
            if count == t.seating:
                assert set(t.stacks) == names, f"table {t.id} changed players, not its seating count"
            elif count is not None:
                changed += 1
            seen[t] = (t.seating, set(t.stacks))

    play_event(ev, bots_for(ev), on_hand=after)
    assert changed > 0
