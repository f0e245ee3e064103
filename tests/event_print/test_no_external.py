"""A site without internet: nothing the server serves refers to another host. Every HTML, JS
and CSS file under the static directory, every page route the app has (the lobby, a table, the
event's pages when present), the printed documents and the API's description are scanned for
``http(s)://`` or ``//host`` references to anything but the server itself; the API has no
Swagger page (it loads its script from a CDN)."""

from __future__ import annotations

import re
from importlib.resources import files
from pathlib import Path

import pytest

from koloda.event_print import DOCUMENTS
from tests.server.event.conftest import MASTER, auth, make_event

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

#: A URL to some host: scheme-qualified, or protocol-relative in an attribute, url() or import.
EXTERNAL = re.compile(
    r"""(?:https?:)?//(?P<host>[A-Za-z0-9][A-Za-z0-9.-]*\.[A-Za-z]{2,}|\d+\.\d+\.\d+\.\d+"""
    r"""|localhost)(?::\d+)?""")
#: References that name a host without fetching from it (an XML namespace).
NOT_FETCHED = {"www.w3.org"}


def external(text: str, own: set[str]) -> list[str]:
    """The hosts other than ``own`` that ``text`` refers to.

    >>> external('<a href="https://cdn.example.com/x.js">', set())
    ['cdn.example.com']
    >>> external("// a comment: nothing here; a = b // c", set())
    []
    """
    found = []
    for m in EXTERNAL.finditer(text):
        host = m.group("host")
        start = m.start()
        scheme = text[start:start + 4] == "http"
        attribute = text[max(0, start - 7):start].rstrip().endswith(("=\"", "='", "(", "url(",
                                                                     "from \"", "import(\""))
        if (scheme or attribute) and host not in own and host not in NOT_FETCHED:
            found.append(host)
    return found


def static_files() -> list[Path]:
    root = Path(str(files("koloda.server") / "static"))
    return sorted(p for p in root.rglob("*") if p.suffix in (".html", ".js", ".css"))


def test_static_files_refer_to_no_other_host():
    scanned = static_files()
    assert any(p.name == "index.html" for p in scanned)
    bad = {str(p): external(p.read_text("utf-8"), set()) for p in scanned}
    assert {k: v for k, v in bad.items() if v} == {}


def test_served_pages_and_documents_refer_to_no_other_host(server, db: Path):
    eid, logins, _ = make_event(db)
    own = {"testserver"}
    pages = []
    for route in server.app.routes:
        path = getattr(route, "path", "")
        methods = getattr(route, "methods", set()) or set()
        if "GET" not in methods or path.startswith("/api/") or path.startswith("/ws"):
            continue
        pages.append(path.replace("{event_id}", eid).replace("{table_id}", "nosuch"))
    assert "/" in pages
    for path in pages:
        r = server.get(path)
        if r.headers.get("content-type", "").startswith(("text/html", "text/css",
                                                         "application/javascript",
                                                         "text/javascript")):
            assert external(r.text, own) == [], path
    for doc in DOCUMENTS:
        r = server.get(f"/api/events/{eid}/print/{doc}", headers=auth(logins[MASTER]),
                       params={"ssid": "Бал"})
        assert r.status_code == 200
        assert external(r.text, own) == [], doc
    assert server.get("/api/docs").status_code == 404  # no Swagger page from a CDN
    assert server.get("/redoc").status_code == 404
    assert external(server.get("/openapi.json").text, own) == []


def test_the_scan_finds_what_it_should():
    assert external('<script src="https://unpkg.com/x"></script>', set()) == ["unpkg.com"]
    assert external("<link href='//fonts.googleapis.com/css'>", set()) == [
        "fonts.googleapis.com"]
    assert external("@import url(//cdn.jsdelivr.net/a.css);", set()) == ["cdn.jsdelivr.net"]
    assert external('fetch("http://10.0.0.5:8000/api")', set()) == ["10.0.0.5"]
    assert external('el = document.createElementNS("http://www.w3.org/2000/svg", "svg")',
                    set()) == []
    assert external("http://testserver/e/x", {"testserver"}) == []
