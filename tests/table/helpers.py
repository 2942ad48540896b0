"""Shared test helpers: rigged decks and scripted players."""

from __future__ import annotations

import random

from pokerdealer.cards import Card, deck_cards, parse_cards
from pokerdealer.rules import Action, PlayerView


def rigged_deck(holes: list[str], board: str = "") -> tuple[Card, ...]:
    """A deck dealing ``holes`` in deal order (left of the button first) and ``board``."""
    hs = [parse_cards(h) for h in holes]
    b = list(parse_cards(board)) if board else []
    used = {c.index for h in hs for c in h} | {c.index for c in b}
    spare = [c for c in deck_cards() if c.index not in used]
    while len(b) < 5:
        b.append(spare.pop())
    burns = [spare.pop() for _ in range(3)]
    order = [h[0] for h in hs] + [h[1] for h in hs]
    order += [burns[0], *b[:3], burns[1], b[3], burns[2], b[4]]
    return tuple(order + spare)


def rig(monkeypatch, decks: list[tuple[Card, ...]]) -> None:
    """Make the tables deal ``decks`` in turn (then random decks)."""
    import pokerdealer.table.table as table_module

    queue = list(decks)
    real = table_module.shuffled_deck

    def fake(variant="holdem", rng=None):
        return queue.pop(0) if queue else real(variant, rng)

    monkeypatch.setattr(table_module, "shuffled_deck", fake)


def script(*moves: str):
    """A decide callback playing ``moves`` (``f``, ``cc``, ``allin``) in order."""
    queue = list(moves)

    def decide(view: PlayerView) -> Action:
        move = queue.pop(0)
        if move == "allin":
            return Action("all_in", view.player)
        return Action({"f": "fold", "cc": "check_call"}[move], view.player)

    return decide


def random_player(rng: random.Random):
    """Random legal actions, biased to keep hands going and to bust players sometimes."""

    def decide(view: PlayerView) -> Action:
        legal = view.legal
        assert legal is not None
        r = rng.random()
        if legal.min_raise_to is not None and r < 0.08:
            return Action("all_in", view.player)
        if legal.min_raise_to is not None and r < 0.25:
            to = rng.randint(legal.min_raise_to, legal.max_raise_to)
            return Action("raise", view.player, to)
        if legal.can_check:
            return Action("check", view.player)
        if r < 0.6:
            return Action("call", view.player)
        return Action("fold", view.player)

    return decide
