"""A cash table as a reduced state, with hands dealt from chosen cards: the
home-game rules' tests without a server (issue 39).

>>> state = dealt(TableSettings(), {"Ann": 100, "Bob": 100}, {"Ann": "Ah Ad"})
>>> [str(c) for c in hand_of(state).hole_cards[player(state, "Ann")]]
['Ah', 'Ad']
"""

from __future__ import annotations

from typing import Any

from pokerdealer.cards import deck_cards, parse_cards
from pokerdealer.rules import Hand, deck_for_deal
from pokerdealer.server.features import CASH
from pokerdealer.server.fair import DeckCommitment
from pokerdealer.server.reducer import Event, MemberInfo, TableState, finish, new_state, reduce
from pokerdealer.server.settings import TableSettings

__all__ = ["act", "apply", "dealt", "end", "hand_of", "member", "player", "seated"]


def seated(settings: TableSettings, stacks: dict[str, int], *, bots: tuple[str, ...] = ()) -> TableState:
    """A table playing by ``settings`` with a member per name (ids from 1, in order; the
    ``bots`` are bots), each seated in turn with their stack."""
    state = new_state(settings, seed=1, features=CASH)
    for k, name in enumerate(stacks, start=1):
        state = state.with_member(MemberInfo(k, name, bot="caller" if name in bots else None))
    for k, (name, stack) in enumerate(stacks.items(), start=1):
        state = reduce(state, "sit_down", {"member": k, "seat": k, "buy_in": stack, "wait_bb": False}, 0.0)
    return state


def _start(state: TableState, deck: str, number: int, bomb_pot: bool) -> TableState:
    committed = DeckCommitment.draw(parse_cards(deck))
    data: dict[str, Any] = {"number": number, "deck": committed.deck_text, "salts": committed.salts_text,
                            "commitment": committed.root, "pick": 0}
    if bomb_pot:
        data["bomb_pot"] = True
    return reduce(state, "hand_start", data, 1.0)


def dealt(
    settings: TableSettings, stacks: dict[str, int], holes: dict[str, str], board: str = "", *,
    second: str = "", bots: tuple[str, ...] = (), bomb_pot: bool = False,
) -> TableState:
    """The table's first hand dealt (the button the first seat): ``holes`` the players'
    cards by name, ``board`` the board it deals, ``second`` a second run's board."""
    probe = _start(seated(settings, stacks, bots=bots), " ".join(map(str, deck_cards())), 1, bomb_pot)
    config = probe.table.current.hand.config  # type: ignore[union-attr]
    cards = [parse_cards(holes[name]) if name in holes else None for name in config.players]
    deck = deck_for_deal(config, cards, parse_cards(board), second_board=parse_cards(second))
    return _start(seated(settings, stacks, bots=bots), " ".join(map(str, deck)), 1, bomb_pot)


def hand_of(state: TableState) -> Hand:
    """The hand in play, else the last one finished."""
    record = state.table.current or state.table.hands[-1]
    return record.hand


def player(state: TableState, name: str) -> int:
    return hand_of(state).config.players.index(name)


def member(state: TableState, name: str) -> int:
    found = state.members.named(name)
    assert found is not None
    return found.id


def apply(state: TableState, events: list[Event]) -> TableState:
    for kind, data in events:
        state = reduce(state, kind, data, 2.0)
    return state


def act(state: TableState, *actions: str) -> TableState:
    """The players' betting actions as PHH writes them (``"p1 cbr 100"``), as ``act`` events."""
    number = (state.table.current or state.table.hands[-1]).number
    return apply(state, [("act", {"hand": number, "a": a}) for a in actions])


def end(state: TableState) -> TableState:
    """The hand's end (its showdown first, if pending), as the table's clock ends it."""
    state, _ = finish(state, 3.0)
    return state
