"""The web application: lobby API, per-seat WebSockets and the static pages.

HTTP (JSON; errors are ``{"type": "error", "code": …, "message": …}`` with a fitting status):

- ``GET /api/games?lang=en`` — the registered games, their options and bots;
- ``GET /api/games/{game}/cards`` — the printed card catalogue for games whose views name
  cards by id only (Gwent);
- ``POST /api/tables`` — create a table: ``{"game", "players", "options", "seats": [{"kind":
  "human"|"bot", "bot", "name"}], "lang", "seed"}``; answers the table, the host token, one
  secret link per human seat and the spectator link;
- ``GET /api/tables/{id}`` — public facts about a table;
- ``GET /api/tables/{id}/links`` — the invitation links again (header ``X-Host-Token``);
- ``GET /api/tables/{id}/view?lang=`` — the caller's view (``Authorization: Bearer <seat
  token>``; without it, the spectator's view);
- ``POST /api/tables/{id}/act`` — ``{"action": text, "version": n}`` for the bearer's seat;
- ``POST /api/tables/{id}/again`` — the bearer asks for a new match with the same seats once the
  game is over; it starts when every person seated has asked (``again`` lists who has).

WebSocket ``/ws/{id}``: the first message is ``{"type": "hello", "token": <seat token or null>,
"lang": "en"|"ru"}``; then ``act`` (``action``, ``version``, optional ``id`` echoed back),
``again``, ``name``, ``lang``, ``auto`` (``on``: the seat's own automatic passes, see
:func:`koloda.action_words.auto_action`) and ``ping``. The server sends ``welcome``, ``state``
(the seat's observation, legal actions and the new entries of its log), ``table`` (seats and
presence), ``ack`` and ``error``. See ``docs/server.md``.

Seat tokens travel in the page's URL fragment (``/t/{id}#seat=…``), which browsers never send to
the server, and then in the WebSocket's first message, so they appear in no access log.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import AsyncIterator, Awaitable, Callable, MutableMapping
from contextlib import asynccontextmanager
from importlib.resources import files
from typing import Any, Literal, Protocol, TypeVar

from fastapi import FastAPI, Header, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict, Field, StrictInt
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.websockets import WebSocketDisconnect, WebSocketState

from koloda.extras import MissingExtra
from koloda.server.catalogue import catalogue
from koloda.server.errors import ClientError
from koloda.server.hub import Hub, SeatRequest, games_catalogue
from koloda.server.limits import Bucket, Gate, Limits, retry_after, take_resend, too_many
from koloda.server.room import Client, Room
from koloda.server.store import Store, default_url

log = logging.getLogger("koloda.server")

#: The largest HTTP body or WebSocket message a client may send, in bytes.
MAX_MESSAGE = 16 * 1024

#: A connection may send this many messages a second on average, in bursts of ``BURST``;
#: beyond that each message is refused (``too_many``) without being handled.
RATE = 20.0
BURST = 40.0

#: Open connections a seat may have at once (pages, devices), and spectators a table may have.
MAX_SEAT_CONNECTIONS = 8
MAX_SPECTATORS = 64

STATIC = files("koloda.server") / "static"

Lang = Literal["en", "ru"]


class SeatBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    kind: Literal["human", "bot"] = "human"
    bot: str | None = Field(default=None, max_length=64)
    name: str | None = Field(default=None, max_length=40)


class TableBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    game: str = Field(max_length=64)
    players: int | None = None
    options: dict[str, Any] = Field(default_factory=dict)
    seats: list[SeatBody] = Field(default_factory=list, max_length=16)
    lang: Lang = "en"
    seed: int | None = Field(default=None, ge=0, lt=2**63)


class ActBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    action: str = Field(max_length=2000)
    version: StrictInt  # "0", 0.0 and false are not versions (the WebSocket refuses them too)
    lang: Lang = "en"  # the language of a refusal


def _links(room: Room) -> dict[str, Any]:
    return {
        "table": room.id,
        "host_token": room.host_token,
        "spectator": f"/t/{room.id}",
        "seats": [
            {
                "seat": s.seat,
                "name": s.name,
                "kind": s.kind,
                "bot": s.bot_name,
                "token": s.token if s.kind == "human" else None,
                "link": f"/t/{room.id}#seat={s.token}" if s.kind == "human" else None,
            }
            for s in room.seats
        ],
    }


def _bearer(authorization: str | None) -> str | None:
    if authorization is None:
        return None
    scheme, _, token = authorization.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise ClientError("bad_token", "use 'Authorization: Bearer <seat token>'")
    return token.strip()


def _seat_of(room: Room, authorization: str | None) -> int:
    token = _bearer(authorization)
    if token is None:
        raise ClientError("spectator", "spectators cannot act; open your seat's link")
    return room.seat_for_token(token)


class BodyLimit:
    """Refuse HTTP bodies larger than ``limit`` bytes with 413, counting what actually arrives."""

    def __init__(self, app: Any, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(
        self, scope: MutableMapping[str, Any], receive: Callable[[], Awaitable[Any]],
        send: Callable[[Any], Awaitable[None]],
    ) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        for name, value in scope.get("headers", []):
            if name == b"content-length" and value.isdigit() and int(value) > self.limit:
                await _too_large(send, self.limit)
                return
        # read the whole body first, counting what arrives (a chunked body has no length),
        # and hand it on only when it is within the limit
        chunks: list[bytes] = []
        seen = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":  # the client left
                return
            body = message.get("body", b"")
            seen += len(body)
            if seen > self.limit:
                await _too_large(send, self.limit)
                return
            chunks.append(body)
            if not message.get("more_body", False):
                break
        whole = {"type": "http.request", "body": b"".join(chunks), "more_body": False}
        given = False

        async def replay() -> Any:
            nonlocal given
            if not given:
                given = True
                return whole
            return await receive()

        await self.app(scope, replay, send)


async def _too_large(send: Callable[[Any], Awaitable[None]], limit: int) -> None:
    body = json.dumps(
        ClientError("too_large", f"requests are limited to {limit} bytes").to_json(),
        allow_nan=False).encode()
    await send({"type": "http.response.start", "status": 413,
                "headers": [(b"content-type", b"application/json")]})
    await send({"type": "http.response.body", "body": body})


def create_app(
    db_url: str | None = None, *, bot_delay: float = 0.5, fixed_seeds: bool = False,
    message_rate: float = RATE, idle_minutes: float = 30.0, limits: Limits | None = None,
    event_check_seconds: float = 2.0,
) -> FastAPI:
    """The Koloda play server storing its tables at ``db_url`` (default: a SQLite file in
    ``.koloda/``); bots wait ``bot_delay`` seconds before each move so people can follow.

    A table's seed is the server's secret (whoever knew it could deal the game at home and know
    every card); ``fixed_seeds`` lets the lobby API choose it, for tests and demonstrations.
    Each WebSocket may send ``message_rate`` messages a second (bursts of twice as many).
    Live events' timers are checked every ``event_check_seconds``.
    A table unused for ``idle_minutes`` is unloaded from memory and replayed from the database
    when next asked for (0: never). ``limits``: what one client and all together may ask
    (:class:`koloda.server.limits.Limits`)."""
    limits = limits or Limits()
    gate = Gate(limits, message_rate)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        store = Store(db_url or default_url())
        hub = Hub(store, bot_delay=bot_delay, idle_seconds=idle_minutes * 60, limits=limits)
        await hub.restore()
        app.state.hub = hub
        unloader = asyncio.create_task(hub.unload_idle_forever(), name="unload-idle")
        from koloda.server.event.hub import EventHub  # live events (docs/event-server.md)

        app.state.events = EventHub(hub, check_seconds=event_check_seconds)
        await app.state.events.restore()
        scheduler = asyncio.create_task(app.state.events.run_forever(), name="event-timers")
        try:
            yield
        finally:
            scheduler.cancel()
            unloader.cancel()
            await hub.close()

    # no docs page: Swagger's page loads its script from a CDN; /openapi.json describes the API
    app = FastAPI(title="Koloda", lifespan=lifespan, docs_url=None, redoc_url=None)
    app.state.gate = gate

    def hub_of(request: Request | WebSocket) -> Hub:
        hub: Hub = request.app.state.hub
        return hub

    @app.exception_handler(ClientError)
    async def _client_error(_request: Request, exc: ClientError) -> JSONResponse:
        # a limit met says when to ask again (Retry-After), tables' and events' alike
        return JSONResponse(exc.to_json(), status_code=exc.status, headers=retry_after(exc))

    @app.exception_handler(StarletteHTTPException)
    async def _http_error(_request: Request, exc: StarletteHTTPException) -> JSONResponse:
        # Starlette's own refusals (no such route, wrong method, a body that is not JSON) in
        # the same shape as every other error
        if exc.status_code == 404:
            err = ClientError("not_found", "there is no such address")
        elif exc.status_code == 405:
            err = ClientError("method_not_allowed", "this address does not take that method")
        elif exc.status_code == 400:
            err = ClientError("malformed", f"malformed request: {exc.detail}")
        else:
            return JSONResponse({"type": "error", "code": "http", "message": str(exc.detail)},
                                status_code=exc.status_code, headers=exc.headers)
        return JSONResponse(err.to_json(), status_code=exc.status_code, headers=exc.headers)

    @app.exception_handler(MissingExtra)
    async def _missing_extra(request: Request, exc: MissingExtra) -> JSONResponse:
        # a part this install lacks (QR codes, PDF printing, …): which extra to install, in a
        # line, not a traceback (in the request's ?lang=, as the print route's own refusals);
        # nothing was changed
        from koloda.action_words import refusal_text

        ru = refusal_text("", exc, "ru")
        err = ClientError("missing_extra", ru if request.query_params.get("lang") == "ru"
                          else str(exc), message_ru=ru, extra=exc.extra)
        return JSONResponse(err.to_json(), status_code=err.status)

    @app.exception_handler(RecursionError)
    async def _nested(_request: Request, _exc: RecursionError) -> JSONResponse:
        err = ClientError("malformed", "malformed request: JSON nested too deeply")
        return JSONResponse(err.to_json(), status_code=400)

    @app.exception_handler(RequestValidationError)
    async def _invalid(_request: Request, exc: RequestValidationError) -> JSONResponse:
        parts = []
        for err in exc.errors():
            where = ".".join(str(x) for x in err.get("loc", ()) if x != "body")
            parts.append(f"{where}: {err.get('msg')}" if where else str(err.get("msg")))
        message = "malformed request: " + "; ".join(parts)
        return JSONResponse(ClientError("malformed", message).to_json(), status_code=400)

    @app.get("/api/games")
    async def games(lang: Lang = "en") -> list[dict[str, Any]]:
        return games_catalogue(lang)

    @app.get("/api/games/{game}/cards")
    async def game_cards(game: str) -> dict[str, Any]:
        found = catalogue(game)
        if found is None:
            raise ClientError("unknown_game", f"{game} has no separate card catalogue")
        return found

    @app.post("/api/tables", status_code=201)
    async def create_table(body: TableBody, request: Request) -> dict[str, Any]:
        gate.create_table(_address(request))
        if body.seed is not None and not fixed_seeds:
            raise ClientError(
                "invalid_option",
                "the seed is chosen by the server and kept secret (whoever knew it would know "
                "every card); a server started with --fixed-seeds accepts one",
            )
        room = await hub_of(request).create_table(
            game=body.game,
            players=body.players,
            options=body.options,
            seats=[SeatRequest(kind=s.kind, bot=s.bot, name=s.name) for s in body.seats],
            lang=body.lang,
            seed=body.seed,
        )
        return {**_links(room), "info": room.info(body.lang)}

    @app.get("/api/tables/{table_id}")
    async def table_info(table_id: str, request: Request, lang: Lang = "en") -> dict[str, Any]:
        room = await hub_of(request).get_room(table_id)
        gate.http((table_id, "info", _address(request)))  # the table's public state again
        return room.info(lang)

    @app.get("/api/tables/{table_id}/links")
    async def table_links(
        table_id: str, request: Request, x_host_token: str = Header(default="")
    ) -> dict[str, Any]:
        room = await hub_of(request).get_room(table_id)
        gate.http((table_id, "links", _address(request)))
        if not room.is_host(x_host_token):
            raise ClientError("bad_token", "only the table's host may see its invitations")
        return _links(room)

    @app.get("/api/tables/{table_id}/view")
    async def table_view(
        table_id: str, request: Request, lang: Lang = "en",
        authorization: str | None = Header(default=None),
    ) -> dict[str, Any]:
        room = await hub_of(request).get_room(table_id)
        token = _bearer(authorization)
        seat = None if token is None else room.seat_for_token(token)
        gate.http((table_id, seat if seat is not None else _address(request)))
        async with room.lock:
            return room.full_view(seat, lang)

    @app.post("/api/tables/{table_id}/act")
    async def table_act(
        table_id: str, body: ActBody, request: Request,
        authorization: str | None = Header(default=None),
    ) -> dict[str, Any]:
        room = await hub_of(request).get_room(table_id)
        seat = _seat_of(room, authorization)
        gate.http((table_id, seat))
        version = await room.act(seat, body.action, body.version, body.lang)
        return {"type": "ack", "version": version}

    @app.post("/api/tables/{table_id}/again")
    async def table_again(
        table_id: str, request: Request, authorization: str | None = Header(default=None)
    ) -> dict[str, Any]:
        room = await hub_of(request).get_room(table_id)
        seat = _seat_of(room, authorization)
        gate.http((table_id, seat))
        version = await room.play_again(seat)
        return {"type": "ack", "version": version, "again": sorted(room.again)}

    @app.websocket("/ws/{table_id}")
    async def table_socket(websocket: WebSocket, table_id: str) -> None:
        await websocket.accept()  # counted against the limits by _SocketGate
        await _serve_socket(websocket, hub_of(websocket), table_id, message_rate,
                            limits.full_resends_per_minute)

    @app.get("/", include_in_schema=False)
    async def lobby_page() -> Response:
        return _page("index.html")

    @app.get("/t/{table_id}", include_in_schema=False)
    async def table_page(table_id: str) -> Response:
        return _page("table.html")

    from koloda.server.event.api import add_event_routes

    add_event_routes(app, message_rate=message_rate)
    from koloda.server.event.printing import add_print_routes  # docs/event.md

    add_print_routes(app)
    from koloda.server.event.pages import add_event_pages  # the event's pages (issue 14)

    add_event_pages(app)
    from koloda.server.game_pages import add_game_page_routes  # each game's renderer

    add_game_page_routes(app)
    app.mount("/static", StaticFiles(directory=str(STATIC)), name="static")
    app.add_middleware(_BodyLimitMiddleware)
    app.add_middleware(_SecurityHeaders)
    app.add_middleware(_SocketGate, gate=gate)  # tables' and events' sockets alike
    return app


def _address(request: Request | WebSocket) -> str:
    """The client's address (the peer of the connection)."""
    return request.client.host if request.client is not None else "unknown"


class _SecurityHeaders:
    """The Content-Security-Policy (and its companions) on every HTTP answer: pages, scripts,
    JSON and errors alike."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.headers = [(k.lower().encode(), v.encode()) for k, v in SECURITY_HEADERS.items()]

    async def __call__(
        self, scope: MutableMapping[str, Any], receive: Callable[[], Awaitable[Any]],
        send: Callable[[Any], Awaitable[None]],
    ) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        started = False

        async def with_headers(message: Any) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
                names = {k.lower() for k, _ in message.get("headers", [])}
                extra = [(k, v) for k, v in self.headers if k not in names]
                message = {**message, "headers": [*message.get("headers", []), *extra]}
            await send(message)

        try:
            await self.app(scope, receive, with_headers)
        except Exception:
            # a failure of the server's own: answered here, with the headers, in the errors'
            # shape (Starlette's last-resort answer would come from outside this middleware,
            # without them), then raised on for the server's log
            if not started:
                body = json.dumps(ClientError(
                    "internal", "the server could not answer this request").to_json(),
                    allow_nan=False).encode()
                await send({"type": "http.response.start", "status": 500, "headers": [
                    (b"content-type", b"application/json"), *self.headers]})
                await send({"type": "http.response.body", "body": body})
            raise


class _SocketGate:
    """Every WebSocket (a table's, an event's) counted against the limits of open sockets per
    address and in all (:meth:`Gate.open_socket`); one beyond them is accepted only to be told
    ``too_many`` and closed with code 4429."""

    def __init__(self, app: Any, gate: Gate) -> None:
        self.app = app
        self.gate = gate

    async def __call__(
        self, scope: MutableMapping[str, Any], receive: Callable[[], Awaitable[Any]],
        send: Callable[[Any], Awaitable[None]],
    ) -> None:
        if scope["type"] != "websocket":
            await self.app(scope, receive, send)
            return
        client = scope.get("client")
        address = str(client[0]) if client else "unknown"
        try:
            self.gate.open_socket(address)
        except ClientError as e:
            if (await receive())["type"] == "websocket.connect":
                await send({"type": "websocket.accept"})
                await send({"type": "websocket.send",
                            "text": json.dumps(e.to_json(), allow_nan=False)})
                await send({"type": "websocket.close", "code": 4429})
            return
        try:
            await self.app(scope, receive, send)
        finally:
            self.gate.close_socket(address)


class _BodyLimitMiddleware(BodyLimit):
    def __init__(self, app: Any) -> None:
        super().__init__(app, MAX_MESSAGE)


#: The pages load scripts and styles from this server only and cannot be framed: a script
#: injected from elsewhere could read the seat's token from the page.
SECURITY_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
        "img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; "
        "form-action 'self'"
    ),
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
}
PAGE_HEADERS = {"Cache-Control": "no-cache", **SECURITY_HEADERS}


def _page(name: str) -> Response:
    path = STATIC / name
    return FileResponse(str(path), headers=PAGE_HEADERS)


# --- the WebSocket protocol ---------------------------------------------------------------------


async def _receive(websocket: WebSocket) -> dict[str, Any] | None:
    """The next message as a dict; None when the client left. Raises ClientError when it is
    too large or not a JSON object."""
    message = await websocket.receive()
    if message["type"] == "websocket.disconnect":
        return None
    text = message.get("text")
    if text is None:
        data = message.get("bytes") or b""
        if len(data) > MAX_MESSAGE:
            raise ClientError("too_large", f"messages are limited to {MAX_MESSAGE} bytes")
        raise ClientError("malformed", "messages are JSON text, not binary")
    if len(text) > MAX_MESSAGE:
        raise ClientError("too_large", f"messages are limited to {MAX_MESSAGE} bytes")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):  # RecursionError: nested too deeply
        raise ClientError("malformed", "a message must be a JSON object") from None
    if not isinstance(data, dict):
        raise ClientError("malformed", "a message must be a JSON object")
    return data


_FIELDS = {
    "hello": {"type", "token", "lang"},
    "act": {"type", "action", "version", "id"},
    "again": {"type", "id"},
    "name": {"type", "name", "id"},
    "lang": {"type", "lang", "id"},
    "ping": {"type", "id"},
    "auto": {"type", "on", "id"},
}


def field_check(fields: dict[str, set[str]]) -> Callable[[dict[str, Any]], str]:
    """The check of a socket protocol's messages (``fields``: each type's fields): it gives a
    message's type, or raises ClientError for an unknown type, an unknown field or an ``id``
    that is not a short number or text."""

    def check(data: dict[str, Any]) -> str:
        kind = data.get("type")
        if not isinstance(kind, str) or kind not in fields:
            raise ClientError(
                "malformed", f"unknown message type {kind!r}; known: {', '.join(fields)}"
            )
        extra = set(data) - fields[kind]
        if extra:
            raise ClientError("malformed",
                              f"unknown field(s) {sorted(extra)} in a {kind} message")
        ident = data.get("id")
        if ident is not None and not (
            isinstance(ident, int | str) and not isinstance(ident, bool) and len(str(ident)) <= 64
        ):
            raise ClientError("malformed", "id must be a short number or text")
        return kind

    return check


_check_fields = field_check(_FIELDS)


def _lang(value: Any) -> str:
    if value is None:
        return "en"
    if value not in ("en", "ru"):
        raise ClientError("malformed", "lang is 'en' or 'ru'")
    return str(value)


async def change_language(room: Any, client: Client, value: Any, ident: Any) -> bool:
    """A connection's ``lang`` message, at a table or an event: to the language it has, only
    acknowledged; to another, its view and log whole again in it, a few times a minute
    (:func:`~koloda.server.limits.take_resend`). Whether the language changed."""
    lang = _lang(value)
    if lang == client.lang:  # nothing to say again
        client.push({"type": "ack", "id": ident, "version": room.version})
        return False
    take_resend(client.resends)
    client.lang = lang
    async with room.lock:
        room.resend(client)
    return True


async def _send_now(websocket: WebSocket, message: dict[str, Any]) -> None:
    with contextlib.suppress(Exception):
        await websocket.send_text(json.dumps(message, allow_nan=False))


async def _writer(websocket: WebSocket, client: Client) -> None:
    """Drain the client's queue into its socket until told to stop or the socket fails."""
    try:
        while True:
            message = await client.queue.get()
            if message is None:
                break
            if isinstance(message, str):  # written once for many connections
                await websocket.send_text(message)
                continue
            try:
                text = json.dumps(message, separators=(",", ":"), allow_nan=False)
            except (TypeError, ValueError):  # a bug: say so and close, never fall silent
                log.exception("a message could not be written as JSON")
                await websocket.close(code=1011)
                return
            await websocket.send_text(text)
        if client.overflowed:
            await _send_now(websocket, ClientError(
                "internal", "too many messages were waiting; reconnect").to_json())
            await websocket.close(code=1013)
    except Exception:  # the client went away; the reader notices and cleans up
        return


async def read_hello(
    websocket: WebSocket, check_fields: Callable[[dict[str, Any]], str]
) -> tuple[str | None, str] | None:
    """The first message of a socket, which must be a hello (within 30 s): its token (None for
    a spectator) and language; None when the client left. Raises ClientError for a message that
    is not a proper hello, TimeoutError when none came (answer both with :func:`refuse_hello`).
    ``check_fields`` checks a message's type and fields for the socket's protocol."""
    hello = await asyncio.wait_for(_receive(websocket), timeout=30)
    if hello is None:
        return None
    if check_fields(hello) != "hello":
        raise ClientError("malformed", "the first message must be a hello")
    token = hello.get("token")
    if token is not None and not isinstance(token, str):
        raise ClientError("malformed", "token must be a text or null")
    return token, _lang(hello.get("lang"))


async def refuse_hello(websocket: WebSocket, error: ClientError | TimeoutError) -> None:
    """Answer a hello that cannot be taken, then close the socket with a fitting code."""
    err = error if isinstance(error, ClientError) else ClientError("malformed", "no hello")
    await _send_now(websocket, err.to_json())
    await websocket.close(code={"bad_token": 4403, "too_many": 4429}.get(err.code, 4400))


class SocketRoom(Protocol):
    """What :func:`serve_socket` needs of a table's or an event's room."""

    id: str
    lock: asyncio.Lock

    def join(self, client: Client) -> None: ...

    def leave(self, client: Client) -> None: ...


R = TypeVar("R", bound=SocketRoom)


async def serve_socket(
    websocket: WebSocket, find: Callable[[], Awaitable[R]], *, what: str, rate: float,
    check_fields: Callable[[dict[str, Any]], str],
    admit: Callable[[R, str | None, str], Client],
    handle: Callable[[R, Client, dict[str, Any]], Awaitable[None]],
    refuse: Callable[[R, Client, ClientError, dict[str, Any] | None], Awaitable[None]],
) -> None:
    """A socket's whole life at a room (a table's or an event's, ``find()`` gives it or raises
    :class:`ClientError`; ``what`` names it in the log), the same for both: the hello
    (``admit(room, token, lang)`` gives the connection or raises ClientError), its writer,
    joining and leaving the room, then each message under the rate limit through ``handle``;
    whatever is refused goes back through ``refuse`` (a failure of the server's own as
    ``internal``, logged), to this client only."""
    try:
        room = await find()
    except ClientError as e:
        await _send_now(websocket, e.to_json())
        await websocket.close(code=4404)
        return
    client: Client | None = None
    writer: asyncio.Task[None] | None = None
    try:
        try:
            hello = await read_hello(websocket, check_fields)
            if hello is None:
                return
            client = admit(room, *hello)
        except (ClientError, TimeoutError) as e:
            await refuse_hello(websocket, e)
            return
        writer = asyncio.create_task(_writer(websocket, client))
        async with room.lock:
            room.join(client)
        bucket = Bucket(rate, rate * BURST / RATE)
        while True:
            try:
                data = await _receive(websocket)
            except ClientError as e:
                await refuse(room, client, e, None)
                continue
            if data is None:
                break
            if not bucket.take():
                err = too_many("messages", "slow down: at most {n} message a second",
                               "slow down: at most {n} messages a second", rate)
                await refuse(room, client, err, data)
                continue
            try:
                await handle(room, client, data)
            except ClientError as e:
                await refuse(room, client, e, data)
            except Exception:  # a bug must not end the connection, nor reach other clients
                log.exception("handling a message at %s %s failed", what, room.id)
                err = ClientError("internal", "the server could not handle this message")
                await refuse(room, client, err, data)
    except WebSocketDisconnect:
        pass
    finally:
        if client is not None:
            async with room.lock:
                room.leave(client)
            client.push(None)
        if writer is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(writer, timeout=2)
            writer.cancel()
        if websocket.client_state == WebSocketState.CONNECTED:
            with contextlib.suppress(Exception):
                await websocket.close()


async def _serve_socket(
    websocket: WebSocket, hub: Hub, table_id: str, rate: float = RATE,
    resends_per_minute: float = Limits.full_resends_per_minute,
) -> None:
    def admit(room: Room, token: str | None, lang: str) -> Client:
        seat = room.seat_for_token(token) if token else None
        if seat is None and len(room.spectators) >= MAX_SPECTATORS:
            raise too_many("spectators", "a table has at most {n} spectator",
                           "a table has at most {n} spectators", MAX_SPECTATORS)
        if seat is not None and len(room.seats[seat].clients) >= MAX_SEAT_CONNECTIONS:
            raise too_many("seat_sockets", "a seat has at most {n} open connection; close "
                           "another page of this seat", "a seat has at most {n} open "
                           "connections; close another page of this seat", MAX_SEAT_CONNECTIONS)
        client = Client(seat, lang)
        client.resends = Bucket(resends_per_minute / 60.0, max(1.0, resends_per_minute))
        return client

    await serve_socket(websocket, lambda: hub.get_room(table_id), what="table", rate=rate,
                       check_fields=_check_fields, admit=admit, handle=_handle,
                       refuse=_refuse)


async def _refuse(
    room: Room, client: Client, error: ClientError, data: dict[str, Any] | None
) -> None:
    """Tell this client (only) why its message was refused; after a stale version, the
    current view if it was not queued to this connection already (every change is: a view is
    never sent twice, and never with the log entries it has)."""
    reply = error.to_json()
    if data is not None and "id" in data:
        reply["id"] = data.get("id")
    client.push(reply)
    if error.code == "stale_version":
        async with room.lock:
            if not room.has_current_view(client):
                client.push(room.view_for(client))


async def _handle(room: Room, client: Client, data: dict[str, Any]) -> None:
    kind = _check_fields(data)
    ident = data.get("id")
    if kind == "ping":
        client.push({"type": "pong", "id": ident})
    elif kind == "hello":
        raise ClientError("malformed", "hello is sent once, first")
    elif kind == "lang":
        if await change_language(room, client, data.get("lang"), ident):
            client.push({"type": "table", "table": room.info(client.lang)})
    elif client.seat is None:
        raise ClientError("spectator", "spectators watch; they cannot act")
    elif kind == "act":
        version = await room.act(client.seat, data.get("action"), data.get("version"),
                                 client.lang)
        client.push({"type": "ack", "id": ident, "version": version})
    elif kind == "again":
        version = await room.play_again(client.seat)
        client.push({"type": "ack", "id": ident, "version": version})
    elif kind == "auto":
        await room.set_auto(client.seat, data.get("on"))
        client.push({"type": "ack", "id": ident, "version": room.version})
    elif kind == "name":
        await room.rename(client.seat, data.get("name"))
        client.push({"type": "ack", "id": ident, "version": room.version})
