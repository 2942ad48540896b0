"""The room's HTTP edge: what every request and every response passes through.

- **Bodies are small.** A request body over :data:`MAX_BODY_BYTES` is answered
  413 before it is read in full: at once when its ``Content-Length`` says so,
  else (a chunked body) as soon as the bytes counted pass the limit. So no
  request can make the server buffer or parse (on the event loop every table
  shares) more than that.
- **A 422 names the field and the problem, never the input.** FastAPI's own
  answer echoes what was sent back (``input``); ours is one line, by catalog key
  (``room.request.*``) in the request's language (:func:`validation_words`).
- **Starlette's own 404 and 405** (no such path, a method a path does not
  take) are said by key too; any other HTTPException keeps its detail, under
  the key ``room.error.refused``: every refusal has a ``key``.
- **Security headers on every response** -- pages, API, static files, errors,
  404s and 500s: a Content-Security-Policy that runs scripts only from this
  origin and lets no other site frame a page, ``X-Content-Type-Options:
  nosniff``, ``Referrer-Policy: no-referrer``; served over TLS itself
  (``--certfile``), ``Strict-Transport-Security`` too.
- **HEAD is answered wherever GET is**: as the GET, without its body.

>>> content_security_policy().split("; ")[:3]
["default-src 'self'", "script-src 'self'", "style-src 'self' 'unsafe-inline'"]
>>> "connect-src 'self' wss:;" in content_security_policy(tls=True)
True
"""

from __future__ import annotations

from collections.abc import Mapping
from http import HTTPStatus
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exception_handlers import http_exception_handler
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from pokerdealer.i18n import CATALOGS
from pokerdealer.server.words import (  # noqa: F401 - the doctests use it
    REFUSED,
    Said,
    pick_language,
    reader_language,
    refusal_body,
    said_text,
)

__all__ = [
    "MAX_BODY_BYTES",
    "Edge",
    "content_security_policy",
    "install",
    "request_language",
    "validation_words",
]

MAX_BODY_BYTES = 64 * 1024
"""The largest request body accepted (every API body is well under 1 KB)."""

TOO_LARGE = Said("room.error.too_large", limit=MAX_BODY_BYTES)
SERVER_ERROR = Said("room.error.server_error")

HSTS = b"max-age=31536000"
"""A year: a browser that saw the room over TLS never asks it in plain HTTP again
(no ``includeSubDomains``: the room may share its domain with other sites)."""


def content_security_policy(*, tls: bool = False) -> str:
    """The pages' policy. Scripts only from this origin (the pages have no inline
    script or handler); inline *styles* stay allowed because the pages position
    seats with style attributes. Sockets: 'self' (which covers ws:/wss: of the same
    host), and over TLS ``wss:`` -- never a plain ``ws:``, and never the request's
    Host header, which is the client's to write (a policy that repeats it is
    theirs to shape, and a shared cache keeps it for everyone).

    >>> "connect-src 'self';" in content_security_policy()
    True
    """
    connect = "'self' wss:" if tls else "'self'"
    return "; ".join(
        (
            "default-src 'self'",
            "script-src 'self'",
            "style-src 'self' 'unsafe-inline'",
            "img-src 'self' data:",
            f"connect-src {connect}",
            "object-src 'none'",
            "base-uri 'none'",
            "form-action 'self'",
            "frame-ancestors 'none'",
        )
    )


def _header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope.get("headers", ()):
        if key == name:
            return value.decode("latin-1")
    return None


class Edge:
    """ASGI middleware: the body limit and the security headers (see the module)."""

    def __init__(self, app: ASGIApp, *, max_body: int = MAX_BODY_BYTES, tls: bool = False) -> None:
        self.app = app
        self.max_body = max_body
        self.extra = [
            (b"content-security-policy", content_security_policy(tls=tls).encode()),
            (b"x-content-type-options", b"nosniff"),
            (b"referrer-policy", b"no-referrer"),
            *([(b"strict-transport-security", HSTS)] if tls else []),
        ]

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        extra = self.extra
        head = scope["method"] == "HEAD"
        if head:  # the routes take GET: HEAD is that GET, its body left out (its length kept)
            scope = {**scope, "method": "GET"}
        started = False

        async def send_with_headers(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
                present = {key.lower() for key, _ in message.get("headers", ())}
                message = {**message, "headers": [*message.get("headers", ()), *(h for h in extra if h[0] not in present)]}
            elif head and message["type"] == "http.response.body":
                message = {**message, "body": b""}
            await send(message)

        lang = pick_language(_header(scope, b"accept-language"))  # the refusals below are said in it
        length = _header(scope, b"content-length")
        if length is not None and length.strip().isdigit() and int(length) > self.max_body:
            await _answer(send_with_headers, 413, refusal_body(lang, TOO_LARGE))
            return
        # Read the whole body here, counting (chunked bodies have no length to check):
        # it is small, and the application then reads it from memory.
        messages: list[Message] = []
        size = 0
        while True:
            message = await receive()
            messages.append(message)
            if message["type"] != "http.request":
                break
            size += len(message.get("body", b""))
            if size > self.max_body:
                await _answer(send_with_headers, 413, refusal_body(lang, TOO_LARGE))
                return
            if not message.get("more_body", False):
                break

        async def replay() -> Message:
            return messages.pop(0) if messages else await receive()

        try:
            await self.app(scope, replay, send_with_headers)
        except Exception:
            if not started:  # the 500 carries the headers too (Starlette's own would not)
                await _answer(send_with_headers, 500, refusal_body(lang, SERVER_ERROR), close=False)
            raise


async def _answer(send: Send, status: int, said: dict[str, Any], *, close: bool = True) -> None:
    """A JSON error sent straight from the edge (:func:`~pokerdealer.server.words.refusal_body`);
    ``close``: the rest of the body is not read."""
    body = JSONResponse(said).body
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
    if close:
        headers.append((b"connection", b"close"))
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


#: Pydantic's error types the catalog says in words (``room.request.<type>``).
_SAID = frozenset({
    "int_parsing", "int_type", "int_from_float", "int_parsing_size", "float_parsing", "float_type",
    "bool_parsing", "bool_type", "string_type", "list_type", "dict_type", "model_type",
    "model_attributes_type", "missing", "string_too_long", "greater_than_equal", "less_than_equal",
    "extra_forbidden",
})


def validation_words(errors: list[Any]) -> Said:
    """The refusal of a request of the wrong shape: each bad field named (in words
    where the catalog has its name) with what it should be -- never the input. A
    problem the catalog has no words for keeps Pydantic's English in English
    (``room.request.invalid``); the Chinese says the value is not accepted.

    >>> error = validation_words([{"loc": ("body", "seats"), "msg": "Input should be a valid integer",
    ...                            "input": "SECRET", "type": "int_type"}])
    >>> str(error), said_text("zh-Hant", error.key, error.params)
    ('seats: Input should be a valid integer', '座位數須為整數')
    >>> str(validation_words([{"loc": ("body", 7), "msg": "JSON decode error", "input": {}, "type": "json_invalid"}]))
    'the body is not valid JSON'
    >>> two = validation_words([{"loc": ("body", "x"), "msg": "odd", "type": "odd"}, {"loc": ("body",), "type": "missing"}])
    >>> str(two), said_text("zh-Hans", two.key, two.params)
    ('x: odd; body: Field required', 'x的值不被接受；缺少请求内容')
    """
    said = [_problem(error) for error in errors[:5]]
    if len(errors) > 5:
        said.append({"key": "room.request.more", "params": {"n": len(errors) - 5}})
    if not said:
        return Said("room.request.invalid", field="request", problem="invalid")
    while len(said) > 1:  # "a; b; c" as nested words, so a page can say them in its own language
        rest = said.pop()
        said[-1] = {"key": "room.request.and", "params": {"problem": said[-1], "rest": rest}}
    return Said(said[0]["key"], **said[0]["params"])


def _problem(error: Mapping[str, Any]) -> dict[str, Any]:
    """One validation error as ``{"key", "params"}`` (its ``input`` is never used)."""
    kind = str(error.get("type", ""))
    if kind == "json_invalid":
        return {"key": "room.request.not_json", "params": {}}
    loc = [str(p) for p in error.get("loc", ())]
    if len(loc) > 1 and loc[0] in ("body", "query", "path", "header"):
        loc = loc[1:]
    field: Any = ".".join(loc) or "request"
    for prefix in ("room.settings.field.", "room.request.field."):  # a setting named in words
        if prefix + field in CATALOGS["en"]:
            field = {"key": prefix + field, "params": {}}
            break
    if kind not in _SAID:
        return {"key": "room.request.invalid", "params": {"field": field, "problem": str(error.get("msg", "invalid"))}}
    # ctx holds the limits (max_length, ge, le, class_name), never the input.
    ctx = {k: v for k, v in (error.get("ctx") or {}).items() if isinstance(v, (int, float, str))}
    return {"key": f"room.request.{kind}", "params": {**ctx, "field": field}}


def request_language(request: Request) -> str:
    """The language a request is answered in: its ``lang`` if known, else its ``Accept-Language``'s."""
    return reader_language(request.query_params.get("lang"), pick_language(request.headers.get("accept-language")))


async def _validation_error(request: Request, error: Exception) -> JSONResponse:
    assert isinstance(error, RequestValidationError)
    return JSONResponse(refusal_body(request_language(request), validation_words(list(error.errors()))), status_code=422)


#: Starlette's own refusals (its English reason phrase as the detail), said by key.
_HTTP_WORDS = {404: "room.error.not_found", 405: "room.error.method_not_allowed"}


async def _http_error(request: Request, error: Exception) -> Response:
    """A path no route has, or a method it does not take: in the request's language.
    Any other HTTPException (one raised with its own detail) keeps its detail, under ``room.error.refused``."""
    assert isinstance(error, StarletteHTTPException)
    key = _HTTP_WORDS.get(error.status_code)
    if error.status_code < 400:
        return await http_exception_handler(request, error)  # not a refusal (a 304 has no body)
    if key is not None and error.detail == HTTPStatus(error.status_code).phrase:
        said = Said(key)
    else:  # raised with its own detail: kept, under a key all the same
        said = Said(REFUSED, text=str(error.detail))
    response = JSONResponse(refusal_body(request_language(request), said), status_code=error.status_code)
    response.headers.update(error.headers or {})  # a 405's Allow
    return response


def install(app: FastAPI, *, tls: bool = False) -> None:
    """Put the edge around ``app``: the middleware, the 422 answer and Starlette's 404 and 405 in words."""
    app.add_exception_handler(RequestValidationError, _validation_error)
    app.add_exception_handler(StarletteHTTPException, _http_error)
    app.add_middleware(Edge, tls=tls)
