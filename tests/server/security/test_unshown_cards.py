"""Folded and mucked cards reach nobody but their owner (issue 12, part 1).

``Folder`` folds every hand; ``Opp`` and ``Mucker`` go to showdown, where the
room mucks a hand that cannot win. Every other reader -- the spectator, the
other players (websocket and HTTP), the anonymous reader -- must never be sent
those cards in any spelling, except where another hand the text is about made
the same card public (its board, a shown hand). The owner does get them: on
their own connection, and in their own downloads (the endpoints that take a
seat token).
"""

from __future__ import annotations

import json

from pokerdealer.cards import parse_card
from tests.server.security.listening import (
    HUMANS,
    SPECTATOR,
    Listening,
    Secret,
    find_leaks,
    leak_paths,
)
from tests.server.security.spelling import cards_named


def _folded(listening: Listening) -> list[Secret]:
    return [
        Secret("Folder", number, card, "folded")
        for number in sorted(listening.hands)
        for card in listening.unshown("Folder", number)
    ]


def _mucked(listening: Listening) -> list[Secret]:
    return [
        Secret(name, number, card, "mucked")
        for number, hand in sorted(listening.hands.items())
        for name in sorted(hand.mucked & set(HUMANS))
        for card in listening.unshown(name, number)
    ]


def _dealt_in(listening: Listening, name: str) -> set[int]:
    """The finished hands ``name`` was dealt into, as the spectator saw the table."""
    seat = listening.seats[name]
    out = set()
    for heard in listening.heard:
        if heard.reader == SPECTATOR and heard.where == "ws":
            msg = json.loads(heard.text)
            if msg["type"] == "state" and msg["hand"] and (msg["seats"][seat - 1] or {}).get("in_hand"):
                out.add(msg["hand"]["number"])
    return out & set(listening.hands)


def test_the_folder_folds_unshown_cards_in_every_hand(listening: Listening) -> None:
    folded = _folded(listening)
    hands = {s.hand for s in folded}
    assert len(hands) >= 3, f"the folder's cards are known in hands {sorted(hands)} only"
    assert hands == _dealt_in(listening, "Folder")
    for secret in folded:
        assert "Folder" not in listening.hands[secret.hand].shown


def test_a_seated_player_mucks_at_showdown(listening: Listening) -> None:
    assert _mucked(listening), {n: (h.shown, h.mucked) for n, h in listening.hands.items()}


def test_a_player_sees_their_own_cards_on_their_own_connection(listening: Listening) -> None:
    for name in HUMANS:
        dealt = _dealt_in(listening, name)
        own = {n: cards for n, cards in listening.own.get(name, {}).items() if n in listening.hands}
        assert dealt and set(own) == dealt, (name, sorted(dealt), sorted(own))
        for cards in own.values():
            # Cards travel as text ("As"): the spellings searched for are the protocol's.
            assert len({parse_card(c) for c in cards}) == 2


def test_a_player_gets_their_own_cards_in_their_own_download(listening: Listening) -> None:
    own_routes = {e.template for e in listening.endpoints if e.token_header}
    assert own_routes, "no GET endpoint takes a seat token: a player cannot download their own hand"
    for name in HUMANS:
        for number, cards in listening.own.get(name, {}).items():
            if number not in listening.hands:
                continue
            mine = [h for h in listening.heard if h.reader == name and h.route in own_routes and h.hands == {number}]
            assert any(set(cards) <= set(cards_named(h.text)) for h in mine), (name, number, [h.where for h in mine])


def test_folded_cards_reach_no_other_reader(listening: Listening) -> None:
    leaks = find_leaks(listening, _folded(listening))
    assert not leaks, f"{len(leaks)} leaks via {leak_paths(leaks)}; first: {leaks[:5]}"


def test_mucked_cards_reach_no_other_reader(listening: Listening) -> None:
    leaks = find_leaks(listening, _mucked(listening))
    assert not leaks, f"{len(leaks)} leaks via {leak_paths(leaks)}; first: {leaks[:5]}"
