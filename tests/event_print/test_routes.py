"""The masters' print route: a master's login only, the documents as PDF and HTML from the
running server's state, refusals in the language asked for."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from tests.event_print.conftest import decoded_qrs, pdf_pages
from tests.server.event.conftest import ANNA, DECKS, DINA, MASTER, auth, deck, make_event, ok

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def test_print_needs_a_masters_login(server, db: Path):
    eid, logins, _ = make_event(db)
    url = f"/api/events/{eid}/print/envelopes"
    assert server.get(url).status_code == 403
    r = server.get(url, headers=auth(logins[ANNA]), params={"lang": "ru"})
    assert r.status_code == 403 and r.json()["message"] == "для печати нужен вход мастера"
    assert server.get(url, headers=auth("nobody")).status_code == 403
    r = server.get(f"/api/events/{eid}/print/secrets", headers=auth(logins[MASTER]))
    assert r.status_code == 404
    assert server.get("/api/events/nope/print/cards",
                      headers=auth(logins[MASTER])).status_code == 404


def test_card_sheets_as_pdf_from_the_live_state(server, db: Path):
    eid, logins, _ = make_event(db)
    r = server.get(f"/api/events/{eid}/print/cards", params={"format": "pdf"},
                   headers=auth(logins[MASTER]))
    assert r.status_code == 200 and r.headers["content-type"] == "application/pdf"
    assert r.headers["cache-control"] == "no-store"
    n = sum(len(v) for v in DECKS.values())
    assert len(pdf_pages(r.content)) == 2 * math.ceil(n / 9)


def test_envelope_html_and_pdf_links_start_at_the_servers_address(server, db: Path):
    eid, logins, badges = make_event(db)
    first = deck(server, eid, logins[DINA])[0]
    ok(server, eid, logins[DINA], f"discard {first}")
    r = server.get(f"/api/events/{eid}/print/envelopes",
                   params={"format": "pdf", "who": str(DINA), "ssid": "Бал"},
                   headers=auth(logins[MASTER]))
    assert r.status_code == 200
    (codes,) = decoded_qrs(r.content)
    site = f"http://testserver/e/{eid}"
    assert codes == {site, f"{site}#login={logins[DINA]}", f"{site}#badge={badges[DINA]}",
                     "WIFI:S:Бал;;"}
    h = server.get(f"/api/events/{eid}/print/roster", params={"lang": "en"},
                   headers=auth(logins[MASTER]))
    assert h.status_code == 200 and h.headers["content-type"].startswith("text/html")
    assert "Roster of holdings" in h.text and logins[DINA] not in h.text
    assert f"<td class=mono>{first}</td>" in h.text  # Дина's discard, as the server has it
    bad = server.get(f"/api/events/{eid}/print/cards", params={"who": "x", "lang": "ru"},
                     headers=auth(logins[MASTER]))
    assert bad.status_code == 400 and "через запятую" in bad.json()["message"]


def test_the_servers_certificate_for_phones_to_install(server, tmp_path: Path, monkeypatch):
    from koloda.server.event.printing import CERT_ENV
    from koloda.server.tls import ensure_certificate

    assert server.get("/koloda-cert.pem").status_code == 404
    cert = ensure_certificate(tmp_path / "tls", ["127.0.0.1"])
    monkeypatch.setenv(CERT_ENV, str(cert.cert_path))
    r = server.get("/koloda-cert.pem")
    assert r.status_code == 200 and r.content == cert.cert_path.read_bytes()
    assert b"PRIVATE" not in r.content
