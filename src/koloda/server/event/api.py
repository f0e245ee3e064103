"""The live event's HTTP and WebSocket endpoints (``docs/event-server.md``).

HTTP (JSON; errors are ``{"type": "error", "code": …, "message": …}`` as everywhere else;
``lang=ru`` gives refusals in Russian). A login is sent as ``Authorization: Bearer <login>``:

- ``GET /api/events/{id}`` — public facts: title, options, version;
- ``GET /api/events/{id}/time`` — the server's time in milliseconds (phones show deadlines
  from it, not from their own clocks);
- ``GET /api/events/{id}/view?lang=`` — the login's view (without a login: the public board);
- ``GET /api/events/{id}/me`` — who the login is: participant id, badge;
- ``GET /api/events/{id}/badges/{code}`` — whom a public badge names (id, name, role, team);
- ``POST /api/events/{id}/act`` — ``{"action": text, "lang": "ru"}``: one operation in the
  engine's text form, without its time (the server stamps it); answers ``{"type": "ack",
  "version", "at", "op"}`` with the stored text, or a refusal with nothing changed;
- ``GET /api/events/{id}/duels/{duel}`` — a phone duel's table and its witnesses' link;
- ``GET /api/events/{id}/duels/{duel}/seat`` — a duellist's own seat link at that table.

WebSocket ``/ws/events/{id}``: first ``{"type": "hello", "token": <login or null>, "lang"}``;
then ``op`` (``action``, optional ``id`` echoed back), ``lang`` and ``ping``. The server sends
``welcome``, the view in two parts — ``public`` (what every login and the board see alike, one
text for all, what changed) and ``private`` (the login's own part, only when a change concerns
it) with the new entries of each log; see ``docs/event-server.md`` — ``ack`` and ``error``.
Message size and rate limits are the tables' (``MAX_MESSAGE``, ``--message-rate``), and so
is the HTTP requests' rate: a login's requests count as the login's (the tables count a seat's),
a request without one as its client address's, each event apart; a ``lang`` message resends the
whole view a few times a minute at most, as at a table. A refusal is ``too_many`` (HTTP 429
with ``Retry-After``) and changes nothing.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, Literal

from fastapi import FastAPI, Header, Request, WebSocket
from pydantic import BaseModel, ConfigDict, Field

from koloda.server.app import field_check
from koloda.server.errors import ClientError
from koloda.server.event import bridge
from koloda.server.event.hub import EventHub
from koloda.server.event.room import MAX_BOARDS, MAX_LOGIN_CONNECTIONS, EventRoom
from koloda.server.limits import Bucket, Gate, TooMany, too_many
from koloda.server.room import Client

Lang = Literal["en", "ru"]


class OpBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    action: str = Field(max_length=2000)
    lang: Lang = "en"


def _events(request: Request | WebSocket) -> EventHub:
    events: EventHub = request.app.state.events
    return events


def count(request: Request, room: EventRoom, who: int | None, lang: str | None = None) -> None:
    """Count one request at ``room`` by login ``who`` (None: by the client's address) against
    the HTTP rate (the tables' limiter, :meth:`koloda.server.limits.Gate.http`); raises
    too_many beyond it, before anything is done, in ``lang`` (the request's, when it names
    one) as ``message`` and in Russian as ``message_ru``."""
    from koloda.server.app import _address

    gate: Gate = request.app.state.gate
    with _in(lang):
        gate.http(("event", room.id, "login", who) if who is not None
                  else ("event", room.id, "address", _address(request)))


def count_download(request: Request, room: EventRoom, who: int,
                   lang: str | None = None) -> None:
    """Count one export, backup or printout asked for by login ``who`` (each replays or
    renders the whole event: :attr:`koloda.server.limits.Limits.downloads_per_minute`)."""
    gate: Gate = request.app.state.gate
    with _in(lang):
        gate.download(("event", room.id, who))


@contextmanager
def _in(lang: str | None) -> Iterator[None]:
    """A limit's refusal raised inside, in ``lang``: its Russian words as its message too."""
    try:
        yield
    except TooMany as e:
        if lang != "ru" or "message_ru" not in e.extra:
            raise
        ru = str(e.extra["message_ru"])
        raise TooMany(ru, message_ru=ru, retry_after=e.retry_after) from None


def _login(room: EventRoom, authorization: str | None) -> int | None:
    from koloda.server.app import _bearer

    token = _bearer(authorization)
    return None if token is None else room.who_for_token(token)


def _must_login(room: EventRoom, authorization: str | None) -> int:
    who = _login(room, authorization)
    if who is None:
        raise ClientError("spectator", "open your login's link: the board cannot act")
    return who


def add_event_routes(app: FastAPI, *, message_rate: float) -> None:
    """Add the event endpoints to the server's ``app``."""

    @app.get("/api/events/{event_id}")
    async def event_info(event_id: str, request: Request) -> dict[str, Any]:
        room = await _events(request).get(event_id)
        count(request, room, None)
        return room.info()

    @app.get("/api/events/{event_id}/time")
    async def event_time(event_id: str, request: Request) -> dict[str, Any]:
        room = await _events(request).get(event_id)
        count(request, room, None)
        return {"now": room.now_ms()}

    @app.get("/api/events/{event_id}/view")
    async def event_view(event_id: str, request: Request, lang: Lang = "en",
                         authorization: str | None = Header(default=None)) -> dict[str, Any]:
        room = await _events(request).get(event_id)
        who = _login(room, authorization)
        count(request, room, who, lang)
        async with room.lock:
            return room.view(who, lang)

    @app.get("/api/events/{event_id}/me")
    async def event_me(event_id: str, request: Request,
                       authorization: str | None = Header(default=None)) -> dict[str, Any]:
        room = await _events(request).get(event_id)
        who = _must_login(room, authorization)
        count(request, room, who)
        return {"who": who, "badge": room.logins[who].badge, **bridge.person(room.state, who)}

    @app.get("/api/events/{event_id}/badges/{code}")
    async def event_badge(event_id: str, code: str, request: Request,
                          authorization: str | None = Header(default=None)) -> dict[str, Any]:
        room = await _events(request).get(event_id)
        try:  # a phone looks up a badge with its login: counted as the login's (one address
            who = _login(room, authorization)  # behind a proxy is every phone's)
        except ClientError:  # the lookup needs none
            who = None
        count(request, room, who)
        who = room.who_for_badge(code)
        return {"who": who, "badge": code, **bridge.person(room.state, who)}

    @app.post("/api/events/{event_id}/act")
    async def event_act(event_id: str, body: OpBody, request: Request,
                        authorization: str | None = Header(default=None)) -> dict[str, Any]:
        room = await _events(request).get(event_id)
        who = _must_login(room, authorization)
        count(request, room, who, body.lang)
        return await room.submit(who, body.action, body.lang)

    @app.get("/api/events/{event_id}/duels/{duel_id}")
    async def event_duel(event_id: str, duel_id: str, request: Request) -> dict[str, Any]:
        hub = _events(request)
        room = await hub.get(event_id)
        count(request, room, None)
        return await hub.duel_public(room, duel_id)

    @app.get("/api/events/{event_id}/duels/{duel_id}/seat")
    async def event_duel_seat(event_id: str, duel_id: str, request: Request,
                              authorization: str | None = Header(default=None)
                              ) -> dict[str, Any]:
        hub = _events(request)
        room = await hub.get(event_id)
        who = _must_login(room, authorization)
        count(request, room, who)
        return await hub.duel_seat(room, who, duel_id)

    @app.websocket("/ws/events/{event_id}")
    async def event_socket(websocket: WebSocket, event_id: str) -> None:
        await websocket.accept()
        await _serve(websocket, _events(websocket), event_id, message_rate)


#: The messages of an event's socket and their fields.
_FIELDS = {
    "hello": {"type", "token", "lang"},
    "op": {"type", "action", "id"},
    "lang": {"type", "lang", "id"},
    "ping": {"type", "id"},
}
_check_fields = field_check(_FIELDS)


async def _serve(websocket: WebSocket, hub: EventHub, event_id: str, rate: float) -> None:
    from koloda.server.app import serve_socket

    def admit(room: EventRoom, token: str | None, lang: str) -> Client:
        who = room.who_for_token(token) if token else None
        limit = MAX_BOARDS if who is None else MAX_LOGIN_CONNECTIONS
        if room.count(who) >= limit:
            raise too_many("event_sockets", "at most {n} open connection here; close another "
                           "page", "at most {n} open connections here; close another page",
                           limit)
        client = Client(who, lang)
        resends = websocket.app.state.gate.limits.full_resends_per_minute
        client.resends = Bucket(resends / 60.0, max(1.0, resends))
        return client

    async def refuse(room: EventRoom, client: Client, error: ClientError,
                     data: dict[str, Any] | None) -> None:
        _refuse(client, error, data or {})

    await serve_socket(websocket, lambda: hub.get(event_id), what="event", rate=rate,
                       check_fields=_check_fields, admit=admit, handle=_handle,
                       refuse=refuse)


def _refuse(client: Client, error: ClientError, data: dict[str, Any]) -> None:
    reply = error.to_json()
    if client.lang == "ru" and "message_ru" in reply:  # a limit's words, in the page's language
        reply["message"] = reply["message_ru"]
    if "id" in data:
        reply["id"] = data.get("id")
    client.push(reply)


async def _handle(room: EventRoom, client: Client, data: dict[str, Any]) -> None:
    from koloda.server.app import change_language

    kind = _check_fields(data)
    ident = data.get("id")
    if kind == "ping":
        client.push({"type": "pong", "id": ident, "now": room.now_ms()})
    elif kind == "hello":
        raise ClientError("malformed", "hello is sent once, first")
    elif kind == "lang":  # both parts and their logs whole again, in the other language
        await change_language(room, client, data.get("lang"), ident)
    elif client.seat is None:
        raise ClientError("spectator", "the board watches; open your login's link to act")
    else:
        ack = await room.submit(client.seat, data.get("action"), client.lang)
        client.push({**ack, "id": ident})
