"""The printed pages in a real browser (Debian's chromium): printed to PDF they have the
expected pages, the serials only on the faces; the QR codes the page shows decode back to the
serials, the links and the Wi-Fi (zxing-cpp on screenshots)."""

from __future__ import annotations

import io
import math
from pathlib import Path
from typing import Any

import pytest

from koloda.event_print import html
from koloda.event_print.content import card_sheets
from tests.event_print.conftest import BASE, WIFI, page_texts, source
from tests.server.conftest import db_url
from tests.server.event.conftest import ANNA, DECKS, make_event

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def _codes(png: bytes) -> set[str]:
    import zxingcpp
    from PIL import Image

    image = Image.open(io.BytesIO(png))
    return {r.text for r in zxingcpp.read_barcodes(image,
                                                   formats=zxingcpp.BarcodeFormat.QRCode)}


@pytest.fixture
def desk(tmp_path: Path) -> Any:
    from koloda.server.event.desk import Desk
    from koloda.server.event.store import EventStore

    db = tmp_path / "k.db"
    eid, _, _ = make_event(db)
    return Desk(EventStore(db_url(db)), eid)


def test_card_sheets_print_with_faces_and_backs_and_codes_read_back(browser, desk):
    src = source(desk)
    page = browser.new_page(viewport={"width": 900, "height": 1200}, device_scale_factor=3)
    try:
        page.set_content(html.render("cards", src))
        pdf = page.pdf(prefer_css_page_size=True, print_background=True)
        texts = page_texts(pdf)
        n = sum(len(v) for v in DECKS.values())
        assert len(texts) == 2 * math.ceil(n / 9)
        serials = list(desk.state.cards)
        assert all(not any(s in t for s in serials) for t in texts[1::2])
        assert sorted(s for t in texts[0::2] for s in serials if s in t) == sorted(serials)
        sheets = page.locator("section.sheet")
        first = {f.serial for f in card_sheets(src)[0].faces}
        assert _codes(sheets.nth(0).screenshot()) == first
        assert _codes(sheets.nth(1).screenshot()) == set()
    finally:
        page.close()


def test_envelope_sheet_shows_the_expected_codes(browser, desk):
    src = source(desk)
    logins = {lg.who: lg for lg in desk.row.logins}
    page = browser.new_page(viewport={"width": 900, "height": 1200}, device_scale_factor=2)
    try:
        page.set_content(html.render("envelopes", src))
        pdf = page.pdf(prefer_css_page_size=True, print_background=True)
        people = list(desk.state.enrolled())
        assert len(page_texts(pdf)) == len(people)
        anna = people.index(next(p for p in people if p.id == ANNA))
        shot = page.locator("section.sheet").nth(anna).screenshot()
        site = f"{BASE}/e/{desk.event_id}"
        assert _codes(shot) == {site, f"{site}#login={logins[ANNA].token}",
                                f"{site}#badge={logins[ANNA].badge}", WIFI.qr_data()}
    finally:
        page.close()


def test_the_masters_print_page_over_https(browser, tmp_path: Path, monkeypatch):
    """The print page served over HTTPS with Koloda's own certificate: a master's login saves
    the card sheets as a PDF and opens the join poster (with the certificate's fingerprint) to
    print; another login is refused in words."""
    import pypdf

    from koloda.server.event.printing import CERT_ENV
    from koloda.server.tls import ensure_certificate
    from tests.server.process import ServerProcess

    cert = ensure_certificate(tmp_path / "tls", ["127.0.0.1"])
    monkeypatch.setenv(CERT_ENV, str(cert.cert_path))
    db = tmp_path / "k.db"
    eid, logins, _ = make_event(db)
    proc = ServerProcess(db, tls=(cert.cert_path, cert.key_path)).start()
    context = browser.new_context(ignore_https_errors=True, accept_downloads=True,
                                  locale="ru-RU")
    try:
        page = context.new_page()
        page.goto(f"{proc.url}/e/{eid}/print#login={logins[0]}")
        assert "login" not in page.url  # the fragment is dropped from the address at once
        page.fill("#f-ssid", "Бал")
        with page.expect_download() as got:
            page.click('[data-doc="cards"] [data-format="pdf"]')
        saved = got.value.path()
        n = sum(len(v) for v in DECKS.values())
        assert len(pypdf.PdfReader(saved).pages) == 2 * math.ceil(n / 9)
        with context.expect_page() as popup:
            page.click('[data-doc="join"] [data-format="html"]')
        poster = popup.value
        poster.wait_for_load_state()
        text = poster.inner_text("body")
        assert "Подключитесь к игре" in text and cert.fingerprint in text
        page.set_viewport_size({"width": 360, "height": 740})
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
        import re

        latin = set(re.findall(r"[A-Za-z]+(?:-[A-Za-z]+)*", page.inner_text("main")))
        assert latin <= {"PDF", "Wi-Fi", "QR", "ENG", "A"}, latin  # ENG: the language switch
        other = context.new_page()
        other.goto(f"{proc.url}/e/{eid}/print#login={logins[ANNA]}")
        other.click('[data-doc="roster"] [data-format="pdf"]')
        other.wait_for_selector("#status.bad")
        assert "для печати нужен вход мастера" in other.inner_text("#status")
    finally:
        context.close()
        proc.stop()
