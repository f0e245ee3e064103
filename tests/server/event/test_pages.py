"""The event's pages and their own endpoints (``koloda.server.event.pages``): the pages are
served under the strict policy, badge and witness QR codes stand for the links they should
(the browser tests decode them as the pages show them), exports and backups are for masters
only."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from koloda.server.event.pages import qr_svg
from tests.server.event.conftest import ANNA, BORIS, MASTER, auth, make_event, ok

pytest.importorskip("koloda.games.event")


def test_the_pages_are_served_with_the_strict_policy(server: TestClient, db: Path) -> None:
    eid, _, _ = make_event(db)
    for path in (f"/e/{eid}", f"/e/{eid}/desk", f"/e/{eid}/board"):
        r = server.get(path)
        assert r.status_code == 200, path
        assert "script-src 'self'" in r.headers["content-security-policy"]
        assert '<script type="module" src="/static/event/' in r.text
        assert "onclick" not in r.text and "<script>" not in r.text
    assert server.get("/static/event/person.js").status_code == 200


def test_badge_and_witness_codes(server: TestClient, db: Path) -> None:
    eid, tokens, badges = make_event(db)
    r = server.get(f"/api/events/{eid}/badges/{badges[BORIS]}/qr.svg")
    assert r.status_code == 200
    assert r.headers["content-type"].startswith("image/svg+xml")
    assert r.content == qr_svg(f"http://testserver/e/{eid}#badge={badges[BORIS]}")
    assert r.content.startswith(b"<svg")
    unknown = "0000" if "0000" not in badges.values() else "00000"
    for code in (unknown, "x1", "1" * 9):
        r = server.get(f"/api/events/{eid}/badges/{code}/qr.svg")
        assert r.status_code == 404, code
        assert r.json()["type"] == "error"
    assert server.get(f"/api/events/{eid}/duels/d1/qr.svg").status_code == 404
    ok(server, eid, tokens[ANNA], f"attack {BORIS}")
    r = server.get(f"/api/events/{eid}/duels/d1/qr.svg")
    assert r.status_code == 200
    table = server.get(f"/api/events/{eid}/duels/d1").json()["witness"]
    assert r.content == qr_svg(f"http://testserver{table}")
    assert server.get(f"/api/events/{eid}/duels/x1/qr.svg").status_code == 404


def test_exports_and_backups_are_a_masters_only(server: TestClient, db: Path) -> None:
    eid, tokens, _ = make_event(db)
    ok(server, eid, tokens[ANNA], f"attack {BORIS}")
    for name in ("participants.csv", "cards.csv", "ledger.csv", "log.json"):
        assert server.get(f"/api/events/{eid}/export/{name}").status_code == 403
        r = server.get(f"/api/events/{eid}/export/{name}", headers=auth(tokens[ANNA]))
        assert r.status_code == 403, r.text
        r = server.get(f"/api/events/{eid}/export/{name}", headers=auth(tokens[MASTER]))
        assert r.status_code == 200, r.text
        assert "attachment" in r.headers["content-disposition"]
        for token in tokens.values():
            assert token not in r.text  # names only, no logins
    rows = list(csv.reader(io.StringIO(server.get(
        f"/api/events/{eid}/export/ledger.csv", headers=auth(tokens[MASTER])).text)))
    assert rows[-1][5] == f"attack {BORIS} @{rows[-1][2]}"
    assert server.get(f"/api/events/{eid}/export/secrets.txt",
                      headers=auth(tokens[MASTER])).status_code == 404
    assert server.get(f"/api/events/{eid}/backup", headers=auth(tokens[ANNA])).status_code == 403
    r = server.get(f"/api/events/{eid}/backup", headers=auth(tokens[MASTER]))
    assert r.status_code == 200
    backup = json.loads(r.text)
    assert {lg["token"] for lg in backup["logins"]} == set(tokens.values())
    assert backup["ops"][-1][1].startswith(f"attack {BORIS} @")


def test_who_has_a_page_open_is_a_masters_to_know(server: TestClient, db: Path) -> None:
    eid, tokens, _ = make_event(db)
    assert server.get(f"/api/events/{eid}/online", headers=auth(tokens[ANNA])).status_code == 403
    with server.websocket_connect(f"/ws/events/{eid}") as ws:
        ws.send_json({"type": "hello", "token": tokens[BORIS], "lang": "ru"})
        assert ws.receive_json()["type"] == "welcome"
        r = server.get(f"/api/events/{eid}/online", headers=auth(tokens[MASTER]))
        assert r.json() == {"online": [BORIS]}
