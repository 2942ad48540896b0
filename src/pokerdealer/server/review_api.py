"""The room's hand review (:mod:`pokerdealer.review`): the ``/review`` page and its API.

- ``GET /review``: the page. A person uploads or pastes a hand history (PHH,
  PokerStars or another site's text, iPoker XML), or comes from a hand of a
  table's history page (``/review?table=ID&hand=N``: the page fetches that
  hand's PHH as the history page offers it, only the cards shown at the
  table, and the reader's own with their seat's token).
- ``POST /api/review?hand=K`` (the body: the text, any encoding a site saves
  in) -> ``{"hands": [{"index", "number", "title"}], "refused": [{"hand",
  "reason"}], "index": K, "review": <review>}``: the hands read, the ones that
  could not be (one bad hand never refuses the text), and the review of hand
  ``K`` (0: the first read) in the request's language (``?lang=``, else
  ``Accept-Language``), as :func:`pokerdealer.review.review_json` gives it.

Each review replays one hand and computes its equities in a worker thread, a
few at once (the tables' loop plays on meanwhile); the room's request body
limit bounds the text, :data:`~pokerdealer.server.upload.MAX_ACTIONS` the
hand reviewed, :data:`MAX_HANDS` the hands listed.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from fastapi import APIRouter, Query, Request
from fastapi.responses import FileResponse, JSONResponse

from pokerdealer.errors import PokerDealerError
from pokerdealer.history.phh import HandHistory
from pokerdealer.i18n import message
from pokerdealer.server.middleware import request_language
from pokerdealer.server.words import refusal_body

__all__ = ["MAX_HANDS", "review_text", "routes"]

STATIC = Path(__file__).parent / "static"

MAX_HANDS = 500
"""The most hands of a text listed for review (a day's session of one table is a few hundred)."""



def _reason(error: PokerDealerError, lang: str) -> str:
    return message(lang, error.key, **error.params) if error.key else str(error).splitlines()[0]


def review_text(text: str, *, index: int = 0, lang: str = "en") -> dict[str, Any]:
    """The answer of ``POST /api/review`` for ``text`` (see the module docstring).

    >>> out = review_text('''variant = "NT"
    ... antes = [0, 0]
    ... blinds_or_straddles = [1, 2]
    ... min_bet = 2
    ... starting_stacks = [100, 100]
    ... actions = ["d dh p1 AsKs", "d dh p2 QhQd", "p2 cbr 6", "p1 f"]''')
    >>> out["hands"][0]["number"], [s["street"] for s in out["review"]["streets"]]
    (None, ['preflop'])
    """
    from pokerdealer.review import review_hand, review_json
    from pokerdealer.review.words import json_numbers
    from pokerdealer.server.upload import MAX_ACTIONS, UploadError, read_upload

    read = read_upload(text)
    hands: list[HandHistory] = []
    refused: list[dict[str, str]] = []
    for k, item in enumerate(read):
        if isinstance(item, HandHistory):
            hands.append(item)
        else:
            number = getattr(item, "hand_number", None)
            refused.append({"hand": f"#{number}" if number else str(k + 1), "reason": _reason(item, lang)})
    if not hands:
        if read and isinstance(read[0], PokerDealerError):
            raise UploadError.said("room.upload.bad", error={"key": read[0].key, "params": dict(read[0].params)}
                                   if read[0].key else str(read[0]).splitlines()[0])
        raise UploadError.said("room.upload.no_hand")
    hands = hands[:MAX_HANDS]
    index = min(max(index, 0), len(hands) - 1)
    history = hands[index]
    if len(history.actions) > MAX_ACTIONS:
        raise UploadError.said("room.upload.too_long", n=len(history.actions), most=MAX_ACTIONS)
    try:
        review = review_json(review_hand(history), lang)
    except PokerDealerError as error:
        raise UploadError.said("room.upload.bad", error={"key": error.key, "params": dict(error.params)}
                               if error.key else str(error).splitlines()[0]) from None
    listing = [
        {"index": k, "number": h.metadata.get("_hand_id", h.metadata.get("hand")),
         "title": message(lang, "room.review.item", n=k + 1, number=h.metadata.get("_hand_id", h.metadata.get("hand", "")))}
        for k, h in enumerate(hands)
    ]
    return json_numbers({"hands": listing, "refused": refused, "index": index, "review": review})


def routes() -> APIRouter:
    """The ``/review`` page and ``POST /api/review``."""
    router = APIRouter()
    reviews = asyncio.Semaphore(2)

    @router.get("/review", include_in_schema=False)
    async def review_page() -> FileResponse:
        return FileResponse(STATIC / "review.html", headers={"Cache-Control": "no-cache"})

    @router.post("/api/review")
    async def review(request: Request, hand: int = Query(0, ge=0, le=MAX_HANDS)) -> Any:  # noqa: ANN401
        """Review hand ``hand`` of the text in the body (see the module docstring)."""
        # The site readers are imported at the first review, not at the room's start (~0.07 s of CPU).
        from pokerdealer.history.sites.core import decode
        from pokerdealer.server.upload import UploadError

        body = await request.body()  # the middleware's body limit applies (413)
        lang = request_language(request)
        try:
            async with reviews:
                return await asyncio.to_thread(review_text, decode(body), index=hand, lang=lang)
        except UploadError as error:
            return JSONResponse(refusal_body(lang, error), 400)

    return router
