"""Each reader's part of a hand's deck proof (:mod:`pokerdealer.server.fair`).

- everyone: the root, before the deal (``hand.commitment`` in the state);
- the player dealt in: the opening of their own two positions, on their
  websocket only (``you.deal_proof``), and later as their "mine" file;
- everyone, once the hand is over: the reveal (board dealt, hands shown).

The deck order and the salts stay in the table's memory and in the event log
(``hand_start``); nothing here hands out a card the rules have not shown the
reader. Hands logged before this proof existed have none (``None``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pokerdealer.rules.deal import hole_positions
from pokerdealer.server.fair import DeckCommitment, reveal_payload

if TYPE_CHECKING:
    from pokerdealer.rules import Hand
    from pokerdealer.server.live import LiveTable, Member
    from pokerdealer.table import HandRecord

__all__ = ["commitment_of", "hand_phh", "hand_reveal", "mine_file", "own_opening", "player_index"]

#: Reasons a player's own download is refused (HTTP 403/404): catalog keys, said in the reader's language.
NO_SEAT_TOKEN = "room.proof.no_seat_token"
UNKNOWN_TOKEN = "room.proof.unknown_token"
NOT_DEALT_IN = "room.proof.not_dealt_in"
NO_PROOF = "room.proof.no_proof"


def commitment_of(lt: LiveTable, number: int) -> DeckCommitment | None:
    """The hand's deck and salts, rebuilt from its ``hand_start`` event on first use."""
    meta = lt.hand_meta.get(number)
    if meta is None:
        return None
    committed = meta.get("fair")
    if committed is None and meta.get("salts"):
        committed = DeckCommitment.from_text(meta["deck"], meta["salts"], variant=lt.table.settings.variant)
        meta["fair"] = committed
    return committed


def hand_reveal(lt: LiveTable, record: HandRecord) -> dict[str, Any] | None:
    """The public proof of a finished hand (``None``: a hand without one)."""
    committed = commitment_of(lt, record.number)
    if committed is None:
        return None
    return reveal_payload(committed, record.hand, everything=lt.settings.reveal_deck)


def own_opening(lt: LiveTable, record: HandRecord, player: int) -> dict[str, Any] | None:
    """Player ``player``'s own two positions opened (cached for the hand: it is
    sent with every state)."""
    meta = lt.hand_meta.get(record.number)
    committed = commitment_of(lt, record.number)
    if meta is None or committed is None:
        return None
    openings = meta.setdefault("openings", {})
    if player not in openings:
        opening = committed.opening(hole_positions(record.hand.config, player))
        openings[player] = {"hand": record.number, **opening}
    return openings[player]


def player_index(record: HandRecord, member: Member) -> int | None:
    """The member's player index in the hand (``None``: not dealt in)."""
    names = record.hand.config.players
    return names.index(member.name) if member.name in names else None


def mine_file(lt: LiveTable, record: HandRecord, member: Member) -> dict[str, Any]:
    """The member's own proof for a hand they were dealt in (for ``verify --mine``)."""
    player = player_index(record, member)
    assert player is not None
    opening = own_opening(lt, record, player)
    assert opening is not None
    committed = commitment_of(lt, record.number)
    assert committed is not None
    return {
        "table": lt.id,
        "hand": record.number,
        "name": member.name,
        "seat": record.seats[player],
        "root": committed.root,
        **{k: opening[k] for k in ("size", "positions", "cards", "salts", "paths")},
    }


def hand_phh(
    hand: Hand, fair: dict[str, Any] | None, *, metadata: dict[str, Any], own: int | None = None,
) -> str:
    """A finished hand as PHH: hole cards only where shown, and player ``own``'s
    (their own copy); the reveal ``fair`` in the ``_deck_root`` and
    ``_deck_reveal`` user fields (PHH wants user fields to start with ``_``)."""
    from pokerdealer.history import dumps, hand_to_history
    from pokerdealer.history.phh import format_cards_phh
    from pokerdealer.rules import deal_order

    fields = dict(metadata)
    if fair is not None:
        fields["_deck_root"] = fair["root"]
        fields["_deck_reveal"] = fair["reveal"]
    history = hand_to_history(hand, hole_cards=False, metadata=fields)
    if own is not None:
        line = f"d dh p{deal_order(hand.config).index(own) + 1} "  # PHH positions are the deal order
        mine = line + format_cards_phh(hand.hole_cards[own])
        history = history.replace(actions=tuple(mine if a.startswith(line) else a for a in history.actions))
    return dumps(history)
