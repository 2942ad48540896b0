"""The FastAPI application: pages, a small JSON API, and the table websocket."""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import math
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Header, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import FileResponse, JSONResponse, PlainTextResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict, Field

from pokerdealer.errors import PokerDealerError
from pokerdealer.server import (
    collector,
    db,
    history_store,
    host,
    ledger,
    middleware,
    proofs,
    review_api,
    self_limits,
    seven_deuce,
    tournament_api,
)
from pokerdealer.server.csv_out import CSV_TYPE, csv_file
from pokerdealer.server.seat_names import bot_kinds, bots_said
from pokerdealer.server.limits import (
    FLOOD_CLOSE_CODE,
    FLOODED,
    TOO_MANY_CLOSE_CODE,
    Connections,
    creator_tag,
)
from pokerdealer.server.live import Command, Conn, LiveTable, Member, Rejected, hash_token
from pokerdealer.server.middleware import request_language
from pokerdealer.server.protocol import ProtocolError, parse, visible_text
from pokerdealer.server.room import Elsewhere, NoSuchTable, Room, lt_info
from pokerdealer.server.schema import check as check_schema
from pokerdealer.server.settings import ServerOptions, TableSettings
from pokerdealer.server.views import hand_frames
from pokerdealer.server.wire import RoomWebSocketProtocol, wire_of
from pokerdealer.server.words import (
    Refused,
    error_words,
    page_catalog,
    pick_language,
    reader_language,
    refusal_body,
    table_name,
    words,
)
from pokerdealer.table import TableError

__all__ = ["create_app"]

log = logging.getLogger("pokerdealer.server")
STATIC = Path(__file__).parent / "static"


class CreateTable(BaseModel):
    """A new table's settings: only their types here; the ranges are TableSettings.from_dict's,
    whose refusals are said in the reader's language (the body limit bounds the sizes). A field
    not listed here is kept, so from_dict names it (``room.settings.unknown``) -- ignored, a
    misspelt setting would make a table the host did not ask for. The defaults are
    TableSettings' own, read from it (the one place they live): a bare POST makes ``TableSettings()``."""

    # strict: "100", 100.0 or true is no whole number of chips (room.request.int_type), as in a table's own settings
    model_config = ConfigDict(extra="allow", strict=True)

    name: str = TableSettings.name
    structure: str = TableSettings.structure
    small_blind: int = TableSettings.small_blind
    big_blind: int = TableSettings.big_blind
    stack: int = TableSettings.stack
    seats: int = TableSettings.seats
    bots: list[str] = Field(default_factory=lambda: list(TableSettings.bots))
    clock: float = TableSettings.clock
    lang: str = TableSettings.lang
    listed: bool = TableSettings.listed
    reveal_deck: bool = TableSettings.reveal_deck
    ante: int = TableSettings.ante
    ante_type: str = TableSettings.ante_type
    time_bank: int = TableSettings.time_bank
    approve_players: bool = TableSettings.approve_players
    straddle: bool = TableSettings.straddle
    run_it_twice: bool = TableSettings.run_it_twice
    rabbit_hunt: bool = TableSettings.rabbit_hunt
    bomb_pot_every: int = TableSettings.bomb_pot_every
    bomb_pot_ante: int = TableSettings.bomb_pot_ante
    seven_deuce: int = TableSettings.seven_deuce


class HostCommand(BaseModel):
    """A host command (``POST /api/tables/{id}/host``, header ``X-Host-Token``)."""

    # a field not here is refused (room.request.extra_forbidden); strict: no "3" for a member's id
    model_config = ConfigDict(extra="forbid", strict=True)

    command: str = Field(..., max_length=20)
    member: int | None = Field(None, ge=0, le=2**31)
    settings: dict[str, Any] | None = None
    on: bool | None = None
    """``bomb_pot``: the next hand is a bomb pot (true) or not (false)."""


class JoinTable(BaseModel):
    """A join: the name is checked as it will be shown, the buy-in by the table (in words)."""

    # A misspelt buy_in is refused, not a default buy-in; strict: "100", 100.0 and true are no
    # buy-in either (room.request.int_type), not 100 chips or one.
    model_config = ConfigDict(extra="forbid", strict=True)

    name: str
    buy_in: int | None = None
    seat: int | None = Field(None, ge=1, le=2**31)
    """The seat tapped (any free one if not given)."""
    person: str | None = Field(None, min_length=16, max_length=64, pattern=r"^[A-Za-z0-9_-]+$")
    """This browser's own key (the page keeps it): the player's limits and stops are
    theirs across seats and tables (:mod:`~pokerdealer.server.self_limits`)."""


def refused(request: Request, status: int, error: Exception) -> JSONResponse:
    """A refusal in the request's language (key and params for the page; ``detail`` the text)."""
    return JSONResponse(refusal_body(request_language(request), error), status)


def create_app(options: ServerOptions | None = None) -> FastAPI:
    options = options or ServerOptions()
    room = Room(options)
    connections = Connections(options.caps)
    replays = asyncio.Semaphore(2)
    """Uploaded hands replayed at once (each in a thread: they share the GIL with the loop)."""

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        # A schema we do not know is refused (SchemaError); a new empty database is made at head.
        check_schema(room.store.engine, options.db_url, create_if_empty=True)
        await room.start()
        # The rebuilt tables, and every minute's new ones, are long-lived: out of every collection.
        pauses, thresholds = collector.install()
        app.state.gc_pauses = pauses
        freezer = asyncio.create_task(collector.keep_frozen(), name="gc-freeze")
        try:
            yield
        finally:
            freezer.cancel()
            collector.uninstall(pauses, thresholds)
            await room.stop()

    # No docs pages, so no schema either: /openapi.json would map every route for a stranger.
    app = FastAPI(title="pokerdealer", lifespan=lifespan, docs_url=None, redoc_url=None, openapi_url=None)
    middleware.install(app, tls=options.tls)  # body limit, one-line 422s, security headers on every response
    app.state.room = room
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    app.include_router(tournament_api.routes(room))
    app.include_router(review_api.routes())

    @app.exception_handler(Refused)
    async def said_refusal(request: Request, error: Refused) -> JSONResponse:
        response = refused(request, error.status, error)
        response.headers.update(error.headers)
        return response

    async def table(table_id: str) -> LiveTable:
        """The table, played by this process (taken over if its lease is free)."""
        try:
            return await room.resolve(table_id)
        except NoSuchTable:
            raise Refused(404, "room.error.no_such_table") from None
        except Elsewhere as error:
            raise Refused(409, error.key, headers={"Retry-After": "1"}, **error.params) from None

    async def exists(table_id: str) -> None:
        """Pages only need the table to exist (their websocket finds its process)."""
        try:
            await room.resolve(table_id)
        except NoSuchTable:
            raise Refused(404, "room.error.no_such_table") from None
        except Elsewhere:
            pass

    def page(name: str) -> FileResponse:
        return FileResponse(STATIC / name, headers={"Cache-Control": "no-cache"})

    @app.get("/", include_in_schema=False)
    async def lobby() -> FileResponse:
        return page("lobby.html")

    @app.get("/t/{table_id}", include_in_schema=False)
    async def table_page(table_id: str) -> FileResponse:
        await exists(table_id)
        return page("table.html")

    @app.get("/t/{table_id}/hands", include_in_schema=False)
    async def history_page(table_id: str) -> FileResponse:
        await exists(table_id)
        return page("hands.html")

    @app.get("/rules", include_in_schema=False)
    async def rules_page() -> FileResponse:
        return page("rules.html")  # the rules the coach links to (pokerdealer.learn.coach)

    @app.get("/verify", include_in_schema=False)
    async def verify_page() -> FileResponse:
        return page("verify.html")

    @app.get("/replay", include_in_schema=False)
    async def replay_page() -> FileResponse:
        return page("hands.html")  # the replayer, opening a file you upload

    @app.post("/api/replay")
    async def replay_file(request: Request) -> Any:  # noqa: ANN401
        """Replay an uploaded PHH or PokerStars hand (the request body) for the replayer."""
        from pokerdealer.server.upload import UploadError, replay_upload

        body = await request.body()  # the middleware's body limit applies (413)
        try:
            text = body.decode("utf-8-sig")
            async with replays:  # a few at once, in worker threads: the tables' loop plays on meanwhile
                return await asyncio.to_thread(replay_upload, text)
        except UnicodeDecodeError:
            raise Refused(400, "room.upload.not_utf8") from None
        except UploadError as error:
            return refused(request, 400, error)

    @app.get("/learn", include_in_schema=False)
    async def learn_page() -> FileResponse:
        return page("learn.html")  # practice drills (issue 16)

    @app.get("/api/rankings")
    async def rankings(
        request: Request, variant: str = "holdem", trips_beat_straight: bool = True, lang: str = "en"
    ) -> Any:  # noqa: ANN401
        """The hand-ranking chart, in ``variant``'s order (the table page's button; learn/chart.py)."""
        from pokerdealer.learn.chart import ranking_chart

        try:
            return ranking_chart(lang, variant, trips_beat_straight=trips_beat_straight)
        except PokerDealerError as error:
            return refused(request, 400, error)

    @app.get("/api/quiz/topics")
    async def quiz_topics() -> dict[str, Any]:
        """The drills' topics and how many levels each has (server/learn.py)."""
        from pokerdealer.server.learn import topics_payload

        return topics_payload()

    @app.get("/api/quiz")
    async def quiz(
        request: Request, topic: str = "all", count: int = 5, seed: int | None = None, lang: str = "en",
        items: str | None = None,
    ) -> Any:  # noqa: ANN401
        """Practice drills, as ``pokerdealer quiz --json`` prints them (server/learn.py); with
        ``items`` (``topic:level:seed,...``) exactly those questions, as the /learn page asks."""
        from pokerdealer.server.learn import items_payload, quiz_payload

        try:
            if items is not None:
                return items_payload(items, lang=lang)
            return quiz_payload(topic=topic, count=count, seed=seed, lang=lang)
        except PokerDealerError as error:
            return refused(request, 400, error)  # in the drills' language

    @app.get("/api/i18n")
    async def i18n(request: Request, lang: str | None = None, default: str | None = None) -> JSONResponse:
        """The pages' words: ``lang`` if given and known (the reader's choice), else the best
        for ``Accept-Language`` (their browser's), else ``default`` (a table's language, for a
        browser that reads none of the room's languages), else English."""
        fallback = reader_language(default, "en")
        chosen = reader_language(lang, pick_language(request.headers.get("accept-language"), fallback))
        return JSONResponse(
            {"lang": chosen, "messages": page_catalog(chosen)},
            headers={"Cache-Control": "no-cache", "Vary": "Accept-Language"},
        )

    @app.get("/api/tables")
    async def list_tables() -> list[dict[str, Any]]:
        return await room.listed()

    @app.post("/api/tables")
    async def create(request: Request, body: CreateTable) -> Any:  # noqa: ANN401
        try:
            settings = TableSettings.from_host(body.model_dump())
        except TableError as error:
            return refused(request, 400, error)
        # Tables made are counted (ServerOptions.create_rate), not a form's refused tries: those make nothing.
        address = request.client.host if request.client else "unknown"
        if not room.creations.take((address, "table")):
            wait = math.ceil(room.creations.wait((address, "table")))
            raise Refused(429, "room.error.too_many_tables", headers={"Retry-After": str(wait)}, s=wait)
        lt, host_token = await room.create_table(settings, creator=creator_tag(address))
        # The host link carries the token in the fragment: never sent to a server, nor in its logs.
        return {**lt_info(lt), "host_token": host_token, "host_url": f"/t/{lt.id}#host={host_token}"}

    @app.get("/api/tables/{table_id}")
    async def info(table_id: str) -> dict[str, Any]:
        return lt_info(await table(table_id))

    @app.post("/api/tables/{table_id}/join")
    async def join(
        request: Request, table_id: str, body: JoinTable, x_host_token: str | None = Header(None),
    ) -> Any:  # noqa: ANN401
        lt = await table(table_id)
        if getattr(lt, "live_event", None) is not None:  # a tournament seats its entrants (they register)
            raise Refused(409, "room.event.error.cash_only")
        # The host's own page sends its token: their seat is never held for approval. A wrong
        # token is refused (the page would wait for a host who never comes).
        hosts = x_host_token is not None
        if hosts and not host.is_host(lt.state, x_host_token):
            raise Refused(403, "room.host.not_host")
        try:
            name = visible_text(body.name, what="name", limit=24)
        except ProtocolError as error:
            return refused(request, 400, error)
        try:
            person = None if body.person is None else self_limits.person_of(body.person)
            return await room.call(lt, "join", {"name": name, "buy_in": body.buy_in, "person": person,
                                                "seat": body.seat, "hosts": hosts})
        except (Rejected, PokerDealerError) as error:
            # detail: the text in the request's language; key and params: for the page's own.
            return refused(request, 400, error)

    # ----------------------------------------------------------------- host
    async def hosted(table_id: str, token: str | None) -> LiveTable:
        """The table, if ``token`` is its host token (403 otherwise)."""
        lt = await table(table_id)
        if not host.is_host(lt.state, token):
            raise Refused(403, "room.host.not_host")
        return lt

    async def table_ledger(lt: LiveTable) -> list[ledger.LedgerRow]:
        events = await asyncio.to_thread(room.store.read, lambda c: db.events_between(c, lt.id, 0))
        return ledger.of_table(lt, [(kind, data) for _, kind, data, _ in events])

    @app.get("/api/tables/{table_id}/host")
    async def host_view(table_id: str, x_host_token: str | None = Header(None)) -> JSONResponse:
        """What the host sees: requests, players, settings, the ledger."""
        lt = await hosted(table_id, x_host_token)
        out = {**host.view(lt.state), "ledger": [r.to_dict() for r in await table_ledger(lt)]}
        return JSONResponse(out, headers={"Cache-Control": "no-store"})

    @app.post("/api/tables/{table_id}/host")
    async def host_command(
        request: Request, table_id: str, body: HostCommand, x_host_token: str | None = Header(None)
    ) -> Any:  # noqa: ANN401
        lt = await hosted(table_id, x_host_token)
        try:
            return await room.call(lt, "host", body.model_dump())
        except (Rejected, PokerDealerError) as error:
            return refused(request, 400, error)

    @app.get("/api/tables/{table_id}/ledger.csv")
    async def ledger_csv(request: Request, table_id: str, x_host_token: str | None = Header(None)) -> Response:
        """The ledger for settling up: the host's (the money of a home game is theirs to share),
        its header in the host's language (their page's ``lang``, else their browser's, else the table's)."""
        lt = await hosted(table_id, x_host_token)
        lang = reader_language(request.query_params.get("lang"), pick_language(request.headers.get("accept-language"), lt.settings.lang))
        text = ledger.to_csv(await table_ledger(lt), lang=lang)
        return Response(
            csv_file(text), media_type=CSV_TYPE,
            headers={"Content-Disposition": f'attachment; filename="{lt.id}-ledger.csv"', "Cache-Control": "no-store"},
        )

    # -------------------------------------------------------------- history
    async def finished(lt: LiveTable, number: int) -> tuple[LiveTable, Any]:
        """Where a finished hand is served from (the table, or its rebuilt past) and its record."""
        src = await history_store.source(lt, number)
        record = history_store.kept(src, number) if src is not None else None
        if src is None or record is None:
            raise Refused(404, "room.error.no_finished_hand")
        return src, record

    @app.get("/api/tables/{table_id}/hands")
    async def hands(table_id: str) -> list[dict[str, Any]]:
        lt = await table(table_id)
        rows = await history_store.listing(lt)
        # Each bot among a hand's winners, by the name it sat with: its kind and number, for the list to
        # name it in the reader's language (issue 37).
        said = bots_said(bot_kinds(lt.state.members))
        return [row | {"bots": {w: said[w] for w in row.get("winners") or () if w in said}} for row in rows]

    @app.get("/api/tables/{table_id}/hands/{number}")
    async def hand_detail(table_id: str, number: int) -> dict[str, Any]:
        lt = await table(table_id)
        src, record = await finished(lt, number)
        return {
            "number": number,
            "table": lt.settings.name,
            "frames": hand_frames(record),
            "summary": src.summary(number),
            # Every board of the hand: two when it was run twice (server/run_it_twice.py).
            "boards": [[str(c) for c in board] for board in record.hand.boards],
            # Each bot the room named, by the name it sat with: its kind and number, for the page to
            # say it in the reader's language (issue 37); the frames keep the name it sat with.
            "bots": bots_said(bot_kinds(src.state.members)),
        }

    def personal(own: bool) -> dict[str, str]:
        """The cache headers of a download that may be someone's own (``X-Seat-Token``):
        one copy per token, and a personal one (hole cards in it) kept by no cache."""
        return {"Vary": "X-Seat-Token", **({"Cache-Control": "no-store"} if own else {})}

    async def download(table_id: str, number: int, export, suffix: str, *, own: bool = False) -> PlainTextResponse:  # noqa: ANN001
        lt = await table(table_id)
        src, record = await finished(lt, number)
        text = export(src, record)
        name = f"{lt.id}-{number}.{suffix}"
        return PlainTextResponse(text, headers={"Content-Disposition": f'attachment; filename="{name}"', **personal(own)})

    def dealt_member(lt: LiveTable, record: Any, token: str | None) -> Member:
        """The holder of ``token``, who must have been dealt in ``record``'s hand."""
        if not token:
            raise Refused(403, proofs.NO_SEAT_TOKEN)
        member = lt.by_token.get(hash_token(token))
        if member is None:
            raise Refused(403, proofs.UNKNOWN_TOKEN)
        if proofs.player_index(record, member) is None:
            raise Refused(404, proofs.NOT_DEALT_IN)
        if proofs.commitment_of(lt, record.number) is None:
            raise Refused(404, proofs.NO_PROOF)
        return member

    @app.get("/api/tables/{table_id}/hands/{number}/phh")
    async def hand_phh(
        table_id: str, number: int, x_seat_token: str | None = Header(None),
    ) -> PlainTextResponse:
        """The hand as PHH; with the header ``X-Seat-Token``, your own copy (your hole cards in it)."""
        if x_seat_token is None:
            return await download(table_id, number, export_phh, "phh")
        lt = await table(table_id)
        src, record = await finished(lt, number)
        member = dealt_member(src, record, x_seat_token)
        text = export_phh(src, record, own=member)
        name = f"{lt.id}-{number}-mine.phh"
        return PlainTextResponse(text, headers={"Content-Disposition": f'attachment; filename="{name}"', **personal(True)})

    @app.get("/api/tables/{table_id}/hands/{number}/mine")
    async def hand_mine(
        table_id: str, number: int, x_seat_token: str | None = Header(None),
    ) -> JSONResponse:
        """Your own cards and salts of a finished hand you were dealt in (``verify --mine``)."""
        lt = await table(table_id)
        src, record = await finished(lt, number)
        member = dealt_member(src, record, x_seat_token)
        name = f"{lt.id}-{number}-mine.json"
        return JSONResponse(
            proofs.mine_file(src, record, member),
            headers={"Content-Disposition": f'attachment; filename="{name}"', **personal(True)},
        )

    @app.get("/api/tables/{table_id}/hands/{number}/pokerstars")
    async def hand_ps(
        table_id: str, number: int, x_seat_token: str | None = Header(default=None)
    ) -> PlainTextResponse:
        lt = await table(table_id)
        src, record = await finished(lt, number)  # 404 before the database is asked (a number past its integers was a 500)
        # The room's number for the hand, unique across its tables (trackers drop a number seen twice).
        hand_id = await asyncio.to_thread(room.store.read, lambda c: db.room_hand_number(c, lt.id, number))
        text = export_pokerstars(src, record, token=x_seat_token, hand_id=hand_id)
        name = f"{lt.id}-{number}.txt"
        return PlainTextResponse(
            text, headers={"Content-Disposition": f'attachment; filename="{name}"', **personal(bool(x_seat_token))}
        )

    @app.get("/api/tables/{table_id}/hands/{number}/fair")
    async def hand_fair(table_id: str, number: int) -> JSONResponse:
        lt = await table(table_id)
        src = await history_store.source(lt, number)
        facts = proofs.facts_of(src.state, number) if src is not None else None
        if src is None or facts is None:
            raise Refused(404, "room.error.no_such_hand")
        out: dict[str, Any] = {"number": number, "root": facts.commitment}
        if number <= src.table.hands_played:  # revealed only once the hand is over
            out.update((src.summary(number) or {}).get("fair") or {"reveal": None})
        return JSONResponse(out)

    @app.get("/api/tables/{table_id}/hands/{number}/why")
    async def hand_why(table_id: str, number: int) -> JSONResponse:
        """Why each bot did what it did in a hand: for every decision of a
        bot that says why (``regular``, ``loose``), the equity and pot odds it
        used, from its own view alone; ``reasons`` is ``null`` until the hand
        is over (they would tell its cards' strength while it is played)."""
        lt = await table(table_id)
        src = await history_store.source(lt, number)
        if src is None or proofs.facts_of(src.state, number) is None:
            raise Refused(404, "room.error.no_such_hand")
        over = number <= src.table.hands_played
        return JSONResponse({"number": number, "reasons": src.book.bot_reasons.get(number, []) if over else None})

    # ------------------------------------------------------------ websocket
    @app.websocket("/ws/{table_id}")
    async def ws_table(ws: WebSocket, table_id: str) -> None:
        # The peer's address: a proxy's X-Forwarded-For counts only with --trust-forwarded.
        address = ws.client.host if ws.client else "unknown"
        if connections.cooling(address):  # it flooded a moment ago: refused before any work (HTTP 403)
            await ws.close(code=FLOOD_CLOSE_CODE, reason=FLOODED)
            return
        await ws.accept()
        # Before the reader's hello says its language: the browser's Accept-Language.
        lang = pick_language(ws.headers.get("accept-language"))
        try:
            lt = await room.resolve(table_id)
        except NoSuchTable:
            await ws.send_json({"type": "error", **words(lang, "room.error.no_such_table")})
            await ws.close(code=4404)
            return
        except Elsewhere as error:
            # Another live process plays it: the browser retries (through the proxy's routing).
            await ws.send_json({"type": "error", **error_words(lang, error), "code": "elsewhere"})
            await ws.close(code=4409)
            return
        refused = connections.admit(address, lt.id)
        if refused is not None:
            await ws.send_json({"type": "error", **error_words(lang, refused), "code": "too_many_connections"})
            await ws.close(code=TOO_MANY_CLOSE_CODE, reason="too many connections")
            return
        conn = Conn(ws, address=address, lang=lang)
        try:
            await _serve_reader(ws, lt, conn, hello_seconds=options.hello_seconds)
        finally:
            connections.release(address, lt.id)
            if conn.shut is not None and conn.shut[0] == FLOOD_CLOSE_CODE:
                connections.flooded(address)

    # The websocket's route is matched first: each of its connections was matched against the 29
    # routes before it, twice (64 us of the room's loop a socket; a burst of 2,100 sockets, issue 40).
    # No other route can match a websocket: their order among themselves is kept.
    routes = app.router.routes
    routes.insert(0, routes.pop(next(k for k, r in enumerate(routes) if getattr(r, "path", None) == "/ws/{table_id}")))
    return app


_READERS = itertools.count()
"""A number for each reader without a seat token: its backlog key (:attr:`Conn.sender`)."""

NO_HELLO_CLOSE_CODE = 1008
"""A socket that said no hello in time (policy violation): a page always says it at once."""


async def _serve_reader(ws: WebSocket, lt: LiveTable, conn: Conn, *, hello_seconds: float = 15.0) -> None:
    """One reader of a table: hello, then its messages to the table's queue."""
    token = lang = None
    try:
        try:
            first = await asyncio.wait_for(ws.receive(), hello_seconds)
        except asyncio.TimeoutError:
            with contextlib.suppress(Exception):  # a close frame, not a dropped connection
                await ws.close(code=NO_HELLO_CLOSE_CODE, reason="hello expected")
            return
        if first.get("type") == "websocket.disconnect":
            return
        try:
            hello = parse(first.get("text"))
            if hello["type"] != "hello":
                raise ProtocolError("room.protocol.hello_first")
            token = hello.get("token")
            lang = hello.get("lang")
        except ProtocolError as error:  # said in the browser's language (no hello has said another)
            await ws.send_json({"type": "error", **error_words(conn.lang, error), "ref": "hello"})
    except (asyncio.TimeoutError, WebSocketDisconnect):
        return
    # Not the Conn itself: a Conn that names itself is a reference cycle (see wire.py's run_asgi).
    conn.sender = token if isinstance(token, str) and token else ("reader", next(_READERS))
    conn.task = asyncio.create_task(_sender(conn))
    await lt.queue.put(Command("attach", conn, {"token": token, "lang": lang}))
    try:
        while True:
            message = await ws.receive()
            if message["type"] == "websocket.disconnect":
                break
            if not conn.throttle.allow():
                # A script, not a person: closed at once. Answering each message with a
                # refusal cost the room's one loop more than the messages did.
                conn.shut_down(FLOOD_CLOSE_CODE, FLOODED)
                break
            try:
                data = parse(message.get("text") if message.get("text") is not None else message.get("bytes"))
            except ProtocolError as error:
                conn.send_json({"type": "error", **error_words(conn.lang, error)})
                continue
            if data["type"] == "hello":
                conn.send_json({"type": "error", **words(conn.lang, "room.error.already_greeted"), "ref": "hello"})
                continue
            if data["type"] == "lang":  # the reader's language: only what they are told changes
                conn.lang = reader_language(data["lang"], conn.lang)
                # What is made in their language (the coach's lines) is sent again in it now,
                # not at the table's next change.
                lt.offer(conn, "restate", {})  # refused only with many waiting: the next state is in it
                continue
            refused = lt.offer(conn, "msg", data)
            if refused is not None:
                conn.send_json({"type": "error", **error_words(conn.lang, refused), "ref": data["type"], "id": data.get("id")})
    except WebSocketDisconnect:
        pass
    finally:
        conn.closed = True
        await lt.queue.put(Command("detach", conn))
        with contextlib.suppress(asyncio.QueueFull):
            conn.queue.put_nowait(None)
        if conn.task is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(conn.task, 2)


SEND_BATCH = 64 * 1024
"""Characters of a reader's queued texts written to its socket at once (past one text): a
reader who fell behind gets what waits in one write, and the socket's buffer grows past its
high-water mark by one such batch at most before the sender waits for it again."""

STUCK_SECONDS = 10.0
"""A socket that takes this long to take what was written to it is stuck: closed."""


async def _sender(conn: Conn) -> None:
    """Write what is queued for ``conn`` to its socket, in order, until the end of its queue
    (None) or the connection is closed -- then nothing more is written but the close frame."""
    ws = conn.ws
    assert ws is not None
    wire = wire_of(ws)
    try:
        if wire is not None:
            await _send_through_wire(conn, wire)
        else:
            await _send_through_asgi(conn, ws)
    except Exception:  # noqa: BLE001 - the socket is gone or stuck
        pass
    finally:
        conn.closed = True
        code, reason = conn.shut or (1000, "")
        with contextlib.suppress(Exception):
            await ws.close(code=code, reason=reason)


async def _send_through_wire(conn: Conn, wire: RoomWebSocketProtocol) -> None:
    """Straight to uvicorn's protocol (:meth:`RoomWebSocketProtocol.send_texts`), what is
    waiting in one write, and a watch for a stuck socket only while it is behind: a 5 KB
    state to each of 300 readers cost the server 30 to 33 µs of CPU through Starlette and
    ASGI, 16 to 22 µs so (benchmarks/bench_wire.py, load 3)."""
    queue = conn.queue
    text = await queue.get()
    while text is not None and not conn.closed:
        if not wire.writable.is_set():  # the reader is behind: their kernel buffer is full
            async with asyncio.timeout(STUCK_SECONDS):
                await wire.writable.wait()
            if conn.closed:  # too slow (its queue filled meanwhile) or shut: nothing more
                break
        batch, size = [text], len(text)
        while size < SEND_BATCH and not queue.empty():
            text = queue.get_nowait()
            if text is None:
                break
            batch.append(text)
            size += len(text)
        wire.send_texts(batch)
        if text is not None:
            text = await queue.get()


async def _send_through_asgi(conn: Conn, ws: WebSocket) -> None:
    """Through Starlette's ``send_text`` (a server other than ``pokerdealer serve``'s uvicorn)."""
    text = await conn.queue.get()
    while text is not None and not conn.closed:
        # One watch for a burst, not a task and a timer per message (asyncio.wait_for: 6% of
        # a busy room's CPU at 100 tables).
        async with asyncio.timeout(STUCK_SECONDS):
            await ws.send_text(text)
            while not conn.closed and not conn.queue.empty():
                text = conn.queue.get_nowait()
                if text is None:
                    return
                await ws.send_text(text)
        text = await conn.queue.get()


def export_phh(lt: LiveTable, record: Any, *, own: Member | None = None) -> str:
    """One finished hand as PHH, hole cards only where shown (and ``own``'s, for
    their own copy), with the deck proof in ``_deck_root`` and ``_deck_reveal``."""
    from pokerdealer.rules import deal_order

    metadata = {
        "table": table_name(lt.settings.lang, lt.settings.name),
        "hand": record.number,
        "seats": [record.seats[i] for i in deal_order(record.hand.config)],
    }
    own_player = None if own is None else proofs.player_index(record, own)
    return proofs.hand_phh(record.hand, lt.summary(record.number)["fair"], metadata=metadata, own=own_player,
                           seven_deuce=seven_deuce.bounty_of(lt.state, record.number))


def export_pokerstars(lt: LiveTable, record: Any, *, token: str | None = None, hand_id: int | None = None) -> str:
    """One finished hand as PokerStars text. With the seat token of a player of
    the hand (header ``X-Seat-Token``) it is that player's history: ``Dealt to``
    them, their cards; otherwise nobody's unshown cards and no ``Dealt to``.
    ``hand_id`` is the hand's number in the room (:func:`db.room_hand_number`);
    ``None``: the table's own count."""
    import datetime

    from pokerdealer.history.pokerstars import hand_to_pokerstars

    hand = record.hand
    member = lt.by_token.get(hash_token(token)) if token else None
    player = proofs.player_index(record, member) if member is not None else None
    hero = hand.config.players[player] if player is not None else None
    facts = proofs.facts_of(lt.state, record.number)
    when = datetime.datetime.fromtimestamp(facts.started_at if facts is not None else time.time(), datetime.UTC)
    return hand_to_pokerstars(
        hand, hand_id=record.number if hand_id is None else hand_id, seats=list(record.seats), hero=hero,
        table=table_name(lt.settings.lang, lt.settings.name), max_seats=lt.settings.seats, when=when,
        seven_deuce=seven_deuce.bounty_of(lt.state, record.number),
    ) + "\n"
