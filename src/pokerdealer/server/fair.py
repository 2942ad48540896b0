"""Provably fair dealing: commit to every deck position before the hand, open
only what the rules made public after it.

**The commitment.** Before a hand the server draws the deck order and, for each
deck position ``i`` (0 is the top card), a fresh salt: 16 bytes from the OS
CSPRNG written as 32 lowercase hex digits. Each position has a leaf hash, and
the leaves are combined into one Merkle root::

    leaf_i     = SHA-256( "pdleaf:" + salt_i + ":" + i + ":" + card_i )
    node(l, r) = SHA-256( "pdnode:" + l + r )

Every hash is written as 64 lowercase hex digits; the text hashed is ASCII;
``i`` is written in decimal without leading zeros and ``card_i`` as two
characters, rank ``23456789TJQKA`` then suit ``cdhs`` (``As``, ``Td``). The two
prefixes keep a leaf from ever being read as an inner node. The tree is built
level by level: hashes ``(0, 1), (2, 3), ...`` are combined with ``node``, an
odd last hash moves up unchanged, until one hash is left: the root. A deck has
52 positions (36 for short deck). The root is published before the deal.

>>> salts = ["00" * 16, "11" * 16, "22" * 16]
>>> leaves = [leaf_hash(i, card, salts[i]) for i, card in enumerate(["As", "Kd", "7c"])]
>>> leaves[0] == hashlib.sha256(b"pdleaf:" + b"00" * 16 + b":0:As").hexdigest()
True
>>> top = node_hash(leaves[0], leaves[1])
>>> top == hashlib.sha256(("pdnode:" + leaves[0] + leaves[1]).encode()).hexdigest()
True
>>> merkle_root(leaves) == node_hash(top, leaves[2])  # the odd leaf moves up
True

**While the hand is played** each player is sent the card, salt and Merkle
path of their own two positions (:meth:`DeckCommitment.opening`), and can check
them against the root at once (:func:`root_from_path`).

**After the hand** the reveal lists all positions in order: a position the
rules made public (the board cards dealt, the hole cards shown at the showdown)
as ``"card:salt"``, every other position as its leaf hash only. Anyone
recomputes the root from it; nobody learns an unshown card.

**What this proves, and what not.** The cards dealt and shown were fixed before
the hand began, at the positions the dealing procedure uses for them
(:func:`pokerdealer.rules.hole_positions`, :func:`~pokerdealer.rules.board_positions`).
It does not prove that the shuffle was random, nor that the server (which
chose the order and sees every card) kept the cards to itself.
"""

from __future__ import annotations

import hashlib
import json
import random
import re
import secrets
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Any

from pokerdealer.cards import Card, deck_cards, parse_cards
from pokerdealer.errors import PokerDealerError
from pokerdealer.rules.deal import board_positions, hole_positions, second_run_positions

if TYPE_CHECKING:
    from pokerdealer.rules import Hand

__all__ = [
    "DeckCommitment",
    "FairInputError",
    "Verdict",
    "leaf_hash",
    "merkle_path",
    "merkle_root",
    "node_hash",
    "public_positions",
    "reveal_payload",
    "root_from_path",
    "shuffled_deck",
    "verify_phh_text",
]

SALT_HEX = 32
"""Hex digits in a salt (16 bytes: guessing one is out of reach)."""

_HASH = re.compile(r"[0-9a-f]{64}")
_OPENED = re.compile(r"([^:]*):([0-9a-f]{32})")
_CARD = re.compile(r"[2-9TJQKA][cdhs]")


class FairInputError(PokerDealerError):
    """The file to verify cannot be read (not a mismatch: bad input)."""


def _sha(text: str) -> str:
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def leaf_hash(position: int, card: Card | str, salt: str) -> str:
    """The leaf of one deck position (see the module docstring)."""
    return _sha(f"pdleaf:{salt}:{position}:{card}")


def node_hash(left: str, right: str) -> str:
    """An inner node of the Merkle tree over two child hashes."""
    return _sha(f"pdnode:{left}{right}")


def _levels(leaves: Sequence[str]) -> list[list[str]]:
    """The tree, leaves first, root last."""
    if not leaves:
        raise PokerDealerError("a Merkle tree needs at least one leaf")
    levels = [list(leaves)]
    while len(levels[-1]) > 1:
        level = levels[-1]
        up = [node_hash(level[i], level[i + 1]) for i in range(0, len(level) - 1, 2)]
        if len(level) % 2:
            up.append(level[-1])
        levels.append(up)
    return levels


def merkle_root(leaves: Sequence[str]) -> str:
    """The root over ``leaves`` in position order."""
    return _levels(leaves)[-1][0]


def merkle_path(leaves: Sequence[str], index: int) -> tuple[str, ...]:
    """The sibling hashes from leaf ``index`` up to the root (levels where the
    node moves up unchanged have none).

    >>> leaves = [leaf_hash(i, "As", "00" * 16) for i in range(5)]
    >>> root_from_path(leaves[4], 4, 5, merkle_path(leaves, 4)) == merkle_root(leaves)
    True
    """
    return _path(_levels(leaves), index)


def _path(levels: list[list[str]], index: int) -> tuple[str, ...]:
    path = []
    for level in levels[:-1]:
        if index ^ 1 < len(level):
            path.append(level[index ^ 1])
        index //= 2
    return tuple(path)


def root_from_path(leaf: str, index: int, size: int, path: Sequence[str]) -> str | None:
    """The root that leaf ``index`` of ``size`` leaves and its ``path`` lead to
    (``None``: the path has the wrong length for that position)."""
    if not 0 <= index < size:
        return None
    h, k, width = leaf, 0, size
    while width > 1:
        if index ^ 1 < width:
            if k >= len(path):
                return None
            h = node_hash(path[k], h) if index & 1 else node_hash(h, path[k])
            k += 1
        index //= 2
        width = (width + 1) // 2
    return h if k == len(path) else None


def shuffled_deck(variant: str, *, seed: int | None = None, number: int = 0) -> list[Card]:
    """A fresh deck order: from the OS CSPRNG, or (a test seed) reproducibly from
    ``seed`` and the hand number."""
    cards = list(deck_cards(variant))  # type: ignore[arg-type]
    if seed is not None:
        random.Random(f"{seed}:{number}").shuffle(cards)
    else:
        secrets.SystemRandom().shuffle(cards)
    return cards


def public_positions(hand: Hand, extra: Iterable[int] = ()) -> frozenset[int]:
    """The deck positions the rules made public in ``hand``: the board cards
    dealt (both runs' of a hand run twice) and the hole cards shown (a player
    who folded or mucked stays hidden; a show after the hand opens the cards
    it showed), and ``extra`` (a rabbit hunt's cards, :mod:`~pokerdealer.server.rabbit_hunt`)."""
    config = hand.config
    n = len(config.stacks)
    out = set(board_positions(n)[: len(hand.board)])
    boards = hand.boards
    if len(boards) > 1:  # the second run: from the cards out when the players agreed
        shared = next((k for k, (a, b) in enumerate(zip(*boards, strict=True)) if a != b), len(boards[0]))
        out.update(second_run_positions(n, shared).board)
    for player in hand.shown:
        out.update(hole_positions(config, player))
    for player, cards in hand.shown_after.items():
        hole = hand.hole_cards[player]
        out.update(pos for pos, card in zip(hole_positions(config, player), hole, strict=True) if card in cards)
    out.update(extra)
    return frozenset(out)


@dataclass(frozen=True)
class DeckCommitment:
    """A deck order and its salts: the root, the openings, the reveal.

    >>> c = DeckCommitment.draw(parse_cards("As Kd 7c"))
    >>> opened = c.opening([2])
    >>> root_from_path(leaf_hash(2, "7c", opened["salts"][0]), 2, 3, opened["paths"][0]) == c.root
    True
    >>> reveal = c.reveal([0])
    >>> reveal[0] == "As:" + c.salts[0], reveal[1] == c.leaves[1]
    (True, True)
    """

    deck: tuple[Card, ...]
    salts: tuple[str, ...]

    def __post_init__(self) -> None:
        if len(self.salts) != len(self.deck):
            raise PokerDealerError(f"{len(self.salts)} salts for {len(self.deck)} cards")

    @classmethod
    def draw(cls, deck: Sequence[Card]) -> DeckCommitment:
        """Commit to ``deck`` with a fresh salt per position."""
        return cls(tuple(deck), tuple(secrets.token_hex(SALT_HEX // 2) for _ in deck))

    @classmethod
    def from_text(cls, deck: str, salts: str, *, variant: str = "holdem") -> DeckCommitment:
        """Back from the stored form (:attr:`deck_text`, :attr:`salts_text`)."""
        cards = parse_cards(deck, what="deck", variant=variant)  # type: ignore[arg-type]
        return cls(cards, tuple(salts[i : i + SALT_HEX] for i in range(0, len(salts), SALT_HEX)))

    @property
    def deck_text(self) -> str:
        return " ".join(map(str, self.deck))

    @property
    def salts_text(self) -> str:
        """The salts in one string (fixed width, so it stores and loads fast)."""
        return "".join(self.salts)

    @cached_property
    def leaves(self) -> tuple[str, ...]:
        pairs = zip(self.deck, self.salts, strict=True)
        return tuple(leaf_hash(i, card, salt) for i, (card, salt) in enumerate(pairs))

    @cached_property
    def _tree(self) -> list[list[str]]:
        return _levels(self.leaves)

    @property
    def root(self) -> str:
        return self._tree[-1][0]

    def opening(self, positions: Iterable[int]) -> dict[str, Any]:
        """What proves the cards at ``positions`` to someone who knows the root:
        the deck size, positions, cards, salts and Merkle paths (a player's own
        two cards)."""
        pos = list(positions)
        return {
            "size": len(self.deck),
            "positions": pos,
            "cards": [str(self.deck[p]) for p in pos],
            "salts": [self.salts[p] for p in pos],
            "paths": [list(_path(self._tree, p)) for p in pos],
        }

    def reveal(self, public: Iterable[int]) -> list[str]:
        """Every position in order: ``"card:salt"`` where public, else its leaf hash."""
        shown = set(public)
        entries = zip(self.deck, self.salts, self.leaves, strict=True)
        return [f"{card}:{salt}" if i in shown else leaf for i, (card, salt, leaf) in enumerate(entries)]


# ================================================================= verifying
_VARIANTS = {"NT": "holdem", "PT": "holdem", "FT": "holdem", "NS": "shortdeck"}


class _Mismatch(Exception):
    """The first check that failed (one line)."""


@dataclass
class Verdict:
    """The outcome of a check: the checks passed, and the first problem (if any)."""

    checks: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    problem: str | None = None

    @property
    def ok(self) -> bool:
        return self.problem is None


def _hex(value: Any, what: str) -> str:  # noqa: ANN401
    if not isinstance(value, str) or not _HASH.fullmatch(value):
        raise FairInputError(f"{what} must be 64 lowercase hex digits")
    return value


def _read_reveal(entries: Any, variant: str) -> tuple[list[str], dict[int, Card]]:  # noqa: ANN401
    """Leaves and opened cards from a reveal list; a malformed entry is bad input,
    a card that cannot be in the deck or a card opened twice a mismatch."""
    size = len(deck_cards(variant))  # type: ignore[arg-type]
    if not isinstance(entries, list) or not all(isinstance(e, str) for e in entries):
        raise FairInputError("_deck_reveal must be a list of strings")
    if len(entries) != size:
        raise _Mismatch(f"the reveal has {len(entries)} positions, a {variant} deck has {size}")
    allowed = {str(c) for c in deck_cards(variant)}  # type: ignore[arg-type]
    leaves: list[str] = []
    opened: dict[int, Card] = {}
    where: dict[str, int] = {}
    for i, entry in enumerate(entries):
        if _HASH.fullmatch(entry):
            leaves.append(entry)
            continue
        match = _OPENED.fullmatch(entry)
        if match is None:
            raise FairInputError(
                f"position {i} of _deck_reveal is {entry[:80]!r}: expected a leaf hash "
                "(64 hex digits) or CARD:SALT"
            )
        card, salt = match.groups()
        if not _CARD.fullmatch(card) or card not in allowed:
            raise _Mismatch(f"position {i} reveals {card!r}, not a card of the {variant} deck")
        if card in where:
            raise _Mismatch(f"card {card} is revealed twice (positions {where[card]} and {i})")
        where[card] = i
        opened[i] = parse_cards(card)[0]
        leaves.append(leaf_hash(i, card, salt))
    return leaves, opened


def _read_mine(text: str) -> dict[str, Any]:
    try:
        mine = json.loads(text)
    except ValueError as error:
        raise FairInputError(f"the --mine file is not JSON: {error}") from None
    ok = (
        isinstance(mine, dict)
        and isinstance(mine.get("name"), str)
        and all(isinstance(mine.get(k), list) and len(mine[k]) == 2 for k in ("positions", "cards", "salts"))
        and all(isinstance(p, int) for p in mine["positions"])
        and all(isinstance(c, str) and _CARD.fullmatch(c) for c in mine["cards"])
        and all(isinstance(s, str) and re.fullmatch(r"[0-9a-f]{32}", s) for s in mine["salts"])
    )
    if not ok:
        raise FairInputError(
            "the --mine file must hold name, root, and two positions, cards and salts "
            "(download it from the table with your seat)"
        )
    _hex(mine.get("root"), "the --mine file's root")
    return mine


def _cards_text(cards: Iterable[Card]) -> str:
    return " ".join(map(str, cards))


def verify_phh_text(text: str, *, mine: str | None = None) -> Verdict:
    """Check a PHH hand downloaded from the room (``_deck_root`` and
    ``_deck_reveal`` fields), and with ``mine`` (the player's own JSON file)
    that player's hole cards too.

    The checks, in order (the first failure is the verdict's one problem):
    every revealed card is a card of the variant's deck and appears once; the
    revealed cards and leaf hashes give the committed root; each board card is
    the revealed card at its board position, each shown hand the revealed
    cards at that player's hole positions; the ``mine`` cards open their leaves
    at that player's hole positions; the actions replay under the rules to the
    recorded final stacks.

    Raises :class:`FairInputError` when a file cannot be read or lacks the fields.
    """
    from pokerdealer.history import HistoryError, history_to_config, history_to_hand, loads

    try:
        history = loads(text)
    except HistoryError as error:
        raise FairInputError(f"not a PHH hand: {error}") from None
    meta = history.metadata
    missing = [k for k in ("_deck_root", "_deck_reveal") if k not in meta]
    if missing:
        raise FairInputError(
            f"the hand has no {' or '.join(missing)}: download it from the table after the hand ends"
        )
    variant = _VARIANTS.get(history.variant)
    if variant is None:
        raise FairInputError(f"variant {history.variant!r} is not dealt by pokerdealer")
    root = _hex(meta["_deck_root"], "_deck_root")
    try:
        config = history_to_config(history)
        actions = history.parsed_actions()
    except HistoryError as error:
        raise FairInputError(f"cannot read the hand: {error}") from None
    own = _read_mine(mine) if mine is not None else None
    n = config.player_count
    verdict = Verdict()
    try:
        leaves, opened = _read_reveal(meta["_deck_reveal"], variant)
        verdict.checks.append(
            f"{len(opened)} revealed cards, each a card of the {variant} deck, none twice"
        )
        got = merkle_root(leaves)
        if got != root:
            raise _Mismatch(
                f"the revealed cards and leaf hashes give root {got}, not the committed {root}"
            )
        verdict.checks.append(f"the revealed cards and leaf hashes give the committed root {root}")

        board = [c for a in actions if a.kind == "db" for c in (a.cards or ()) if c is not None]
        for k, (card, position) in enumerate(zip(board, board_positions(n), strict=False)):
            if position not in opened:
                raise _Mismatch(
                    f"board card {k + 1} ({card}) is not revealed at position {position}"
                )
            if opened[position] != card:
                raise _Mismatch(
                    f"board card {k + 1} is {card}, the committed deck has {opened[position]} "
                    f"at position {position}"
                )
        verdict.checks.append(f"the {len(board)} board cards sit at their board positions")

        mine_player = None
        if own is not None:
            if own["root"] != root:
                raise _Mismatch(f"the --mine file is for root {own['root']}, the hand's is {root}")
            names = history.player_names
            if own["name"] not in names:
                raise _Mismatch(f"the --mine file is for {own['name']!r}, who is not in this hand")
            mine_player = names.index(own["name"])
            want = list(hole_positions(config, mine_player))
            if own["positions"] != want:
                raise _Mismatch(
                    f"the --mine file opens positions {own['positions']}, {own['name']}'s hole "
                    f"positions are {want}"
                )
            for position, card, salt in zip(want, own["cards"], own["salts"], strict=True):
                if leaf_hash(position, card, salt) != leaves[position]:
                    raise _Mismatch(
                        f"{own['name']}'s {card} does not open the leaf at position {position}"
                    )
                if position not in opened and card in {str(c) for c in opened.values()}:
                    raise _Mismatch(
                        f"card {card} is revealed twice (position {position} and the reveal)"
                    )
            verdict.checks.append(
                f"{own['name']}'s hole cards {' '.join(own['cards'])} sit at positions {want}"
            )

        # Hole cards the file states: shown at the showdown (sm) or dealt face up (dh).
        for a in actions:
            if a.kind not in ("dh", "sm") or not a.cards or any(c is None for c in a.cards):
                continue
            player = a.player if a.kind == "dh" else a.actor
            assert player is not None
            cards = tuple(c for c in a.cards if c is not None)
            positions = hole_positions(config, player)
            who = f"p{player + 1}"
            if all(p in opened for p in positions):
                committed = {opened[p] for p in positions}
                if set(cards) != committed:
                    raise _Mismatch(
                        f"{who} has {_cards_text(cards)} in the file, the committed deck deals "
                        f"{who} {_cards_text(opened[p] for p in positions)} (positions {positions[0]} "
                        f"and {positions[1]})"
                    )
            elif player == mine_player and own is not None:
                if {str(c) for c in cards} != set(own["cards"]):
                    raise _Mismatch(
                        f"{who} has {_cards_text(cards)} in the file, the --mine file opens "
                        f"{' '.join(own['cards'])}"
                    )
            elif a.kind == "sm":
                raise _Mismatch(
                    f"{who} shows {_cards_text(cards)}, but positions {positions} are not revealed"
                )
            else:
                verdict.notes.append(f"{who}'s hole cards are not checked: give their --mine file")
        verdict.checks.append("the shown hole cards sit at their players' hole positions")

        try:
            replay = history_to_hand(history, auto_showdown=True)
        except PokerDealerError as error:
            raise _Mismatch(f"the actions do not replay under the rules: {error}") from None
        if replay.check == "mismatch":
            raise _Mismatch(
                f"the actions replay to final stacks {list(replay.finishing_stacks)}, the file says "
                f"{list(history.finishing_stacks or ())}"
            )
        if replay.check == "match":
            verdict.checks.append("the actions replay under the rules to the recorded final stacks")
    except _Mismatch as mismatch:
        verdict.problem = str(mismatch)
    return verdict


def reveal_payload(
    commitment: DeckCommitment, hand: Hand, *, everything: bool = False, extra: Iterable[int] = ()
) -> dict[str, Any]:
    """The public proof of a finished hand: the root and the reveal (``extra``: positions
    opened besides the hand's own, a rabbit hunt's)."""
    public = range(len(commitment.deck)) if everything else public_positions(hand, extra)
    return {
        "root": commitment.root,
        "variant": hand.config.variant,
        "players": len(hand.config.stacks),
        "reveal": commitment.reveal(public),
    }
