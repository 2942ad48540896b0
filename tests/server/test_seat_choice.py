"""Sitting where you tap (issue 37), without a server: a seat asked for by number is
the seat taken, a seat taken or not at the table is refused in words, a request made
by tapping a seat is approved into that seat while it is free, and the host's own
member (joined with the host token) is never asked for a seat, then or after a bust."""

from __future__ import annotations

import json

import pytest

from pokerdealer.server import host
from pokerdealer.server.features import CASH
from pokerdealer.server.reducer import MemberInfo, TableState, new_state, reduce
from pokerdealer.server.settings import TableSettings
from pokerdealer.server.snapshot import restore, take
from pokerdealer.table import TableError


def table(*, approve: bool = False) -> TableState:
    """A table of six with Ann (member 1) at seat 2; Bob (2) and Cy (3) not seated."""
    state = new_state(TableSettings(seats=6, approve_players=approve), features=CASH, seed=1)
    for m, name in ((1, "Ann"), (2, "Bob"), (3, "Cy")):
        state = state.with_member(MemberInfo(m, name))
    return reduce(state, "sit_down", {"member": 1, "seat": 2, "buy_in": 200, "wait_bb": False}, 0.0)


def test_a_seat_asked_for_is_the_seat_taken() -> None:
    kind, data = host.seat_event(table(), 2, buy_in=200, seat=5)
    assert (kind, data["seat"]) == ("sit_down", 5)


def test_no_seat_asked_for_is_the_first_free_seat() -> None:
    assert host.seat_event(table(), 2, buy_in=200)[1]["seat"] == 1


def test_a_taken_seat_is_refused_naming_the_free_ones() -> None:
    with pytest.raises(TableError) as refused:
        host.seat_event(table(), 2, buy_in=200, seat=2)
    assert str(refused.value) == "seat 2 is taken: free seats are 1, 3, 4, 5, 6"
    assert refused.value.key == "room.error.seat_taken"


@pytest.mark.parametrize("seat", [0, 7])
def test_a_seat_the_table_has_not_is_refused_naming_its_seats(seat: int) -> None:
    with pytest.raises(TableError, match=f"there is no seat {seat} at this table: its seats are 1 to 6"):
        host.seat_event(table(), 2, buy_in=200, seat=seat)


def test_a_request_made_by_tapping_a_seat_is_approved_into_that_seat() -> None:
    state = reduce(table(approve=True), *host.seat_event(table(approve=True), 2, buy_in=200, seat=5), 0.0)
    outcome = host.command(reduce(state, "host", {"token_hash": "x"}, 0.0), {"command": "approve", "member": 2})
    assert outcome.events[0][1]["seat"] == 5 and outcome.told == [(2, "approved", {"seat": 5})]


def test_a_request_whose_seat_was_taken_meanwhile_is_approved_into_the_first_free_one() -> None:
    state = table(approve=True)
    state = reduce(state, *host.seat_event(state, 2, buy_in=200, seat=5), 0.0)
    state = reduce(state, "sit_down", {"member": 3, "seat": 5, "buy_in": 200, "wait_bb": False}, 0.0)
    outcome = host.command(reduce(state, "host", {"token_hash": "x"}, 0.0), {"command": "approve", "member": 2})
    assert outcome.told == [(2, "approved", {"seat": 1})]


def test_the_host_joining_with_the_host_token_sits_at_once_at_a_table_that_approves_players() -> None:
    state = table(approve=True)
    assert host.seat_event(state, 2, buy_in=200, seat=4)[0] == "seat_request"
    assert host.seat_event(state, 2, buy_in=200, seat=4, hosts=True)[0] == "sit_down"


def test_the_hosts_own_member_sits_at_once_again_after_a_bust() -> None:
    """Ann joined with the host token (``host_member``); she busts (leaves with 0) and sits down again."""
    state = reduce(table(approve=True), *host.own_member_event(1), 0.0)
    state = reduce(state, "leave", {"member": 1, "chips": 0}, 0.0)
    assert host.seat_event(state, 1, buy_in=200, seat=2)[0] == "sit_down"
    assert host.seat_event(state, 2, buy_in=200, seat=3)[0] == "seat_request"  # Bob still asks


def test_the_hosts_own_members_and_the_seats_asked_for_are_kept_in_the_snapshot() -> None:
    state = table(approve=True)
    state = reduce(state, *host.own_member_event(1), 0.0)
    state = reduce(state, *host.seat_event(state, 2, buy_in=200, seat=5), 0.0)
    data = json.loads(json.dumps(take(state)))
    again = restore(new_state(TableSettings(seats=6, approve_players=True), features=CASH), {"seq": 5, "hands": 0, "data": data})
    assert (host.host_of(again).own, dict(host.host_of(again).wanted)) == (frozenset({1}), {2: 5})


def test_a_snapshot_from_before_seats_were_tapped_is_read() -> None:
    data = take(table())
    del data["host"]["own"], data["host"]["wanted"]
    again = restore(new_state(TableSettings(seats=6), features=CASH), {"seq": 2, "hands": 0, "data": data})
    assert (host.host_of(again).own, dict(host.host_of(again).wanted)) == (frozenset(), {})
