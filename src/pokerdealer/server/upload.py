"""The room's replayer opening an uploaded hand history (PHH, or a poker site's text: PokerStars, Full Tilt...).

:func:`replay_upload` reads the first hand of the text, replays it through the
rules (a hand left at the showdown is finished the online way) and returns
what the replayer page draws for a hand of a table: ``frames`` and
``summary``. Only what the file shows is shown: hole cards appear once shown
down, as for the table's own hands. Amounts are in the file's smallest unit
(cents for a file in dollars and cents). The room's request body limit
(:data:`~pokerdealer.server.middleware.MAX_BODY_BYTES`) bounds an upload, and
:data:`MAX_ACTIONS` the hand replayed (so the work and the answer's size); the
room replays it in a worker thread, off the loop every table shares.

>>> out = replay_upload('''PokerStars Hand #7:  Hold'em No Limit (1/2) - 2024/01/15 14:30:00 UTC [2024/01/15 9:30:00 ET]
... Table 'Home' 3-max Seat #3 is the button
... Seat 1: Ann (100 in chips)
... Seat 2: Bob (100 in chips)
... Seat 3: Cy (100 in chips)
... Ann: posts small blind 1
... Bob: posts big blind 2
... *** HOLE CARDS ***
... Cy: raises 4 to 6
... Ann: folds
... Bob: folds
... Uncalled bet (4) returned to Cy
... Cy collected 5 from pot
... *** SUMMARY ***
... Total pot 5 | Rake 0''')
>>> out["table"], out["number"], [f["text"] for f in out["frames"]][1:]
('Home', 7, ['Cy raises to 6', 'Ann folds', 'Bob folds', 'Pot 5 to Cy'])
"""

from __future__ import annotations

import dataclasses
from typing import Any

from pokerdealer.errors import PokerDealerError
from pokerdealer.history import HandHistory, history_to_hand, loads, loads_all
from pokerdealer.history.sites import detect_site, read_each
from pokerdealer.rules import replay
from pokerdealer.server.views import hand_frames, showdown_summary
from pokerdealer.table import Positions
from pokerdealer.table.record import HandRecord

__all__ = ["MAX_ACTIONS", "UploadError", "read_upload", "replay_upload"]

MAX_ACTIONS = 1000
"""The most actions (dealings included) of an uploaded hand: a real hand has a few dozen; a
64 KB file of 4,394 minimum re-raises took the room 3.4 s to replay and answered 1.7 MB."""


class UploadError(PokerDealerError):
    """An uploaded file the replayer cannot open (the message says why: a
    ``room.upload.*`` catalog key and params)."""


def _reason(error: PokerDealerError) -> object:
    """What the reading or the rules said: in words when it has a key, else its first line."""
    if error.key:
        return {"key": error.key, "params": dict(error.params)}
    return str(error).splitlines()[0]


def read_upload(text: str) -> list[HandHistory | PokerDealerError]:
    """Every hand of an uploaded ``text`` (PHH, a ``.phhs`` session, or a poker
    site's text): a site's hand that cannot be read comes as its error (one bad
    hand never refuses the file); text that is neither raises :class:`UploadError`."""
    if detect_site(text) is not None:
        return list(read_each(text))
    try:
        return list(loads_all(text)) if text.lstrip().startswith("[") else [loads(text)]
    except PokerDealerError as error:
        raise UploadError.said("room.upload.neither", error=_reason(error)) from None


def replay_upload(text: str) -> dict[str, Any]:
    """The replayer's view of the first hand of ``text`` (PHH, a ``.phhs``
    session, or a poker site's text: the first hand that can be read)."""
    try:
        read = read_upload(text)
        # The first hand read is shown, or, when none can be, the first hand's error said.
        histories = [h for h in read if not isinstance(h, PokerDealerError)]
        if not histories and read:
            raise read[0]
        if not histories:
            raise UploadError.said("room.upload.no_hand")
        history = histories[0]
        if len(history.actions) > MAX_ACTIONS:  # the rules replay each; the answer draws each
            raise UploadError.said("room.upload.too_long", n=len(history.actions), most=MAX_ACTIONS)
        result = history_to_hand(history, auto_showdown=True)
    except UploadError:
        raise
    except PokerDealerError as error:
        raise UploadError.said("room.upload.bad", error=_reason(error)) from None
    hand = result.hand
    if not hand.is_complete:
        raise UploadError.said("room.upload.unfinished")
    n = hand.config.player_count
    names = history.player_names if history.players else tuple(f"p{i + 1}" for i in range(n))
    seats = history.metadata.get("seats")
    if not (isinstance(seats, list) and len(seats) == n and all(isinstance(s, int) for s in seats)):
        seats = list(range(1, n + 1))
    # The replay names players by position; the page shows the file's names.
    # Unknown hands (``????``) stay unknown: their stand-in cards never win nor show.
    named = replay(dataclasses.replace(hand.config, players=tuple(names)), hand.deck, hand.log, unknown=hand.unknown)
    config = named.config
    sb = config.small_blind_player
    bb = config.big_blind_player
    positions = Positions(
        seats[config.button], seats[sb if sb is not None else bb], seats[bb], small_blind_dead=sb is None
    )
    number = history.metadata.get("hand")
    record = HandRecord(
        number=number if isinstance(number, int) else 1, hand=named, seats=tuple(seats), positions=positions
    )
    table = history.metadata.get("table")
    return {
        "table": table if isinstance(table, str) else "uploaded hand",
        "number": record.number,
        "hands": len(histories),
        "frames": hand_frames(record),
        "summary": showdown_summary(record, None),
    }
