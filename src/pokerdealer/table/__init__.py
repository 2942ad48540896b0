"""Many hands at one table: the button and blinds moving, seats, cash games
and tournaments (docs/rules.md#button-and-blinds, #antes-and-straddles, #tournaments);
multi-table tournaments
(:class:`Event`: balancing, breaking, hand-for-hand, payouts).

>>> import random
>>> from pokerdealer.table import CashGameSettings, CashTable, play_hand, check_or_fold
>>> table = CashTable(CashGameSettings(1, 2, 40, 200), rng=random.Random(5))
>>> for name in ("ann", "bob", "cat"):
...     _ = table.sit_down(name, 100)
>>> record = play_hand(table, check_or_fold)
>>> record.number, len(table.hands), sum(table.stacks.values())
(1, 1, 300)
"""

from pokerdealer.table.button import (
    HandPlan,
    Positions,
    Post,
    SeatState,
    SeatStatus,
    first_positions,
    next_positions,
    plan_hand,
)
from pokerdealer.table.cash import CashTable
from pokerdealer.table.event import Event, EventSettings, EventTable, Move, play_event
from pokerdealer.table.payouts import PAYOUT_PRESETS, payout_table
from pokerdealer.table.play import Decide, check_or_fold, online_show_or_muck, play_hand
from pokerdealer.table.record import HandRecord, shuffled_deck
from pokerdealer.table.settings import (
    BustTiebreak,
    ButtonRule,
    CashGameSettings,
    EntryRule,
    HandForHandBusts,
    Level,
    TableError,
    TournamentSettings,
)
from pokerdealer.table.structures import STRUCTURE_PRESETS, Break, load_structure, structure
from pokerdealer.table.table import Player, Stakes, Table
from pokerdealer.table.tournament import (
    Standing,
    Tournament,
    antes_paid,
    place_busts,
    split_prize_pool,
    tie_across_tables,
)

__all__ = [
    "Break",
    "BustTiebreak",
    "ButtonRule",
    "CashGameSettings",
    "CashTable",
    "Decide",
    "EntryRule",
    "Event",
    "EventSettings",
    "EventTable",
    "HandForHandBusts",
    "HandPlan",
    "HandRecord",
    "Level",
    "Move",
    "PAYOUT_PRESETS",
    "Player",
    "Positions",
    "Post",
    "STRUCTURE_PRESETS",
    "SeatState",
    "SeatStatus",
    "Stakes",
    "Standing",
    "Table",
    "TableError",
    "Tournament",
    "TournamentSettings",
    "antes_paid",
    "check_or_fold",
    "first_positions",
    "load_structure",
    "next_positions",
    "online_show_or_muck",
    "payout_table",
    "place_busts",
    "plan_hand",
    "play_event",
    "play_hand",
    "shuffled_deck",
    "split_prize_pool",
    "structure",
    "tie_across_tables",
]
