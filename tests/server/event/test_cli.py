"""``koloda event …``: an event set up from a CSV, decks issued from templates, holdings,
export and replay, backup and restore; bad files one line saying where, nothing half-stored."""

from __future__ import annotations

import csv
import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from koloda.cli import app

pytest.importorskip("koloda.games.event")

EXAMPLE = Path(__file__).resolve().parents[3] / "docs" / "examples" / "event-participants.csv"
TEMPLATES = {"guard": ["punch", "kick", "block", "rapier_thrust", "rapier"],
             "musketeer": ["punch", "feint", "parry", "shot", "pistol"],
             "doctor": ["punch", "block", "dodge"], "npc": ["punch", "kick", "block"]}


def run(*args: str, lang: str = "en") -> Any:
    result = CliRunner().invoke(app, ["event", *args], env={"KOLODA_LANG": lang})
    return result


def _store(url: str) -> Any:
    from koloda.server.event.store import EventStore

    return EventStore(url)


@pytest.fixture
def url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'desk.db'}"


def _create(url: str, tmp_path: Path, *extra: str) -> str:
    r = run("create", str(EXAMPLE), "--title", "Бал", "--db", url, *extra)
    assert r.exit_code == 0, r.output
    store = _store(url)
    (event_id,) = store.ids()
    store.close()
    return str(event_id)


def test_an_event_from_the_example_csv_with_decks_from_templates(url: str,
                                                                 tmp_path: Path) -> None:
    r = run("create", str(EXAMPLE), "--title", "Бал", "--db", url, "-o", "deck_max=12",
            lang="ru")
    assert r.exit_code == 0, r.output
    assert "создана: участников 7, свободных мест 20" in r.output
    store = _store(url)
    (eid,) = store.ids()
    templates = tmp_path / "decks.json"
    templates.write_text(json.dumps(TEMPLATES), encoding="utf-8")
    r = run("issue", eid, "--templates", str(templates), "--participants", str(EXAMPLE),
            "--db", url)
    assert r.exit_code == 0, r.output
    assert "Issued 26 cards to 6 people." in r.output
    held = json.loads(run("holdings", eid, "--db", url, "--json").output)
    by_owner: dict[int, list[str]] = {}
    for c in held["cards"]:
        by_owner.setdefault(c["owner"], []).append(c["key"])
    assert sorted(by_owner[0]) == sorted(TEMPLATES["guard"])  # Анна: template guard
    assert sorted(by_owner[2]) == sorted(TEMPLATES["musketeer"])  # Вера
    assert sorted(by_owner[4]) == sorted(TEMPLATES["doctor"])  # the doctor, by her role
    assert 5 not in by_owner  # the master holds no cards
    assert len({c["serial"] for c in held["cards"]}) == 26
    out = tmp_path / "logins.csv"
    assert run("logins", eid, "--out", str(out), "--db", url).exit_code == 0
    rows = list(csv.DictReader(out.open(encoding="utf-8")))
    assert len(rows) == 7 and len({r["badge"] for r in rows}) == 7
    assert all(f"/e/{eid}#login=" in r["login"] for r in rows)
    store.close()


@pytest.mark.parametrize(("text", "where"), [
    ("name,role\nАнна,игрок\nБорис,врачь\n", "people.csv, line 3, column 2 (role): "),
    ("name,rank\nАнна,1\n", "people.csv, line 1, column 2: unknown column 'rank'"),
])
def test_a_bad_csv_is_one_line_and_nothing_is_created(url: str, tmp_path: Path, text: str,
                                                      where: str) -> None:
    bad = tmp_path / "people.csv"
    bad.write_text(text, encoding="utf-8")
    r = run("create", str(bad), "--title", "Бал", "--db", url)
    assert r.exit_code == 2
    lines = [ln for ln in r.output.splitlines() if ln.strip()]
    assert len(lines) == 1 and lines[0].startswith(f"error: {bad.parent}/{where}".replace(
        f"{bad.parent}/", str(bad.parent) + "/")), lines
    store = _store(url)
    assert store.ids() == []
    store.close()


def test_a_refused_issue_stores_nothing_for_anyone(url: str, tmp_path: Path) -> None:
    eid = _create(url, tmp_path, "-o", "deck_max=3")
    templates = tmp_path / "decks.json"
    templates.write_text(json.dumps(TEMPLATES), encoding="utf-8")
    r = run("issue", eid, "--templates", str(templates), "--participants", str(EXAMPLE),
            "--db", url, lang="ru")
    assert r.exit_code == 2
    assert r.output.startswith("ошибка: операция 1 из 6: issue 0 ") and "(E3)" in r.output
    assert _store(url).version(eid) == 0
    late = tmp_path / "late.csv"
    late.write_text("имя;роль;команда\nЕфим;игрок;Гвардия\nЖанна;врач;\n", encoding="utf-8")
    r = run("enroll", eid, str(late), "--db", url)
    assert r.exit_code == 0, r.output
    row = _store(url).load(eid)
    assert row is not None and len(row.logins) == 9 and row.version == 2
    assert [t.split(" @")[0] for _, t in row.ops] == ['enroll participant "Ефим" "Гвардия"',
                                                      'enroll doctor "Жанна"']


def test_export_replays_and_a_backup_restores_elsewhere(url: str, tmp_path: Path) -> None:
    from koloda.cli.replay import read_json
    from koloda.engine import GameRecord, replay
    from koloda.server.event.desk import Desk

    eid = _create(url, tmp_path)
    assert run("issue", eid, "--to", "0", "--cards", "punch,kick,block", "--db",
               url).exit_code == 0
    desk = Desk(_store(url), eid)
    card = desk.state.observe(0)["me"]["deck"][0]
    assert run("op", eid, f"discard {card}", "--as", "0", "--db", url).exit_code == 0
    out = tmp_path / "export"
    r = run("export", eid, "--out", str(out), "--db", url, lang="ru")
    assert r.exit_code == 0, r.output
    assert {p.name for p in out.iterdir()} == {"participants.csv", "cards.csv", "ledger.csv",
                                               "log.json"}
    ledger = list(csv.DictReader((out / "ledger.csv").open(encoding="utf-8")))
    assert [row["operation"].split()[0] for row in ledger] == ["issue", "discard"]
    assert ledger[1]["who_name"] == "Анна Берестова"
    cards = list(csv.DictReader((out / "cards.csv").open(encoding="utf-8")))
    assert {(c["serial"], c["pile"]) for c in cards if c["serial"] == card} == {(card,
                                                                                "discard")}
    people = (out / "participants.csv").read_text(encoding="utf-8")
    assert "login" not in people and "#" not in people  # no secrets in an export
    desk.reload()
    replayed = replay(GameRecord.from_json(read_json(out / "log.json")))
    assert replayed.to_json() == desk.state.to_json()
    assert run("replay", str(out / "log.json")).exit_code == 0
    backup = tmp_path / "backup.json"
    assert run("backup", eid, "--out", str(backup), "--db", url).exit_code == 0
    other = f"sqlite:///{tmp_path / 'other.db'}"
    r = run("restore", str(backup), "--db", other)
    assert r.exit_code == 0 and f"Event {eid} restored: 2 operations." in r.output
    a, b = _store(url).load(eid), _store(other).load(eid)
    assert a is not None and b is not None
    assert (a.ops, a.logins, a.setup, a.options, a.seed) == (b.ops, b.logins, b.setup,
                                                             b.options, b.seed)
    r = run("restore", str(backup), "--db", other)
    assert r.exit_code == 2 and "--replace" in r.output
    assert run("restore", str(backup), "--db", other, "--replace").exit_code == 0
