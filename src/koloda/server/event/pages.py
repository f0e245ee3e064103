"""The live event's web pages and the few endpoints only they need (issue 14).

Pages (static files under ``static/event/``; the login travels in the URL's fragment,
``#login=…``, which browsers never send, and is kept in the phone's ``localStorage``):

- ``/e/{id}`` — a person's page: a participant's piles, status and operations on a phone;
  a doctor's and an NPC's tools below their own cards; a master is sent to the desk;
- ``/e/{id}/desk`` — the masters' desk (a laptop);
- ``/e/{id}/board`` — the public board for the tavern's screen, and the witnesses' entry:
  a typed duel code opens that duel's public view at its table (``/t/{table}``).

Endpoints:

- ``GET /api/events/{id}/badges/{code}/qr.svg`` — the QR code (SVG, ``segno``) of the link
  ``/e/{id}#badge={code}``: another participant's phone camera opens the page with this
  badge filled in (to challenge, attack, exchange with, admit or show cards to its holder);
- ``GET /api/events/{id}/duels/{duel}/qr.svg`` — the QR code of a phone duel's witness link;
- ``GET /api/events/{id}/export/{name}`` — a master's download of one file of
  ``koloda event export`` (``participants.csv``, ``cards.csv``, ``ledger.csv``, ``log.json``;
  names only, no logins);
- ``GET /api/events/{id}/online`` — a master's list of the participants with a page open now
  (the desk's "phone connected" column);
- ``GET /api/events/{id}/backup`` — a master's download of ``koloda event backup`` (the whole
  record with its logins: secret).

The links in the codes start with the address the page was opened at (the request's own
base URL), so a code shown on a phone opens on the other phone over the same Wi-Fi.
"""

from __future__ import annotations

import io
import re
from types import SimpleNamespace
from typing import Any

from fastapi import FastAPI, Header, Request, Response

from koloda.server.errors import ClientError
from koloda.server.event import bridge
from koloda.server.event.room import EventRoom
from koloda.server.event.store import EventRow

_BADGE = re.compile(r"^\d{1,8}$")
_DUEL = re.compile(r"^d[1-9]\d{0,6}$")


def qr_svg(text: str) -> bytes:
    """``text`` as a QR code in SVG (black on white, a quiet zone of 4 modules)."""
    from koloda.extras import require

    segno = require("segno", extra="print", what="making QR codes")
    out = io.BytesIO()
    segno.make(text, error="m").save(out, kind="svg", scale=4, border=4, xmldecl=False,
                                     svgns=True, title=None, dark="#000", light="#fff")
    return out.getvalue()


def _svg(data: bytes) -> Response:
    return Response(data, media_type="image/svg+xml",
                    headers={"Cache-Control": "no-cache", "X-Content-Type-Options": "nosniff"})


def _base(request: Request) -> str:
    return str(request.base_url).rstrip("/")


_EXPORTS = {"participants.csv": "text/csv", "cards.csv": "text/csv", "ledger.csv": "text/csv",
            "log.json": "application/json"}


def _master(room: EventRoom, authorization: str | None) -> int:
    from koloda.server.event.api import _must_login

    who = _must_login(room, authorization)
    if bridge.person(room.state, who)["role"] != "master":
        raise ClientError("bad_token", "only a master downloads the event's exports and backups")
    return who


async def _stored(room: EventRoom) -> EventRow:
    row = await room.store_call(room.store.load, room.id)
    if not isinstance(row, EventRow):
        raise ClientError("unknown_event", "this event no longer exists")
    return row


def _download(text: str, name: str, media: str) -> Response:
    return Response(text.encode("utf-8"), media_type=f"{media}; charset=utf-8",
                    headers={"Cache-Control": "no-store",
                             "Content-Disposition": f'attachment; filename="{name}"'})


def add_event_pages(app: FastAPI) -> None:
    """Add the event's pages, QR codes, exports and backups to the server's ``app``."""
    from koloda.server.app import _page
    from koloda.server.event import exports
    from koloda.server.event.api import _events, count, count_download

    @app.get("/api/events/{event_id}/export/{name}")
    async def event_export(event_id: str, name: str, request: Request, lang: str = "ru",
                           authorization: str | None = Header(default=None)) -> Response:
        room = await _events(request).get(event_id)
        count_download(request, room, _master(room, authorization), lang)
        if name not in _EXPORTS:
            raise ClientError("not_found", f"the exports are {', '.join(_EXPORTS)}")
        row = await _stored(room)
        game, state = bridge.load(row)
        text = exports.files(SimpleNamespace(state=state, row=row, game=game),
                             "ru" if lang == "ru" else "en")[name]
        return _download(text, f"{room.id}-{name}", _EXPORTS[name])

    @app.get("/api/events/{event_id}/online")
    async def event_online(event_id: str, request: Request,
                           authorization: str | None = Header(default=None)) -> dict[str, Any]:
        room = await _events(request).get(event_id)
        count(request, room, _master(room, authorization))
        return {"online": sorted(w for w, c in room.clients.items() if w is not None and c)}

    @app.get("/api/events/{event_id}/backup")
    async def event_backup(event_id: str, request: Request, lang: str | None = None,
                           authorization: str | None = Header(default=None)) -> Response:
        room = await _events(request).get(event_id)
        # a refusal in the language asked for, else the event's (as a printout's)
        count_download(request, room, _master(room, authorization), lang or room.row.lang)
        row = await _stored(room)
        from koloda.server.event.store import json_text  # a NaN refused, never written

        return _download(json_text(row.to_json(), "the event's record"),
                         f"{room.id}-backup.json", "application/json")

    @app.get("/e/{event_id}", include_in_schema=False)
    async def person_page(event_id: str) -> Response:
        return _page("event/person.html")

    @app.get("/e/{event_id}/desk", include_in_schema=False)
    async def desk_page(event_id: str) -> Response:
        return _page("event/desk.html")

    @app.get("/e/{event_id}/board", include_in_schema=False)
    async def board_page(event_id: str) -> Response:
        return _page("event/board.html")

    @app.get("/api/events/{event_id}/badges/{code}/qr.svg")
    async def badge_qr(event_id: str, code: str, request: Request) -> Response:
        room = await _events(request).get(event_id)
        if not _BADGE.match(code):
            raise ClientError("not_found", f"no one at this event has the badge {code!r}")
        room.who_for_badge(code)
        return _svg(qr_svg(f"{_base(request)}/e/{room.id}#badge={code}"))

    @app.get("/api/events/{event_id}/duels/{duel_id}/qr.svg")
    async def duel_qr(event_id: str, duel_id: str, request: Request) -> Response:
        hub = _events(request)
        room = await hub.get(event_id)
        if not _DUEL.match(duel_id):
            raise ClientError("not_found", "there is no such duel played on phones here")
        public = await hub.duel_public(room, duel_id)
        return _svg(qr_svg(f"{_base(request)}{public['witness']}"))
