"""Running it twice in the room (issue 39, server/run_it_twice.py), without a
server: the table's events reduced, the hands written out in cards."""

from __future__ import annotations

import asyncio
import math

import pytest

from pokerdealer.errors import PokerDealerError
from pokerdealer.server import host, run_it_twice
from pokerdealer.server.conns import Command
from pokerdealer.server.fair import DeckCommitment, public_positions
from pokerdealer.server.live import LiveTable
from pokerdealer.server.protocol import ProtocolError, parse
from pokerdealer.server.settings import HOME_RULES, TableSettings
from pokerdealer.server.views import showdown_summary
from pokerdealer.server.words import Said
from pokerdealer.table import TableError
from tests.server.home_rules import act, apply, dealt, end, hand_of, member
from tests.server.test_reducer import _room

THREE = {"Ann": 101, "Bob": 100, "Cy": 100}  # Ann's button, Bob's small blind, Cy's big blind


def _all_in(**options: bool) -> object:
    """Ann (A♥A♦) all in for 101, Bob folds his small blind, Cy (K♥K♦) calls all in:
    a pot of 201, Ann's last chip back. First run 2♣ 7♦ 9♠ J♥ 3♣ (Ann's aces), second
    K♠ 8♦ 4♠ 5♣ 6♥ (Cy's set)."""
    state = dealt(TableSettings(run_it_twice=True, **options), THREE, {"Ann": "Ah Ad", "Cy": "Kh Kd"},
                  "2c 7d 9s Jh 3c", second="Ks 8d 4s 5c 6h")
    return act(state, "p1 cbr 101", "p2 f", "p3 cc")


def test_the_home_rules_are_checked_table_settings_off_by_default() -> None:
    settings = TableSettings.from_dict({"run_it_twice": True, "rabbit_hunt": True, "bomb_pot_every": 5,
                                        "bomb_pot_ante": 6, "seven_deuce": 10})
    cash = settings.cash_settings()
    assert (cash.run_it_twice, cash.bomb_pot_every, cash.bomb_pot_ante, cash.seven_deuce) == (True, 5, 6, 10)
    assert [getattr(TableSettings(), k) for k in HOME_RULES] == [False, False, 0, 0, 0]
    with pytest.raises(TableError, match="run_it_twice must be true or false"):
        TableSettings.from_dict({"run_it_twice": "yes"})
    with pytest.raises(TableError, match="seven_deuce must be a whole number from 0 to"):
        TableSettings.from_dict({"seven_deuce": -1})
    assert set(HOME_RULES) <= set(host.HOST_SETTINGS)


def test_every_player_still_in_is_asked_and_the_hands_are_turned_up() -> None:
    state = _all_in()
    assert run_it_twice.public(state) == {"run_twice": {"hand": 1, "asked": [3, 1], "agreed": []}}
    assert hand_of(state).actor is None and set(hand_of(state).shown) == {0, 2}
    state = apply(state, run_it_twice.message(state, member(state, "Cy"), {"agree": True}))
    assert run_it_twice.public(state)["run_twice"] == {"hand": 1, "asked": [1], "agreed": [3]}
    assert state.said[-1][3] == {"key": "room.log.runs_twice", "params": {}}


def test_a_pot_that_does_not_halve_gives_its_odd_chip_to_the_first_run() -> None:
    state = _all_in()
    for name in ("Cy", "Ann"):
        state = apply(state, run_it_twice.message(state, member(state, name), {"agree": True}))
    assert run_it_twice.public(state) == {"run_twice": None}
    state = end(state)
    assert state.table.stacks == {"Ann": 102, "Bob": 99, "Cy": 100}
    summary = showdown_summary(state.table.hands[-1], None)
    assert summary["boards"] == [["2c", "7d", "9s", "Jh", "3c"], ["Ks", "8d", "4s", "5c", "6h"]]
    assert [(a["label"], a["run"], a["amount"], [w["name"] for w in a["winners"]]) for a in summary["awards"]] == [
        ("pot", 0, 101, ["Ann"]), ("pot", 1, 100, ["Cy"])]


def test_one_no_runs_the_board_once_and_the_second_run_stays_face_down() -> None:
    state = _all_in()
    state = apply(state, run_it_twice.message(state, member(state, "Ann"), {"agree": False}))
    state = end(state)
    hand = hand_of(state)
    assert len(hand.boards) == 1 and state.table.stacks == {"Ann": 202, "Bob": 99}  # Cy busted
    assert state.said[-1][3] == {"key": "room.log.runs_once", "params": {}}
    # The deck proof opens the board dealt and the hands shown, none of the second run's cards.
    deck = [str(c) for c in hand.deck]
    opened = {deck[p] for p in public_positions(hand)}
    assert opened == {"Ah", "Ad", "Kh", "Kd", "2c", "7d", "9s", "Jh", "3c"}


def test_the_deck_proof_opens_both_runs_of_a_hand_run_twice() -> None:
    state = _all_in()
    for name in ("Ann", "Cy"):
        state = apply(state, run_it_twice.message(state, member(state, name), {"agree": True}))
    hand = hand_of(state)
    deck = [str(c) for c in hand.deck]
    assert {deck[p] for p in public_positions(hand)} == {
        "Ah", "Ad", "Kh", "Kd", "2c", "7d", "9s", "Jh", "3c", "Ks", "8d", "4s", "5c", "6h"}
    committed = DeckCommitment.draw(hand.deck)
    assert sum(1 for leaf in committed.reveal(public_positions(hand)) if ":" in leaf) == 14


def test_side_pots_run_twice_are_each_halved_between_the_runs() -> None:
    # Ann 50 (A♠A♣), Bob 100 (K♠K♣), Cy 100 (Q♠Q♣): all in before the flop. Run one 2♦ 3♥ 8♣ 9♦ J♠
    # gives both pots to Ann's aces -- but she can win only the main pot; the side pot of
    # Bob and Cy goes to Bob's kings. Run two Q♦ 4♥ 5♣ 7♠ T♥ gives both to Cy's set.
    stacks = {"Ann": 50, "Bob": 100, "Cy": 100}
    state = dealt(TableSettings(run_it_twice=True), stacks, {"Ann": "As Ac", "Bob": "Ks Kc", "Cy": "Qs Qc"},
                  "2d 3h 8c 9d Js", second="Qd 4h 5c 7s Th")
    state = act(state, "p1 cbr 50", "p2 cbr 100", "p3 cc")
    assert run_it_twice.public(state)["run_twice"]["asked"] == [2, 3, 1]
    for name in ("Bob", "Cy", "Ann"):
        state = apply(state, run_it_twice.message(state, member(state, name), {"agree": True}))
    state = end(state)
    summary = showdown_summary(state.table.hands[-1], None)
    assert [(a["label"], a["run"], a["amount"], [w["name"] for w in a["winners"]]) for a in summary["awards"]] == [
        ("main", 0, 75, ["Ann"]), ("side 1", 0, 50, ["Bob"]), ("main", 1, 75, ["Cy"]), ("side 1", 1, 50, ["Cy"])]
    assert state.table.stacks == {"Ann": 75, "Bob": 50, "Cy": 125}


def test_an_answer_is_refused_when_nobody_is_asked_or_by_a_player_not_asked() -> None:
    state = dealt(TableSettings(run_it_twice=True), THREE, {})
    with pytest.raises(Said, match="nobody is asked whether to run it twice now"):
        run_it_twice.message(state, member(state, "Ann"), {"agree": True})
    state = _all_in()
    with pytest.raises(PokerDealerError, match="Bob: only Cy, Ann still say whether to run it twice"):
        run_it_twice.message(state, member(state, "Bob"), {"agree": True})  # he folded
    with pytest.raises(ProtocolError, match="agree must be true or false"):
        parse('{"type": "run_it_twice", "agree": 1}')


def test_a_bot_agrees_and_a_player_sitting_out_says_no() -> None:
    state = _all_in()
    record = state.table.current
    assert run_it_twice.due(state, record) == []  # people: they answer themselves
    state = dealt(TableSettings(run_it_twice=True), THREE, {"Ann": "Ah Ad", "Cy": "Kh Kd"}, bots=("Cy",))
    state = act(state, "p1 cbr 101", "p2 f", "p3 cc")
    record = state.table.current
    assert run_it_twice.due(state, record) == [("act", {"hand": 1, "a": "p3 runs 2"})]
    state = apply(state, [("sit_out", {"member": member(state, "Ann")})])
    assert run_it_twice.due(state, record) == [("act", {"hand": 1, "a": "p1 runs 1"})]


def test_the_clock_running_out_on_the_question_runs_the_board_once() -> None:
    async def play() -> LiveTable:
        lt = LiveTable(_room(7), "t1", TableSettings(run_it_twice=True, seats=2), seed=7, created_at=0.0)  # type: ignore[arg-type]
        await lt._do([host.new_token()[1]])
        await lt._handle(Command("bot_setup", None, {"bots": ["caller"]}))
        future = asyncio.get_running_loop().create_future()
        await lt._handle(Command("join", None, {"name": "Ann", "buy_in": 200}, future))
        await lt._advance()
        record = lt.table.current
        assert record is not None
        while not record.hand.run_twice_pending:  # Ann shoves, the caller calls
            hand = record.hand
            ann = hand.config.players.index("Ann")
            assert hand.actor == ann
            await lt._act(record, hand.check_action(f"p{ann + 1} cbr {hand.legal().max_raise_to}"))
            await lt._advance()
        assert lt.clock_left() is not None and lt.clock_left() > 0  # the bot agreed; Ann has the clock
        assert [a.kind for a in record.hand.log][-1] == "runs"
        lt.turn_started = -math.inf
        await lt._advance()
        assert record.hand.is_complete and len(record.hand.boards) == 1
        assert str(record.hand.log[-1]).endswith("runs 1")
        return lt

    asyncio.run(play())
