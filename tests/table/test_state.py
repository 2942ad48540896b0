"""A cash table's state between hands (CashTable.state / restore_state): a table
restored from it deals on exactly as the one that played on, and a table may
keep only its last hands in memory."""

from __future__ import annotations

import json
import random

import pytest

from pokerdealer.rules import Street
from pokerdealer.table import ButtonRule, CashGameSettings, CashTable, SeatStatus, TableError

from .helpers import random_player


def _between_hands(table: CashTable, rng: random.Random, names) -> None:  # noqa: ANN001
    """Random joins, leaves, sitting out and back, top-ups (as test_sessions does)."""
    if table.free_seats and (len(table.stacks) < 3 or rng.random() < 0.2):
        seat = rng.choice(table.free_seats)
        name = next(names)
        low, high = table.buy_in_range(name)
        table.sit_down(name, rng.randint(low, high), seat=seat, wait_for_big_blind=rng.random() < 0.5)
    for player in table.players:
        roll = rng.random()
        if roll < 0.04 and len(table.stacks) > 2:
            table.leave(player.name)
        elif roll < 0.08 and player.status is SeatStatus.ACTIVE:
            table.sit_out(player.name)
        elif roll < 0.2 and player.status is SeatStatus.SITTING_OUT:
            table.sit_in(player.name, post=rng.random() < 0.5)
        elif roll < 0.24 and player.stack < 200:
            table.top_up(player.name, rng.randint(1, 200 - player.stack))


def _drive(table: CashTable, rng: random.Random, hands: int, names) -> list[tuple]:  # noqa: ANN001
    """Play ``hands`` rounds; what each dealt hand and the seats after it were."""
    decide = random_player(rng)
    seen = []
    for _ in range(hands):
        _between_hands(table, rng, names)
        try:
            record = table.start_hand()
        except TableError:
            seen.append(("no hand", table.players))
            continue
        hand = record.hand
        while not hand.is_complete:
            if hand.street is Street.SHOWDOWN:
                hand.auto_showdown()
                break
            hand.apply(decide(hand.view(hand.actor)))
        table.finish_hand()
        seen.append(
            (record.number, record.seats, record.positions, record.posts, hand.config, hand.deck,
             tuple(hand.log), table.players, table.positions)
        )
    return seen


def _twin(table: CashTable, settings: CashGameSettings) -> CashTable:
    """A new table from ``table``'s state (through JSON, as the room stores it),
    with a copy of its RNG."""
    rng = random.Random()
    rng.setstate(table._rng.getstate())  # noqa: SLF001 - the RNG is the owner's, not the state's
    twin = CashTable(settings, rng=rng)
    twin.restore_state(json.loads(json.dumps(table.state())))
    return twin


@pytest.mark.parametrize("rule", [ButtonRule.DEAD, ButtonRule.FORWARD_MOVING])
@pytest.mark.parametrize("seed", range(5))
def test_a_table_restored_from_its_state_deals_on_identically(rule: ButtonRule, seed: int) -> None:
    settings = CashGameSettings(1, 2, 40, 200, button_rule=rule, seats=6, rathole_seconds=3600)
    table = CashTable(settings, rng=random.Random(seed))
    world = random.Random(f"world{seed}")
    forks = 0
    for round_ in range(40):
        _drive(table, world, world.randint(0, 6), iter(f"p{round_}-{i}" for i in range(100)))
        twin = _twin(table, settings)
        assert twin.state() == table.state()
        ahead = world.getstate()
        names = [f"q{round_}-{i}" for i in range(100)]
        mine = _drive(table, random.Random(str(ahead)), 8, iter(names))
        theirs = _drive(twin, random.Random(str(ahead)), 8, iter(names))
        assert theirs == mine
        forks += sum(1 for h in mine if h[0] != "no hand")
    assert forks > 200 and table.hands_played > 300


def test_the_state_is_taken_only_between_hands() -> None:
    table = CashTable(CashGameSettings(1, 2, 40, 200), rng=random.Random(1))
    table.sit_down("ann", 100)
    table.sit_down("bob", 100)
    state = table.state()
    table.start_hand()
    with pytest.raises(TableError, match="hand 1 is in play"):
        table.state()
    with pytest.raises(TableError, match="hand 1 is in play"):
        table.restore_state(state)


@pytest.mark.parametrize(
    "broken",
    [{}, {"hands_played": 1, "prev": None, "seats": [[9, "ann", 100, "active", False, False, False, False]], "left": []},
     {"hands_played": 1, "prev": None, "seats": [[1, "ann", 100, "dozing", False, False, False, False]], "left": []},
     {"hands_played": 1, "prev": [1, 2], "seats": [], "left": []}],
)
def test_a_bad_state_is_refused_and_changes_nothing(broken: dict) -> None:
    table = CashTable(CashGameSettings(1, 2, 40, 200, seats=6), rng=random.Random(1))
    table.sit_down("cat", 100)
    before = table.state()
    with pytest.raises(TableError, match="not a cash table state"):
        table.restore_state(broken)
    assert table.state() == before


def test_a_table_keeps_only_its_last_hands_when_asked() -> None:
    table = CashTable(CashGameSettings(1, 2, 40, 200, seats=6), rng=random.Random(4), keep_hands=5)
    world = random.Random(4)
    _drive(table, world, 60, iter(f"p{i}" for i in range(1000)))
    assert table.hands_played > 40
    assert [r.number for r in table.hands] == list(range(table.hands_played - 4, table.hands_played + 1))
    assert all(number > table.hands_played - 5 for number, _ in table.busted)


def test_keep_hands_must_keep_one() -> None:
    with pytest.raises(TableError, match="keep_hands must be at least 1"):
        CashTable(CashGameSettings(1, 2, 40, 200), keep_hands=0)
