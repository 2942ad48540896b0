"""Other secrets of the room: seat tokens, and the deck of a hand in play."""

from __future__ import annotations

from tests.server.security.listening import HUMANS, Listening, Secret, find_leaks, leak_paths


def test_a_seat_token_is_sent_only_in_its_join_response(listening: Listening) -> None:
    for name in HUMANS:
        token = listening.tokens[name]
        where = [
            (h.reader, h.where) for h in listening.heard
            if token in h.text and not (h.reader == name and h.where == "join")
        ]
        assert not where, f"{name}'s seat token was sent to {where[:5]}"
        assert any(token in h.text for h in listening.heard if h.reader == name and h.where == "join")


def test_no_card_of_the_hand_in_play_is_sent_before_the_rules_show_it(listening: Listening) -> None:
    """The deck order of a hand in play is never sent: while a hand is played nobody,
    seated or not, is sent a board card before it is dealt or another player's hole
    card. (What is about another, finished hand is the unshown-card tests' business:
    a finished hand's deck holds every card.)"""
    checked = 0
    leaks: list[str] = []
    for heard in listening.heard:
        view = heard.during_play()
        if view is None or view.in_play not in listening.hands:
            continue
        number = view.in_play
        secrets = [Secret("", number, c, "undealt board card") for c in listening.hands[number].board if c not in view.board]
        secrets += [
            Secret(name, number, c, "hole card")
            for name in HUMANS
            for c in listening.own.get(name, {}).get(number, ())
        ]
        checked += any(s.why == "undealt board card" for s in secrets)
        leaks += find_leaks(listening, secrets, texts=[view])
    assert checked >= 20, f"only {checked} texts were received before the river"
    assert not leaks, f"{len(leaks)} leaks via {leak_paths(leaks)}; first: {leaks[:5]}"
