"""Provably fair dealing: commit to the deck before the hand, reveal it after.

Before a hand the server publishes ``commit = sha256(salt + deck)`` where
``deck`` is the whole deck order as text (``"As Kd ..."``, top card first,
one space between cards) and ``salt`` 32 random hex digits. After the hand it
reveals ``salt`` and ``deck``: anyone can recompute the hash, check that the
deck is a full deck with every card once, and that the cards dealt in the
hand are the ones the rules deal from that order (see
:mod:`pokerdealer.rules.hand` for the dealing procedure).

>>> deck = "As Kd"
>>> commitment("00", deck) == hashlib.sha256(b"00As Kd").hexdigest()
True
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Sequence
from dataclasses import dataclass, field

from pokerdealer.cards import Card, deck_cards, parse_cards
from pokerdealer.errors import PokerDealerError

__all__ = [
    "FairInputError",
    "Verdict",
    "commitment",
    "deck_text",
    "new_salt",
    "verify_phh_text",
]


class FairInputError(PokerDealerError):
    """The file to verify cannot be read (not a mismatch: bad input)."""


def deck_text(deck: Sequence[Card]) -> str:
    """The deck order as committed: cards separated by single spaces."""
    return " ".join(str(c) for c in deck)


def new_salt() -> str:
    """32 hex digits from the OS CSPRNG."""
    return secrets.token_hex(16)


def commitment(salt: str, deck: str) -> str:
    """``sha256(salt + deck)`` as 64 hex digits."""
    return hashlib.sha256((salt + deck).encode("utf-8")).hexdigest()


@dataclass
class Verdict:
    """The outcome of a check: ``ok`` and the reasons, one line each."""

    ok: bool = True
    checks: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)

    def passed(self, text: str) -> None:
        self.checks.append(text)

    def failed(self, text: str) -> None:
        self.ok = False
        self.problems.append(text)


_VARIANTS = {"NT": "holdem", "PT": "holdem", "FT": "holdem", "NS": "shortdeck"}


def verify_phh_text(text: str) -> Verdict:
    """Check a PHH hand downloaded from the server (with ``deck_commitment``,
    ``deck_salt`` and ``deck`` fields).

    Raises :class:`FairInputError` when the file cannot be read or lacks the
    fields; returns a :class:`Verdict` otherwise.
    """
    from pokerdealer.history import HistoryError, history_to_hand, loads
    from pokerdealer.history.phh import parse_cards_phh

    try:
        history = loads(text)
    except HistoryError as error:
        raise FairInputError(f"not a PHH hand: {error}") from None
    meta = history.metadata
    missing = [k for k in ("deck_commitment", "deck_salt", "deck") if not isinstance(meta.get(k), str)]
    if missing:
        raise FairInputError(
            f"the hand has no {', '.join(missing)}: download it from the table after the hand ends"
        )
    commit, salt, deck_str = meta["deck_commitment"], meta["deck_salt"], meta["deck"]
    variant = _VARIANTS.get(history.variant)
    if variant is None:
        raise FairInputError(f"variant {history.variant!r} is not dealt by pokerdealer")
    verdict = Verdict()
    if commitment(salt, deck_str) == commit.lower():
        verdict.passed(f"sha256(salt + deck) = {commit}")
    else:
        verdict.failed(
            f"sha256(salt + deck) = {commitment(salt, deck_str)}, but the commitment was {commit}"
        )
    try:
        deck = parse_cards(deck_str, what="deck", variant=variant)  # type: ignore[arg-type]
    except PokerDealerError as error:
        verdict.failed(f"the deck cannot be read: {error}")
        return verdict
    full = deck_cards(variant)  # type: ignore[arg-type]
    if sorted(c.index for c in deck) != sorted(c.index for c in full):
        verdict.failed(f"the deck is not a full {variant} deck of {len(full)} different cards")
        return verdict
    verdict.passed(f"the deck holds each of the {len(full)} cards once")

    # The deal: PHH player j (small blind first) is the j-th player dealt to.
    n = history.player_count
    board: list[Card] = []
    deal_ok = True
    try:
        for line in history.actions:
            parts = line.split("#", 1)[0].split()
            if len(parts) >= 3 and parts[0] == "d" and parts[1] == "dh":
                j = int(parts[2][1:]) - 1
                cards = parse_cards_phh(parts[3]) if len(parts) > 3 else ()
                expected = (deck[j], deck[n + j])
                for got, want in zip(cards, expected, strict=False):
                    if got is not None and got != want:
                        deal_ok = False
                        verdict.failed(f"p{j + 1} was dealt {got}, the deck deals {want}")
            elif len(parts) >= 3 and parts[0] == "d" and parts[1] == "db":
                board.extend(c for c in parse_cards_phh(parts[2]) if c is not None)
            elif len(parts) >= 4 and parts[1] == "sm":
                j = int(parts[0][1:]) - 1
                shown = tuple(c for c in parse_cards_phh(parts[2]) if c is not None)
                if shown and set(shown) != {deck[j], deck[n + j]}:
                    deal_ok = False
                    verdict.failed(f"p{j + 1} showed {' '.join(map(str, shown))}, not the dealt cards")
    except (HistoryError, ValueError, IndexError) as error:
        raise FairInputError(f"cannot read the deal: {error}") from None
    slots = (1, 2, 3, 5, 7)
    for k, card in enumerate(board[:5]):
        want = deck[2 * n + slots[k]]
        if card != want:
            deal_ok = False
            verdict.failed(f"board card {k + 1} is {card}, the deck deals {want}")
    if deal_ok:
        verdict.passed("the hole cards and board are the ones dealt from that deck")

    try:
        replay = history_to_hand(history, auto_showdown=True)
    except PokerDealerError as error:
        verdict.failed(f"the actions do not replay under the rules: {error}")
        return verdict
    if replay.check == "mismatch":
        verdict.failed(
            f"replayed final stacks {list(replay.finishing_stacks)} differ from the file's "
            f"{list(history.finishing_stacks or ())}"
        )
    elif replay.check == "match":
        verdict.passed("the actions replay under the rules to the recorded final stacks")
    return verdict
