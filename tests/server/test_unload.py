"""Idle tables leave memory and come back by replay: a server that runs for a whole event keeps
only the tables in use (``koloda serve --idle-minutes``)."""

from __future__ import annotations

import time
from pathlib import Path

from fastapi.testclient import TestClient

from koloda.server import create_app
from koloda.server.hub import Hub
from tests.server.conftest import auth, db_url, hello, new_table


def _hub(client: TestClient) -> Hub:
    hub: Hub = client.app.state.hub  # type: ignore[attr-defined]
    return hub


def _act_first_legal(client: TestClient, tid: str, tokens: list[str]) -> None:
    for token in tokens:
        view = client.get(f"/api/tables/{tid}/view", headers=auth(token)).json()
        if view["legal"]:
            r = client.post(f"/api/tables/{tid}/act", headers=auth(token),
                            json={"action": view["legal"][0], "version": view["version"]})
            assert r.status_code == 200, r.text
            return
    raise AssertionError("nobody can act")


def test_an_idle_table_is_unloaded_and_replayed_when_asked_for(db: Path) -> None:
    app = create_app(db_url(db), bot_delay=0, fixed_seeds=True, message_rate=1000,
                     idle_minutes=1)
    with TestClient(app) as client:
        t = new_table(client, seed=4, players=2)
        tid, tokens = t["table"], [s["token"] for s in t["seats"]]
        _act_first_legal(client, tid, tokens)
        before = [client.get(f"/api/tables/{tid}/view", headers=auth(tok)).json()
                  for tok in tokens]
        hub = _hub(client)
        assert hub.unload_idle() == []  # used a moment ago
        assert hub.unload_idle(now=time.monotonic() + 61) == [tid]
        assert tid not in hub.rooms
        after = [client.get(f"/api/tables/{tid}/view", headers=auth(tok)).json()
                 for tok in tokens]
        assert after == before
        assert tid in hub.rooms
        _act_first_legal(client, tid, tokens)  # play goes on
        # a socket opens an unloaded table too
        assert hub.unload_idle(now=time.monotonic() + 61) == [tid]
        with client.websocket_connect(f"/ws/{tid}") as ws:
            _welcome, state = hello(ws, tokens[0])
            assert state["version"] == before[0]["version"] + 1
            # a table with someone connected stays, however long it is idle
            assert hub.unload_idle(now=time.monotonic() + 10_000) == []


def test_unknown_and_absurd_table_ids_are_refused_without_loading(db: Path) -> None:
    with TestClient(create_app(db_url(db), bot_delay=0, idle_minutes=1)) as client:
        for tid in ("nosuchtable", "x" * 500):
            r = client.get(f"/api/tables/{tid}")
            assert r.status_code == 404 and r.json()["code"] == "unknown_table"


def test_idle_minutes_zero_never_unloads(db: Path) -> None:
    app = create_app(db_url(db), bot_delay=0, fixed_seeds=True, idle_minutes=0)
    with TestClient(app) as client:
        tid = new_table(client, seed=1, players=2)["table"]
        assert _hub(client).unload_idle(now=time.monotonic() + 10**9) == []
        assert tid in _hub(client).rooms
