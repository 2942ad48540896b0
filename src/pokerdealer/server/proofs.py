"""Each reader's part of a hand's deck proof (:mod:`pokerdealer.server.fair`).

- everyone: the root, before the deal (``hand.commitment`` in the state);
- the player dealt in: the opening of their own two positions, on their
  websocket only (``you.deal_proof``), and later as their "mine" file;
- everyone, once the hand is over: the reveal (board dealt, hands shown).

The deck order and the salts stay in the table's state and in the event log
(``hand_start``); nothing here hands out a card the rules have not shown the
reader. Hands logged before this proof existed have none (``None``).

A feature of the table (:data:`FEATURE`): its part of the state is what the
log says of each hand kept (:class:`HandFacts`: the deck, salts and root of
``hand_start``, when it started and ended), by hand number; the objects built
from them (the commitment, each player's opening) are kept by the table's
:class:`~pokerdealer.server.hand_book.HandBook`.

>>> from pokerdealer.server.reducer import Features, new_state
>>> from pokerdealer.server.settings import TableSettings
>>> state = new_state(TableSettings(), features=Features([FEATURE]))
>>> state = started(state, {"number": 1, "deck": "As Kd", "salts": "ab", "commitment": "f00"}, 5.0)
>>> facts_of(state, 1).started_at, facts_of(state, 2)
(5.0, None)
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Protocol

from pokerdealer.rules.deal import hole_positions
from pokerdealer.server.fair import DeckCommitment, reveal_payload
from pokerdealer.server.rabbit_hunt import positions as rabbit_positions
from pokerdealer.server.reducer import Feature, MemberInfo, TableState

if TYPE_CHECKING:
    from pokerdealer.rules import Hand
    from pokerdealer.server.hand_book import HandBook
    from pokerdealer.table import HandRecord

__all__ = [
    "FEATURE", "HandFacts", "commitment_of", "facts_of", "hand_phh", "hand_reveal", "mine_file", "own_opening",
    "player_index",
]

#: Reasons a player's own download is refused (HTTP 403/404): catalog keys, said in the reader's language.
NO_SEAT_TOKEN = "room.proof.no_seat_token"
UNKNOWN_TOKEN = "room.proof.unknown_token"
NOT_DEALT_IN = "room.proof.not_dealt_in"
NO_PROOF = "room.proof.no_proof"


@dataclass(frozen=True, slots=True)
class HandFacts:
    """What the log says of one hand: its deck, salts and root (``hand_start``), when it started and ended."""

    commitment: str
    salts: str | None
    """None for a hand logged before the per-position proof (it gets none)."""
    deck: str
    started_at: float
    ended_at: float | None = None

    def meta(self) -> dict[str, Any]:
        """As a dict (``commitment``, ``salts``, ``deck``, ``started_at``, and ``ended_at`` once over)."""
        out = {"commitment": self.commitment, "salts": self.salts, "deck": self.deck, "started_at": self.started_at}
        if self.ended_at is not None:
            out["ended_at"] = self.ended_at
        return out


# ------------------------------------------------------------ the state
def started(state: TableState, data: dict[str, Any], at: float) -> TableState:
    """``hand_start``: the hand's facts."""
    facts = HandFacts(data["commitment"], data.get("salts"), data["deck"], at)
    return state.with_part("proofs", {**state.part("proofs"), data["number"]: facts})


def ended(state: TableState, data: dict[str, Any], at: float) -> TableState:
    """``hand_end``: when it ended; the facts of hands the table no longer keeps are dropped."""
    table = state.table
    hands = table.hands
    oldest = hands[0].number if hands else table.hands_played + 1
    kept = {n: f for n, f in state.part("proofs").items() if n >= oldest}
    number = data["hand"]
    if number in kept:
        kept[number] = replace(kept[number], ended_at=at)
    return state.with_part("proofs", kept)


def facts_of(state: TableState, number: int) -> HandFacts | None:
    """Hand ``number``'s facts, while the table keeps the hand (None: not kept, or no such hand)."""
    return state.parts["proofs"].get(number)  # type: ignore[no-any-return]


FEATURE = Feature(name="proofs", part=lambda settings: {}, follows={"hand_start": started, "hand_end": ended})
"""The deck proofs: the facts of each hand kept."""


# ------------------------------------------------------------ the readers
class Source(Protocol):
    """Where a hand is served from: a live table, or one rebuilt for an old hand
    (:func:`~pokerdealer.server.history_store.source`)."""

    id: str
    state: TableState
    book: HandBook


def commitment_of(src: Source, number: int) -> DeckCommitment | None:
    """The hand's deck and salts, rebuilt from its ``hand_start`` event on first use."""
    committed = src.book.fair.get(number)
    if committed is None:
        facts = facts_of(src.state, number)
        if facts is None or not facts.salts:
            return None
        committed = DeckCommitment.from_text(facts.deck, facts.salts, variant=src.state.table.settings.variant)
        src.book.fair[number] = committed
    return committed


def hand_reveal(src: Source, record: HandRecord) -> dict[str, Any] | None:
    """The public proof of a finished hand (``None``: a hand without one)."""
    committed = commitment_of(src, record.number)
    if committed is None:
        return None
    # A rabbit hunt opens its cards' positions too (the hand's own public ones: fair.public_positions).
    return reveal_payload(committed, record.hand, everything=src.state.settings.reveal_deck,
                          extra=rabbit_positions(src.state, record.number))


def own_opening(src: Source, record: HandRecord, player: int) -> dict[str, Any] | None:
    """Player ``player``'s own two positions opened (cached for the hand: it is
    sent with every state)."""
    committed = commitment_of(src, record.number)
    if committed is None:
        return None
    openings = src.book.openings.setdefault(record.number, {})
    if player not in openings:
        opening = committed.opening(hole_positions(record.hand.config, player))
        openings[player] = {"hand": record.number, **opening}
    return openings[player]


def player_index(record: HandRecord, member: MemberInfo | Any) -> int | None:  # noqa: ANN401
    """The member's player index in the hand (``None``: not dealt in)."""
    names = record.hand.config.players
    return names.index(member.name) if member.name in names else None


def mine_file(src: Source, record: HandRecord, member: MemberInfo | Any) -> dict[str, Any]:  # noqa: ANN401
    """The member's own proof for a hand they were dealt in (for ``verify --mine``)."""
    player = player_index(record, member)
    assert player is not None
    opening = own_opening(src, record, player)
    assert opening is not None
    committed = commitment_of(src, record.number)
    assert committed is not None
    return {
        "table": src.id,
        "hand": record.number,
        "name": member.name,
        "seat": record.seats[player],
        "root": committed.root,
        **{k: opening[k] for k in ("size", "positions", "cards", "salts", "paths")},
    }


def hand_phh(
    hand: Hand, fair: dict[str, Any] | None, *, metadata: dict[str, Any], own: int | None = None, seven_deuce: int = 0,
) -> str:
    """A finished hand as PHH: hole cards only where shown, and player ``own``'s
    (their own copy); the reveal ``fair`` in the ``_deck_root`` and
    ``_deck_reveal`` user fields (PHH wants user fields to start with ``_``);
    ``seven_deuce``: the hand's 7-2 bounty (its ``_seven_deuce`` field)."""
    from pokerdealer.history import dumps, hand_to_history
    from pokerdealer.history.phh import format_cards_phh
    from pokerdealer.rules import deal_order

    fields = dict(metadata)
    if fair is not None:
        fields["_deck_root"] = fair["root"]
        fields["_deck_reveal"] = fair["reveal"]
    history = hand_to_history(hand, hole_cards=False, metadata=fields, seven_deuce=seven_deuce)
    if own is not None:
        line = f"d dh p{deal_order(hand.config).index(own) + 1} "  # PHH positions are the deal order
        mine = line + format_cards_phh(hand.hole_cards[own])
        history = history.replace(actions=tuple(mine if a.startswith(line) else a for a in history.actions))
    return dumps(history)
