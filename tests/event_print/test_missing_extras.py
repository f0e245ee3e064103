"""Printing, QR codes and HTTPS without their extras (``print``: segno and fpdf2; ``tls``:
cryptography): the server answers 501 ``missing_extra`` naming the extra, in English and
Russian, not a 500; the commands say it in one ``error:`` line and start nothing.

The packages are made unimportable here as in an install without them (``None`` in
``sys.modules``); the core install's own test (``tests/test_core_install.py``) runs the same
parts where they were never installed."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from koloda.cli import app
from koloda.event_print import qr
from tests.server.event.conftest import BORIS, MASTER, auth, make_event

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def _without(monkeypatch: pytest.MonkeyPatch, *modules: str) -> None:
    for name in modules:
        monkeypatch.setitem(sys.modules, name, None)  # import raises ModuleNotFoundError
    qr.svg.cache_clear()  # codes made before, with segno
    qr.png.cache_clear()


def _missing(r: object, extra: str) -> None:
    status = r.status_code  # type: ignore[attr-defined]
    body = r.json()  # type: ignore[attr-defined]
    assert status == 501, body
    assert body["code"] == "missing_extra" and body["extra"] == extra, body
    assert body["message"].endswith(f", which is not installed: pip install 'koloda[{extra}]'")
    assert "не установлен" in body["message_ru"] and f"koloda[{extra}]" in body["message_ru"]


def test_the_servers_codes_and_documents_say_which_extra(server, db: Path,
                                                         monkeypatch: pytest.MonkeyPatch):
    eid, logins, badges = make_event(db)
    _without(monkeypatch, "segno", "segno.helpers")
    _missing(server.get(f"/api/events/{eid}/badges/{badges[BORIS]}/qr.svg"), "print")
    _missing(server.get(f"/api/events/{eid}/print/badges", headers=auth(logins[MASTER])),
             "print")
    monkeypatch.undo()
    _without(monkeypatch, "fpdf")
    _missing(server.get(f"/api/events/{eid}/print/roster", params={"format": "pdf"},
                        headers=auth(logins[MASTER])), "print")
    r = server.get(f"/api/events/{eid}/print/roster", params={"format": "pdf", "lang": "ru"},
                   headers=auth(logins[MASTER]))  # the print page asks in its language
    assert r.status_code == 501 and r.json()["message"] == (
        "печать в PDF требует пакет fpdf, а он не установлен: pip install 'koloda[print]'")
    # the rest of the server is untouched: the page, its state
    assert server.get(f"/e/{eid}").status_code == 200
    assert server.get(f"/api/events/{eid}/print/roster",
                      headers=auth(logins[MASTER])).status_code == 200


def test_the_commands_say_which_extra_in_one_line(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch):
    db = tmp_path / "k.db"
    eid, _, _ = make_event(db)
    url = f"sqlite:///{db}"
    _without(monkeypatch, "fpdf", "cryptography")
    runner = CliRunner()
    r = runner.invoke(app, ["event", "print", eid, "roster", "--db", url, "--out",
                            str(tmp_path / "out"), "--base-url", "http://10.0.0.1:8000"],
                      env={"KOLODA_LANG": "ru"})
    assert r.exit_code == 2, r.output
    (line,) = [x for x in r.output.splitlines() if x.startswith("ошибка:")]
    assert line == ("ошибка: печать в PDF требует пакет fpdf, а он не установлен: "
                    "pip install 'koloda[print]'"), r.output
    assert not (tmp_path / "out").exists()  # nothing made, nothing said before the error
    assert r.output.splitlines()[0].startswith("ошибка:"), r.output
    r = runner.invoke(app, ["event", "serve", "--host", "127.0.0.1", "--port", "9", "--db", url,
                            "--cert-dir", str(tmp_path / "tls")], env={"KOLODA_LANG": "en"})
    assert r.exit_code == 2, r.output
    assert re.search(r"^error: the HTTPS certificate of koloda event serve \(or plain HTTP: "
                     r"--http\) needs cryptography, which is not installed: "
                     r"pip install 'koloda\[tls\]'$", r.output, re.M), r.output
    assert not (tmp_path / "tls").exists()
