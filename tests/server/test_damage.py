"""A careless operator's database: damaged or deleted rows and stored games of other rules.

Each damaged table is refused with its reason (in the API, in both languages) while every other
table starts as usual; nothing of a damaged table is changed.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import delete, update

from koloda.engine import GameRecord, get_spec
from koloda.engine import game as game_module
from koloda.engine import record as record_module
from koloda.server import create_app
from koloda.server.store import Store, actions_t, matches_t, seats_t, tables_t
from tests.server.conftest import auth, db_url, new_table, receive_until


def _play(c: TestClient, tid: str, tokens: list[str], moves: int) -> None:
    """``moves`` actions, each by a seat that must act (its first legal action)."""
    for _ in range(moves):
        for tok in tokens:
            v = c.get(f"/api/tables/{tid}/view", headers=auth(tok)).json()
            if v["legal"]:
                r = c.post(f"/api/tables/{tid}/act", headers=auth(tok),
                           json={"action": v["legal"][0], "version": v["version"]})
                assert r.status_code == 200, r.text
                break


def _three_tables(db: Path) -> tuple[str, str, str, list[list[str]]]:
    """Three toy tables with four actions each."""
    ids, tokens = [], []
    with TestClient(create_app(db_url(db), bot_delay=0, fixed_seeds=True,
                               message_rate=1000)) as c:
        for seed in (1, 2, 3):
            t = new_table(c, seed=seed)
            toks = [s["token"] for s in t["seats"]]
            _play(c, t["table"], toks, 4)
            ids.append(t["table"])
            tokens.append(toks)
    return ids[0], ids[1], ids[2], tokens


def _damage(db: Path, statement: Any) -> None:
    store = Store(db_url(db))
    with store.engine.begin() as conn:
        conn.execute(statement)
    store.close()


def _start(db: Path) -> Iterator[TestClient]:
    with TestClient(create_app(db_url(db), bot_delay=0, message_rate=1000)) as c:
        yield c


def _refused(c: TestClient, tid: str, words: str) -> None:
    r = c.get(f"/api/tables/{tid}")
    assert r.status_code == 409, r.text
    body = r.json()
    assert body["code"] == "broken_table"
    assert words in body["reason"], body
    assert body["reason_ru"] and body["message_ru"].startswith("стол")
    # the WebSocket and the page say the same
    with c.websocket_connect(f"/ws/{tid}") as ws:
        assert ws.receive_json()["code"] == "broken_table"


def _ok(c: TestClient, tid: str, version: int) -> None:
    r = c.get(f"/api/tables/{tid}")
    assert r.status_code == 200, r.text
    assert r.json()["version"] == version


DAMAGES: dict[str, tuple[Callable[[str], Any], str]] = {
    "options not JSON": (
        lambda t: update(tables_t).where(tables_t.c.id == t).values(options="{not json"),
        "options are not valid JSON"),
    "options NaN": (
        lambda t: update(tables_t).where(tables_t.c.id == t).values(options='{"x": NaN}'),
        "options are not valid JSON"),
    "options a list": (
        lambda t: update(tables_t).where(tables_t.c.id == t).values(options="[1]"),
        "not a JSON object"),
    "seat row missing": (
        lambda t: delete(seats_t).where((seats_t.c.table_id == t) & (seats_t.c.seat == 1)),
        "seat rows"),
    "current match row missing": (
        lambda t: delete(matches_t).where(matches_t.c.table_id == t),
        "match rows"),
    "seat kind unknown": (
        lambda t: update(seats_t).where(seats_t.c.table_id == t).values(kind="alien"),
        "neither a person nor a bot"),
    "first action deleted": (
        lambda t: delete(actions_t).where((actions_t.c.table_id == t) & (actions_t.c.n == 0)),
        "action #1 of match 1 is missing"),
    "middle action deleted": (
        lambda t: delete(actions_t).where((actions_t.c.table_id == t) & (actions_t.c.n == 2)),
        "action #3 of match 1 is missing"),
    "last action deleted": (
        lambda t: delete(actions_t).where((actions_t.c.table_id == t) & (actions_t.c.n == 3)),
        "does not match its history"),
    "version moved": (
        lambda t: update(tables_t).where(tables_t.c.id == t).values(version=99),
        "does not match its history"),
    "action version wrong": (
        lambda t: update(actions_t).where((actions_t.c.table_id == t) & (actions_t.c.n == 1))
        .values(version=7),
        "carries version 7"),
    "action refused by the rules": (
        lambda t: update(actions_t).where((actions_t.c.table_id == t) & (actions_t.c.n == 1))
        .values(text="play 99"),
        "does not replay"),
    "action of a seat that does not exist": (
        lambda t: update(actions_t).where((actions_t.c.table_id == t) & (actions_t.c.n == 1))
        .values(seat=9),
        "does not replay"),
}


@pytest.mark.parametrize("kind", list(DAMAGES))
def test_a_damaged_table_is_refused_with_its_reason_and_the_others_start(
    db: Path, kind: str
) -> None:
    bad, good, other, _ = _three_tables(db)
    statement, words = DAMAGES[kind]
    _damage(db, statement(bad))
    for c in _start(db):
        _refused(c, bad, words)
        _ok(c, good, 4)
        _ok(c, other, 4)


def test_a_damaged_table_unloaded_then_asked_for_is_refused(db: Path) -> None:
    """Damage done while the server runs is found when the table is next loaded."""
    bad, good, _, _ = _three_tables(db)
    with TestClient(create_app(db_url(db), bot_delay=0, idle_minutes=30)) as c:
        hub = c.app.state.hub  # type: ignore[attr-defined]
        hub.unload_idle(now=1e18)
        _damage(db, delete(actions_t).where((actions_t.c.table_id == bad) & (actions_t.c.n == 1)))
        _refused(c, bad, "action #2 of match 1 is missing")
        _ok(c, good, 4)


def test_deletions_in_an_earlier_match_are_found(db: Path) -> None:
    """The action rows of every match are checked, not only the current match's."""
    with TestClient(create_app(db_url(db), bot_delay=0, fixed_seeds=True,
                               message_rate=1000)) as c:
        t = new_table(c, seed=5, options={"tricks": 1})
        tid, toks = t["table"], [s["token"] for s in t["seats"]]
        _play(c, tid, toks, 2)
        assert c.get(f"/api/tables/{tid}").json()["finished"]
        for tok in toks:  # a new match starts once every person has asked for it
            assert c.post(f"/api/tables/{tid}/again", headers=auth(tok)).status_code == 200
        _play(c, tid, toks, 1)
        assert c.get(f"/api/tables/{tid}").json()["version"] == 4
    _damage(db, delete(actions_t).where((actions_t.c.table_id == tid) & (actions_t.c.match == 0)
                                        & (actions_t.c.n == 1)))
    for c in _start(db):
        _refused(c, tid, "carries version")


def test_a_refused_table_keeps_its_rows(db: Path) -> None:
    bad, _, _, _ = _three_tables(db)
    _damage(db, DAMAGES["middle action deleted"][0](bad))
    before = Store(db_url(db)).engine.connect().execute(
        actions_t.select().where(actions_t.c.table_id == bad)).all()
    for c in _start(db):
        _refused(c, bad, "missing")
    after = Store(db_url(db)).engine.connect().execute(
        actions_t.select().where(actions_t.c.table_id == bad)).all()
    assert [tuple(r)[:6] for r in before] == [tuple(r)[:6] for r in after]


# --- rules versions -----------------------------------------------------------------------------


@pytest.fixture
def toy_v2(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The toy game's rules bumped to version 2 (as a release that changed a rule would)."""
    spec = get_spec("toy")
    monkeypatch.setitem(game_module._REGISTRY, "toy",
                        dataclasses.replace(spec, rules_version=2))
    yield


def test_tables_store_their_rules_version(client: TestClient, db: Path) -> None:
    t = new_table(client, seed=1)
    assert t["info"]["rules_version"] == get_spec("toy").rules_version == 1
    row = Store(db_url(db)).load(t["table"])
    assert row is not None and row.rules_version == 1


def test_a_game_of_other_rules_opens_read_only_with_a_clear_message(
    db: Path, toy_v2: None
) -> None:
    tid, toks = _three_tables_v1(db)
    for c in _start(db):
        info = c.get(f"/api/tables/{tid}").json()
        assert info["version"] == 4 and "version 1" in info["read_only"]
        assert "version 2" in info["read_only"]
        assert "версии 1" in c.get(f"/api/tables/{tid}?lang=ru").json()["read_only"]
        view = c.get(f"/api/tables/{tid}/view", headers=auth(toks[0])).json()
        r = c.post(f"/api/tables/{tid}/act", headers=auth(toks[0]),
                   json={"action": (view["legal"] or ["play 1"])[0], "version": 4})
        assert r.status_code == 409 and r.json()["code"] == "read_only"
        assert "version 1" in r.json()["message"] and r.json()["message_ru"]
        with c.websocket_connect(f"/ws/{tid}") as ws:
            ws.send_json({"type": "hello", "token": toks[0], "lang": "en"})
            assert ws.receive_json()["table"]["read_only"]
            ws.receive_json()
            ws.send_json({"type": "name", "name": "Ann"})
            assert receive_until(ws, "error")["code"] == "read_only"
    row = Store(db_url(db)).load(tid)
    assert row is not None and row.rules_version == 1 and row.version == 4  # unchanged


def _three_tables_v1(db: Path) -> tuple[str, list[str]]:
    """A toy table of four actions stored under rules version 1 (the fixture bumps the
    installed rules after it was stored)."""
    spec = get_spec("toy")
    saved = game_module._REGISTRY["toy"]
    game_module._REGISTRY["toy"] = dataclasses.replace(spec, rules_version=1)
    try:
        with TestClient(create_app(db_url(db), bot_delay=0, fixed_seeds=True,
                                   message_rate=1000)) as c:
            t = new_table(c, seed=1)
            toks = [s["token"] for s in t["seats"]]
            _play(c, t["table"], toks, 4)
    finally:
        game_module._REGISTRY["toy"] = saved
    return t["table"], toks


def test_a_game_of_other_rules_is_migrated_by_a_written_step(
    db: Path, toy_v2: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    tid, toks = _three_tables_v1(db)
    steps: list[int] = []

    def step(record: GameRecord) -> GameRecord:  # version 2 spells the actions the same
        steps.append(len(record.actions))
        return record

    monkeypatch.setitem(record_module._MIGRATIONS, ("toy", 1), step)
    for c in _start(db):
        info = c.get(f"/api/tables/{tid}").json()
        assert info["read_only"] is None and info["rules_version"] == 2
        _play(c, tid, toks, 1)
        assert c.get(f"/api/tables/{tid}").json()["version"] == 5
    assert steps == [4]
    row = Store(db_url(db)).load(tid)
    assert row is not None and row.rules_version == 2


def test_replay_refuses_a_record_of_other_rules(toy_v2: None) -> None:
    from koloda.engine import replay
    from koloda.engine.record import RulesChanged, migrate

    record = GameRecord(game="toy", players=2, seed=1, rules_version=1)
    with pytest.raises(RulesChanged, match="rules version 1"):
        replay(record)
    with pytest.raises(RulesChanged):
        migrate(record)
    assert replay(record, any_rules=True).players == 2
    assert replay(dataclasses.replace(record, rules_version=2)).players == 2


def test_records_carry_their_rules_version(toy_v2: None) -> None:
    """A record written by ``record_of`` (the CLI's, the simulator's, an event's exports) names
    the rules it was played under, and keeps it through its JSON form."""
    from koloda.engine import load_game, record_of, replay

    for name in ("duel", "nevermore", "gwent", "toy"):
        game = load_game(name)
        record = record_of(game, game.new(seed=1))
        assert record.rules_version == get_spec(name).rules_version
        again = GameRecord.from_json(record.to_json())
        assert again.rules_version == record.rules_version
        replay(again)
    assert record.rules_version == 2  # the toy's rules, bumped by the fixture
