"""A hostile or careless client: secret seeds, odd tokens, nested JSON, floods, costly bots.

Each test answers one way a client could learn what its seat may not know, or disturb a table.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from koloda.server import create_app
from koloda.server.store import Store
from tests.server.conftest import auth, db_url, hello, new_table, receive_until


@pytest.fixture
def public(db: Path) -> Iterator[TestClient]:
    """A server as ``koloda serve`` starts it by default (no fixed seeds)."""
    with TestClient(create_app(db_url(db), bot_delay=0)) as c:
        yield c


def test_a_table_seed_cannot_be_chosen_by_default(public: TestClient) -> None:
    """Whoever chose the seed could deal the whole game at home and know every card."""
    r = public.post("/api/tables", json={"game": "toy", "seed": 42})
    assert r.status_code == 400 and r.json()["code"] == "invalid_option"
    assert "seed" in r.json()["message"]
    assert public.post("/api/tables", json={"game": "toy"}).status_code == 201


def test_seeds_are_too_many_to_search(public: TestClient, db: Path) -> None:
    """A seat knowing its own hand must not find the deal by trying every seed: the server's
    seeds carry 63 random bits (2**31 seeds are a few hours of a laptop's time)."""
    seeds = set()
    for _ in range(12):
        t = new_table(public)
        row = Store(db_url(db)).load(t["table"])
        assert row is not None
        seeds.add(row.seed)
    assert len(seeds) == 12 and max(seeds) >= 2**40


def test_tokens_with_any_characters_are_refused_clearly(client: TestClient) -> None:
    t = new_table(client)
    tid = t["table"]
    odd = "\u00e9t\u00e9".encode("latin-1")  # a header value that is not ASCII
    r = client.get(f"/api/tables/{tid}/view", headers={"Authorization": b"Bearer " + odd})
    assert r.status_code == 403 and r.json()["code"] == "bad_token"
    r = client.get(f"/api/tables/{tid}/links", headers={"X-Host-Token": odd})
    assert r.status_code == 403 and r.json()["code"] == "bad_token"
    with client.websocket_connect(f"/ws/{tid}") as ws:
        ws.send_json({"type": "hello", "token": "ключ", "lang": "en"})
        assert ws.receive_json()["code"] == "bad_token"


def test_options_named_like_parameters_are_refused(client: TestClient) -> None:
    for options in ({"players": 3}, {"name": "toy"}):
        r = client.post("/api/tables", json={"game": "toy", "options": options})
        assert r.status_code == 400 and r.json()["code"] == "invalid_option", r.text


def test_deeply_nested_json_is_refused_and_the_connection_stays(client: TestClient) -> None:
    t = new_table(client)
    deep = "[" * 5000 + "]" * 5000
    with client.websocket_connect(f"/ws/{t['table']}") as ws:
        ws.send_text(deep)
        assert ws.receive_json()["code"] == "malformed"
    with client.websocket_connect(f"/ws/{t['table']}") as ws:
        _, s = hello(ws, t["seats"][0]["token"])
        ws.send_text(deep)
        assert receive_until(ws, "error")["code"] == "malformed"
        ws.send_json({"type": "act", "action": s["legal"][0], "version": 0})
        assert receive_until(ws, "ack")["version"] == 1


def test_http_errors_all_have_the_error_shape(client: TestClient) -> None:
    for body in (b"[" * 5000 + b"]" * 5000, b"\xff\xfe{", b"{"):
        r = client.post("/api/tables", content=body, headers={"content-type": "application/json"})
        assert r.status_code == 400 and r.json()["code"] == "malformed", r.text
    r = client.get("/api/nothing-here")
    assert r.status_code == 404 and r.json()["type"] == "error"
    r = client.delete("/api/games")
    assert r.status_code == 405 and r.json()["type"] == "error"


def test_a_flood_is_refused_without_disturbing_the_table(public: TestClient) -> None:
    client = public
    t = new_table(client)
    tid, a, b = t["table"], t["seats"][0]["token"], t["seats"][1]["token"]
    with client.websocket_connect(f"/ws/{tid}") as wa, client.websocket_connect(f"/ws/{tid}") as wb:
        hello(wa, a)
        _, sb = hello(wb, b)
        for i in range(300):
            wa.send_json({"type": "lang", "lang": "ru" if i % 2 else "en", "id": i})
        codes = set()
        while "too_many" not in codes:
            m = wa.receive_json()
            if m["type"] == "error":
                codes.add(m["code"])
        # the other seat is served as before
        wb.send_json({"type": "act", "action": sb["legal"][0], "version": 0})
        assert receive_until(wb, "ack")["version"] == 1


def test_bots_that_would_think_for_ever_are_refused(client: TestClient) -> None:
    """The table waits for its bot: a budget of an hour would stall the table for an hour."""
    for bot in ("bot:ismcts:3600s", "bot:ismcts:100000000", "bot:ismcts:budget=3600s",
                "bot:ismcts:budget=100000000", "bot:ismcts:exploration=1:budget=11s"):
        r = client.post("/api/tables", json={
            "game": "toy", "seats": [{"kind": "human"}, {"kind": "bot", "bot": bot}]})
        assert r.status_code == 400 and r.json()["code"] == "invalid_option", r.text
        assert "бот здесь думает над ходом не больше 10 с или 20\xa0000 итераций" in \
            r.json()["message_ru"]
    for bot in ("bot:ismcts:1s", "bot:ismcts:budget=10s", "bot:ismcts:budget=20000"):
        r = client.post("/api/tables", json={
            "game": "toy", "seats": [{"kind": "human"}, {"kind": "bot", "bot": bot}]})
        assert r.status_code == 201, r.text
    r = client.post("/api/tables", json={"game": "duel", "seats": [
        {"kind": "human"}, {"kind": "bot", "bot": "bot:solver:samples=1000000"}]})
    assert r.status_code == 400 and r.json()["code"] == "invalid_option", r.text


def test_a_table_that_fails_to_restore_does_not_stop_the_server(
    db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from koloda.server.room import Room

    with TestClient(create_app(db_url(db), bot_delay=0, fixed_seeds=True)) as c:
        bad = new_table(c)["table"]
        good = new_table(c)["table"]
    real = Room.rebuild

    def rebuild(row: Any) -> Any:  # a game whose code now fails on this table's record
        if row.id == bad:
            raise KeyError("a04")
        return real(row)

    monkeypatch.setattr(Room, "rebuild", staticmethod(rebuild))
    with TestClient(create_app(db_url(db), bot_delay=0)) as c:
        assert c.get(f"/api/tables/{good}").status_code == 200
        r = c.get(f"/api/tables/{bad}")
        assert r.status_code == 409 and r.json()["code"] == "broken_table"
        assert "cannot be replayed" in r.json()["reason"] and r.json()["reason_ru"]
        assert "a04" not in r.text  # the failure's text could name a card


def test_an_act_by_http_hits_the_database_before_the_ack(client: TestClient, db: Path) -> None:
    t = new_table(client, seed=4)
    tid, a = t["table"], t["seats"][0]["token"]
    v = client.get(f"/api/tables/{tid}/view", headers=auth(a)).json()
    r = client.post(f"/api/tables/{tid}/act", headers=auth(a),
                    json={"action": v["legal"][0], "version": 0})
    assert r.json()["version"] == 1
    row = Store(db_url(db)).load(tid)
    assert row is not None and row.version == 1 and row.actions == [(0, v["legal"][0])]


def test_a_game_that_fails_while_applying_changes_nothing(
    client: TestClient, db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A bug in a game's rules (an exception other than IllegalAction, after the state may have
    changed half-way) must leave neither a stored action nor a half-changed state."""
    from tests.engine.toy import ToyState

    t = new_table(client, seed=2)
    tid, a = t["table"], t["seats"][0]["token"]
    real = ToyState._apply

    def half_then_fail(self: Any, seat: int, action: Any) -> None:
        self.events.append(self.events[0])  # a change half-way, then the bug
        raise ZeroDivisionError("a04")

    with client.websocket_connect(f"/ws/{tid}") as ws:
        _, s = hello(ws, a)
        monkeypatch.setattr(ToyState, "_apply", half_then_fail)
        ws.send_json({"type": "act", "action": s["legal"][0], "version": 0, "id": 1})
        err = receive_until(ws, "error")
        assert err["code"] == "internal" and "a04" not in err["message"]
        monkeypatch.setattr(ToyState, "_apply", real)
        row = Store(db_url(db)).load(tid)
        assert row is not None and row.actions == [] and row.version == 0
        view = client.get(f"/api/tables/{tid}/view", headers=auth(a)).json()
        assert view["version"] == 0 and view["log"] == s["log"]
        ws.send_json({"type": "act", "action": s["legal"][0], "version": 0, "id": 2})
        assert receive_until(ws, "ack")["version"] == 1


def test_a_seat_acts_once_per_step_never_ahead_and_never_after_the_end(
    client: TestClient, db: Path
) -> None:
    t = new_table(client, seed=2)
    tid, a, b = t["table"], t["seats"][0]["token"], t["seats"][1]["token"]
    url = f"/api/tables/{tid}/act"
    va = client.get(f"/api/tables/{tid}/view", headers=auth(a)).json()
    r = client.post(url, headers=auth(a), json={"action": va["legal"][0], "version": 5})
    assert r.status_code == 409 and r.json()["code"] == "stale_version"  # a future version
    assert client.post(url, headers=auth(a), json={"action": va["legal"][0], "version": 0}
                       ).status_code == 200
    # the same seat again in the same simultaneous step
    r = client.post(url, headers=auth(a), json={"action": va["legal"][1], "version": 1})
    assert r.status_code == 422 and r.json()["code"] == "illegal_action"
    while True:
        for tok in (a, b):
            v = client.get(f"/api/tables/{tid}/view", headers=auth(tok)).json()
            if v["legal"]:
                client.post(url, headers=auth(tok), json={"action": v["legal"][0],
                                                          "version": v["version"]})
        if v["finished"]:
            break
    for tok in (a, b):
        r = client.post(url, headers=auth(tok), json={"action": va["legal"][0],
                                                      "version": v["version"]})
        assert r.status_code == 422 and r.json()["code"] == "illegal_action"
    row = Store(db_url(db)).load(tid)
    assert row is not None and row.version == v["version"] == len(row.actions)


def test_connections_per_seat_are_limited(client: TestClient) -> None:
    from koloda.server.app import MAX_SEAT_CONNECTIONS

    t = new_table(client, seed=2)
    tid, a, b = t["table"], t["seats"][0]["token"], t["seats"][1]["token"]
    opened = []
    try:
        for _ in range(MAX_SEAT_CONNECTIONS):
            ws = client.websocket_connect(f"/ws/{tid}").__enter__()
            opened.append(ws)
            hello(ws, a)
        with client.websocket_connect(f"/ws/{tid}") as extra:
            extra.send_json({"type": "hello", "token": a, "lang": "en"})
            assert extra.receive_json()["code"] == "too_many"
        with client.websocket_connect(f"/ws/{tid}") as other:  # another seat is not affected
            _, s = hello(other, b)
            other.send_json({"type": "act", "action": s["legal"][0], "version": 0})
            assert receive_until(other, "ack")["version"] == 1
    finally:
        for ws in opened:
            ws.__exit__(None, None, None)


def test_a_storage_failure_when_creating_a_table_is_a_clear_error(client: TestClient) -> None:
    store = client.app.state.hub.store  # type: ignore[attr-defined]
    real = store.create_table

    def broken(*args: Any, **kwargs: Any) -> None:
        raise OSError("disk full")

    store.create_table = broken
    try:
        r = client.post("/api/tables", json={"game": "toy"})
        assert r.status_code == 503 and r.json()["code"] == "storage"
    finally:
        store.create_table = real
    assert client.post("/api/tables", json={"game": "toy"}).status_code == 201


def test_pages_allow_scripts_from_this_server_only_and_no_framing(client: TestClient) -> None:
    for path in ("/", "/t/anything"):
        r = client.get(path)
        csp = r.headers.get("content-security-policy", "")
        assert "script-src 'self'" in csp and "frame-ancestors 'none'" in csp
        assert r.headers.get("referrer-policy") == "no-referrer"
