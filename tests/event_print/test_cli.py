"""``koloda event print``: every document written as PDF and HTML from the database, in the
event's language; mistakes one line on stderr and exit code 2, with nothing written."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from koloda.cli import app
from tests.event_print.conftest import decoded_qrs, page_texts

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "docs" / "examples" / "event-participants.csv"
DECKS = ROOT / "docs" / "examples" / "event-decks.json"

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def run(*args: str, lang: str = "ru"):
    return CliRunner().invoke(app, ["event", *args], env={"KOLODA_LANG": lang})


@pytest.fixture
def made(tmp_path: Path) -> tuple[str, str]:
    url = f"sqlite:///{tmp_path / 'k.db'}"
    r = run("create", str(EXAMPLE), "--title", "Бал в Петергофе", "--db", url, "--seed", "3")
    assert r.exit_code == 0, r.output
    eid = re.search(r"(?:Игра|Event) (\S+)", r.output).group(1)
    r = run("issue", eid, "--templates", str(DECKS), "--participants", str(EXAMPLE),
            "--db", url)
    assert r.exit_code == 0, r.output
    return eid, url


def test_print_everything_as_pdf_and_html(made, tmp_path: Path):
    eid, url = made
    out = tmp_path / "print"
    r = run("print", eid, "--db", url, "--out", str(out), "--format", "both",
            "--base-url", "https://10.42.0.1:8000", "--wifi-ssid", "Петергоф",
            "--wifi-password", "bal-2026")
    assert r.exit_code == 0, r.output
    names = sorted(p.name for p in out.iterdir())
    docs = ["badges", "cards", "envelopes", "join", "posters", "report", "roster"]
    assert names == sorted(f"{eid}-{d}.{x}" for d in docs for x in ("html", "pdf"))
    # 35 cards issued (four players of 7, the doctor 3, the NPC 4): 4 sheets, faces and backs
    pages = {d: len(page_texts((out / f"{eid}-{d}.pdf").read_bytes())) for d in docs}
    assert pages == {"cards": 2 * 4, "envelopes": 7, "badges": 1, "posters": 5, "join": 1,
                     "roster": 1, "report": 1}
    assert "Записано:" in r.output and "8 страниц" in r.output and "1 страница" in r.output
    (codes,) = decoded_qrs((out / f"{eid}-join.pdf").read_bytes())
    assert codes == {"WIFI:T:WPA;S:Петергоф;P:bal-2026;;", f"https://10.42.0.1:8000/e/{eid}"}


def test_print_one_document_for_some_people_and_a_reprint(made, tmp_path: Path):
    eid, url = made
    out = tmp_path / "p"
    r = run("print", eid, "envelopes", "badges", "--who", "0,1", "--db", url, "--out",
            str(out), "--lang", "en")
    assert r.exit_code == 0, r.output
    texts = page_texts((out / f"{eid}-envelopes.pdf").read_bytes())
    assert len(texts) == 2 and "Participant's envelope" in texts[0]
    holdings = json.loads(run("holdings", eid, "--db", url, "--json").output)
    serial = holdings["cards"][0]["serial"]
    r = run("print", eid, "cards", "--serial", serial, "--db", url, "--out", str(out))
    assert r.exit_code == 0, r.output
    faces = page_texts((out / f"{eid}-cards.pdf").read_bytes())
    assert len(faces) == 2 and serial in faces[0] and serial not in faces[1]


@pytest.mark.parametrize(("args", "says"), [
    (["nonsense"], "неизвестный документ «nonsense»"),
    (["cards", "--serial", "Я-0000"], "в этой игре нет карты Я-0000"),
    (["cards", "--who", "x"], "--who: номера участников через запятую"),
    (["cards", "--format", "doc"], "--format: pdf, html или both"),
])
def test_mistakes_are_one_line_and_write_nothing(made, tmp_path: Path, args, says):
    eid, url = made
    out = tmp_path / "none"
    r = run("print", eid, *args, "--db", url, "--out", str(out))
    assert r.exit_code == 2
    assert says in r.output and len(r.output.strip().splitlines()) == 1
    assert not out.exists()
