"""Tournaments in the room (server/tournament.py): events played to their winner through the
API and the room's tables -- the host's pause, the levels, late registration, the bubble, a
start time -- and what a spectator hears. Restarts are in test_tournament_restart.py, re-entry
in test_tournament_reentry.py, refused requests in test_tournament_requests.py."""

from __future__ import annotations

import contextlib
import json
import sqlite3
import time
from pathlib import Path
from typing import Any

from tests.patience import Patience
from tests.server.conftest import Client, Server
from tests.server.tournaments import (
    BUY_IN,
    STACK,
    between_hands,
    chips,
    create,
    host,
    me,
    register,
    state,
    until,
)


def test_a_small_event_is_played_to_its_winner_at_the_room_tables(tmp_path: Path) -> None:
    # Two people who never act (their clock runs out, then they are sat out: dealt in and
    # folded, TDA 2024 30) and four bots, on tables of four seats: two tables of three, then the final table.
    server = Server(tmp_path / "room.db", extra=("--grace", "0.3")).start()
    try:
        ev = create(server, max_entrants=6, seats=4, level_seconds=3, clock=2,
                    bots=["caller", "tight", "random", "caller"])
        tokens = {name: register(server, ev["id"], name) for name in ("Ann", "Bob")}
        assert me(server, ev["id"], tokens["Ann"])["status"] == "registered"
        assert host(server, ev, "start").status_code == 200
        # Paused while they connect (the hands in play end, no next one): a busy machine took
        # longer to connect them than the bots took to bust a player.
        assert host(server, ev, "pause").status_code == 200
        s = state(server, ev["id"])
        assert [len(t["players"]) for t in s["tables"]] == [3, 3]
        ann = me(server, ev["id"], tokens["Ann"])
        assert ann["table"] == s["room_tables"][str(ann_table(s, "Ann"))] and ann["seat_token"] == tokens["Ann"]
        # Their tokens open their seats at those room tables; they stay connected (and never act).
        clients = {}
        for name, token in tokens.items():
            mine = me(server, ev["id"], token)
            c = clients[name] = Client(server, mine["table"], mine["seat_token"])
            welcome = c.next_of("welcome")
            assert welcome["name"] == name and not welcome["spectator"]
            strip = c.until(lambda st: st.get("event") is not None)["event"]
            assert strip["players_left"] == 6 and 1 <= strip["ranks"][name] <= 6
        assert host(server, ev, "resume").status_code == 200
        patience = Patience(240)
        seen_rooms = set(s["room_tables"].values())
        while s["status"] != "finished":
            assert not patience.over(), f"not finished in {patience}: {s}"
            assert chips(s) == 6 * STACK
            seen_rooms |= set(s["room_tables"].values())
            for c in clients.values():
                # Read what has come (a reader too slow is cut off); a table of bots never falls
                # quiet, so read for a moment, not until quiet.
                c.poll(0.05, at_most=0.25)
            s = state(server, ev["id"])
        assert chips(s) == 6 * STACK
        seen_rooms |= set(s["room_tables"].values())
        places = sorted(p["place"] for p in s["standings"])
        assert places == [1, 2, 3, 4, 5, 6]
        assert sum(p["prize"] for p in s["standings"]) == s["prize_pool"] == 6 * BUY_IN
        assert any(m["reason"] == "final_table" for m in s["moves"])
        # The final table was drawn anew: a room table of its own, besides the two of the start.
        assert len(seen_rooms) >= 3
        drawn = {m["player"] for m in s["moves"] if m["reason"] == "final_table"}
        for name, token in tokens.items():
            mine = me(server, ev["id"], token)
            place = next(p for p in s["standings"] if p["name"] == name)
            assert (mine["place"], mine["prize"]) == (place["place"], place["prize"])
            if mine["moved"] is not None:
                # Their browser was told where to go: the room table /me names.
                told = [m for m in clients[name].messages if m["type"] == "moved"]
                assert told and told[-1]["table"] == mine["moved"]["to"] and told[-1]["key"].startswith("room.event.moved.")
        # The final table is drawn anew: whoever of them it drew was moved and told so (both may
        # have been out before it, never having acted: CI once saw that).
        assert all(me(server, ev["id"], tokens[name])["moved"] is not None for name in drawn & set(tokens))
        csv = server.get(f"/api/tournaments/{ev['id']}/standings.csv").content.decode("utf-8-sig").splitlines()
        assert csv[0] == "Place,Player,Prize" and len(csv) == 7
        for c in clients.values():
            c.close()
        # Over, its row is closed: a restart does not rebuild it, but it is still read on demand, unchanged.
        server.stop()
        server = Server(tmp_path / "room.db", port=server.port, extra=("--grace", "0.3")).start()
        with contextlib.closing(sqlite3.connect(tmp_path / "room.db")) as conn:
            assert conn.execute("SELECT closed FROM tables WHERE id = ?", (ev["id"],)).fetchone() == (1,)
        again = state(server, ev["id"])
        for key in ("status", "standings", "moves", "hands", "prize_pool"):
            assert again[key] == s[key], key
    finally:
        server.stop()


def ann_table(s: dict[str, Any], name: str) -> int:
    return next(t["table"] for t in s["tables"] for p in t["players"] if p["name"] == name)


def test_the_tournament_endpoints_carry_no_card_and_no_other_players_token(server: Server) -> None:
    ev = create(server, max_entrants=4, seats=4, level_seconds=60, bots=["caller", "caller"])
    tokens = {name: register(server, ev["id"], name) for name in ("Ann", "Bob")}
    host(server, ev, "start")
    until(lambda: any(t["in_hand"] for t in state(server, ev["id"])["tables"]))  # cards out
    public = server.get(f"/api/tournaments/{ev['id']}").text + server.get(f"/api/tournaments/{ev['id']}/standings.csv").text
    for word in ("cards", "deck", "salt", "hash", "token", ev["host_token"], *tokens.values()):
        assert word not in public
    ann = json.dumps(me(server, ev["id"], tokens["Ann"]))
    assert tokens["Bob"] not in ann and "cards" not in ann and ev["host_token"] not in ann


def test_cash_moves_are_refused_at_a_tournament_table(server: Server) -> None:
    ev = create(server, max_entrants=4, seats=4, level_seconds=60, bots=["caller", "caller"])
    token = register(server, ev["id"], "Ann")
    host(server, ev, "start")
    mine = me(server, ev["id"], token)
    c = Client(server, mine["table"], mine["seat_token"])
    try:
        c.next_of("welcome")
        c.send(type="leave")
        error = c.next_of("error")
        assert error["key"] == "room.event.error.cash_only"
        # The home-game rules are a cash table's (issue 39): a show after the hand, a rabbit hunt.
        for msg in ({"type": "show", "cards": "both"}, {"type": "rabbit_hunt"}, {"type": "run_it_twice", "agree": True}):
            c.send(**msg)
            assert c.next_of("error")["key"] == "room.event.error.cash_only"
    finally:
        c.close()


def test_the_host_pauses_the_clock_and_the_dealing_and_resumes_them(server: Server) -> None:
    ev = create(server, max_entrants=6, seats=3, level_seconds=60, bots=["caller"] * 6)
    host(server, ev, "start")
    until(lambda: state(server, ev["id"])["hands"] >= 1)
    assert host(server, ev, "pause").status_code == 200
    # The hands in play finish; then nothing moves, however long we look.
    s1 = until(lambda: between_hands(server, ev["id"]))
    time.sleep(2)
    s2 = state(server, ev["id"])
    assert s1["status"] == s2["status"] == "paused"
    assert s2["hands"] == s1["hands"] and s2["clock"]["seconds_left"] == s1["clock"]["seconds_left"]
    r = host(server, ev, "pause")
    assert r.status_code == 400 and r.json()["key"] == "room.event.error.not_running"
    assert host(server, ev, "resume").status_code == 200
    def dealing_again() -> dict[str, Any] | None:
        s = state(server, ev["id"])
        return s if s["hands"] > s2["hands"] and s["clock"]["seconds_left"] < s2["clock"]["seconds_left"] else None

    s3 = until(dealing_again)
    assert s3["status"] == "running"


def test_a_tournament_tables_stakes_between_hands_are_the_level_its_next_hand_is_dealt_at(server: Server) -> None:
    ev = create(server, max_entrants=4, seats=4, level_seconds=2, clock=5, bots=["caller"] * 4)
    host(server, ev, "start")
    until(lambda: state(server, ev["id"])["clock"]["level"] >= 3, 30)
    assert host(server, ev, "pause").status_code == 200  # the hand in play ends; no next one
    table = next(iter(state(server, ev["id"])["room_tables"].values()))
    spectator = Client(server, table)
    try:
        st = spectator.until(lambda x: x.get("hand") is None and x.get("event") is not None, timeout=30)
        level = st["event"]["blinds"]
        assert level["big_blind"] > 20  # past the first level (10/20), which the table's settings hold
        assert st["table"]["blinds"] == [level["small_blind"], level["big_blind"]]
        assert st["table"]["ante"] == level["ante"]
    finally:
        spectator.close()


def test_a_late_registrant_is_seated_at_once_with_a_starting_stack(server: Server) -> None:
    ev = create(server, max_entrants=8, seats=4, level_seconds=60, late_registration=2, bots=["caller"] * 4)
    host(server, ev, "start")
    token = register(server, ev["id"], "Late")
    mine = me(server, ev["id"], token)
    assert mine["status"] == "playing" and mine["table"] and mine["seat"]
    s = state(server, ev["id"])
    assert s["entries"] == 5 and s["prize_pool"] == 5 * BUY_IN and chips(s) == 5 * STACK
    c = Client(server, mine["table"], token)
    try:
        assert not c.next_of("welcome")["spectator"]
        assert c.until(lambda st: any(r and r["name"] == "Late" for r in st["seats"]))
    finally:
        c.close()


def test_the_bubble_is_played_hand_for_hand_across_the_room_tables_to_the_end(server: Server) -> None:
    # Nine on three tables of three, three paid: at four left on two tables every table plays
    # one hand and waits for the others (the room wakes them when the round is over).
    # The turbo's first four levels (the bubble comes in them), then blinds that end the heads-up
    # in a few hands: turbo's own levels took 15-20 s more of caller against random, and a break.
    levels = [{"small_blind": sb, "big_blind": 2 * sb, "ante": ante, "seconds": 3}
              for sb, ante in ((10, 0), (15, 0), (25, 0), (50, 100), (200, 400), (500, 1000), (1000, 2000))]
    ev = create(server, max_entrants=9, seats=3, levels=levels, payouts="standard",
                bots=["caller", "random", "caller"] * 3)
    host(server, ev, "start")
    s = state(server, ev["id"])
    watchers = [Client(server, room) for room in s["room_tables"].values()]
    seen = False
    try:
        patience = Patience(240)
        while s["status"] != "finished":
            assert not patience.over(), f"not finished in {patience}: {s}"
            for w in watchers:
                with contextlib.suppress(TimeoutError):
                    w.poll(0.05, at_most=0.1)  # a table of bots never falls quiet
                seen = seen or any(m.get("event", {}).get("hand_for_hand") for m in w.messages if m["type"] == "state")
            s = state(server, ev["id"])
        assert seen, "no table ever played hand-for-hand"
        assert len(s["payouts"]) == 3
        assert sum(p["prize"] for p in s["standings"]) == s["prize_pool"] == 9 * BUY_IN
        assert chips(s) == 9 * STACK
    finally:
        for w in watchers:
            w.close()


def test_a_six_handed_events_final_table_is_a_room_table_of_seven_seats(server: Server) -> None:
    # Twelve bots at two tables of six: at seven left the final table is drawn, seven seats
    # (TDA RP-9), and the room table that plays it has seven seats for them.
    ev = create(server, max_entrants=12, seats=6, level_seconds=3, bots=["caller", "random"] * 6)
    host(server, ev, "start")

    def one_table() -> dict[str, Any] | None:
        got = state(server, ev["id"])
        return got if len(got["tables"]) == 1 or got["status"] == "finished" else None

    s = until(one_table, timeout=240)
    final = [m for m in s["moves"] if m["reason"] == "final_table"]
    assert 2 <= len(final) <= 7
    watcher = Client(server, s["room_tables"][str(final[0]["to"])])
    try:
        table = watcher.next_of("state")["table"]
        assert table["seats"] == 7
    finally:
        watcher.close()


def test_a_tournament_with_a_start_time_starts_by_itself(server: Server) -> None:
    # Not before its time: a state read back before the start time says "registering". The
    # start is 2 s ahead, further on a machine too busy to read it back within that.
    for lead in (2, 8, 32, 128, 512):
        start_at = time.time() + lead
        ev = create(server, max_entrants=4, level_seconds=60, bots=["caller"], start_at=start_at)
        token = register(server, ev["id"], "Ann")
        status = state(server, ev["id"])["status"]
        if time.time() < start_at:
            break
    assert status == "registering"
    # Then at its time, by itself.
    until(lambda: state(server, ev["id"])["status"] != "registering", lead + 20)
    assert me(server, ev["id"], token)["status"] == "playing"


def test_a_spectator_at_a_tournament_table_hears_no_card_of_a_player_that_was_not_shown(server: Server) -> None:
    # Ann never acts: the clock checks or folds for her, so her cards are shown only at a showdown.
    from tests.server.security.spelling import cards_named

    ev = create(server, max_entrants=4, seats=4, level_seconds=60, clock=1, bots=["caller", "tight", "random"])
    token = register(server, ev["id"], "Ann")
    assert host(server, ev, "start").status_code == 200
    mine = me(server, ev["id"], token)
    ann = Client(server, mine["table"], mine["seat_token"])
    spectator = Client(server, mine["table"])
    try:
        seat = ann.until(lambda s: s.get("you") is not None and s["you"].get("seat") is not None)["you"]["seat"]
        own: dict[int, set[str]] = {}
        patience = Patience(60)
        read = 0
        while len(own) < 3 and not patience.over():
            # Bounded reads: its bots deal on without a pause, and a read until quiet took the whole minute.
            ann.poll(0.3, at_most=1.0)
            spectator.poll(0.05, at_most=0.5)
            for text in ann.raw[read:]:  # every frame she got, not only the last of a poll
                read += 1
                s = json.loads(text)
                row = s["seats"][seat - 1] if s.get("type") == "state" and s.get("hand") else None
                if row and row.get("cards"):
                    own[s["hand"]["number"]] = set(row["cards"])
                    assert own[s["hand"]["number"]] <= set(cards_named(text))  # the finder reads them
        assert len(own) >= 2, "Ann was dealt too few hands to listen to"
        spectator.poll(1.0, at_most=2.0)
        heard = 0
        for text in spectator.raw:
            msg = json.loads(text)
            if msg.get("type") != "state":
                continue
            hand, last = msg.get("hand") or {}, msg.get("last_hand") or {}
            about = {n for n in (hand.get("number"), last.get("number")) if n is not None}
            public = set(hand.get("board") or ()) | set(last.get("board") or ())
            public |= {c for o in last.get("order", ()) for c in (o.get("cards") or ())}
            named = cards_named(text)
            for number in about & set(own):
                heard += 1
                assert not (own[number] & set(named)) - public, f"hand {number}: {own[number] & set(named)}"
        assert heard > 0
    finally:
        ann.close()
        spectator.close()


def test_another_tables_hand_sends_this_tables_readers_the_event_strip_alone(server: Server) -> None:
    # Eight bots at two tables of four: a hand finished at one table changes the field
    # (players left, average, places, ranks), not the other table, whose readers get the strip.
    ev = create(server, max_entrants=8, seats=4, level_seconds=60, clock=5, bots=["caller", "tight", "random", "caller"] * 2)
    assert host(server, ev, "start").status_code == 200
    room_tables = sorted(state(server, ev["id"])["room_tables"].values())
    spectator = Client(server, room_tables[0])
    try:
        strip = spectator.next_of("event", timeout=60)
        assert "seats" not in strip and "you" not in strip  # nothing of the table, nobody's cards
        ev_now = strip["event"]
        assert ev_now["id"] == ev["id"] and set(ev_now) >= {"players_left", "average", "places", "ranks", "level"}
        assert sorted(ev_now["ranks"].values())[0] >= 1 and max(ev_now["ranks"].values()) <= ev_now["players_left"]
    finally:
        spectator.close()


def test_the_field_news_is_told_at_once_then_at_most_once_every_field_every_seconds() -> None:
    # Every table hears of the hands finished elsewhere; after every hand, that made the
    # room's work grow with the square of the field (issue 29).
    from pokerdealer.server.tournament import FieldNews

    news = FieldNews(every=1.0)
    assert news.due(5.0) == (False, None)  # nothing finished: nothing to tell
    news.hand_ended("a")
    assert news.due(10.0) == (True, "a")  # at once; table a told its own readers
    news.hand_ended("b")
    news.hand_ended("c")
    assert news.due(10.5) == (False, None)  # half a second later: held
    assert news.due(11.0) == (True, None)  # two tables' hands: everyone hears them together
    assert news.due(13.0) == (False, None)  # and only once


def test_the_tournament_pages_state_is_encoded_once_a_change_and_never_stale(server: Server) -> None:
    # The page's state is kept encoded between changes of the event (public_text):
    # a registration, the start and a hand each show in the very next read.
    ev = create(server, max_entrants=10, level_seconds=60, clock=5)
    before = state(server, ev["id"])
    register(server, ev["id"], "Ann")
    register(server, ev["id"], "Bob")
    registered = state(server, ev["id"])
    assert registered["entries"] == before["entries"] + 2 and registered["registered"] == ["Ann", "Bob"]
    assert host(server, ev, "start").status_code == 200
    started = state(server, ev["id"])
    assert started["status"] == "running" and sorted(p["name"] for t in started["tables"] for p in t["players"]) == ["Ann", "Bob"]
    assert started["clock"]["level"] == 1 and started["registration"]["open"] is False


def test_a_players_rank_is_one_more_than_the_stacks_bigger_than_theirs() -> None:
    import random

    from pokerdealer.server.event_views import ChipCounts

    rng = random.Random(7)
    for _ in range(200):
        stacks = [rng.choice((0, 50, 100, 100, 250, 1000)) for _ in range(rng.randint(1, 30))]
        field = ChipCounts()
        field.rows = sorted((-s, f"p{i}", 1, i) for i, s in enumerate(stacks))
        for s in stacks:
            assert field.rank(s) == 1 + sum(1 for x in stacks if x > s)
