"""A seated player's hand strength in their state (server/private.py): said
once a street and language, and always for the board as it is now."""

from __future__ import annotations

import random
from types import SimpleNamespace

from pokerdealer.evaluation import evaluate
from pokerdealer.rules import Action
from pokerdealer.server.hand_book import HandBook
from pokerdealer.server.private import _strength
from pokerdealer.table import CashGameSettings, CashTable


def _to_board(record, cards: int) -> None:  # noqa: ANN001
    hand = record.hand
    while len(hand.board) < cards:
        legal = hand.legal()
        hand.apply(Action("check" if legal.can_check else "call", hand.actor))


def test_the_strength_said_is_the_hand_with_the_board_of_this_street_in_the_readers_language() -> None:
    table = CashTable(CashGameSettings(5, 10, 200, 1000, seats=6), rng=random.Random(13))  # a pair on the flop, two pair on the turn
    table.sit_down("ann", 500, seat=1)
    table.sit_down("bob", 500, seat=2)
    record = table.start_hand()
    lt = SimpleNamespace(book=HandBook())  # the reader's table: only its book of hands is read
    hand = record.hand

    def said(lang: str) -> str:
        return evaluate(hand.hole_cards[0] + hand.board, hand.config.variant).describe(lang)

    _to_board(record, 3)
    assert _strength(lt, record, 0, "en") == said("en")
    flop = said("en")
    _to_board(record, 4)  # the turn: not the flop's words kept
    assert said("en") != flop
    assert _strength(lt, record, 0, "en") == said("en")
    assert _strength(lt, record, 0, "zh-Hant") == said("zh-Hant")
    assert _strength(lt, record, 1, "en") == evaluate(hand.hole_cards[1] + hand.board, hand.config.variant).describe("en")
