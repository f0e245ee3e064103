"""The masters' print routes (``docs/event.md``): the event's printed documents, as the
masters' desk asks for them with a master's login.

``GET /api/events/{id}/print/{document}?format=html|pdf&lang=ru&who=3,4&serial=Б-0137`` with
``Authorization: Bearer <a master's login>``; ``document`` is one of ``cards``, ``envelopes``,
``badges``, ``posters``, ``join``, ``roster``. The Wi-Fi of the join poster and the envelopes:
``ssid``, ``password``, ``security`` (it is printed on a public poster anyway). The site's
address printed in the QR codes is the one the request came to (``base`` overrides it), and
the certificate's fingerprint the one the server was started with (``koloda event serve``).

The page ``/e/{id}/print`` (opened with ``#login=…`` or after the desk, whose login it finds in
the browser's storage) fetches each document with the login in the header and offers it as a
PDF to save or opens it as an HTML page to print (a ``blob:`` URL), so the login never travels
in a URL. Only a master's login opens the documents: the envelopes carry every login.

``GET /koloda-cert.pem``: the certificate ``koloda event serve`` made (public), for a phone to
install as trusted instead of accepting the browser's warning.
"""

from __future__ import annotations

from typing import Literal

from fastapi import FastAPI, Header, Query, Request
from fastapi.responses import HTMLResponse, Response

from koloda.event_print import DOCUMENTS, PrintSource, Wifi
from koloda.server.errors import ClientError

Lang = Literal["en", "ru"]


def _say(lang: str | None, en: str, ru: str) -> str:
    return ru if lang == "ru" else en


def add_print_routes(app: FastAPI) -> None:
    """Add ``/api/events/{id}/print/{document}`` and the masters' print page
    ``/e/{id}/print`` (``static/print/print.html``) to ``app``."""

    @app.get("/koloda-cert.pem", include_in_schema=False)
    async def certificate() -> Response:
        """The server's own certificate (public), for a phone to install as trusted."""
        import os

        path = os.environ.get(CERT_ENV, "")
        try:
            with open(path, "rb") as f:
                pem = f.read()
        except OSError:
            raise ClientError("not_found", "this server was not started with Koloda's own "
                              "certificate") from None
        return Response(pem, media_type="application/x-x509-ca-cert",
                        headers={"Content-Disposition": 'attachment; filename="koloda.crt"'})

    @app.get("/e/{event_id}/print", include_in_schema=False)
    async def print_page(event_id: str) -> Response:
        from koloda.server.app import STATIC

        page = (STATIC / "print" / "print.html").read_text("utf-8")
        return HTMLResponse(page, headers={"Cache-Control": "no-cache"})

    @app.get("/api/events/{event_id}/print/{document}")
    async def event_print(
        event_id: str, document: str, request: Request,
        format: Literal["html", "pdf"] = "html",
        lang: Lang | None = None,
        who: str = Query(default="", max_length=2000),
        serial: str = Query(default="", max_length=4000),
        room: list[str] = Query(default=[]),  # noqa: B008 - FastAPI's way
        ssid: str = Query(default="", max_length=64),
        password: str = Query(default="", max_length=64),
        security: Literal["WPA", "WEP", "nopass"] = "WPA",
        base: str = Query(default="", max_length=200),
        authorization: str | None = Header(default=None),
    ) -> Response:
        from koloda.server.app import _bearer
        from koloda.server.event import bridge

        if document not in DOCUMENTS:
            raise ClientError("not_found", _say(
                lang, f"no document {document!r}: {', '.join(DOCUMENTS)}",
                f"нет документа «{document}»: {', '.join(DOCUMENTS)}"))
        room_obj = await request.app.state.events.get(event_id)
        token = _bearer(authorization)
        master = None if token is None else room_obj.who_for_token(token)
        if master is None or bridge.person(room_obj.state, master)["role"] != "master":
            raise ClientError("bad_token", _say(lang, "printing needs a master's login",
                                                "для печати нужен вход мастера"))
        from koloda.server.event.api import count_download  # a rendering of the whole event

        count_download(request, room_obj, master, lang or room_obj.row.lang)
        try:
            ids = frozenset(int(x) for x in who.split(",") if x.strip()) if who else None
        except ValueError:
            raise ClientError("malformed", _say(
                lang, "who: participant ids separated by commas",
                "who: номера участников через запятую")) from None
        serials = frozenset(s.strip() for s in serial.split(",") if s.strip()) \
            if serial else None
        base_url = base or str(request.base_url).rstrip("/")
        if not base_url.startswith(("http://", "https://")):
            raise ClientError("malformed", "base: http://… or https://…")
        async with room_obj.lock:
            src = PrintSource.build(
                event_id, room_obj.row.title, room_obj.state, list(room_obj.logins.values()),
                base_url, lang=lang or ("ru" if room_obj.row.lang == "ru" else "en"),
                wifi=Wifi(ssid, password, security) if ssid else None,
                fingerprint=_fingerprint(base_url), at_ms=room_obj.now_ms(), who=ids,
                serials=serials, rooms=tuple(room), version=room_obj.version)
            body = _render(document, format, src)
        headers = {"Cache-Control": "no-store"}
        if isinstance(body, bytes):
            headers["Content-Disposition"] = f'inline; filename="{event_id}-{document}.pdf"'
            return Response(body, media_type="application/pdf", headers=headers)
        return HTMLResponse(body, headers=headers)


def _render(document: str, fmt: str, src: PrintSource) -> bytes | str:
    from koloda.event_print import html, pdf

    if fmt == "pdf":
        return pdf.render(document, src)
    return html.render(document, src)


#: ``koloda event serve`` names its certificate here, for the join poster's fingerprint.
CERT_ENV = "KOLODA_TLS_CERT"


def _fingerprint(base_url: str) -> str:
    """The fingerprint of the certificate ``koloda event serve`` started this server with."""
    import os

    from koloda.server.tls import fingerprint_of

    path = os.environ.get(CERT_ENV, "")
    if not path or not base_url.startswith("https://"):
        return ""
    try:
        with open(path, "rb") as f:
            return fingerprint_of(f.read())
    except (OSError, ValueError):
        return ""


__all__ = ["CERT_ENV", "add_print_routes"]
