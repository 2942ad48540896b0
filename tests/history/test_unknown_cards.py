"""Unknown cards are never invented (issue 24): a hand a history does not state
(``sm ????``, a PokerStars loser who mucked) cannot win with made-up cards, and
a pot decided at a showdown is never said to be uncontested."""

from __future__ import annotations

import pytest

from pokerdealer.cards import parse_cards
from pokerdealer.history import dumps, loads
from pokerdealer.history.convert import hand_to_history, history_to_hand
from pokerdealer.history.pokerstars import history_to_pokerstars
from pokerdealer.history.pokerstars_read import read_pokerstars
from pokerdealer.rules import RuleOptions
from pokerdealer.table.awards import award_stories

#: Three players, 100 each, blinds 1/2: the button p3 moves all-in, the small blind
#: p1 calls, the big blind p2 folds. Board Kc 8h 3c 2s 9d. Nobody's cards are dealt known.
ALL_IN = ["d dh p1 ????", "d dh p2 ????", "d dh p3 ????", "p3 cbr 100", "p1 cc", "p2 f",
          "d db Kc8h3c", "d db 2s", "d db 9d"]


def phh(actions):
    quoted = ", ".join(f'"{a}"' for a in actions)
    return loads(
        'variant = "NT"\nantes = [0, 0, 0]\nblinds_or_straddles = [1, 2, 0]\nmin_bet = 2\n'
        f"starting_stacks = [100, 100, 100]\nactions = [{quoted}]\n"
    )


def pokerkit_stacks(history):
    """What PokerKit makes of the same file (it is a test dependency)."""
    from pokerkit import HandHistory

    state = None
    for state in HandHistory.loads(dumps(history)):
        pass
    return tuple(int(s) for s in state.stacks)


def test_an_unknown_hand_cannot_win_against_a_shown_one():
    # p1 shows 7c 2d (a pair of twos); p3's cards are never stated. Stand-in cards
    # for p3 could be anything (three threes, once): the known pair wins.
    history = phh(ALL_IN + ["p1 sm 7c2d", "p3 sm ????"])
    replay = history_to_hand(history)
    assert replay.hand.stacks == (202, 98, 0) == pokerkit_stacks(history)
    assert replay.hand.unknown == (1, 2)  # the folded p2 too
    assert any(w.key == "replay.tolerated.unknown_hole" for _, w in replay.warnings)


def test_unknown_hands_split_a_pot_no_known_hand_is_in():
    history = phh(ALL_IN + ["p1 sm ????", "p3 sm ????"])
    replay = history_to_hand(history)
    assert replay.hand.stacks == (101, 98, 101) == pokerkit_stacks(history)
    (story,) = award_stories(replay.hand)
    assert story.text("en") == "no hand here is known (p1 and p3): the pot is split between them"


def test_repeated_unknown_show_lines_of_all_in_players_are_accepted_as_pokerkit_accepts_them():
    # Handhq data shows each all-in hand as ???? when the betting ends, then again at the showdown.
    lines = ALL_IN[:6] + ["p1 sm ????", "p3 sm ????"] + ALL_IN[6:]
    for ending, stacks in ((["p1 sm ????", "p3 sm ????"], (101, 98, 101)), (["p1 sm 7c2d", "p3 sm ????"], (202, 98, 0))):
        history = phh(lines + ending)
        assert history_to_hand(history).hand.stacks == stacks == pokerkit_stacks(history)


def test_a_second_line_after_a_shown_hand_is_still_refused():
    history = phh(ALL_IN[:6] + ["p1 sm 7c2d", "p3 sm ????"] + ALL_IN[6:] + ["p1 sm 7c2d"])
    with pytest.raises(Exception, match="each player shows or mucks once"):
        history_to_hand(history)


def test_stand_in_cards_are_never_written_as_a_players():
    replay = history_to_hand(phh(ALL_IN + ["p1 sm 7c2d", "p3 sm ????"]))
    stand_in = "".join(map(str, replay.hand.hole_cards[2]))
    written = hand_to_history(replay.hand)
    assert "d dh p3 ????" in written.actions and "p3 sm ????" in written.actions
    assert stand_in not in dumps(written)
    text = history_to_pokerstars(replay.history, reveal_all=True)
    assert " ".join(map(str, replay.hand.hole_cards[2])) not in text
    assert "Seat 3: p3 (button) mucked" in text and "p1: shows [7c 2d]" in text


POKERSTARS = """PokerStars Hand #1:  Hold'em No Limit (1/2) - 2024/05/17 21:09:07 UTC [2024/05/17 17:09:07 ET]
Table 'pokerdealer' 2-max Seat #1 is the button
Seat 1: Ann (100 in chips)
Seat 2: Bob (100 in chips)
Ann: posts small blind 1
Bob: posts big blind 2
*** HOLE CARDS ***
Ann: raises 98 to 100 and is all-in
Bob: calls 98 and is all-in
*** FLOP *** [Kc 8h 3c]
*** TURN *** [Kc 8h 3c] [2d]
*** RIVER *** [Kc 8h 3c 2d] [9d]
*** SHOW DOWN ***
Ann: shows [As Ad] (a pair of Aces)
Bob: mucks hand
Ann collected 200 from pot
*** SUMMARY ***
Total pot 200 | Rake 0
Board [Kc 8h 3c 2d 9d]
Seat 1: Ann (button) showed [As Ad] and won (200) with a pair of Aces
Seat 2: Bob (big blind) mucked{cards}
"""


def test_a_pokerstars_summary_mucked_line_gives_the_real_cards():
    (history,) = read_pokerstars(POKERSTARS.format(cards=" [Qh 2s]"))
    replay = history_to_hand(history)
    assert replay.hand.hole_cards[0] == parse_cards("Qh 2s") and replay.hand.unknown == ()
    assert replay.check == "match"


def test_a_pokerstars_loser_who_mucked_unseen_cannot_win_with_made_up_cards():
    (history,) = read_pokerstars(POKERSTARS.format(cards=""))
    replay = history_to_hand(history)
    assert replay.hand.unknown == (0,)  # Bob, the big blind, is p1
    assert replay.check == "match" and replay.hand.stacks == (0, 200)


def test_a_pot_decided_at_showdown_is_never_labelled_uncontested():
    # PokerKit's rules kill a beaten hand before the pot is pushed: the pot's
    # eligible list then holds the winner alone; the story still compares the hands.
    history = phh(["d dh p1 AsAd", "d dh p2 7c2h", "d dh p3 KsKd"] + ALL_IN[3:] + ["p3 sm KsKd", "p1 sm AsAd"])
    replay = history_to_hand(history, options=RuleOptions.pokerkit())
    (story,) = award_stories(replay.hand)
    assert story.how == "showdown" and story.contenders == (0, 2)
    assert story.text("en") == "p3 wins: three kings beats a pair of aces (p1)"
