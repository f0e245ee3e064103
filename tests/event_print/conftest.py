"""Shared helpers of the printing tests: the event server tests' event (``make_event``) read
back as a print source; QR codes decoded from rendered PDF pages by zxing-cpp."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest

from koloda.event_print import PrintSource, Wifi
from koloda.server.event.desk import Desk
from koloda.server.event.store import EventStore
from tests.server.conftest import db, db_url  # noqa: F401 - fixtures
from tests.server.event.conftest import T0, clock, make_event, server  # noqa: F401 - fixtures

BASE = "https://192.168.1.10:8000"
WIFI = Wifi("Бал-WiFi", "secret-12")


@pytest.fixture
def event(db: Path) -> tuple[str, dict[int, str], dict[int, str], Desk]:  # noqa: F811
    eid, logins, badges = make_event(db)
    desk = Desk(EventStore(db_url(db)), eid)
    return eid, logins, badges, desk


def source(desk: Desk, **kw: Any) -> PrintSource:
    kw.setdefault("wifi", WIFI)
    kw.setdefault("lang", "ru")
    return PrintSource.build(desk.event_id, desk.row.title, desk.state, desk.row.logins, BASE,
                             at_ms=T0, version=len(desk.state.history), **kw)


def pdf_pages(data: bytes) -> list[Any]:
    import pypdf

    return list(pypdf.PdfReader(io.BytesIO(data)).pages)


def page_texts(data: bytes) -> list[str]:
    return [p.extract_text() or "" for p in pdf_pages(data)]


def decoded_qrs(data: bytes, scale: float = 3.0) -> list[set[str]]:
    """The text of every QR code each page of the PDF shows, read from the page rendered as
    an image (pdfium) by a QR decoder (zxing-cpp)."""
    import pypdfium2 as pdfium
    import zxingcpp

    out = []
    doc = pdfium.PdfDocument(data)
    try:
        for i in range(len(doc)):
            image = doc[i].render(scale=scale).to_pil()
            found = zxingcpp.read_barcodes(image, formats=zxingcpp.BarcodeFormat.QRCode)
            out.append({r.text for r in found})
    finally:
        doc.close()
    return out
