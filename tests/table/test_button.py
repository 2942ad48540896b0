"""Button and blind movement between hands (RULES.md §1.2, §1.3), as pure rules."""

from __future__ import annotations

import pytest

from pokerdealer.table import ButtonRule, Positions, TableError, first_positions, next_positions

DEAD, FORWARD = ButtonRule.DEAD, ButtonRule.FORWARD_MOVING
SIX = Positions(button=1, small_blind=2, big_blind=3)


def test_first_hand_button_then_next_two_dealt_in_seats_post():
    assert first_positions([2, 4, 9], 9) == Positions(9, 2, 4)


def test_heads_up_button_posts_the_small_blind():
    assert first_positions([3, 7], 7) == Positions(7, 7, 3)


@pytest.mark.parametrize("rule", [DEAD, FORWARD])
def test_normal_movement_is_one_seat_clockwise(rule):
    assert next_positions(rule, SIX, [1, 2, 3, 4, 5, 6]) == Positions(2, 3, 4)


def test_dead_button_big_blind_busts_no_small_blind_then_dead_button():
    """Appendix B 3: BB busts -> no SB next hand, button on the former SB;
    the following hand the button is dead on the empty seat."""
    dealt = [1, 2, 4, 5, 6]
    nxt = next_positions(DEAD, SIX, dealt)
    assert nxt == Positions(button=2, small_blind=3, big_blind=4, small_blind_dead=True)
    assert next_positions(DEAD, nxt, dealt) == Positions(3, 4, 5)


def test_dead_button_small_blind_busts_button_dead_on_its_seat():
    assert next_positions(DEAD, SIX, [1, 3, 4, 5, 6]) == Positions(2, 3, 4)


def test_dead_button_button_busts_normal_movement():
    assert next_positions(DEAD, SIX, [2, 3, 4, 5, 6]) == Positions(2, 3, 4)


def test_forward_moving_big_blind_busts_utg_posts_only_the_small_blind():
    """Appendix B 4: seat 4 (UTG) posts the SB and skips the BB this orbit."""
    assert next_positions(FORWARD, SIX, [1, 2, 4, 5, 6]) == Positions(2, 4, 5)


@pytest.mark.parametrize("rule", [DEAD, FORWARD])
@pytest.mark.parametrize(
    ("dealt", "button", "big_blind"),
    [([2, 3], 3, 2), ([1, 3], 3, 1), ([1, 2], 2, 1)],
    ids=["button-busts", "small-blind-busts", "big-blind-busts"],
)
def test_three_to_two_never_gives_the_big_blind_twice(rule, dealt, button, big_blind):
    """Appendix B 2 (RULES.md §1.3a, TDA 34-B): seats 1, 2, 3 with button 1."""
    nxt = next_positions(rule, Positions(1, 2, 3), dealt)
    assert nxt == Positions(button, button, big_blind)
    assert nxt.big_blind != 3


@pytest.mark.parametrize("rule", [DEAD, FORWARD])
def test_heads_up_big_blind_alternates(rule):
    pos = first_positions([4, 8], 4)
    seen = []
    for _ in range(6):
        pos = next_positions(rule, pos, [4, 8])
        seen.append(pos.big_blind)
    assert seen == [4, 8, 4, 8, 4, 8]


def test_forward_moving_without_heads_up_adjustment_can_repeat_big_blind():
    """RULES.md §1.3b: the plain forward-moving button contradicts TDA 34-B
    (the button busts, seat 3 gets the big blind twice); the adjustment fixes it."""
    plain = next_positions(FORWARD, Positions(1, 2, 3), [2, 3], heads_up_no_double_bb=False)
    assert plain == Positions(2, 2, 3)
    assert next_positions(FORWARD, Positions(1, 2, 3), [2, 3]) == Positions(3, 3, 2)


def test_heads_up_to_three_button_never_on_the_big_blind():
    # heads-up, button/SB at 1, BB at 5; a player joins at 3 (between them).
    for rule in (DEAD, FORWARD):
        nxt = next_positions(rule, Positions(1, 1, 5), [1, 3, 5])
        assert nxt.big_blind == 1 and nxt.small_blind == 5 and nxt.button == 3


def test_a_hand_needs_two_players():
    with pytest.raises(TableError):
        next_positions(DEAD, SIX, [4])


def test_forward_moving_heads_up_to_three_big_blind_moves_to_the_next_seat():
    """§1.2/§1.3b: from heads-up the big blind moves on one dealt-in seat (as it
    does heads-up), the small blind and button sit right behind it: a newcomer
    just after the big blind gets it at once, nobody has it twice or is skipped."""
    # heads-up: button/SB 1, BB 4; a newcomer at 5, just after the big blind.
    assert next_positions(FORWARD, Positions(1, 1, 4), [1, 4, 5]) == Positions(1, 4, 5)
    # ... or at 2, between the button and the big blind: seat 1 (due) has it first.
    assert next_positions(FORWARD, Positions(1, 1, 4), [1, 2, 4]) == Positions(2, 4, 1)
    # The same big blind as under DEAD.
    for dealt in ([1, 4, 5], [1, 2, 4]):
        assert (
            next_positions(FORWARD, Positions(1, 1, 4), dealt).big_blind
            == next_positions(DEAD, Positions(1, 1, 4), dealt).big_blind
        )
