"""The tournaments' HTTP API (:mod:`~pokerdealer.server.tournament`):

- ``GET /api/tournaments``: the tournaments listed in the lobby (:mod:`~pokerdealer.server.event_lobby`);
- ``POST /api/tournaments``: create (:class:`~pokerdealer.server.tournament.TournamentSpec`'s
  fields) -> ``{id, host_token, invite, host_url}`` (a few from one client address at once, then
  one every few seconds: ``ServerOptions.create_rate``; one more is a 429 with ``Retry-After``);
- ``POST /api/tournaments/{id}/register`` ``{name}`` -> ``{name, player_token}`` (a few
  from one client address at once, then one every few seconds: ``ServerOptions.register_rate``;
  one more is a 429 with ``Retry-After``);
- ``POST /api/tournaments/{id}/reenter`` (header ``X-Player-Token``): a player
  who is out enters again (same name, same token) -> what ``/me`` says, their new table;
- ``GET /api/tournaments/{id}/me`` (header ``X-Player-Token``) -> where the
  player sits (room table, seat, the seat token for it), or their place and prize;
- ``POST /api/tournaments/{id}/host`` ``{command: start|pause|resume}`` (header ``X-Host-Token``),
  or ``{command: remove, name}``: an entrant taken out before the start, their buy-in refunded;
  ``{command: mute|unmute, name}``: an entrant's chat at every table of the event, and
  ``{command: mute_spectators|unmute_spectators}``: everyone's without a seat;
- ``GET /api/tournaments/{id}/host`` (header ``X-Host-Token``) -> who is muted
  (:meth:`~pokerdealer.server.tournament.LiveEvent.host_view`);
- ``GET /api/tournaments/{id}``: the public state (the tournament page's); ``?counts=N`` and
  ``?standings=N`` list only the first N chip counts and places (``standings_count``: how many there are);
- ``GET /api/tournaments/{id}/standings.csv``;
- the pages ``/e/{id}`` (the tournament page, the "TV") and ``/e/{id}/standings``.

Refusals are 400 with ``detail`` in the request's language (``?lang=``, else
``Accept-Language``) and the catalog ``key``/``params``.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from fastapi import APIRouter, Header, HTTPException, Query, Request
from fastapi.responses import FileResponse, JSONResponse, Response
from pydantic import BaseModel, ConfigDict, Field

from pokerdealer.errors import PokerDealerError
from pokerdealer.server import event_lobby, event_views
from pokerdealer.server.csv_out import CSV_TYPE, csv_file
from pokerdealer.server.limits import Buckets, creator_tag
from pokerdealer.server.live import Rejected
from pokerdealer.server.middleware import request_language
from pokerdealer.server.protocol import ProtocolError, visible_text
from pokerdealer.server.room import Elsewhere, NoSuchTable, Room
from pokerdealer.server.tournament import LiveEvent, TournamentSpec, create_event
from pokerdealer.server.words import Refused, pick_language, reader_language, refusal_body
from pokerdealer.table import TableError

__all__ = ["routes"]

STATIC = Path(__file__).parent / "static"


class Register(BaseModel):
    """A registration: the name alone (a field not here is refused, room.request.extra_forbidden)."""

    model_config = ConfigDict(extra="forbid", strict=True)

    name: str = Field(..., min_length=1, max_length=40)


class EventCommand(BaseModel):
    """A host command (``start``, ``pause``, ``resume``, ``remove``, ``mute`` ...): a field not here is refused."""

    model_config = ConfigDict(extra="forbid", strict=True)

    command: str = Field(..., max_length=20)
    name: str | None = Field(None, max_length=40)
    """The entrant a ``remove`` takes out, or a ``mute`` / ``unmute`` names."""


def _refused(request: Request, error: Exception) -> JSONResponse:
    """A refused command in the request's language (``detail`` its text, the key and params for the page)."""
    return JSONResponse(refusal_body(request_language(request), error), 400)


def _said(status: int, error: TableError) -> Exception:
    """A refused tournament setting in the reader's language (its key and params), or as it is."""
    return Refused(status, error.key, **error.params) if error.key else HTTPException(status, str(error))


def public(live: LiveEvent, now: float) -> dict[str, Any]:
    """The tournament page's state (:func:`~pokerdealer.server.event_views.public_state`)
    and which room table plays each of the event's tables; ``lang`` is the event's language (the
    host's, its bots' names'), the pages' words for a browser that reads none of the room's;
    ``bots`` the bots the room named, each said in the reader's language by the pages."""
    state = event_views.public_state(live.event, now=now, name=live.spec.name, starts_at=live.spec.start_at)
    return {**state, "id": live.id, "lang": live.spec.lang,
            "room_tables": {str(k): v for k, v in live.room_tables().items()}, "bots": live.bots_said()}


def public_text(live: LiveEvent, now: float, *, counts: int | None = None, standings: int | None = None) -> str:
    """:func:`public` as JSON, built by parts from one change of the event to the next
    (:class:`~pokerdealer.server.event_views.PublicText`); ``counts`` and ``standings`` list
    only the first so many chip counts and places (the TV shows the biggest stacks and the
    best places; ``standings_count`` says how many places there are).

    Every tournament page polls it each second, on the loop that deals the event's
    hands: the whole field built and encoded for each read made each page cost the
    room the field's size a second, and at 10,000 entrants the event changes every few
    milliseconds, so a state kept whole until the next change was built again for nearly every read."""
    extra = {"id": live.id, "lang": live.spec.lang, "room_tables": live.room_tables_text()}
    return live.tv.text(live.event, now=now, name=live.spec.name, starts_at=live.spec.start_at,
                        counts=counts, standings=standings, extra=extra, encoded={"bots": live.bots_said_text()})


def routes(room: Room, *, clock: Callable[[], float] = time.monotonic) -> APIRouter:
    router = APIRouter()
    registrations = Buckets(room.options.register_rate, clock=clock)
    """By (client address, tournament): ``ServerOptions.register_rate``."""

    async def event(event_id: str) -> LiveEvent:
        """The tournament, played by this process (taken over if its lease is free)."""
        try:
            return await room.resolve_event(event_id)  # type: ignore[no-any-return]
        except NoSuchTable:
            raise Refused(404, "event.error.no_such_tournament") from None
        except Elsewhere as error:
            raise Refused(409, error.key, headers={"Retry-After": "1"}, **error.params) from None

    async def page(event_id: str, name: str) -> FileResponse:
        try:
            await room.resolve_event(event_id)
        except NoSuchTable:
            raise Refused(404, "event.error.no_such_tournament") from None
        except Elsewhere:
            pass  # the page is served anywhere; its requests find the event's process
        return FileResponse(STATIC / name, headers={"Cache-Control": "no-cache"})

    @router.get("/e/{event_id}", include_in_schema=False)
    async def tv_page(event_id: str) -> FileResponse:
        return await page(event_id, "event.html")  # the tournament page (static/event.js)

    @router.get("/e/{event_id}/standings", include_in_schema=False)
    async def standings_page(event_id: str) -> FileResponse:
        return await page(event_id, "standings.html")

    @router.get("/api/tournaments")
    async def listed() -> JSONResponse:
        return JSONResponse(await event_lobby.listed(room, now=time.time()), headers={"Cache-Control": "no-cache"})

    @router.post("/api/tournaments")
    async def create(request: Request, body: dict[str, Any]) -> dict[str, Any]:
        try:
            spec = TournamentSpec.from_dict(body, now=time.time())
        except TableError as error:
            raise _said(400, error) from None
        # Tournaments made are counted (ServerOptions.create_rate), not a form's refused tries.
        address = request.client.host if request.client else "unknown"
        if not room.creations.take((address, "tournament")):
            wait = math.ceil(room.creations.wait((address, "tournament")))
            raise Refused(429, "event.error.too_many_tournaments", headers={"Retry-After": str(wait)}, s=wait)
        live, token = await create_event(room, spec, creator=creator_tag(address))
        # The host link carries the token in the fragment: never sent to a server, nor in its logs.
        return {"id": live.id, "host_token": token, "invite": f"/e/{live.id}", "host_url": f"/e/{live.id}#host={token}"}

    @router.get("/api/tournaments/{event_id}")
    async def state(
        event_id: str, counts: int | None = Query(None, ge=0), standings: int | None = Query(None, ge=0)
    ) -> JSONResponse:
        # Polled every second by each tournament page, on the loop that deals the event's hands:
        # json.dumps takes 3 ms for 720 players where FastAPI's encoder of a returned dict took 60.
        text = public_text(await event(event_id), time.time(), counts=counts, standings=standings)
        return Response(text, media_type="application/json", headers={"Cache-Control": "no-cache"})

    @router.post("/api/tournaments/{event_id}/register")
    async def register(request: Request, event_id: str, body: Register) -> Any:  # noqa: ANN401
        live = await event(event_id)
        address = request.client.host if request.client else "unknown"
        if not registrations.take((address, live.id)):
            wait = math.ceil(registrations.wait((address, live.id)))
            raise Refused(429, "event.error.too_many_registrations", headers={"Retry-After": str(wait)}, s=wait)
        try:
            name = visible_text(body.name, what="name", limit=24)
        except ProtocolError as error:
            raise Refused(400, error.key, **error.params) from None
        try:
            token = await live.register(name)
        except (Rejected, PokerDealerError) as error:
            return _refused(request, error)
        return {"name": name, "player_token": token}

    @router.post("/api/tournaments/{event_id}/reenter")
    async def reenter(request: Request, event_id: str, x_player_token: str | None = Header(None)) -> Any:  # noqa: ANN401
        live = await event(event_id)
        entrant = live.entrant(x_player_token)
        if entrant is None or x_player_token is None:
            raise Refused(403, "event.error.unknown_player")
        try:
            await live.reenter(entrant)
        except (Rejected, PokerDealerError) as error:
            return _refused(request, error)
        return JSONResponse(live.me(entrant, x_player_token), headers={"Cache-Control": "no-store"})

    @router.get("/api/tournaments/{event_id}/me")
    async def me(event_id: str, x_player_token: str | None = Header(None)) -> JSONResponse:
        live = await event(event_id)
        entrant = live.entrant(x_player_token)
        if live.was_removed(x_player_token):
            raise Refused(403, "event.error.removed")  # their page says why their entry is gone
        if entrant is None or x_player_token is None:
            raise Refused(403, "event.error.unknown_player")
        return JSONResponse(live.me(entrant, x_player_token), headers={"Cache-Control": "no-store"})

    @router.post("/api/tournaments/{event_id}/host")
    async def host_command(request: Request, event_id: str, body: EventCommand, x_host_token: str | None = Header(None)) -> Any:  # noqa: ANN401
        live = await event(event_id)
        if not live.is_host(x_host_token):
            raise Refused(403, "event.error.not_host")
        try:
            await live.host(body.command, body.name)
        except (Rejected, PokerDealerError) as error:
            return _refused(request, error)
        return {"ok": True, "status": live.status(time.time())}

    @router.get("/api/tournaments/{event_id}/host")
    async def host_view(event_id: str, x_host_token: str | None = Header(None)) -> JSONResponse:
        live = await event(event_id)
        if not live.is_host(x_host_token):
            raise Refused(403, "event.error.not_host")
        return JSONResponse(live.host_view(), headers={"Cache-Control": "no-store"})

    @router.get("/api/tournaments/{event_id}/standings.csv")
    async def standings(request: Request, event_id: str) -> Response:
        """The standings as CSV, its header in the reader's language (their page's ``lang``,
        else their browser's, else the event's)."""
        live = await event(event_id)
        lang = reader_language(request.query_params.get("lang"),
                               pick_language(request.headers.get("accept-language"), live.spec.lang))
        return Response(
            csv_file(event_views.standings_csv(live.event, lang=lang)), media_type=CSV_TYPE,
            headers={"Content-Disposition": f'attachment; filename="{live.id}-standings.csv"'},
        )

    return router
