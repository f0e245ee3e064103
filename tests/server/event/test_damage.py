"""A careless operator's database, for events as for tables (``tests/server/test_damage.py``):
rows that do not make a whole record are refused with their reason in both languages, read in
one snapshot and changed by nothing; every other event starts as usual."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import delete, update

pytest.importorskip("koloda.games.event")

from koloda.server.event.store import EventStore, events_t, logins_t, ops_t
from koloda.server.store import Damaged
from tests.server.conftest import db_url, make_client
from tests.server.event.conftest import T0, VERA, deck, make_event, ok, view

ON_POSTGRESQL = os.environ.get("KOLODA_TEST_DATABASE_URL", "").startswith("postgresql")


def _events(db: Path) -> list[str]:
    """Three stored events, each with three operations (Вера discards three cards)."""
    ids = []
    with make_client(db) as c:
        for _ in range(3):
            eid, tokens, _ = make_event(db)
            for _ in range(3):
                ok(c, eid, tokens[VERA], f"discard {deck(c, eid, tokens[VERA])[0]}")
            ids.append(eid)
    return ids


def _damage(db: Path, statement: Any) -> None:
    store = EventStore(db_url(db))
    with store.engine.begin() as conn:
        conn.execute(statement)
    store.close()


def _rows(db: Path, eid: str) -> list[tuple[Any, ...]]:
    store = EventStore(db_url(db))
    with store.engine.connect() as c:
        rows = [tuple(r) for t in (events_t, logins_t)
                for r in c.execute(t.select().where(
                    (t.c.id if t is events_t else t.c.event_id) == eid))]
        rows += [tuple(r)[:4] for r in c.execute(
            ops_t.select().where(ops_t.c.event_id == eid).order_by(ops_t.c.n))]
    store.close()
    return rows


def _refused(c: TestClient, eid: str, words: str) -> None:
    r = c.get(f"/api/events/{eid}")
    assert r.status_code == 409, r.text
    body = r.json()
    assert body["code"] == "broken_event"
    assert words in body["reason"], body
    assert body["reason_ru"] and body["message_ru"].startswith(f"игру {eid} нельзя открыть")
    assert "discard" not in r.text and "Б-" not in r.text  # rows and numbers, no cards
    # the views and the WebSocket say the same
    assert c.get(f"/api/events/{eid}/view").json()["code"] == "broken_event"
    with c.websocket_connect(f"/ws/events/{eid}") as ws:
        assert ws.receive_json()["code"] == "broken_event"


DAMAGES: dict[str, tuple[Callable[[str], Any], str]] = {
    "options not JSON": (
        lambda e: update(events_t).where(events_t.c.id == e).values(options="{not json"),
        "its options are not valid JSON"),
    "options NaN": (
        lambda e: update(events_t).where(events_t.c.id == e).values(options='{"x": NaN}'),
        "its options are not valid JSON"),
    "options a list": (
        lambda e: update(events_t).where(events_t.c.id == e).values(options="[1]"),
        "its options are not a JSON object"),
    "setup not JSON": (
        lambda e: update(events_t).where(events_t.c.id == e).values(setup='{"people": '),
        "its setup is not valid JSON"),
    "first operation deleted": (
        lambda e: delete(ops_t).where((ops_t.c.event_id == e) & (ops_t.c.n == 0)),
        "operation #1 is missing"),
    "middle operation deleted": (
        lambda e: delete(ops_t).where((ops_t.c.event_id == e) & (ops_t.c.n == 1)),
        "operation #2 is missing"),
    "last operation deleted": (
        lambda e: delete(ops_t).where((ops_t.c.event_id == e) & (ops_t.c.n == 2)),
        "its version 3 does not match the count of its operations (2)"),
    "version moved": (
        lambda e: update(events_t).where(events_t.c.id == e).values(version=9),
        "its version 9 does not match"),
    "operation of nobody": (
        lambda e: update(ops_t).where((ops_t.c.event_id == e) & (ops_t.c.n == 1))
        .values(seat=99),
        "operation #2 is made by participant 99"),
    "login of nobody": (
        lambda e: update(logins_t).where((logins_t.c.event_id == e) & (logins_t.c.who == 0))
        .values(who=99),
        "a login of participant 99"),
    "operation that does not parse": (
        lambda e: update(ops_t).where((ops_t.c.event_id == e) & (ops_t.c.n == 1))
        .values(text="discard @@"),
        "a stored operation does not replay"),
    "operation the rules refuse": (
        lambda e: update(ops_t).where((ops_t.c.event_id == e) & (ops_t.c.n == 1))
        .values(text=f"discard Б-9999 @{T0 + 1}"),
        "a stored operation does not replay"),
}
if not ON_POSTGRESQL:  # PostgreSQL refuses such a value when it is written
    DAMAGES["a seed that is no number"] = (
        lambda e: update(events_t).where(events_t.c.id == e).values(seed="many"),
        "its rows cannot be read (ValueError)")


@pytest.mark.parametrize("kind", list(DAMAGES))
def test_a_damaged_event_is_refused_with_its_reason_and_the_others_start(
        db: Path, clock: Path, kind: str) -> None:
    bad, good, other = _events(db)
    statement, words = DAMAGES[kind]
    _damage(db, statement(bad))
    before = _rows(db, bad)
    with make_client(db) as c:
        _refused(c, bad, words)
        for eid in (good, other):
            assert c.get(f"/api/events/{eid}").json()["version"] == 3
            assert len(view(c, eid)["log"]) > 0
    assert _rows(db, bad) == before  # nothing of it was changed, by the start or the requests


def test_the_store_reads_the_rows_strictly_and_in_russian_too(db: Path, clock: Path) -> None:
    bad, good, _ = _events(db)
    _damage(db, DAMAGES["middle operation deleted"][0](bad))
    store = EventStore(db_url(db))
    try:
        with pytest.raises(Damaged) as e:
            store.load(bad)
        assert e.value.ru == "нет операции №2"
        row = store.load(good)
        assert row is not None and row.version == len(row.ops) == 3
        assert store.load("nosuch") is None
    finally:
        store.close()


def test_the_desk_and_the_backup_refuse_a_damaged_event_with_its_reason(db: Path,
                                                                        clock: Path) -> None:
    from typer.testing import CliRunner

    from koloda.cli import app
    from koloda.server.event.desk import Desk, DeskError

    bad, good, _ = _events(db)
    _damage(db, DAMAGES["version moved"][0](bad))
    store = EventStore(db_url(db))
    try:
        with pytest.raises(DeskError) as e:
            Desk(store, bad)
        assert "its version 9 does not match" in e.value.en and "её версия 9" in e.value.ru
        assert Desk(store, good).state is not None
    finally:
        store.close()
    runner = CliRunner()
    done = runner.invoke(app, ["event", "backup", bad, "--out", str(db.parent / "b.json"),
                               "--db", db_url(db)])
    assert done.exit_code != 0 and "its version 9 does not match" in done.output
    listed = runner.invoke(app, ["event", "list", "--db", db_url(db)])
    assert listed.exit_code == 0 and good in listed.output and bad in listed.output
