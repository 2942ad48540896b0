"""The tournament page's data, a player's strip and the standings CSV
(server/event_views.py), on events played with play_event and caught mid-way."""

from __future__ import annotations

import csv
import io
import json
import random
import re

import pytest

from pokerdealer.bots import make_bots
from pokerdealer.server.csv_out import csv_cell
from pokerdealer.server.event_views import (
    ChipCounts,
    PublicText,
    player_view,
    public_state,
    standings_csv,
)
from pokerdealer.table import Level, TableError
from pokerdealer.table.event import Event, EventSettings, play_event
from pokerdealer.table.play import check_or_fold as passive
from pokerdealer.table.structures import Break, structure
from pokerdealer.table.tournament import Standing
from tests.server.security.spelling import cards_named

TURBO = structure("turbo", timed=False)
_CARD = re.compile(r"(?:[2-9TJQKA][cdhs])+")
_SECRET_KEYS = {"rng", "token", "player_token", "seat_token", "host_token", "deck", "hole_cards", "cards", "seed"}


def shove(view):
    legal = view.legal
    return ("p%d cbr %d" % (view.player + 1, legal.max_raise_to)) if legal.max_raise_to else "p%d cc" % (view.player + 1)


def check_or_fold(view):
    return "p%d %s" % (view.player + 1, "cc" if view.legal.can_check else "f")


def event_of(n, *, seats=9, seed=1, names=None, **kw):
    kw.setdefault("levels", TURBO)
    ev = Event(EventSettings(kw.pop("stack", 1500), seats=seats, **kw), rng=random.Random(seed))
    for name in names or [f"p{i}" for i in range(n)]:
        ev.register(name)
    return ev


def bots_for(ev, seed=1):
    players = [p.name for t in ev.tables.values() for p in t.players]
    bots = dict(zip(players, make_bots("random,tight,caller", len(players), random.Random(seed))))
    return lambda name: bots[name].act


def timed_event(levels, n=6, seats=6, **kw):
    ev = Event(EventSettings(1000, levels, seats=seats, **kw), rng=random.Random(1))
    for i in range(n):
        ev.register(f"p{i}")
    ev.start(now=0.0)
    return ev


def heads_up_bubble(names="abcd"):
    # Four players on two heads-up tables, three paid: hand-for-hand from the start.
    ev = Event(EventSettings(1000, TURBO, seats=2, payouts=(50, 30, 20), hand_for_hand=1), rng=random.Random(1))
    for name in names:
        ev.register(name)
    ev.start()
    return ev


def walk(value, path=()):
    """Every (path, key-or-string) in a JSON value."""
    if isinstance(value, dict):
        for k, v in value.items():
            yield path, k
            yield from walk(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from walk(v, (*path, i))
    elif isinstance(value, str):
        yield path, value


def assert_secret_free(state, cards=()):
    text = json.dumps(state, allow_nan=False)  # JSON-ready, or this raises
    for path, s in walk(state):
        assert s not in _SECRET_KEYS, path
        assert not _CARD.fullmatch(s), (path, s)
    # No card at all, in any spelling (As, A♠, [As Kd], ...): the page shows none.
    named = cards_named(text)
    assert not named, named
    assert all(card not in named for card in cards)


# ------------------------------------------------------------------ statuses
def test_a_registering_event_lists_its_entrants_and_a_whole_first_level():
    ev = Event(EventSettings(1000, structure("turbo", timed=True), seats=6), rng=random.Random(1))
    for name in ("Ann", "Bob", "Cy"):
        ev.register(name)
    s = public_state(ev, now=12345.0, name="Friday", starts_at=20000.0)
    assert (s["name"], s["status"], s["starts_at"]) == ("Friday", "registering", 20000.0)
    assert s["registered"] == ["Ann", "Bob", "Cy"] and s["entries"] == 3 and s["tables"] == []
    assert s["clock"]["level"] == 1 and s["clock"]["seconds_left"] == 6 * 60
    assert s["clock"]["next"] == {"level": 2, "small_blind": 15, "big_blind": 30, "ante": 0, "ante_type": "none"}
    assert s["registration"]["open"] is True and s["average_stack"] == 1000


def test_a_running_event_shows_every_table_and_chip_counts_biggest_first():
    ev = event_of(20, seats=9)
    ev.start()
    play_event(ev, bots_for(ev), max_hands=30)
    s = public_state(ev, now=None)
    assert s["status"] == "running"
    seated = {(p["name"], t["table"], p["seat"], p["stack"]) for t in s["tables"] for p in t["players"]}
    assert seated == {(p.name, t.id, p.seat, p.stack) for t in ev.tables.values() for p in t.players}
    stacks = [c["stack"] for c in s["chip_counts"]]
    assert stacks == sorted(stacks, reverse=True) and [c["rank"] for c in s["chip_counts"]] == list(range(1, len(stacks) + 1))
    assert s["players_left"] == ev.alive == len(stacks)
    assert s["average_stack"] == round(sum(stacks) / len(stacks))


def test_a_paused_event_says_paused_and_its_clock_stands_still():
    ev = timed_event((Level(10, 20, minutes=5), Level(20, 40)))
    ev.pause(now=100.0)
    early, late = public_state(ev, now=150.0), public_state(ev, now=900.0)
    assert early["status"] == late["status"] == "paused"
    assert early["clock"]["seconds_left"] == late["clock"]["seconds_left"] == 200.0
    assert late["clock"]["paused"] is True


def test_a_break_says_break_with_the_time_left_and_the_next_level():
    ev = timed_event((Level(10, 20, minutes=1), Break(5), Level(20, 40, 40)))
    s = public_state(ev, now=90.0)
    assert s["status"] == "break" and s["clock"]["on_break"] is True
    assert s["clock"]["seconds_left"] == 270.0 and s["clock"]["level"] == 1
    assert s["clock"]["big_blind"] is None
    assert s["clock"]["next"] == {"level": 2, "small_blind": 20, "big_blind": 40, "ante": 40, "ante_type": "big_blind"}


def test_the_clock_counts_down_to_the_next_level_and_the_next_break():
    ev = timed_event((Level(10, 20, minutes=2), Level(15, 30, minutes=3), Break(5), Level(20, 40)))
    c = public_state(ev, now=30.0)["clock"]
    assert c["seconds_left"] == 90.0 and c["next_break_in"] == 90.0 + 180.0
    assert (c["small_blind"], c["big_blind"], c["ante_type"]) == (10, 20, "none")


def test_levels_by_hands_count_the_hands_left():
    ev = event_of(6, seats=6)
    ev.start()
    play_event(ev, lambda name: lambda view: "p%d cc" % (view.player + 1), max_hands=3)
    c = public_state(ev, now=None)["clock"]
    assert c["hands_left"] == TURBO[0].hands - 3 and c["seconds_left"] is None and c["next_break_in"] is None


def test_hand_for_hand_is_flagged():
    ev = heads_up_bubble()
    assert public_state(ev, now=None)["hand_for_hand"] is True
    far = event_of(12, seats=6, payouts=(50, 30, 20))
    far.start()
    assert public_state(far, now=None)["hand_for_hand"] is False


def test_a_finished_event_has_every_place_and_prizes_that_sum_to_the_pool():
    ev = event_of(27, seats=9)
    ev.start()
    play_event(ev, bots_for(ev))
    s = public_state(ev, now=None)
    assert s["status"] == "finished" and s["players_left"] == 1
    assert sorted(p["place"] for p in s["standings"])[0] == 1 and len(s["standings"]) == 27
    assert sum(p["prize"] for p in s["payouts"]) == s["prize_pool"] == 27 * 100
    assert sum(p["prize"] for p in s["standings"]) == s["prize_pool"]
    assert [p["place"] for p in s["payouts"]] == list(range(1, len(s["payouts"]) + 1))


# ------------------------------------------------------------------ ties, moves
def test_players_busted_together_share_a_place_and_its_prizes():
    ev = heads_up_bubble()
    play_event(ev, lambda name: shove, max_hands=2)
    s = public_state(ev, now=None)
    third = [p for p in s["standings"] if p["place"] == 3]
    assert len(third) == 2 and third[0]["prize"] == third[1]["prize"] == s["prize_pool"] * 20 // 100 // 2


def test_moves_are_listed_latest_first_with_their_reason():
    ev = event_of(40, seats=6, seed=2)
    ev.start()
    play_event(ev, bots_for(ev, 2))
    assert {m.reason for m in ev.moves} == {"balance", "break", "final_table"}
    moves = public_state(ev, now=None, recent_moves=500)["moves"]
    assert moves and {m["reason"] for m in moves} <= {"balance", "break", "final_table"}
    assert [m["hand"] for m in moves] == sorted((m["hand"] for m in moves), reverse=True)
    assert moves[0] == {"hand": ev.moves[-1].hand, "player": ev.moves[-1].player, "from": ev.moves[-1].from_table,
                        "to": ev.moves[-1].to_table, "seat": ev.moves[-1].seat, "reason": ev.moves[-1].reason}
    assert len(public_state(ev, now=None)["moves"]) == min(12, len(ev.moves))


# ------------------------------------------------------------------ secrets
def test_the_state_mid_hand_carries_no_card_and_no_secret():
    ev = event_of(12, seats=6)
    ev.start()
    play_event(ev, bots_for(ev), max_hands=5)
    table = ev.ready_tables()[0]
    record = ev.start_hand(table)
    cards = [str(c) for hole in record.hand.hole_cards for c in hole]
    assert cards  # the hand in play has hole cards to hide
    s = public_state(ev, now=None)
    assert_secret_free(s, cards)
    assert any(t["in_hand"] for t in s["tables"])
    for p in ev.tables[table].players:
        assert_secret_free(player_view(ev, p.name, now=None), cards)


def test_a_played_event_shows_no_card_it_dealt():
    ev = event_of(14, seats=6)
    ev.start()
    dealt: set[str] = set()
    play_event(ev, bots_for(ev), on_hand=lambda t, r: dealt.update(str(c) for hole in r.hand.hole_cards for c in hole))
    assert_secret_free(public_state(ev, now=None, recent_moves=100), sorted(dealt))


# ------------------------------------------------------------------ a player's strip
def test_a_player_in_play_sees_their_table_seat_and_stack():
    ev = event_of(14, seats=6)
    ev.start()
    play_event(ev, bots_for(ev), max_hands=10)
    name = ev.tables[min(ev.tables)].players[0].name
    v = player_view(ev, name, now=None)
    table, seat = ev.where(name)
    assert (v["state"], v["table"], v["seat"], v["stack"]) == ("playing", table, seat, ev.tables[table].stacks[name])
    assert v["players_left"] == ev.alive and v["clock"]["level"] >= 1 and v["place"] is None


def test_every_player_sees_their_place_and_prize_once_the_event_is_over():
    ev = event_of(14, seats=6)
    ev.start()
    play_event(ev, bots_for(ev))
    for s in ev.standings:
        v = player_view(ev, s.name, now=None)
        assert (v["state"], v["place"], v["prize"], v["table"]) == ("out", s.place, s.prize, None)


def test_a_re_entered_player_sees_their_latest_entry():
    ev = event_of(5, seats=6, re_entries=1, late_registration=3)
    ev.start()
    # Two players shove, the others fold or check: one of the two busts, three look on.
    play_event(ev, lambda name: shove if name in ("p0", "p1") else check_or_fold, max_hands=1)
    assert ev.alive == 4
    busted = ev.standings[-1].name
    assert player_view(ev, busted, now=None)["state"] == "out"
    ev.register(busted)
    assert player_view(ev, busted, now=None)["state"] == "playing"


def test_a_registered_player_waits_for_the_start_and_a_stranger_is_refused():
    ev = event_of(3)
    assert player_view(ev, "p1", now=None)["state"] == "registered"
    with pytest.raises(TableError, match="not registered"):
        player_view(ev, "nobody", now=None)
    ev.start()
    with pytest.raises(TableError, match="not in this event"):
        player_view(ev, "nobody", now=None)


# ------------------------------------------------------------------ CSV
def test_the_csv_is_rfc_4180_and_reads_back_the_standings():
    names = ['Ann, "the rock"', "Bob\nSmith", "李四", "Di"]
    ev = heads_up_bubble(names)
    play_event(ev, lambda name: shove)
    text = standings_csv(ev)
    assert text.endswith("\r\n") and "\r\n" in text.rstrip("\r\n")
    assert '"Ann, ""the rock"""' in text  # a quote doubled inside a quoted field
    rows = list(csv.reader(io.StringIO(text, newline="")))
    assert rows[0] == ["Place", "Player", "Prize"]
    assert [(int(p), n, int(z)) for p, n, z in rows[1:]] == [(s.place, s.name, s.prize) for s in ev.standings]


def test_tied_players_share_a_place_in_the_csv():
    ev = heads_up_bubble()
    play_event(ev, lambda name: shove, max_hands=2)
    rows = list(csv.reader(io.StringIO(standings_csv(ev), newline="")))[1:]
    assert [r[0] for r in rows].count("3") == 2 and len({r[2] for r in rows if r[0] == "3"}) == 1


@pytest.mark.parametrize("name", ["=1+1", "+SUM(A1)", "-2+3", "@cmd", "=HYPERLINK(\"http://x\")"])
def test_a_name_a_spreadsheet_would_run_is_neutralised(name):
    ev = heads_up_bubble([name, "b", "c", "d"])
    play_event(ev, lambda name: shove)
    cells = [r[1] for r in csv.reader(io.StringIO(standings_csv(ev), newline=""))]
    assert "'" + name in cells and name not in cells


def test_numbers_and_plain_names_are_left_as_they_are():
    assert (csv_cell(3), csv_cell("Ann"), csv_cell("a=b")) == ("3", "Ann", "a=b")


# ------------------------------------------------------------------ kept between changes
def mixed(name):
    """Half the field shoves, half checks or folds: busts, breaks, balancing and a final table come fast."""
    return shove if name[-1] in "02468" else check_or_fold


def fresh_standings(ev):
    """The places as the event's rule gives them now, not as kept."""
    return ev._standings_now(ev._out)


def test_the_page_state_kept_by_parts_is_a_fresh_build_after_every_hand_bust_move_and_entry():
    # PublicText keeps each table's part, the chip counts, the standings and the payouts
    # between changes; after each hand (busts, moves, tables broken, the final table, late
    # entries) what it sends must be what a fresh build says, whole or cut to the TV's lists.
    ev = event_of(40, seats=6, seed=2, late_registration=3, hand_for_hand=3)
    ev.start()
    kept = PublicText()
    late = iter(f"late{i}" for i in range(5))
    seen = {"checks": 0, "entries": 0, "moves": 0, "busts": 0}

    def check(*_):
        for counts, standings in ((None, None), (5, 3), (0, 0)):
            text = kept.text(ev, now=None, name="F", counts=counts, standings=standings, extra={"id": "x"})
            fresh = public_state(ev, now=None, name="F", counts=counts, standings=standings)
            assert json.loads(text) == {**fresh, "id": "x"}, (counts, standings, seen)
        assert ev.standings == fresh_standings(ev)
        seen["checks"] += 1
        if seen["checks"] % 5 == 0 and seen["entries"] < 5 and ev.registration_open():
            ev.register(next(late))  # a late entry: a seat drawn at the shortest table
            seen["entries"] += 1
            text = kept.text(ev, now=None, name="F")
            assert json.loads(text) == public_state(ev, now=None, name="F")
        seen["moves"], seen["busts"] = len(ev.moves), len(ev.standings)

    check()
    play_event(ev, mixed, on_hand=check)
    assert ev.is_over and seen["entries"] >= 2 and seen["moves"] > 5 and seen["busts"] == ev.entries
    assert {m.reason for m in ev.moves} >= {"balance", "break", "final_table"}


def test_a_hand_in_play_shows_on_the_kept_page_state_and_its_end_too():
    ev = event_of(12, seats=6)
    ev.start()
    kept = PublicText()
    before = json.loads(kept.text(ev, now=None))
    record = ev.start_hand(1)
    during = json.loads(kept.text(ev, now=None))
    assert during == public_state(ev, now=None) and during != before
    assert [t["in_hand"] for t in during["tables"]] == [True, False]
    assert during["tables"][0]["button"] == record.positions.button
    hand = record.hand
    while not hand.is_complete and hand.street.value != "showdown":
        hand.apply(passive(hand.view(hand.actor)))
    ev.finish_hand(1)
    assert json.loads(kept.text(ev, now=None)) == public_state(ev, now=None)


def test_the_chip_counts_kept_between_changes_are_the_fields_sorted_anew():
    ev = event_of(30, seats=6, seed=3)
    ev.start()
    counts = ChipCounts()

    def check(*_):
        counts.update(ev)
        fresh = sorted((-p.stack, p.name, t.id, p.seat) for t in ev.tables.values() for p in t.players)
        assert counts.rows == fresh
        for stack in {-r[0] for r in fresh} | {0, 10**9}:
            assert counts.rank(stack) == 1 + sum(1 for r in fresh if -r[0] > stack)

    check()
    earlier = ev.state()
    play_event(ev, mixed, on_hand=check, max_hands=60)
    assert len(ev.broken) > len(earlier["broken"])  # the restore brings back a table broken since
    later = ev.state()
    ev.restore_state(earlier)  # every table drawn anew: the tables of then, not those broken since
    check()
    ev.restore_state(later)  # and back: the table that broke is gone again
    check()
    play_event(ev, mixed, on_hand=check)
    assert ev.is_over and len(counts.rows) == 1


def test_the_standings_are_worked_out_once_a_change():
    ev = event_of(20, seats=6, seed=4)
    ev.start()
    play_event(ev, mixed, max_hands=15)
    first = ev.standings
    assert first and ev.standings is first  # asked again without a change: the same places
    assert all(isinstance(s, Standing) for s in first)
